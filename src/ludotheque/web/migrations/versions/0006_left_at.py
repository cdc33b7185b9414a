"""Where each leaver's stand-in took over (`tables.left_at`, a JSON list of [seat, event
index]): the log names the bot from there on, and the person before.

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
    op.add_column("tables", sa.Column("left_at", sa.JSON))


def downgrade() -> None:
    op.drop_column("tables", "left_at")
