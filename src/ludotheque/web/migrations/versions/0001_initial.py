"""The web table's first schema (issue 13): tables, seats, moves, chat.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True)),
        sa.Column("turn_timer", sa.Float),
        sa.Column("invite", sa.String(64), nullable=False, unique=True),
        sa.Column("spectator", sa.String(64), nullable=False, unique=True),
        sa.Column("rematch_of", sa.String(32)),
        sa.Column("rematch", sa.String(32)),
        sa.Column("result", sa.JSON),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(8)),
        sa.Column("name", sa.String(64)),
        sa.Column("token", sa.String(64), unique=True),
        sa.Column("taken", sa.Boolean, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
                  index=True),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for name in ("chat", "moves", "seats", "tables"):
        op.drop_table(name)
