"""Bot jobs: a bot's move to compute, leased by one worker at a time.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_jobs",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("level", sa.String(8), nullable=False),
        sa.Column("lease_until", sa.Float, nullable=False),
        sa.Column("worker", sa.String(64)),
    )


def downgrade() -> None:
    op.drop_table("bot_jobs")
