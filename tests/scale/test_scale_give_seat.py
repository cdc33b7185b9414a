"""A rematch's seat kept for someone who went home, given away through two real servers on
one PostgreSQL and one Redis: two people giving it at once on different servers make one
gift (the database decides), every page on either server hears it, the old token is
refused on both, and the seat's new token reaches nobody but the person who sits there."""

from __future__ import annotations

import json
import random
import threading
from contextlib import ExitStack

import httpx

from ludotheque.web.db import Storage
from ludotheque.web.table_request import new_token
from play import DEADLINE, Page, create_table, drive
from ws_client import WsClient

HUMANS = [{"kind": "human"}] * 3


def test_a_seat_given_at_once_on_two_servers_is_given_once_and_heard_everywhere(cluster):
    """P1 (server 0) and P3 (server 1) both give P2's kept seat to anyone at the same
    moment: one gift; the other is told the seat is no longer kept. Both rematch pages
    show the invite; P2's page of the old game (server 1) is offered to watch; P2's old
    link is refused on both servers; Denis joins by the invite and the game starts."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    storage = Storage(cluster.database)
    with ExitStack() as stack:
        stack.callback(storage.close)

        def page(server: int, token: str, lang: str = "en") -> Page:
            return stack.enter_context(Page(cluster.ws_url(server), token, lang))

        old = [page(0, tokens[0]), page(1, tokens[1]), page(1, tokens[2])]
        watcher = page(1, storage.get_table(table).spectator)
        drive(old, random.Random(31))
        old[0].send({"type": "rematch"})
        old[0].expect("rematch")
        new = storage.get_table(storage.get_table(table).rematch)
        q1, q3 = page(0, new.seats[0].token), page(1, new.seats[2].token)
        q1.expect("update", lambda f: f["table"]["seats"][2]["taken"])
        gate = threading.Barrier(2)

        def give(each: Page) -> None:
            gate.wait(timeout=DEADLINE)
            each.send({"type": "give_seat", "seat": 1, "to": "anyone"})

        givers = [threading.Thread(target=give, args=(each,)) for each in (q1, q3)]
        for thread in givers:
            thread.start()
        for thread in givers:
            thread.join(timeout=DEADLINE)
        refused = [each.errors_so_far() for each in (q1, q3)]
        assert sorted(len(said) for said in refused) == [0, 1], refused
        assert [f["code"] for said in refused for f in said] == ["give_not_kept"]
        seat = storage.get_table(new.id).seats[1]
        assert (seat.name, seat.taken, seat.given) == (None, False, new.seats[1].token)
        invites = [each.expect("update", lambda f: "invite_url" in f)["invite_url"]
                   for each in (q1, q3)]
        assert invites == [f"/join/{new.invite}"] * 2
        watch = f"/watch/{new.spectator}"
        assert old[1].expect("rematch", lambda f: f["url"] == watch)["status"] == "waiting"
        for server in (0, 1):  # server 1 held the old token in memory
            for lang, words in (("en", "given to someone else"), ("fr", "cédée à quelqu")):
                with WsClient(cluster.ws_url(server)) as bob:
                    said = bob.hello_refused(new.seats[1].token, lang)
                assert said["code"] == "seat_given" and said["url"] == watch
                assert words in said["message"], said
        with httpx.Client(base_url=cluster.url(1), timeout=DEADLINE) as api:
            joined = api.post(f"/api/join/{new.invite}", json={"seat": 1, "name": "Denis"})
        assert joined.status_code == 200, joined.text
        denis_token = joined.json()["seat_url"].rsplit("/", 1)[1]
        denis = page(0, denis_token)
        assert denis.first["table"]["status"] == "playing" and denis.first["seat"] == 1
        q3.expect("update", lambda f: f["table"]["status"] == "playing")
        for each in (*old, watcher, q1, q3):
            each.drain(0.05)
            assert denis_token not in json.dumps(each.frames)
        assert not any(s.token in json.dumps(watcher.frames)
                       for row in (storage.get_table(table), new) for s in row.seats if s.token)


def test_a_seat_given_whose_note_was_lost_still_reaches_the_open_pages(cluster):
    """P2's kept seat is given away through a server that tells no other (the database
    alone, as if its note were lost): it changes neither the rematch's status nor its
    seats taken, yet the regular look at the database finds it: the rematch's pages on
    both servers show the invite, and P2's page of the old game, on either server, is
    offered to watch instead of the seat link that leads nowhere now."""
    table, tokens = create_table(cluster.url(0), "diciassette", HUMANS)
    storage = Storage(cluster.database)
    with ExitStack() as stack:
        stack.callback(storage.close)

        def page(server: int, token: str) -> Page:
            return stack.enter_context(Page(cluster.ws_url(server), token))

        old = [page(0, tokens[0]), page(1, tokens[1]), page(1, tokens[2])]
        drive(old, random.Random(32))
        bob_elsewhere = page(0, tokens[1])
        old[0].send({"type": "rematch"})
        old[0].expect("rematch")
        new = storage.get_table(storage.get_table(table).rematch)
        offer = f"/play/{new.seats[1].token}"
        for bob in (old[1], bob_elsewhere):
            assert bob.expect("rematch")["url"] == offer
        q1, q3 = page(0, new.seats[0].token), page(1, new.seats[2].token)
        q1.expect("update", lambda f: f["table"]["seats"][2]["taken"])
        assert storage.give_seat(new.id, 1, new.seats[1].token, new_token())
        for each in (q1, q3):
            seen = each.expect("update", lambda f: "invite_url" in f)
            assert not seen["table"]["seats"][1]["kept"], seen
        watch = f"/watch/{new.spectator}"
        for bob in (old[1], bob_elsewhere):
            assert bob.expect("rematch", lambda f: f["url"] != offer)["url"] == watch
