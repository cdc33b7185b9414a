"""`ludotheque worker`: computes the bots' moves of every server sharing one database.

The transaction that brings a table to a bot's turn (a move, the table starting) also
writes a job row (table, move index, seat, level), so a server dying right after it
leaves no bot's turn unasked. A worker leases a job for `lease` seconds, brings the table
up to date from the database (rebuilt the first time, only the new moves after that),
asks the bot (from `view(seat)` and the legal moves only, see botwork.py) and plays the
move through the server's own move path (`Master.play`: same checks, same unique (table,
index) row, same announcement on the broker). The move's row, the job's deletion and
the next bot's job are one transaction. A worker that dies mid-thought just lets its
lease run out: another worker (or the same one, restarted) takes the job again. A job
whose move was already made (a person came back, another worker was faster) is dropped.

A worker runs no turn timer: the servers holding a table count its people's turns
(to the deadline stored with each move, this worker's too) and time them out.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket

from ludotheque.web import botwork
from ludotheque.web.broker import make_broker
from ludotheque.web.db import Storage
from ludotheque.web.master import Master
from ludotheque.web.refusals import Refused

log = logging.getLogger("ludotheque.web")

IDLE = 0.05  # seconds between two looks at an empty job list
RETRY = 0.5  # seconds after a job that failed (the database away)
KEEP = 1000  # tables kept in memory between two of their bots' moves


async def work(database: str, broker_url: str | None, lease: float = 15.0,
               bot_delay: float = 0.6, stop: asyncio.Event | None = None) -> None:
    storage = Storage(database)
    master = Master(storage, bot_delay=0.0, broker=make_broker(broker_url), bot_jobs=True,
                    turn_timers=False)
    name = f"{socket.gethostname()}:{os.getpid()}"
    loop = asyncio.get_running_loop()
    try:
        while stop is None or not stop.is_set():
            try:
                job = await loop.run_in_executor(None, storage.lease_bot_job, name, lease)
            except Exception:  # noqa: BLE001 - the database away: a worker waits, never dies
                log.exception("could not look for bot jobs")
                await asyncio.sleep(RETRY)
                continue
            if job is None:
                await asyncio.sleep(IDLE)
                continue
            try:
                await _one(master, loop, *job, bot_delay=bot_delay)
            except Exception:  # noqa: BLE001 - the database away: the lease runs out and
                log.exception("bot job %s failed", job)  # the job is taken again
                if (held := master.tables.get(job[0])) is not None:
                    master.forget(held)
                await asyncio.sleep(RETRY)
    finally:
        await master.close()
        storage.close()


async def _one(master: Master, loop: asyncio.AbstractEventLoop, table_id: str, idx: int,
               seat: int, level: str, bot_delay: float) -> None:
    live = master.tables.get(table_id)
    if live is None:
        if len(master.tables) >= KEEP:
            for held in list(master.tables.values()):
                master.forget(held)
        live = await master.get(table_id)
    else:  # other servers moved on: only the moves after the last one held are read
        async with live.lock:
            await master.refresh(live)
    if live is None or live.moves != idx or live.to_act() != seat \
            or live.bot_level(seat) is None:  # a stand-in's person came back
        await loop.run_in_executor(None, master.storage.drop_bot_job, table_id, idx)
        return
    if bot_delay > 0:
        await asyncio.sleep(bot_delay)
    view = live.match.view(seat)
    legal = live.match.legal_actions()
    action = await loop.run_in_executor(None, botwork.choose, live.row.game, level, view,
                                        legal, live.bot_seed())
    try:
        await master.play(live, seat, [action], idx)
    except Refused as refused:
        log.info("bot move refused at table %s: %s", table_id, refused.code)
        await loop.run_in_executor(None, master.storage.drop_bot_job, table_id, idx)
    if live.match.is_over():
        master.forget(live)


def run(database: str, broker: str | None, lease: float, bot_delay: float) -> None:
    try:
        asyncio.run(work(database, broker, lease=lease, bot_delay=bot_delay))
    except KeyboardInterrupt:
        pass
