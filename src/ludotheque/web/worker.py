"""`ludotheque worker`: computes the bots' moves of every server sharing one database.

A server that sees a bot to act writes a job row (table, move index, seat, level). A
worker leases a job for `lease` seconds, rebuilds the table from the database, asks the
bot (from `view(seat)` and the legal moves only, see botwork.py) and plays the move
through the server's own move path (`Master.play`: same checks, same unique (table,
index) row, same announcement on the broker). The move's row and the job's deletion are
one transaction. A worker that dies mid-thought just lets its lease run out: another
worker (or the same one, restarted) takes the job again. A job whose move was already
made (a person came back, another worker was faster) is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket

from ludotheque.web import botwork
from ludotheque.web.broker import make_broker
from ludotheque.web.db import Storage
from ludotheque.web.master import Master, Refused

log = logging.getLogger("ludotheque.web")

IDLE = 0.05  # seconds between two looks at an empty job list


async def work(database: str, broker_url: str | None, lease: float = 15.0,
               bot_delay: float = 0.6, stop: asyncio.Event | None = None) -> None:
    storage = Storage(database)
    master = Master(storage, bot_delay=0.0, broker=make_broker(broker_url), bot_jobs=True)
    name = f"{socket.gethostname()}:{os.getpid()}"
    loop = asyncio.get_running_loop()
    try:
        while stop is None or not stop.is_set():
            job = await loop.run_in_executor(None, storage.lease_bot_job, name, lease)
            if job is None:
                await asyncio.sleep(IDLE)
                continue
            await _one(master, loop, *job, bot_delay=bot_delay)
    finally:
        await master.close()
        storage.close()


async def _one(master: Master, loop: asyncio.AbstractEventLoop, table_id: str, idx: int,
               seat: int, level: str, bot_delay: float) -> None:
    master.tables.pop(table_id, None)  # always from the database: other servers moved on
    live = await master.get(table_id)
    if live is None or live.moves != idx or live.to_act() != seat \
            or live.row.seats[seat].kind != "bot":
        master.storage.drop_bot_job(table_id, idx)
        return
    if bot_delay > 0:
        await asyncio.sleep(bot_delay)
    view = live.match.view(seat)
    legal = live.match.legal_actions()
    seed = random.SystemRandom().randrange(2**63)
    action = await loop.run_in_executor(None, botwork.choose, live.row.game, level, view,
                                        legal, seed)
    try:
        await master.play(live, seat, [action], idx)
    except Refused as refused:
        log.info("bot move refused at table %s: %s", table_id, refused.code)
        master.storage.drop_bot_job(table_id, idx)
    master.tables.pop(table_id, None)


def run(database: str, broker: str | None, lease: float, bot_delay: float) -> None:
    try:
        asyncio.run(work(database, broker, lease=lease, bot_delay=bot_delay))
    except KeyboardInterrupt:
        pass
