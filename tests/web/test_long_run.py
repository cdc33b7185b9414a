"""What a server running for days keeps in memory, against a real server and real
WebSockets: found by a soak of many tables (people, bots, rematches, spectators, tables
left midway), each growth that never levelled off has its test here. Tables nobody
watches leave memory once nothing can happen there without a person; reading an old
table (its record, its invite) or an unknown id keeps nothing; the per-address and
per-page counts keep only what is under way."""

from __future__ import annotations

import asyncio
import random

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, select

from ludotheque.web.db import MIGRATIONS, Storage, bot_jobs, version_table
from ludotheque.web.limits import Limiter, Limits, Rate
from ludotheque.web.master import Master
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server
from ws_client import drive, wait_for

BOTS = [{"kind": "bot", "level": "easy"}]
HUMAN = [{"kind": "human"}]
GAMES = 3 * DEADLINE  # seconds to wait for bots to play games out


def test_games_left_midway_with_no_turn_timer_leave_memory_and_resume_from_their_links(
        tmp_path):
    """A person plays a move against a bot and goes (a page closed, or the connection
    cut): with no turn timer nothing happens there until they come back, so the master
    holds none of these tables; their links bring each back where it was."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'left.sqlite3'}")
    try:
        tables = []
        for index in range(4):
            created, (token,) = handle.table("diciassette", 2, humans=1)
            with handle.client() as page:
                frame = page.hello(token)
                frame = page.until(lambda f: f["to_act"] == 0 and f["legal"])
                page.move([frame["legal"][0]["id"]], frame["move"])
                frame = page.until(lambda f, m=frame["move"]: f["move"] > m)
                if index % 2:
                    page.drop()
            tables.append((created["table"], token))
        wait_for(lambda: not any(table in handle.master.tables for table, _ in tables),
                 f"tables left midway still held: {list(handle.master.tables)}")
        assert not handle.master.tokens
        for table, token in tables:
            moves = len(handle.master.storage.get_moves(table))
            with handle.client() as page:
                frame = page.hello(token)
                assert frame["table"]["status"] == "playing" and frame["move"] == moves
                frame = page.until(lambda f: f["to_act"] == 0 and f["legal"])
                page.move([frame["legal"][0]["id"]], frame["move"])
                page.until(lambda f, m=frame["move"]: f["move"] > m)
    finally:
        stop_thread_server(handle)


def test_waiting_tables_nobody_watches_leave_memory_and_their_links_bring_them_back(
        tmp_path):
    """One address may make thousands of tables a day that nobody joins: a table waiting
    for people is held only while a page watches it. Joining through the API, a seat's
    page, the rematch offer of the old table's pages and the table closed for waiting
    too long all work from the database."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'waiting.sqlite3'}")
    try:
        made = [handle.create("wazabi", 2, HUMAN * 2) for _ in range(10)]
        made += [handle.create("diciassette", 3, HUMAN + BOTS * 2) for _ in range(10)]
        assert not handle.master.tables and not handle.master.tokens
        first = made[0]
        ann = handle.join(first["invite"], 0, "Ann")
        assert not handle.master.tables, "a join through the API keeps its table"
        with handle.client() as page:
            assert page.hello(ann)["table"]["status"] == "waiting"
            assert set(handle.master.tables) == {first["table"]}  # watched: held
            bob = handle.join(first["invite"], 1, "Bob")
            page.until(lambda f: f["table"]["status"] == "playing")
            with handle.client() as other:
                other.hello(bob)
                drive([page, other])
            page.send({"type": "rematch"})
            page.expect("rematch", status="waiting")
        wait_for(lambda: not handle.master.tables, f"still held: {list(handle.master.tables)}")
        rematch = handle.master.storage.get_table(first["table"]).rematch
        with handle.client() as page:  # Bob comes back to the old table: the offer is there
            page.hello(bob)
            offer = page.expect("rematch", status="waiting", by=["Ann"])
            assert rematch not in handle.master.tables
            with handle.client() as seat:  # his seat kept at the rematch: its link sits him
                seat.hello(offer["url"].rsplit("/", 1)[1])
                seat.until(lambda f: f["table"]["status"] == "playing")
                page.expect("rematch", status="playing", by=["Ann", "Bob"])
        wait_for(lambda: not handle.master.tables, f"still held: {list(handle.master.tables)}")
    finally:
        stop_thread_server(handle)


def test_tables_started_by_joins_through_the_api_with_no_page_open_leave_memory(tmp_path):
    """The last join through the API starts the table; nobody's page is open: at a
    person's turn (at once, or after the bot that begins) nothing can happen there, so
    the master does not hold it."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'joined.sqlite3'}", bot_delay=0.05,
                               deals=random.Random(3))
    try:
        made = [handle.table("wazabi", 2, humans=2)[0]["table"],
                handle.table("diciassette", 3, humans=2)[0]["table"]]
        bot_first = handle.create("diciassette", 2, BOTS + HUMAN)
        handle.join(bot_first["invite"], 1, "Ann")
        made.append(bot_first["table"])
        wait_for(lambda: all(handle.master.storage.get_table(t).status == "playing"
                             and t not in handle.master.tables for t in made),
                 f"held with no page open: {list(handle.master.tables)}", GAMES)
        assert not handle.master.tokens
    finally:
        stop_thread_server(handle)


def test_a_waiting_table_nobody_watches_is_still_closed_after_its_time(tmp_path):
    """The sweep closes the waiting tables it finds in the database, those not held too:
    the invite link then says the table was closed."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'ttl.sqlite3'}", waiting_ttl=0.4)
    try:
        created = handle.create("wazabi", 2, HUMAN * 2)
        assert created["table"] not in handle.master.tables
        wait_for(lambda: handle.master.storage.get_table(created["table"]).status == "closed",
                 "the waiting table was never closed")
        answer = handle.api.get(f"/api/join/{created['invite']}")
        assert answer.status_code == 410 and answer.json()["error"]["code"] == "closed"
        assert not handle.master.tables
    finally:
        stop_thread_server(handle)


class ReadCountingStorage(Storage):
    """The real storage, noting which tables the master reads in full (to rebuild them)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.rebuilt: list[str] = []

    def table_since(self, table_id, start=0):
        if start == 0:
            self.rebuilt.append(table_id)
        return super().table_since(table_id, start)


def test_a_start_rebuilds_only_the_tables_that_run_without_a_visitor(tmp_path):
    """After years, thousands of games abandoned at a person's turn: a server starting
    rebuilds none of them, nor the tables waiting for people; only a game with a turn
    timer (it counts down) and one a bot is to move at (a server stopped while it
    thought) resume at once. The others come back when someone opens their links."""
    url = f"sqlite:///{tmp_path / 'years.sqlite3'}"
    handle = run_app_in_thread(url, limits=Limits(tables=None))
    try:
        abandoned = [handle.table("diciassette", 3, humans=1)[0]["table"] for _ in range(12)]
        for _ in range(4):  # waiting for people
            handle.create("wazabi", 2, HUMAN * 2)
        timed = handle.table("wazabi", 2, humans=2, turn_timer=3600)[0]["table"]
        wait_for(lambda: all(live.to_act() == 0 for table in abandoned
                             if (live := handle.master.tables.get(table)) is not None),
                 "the bots did not stop at the person's turn", GAMES)
    finally:
        stop_thread_server(handle)
    thinking = run_app_in_thread(url, bot_delay=3600)  # stopped before its bot moves
    try:
        bots = thinking.create("wazabi", 2, BOTS * 2)["table"]
    finally:
        stop_thread_server(thinking)

    async def restart() -> None:
        storage = ReadCountingStorage(url)
        master = Master(storage, bot_delay=0)
        try:
            await master.start()
            assert sorted(storage.rebuilt) == sorted([timed, bots])
            assert timed in master.tables
            while not storage.get_moves(bots):  # its bot plays on
                await asyncio.sleep(0.02)
            live = await master.get(abandoned[0])  # a link opened: rebuilt where it was
            assert live.row.status == "playing" and live.to_act() == 0
        finally:
            await master.close()
            storage.close()

    asyncio.run(asyncio.wait_for(restart(), 3 * DEADLINE))


def test_games_an_older_lone_server_left_at_a_bot_s_turn_resume_after_the_upgrade(tmp_path):
    """A lone server of an older version wrote no bot-job rows: its SQLite file (schema
    0006) holds games stopped at a bot's turn, or at the turn of a person who left (their
    stand-in's), with no job. The upgrade gives each its job, so a start resumes them at
    once, with nobody opening their links."""
    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    # stopped before any bot moves; deals where Ann begins
    handle = run_app_in_thread(url, bot_delay=3600, deals=random.Random(0))
    try:
        bots = handle.create("wazabi", 2, BOTS * 2)["table"]
        left, (ann,) = handle.table("diciassette", 2, humans=1)
        with handle.client() as page:
            assert page.hello(ann)["to_act"] == 0
            page.send({"type": "leave"})  # on her turn: her stand-in's move is due
            page.expect("left")
        waiting = [bots, left["table"]]
        moves_before = {table: handle.master.storage.count_moves(table) for table in waiting}
    finally:
        stop_thread_server(handle)
    # the file as the older version left it: schema 0006 (the later revisions undone by
    # their own downgrades: a column added since is not there), and no job rows
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.downgrade(config, "0006")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(bot_jobs.delete())
        assert conn.execute(select(version_table.c.version_num)).scalar() == "0006"
    engine.dispose()

    async def restart() -> None:
        storage = Storage(url)
        master = Master(storage, bot_delay=0)
        try:
            await master.start()
            while any(storage.count_moves(table) == moves_before[table] for table in waiting):
                await asyncio.sleep(0.02)  # the bot and the stand-in play on, unasked
        finally:
            await master.close()
            storage.close()

    asyncio.run(asyncio.wait_for(restart(), 3 * DEADLINE))


def test_reading_old_tables_and_unknown_ids_keeps_nothing_in_memory(tmp_path):
    """A finished table's record, replay and invite, and ids nobody made (a crawler's),
    are read from the database each time: the master holds no table and no lock after."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'read.sqlite3'}")
    try:
        created = handle.create("wazabi", 2, BOTS * 2)
        wait_for(lambda: handle.master.storage.get_table(created["table"]).status == "over"
                 and created["table"] not in handle.master.tables, "the bots did not finish",
                 GAMES)
        table = created["table"]
        assert handle.api.get(f"/api/tables/{table}/record").status_code == 200
        assert handle.api.get(f"/api/tables/{table}/replay?step=1").status_code == 200
        assert handle.api.get(f"/api/join/{created['invite']}").status_code == 200
        for index in range(20):
            assert handle.api.get(f"/api/tables/nosuch{index}/record").status_code == 404
        assert table not in handle.master.tables
        assert not handle.master._loading
    finally:
        stop_thread_server(handle)


def over(handle, table: str) -> bool:
    """Over in the database and in the server's memory: the row is written "over" a moment
    before the table held in memory says so."""
    held = handle.master.tables.get(table)
    return handle.master.storage.get_table(table).status == "over" and (
        held is None or held.row.status == "over")


def test_bot_only_tables_of_many_addresses_are_forgotten_once_over(tmp_path):
    """The per-address list of bot-only tables (its cap) keeps the addresses with one
    under way, not every address that ever made one."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'bots.sqlite3'}",
                               limits=Limits(bot_tables=3))
    try:
        made = []
        for index in range(5):
            response = handle.api.post("/api/tables", json={
                "game": "wazabi", "players": 2, "seats": BOTS * 2},
                headers={"X-Forwarded-For": f"203.0.113.{index + 1}"})
            assert response.status_code == 200, response.text
            made.append(response.json()["table"])
        wait_for(lambda: all(over(handle, t) for t in made), "the bots did not finish", GAMES)
        handle.api.post("/api/tables", json={"game": "wazabi", "players": 2,
                                             "seats": BOTS * 2},
                        headers={"X-Forwarded-For": "203.0.113.99"})
        assert set(handle.app.state.bot_tables) <= {"203.0.113.99"}
    finally:
        stop_thread_server(handle)


def test_the_counts_of_closed_pages_are_forgotten(tmp_path):
    """Each page's frames are counted under its own key: a closed page's key goes."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'pages.sqlite3'}")
    try:
        for _ in range(30):
            with handle.client() as page:
                page.send({"type": "ping"})
                page.expect("pong")
        window = handle.app.state.limiters["frames"]._window
        wait_for(lambda: not window.storage.events, "the closed pages' counts are kept")
    finally:
        stop_thread_server(handle)


def test_counts_whose_window_emptied_are_cleared_as_new_keys_come(monkeypatch):
    """A seat's chat lines are counted under its own key: once its window is empty and
    new keys pile up, its key goes (the library keeps it for good)."""
    monkeypatch.setattr(Limiter, "PRUNE_AT", 8)
    chat = Limits(chat=Rate(1, 1)).limiters()["chat"]
    item, window = chat._item, chat._window
    for seat in range(8):
        assert chat.hit(f"chat-old-{seat}")
    wait_for(lambda: all(window.test(item, f"chat-old-{seat}") for seat in range(8)),
             "the old lines' window never emptied")
    for seat in range(8):
        assert chat.hit(f"chat-new-{seat}")
    kept = list(window.storage.events)
    assert len(kept) == 8 and not any("chat-old" in key for key in kept), kept
