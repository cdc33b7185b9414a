"""Leaving a table and the rematch offer with two real servers on one PostgreSQL and one
Redis: what a person does through one server is what the pages on the other see, and
each person's token reaches their own pages only."""

from __future__ import annotations

import random
import time
from contextlib import ExitStack

from play import Page, Seat, check_table, create_table, drive
from sqlalchemy import create_engine, select

from ludotheque.web.broker import POLL
from ludotheque.web.db import Storage, engine_url, moves

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
        told = time.monotonic()
        assert leaver.expect("left")["seat"] == 0
        for each in (other, watcher):
            seen = each.expect("update", lambda f: f["table"]["seats"][0]["left"])
            assert seen["table"]["seats"][0]["absent"] is True
        assert time.monotonic() - told < POLL, "the other server heard of it by its look"
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


def _seen(seat, page: Page) -> Seat:
    """What a page saw, as `check_table` compares it with the stored record."""
    seen = Seat(token="", seat=seat, server=0, rng=random.Random(0))
    seen.last = page.last
    return seen

