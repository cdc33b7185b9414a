"""The seats whose person left the table for good (`tables.left_seats`, a JSON list like
`absent`): a bot plays for them to the end and their token can no longer act.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("left_seats", sa.JSON))


def downgrade() -> None:
    op.drop_column("tables", "left_seats")
