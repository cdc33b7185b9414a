"""`ludotheque prune` on PostgreSQL (the several servers' database): old finished games and
closed tables go in batches with every row they held; tables in play, waiting, or recent
stay. (The run beside a real server, and the links afterwards: tests/web/test_prune.py.)"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import secrets
import threading

from sqlalchemy import func, select, update

from ludotheque.web.broker import RedisBroker
from ludotheque.web.db import SeatRow, Storage, TableRow, chat, moves, now, seats, tables
from ludotheque.web.live import Conn
from ludotheque.web.master import Master
from play import DEADLINE
from test_scale_catch_up import _collect
from tests.test_cli import invoke

OLD = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)


def stored_table(storage: Storage, status: str, rematch_of: str | None = None) -> str:
    """A table of two people with three moves and a chat line, left in `status`."""
    table_id = secrets.token_urlsafe(8)
    storage.create_table(TableRow(
        id=table_id, game="diciassette", players=2, options={}, seed=1, status="playing",
        created=now(), turn_timer=None, invite=secrets.token_urlsafe(12),
        spectator=secrets.token_urlsafe(12), rematch_of=rematch_of,
        seats=[SeatRow(seat=s, kind="human", level=None, name=f"P{s}",
                       token=secrets.token_urlsafe(12), taken=True) for s in (0, 1)]))
    storage.add_moves(table_id, 0, 0, ["a", "b", "c"])
    storage.add_chat(table_id, 0, "P0", "hello")
    if status != "playing":
        storage.set_status(table_id, status)
    return table_id


def test_prune_on_postgresql_in_batches(postgres):
    storage = Storage(postgres)
    try:
        old = [stored_table(storage, "over") for _ in range(5)]
        closed = stored_table(storage, "closed")
        rematch = stored_table(storage, "playing", rematch_of=old[0])
        in_play, recent = stored_table(storage, "playing"), stored_table(storage, "over")
        with storage.engine.begin() as conn:  # years later (a table in play never ends)
            conn.execute(update(tables).where(tables.c.id.in_([*old, closed, in_play]))
                         .values(finished=OLD, created=OLD, activity=OLD))
        looked = invoke(["prune", "--database", postgres, "--dry-run", "--lang", "en",
                         "--finished-before", "3650d", "--closed-before", "3650d"])
        assert looked.exit_code == 0, looked.text
        assert "Would remove from postgresql" in looked.flat
        assert ": 5 " in looked.flat and ": 1 " in looked.flat and "moves: 18;" in looked.flat
        cut = now() - dt.timedelta(days=3650)
        pruned = storage.prune(cut, cut, batch=2)
        assert (pruned.games, pruned.closed, pruned.moves, pruned.chat) == (5, 1, 18, 6)
        with storage.engine.connect() as conn:
            for held, column in ((tables, tables.c.id), (seats, seats.c.table_id),
                                 (moves, moves.c.table_id), (chat, chat.c.table_id)):
                left = conn.execute(select(func.count()).select_from(held).where(
                    column.in_([*old, closed]))).scalar_one()
                assert left == 0, held.name
        for table_id in (rematch, in_play, recent):
            assert storage.count_moves(table_id) == 3
        assert storage.get_table(rematch).rematch_of is None
    finally:
        storage.close()


class HeldRowStorage(Storage):
    """The real storage, but the next read of table `held`'s row waits for `release`."""

    held: str | None = None

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.reading, self.release = threading.Event(), threading.Event()

    def get_table(self, table_id: str):
        if table_id == self.held:
            self.held = None
            self.reading.set()
            self.release.wait(DEADLINE)  # a fail-safe bound, never reached when it works
        return super().get_table(table_id)


def test_a_page_arriving_while_its_table_is_looked_for_keeps_it_held(postgres, redis_server):
    """A closed table held for one page; a second page says hello (its token read from
    memory: the row is looked for, off the loop) and the first page closes meanwhile: the
    table stays held for the second page, not forgotten under it (which left that page on
    a copy that nothing reaches any more)."""
    async def scenario() -> None:
        storage = HeldRowStorage(postgres)
        master = Master(storage, broker=RedisBroker(redis_server.url), deals=random.Random(5))
        try:
            created = await master.create_table({"game": "diciassette", "players": 2,
                                                 "seats": [{"kind": "human"}] * 2})
            table_id = created.row.id
            storage.set_status(table_id, "closed")  # nobody came
            if table_id in master.tables:
                master.forget(master.tables[table_id])
            first, second = (Conn(_collect([])) for _ in range(2))
            await master.hello(first, storage.get_table(table_id).spectator, "en", 0)
            storage.held = table_id
            arriving = asyncio.ensure_future(
                master.hello(second, master.tables[table_id].row.spectator, "en", 0))
            await asyncio.to_thread(storage.reading.wait, DEADLINE)  # its read has begun
            master.disconnect(first)
            storage.release.set()
            await arriving
            assert master.tables.get(table_id) is second.table is not None
        finally:
            storage.release.set()
            await master.close()
            storage.close()

    asyncio.run(scenario())
