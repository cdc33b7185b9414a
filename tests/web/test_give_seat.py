"""A rematch waiting for someone who went home: a person seated there gives that seat away,
to anyone (a free seat: the invite shows, whoever comes sits there) or to a bot (the stand-in
level: the table starts at once if nobody else is missing). Real server, real WebSockets."""

from __future__ import annotations

import contextlib
import random
import re
import sqlite3
import threading

import pytest
from websockets.exceptions import ConnectionClosed

from chromium import PHONE
from ludotheque.i18n import t
from ludotheque.web.live import STAND_IN
from ludotheque.web.refusals import Duration
from test_browser import LOCALES, NOWHERE, new_page, plain, rematch_of_three, told_gone
from test_prune import age, prune, wait_for_status
from web_servers import run_app_in_thread, stop_thread_server
from ws_client import drive

LANGS = ("en", "fr")


@contextlib.contextmanager
def rematch_waiting(tmp_path, seed: int = 5, **options):
    """P1, P2 and P3 finish a game of 17; P1 asks for a rematch, and P1 and P3 sit down
    there. Yields the server, the old table's pages (P1's, P2's, P3's, the spectator's),
    the pages of P1 and P3 at the rematch, the rematch's seat tokens and its id (and the
    old table's seat tokens as `handle.old_tokens`)."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'give.sqlite3'}",
                               deals=random.Random(seed), **options)
    try:
        created, tokens = handle.table("diciassette", 3, humans=3)
        handle.old_tokens = tokens
        with contextlib.ExitStack() as stack:
            old = [stack.enter_context(handle.client()) for _ in range(4)]
            for page, token in zip(old, [*tokens, created["spectator"]]):
                page.hello(token)
            drive(old[:3])
            old[0].send({"type": "rematch"})
            new = [page.expect("rematch")["url"].rsplit("/", 1)[1] for page in old[:3]]
            old[3].expect("rematch")
            ada, camille = (stack.enter_context(handle.client()) for _ in range(2))
            ada.hello(new[0])
            camille.hello(new[2])
            new_id = handle.master.storage.get_table(created["table"]).rematch
            yield handle, old, (ada, camille), new, new_id
    finally:
        stop_thread_server(handle)


def seats(handle, table_id: str) -> list:
    return handle.master.storage.get_table(table_id).seats


def give(page, seat, to="anyone") -> None:
    page.send({"type": "give_seat", "seat": seat, "to": to})


def test_a_seat_given_to_anyone_is_free_for_the_invite_and_its_old_link_watches(tmp_path):
    """P1 gives P2's seat to anyone: every page of the rematch sees a free seat and its
    invite; P2's page of the old game is offered to watch; a newcomer joins by the invite
    (the seat's new token in the join's answer only) and the game starts; P2's old link is
    refused in words, in P2's language, with the rematch's public link."""
    with rematch_waiting(tmp_path) as (handle, old, (ada, camille), new, new_id):
        kept = seats(handle, new_id)[1]
        assert (kept.name, kept.taken) == ("P2", False)
        give(ada, 1)
        for page in (ada, camille):
            update = page.until(lambda f: "invite_url" in f)
            seat = update["table"]["seats"][1]
            assert (seat["name"], seat["taken"], seat["kept"]) == ("Seat 2", False, False)
        given = seats(handle, new_id)[1]
        assert given.name is None and given.given == new[1] and given.token != new[1]
        watch = f"/watch/{handle.master.storage.get_table(new_id).spectator}"
        offer = old[1].expect("rematch", url=watch)  # P2's page: watch, and why
        assert (offer["status"], offer["given"]) == ("waiting", "anyone")
        for page in (old[0], old[2], old[3]):  # nobody else's seat was given
            assert "given" not in page.expect("rematch")
        invite = ada.last_update["invite_url"].rsplit("/", 1)[1]
        denis = handle.join(invite, 1, "Denis")
        assert denis == given.token
        started = ada.until(lambda f: f["table"]["status"] == "playing")
        assert [s["name"] for s in started["table"]["seats"]] == ["P1", "Denis", "P3"]
        for lang in LANGS:
            with handle.client() as bob:
                refused = bob.hello_refused(new[1], lang)
            assert (refused["code"], refused["message"], refused["url"], refused["to"]) == (
                "seat_given", t("web.server.error.seat_given", lang), watch, "anyone")
            answer = handle.api.get(f"/api/play/{new[1]}?lang={lang}")
            assert answer.status_code == 410
            assert answer.json()["error"] == {"code": "seat_given", "url": watch, "to": "anyone",
                                              "message": t("web.server.error.seat_given", lang)}
        # the seat's new token reached no page: only the join's answer
        for page in (*old, ada, camille):
            assert denis not in str(page.frames)
        assert not any(token in str(old[3].frames) for token in (*new, denis))


def test_a_seat_given_to_a_bot_starts_the_table_and_the_bot_plays_it(tmp_path):
    """P1 gives P2's seat to a bot: the table starts at once (nobody else is missing), the
    bot (the stand-in's level) plays seat 2, to the end; P2's old link says a bot plays it."""
    with rematch_waiting(tmp_path) as (handle, old, (ada, camille), new, new_id):
        give(camille, 1, "bot")
        started = ada.until(lambda f: f["table"]["status"] == "playing")
        assert started["table"]["seats"][1]["kind"] == "bot"
        seat = seats(handle, new_id)[1]
        assert (seat.kind, seat.level, seat.token, seat.given) == ("bot", STAND_IN, None, new[1])
        drive([ada, camille])
        played = {s for _, s, _ in handle.master.storage.get_moves(new_id)}
        assert 1 in played
        watch = f"/watch/{handle.master.storage.get_table(new_id).spectator}"
        offer = old[1].expect("rematch", url=watch)
        assert (offer["by"], offer["given"]) == (["P1", "P3"], "bot")
        for lang in LANGS:
            with handle.client() as bob:
                refused = bob.hello_refused(new[1], lang)
            assert (refused["code"], refused["message"], refused["url"], refused["to"]) == (
                "seat_given", t("web.server.error.seat_given_bot", lang), watch, "bot")


def wrong_gifts() -> list:
    """(the frame's fields, the refusal's code, its text's key and parameters) of each way
    of giving a seat wrongly from P1's seat, while P2's is kept and P3 sat down."""
    kept = "2 (P2)"  # numbered as people count, as the join page does
    return [
        ({"seat": 1, "to": "nobody"}, "give_to", {"value": '"nobody"'}),
        ({"seat": 1}, "give_to", {"value": "null"}),
        ({"seat": "1", "to": "bot"}, "bad_seat", {"field": "seat", "value": '"1"', "last": 2}),
        ({"seat": 3, "to": "bot"}, "bad_seat", {"field": "seat", "value": "3", "last": 2}),
        ({"seat": True, "to": "anyone"}, "bad_seat", {"field": "seat", "value": "true",
                                                      "last": 2}),
        ({"seat": 0, "to": "anyone"}, "give_own", {"seat": 1, "kept": kept}),
        ({"seat": 2, "to": "bot"}, "give_not_kept", {"seat": "3 (P3)", "kept": kept}),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_wrong_gift_is_refused_in_words_and_changes_nothing(tmp_path, lang):
    """Each wrong `give_seat` (its fields, a spectator, the old table, which is no rematch,
    the rematch once started) is refused in the sender's language saying what is wrong and
    what is allowed; the seats stay as they were."""
    with rematch_waiting(tmp_path) as (handle, old, (ada, camille), new, new_id):
        spectator = handle.master.storage.get_table(new_id).spectator
        with handle.client() as page, handle.client() as watcher, \
                handle.client() as old_page:
            page.hello(new[0], lang=lang)
            watcher.hello(spectator, lang=lang)
            old_page.hello(handle.old_tokens[0], lang=lang)
            before = seats(handle, new_id)
            for fields, code, params in wrong_gifts():
                page.send({"type": "give_seat", **fields})
                refused = page.expect("error")
                assert refused["code"] == code, (fields, refused)
                assert refused["message"] == t(f"web.server.error.{code}", lang, **params)
            page.send({"type": "give_seat", "seat": 1, "to": "bot", "level": "hard"})
            refused = page.expect("error")
            assert refused["code"] == "unknown_field" and "level" in refused["message"]
            assert refused["message"] == t("web.server.error.unknown_frame_field", lang,
                                           field='level', allowed="type, seat, to",
                                           type="give_seat")
            give(watcher, 1)
            refused = watcher.expect("error")
            assert (refused["code"], refused["message"]) == (
                "spectator", t("web.server.error.spectator", lang))
            give(old_page, 1)
            refused = old_page.expect("error")
            assert (refused["code"], refused["message"]) == (
                "give_not_rematch", t("web.server.error.give_not_rematch", lang))
            assert seats(handle, new_id) == before
            give(page, 1, "bot")  # allowed: nobody else is missing, the table starts
            page.until(lambda f: f["table"]["status"] == "playing")
            after = seats(handle, new_id)
            give(page, 1, "anyone")
            refused = page.expect("error")
            assert (refused["code"], refused["message"]) == (
                "give_started", t("web.server.error.give_started", lang))
            assert seats(handle, new_id) == after


def at_once(*sends) -> None:
    """Each of `sends` from its own thread, released together."""
    gate = threading.Barrier(len(sends))

    def run(send):
        gate.wait()
        send()

    threads = [threading.Thread(target=run, args=(send,)) for send in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


@pytest.mark.parametrize("gifts", [("anyone", "anyone"), ("anyone", "bot")])
def test_two_people_giving_the_same_seat_at_once_make_one_gift(tmp_path, gifts):
    """P1 and P3 give P2's seat at the same moment: exactly one of them does it; the other
    is told the seat is no longer kept (or, given to a bot first, that the game started)."""
    with rematch_waiting(tmp_path) as (handle, old, (ada, camille), new, new_id):
        at_once(*(lambda page=page, to=to: give(page, 1, to)
                  for page, to in zip((ada, camille), gifts)))
        errors = {page: page.errors_so_far() for page in (ada, camille)}
        losers = [page for page, said in errors.items() if said]
        assert len(losers) == 1
        won = gifts[losers[0] is ada]
        seat = seats(handle, new_id)[1]
        assert seat.given == new[1] and seat.kind == ("bot" if won == "bot" else "human")
        assert [(f["code"], f["message"]) for f in errors[losers[0]]] == [
            ("give_started", t("web.server.error.give_started", "en")) if won == "bot" else
            ("give_not_kept", t("web.server.error.give_not_kept", "en", seat="2",
                                kept=t("web.server.error.none_kept", "en")))]


def test_the_kept_person_arriving_while_the_seat_is_given_gets_one_outcome(tmp_path):
    """P2 opens the rematch's link just as P1 gives the seat away: either P2 sits down and
    P1 is told the seat is no longer kept, or the gift is made and P2 is told, never both."""
    with rematch_waiting(tmp_path) as (handle, old, (ada, camille), new, new_id):
        with handle.client() as bob:
            at_once(lambda: give(ada, 1, "anyone"),
                    lambda: bob.send({"type": "hello", "token": new[1], "lang": "en",
                                      "since": 0}))
            bob_refused, ada_refused = bob.errors_so_far(), ada.errors_so_far()
            seat = seats(handle, new_id)[1]
            if not bob_refused:  # P2 sat down first: the game is on
                assert (seat.name, seat.taken, seat.given) == ("P2", True, None)
                assert [f["code"] for f in ada_refused] == ["give_started"]  # he was the last
                assert bob.last_update["table"]["status"] == "playing"
            else:
                assert [f["code"] for f in bob_refused] == ["seat_given"]
                assert (seat.name, seat.taken, seat.given) == (None, False, new[1])
                assert not ada_refused and bob.last_update is None


def test_a_given_seat_s_link_says_the_rematch_closed_since_then_once_pruned_leads_nowhere(
        tmp_path, browser):
    """P2's seat went to anyone, nobody took it and the rematch was closed (its server
    restarted, waiting 0.4 s at most): P2's link says the rematch was closed, not that his
    seat was given with a rematch to watch (there is none), alike in a hello, in
    GET /api/play and on his page, in each language. Once `ludotheque prune` removed it,
    the link leads nowhere, as any removed table's."""
    with rematch_waiting(tmp_path) as (handle, _, (ada, _camille), new, new_id):
        give(ada, 1)
        ada.until(lambda f: "invite_url" in f)
        database, bob = handle.database, new[1]
    handle = run_app_in_thread(database, waiting_ttl=0.4)
    try:
        wait_for_status(handle, new_id, "closed")
        for lang in LANGS:
            said = t("web.server.error.closed_partly", lang, ttl=Duration(0.4).message(lang))
            with handle.client() as page:
                refused = page.hello_refused(bob, lang)
            assert (refused["code"], refused["message"]) == ("closed", said)
            answer = handle.api.get(f"/api/play/{bob}?lang={lang}")
            assert answer.status_code == 410
            assert answer.json()["error"] == {"code": "closed", "message": said}
            told(browser, handle, bob, lang, t("web.table.rematch_closed", lang))
        age(handle.master.storage, new_id)
        prune(database)
        for lang in LANGS:
            with handle.client() as page:
                assert page.hello_refused(bob, lang)["code"] == "unknown_token"
            answer = handle.api.get(f"/api/play/{bob}?lang={lang}")
            assert (answer.status_code, answer.json()["error"]["code"]) == (404, "unknown_token")
            told(browser, handle, bob, lang, NOWHERE[lang])
    finally:
        stop_thread_server(handle)


def told(browser, handle, token: str, lang: str, words: str) -> None:
    """P2's rematch link, opened on a phone in `lang`: the panel of a table that is no more
    says `words`, with the way to the lobby."""
    page = new_page(browser, LOCALES[lang], PHONE)
    page.goto(f"{handle.url}/play/{token}")
    told_gone(page, re.sub(r"[\u00a0\u202f]", " ", words), lang)
    page.context.close()


def test_a_late_friend_with_the_first_game_s_invite_is_led_to_the_seat_given_at_the_rematch(
        browser, server):
    """Denis was sent the first game's invite; he arrives once it is over, P1 at its rematch
    having given P2's seat to anyone, P3's still kept. The old invite says the game is
    over and leads to the rematch's, where the given seat is his to take and P3's says
    whom it is kept for (before: "Every seat is taken", and no way on). A finished game
    with no rematch says it is over, with the way to the lobby."""
    tokens, offered = rematch_of_three(server)
    with server.client() as ada:
        ada.hello(offered[0].rsplit("/", 1)[1])
        give(ada, 1)
        ada.until(lambda f: "invite_url" in f)
    old = server.master.storage.table_by_token(tokens[0])[0]
    denis = new_page(browser, "fr-FR", PHONE)
    denis.goto(f"{server.url}/join/{old.invite}")
    denis.wait_for_selector("#gone")
    assert plain(denis, "#gone-text") == ("Cette partie est terminée, et ses joueurs ont "
                                         "demandé une revanche à une nouvelle table.")
    denis.get_by_role("link", name="Aller à la revanche").click()
    denis.wait_for_selector("#name")
    seats = denis.locator(".choice-list li")
    assert [plain(denis, f".choice-list li:nth-child({n}) label").strip()
            for n in (1, 2, 3)] == ["Place 1 · prise par P1", "Place 2",
                                    "Place 3 · gardée pour P3"]
    assert [seats.nth(n).locator("input").is_enabled() for n in range(3)] == [
        False, True, False]
    denis.fill("#name", "Denis")
    denis.click("#join-submit")
    denis.wait_for_url("**/play/**")
    rematch = server.master.storage.table_by_token(offered[0].rsplit("/", 1)[1])[0]
    assert [seat.name for seat in server.master.storage.get_table(rematch.id).seats] == [
        "P1", "Denis", "P3"]
    created, tokens = server.table("diciassette", 3, humans=1)
    with server.client() as ann:
        ann.hello(tokens[0])
        drive([ann])
    denis.goto(f"{server.url}{created['invite_url']}")
    denis.wait_for_selector("#gone")
    assert plain(denis, "#gone-text") == ("Cette partie est terminée : il n'y a plus de "
                                         "place à prendre à sa table.")
    assert denis.get_attribute("#gone-home", "href") == "/"
    assert not denis.errors, denis.errors
    denis.context.close()


def test_a_hello_whose_write_the_database_refuses_is_said_and_tried_again_later(tmp_path,
                                                                              browser):
    """P2 opens his kept seat's link while the database refuses every write to a seat (a
    SQLite trigger: its disk full, say): his hello is answered in words, in his language,
    then the socket closes (1013, try again later), his seat still kept. His page says so
    and, once the database writes again, sits him down by itself, the words gone. Before,
    the socket closed (1011) with no word, and the page tried again and again in silence."""
    with rematch_waiting(tmp_path) as (handle, _, _pages, new, new_id):
        with sqlite3.connect(tmp_path / "give.sqlite3") as db:
            db.execute("CREATE TRIGGER full BEFORE UPDATE ON seats "
                       "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        for lang in LANGS:
            with handle.client() as bob:
                refused = bob.hello_refused(new[1], lang)
                assert (refused["code"], refused["message"]) == (
                    "not_saved", t("web.server.error.not_saved", lang))
                with pytest.raises(ConnectionClosed) as closed:
                    bob.recv()
                assert closed.value.rcvd.code == 1013
        assert not seats(handle, new_id)[1].taken
        page = new_page(browser, LOCALES["fr"], PHONE)
        page.goto(f"{handle.url}/play/{new[1]}")
        page.wait_for_selector("#alert:not([hidden])")
        assert plain(page, "#alert") == re.sub(r"[\u00a0\u202f]", " ",
                                               t("web.server.error.not_saved", "fr"))
        with sqlite3.connect(tmp_path / "give.sqlite3") as db:
            db.execute("DROP TRIGGER full")
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert page.locator("#alert").is_hidden()
        assert seats(handle, new_id)[1].taken
        assert not page.errors, page.errors
