"""One person per name at a table, enforced by the database: each seat's `name_key` (its
name as people would compare it: case, width and spaces aside) under a unique index per
table, so two joins at once (on one server or two) cannot seat "Ann" and "ANN".

Existing seats get their key; should an older table already hold two seats with the same
key (a race this index now prevents), the lowest seat keeps it and the others none.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ludotheque.web.db import name_key

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("name_key", sa.Text))
    seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                     sa.column("name", sa.String), sa.column("name_key", sa.Text))
    conn = op.get_bind()
    keys: set[tuple[str, str]] = set()
    for row in conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.name)
                            .where(seats.c.name.is_not(None))
                            .order_by(seats.c.table_id, seats.c.seat)):
        key = (row.table_id, name_key(row.name))
        if key in keys:
            continue
        keys.add(key)
        conn.execute(sa.update(seats).where(seats.c.table_id == row.table_id,
                                            seats.c.seat == row.seat).values(name_key=key[1]))
    op.create_index("ix_seats_table_name_key", "seats", ["table_id", "name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_seats_table_name_key", "seats")
    op.drop_column("seats", "name_key")
