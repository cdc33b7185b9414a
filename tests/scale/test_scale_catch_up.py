"""Issue 16: a server catching up a table reads the database off its event loop (one slow
read holds only its own table), and a broker note that carries the next moves is applied
without reading them back. Real PostgreSQL and Redis; the database read of one table is
held back on purpose (a `Storage` that waits for a signal), the order of events is what
is asserted, never a duration."""

from __future__ import annotations

import asyncio
import json
import random
import threading

from ludotheque.web.broker import RedisBroker
from ludotheque.web.db import Storage
from ludotheque.web.live import Conn, rebuild
from ludotheque.web.master import Master
from play import DEADLINE

BOTS = {"game": "wazabi", "players": 2,
        "seats": [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}


class HeldStorage(Storage):
    """The real storage, but a catch-up read of table `held` waits for `release`."""

    held: str | None = None

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.reading = threading.Event()
        self.release = threading.Event()
        self.move_reads: list[str] = []

    def table_since(self, table_id: str, start: int = 0):
        self.move_reads.append(table_id)
        if table_id == self.held:
            self.reading.set()
            self.release.wait(DEADLINE)  # a fail-safe bound, never reached when it works
        return super().table_since(table_id, start)


def _collect(frames: list[str]):
    async def send(text: str) -> None:
        frames.append(text)

    return send


def _another_server_moves(storage: Storage, table_id: str) -> tuple[int, str]:
    """One move written as another server would write it; (its index, its text). The move
    never ends the game (a Wazabi game can end on its first card), so a next one exists."""
    row = storage.get_table(table_id)
    stored = [a for _, _, a in storage.get_moves(table_id)]
    match = rebuild(row, stored)
    start, seat = len(match.actions), match.current_player()
    texts = (match.game.action_to_text(a) for a in match.legal_actions())
    text = next(t for t in texts if not rebuild(row, [*stored, t]).is_over())
    storage.add_moves(table_id, start, seat, [text])
    return start, text


def test_a_slow_catch_up_never_holds_another_table(postgres, redis_server):
    async def scenario() -> None:
        storage = HeldStorage(postgres)
        master = Master(storage, broker=RedisBroker(redis_server.url), deals=random.Random(16))
        other = Storage(postgres)
        try:
            slow, quick = await master.create_table(BOTS), await master.create_table(BOTS)
            for live in (slow, quick):
                _another_server_moves(other, live.row.id)
            storage.held = slow.row.id
            order: list[str] = []

            async def catch(live, name):
                await master.catch_up(live)
                order.append(name)

            held = asyncio.ensure_future(catch(slow, "slow"))
            await asyncio.to_thread(storage.reading.wait, DEADLINE)  # its read has begun
            await catch(quick, "quick")  # the loop is free: this table catches up
            assert quick.moves == 1 and slow.moves == 0
            storage.release.set()
            await held
            assert order == ["quick", "slow"]
            assert slow.moves == 1
        finally:
            storage.release.set()
            await master.close()
            storage.close()
            other.close()

    asyncio.run(scenario())


def test_a_note_with_the_next_moves_is_applied_without_reading_them(postgres,
                                                                      redis_server):
    async def scenario() -> None:
        storage = HeldStorage(postgres)
        master = Master(storage, broker=RedisBroker(redis_server.url), deals=random.Random(16))
        other = Storage(postgres)
        try:
            live = await master.create_table(BOTS)
            start, text = _another_server_moves(other, live.row.id)
            storage.move_reads.clear()
            await master.catch_up(live, [(start + 1, start, (text,))])
            assert live.moves == start + 1 and storage.move_reads == []
            await master.catch_up(live, [(start + 1, start, (text,))])  # a duplicate
            assert live.moves == start + 1 and storage.move_reads == []
            # a note after a gap (one move it never heard of): the database says
            first, _ = _another_server_moves(other, live.row.id)
            second, text = _another_server_moves(other, live.row.id)
            await master.catch_up(live, [(second + 1, second, (text,))])
            assert live.moves == second + 1 and storage.move_reads == [live.row.id]
            # a look (no moves in it) queued with the note of the next move: the move is
            # applied from the note, the look reads nothing newer, and the page is told
            page = Conn(_collect(frames := []))
            page.table, page.seat, page.lang = live, None, "en"
            live.conns.add(page)
            third, text = _another_server_moves(other, live.row.id)
            await master.catch_up(live, [(third + 1, None, ()), (third + 1, third, (text,))])
            assert live.moves == third + 1
            assert [f["move"] for f in map(json.loads, frames)] == [third + 1]
            stored = [a for _, _, a in other.get_moves(live.row.id)]
            assert list(map(str, live.match.actions)) == list(map(str, rebuild(
                live.row, stored).actions)) and first == start + 1
        finally:
            await master.close()
            storage.close()
            other.close()

    asyncio.run(scenario())
