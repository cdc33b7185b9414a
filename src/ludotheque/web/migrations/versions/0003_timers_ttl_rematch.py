"""Turn-timer deadlines and absent seats kept in the database (they survive a restart and
every server reads the same ones), the last time someone sat down (waiting tables are
closed after a while), and at most one rematch per table (a unique index on `rematch_of`:
two servers asked at once cannot both create one).

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("deadline", sa.Float))
    op.add_column("tables", sa.Column("deadline_move", sa.Integer))
    op.add_column("tables", sa.Column("absent", sa.JSON))
    op.add_column("tables", sa.Column("activity", sa.DateTime(timezone=True)))
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"], unique=True)
    op.create_index("ix_tables_status_activity", "tables", ["status", "activity"])


def downgrade() -> None:
    op.drop_index("ix_tables_status_activity", "tables")
    op.drop_index("ix_tables_rematch_of", "tables")
    for name in ("activity", "absent", "deadline_move", "deadline"):
        op.drop_column("tables", name)
