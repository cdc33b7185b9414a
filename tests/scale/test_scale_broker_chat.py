"""A chat line from the broker (issue: one screen across servers): what a note carries is
read as a chat line or not at all, and the listener never waits for a page. A real
PostgreSQL and a real Redis; the notes are published on the channel as any client of the
Redis could; the order of events is asserted, never a duration."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from urllib.parse import quote

from ludotheque.web.broker import CHANNEL, RedisBroker
from ludotheque.web.db import Storage
from ludotheque.web.live import Conn
from ludotheque.web.master import Master
from play import DEADLINE
from test_scale_catch_up import _collect
from test_scale_leave_rematch import HUMANS


async def _scenario(postgres: str, redis_url: str, body, servers: int = 1) -> None:
    """`servers` started Masters on one database and broker, `body(master, publish)` (or
    `body(masters, publish)`) run once their listeners hear the channel; all closed after."""
    from redis.asyncio import Redis

    storage = Storage(postgres)
    masters = [Master(storage, broker=RedisBroker(redis_url), deals=random.Random(31 + i))
               for i in range(servers)]
    client = Redis.from_url(redis_url)
    try:
        for master in masters:
            await master.start()
        async with asyncio.timeout(DEADLINE):  # a fail-safe bound, never reached
            while (await client.pubsub_numsub(CHANNEL))[0][1] < servers:
                await asyncio.sleep(0.05)

        async def publish(note) -> None:
            await client.publish(CHANNEL, note if isinstance(note, str) else json.dumps(note))

        await body(masters[0] if servers == 1 else masters, publish)
    finally:
        await client.aclose()
        for master in masters:
            await master.close()
        storage.close()


async def _watched(master: Master, sender=None, table: str | None = None,
                   seat: int | None = None) -> tuple[Conn, list[str]]:
    """A page open on `table` (a new one of two people) held by `master`: a spectator's
    or `seat`'s, its frames collected or sent to `sender`; the page and its frames."""
    if table is None:
        table = (await master.create_table({"game": "diciassette", "players": 2,
                                            "seats": HUMANS})).row.id
    live = await master.get(table)  # held: a page is open on it
    page = Conn(sender or _collect(frames := []))
    page.table, page.seat, page.lang = live, seat, "en"
    live.conns.add(page)
    return page, [] if sender else frames


def _line(seat: int, text: str) -> dict:
    return {"type": "chat", "from": f"P{seat + 1}", "seat": seat, "text": text,
            "time": "2026-11-29T10:00:00"}


def test_a_note_that_is_no_chat_line_never_reaches_a_page(postgres, redis_server, caplog):
    """Odd notes (no object, another kind of frame, fields of the wrong type, a seat the
    table has not) are logged as unreadable; the listener goes on (no reconnection) and
    the next chat line reaches the page as a chat line, nothing else of the note."""
    async def body(master, publish) -> None:
        page, frames = await _watched(master)
        table = page.table.row.id
        odd = ["[1]", "3", {"t": table, "o": "x", "c": [1]},
               {"t": table, "o": "x", "c": {"type": "rematch", "url": "https://elsewhere"}},
               {"t": table, "o": "x", "c": {**_line(0, "hi"), "from": {"html": "<b>"}}},
               {"t": table, "o": "x", "c": {**_line(0, "hi"), "seat": True}},
               {"t": table, "o": "x", "c": _line(7, "a seat it has not")}]
        for note in odd:
            await publish(note)
        await publish({"t": table, "o": "x", "c": {**_line(1, "last"), "url": "x"}})
        async with asyncio.timeout(DEADLINE):  # a fail-safe bound, never reached
            while not frames:
                await asyncio.sleep(0.05)
        assert [json.loads(f) for f in frames] == [_line(1, "last")]

    with caplog.at_level(logging.WARNING, logger="ludotheque.web"):
        asyncio.run(_scenario(postgres, redis_server.url, body))
    warnings = [r.getMessage() for r in caplog.records]
    assert sum("unreadable message" in w for w in warnings) == 7, warnings
    assert not any("reconnecting" in w for w in warnings), warnings


def test_a_page_that_reads_slowly_never_holds_the_listener(postgres, redis_server):
    """A chat line for a table whose page stopped reading, then one for another table:
    the second reaches its page while the first page's send still waits."""
    async def body(master, publish) -> None:
        release = asyncio.Event()

        async def stuck(text: str) -> None:
            await release.wait()

        slow, _ = await _watched(master, stuck)
        quick, frames = await _watched(master)
        try:
            for page in (slow, quick):
                await publish({"t": page.table.row.id, "o": "x", "c": _line(0, "hello")})
            async with asyncio.timeout(DEADLINE):  # a fail-safe bound, never reached
                while not frames:
                    await asyncio.sleep(0.05)
            assert not slow.closed and not release.is_set()  # still waiting, not timed out
        finally:
            release.set()

    asyncio.run(_scenario(postgres, redis_server.url, body))


def test_a_chat_line_reaches_other_servers_while_a_page_here_reads_slowly(postgres,
                                                                          redis_server):
    """Seat 0 writes on server 0, where a spectator's page stopped reading: the line
    reaches the page on server 1 while that send still waits."""
    async def body(masters, publish) -> None:
        release = asyncio.Event()

        async def stuck(text: str) -> None:
            await release.wait()

        slow, _ = await _watched(masters[0], stuck)
        table = slow.table.row.id
        writer, _ = await _watched(masters[0], table=table, seat=0)
        _far, frames = await _watched(masters[1], table=table)
        said = asyncio.ensure_future(masters[0].chat(writer, "hello"))
        try:
            async with asyncio.timeout(DEADLINE):  # a fail-safe bound, never reached
                while not frames:
                    await asyncio.sleep(0.05)
            assert json.loads(frames[0])["text"] == "hello"
            assert not slow.closed and not release.is_set()  # still waiting, not timed out
        finally:
            release.set()
            await said

    asyncio.run(_scenario(postgres, redis_server.url, body, servers=2))


def test_a_chat_line_read_again_at_a_hello_keeps_the_time_it_was_said_at(postgres):
    """A PostgreSQL whose sessions speak Paris time (its zone is the machine's by default):
    a line read again from the recent chat at a page's hello carries the very time its
    live frame had, so a page coming back keeps it once (before: "+01:00" against
    "+00:00", and every line twice on the page after each reconnection)."""
    async def scenario() -> None:
        storage = Storage(f"{postgres}&options={quote('-c timezone=Europe/Paris')}")
        master = Master(storage, deals=random.Random(3))
        try:
            await master.start()
            writer, _ = await _watched(master, seat=0)
            _, live = await _watched(master, table=writer.table.row.id)
            await master.chat(writer, "hello")
            back = Conn(_collect(heard := []))
            await master.hello(back, writer.table.row.spectator, "en", 0)
            again = [json.loads(f) for f in heard if json.loads(f)["type"] == "chat"]
            assert again == [json.loads(live[0])], (again, live)
        finally:
            await master.close()
            storage.close()

    asyncio.run(scenario())
