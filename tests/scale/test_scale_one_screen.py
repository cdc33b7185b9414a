"""One screen across several servers: the shared screen's sockets (one per seat it holds
and one on the table's `watch_url`) may land on different servers behind a load
balancer; each still sees every move in order, every chat line and the rematch."""

from __future__ import annotations

import random
from contextlib import ExitStack

from ludotheque.web.db import Storage
from play import Page, check_table, create_table, drive
from test_scale_leave_rematch import HUMANS, _seen


def _events_in_order(page: Page) -> list[int]:
    """The log events a page was told, each once and in order; the moves it saw."""
    told: list[int] = []
    for frame in (f for f in page.frames if f["type"] == "update"):
        if frame["log_reset"]:
            told = []
        told += [event["index"] for event in frame["events"]]
    assert told == list(range(len(told)))
    moves = [f["move"] for f in page.frames if f["type"] == "update"]
    assert moves == sorted(moves)
    return moves


def test_a_shared_screen_s_sockets_on_two_servers_see_one_table(cluster):
    """Seat 0's socket on server 0, seat 1's and the public one on server 1: moves by
    both, a chat line as each, a rematch asked through seat 1 reaching seat 0's socket."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    with ExitStack() as stack:
        p1 = stack.enter_context(Page(cluster.ws_url(0), tokens[0]))
        p2 = stack.enter_context(Page(cluster.ws_url(1), tokens[1]))
        public = stack.enter_context(
            Page(cluster.ws_url(1), p1.first["watch_url"].rsplit("/", 1)[1]))
        pages = (p1, p2, public)
        assert p2.first["watch_url"] == p1.first["watch_url"]
        for seat, page in enumerate((p1, p2)):
            page.send({"type": "chat", "text": f"from seat {seat}"})
            for each in pages:
                line = each.expect("chat", lambda f, s=seat: f["seat"] == s)
                assert (line["from"], line["text"]) == (f"P{seat + 1}", f"from seat {seat}")
        drive([p1, p2], random.Random(27))
        public.expect("update", lambda f: f["result"] is not None)
        assert len({p1.last["move"], p2.last["move"], public.last["move"]}) == 1
        for page in pages:
            _events_in_order(page)
        assert all(f["scene"] is None or f["scene"].get("hand") is None
                   for f in public.frames if f["type"] == "update")
        check_table(cluster.database, cluster.url(1), table,
                    [_seen(0, p1), _seen(1, p2), _seen(None, public)])
        p2.send({"type": "rematch"})
        offers = [each.expect("rematch") for each in pages]
        storage = Storage(cluster.database)
        try:
            new = storage.get_table(storage.get_table(table).rematch)
        finally:
            storage.close()
        assert [offer["url"] for offer in offers] == [
            f"/play/{new.seats[0].token}", f"/play/{new.seats[1].token}",
            f"/watch/{new.spectator}"]
