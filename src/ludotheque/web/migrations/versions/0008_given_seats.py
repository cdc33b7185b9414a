"""A rematch's seat given away (to anyone by the invite, or to a bot) keeps the token it was
kept with in `given_token`: that token sits nobody, but its person's link still finds the
table, and is told the seat was given (with the rematch's public link to watch).

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("given_token", sa.String(64)))
    op.create_index("ix_seats_given_token", "seats", ["given_token"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_seats_given_token", "seats")
    op.drop_column("seats", "given_token")
