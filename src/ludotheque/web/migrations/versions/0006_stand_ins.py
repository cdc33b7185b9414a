"""Where a bot played for a person (`tables.stand_ins`, a JSON list of [seat, first event,
end or null]: `core.stand_ins`): the log, the record and the replay name the bot there,
the person around it.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("stand_ins", sa.JSON))


def downgrade() -> None:
    op.drop_column("tables", "stand_ins")
