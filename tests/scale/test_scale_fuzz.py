"""The frame campaign of tests/web/test_fuzz_server.py across two servers on one
PostgreSQL and one Redis (hypothesis, seeded by tests/conftest.py's profile): each table's
pages are spread over servers A and B (seat 0's page on A, its twin on B, seat 1's page on
A, a spectator's on B, the other spectator's on A), a worker plays the bots, and B hears the
broker's news late for some frames (held, then delivered in order: what a slow Redis or a
busy loop does), so that a page of B acts on a table B has not caught up; meanwhile seat 1 plays on
A, and
seat 0's page on B says a line or "I'm back" (refused, `left`, once its person left).

Every answer meets the one-server campaign's checks (fuzz_frames.py); and after every
frame, once the news is in, both servers hold what the database holds (moves, status,
rematch, the seats absent and left). At a finished table a rematch is asked on A and taken on B:
every page of both
servers is offered its own seat, and then told who sat down.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from fuzz_frames import (
    FUZZ,
    SERVER_LIMITS,
    Arena,
    bot_level_word,
    check_pages,
    fuzz_pair,
    sync,
)
from ludotheque.i18n import t
from ludotheque.web import broker as broker_module
from ludotheque.web.broker import RedisBroker
from ludotheque.web.services import ServiceMissing, temp_redis
from ludotheque.web.worker import work
from play import DEADLINE
from web_servers import run_app_in_thread, stop_thread_server
from ws_client import wait_for

# pair: (the page fuzzed, its twin); see the module's docstring for where each page is
PAIRS = {"seat 0 on A": ("seat0", "seat0-twin"), "seat 0 on B": ("seat0-twin", "seat0"),
         "spectator on B": ("watcher", "watcher-twin")}
ON_A = {"seat0", "other", "watcher-twin"}


def said(kind: str, text: str) -> dict:
    """A chat line (`text`) or an "I'm back" (no field but its type: another is refused)."""
    return {"type": kind, "text": text} if kind == "chat" else {"type": kind}


class LateBroker(RedisBroker):
    """The real Redis broker, but while `late` the news it hears (moves, changes, chat
    lines) wait, in order, until `on_time` hands them to the server."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.late = False
        self.waiting: list[tuple[Any, tuple]] = []
        self.loop: asyncio.AbstractEventLoop | None = None

    async def run(self, on_change, on_connect, on_chat) -> None:
        self.loop = asyncio.get_running_loop()

        def held(handler):
            async def hear(*args: Any) -> None:
                if self.late:
                    self.waiting.append((handler, args))
                else:
                    await handler(*args)
            return hear

        await super().run(held(on_change), on_connect, held(on_chat))

    def on_time(self) -> None:
        """The news held, handed over (from the test's thread)."""
        async def deliver() -> None:
            self.late = False
            while self.waiting:
                handler, args = self.waiting.pop(0)
                await handler(*args)

        asyncio.run_coroutine_threadsafe(deliver(), self.loop).result(DEADLINE)


class Worker:
    """`ludotheque worker`'s loop in a thread: it plays every bot's move."""

    def __init__(self, database: str, broker: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.stop = None
        self.thread = threading.Thread(target=self.loop.run_until_complete,
                                       args=(self._work(database, broker),), daemon=True)
        self.thread.start()

    async def _work(self, database: str, broker: str) -> None:
        self.stop = asyncio.Event()
        await work(database, broker, lease=2.0, bot_delay=0.0, stop=self.stop)

    def close(self) -> None:
        wait_for(lambda: self.stop is not None, "the worker did not start")
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(DEADLINE)


@pytest.fixture(scope="module")
def servers(postgres):
    """Servers A and B (uvicorn in threads, on one PostgreSQL and one Redis, B's news
    `LateBroker`'s) and a worker. No safety-net look while they run: only the broker's
    news and the catch-ups a page's frames ask for bring B up to date."""
    saved, broker_module.POLL = broker_module.POLL, 10 * DEADLINE
    try:
        with temp_redis() as redis:
            handles, worker = [], None
            try:
                late = LateBroker(redis.url)
                for broker in (RedisBroker(redis.url), late):
                    handles.append(run_app_in_thread(postgres, broker=broker,
                                                     limits=SERVER_LIMITS))
                worker = Worker(postgres, redis.url)
                yield (*handles, late)
            finally:  # before Redis stops
                if worker is not None:
                    worker.close()
                for handle in handles:
                    stop_thread_server(handle)
    except ServiceMissing as missing:
        pytest.fail(f"{missing} (`make test` installs it)", pytrace=False)
    finally:
        broker_module.POLL = saved


class ScaleArena(Arena):
    """The one-server campaign's table, its pages on A and B (A is `server`: the table
    the checks read; a frame picks its move and count from its own page's server)."""

    def __init__(self, servers) -> None:
        a, self.b, self.broker = servers
        super().__init__(a)

    def page_server(self, name: str):
        return self.server if name in ON_A else self.b

    def live_of(self, page: str):
        return self.page_server(page).master.tables.get(self.table)

    def before_frame(self, data: Any) -> bool:
        """Drawn: seat 0's page on B may act (B maybe behind since the last frame); then B
        hears the news late from this frame on (meanwhile, seat 1 may play on A, if it is
        its turn), or all of it before the frame."""
        acts = data.draw(st.sampled_from([None, "chat", "back"]))
        late, other_plays = data.draw(st.booleans()), data.draw(st.booleans())
        if acts:
            self.act_on_b(acts)
        if not late:
            self.news_in()
        self.broker.late = late
        event(f"news late: {late}")
        if late and other_plays and self.person_to_act() == 1:
            self.settle()
            moves = self.live.moves
            self.pages["other"].move([self.live.match.legal_actions()[0]], moves)
            wait_for(lambda: self.live.moves > moves, "seat 1's move was not played")
            self.settle()
            event("seat 1 played on A, B late")
        return late

    def act_on_b(self, kind: str) -> None:
        """Seat 0's page on B says a line or "I'm back", B maybe late: refused (`left`) if
        seat 0's person left (the database says so), or taken."""
        twin = self.pages["seat0-twin"]
        twin.send(said(kind, "said on B"))
        got = sync(twin, "sync-acted")
        errors = [f["code"] for f in got if f["type"] == "error"]
        left = 0 in self.stored()[4]
        assert errors == (["left"] if left else []), (kind, errors, got)
        event(f"{kind} on B, seat 0 left: {left}")

    def new_table(self) -> None:
        self.broker.on_time()  # B hears the news of the table from its start
        super().new_table()

    def news_in(self) -> None:
        """B hears what it was not told yet; both servers then hold what the database
        holds."""
        self.broker.on_time()
        wait_for(lambda: self.held(self.server) == self.held(self.b) == self.stored(),
                 "the servers disagree")

    def settle(self) -> None:
        """As on one server, once A holds what the database holds (a person who left on B
        is a stand-in's seat: its bot is to move)."""
        wait_for(lambda: self.held(self.server) == self.stored(), "A did not catch up")
        super().settle()

    def stored(self) -> tuple:
        """What the database holds: the table's moves, status, rematch, absent and left."""
        storage = self.server.master.storage
        row = storage.get_table(self.table)
        return (storage.count_moves(self.table), row.status, row.rematch, sorted(row.absent),
                sorted(row.left))

    def held(self, server) -> tuple | None:
        """The same, as `server` holds it."""
        live = server.master.tables.get(self.table)
        return live and (live.moves, live.row.status, live.row.rematch, sorted(live.absent),
                         sorted(live.left))

    def ready(self, pair: tuple[str, str], lang: str, playing: bool = True) -> None:
        if self.table is not None:
            self.news_in()
        super().ready(pair, lang, playing)
        self.news_in()

    def snapshot(self) -> tuple:
        """The one-server snapshot (A, the database), and B's table unless B is behind
        (it may then catch up)."""
        return super().snapshot() + (None if self.broker.late else self.held(self.b),)


def arena_of(servers, name: str) -> ScaleArena:
    """The module's arena `name` (made once)."""
    a = servers[0]
    arena = getattr(a, name, None)
    if arena is None:
        arena = ScaleArena(servers)
        setattr(a, name, arena)
    return arena


def chat_everywhere(arena: ScaleArena, name: str, number: int) -> None:
    """A line said by one of seat 0's pages, `name` (on A or on B), reaches every page of
    both servers."""
    text = f"line {number} from {name}"
    arena.pages[name].send({"type": "chat", "text": text})
    for page in arena.pages.values():
        assert page.expect("chat", text=text)["from"] == "P1"


@settings(FUZZ, max_examples=200)
@given(data=st.data())
def test_frames_across_two_servers_are_played_or_refused_and_both_agree(servers, data):
    arena = arena_of(servers, "fuzz_arena")

    def played(raw: Any, before: tuple) -> None:  # by seat 0 (or bots after it), never seat 1
        assert 1 not in arena.stored_seats(before[2]), raw
        arena.settle()

    fuzz_pair(arena, data, played, pairs=PAIRS)
    for kind in data.draw(st.permutations(["back", "chat"])):  # B maybe behind still
        arena.act_on_b(kind)
    # drawn whatever the table is like (hypothesis draws the same on every run)
    mover, chatter = (data.draw(st.sampled_from(["seat0", "seat0-twin"])) for _ in "mc")
    arena.news_in()
    # every page of both servers is served still, in its language: the person to act plays
    # on a page drawn, all see it
    live = arena.live
    moves, actor = live.moves, arena.person_to_act()
    if actor is not None:
        page = arena.pages[mover if actor == 0 else "other"]
        sync(page, "sync-end")
        page.move([live.match.legal_actions()[0]], moves)
        for name, page in arena.pages.items():
            seen = page.until(lambda f: f["move"] > moves)
            assert bot_level_word(seen) == t("web.server.level.easy", arena.langs[name])
    if 0 not in arena.live.left:
        chat_everywhere(arena, chatter, moves)
    check_pages(arena)
    arena.news_in()


@settings(FUZZ, max_examples=80)
@given(data=st.data())
def test_a_rematch_asked_on_one_server_is_taken_on_the_other(servers, data):
    arena = arena_of(servers, "fuzz_finished_arena")
    a = servers[0]
    if arena.table is None or arena.taken:
        arena.new_table()
        arena.play_out()
        arena.news_in()
        arena.tables, arena.taken = a.table_count(), False  # before its rematch

    def played(raw: Any, before: tuple) -> None:  # a rematch, made once, or nothing
        assert a.table_count() == arena.tables + (arena.stored()[2] is not None)

    fuzz_pair(arena, data, played, playing=False, pairs=PAIRS)
    check_pages(arena)
    event(f"rematch made by a fuzzed frame: {arena.stored()[2] is not None}")
    if not data.draw(st.booleans()):
        return  # the next example fuzzes this table again
    if arena.stored()[2] is None:  # asked on A (B maybe late): every page is offered
        arena.pages["seat0"].send({"type": "rematch"})
        wait_for(lambda: arena.stored()[2] is not None, "no rematch")
        arena.news_in()
        new = a.master.storage.get_table(arena.stored()[2])
        for name, page in arena.pages.items():
            page.expect("rematch", url=own_url(new, name))
    arena.news_in()
    new = a.master.storage.get_table(arena.stored()[2])
    assert a.table_count() == arena.tables + 1
    # seat 1's person takes the seat kept for them, on B: every page is told so
    with arena.b.client() as taker:
        taker.hello(new.seats[1].token)
        for page in arena.pages.values():
            page.expect("rematch", status="playing")
    for name, page in arena.pages.items():  # each page offered its own seat, or to watch
        assert all(f["url"] == own_url(new, name) for f in page.frames
                   if f["type"] == "rematch"), name
    arena.taken = True
    arena.news_in()
    assert a.master.storage.get_table(new.id).status == "playing"


def own_url(new, name: str) -> str:
    """The link the rematch offer gives page `name`: its seat's at the new table, or the
    new table's public one for a spectator."""
    seat = {"seat0": 0, "seat0-twin": 0, "other": 1}.get(name)
    return f"/watch/{new.spectator}" if seat is None else f"/play/{new.seats[seat].token}"


# -- what the campaign found, kept as plain cases -----------------------------------------
@pytest.mark.parametrize("kind", ["chat", "back"])
def test_acting_on_a_server_late_to_hear_its_person_left_is_refused(servers, kind):
    """Found by the campaign: seat 0's person left on A; their page on B, whose server had
    not heard it yet, said a line all the same (a move there is refused: the database
    says the seat was left), and its "I'm back" got seat 0's own view. The protocol says
    `left` and the public view, as for a move."""
    a, b, broker = servers
    created, tokens = a.table("diciassette", 3, humans=2)
    with a.client() as on_a, b.client() as on_b:
        on_a.hello(tokens[0])
        on_b.hello(tokens[0])
        broker.late = True
        try:
            on_a.send({"type": "leave"})
            on_a.expect("left")
            on_b.send(said(kind, "still here"))
            got = sync(on_b, "sync-acted")
            assert [f["code"] for f in got if f["type"] == "error"] == ["left"], got
        finally:
            broker.on_time()
        assert [f["seat"] for f in on_b.frames if f["type"] == "left"] == [0]
        assert on_b.last_update["seat"] is None  # the public view
        sync(on_a, "sync-end")
        assert not [f for f in on_a.frames + on_b.frames if f["type"] == "chat"]
    assert a.master.storage.recent_chat(created["table"]) == []
