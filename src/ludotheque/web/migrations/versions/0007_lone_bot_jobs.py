"""A job row for each game an older version left at a bot's (or a stand-in's) turn. A lone
server now writes one with the move that reaches that turn, as several servers always
did: that row is how a server starting knows the table runs by itself (`tables_to_resume`).
A SQLite file of an older lone server has none, so those games would wait for someone to
open their links; each gets its job here. A game with a turn timer needs none (it is
resumed for its timer); a table of people alone, none away, has no bot to ask for.

No schema change: the revision marks the databases whose jobs are complete.

Revision ID: 0007
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# the columns read here, as they are at revision 0006 (not the head's tables: a later
# column must not break this step)
tables = sa.table("tables", sa.column("id", sa.String), sa.column("game", sa.String),
                  sa.column("players", sa.Integer), sa.column("options", sa.JSON),
                  sa.column("seed", sa.BigInteger), sa.column("status", sa.String),
                  sa.column("turn_timer", sa.Float), sa.column("absent", sa.JSON),
                  sa.column("left_seats", sa.JSON))
seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                 sa.column("kind", sa.String), sa.column("level", sa.String))
moves = sa.table("moves", sa.column("table_id", sa.String), sa.column("idx", sa.Integer),
                 sa.column("action", sa.String))
bot_jobs = sa.table("bot_jobs", sa.column("table_id", sa.String), sa.column("idx", sa.Integer),
                    sa.column("seat", sa.Integer), sa.column("level", sa.String),
                    sa.column("lease_until", sa.Float))


def upgrade() -> None:
    from ludotheque.web.db import SeatRow, TableRow
    from ludotheque.web.live import due_bot_job

    conn = op.get_bind()
    asked = {(r.table_id, r.idx) for r in conn.execute(sa.select(bot_jobs.c.table_id,
                                                                 bot_jobs.c.idx))}
    for row in conn.execute(sa.select(tables).where(tables.c.status == "playing",
                                                    tables.c.turn_timer.is_(None))).all():
        seat_rows = [SeatRow(seat=s.seat, kind=s.kind, level=s.level, name=None, token=None,
                             taken=True)
                     for s in conn.execute(sa.select(seats).where(seats.c.table_id == row.id)
                                           .order_by(seats.c.seat))]
        if not row.absent and not row.left_seats and all(s.kind == "human" for s in seat_rows):
            continue
        actions = list(conn.execute(sa.select(moves.c.action).where(moves.c.table_id == row.id)
                                    .order_by(moves.c.idx)).scalars())
        stored = TableRow(id=row.id, game=row.game, players=row.players,
                          options=dict(row.options), seed=row.seed, status=row.status,
                          created=None, turn_timer=None, invite="", spectator="",
                          seats=seat_rows, absent=list(row.absent or []),
                          left=list(row.left_seats or []))
        try:
            job = due_bot_job(stored, actions)
        except Exception:  # noqa: BLE001 - one table that no longer replays stops no upgrade
            logging.getLogger("ludotheque.web").exception("table %s not replayed", row.id)
            continue
        if job is not None and (row.id, len(actions)) not in asked:
            conn.execute(sa.insert(bot_jobs).values(table_id=row.id, idx=len(actions),
                                                    seat=job[0], level=job[1],
                                                    lease_until=0.0))


def downgrade() -> None:
    pass  # the rows are what every version writes
