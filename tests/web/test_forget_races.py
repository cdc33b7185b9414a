"""A table nobody watches leaves memory (`Master.forget_if_unwatched`): never while a
change of it is under way, or the next page would get a second copy, read from a database
that does not have that change yet."""

from __future__ import annotations

import asyncio
import random
import threading
import time

from test_server_api import play_to_end
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server
from ws_client import wait_for


def test_a_page_closing_while_a_bots_move_is_written_leaves_no_second_copy(tmp_path):
    """The bot's move is applied and waits for the writer (a slow disk: the writer thread
    busy) when the last page closes; the person's page, opened again meanwhile, gets the
    table with that move, and plays on it."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'race.sqlite3'}",
                               deals=random.Random(1))  # seat 0, the bot's, begins
    disk = threading.Event()
    try:
        master = handle.master
        created = handle.create("diciassette", 2, [{"kind": "bot", "level": "easy"},
                                                   {"kind": "human"}])
        with handle.client() as page:
            page.hello(created["spectator"])
            busy = master._writer.submit(disk.wait)  # the next write waits for the disk
            handle.join(created["invite"], 1, "Bea")  # the table starts; the bot moves
            live = master.tables[created["table"]]
            wait_for(lambda: live.moves == 1, "the bot did not move")
            assert live.lock.locked() and master.storage.get_moves(created["table"]) == []
        wait_for(lambda: not live.conns, "the page's close was not heard")
        token = master.storage.get_table(created["table"]).seats[1].token
        with handle.client() as again:
            again.send({"type": "hello", "token": token, "lang": "en", "since": 0})
            # the hello is under way: it loaded a copy of its own, or waits for the table
            wait_for(lambda: (held := master.tables.get(created["table"])) is not None
                     and (held is not live or held.arriving), "the hello was not heard")
            disk.set()
            busy.result(timeout=DEADLINE)
            frame = again.expect("update")
            assert frame["move"] == 1 and frame["to_act"] == 1, \
                "the page got the table without the bot's move"
            again.move([frame["legal"][0]["id"]], 1)
            after = again.until(lambda f: f["move"] >= 2)
            assert after["events"], "the person's move was not told"
        stored = master.storage.get_moves(created["table"])
        assert [seat for _idx, seat, _action in stored][:2] == [0, 1]
    finally:
        disk.set()
        stop_thread_server(handle)


def test_a_finished_table_nobody_holds_is_replayed_once_for_the_api(tmp_path):
    """Its record or replay asked for again and again (by anyone with its id) reuses the
    copy read the first time: a long game is not replayed for every request. A table not
    over may still change: it is read anew."""
    from ludotheque.web.db import Storage
    from ludotheque.web.master import Master

    async def scenario() -> None:
        storage = Storage(f"sqlite:///{tmp_path / 'kept.sqlite3'}")
        master = Master(storage, bot_delay=0, deals=random.Random(3))
        try:
            bots = await master.create_table({"game": "wazabi", "players": 2, "seats": [
                {"kind": "bot", "level": "easy"}] * 2})
            waiting = await master.create_table({"game": "wazabi", "players": 2})
            end = time.monotonic() + DEADLINE
            while bots.row.id in master.tables:  # played to the end, then forgotten
                assert time.monotonic() < end, "the bots did not finish"
                await asyncio.sleep(0.01)
            first = await master.get(bots.row.id, hold=False)
            assert first is not None and first.row.status == "over"
            assert await master.get(bots.row.id, hold=False) is first
            assert bots.row.id not in master.tables  # read, not held
            master.forget(waiting)
            assert await master.get(waiting.row.id, hold=False) is not \
                await master.get(waiting.row.id, hold=False)
        finally:
            await master.close()
            storage.close()

    asyncio.run(scenario())


def test_a_rematch_begun_on_its_askers_turn_stays_in_memory_for_nobody(tmp_path):
    """A person beside a bot asks for a rematch: it begins at once, on their turn. Until
    they open it, nothing happens there: neither making it nor offering it again (a page
    of the old table opened later) keeps it in memory; opened, it plays."""
    # the deals seeded with 10: the person (seat 0) begins both games
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'rematch.sqlite3'}",
                               deals=random.Random(10))
    try:
        master = handle.master
        created, final = play_to_end(handle, "diciassette", 2)
        token = master.storage.get_table(created["table"]).seats[0].token
        for opener in (token, created["spectator"]):
            with handle.client() as page:
                page.hello(opener)
                if opener == token:
                    page.send({"type": "rematch"})
                page.expect("rematch")
            wait_for(lambda: created["table"] not in master.tables,
                     "the finished table stayed in memory")
            rematch = master.storage.get_table(created["table"]).rematch
            assert rematch not in master.tables, "the rematch stayed in memory for nobody"
        with handle.client() as page:
            frame = page.hello(master.storage.get_table(rematch).seats[0].token)
            assert frame["table"]["id"] == rematch and frame["to_act"] == 0 and frame["legal"]
    finally:
        stop_thread_server(handle)
