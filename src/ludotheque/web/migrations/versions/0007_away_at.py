"""Where each absence's stand-in played (`tables.away_at`, a JSON list of [seat, first
event, end or null]: `core.stand_ins`): the log names the bot there, the person around.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("away_at", sa.JSON))


def downgrade() -> None:
    op.drop_column("tables", "away_at")
