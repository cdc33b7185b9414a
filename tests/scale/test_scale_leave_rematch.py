"""Leaving a table and the rematch offer with two real servers on one PostgreSQL and one
Redis: what a person does through one server is what the pages on the other see, and
each person's token reaches their own pages only."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from contextlib import ExitStack

import httpx
import redis
from sqlalchemy import create_engine, func, select

from ludotheque.web.db import Storage, bot_jobs, engine_url, moves, tables
from ludotheque.web.live import Conn
from ludotheque.web.master import Master
from ludotheque.web.services import stop_processes
from play import DEADLINE, Page, Seat, check_table, create_table, drive
from ws_client import wait_for

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _spectator(database: str, table: str) -> str:
    storage = Storage(database)
    try:
        return storage.get_table(table).spectator
    finally:
        storage.close()


def test_a_person_who_leaves_on_one_server_is_seen_left_on_the_other(cluster):
    """P1 (on server 0) leaves: P2 and a spectator on server 1 see the seat left at once
    (the broker's note, not the safety-net look); the stand-in bot plays it to the end
    with nobody's page acting for it; P1's token on server 1 watches and is refused."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    a, b = 0, 1
    with ExitStack() as stack:
        def page(server: int, token: str) -> Page:
            return stack.enter_context(Page(cluster.ws_url(server), token))

        leaver = page(a, tokens[0])
        other, watcher = page(b, tokens[1]), page(b, _spectator(cluster.database, table))
        assert leaver.first["move"] == 0 and leaver.first["table"]["status"] == "playing"
        leaver.send({"type": "leave"})
        assert leaver.expect("left")["seat"] == 0
        for each in (other, watcher):
            seen = each.expect("update", lambda f: f["table"]["seats"][0]["left"])
            assert seen["table"]["seats"][0]["absent"] is True
        # the leaver's token, on the other server: a spectator's view, every act refused
        again = page(b, tokens[0])
        assert again.first["seat"] is None and again.first["legal"] == []
        assert again.expect("left")["seat"] == 0
        for frame in ({"type": "move", "actions": [0], "move": again.first["move"]},
                      {"type": "chat", "text": "hi"}, {"type": "back"}, {"type": "leave"},
                      {"type": "rematch"}):
            again.send(frame)
            refused = again.expect("error")
            assert refused["code"] == "left" and "left" in refused["message"], refused
        drive([other], random.Random(21))  # only P2 plays; the stand-in plays seat 0
        for each in (leaver, watcher, again):
            each.expect("update", lambda f: f["result"] is not None)
        check_table(cluster.database, cluster.url(b), table,
                    [_seen(1, other), _seen(None, watcher)])
    engine = create_engine(engine_url(cluster.database))
    try:
        with engine.connect() as conn:
            seats = conn.execute(select(moves.c.seat).where(moves.c.table_id == table)
                                 .order_by(moves.c.idx)).scalars().all()
    finally:
        engine.dispose()
    assert 0 in seats and 1 in seats  # seat 0 moved with nobody's page acting for it


@contextlib.contextmanager
def _notes_held(redis_url: str):
    """Redis holds every publish back (CLIENT PAUSE WRITE) while inside: no server hears
    another's news until the block ends, as when a note is slow to arrive."""
    client = redis.Redis.from_url(redis_url)
    client.execute_command("CLIENT", "PAUSE", int(DEADLINE * 1000), "WRITE")
    try:
        yield
    finally:
        client.execute_command("CLIENT", "UNPAUSE")
        client.close()


def _p1_on_both_servers(cluster, stack: ExitStack) -> tuple[str, Page, Page, Page]:
    """A table of two people: P1's pages on server 0 and on server 1 (in French), P2's on
    server 1; the table's id and those pages."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    return (table, *(stack.enter_context(Page(cluster.ws_url(server), token, lang=lang))
                     for server, token, lang in ((0, tokens[0], "en"), (1, tokens[0], "fr"),
                                                 (1, tokens[1], "en"))))


def _told_it_left(page: Page, cluster, table: str) -> None:
    """P1's French page was refused (`left`), told it left, and watches from now on."""
    assert page.expect("left") == {"type": "left", "seat": 0,
                                   "url": f"/watch/{_spectator(cluster.database, table)}"}
    refused = page.expect("error")
    assert refused["code"] == "left" and "quitté" in refused["message"], refused
    assert page.last["seat"] is None and page.last["legal"] == []
    assert page.last["table"]["seats"][0]["left"]


def test_leaving_twice_through_two_servers_answers_left_then_the_end_game_over(cluster):
    """P1 has a page on each server. The first leaves (server 0); the second, on server 1,
    which has not heard of it, says leave too: it is told it left (in its language) and
    watches, never "the game is over". Once the game is over, a leave is `game_over`."""
    with ExitStack() as stack:
        table, first, second, other = _p1_on_both_servers(cluster, stack)
        with _notes_held(cluster.broker):
            first.send({"type": "leave"})
            assert first.expect("left")["seat"] == 0
            second.send({"type": "leave"})
            _told_it_left(second, cluster, table)
        drive([other], random.Random(23))
        other.send({"type": "leave"})
        refused = other.expect("error")
        assert refused["code"] == "game_over" and "over" in refused["message"], refused


def test_a_page_whose_person_left_elsewhere_is_told_so_when_it_moves(cluster):
    """P1 leaves through server 0 while the notes are held; server 1 reads the table anew
    (someone asks for a seat there) before it hears the note: P2's page there sees the
    seat left. P1's page on server 1 then moves: it is refused (`left`) and told it
    watches (the `left` frame, a spectator's view), as a second `leave` would be."""
    with ExitStack() as stack:
        table, first, second, other = _p1_on_both_servers(cluster, stack)
        storage = Storage(cluster.database)
        invite = storage.get_table(table).invite
        storage.close()
        with _notes_held(cluster.broker):
            first.send({"type": "leave"})
            assert first.expect("left")["seat"] == 0
            taken = httpx.post(f"{cluster.url(1)}/api/join/{invite}",
                               json={"seat": 0, "name": "Zoé"}, timeout=DEADLINE)
            assert taken.status_code == 409, taken.text
            # what server 1 read for that request, its pages see too
            other.expect("update", lambda f: f["table"]["seats"][0]["left"])
            second.send({"type": "move", "actions": [0], "move": second.last["move"]})
            _told_it_left(second, cluster, table)


def test_a_move_from_a_seat_left_on_another_server_is_never_stored(cluster):
    """P1 leaves through server 0 while the notes are held; server 1, which has not heard
    of it, gets a move from P1's page there: the database's write of a person's move reads
    the seats left in its own transaction and refuses it, so the seat plays no move of the
    person who left (the stand-in's job, no worker running, waits untouched); the page is
    told it left and watches."""
    stop_processes(cluster.workers)  # the stand-in's move waits in the database
    try:
        with ExitStack() as stack:
            table, first, second, other = _p1_on_both_servers(cluster, stack)
            while second.last["to_act"] != 0:  # P2 plays until it is P1's turn
                count = other.expect("update",
                                     lambda f: f["move"] == second.last["move"])["move"]
                other.send({"type": "move", "actions": [other.last["legal"][0]["id"]],
                            "move": count})
                second.expect("update", lambda f, n=count: f["move"] > n)
            played = second.last["move"]
            with _notes_held(cluster.broker):
                first.send({"type": "leave"})
                assert first.expect("left")["seat"] == 0
                second.send({"type": "move", "actions": [second.last["legal"][0]["id"]],
                             "move": second.last["move"]})
                _told_it_left(second, cluster, table)
            storage = Storage(cluster.database)
            try:
                assert storage.count_moves(table) == played
            finally:
                storage.close()
    finally:
        cluster.start_worker()


def _stand_in_by_one_job(cluster, turn_timer: float | None, hand_over) -> None:
    """P1 (server 0) hands their turn to the stand-in (`hand_over(p1)`) while P2 plays on
    server 1: the stand-in's move is asked of the workers (one job row, written with that
    change), as any bot's, not played by each server holding the table. With no worker
    it waits for one; a worker then plays every stand-in turn, once, and the game ends."""
    stop_processes(cluster.workers)  # for now: the job stays in the database
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS, turn_timer)
    engine = create_engine(engine_url(cluster.database))

    def stored() -> tuple[list[tuple], int]:
        with engine.connect() as conn:
            jobs = conn.execute(select(bot_jobs.c.idx, bot_jobs.c.seat, bot_jobs.c.level)
                                .where(bot_jobs.c.table_id == table)).all()
            seats = conn.execute(select(moves.c.seat).where(moves.c.table_id == table)
                                 ).scalars().all()
        return [tuple(job) for job in jobs], seats

    with ExitStack() as stack:
        stack.callback(engine.dispose)
        p1 = stack.enter_context(Page(cluster.ws_url(0), tokens[0]))
        p2 = stack.enter_context(Page(cluster.ws_url(1), tokens[1]))
        while p1.last["to_act"] != 0:  # P2 plays until it is P1's turn
            count = p2.expect("update", lambda f: f["move"] == p1.last["move"])["move"]
            p2.send({"type": "move", "actions": [p2.last["legal"][0]["id"]], "move": count})
            p1.expect("update", lambda f, n=count: f["move"] > n)
        count = p1.last["move"]
        hand_over(p1)
        p2.expect("update", lambda f: f["table"]["seats"][0]["absent"])
        # (the time-out's write may follow its announcement)
        wait_for(lambda: stored()[0], "the stand-in's move was never asked for", DEADLINE)
        jobs, seats = stored()
        assert jobs == [(count, 0, "medium")] and len(seats) == count  # nobody played it
        cluster.start_worker()
        drive([p2], random.Random(24))
        p1.expect("update", lambda f: f["result"] is not None)
        check_table(cluster.database, cluster.url(0), table,
                    [_seen(1, p2), _seen(p1.last["seat"], p1)])  # P1's: seat 0's, or watching
        jobs, seats = stored()
        assert jobs == [] and seats.count(0) > 1  # every stand-in turn asked and played


def test_the_stand_in_of_a_person_who_left_is_one_bot_job(cluster):
    def leave(page: Page) -> None:
        page.send({"type": "leave"})
        page.expect("left")

    _stand_in_by_one_job(cluster, None, leave)


def test_the_stand_in_of_a_person_timed_out_is_one_bot_job(cluster):
    """Both servers hold the table, so both run its turn timer and time P1 out."""
    _stand_in_by_one_job(cluster, 10, lambda page: page.expect(
        "update", lambda f: f["table"]["seats"][0]["absent"]))


async def _rematch_told_nobody(database: str, table: str) -> str:
    """P1 asks for the rematch of `table` through a server that tells no other (a master
    alone, whose broker publishes nothing), as if its note were lost; the rematch's id."""
    async def unread(_text: str) -> None:
        return None

    storage = Storage(database)
    master = Master(storage, deals=random.Random(26))
    try:
        old = await master.get(table)
        page = Conn(unread)
        page.table, page.seat = old, 0
        await master.rematch(page)
        return old.row.rematch
    finally:
        await master.close()
        storage.close()


def test_a_rematch_whose_notes_were_lost_still_reaches_the_open_pages(cluster):
    """The rematch is made, then joined, through servers whose notes are lost: the finished
    table's open pages, on both servers, get each offer from the servers' regular look at
    the database, not only once they reconnect."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    storage = Storage(cluster.database)
    with ExitStack() as stack:
        stack.callback(storage.close)
        pages = [stack.enter_context(Page(cluster.ws_url(server), tokens[server]))
                 for server in (0, 1)]
        drive(pages, random.Random(25))
        new = storage.get_table(asyncio.run(_rematch_told_nobody(cluster.database, table)))
        urls = [f"/play/{new.seats[seat].token}" for seat in (0, 1)]
        for page, url in zip(pages, urls):
            assert page.expect("rematch") == {"type": "rematch", "url": url,
                                              "status": "waiting", "by": ["P1"]}
        # P2 joins it through a server that tells nobody either: the database only
        assert storage.take_seat(new.id, 1, "P2") and storage.start_if_full(new.id)
        for page, url in zip(pages, urls):
            assert page.expect("rematch", lambda f: len(f["by"]) == 2) == {
                "type": "rematch", "url": url, "status": "playing", "by": ["P1", "P2"]}


def _seen(seat, page: Page) -> Seat:
    """What a page saw, as `check_table` compares it with the stored record."""
    seen = Seat(token="", seat=seat, server=0, rng=random.Random(0))
    seen.last = page.last
    return seen


def test_a_rematch_across_servers_is_offered_to_each_person_alone(cluster):
    """P1 asks on server 0: P2's page on server 1 gets its own new seat's link (no other
    token reaches any page, ever), the spectator there the new table's public link; P2
    opens the link on server 1, the table starts, both play it. Then both ask at once,
    each on their server: one table."""
    rng = random.Random(22)
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    a, b = 0, 1
    storage = Storage(cluster.database)
    with ExitStack() as stack:
        stack.callback(storage.close)

        def page(server: int, token: str) -> Page:
            return stack.enter_context(Page(cluster.ws_url(server), token))

        p1, p2 = page(a, tokens[0]), page(b, tokens[1])
        watcher = page(b, storage.get_table(table).spectator)
        drive([p1, p2], rng)
        p1.send({"type": "rematch"})
        offers = [each.expect("rematch") for each in (p1, p2, watcher)]
        new = storage.get_table(storage.get_table(table).rematch)
        assert [offer["url"] for offer in offers] == [
            f"/play/{new.seats[0].token}", f"/play/{new.seats[1].token}",
            f"/watch/{new.spectator}"]
        assert all(offer["by"] == ["P1"] and offer["status"] == "waiting" for offer in offers)
        q1 = page(a, new.seats[0].token)
        assert q1.first["table"]["status"] == "waiting" and q1.first["seat"] == 0
        q2 = page(b, new.seats[1].token)  # P2 accepts on the other server: it starts
        assert q2.first["table"]["status"] == "playing" and q2.first["move"] == 0
        assert q2.first["table"]["id"] == new.id and q2.first["seat"] == 1
        q1.expect("update", lambda f: f["table"]["status"] == "playing")
        # the old table's pages, on both servers, hear that P2 joined: the offer again
        for each, offer in zip((p1, p2, watcher), offers):
            again = each.expect("rematch", lambda f: len(f["by"]) == 2)
            assert again == {**offer, "by": ["P1", "P2"], "status": "playing"}
        drive([q1, q2], rng)
        check_table(cluster.database, cluster.url(a), new.id,
                    [_seen(0, q1), _seen(1, q2)])

        # both ask at once, each on their server: one rematch of the rematch
        barrier = threading.Barrier(2)

        def ask(each: Page) -> None:
            barrier.wait(timeout=DEADLINE)
            each.send({"type": "rematch"})

        askers = [threading.Thread(target=ask, args=(each,)) for each in (q1, q2)]
        for thread in askers:
            thread.start()
        for thread in askers:
            thread.join(timeout=DEADLINE)
        urls = [each.expect("rematch")["url"] for each in (q1, q2)]
        engine = create_engine(engine_url(cluster.database))
        try:
            with engine.connect() as conn:
                made = conn.execute(select(func.count()).select_from(tables).where(
                    tables.c.rematch_of == new.id)).scalar_one()
        finally:
            engine.dispose()
        assert made == 1
        third = storage.get_table(storage.get_table(new.id).rematch)
        assert urls == [f"/play/{third.seats[0].token}", f"/play/{third.seats[1].token}"]
        for each in (p1, p2, watcher, q1, q2):
            each.drain(0.05)
        # no page was ever told a token that is not its own person's
        rows = [storage.get_table(table), new, third]
        own = {person: {row.seats[person].token for row in rows} for person in (0, 1)}
        secrets = {row.invite for row in rows} | own[0] | own[1]
        for each, person in ((p1, 0), (q1, 0), (p2, 1), (q2, 1), (watcher, None)):
            text = json.dumps(each.frames)
            leaked = {s for s in secrets - own.get(person, set()) if s in text}
            assert not leaked, f"person {person}'s page saw tokens not theirs"
