"""Playing at the web table over real WebSockets: whole games, bots, chat, language,
reconnection, the turn timer (absent players), rematch, and bots off the event loop."""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app as cli_app
from ludotheque.core.errors import LudoError
from ludotheque.core.registry import all_games
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server, table_players
from ws_client import drive, first_but_a_pass, page_log, wait_for


@pytest.mark.parametrize("game, players", [(game.name, table_players(game))
                                           for game in all_games()])
def test_two_people_and_bots_play_each_game_to_the_end(server, game, players):
    seats = [{"kind": "human"}, {"kind": "human"}] + \
        [{"kind": "bot", "level": "medium"}] * (players - 2)
    created = server.create(game, players, seats)
    tokens = [server.join(created["invite"], seat, f"P{seat + 1}") for seat in (0, 1)]
    pages = [server.client(), server.client()]
    try:
        for page, token in zip(pages, tokens):
            page.hello(token)
        drive(pages)
        frames = [page.last_update for page in pages]
        assert frames[0]["result"] == frames[1]["result"]
        assert frames[0]["to_act"] is None and frames[0]["table"]["status"] == "over"
        assert frames[0]["move"] == server.master.tables[created["table"]].moves
        # every page had every event, in order, each narrated
        indices = [e["index"] for f in pages[0].frames if f["type"] == "update"
                   for e in f["events"]]
        assert indices == list(range(len(indices)))
        lines = [line for f in pages[0].frames if f["type"] == "update"
                 for e in f["events"] for line in e["lines"]]
        assert lines and all(isinstance(line, str) and line for line in lines)
    finally:
        for page in pages:
            page.close()


def test_updates_carry_own_view_legal_only_to_actor_and_a_scene(server):
    created = server.create("diciassette", 2, [{"kind": "human"}, {"kind": "human"}])
    tokens = [server.join(created["invite"], seat, f"P{seat + 1}") for seat in (0, 1)]
    with server.client() as a, server.client() as b, server.client() as watcher:
        fa, fb = a.hello(tokens[0], "fr"), b.hello(tokens[1], "en")
        fw = watcher.hello(created["spectator"])
        assert fa["seat"] == 0 and fb["seat"] == 1 and fw["seat"] is None
        assert fa["table"]["status"] == "playing"
        actor = fa["to_act"]
        assert fb["to_act"] == fw["to_act"] == actor
        assert bool(fa["legal"]) == (actor == 0) and bool(fb["legal"]) == (actor == 1)
        assert fw["legal"] == []
        assert fa["view"] != fb["view"]  # each sees its own hand
        assert fa["scene"] is not None and fw["scene"] is not None
        assert [s["connected"] for s in fa["table"]["seats"]] == [True, False]
        presence = a.until(lambda f: f["table"]["seats"][1]["connected"])  # b arrived
        assert presence["events"] == [] and presence["move"] == fa["move"]
        assert "token" not in str(fa["table"]).lower()


def test_chat_is_stored_broadcast_as_text_and_resent_to_a_fresh_page(server):
    created, tokens = server.table("diciassette", 3, humans=2)
    with server.client() as a, server.client() as b:
        a.hello(tokens[0])
        b.hello(tokens[1])
        a.send({"type": "chat", "text": "  <b>hello</b> & bye  "})
        for page in (a, b):
            frame = page.expect("chat")
            assert frame["text"] == "<b>hello</b> & bye" and frame["from"] == "P1"
            assert frame["seat"] == 0 and frame["time"]
        b.send({"type": "chat", "text": "ring\x07the\tbell\nnow"})
        assert a.expect("chat")["text"] == "ring the bell\nnow"  # no control characters
    with server.client() as again:
        again.hello(tokens[1])
        assert again.expect("chat")["text"] == "<b>hello</b> & bye"


def test_language_switch_resends_the_log(server):
    created, (token,) = server.table("wazabi", 2, humans=1)
    with server.client() as page:
        first = page.hello(token, "en")
        page.send({"type": "lang", "lang": "fr"})
        again = page.expect("update", log_reset=True)
        assert again["events"][0]["index"] == 0
        assert len(again["events"]) >= len(first["events"])
        assert again["events"][0]["lines"] != first["events"][0]["lines"]


class PageLog:
    """The log a page shows, kept as table.js keeps it (`log_reset` starts it again)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.count = 0

    def read(self, frame) -> None:
        if frame["log_reset"]:
            self.lines, self.count = [], 0
        for entry in frame["events"]:
            if entry["index"] >= self.count:
                self.lines += entry["lines"]
                self.count = entry["index"] + 1


@pytest.mark.parametrize("game", ["wazabi", "diciassette", "dtc", "decimoarr"])
def test_a_page_open_before_the_others_sat_down_shows_the_game_once_it_starts(tmp_path, game):
    """Alice's page (and a spectator's) opened while the table waited used to show the
    game already: its deal, Wazabi's first rolls ("Seat 2 rolls…", named after nobody),
    whose turn it was. Nothing of the game is told before everyone sits; once they do,
    every page gets the whole log, narrated with their names."""
    server = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}",
                               deals=random.Random(7))
    try:
        created = server.create(game, 3, [{"kind": "human"}] * 3)
        first = server.join(created["invite"], 0, "Alice")
        with server.client() as page, server.client() as watcher:
            logs = {page: PageLog(), watcher: PageLog()}
            logs[page].read(page.hello(first, lang="fr"))
            logs[watcher].read(watcher.hello(created["spectator"]))
            server.join(created["invite"], 1, "Bruno")  # a second person: still waiting
            server.join(created["invite"], 2, "Chloé")
            for each, log in logs.items():
                frame = each.last_update
                while frame["table"]["status"] == "waiting":
                    assert (frame["events"], frame["view"], frame["scene"], frame["legal"],
                            frame["to_act"]) == ([], None, None, [], None)
                    assert not log.lines
                    frame = each.expect("update")
                    log.read(frame)
                assert log.lines and frame["view"] is not None, game
                unnamed = [line for line in log.lines if "Place " in line or "Seat " in line]
                assert unnamed == [], unnamed
            # and what the log says matches a page opened now
            with server.client() as fresh:
                events = fresh.hello(first, lang="fr")["events"]
                assert logs[page].lines == [line for e in events for line in e["lines"]]
    finally:
        stop_thread_server(server)


def test_the_french_log_and_turn_line_say_a_before_a_name(tmp_path):
    """« À Chloé de jouer » (a default name, which takes its article, « Au joueur 2 de
    jouer », is tested with the texts: a table's seats all have people's names by now)."""
    server = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}",
                               deals=random.Random(7))  # seat 3 starts
    try:
        created = server.create("wazabi", 3, [{"kind": "human"}] * 3)
        first = server.join(created["invite"], 0, "Alice")
        with server.client() as page:
            log = PageLog()
            log.read(page.hello(first, lang="fr"))
            server.join(created["invite"], 1, "Bruno")
            server.join(created["invite"], 2, "Chloé")
            frame = page.until(lambda f: f["table"]["status"] == "playing")
            log.read(frame)
            assert "À Chloé de jouer." in log.lines, log.lines
            assert frame["scene"]["turn_text"] == "▶ À Chloé de jouer"
    finally:
        stop_thread_server(server)


def test_reconnection_restores_the_seat_and_sends_only_new_events(server):
    created, tokens = server.table("diciassette", 3, humans=2)
    with server.client() as a:
        frame = a.hello(tokens[0])
        seen = frame["events"][-1]["index"] + 1
    with server.client() as b:
        b.hello(tokens[1])
        frame = b.until(lambda f: f["to_act"] in (0, 1))
    with server.client() as a:
        resumed = a.hello(tokens[0], since=seen)
        assert resumed["seat"] == 0
        indices = [e["index"] for e in resumed["events"]]
        assert indices == list(range(seen, seen + len(indices)))
        fresh = server.client()
        try:
            full = fresh.hello(tokens[0], since=0)
            assert full["events"][0]["index"] == 0
            assert full["view"] == resumed["view"]
        finally:
            fresh.close()


def _timed_table(tmp_path, turn_timer: float, seed: int = 142):
    """A server and a 17 table with a turn timer: Ann (seat 1, seated) and an easy bot."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}", min_turn_timer=0.2,
                               deals=random.Random(seed))
    try:
        created = handle.create("diciassette", 2, [{"kind": "human"}, {"kind": "bot",
                                                                       "level": "easy"}],
                                turn_timer=turn_timer)
        return handle, created, handle.join(created["invite"], 0, "Ann")
    except BaseException:
        stop_thread_server(handle)
        raise


def test_absent_player_is_replaced_by_the_medium_bot_until_back(tmp_path):
    handle, created, token = _timed_table(tmp_path, 0.3)
    try:
        with handle.client() as page:
            frame = page.hello(token)
            assert frame["table"]["turn_timer"] == 0.3
            frame = page.until(lambda f: f["to_act"] == 0 and f["table"]["deadline"] is not None)
            start = frame["move"]
            # nobody plays: the seat goes absent and the stand-in plays for it
            absent = page.until(lambda f: f["table"]["seats"][0]["absent"])
            assert absent["table"]["deadline"] is None
            page.until(lambda f: f["move"] > start + 1 or f["result"] is not None)
            live = handle.master.tables[created["table"]]
            assert 0 in live.absent
            # the person acts again (a chat line counts): the stand-in stops
            page.send({"type": "chat", "text": "back"})
            page.expect("chat")
            assert 0 not in live.absent
            present = page.until(lambda f: not f["table"]["seats"][0]["absent"])
            assert present["table"]["seats"][0]["absent"] is False
            # absent again, then the page's "I'm back" button
            page.until(lambda f: f["table"]["seats"][0]["absent"] or f["result"] is not None)
            if not live.match.is_over():
                page.send({"type": "back"})
                page.until(lambda f: not f["table"]["seats"][0]["absent"])
                assert 0 not in live.absent
    finally:
        stop_thread_server(handle)


def test_a_stand_in_that_was_thinking_when_the_person_came_back_does_not_play(
        tmp_path, monkeypatch):
    """The stand-in's thinking is held (a `botwork.choose` that waits for a signal, as the
    catch-up tests hold a database read): the person comes back meanwhile, and when the
    stand-in is done, its move is not played; the person's own move is."""
    from ludotheque.web import botwork

    thinking, release, done = threading.Event(), threading.Event(), threading.Event()
    choose = botwork.choose

    def held(game, level, *args):
        if level == "medium":  # the stand-in (the table's own bot is easy)
            thinking.set()
            release.wait(DEADLINE)  # a fail-safe bound, never reached when it works
            try:
                return choose(game, level, *args)
            finally:
                done.set()
        return choose(game, level, *args)

    monkeypatch.setattr(botwork, "choose", held)
    handle, created, token = _timed_table(tmp_path, 2.0)
    try:
        with handle.client() as page:
            page.hello(token)
            page.until(lambda f: f["table"]["seats"][0]["absent"], timeout=3 * DEADLINE)
            assert thinking.wait(DEADLINE)
            page.send({"type": "back"})
            frame = page.until(lambda f: not f["table"]["seats"][0]["absent"])
            release.set()
            assert done.wait(DEADLINE)
            page.send({"type": "ping"})
            page.expect("pong")
            live = handle.master.tables[created["table"]]
            assert live.moves == frame["move"] and live.to_act() == 0  # nothing played for Ann
            page.move([frame["legal"][0]["id"]], frame["move"])
            page.until(lambda f: f["move"] > frame["move"])  # hers, accepted
    finally:
        release.set()
        stop_thread_server(handle)


@pytest.mark.parametrize("refusal", ["not_your_turn", "stale", "notation", "illegal"])
def test_a_refused_move_from_an_absent_seat_still_brings_it_back(tmp_path, monkeypatch,
                                                                 refusal):
    """Ann is absent (her turn timer ran out); her page sends a move that is refused. She
    acted, so she is back: every page is told (not only hers), her seat's stand-in stops,
    and her page's "I'm back" afterwards is still answered (with the table as it is)."""
    from ludotheque.web import botwork

    # who is held while Ann's page sends the move: the table's bot (its turn: Ann's move is
    # not hers) or Ann's stand-in (her turn). Decided in the bots' own thread: only Ann's
    # stand-in plays "medium" (the table's bot is easy), so from its first move on she is
    # absent; a test thread setting a flag when it sees her absent may come after the
    # bots, which play fast, have ended the game.
    held_level = "easy" if refusal == "not_your_turn" else "medium"
    absent, thinking, release = threading.Event(), threading.Event(), threading.Event()
    # only a stand-in's move after Ann's page is there counts: her time may run out before
    # it connects (a busy machine), and its hello brings her back; the easy bot held then
    # would keep the turn from ever coming back to her, and her time from running out
    connected = threading.Event()
    choose = botwork.choose

    def held(game, level, *args):
        if level == "medium" and connected.is_set():  # she is absent, her page there
            absent.set()
        if level == held_level and absent.is_set() and not release.is_set():
            thinking.set()
            release.wait(4 * DEADLINE)  # a fail-safe bound, beyond every wait of the test
        return choose(game, level, *args)

    monkeypatch.setattr(botwork, "choose", held)
    handle, created, token = _timed_table(tmp_path, 0.3)
    try:
        with handle.client() as page, handle.client() as watcher:
            page.hello(token)
            watcher.hello(created["spectator"])
            connected.set()
            page.until(lambda f: f["table"]["seats"][0]["absent"], timeout=3 * DEADLINE)
            assert thinking.wait(3 * DEADLINE)
            live = handle.master.tables[created["table"]]
            assert 0 in live.absent and live.to_act() == (1 if held_level == "easy" else 0)
            watcher.drain()
            moves = live.moves
            legal = live.match.legal_actions()
            actions, count = {
                "not_your_turn": ([0], moves), "stale": ([0], moves + 1000),
                "notation": (["frobnicate"], moves),
                "illegal": ([next(a for a in range(live.game.num_actions)
                                  if a not in legal)], moves)}[refusal]
            page.move(actions, count)
            assert page.expect("error")["code"] == refusal
            # everyone sees Ann back, though her move was refused
            for each in (watcher, page):
                seen = each.until(lambda f: not f["table"]["seats"][0]["absent"])
                assert seen["move"] == moves
            assert 0 not in live.absent
            # "I'm back" when already back: answered all the same
            page.drain()
            page.send({"type": "back"})
            answer = page.expect("update")
            assert answer["table"]["seats"][0]["absent"] is False
            assert live.moves == moves  # nothing was played by the refused move
        # the database agrees (written off the loop)
        wait_for(lambda: 0 not in handle.master.storage.get_table(created["table"]).absent,
                 "the seat is still absent in the database")
    finally:
        release.set()
        stop_thread_server(handle)


def test_rematch_is_an_offer_each_person_joins_their_own_seat(tmp_path):
    """Ada asks for a rematch: the new table keeps a seat for each person (a new token,
    sent only to that person's pages) and waits; nobody is moved; it starts once Bob opens
    his seat's link. The old seat link still shows the final screen, with the offer."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'rematch.sqlite3'}",
                               deals=random.Random(3))
    server = handle
    try:
        created, tokens = server.table("wazabi", 2, humans=2)
        with server.client() as a, server.client() as b, server.client() as watcher:
            a.hello(tokens[0])
            b.hello(tokens[1])
            watcher.hello(created["spectator"])
            drive([a, b])
            a.send({"type": "rematch"})
            offers = [a.expect("rematch"), b.expect("rematch"), watcher.expect("rematch")]
            urls = [offer["url"] for offer in offers]
            assert urls[0].startswith("/play/") and urls[1].startswith("/play/")
            assert urls[0] != urls[1] and urls[2].startswith("/watch/")
            assert all(offer["by"] == ["P1"] and offer["status"] == "waiting"
                       for offer in offers)
            new_tokens = [url.rsplit("/", 1)[1] for url in urls[:2]]
            # each person's new token reached their own page only
            assert new_tokens[1] not in str(a.frames) + str(watcher.frames)
            assert new_tokens[0] not in str(b.frames) + str(watcher.frames)
            b.send({"type": "rematch"})  # a second request gives the same table
            assert b.expect("rematch")["url"] == urls[1]
            new_id = server.master.storage.get_table(created["table"]).rematch
            assert server.master.storage.get_table(new_id).status == "waiting"
            with server.client() as ada:
                first = ada.hello(new_tokens[0])
                assert first["table"]["status"] == "waiting" and first["to_act"] is None
                assert [s["name"] for s in first["table"]["seats"]] == ["P1", "P2"]
                assert [s["taken"] for s in first["table"]["seats"]] == [True, False]
                with server.client() as bob:  # Bob accepts: opening his link sits him
                    started = bob.hello(new_tokens[1])
                    assert started["table"]["status"] == "playing" and started["move"] == 0
                    assert started["table"]["id"] == new_id != created["table"]
                    ada.until(lambda f: f["table"]["status"] == "playing")
            with server.client() as late:  # the old seat link: final screen and the offer
                old = late.hello(tokens[1])
                assert old["table"]["status"] == "over" and old["result"] is not None
                offer = late.expect("rematch")
                assert offer["url"] == urls[1] and offer["by"] == ["P1", "P2"]
                assert offer["status"] == "playing"
    finally:
        stop_thread_server(handle)


def test_a_rematch_seat_nobody_takes_closes_with_the_waiting_table(tmp_path):
    """Bob never comes back: the rematch table waits, then is closed after the waiting
    time like any table nobody finished joining; Ada's page sees it closed, and Bob's page
    of the old table, still open, gets the offer again saying so."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'ttl.sqlite3'}", waiting_ttl=0.6,
                               deals=random.Random(4))
    try:
        created, tokens = handle.table("wazabi", 2, humans=2)
        with handle.client() as a, handle.client() as b:
            a.hello(tokens[0])
            b.hello(tokens[1])
            drive([a, b])
            a.send({"type": "rematch"})
            url = a.expect("rematch")["url"]
            with handle.client() as ada:
                ada.hello(url.rsplit("/", 1)[1])
                closed = ada.until(lambda f: f["table"]["status"] == "closed")
                assert closed["to_act"] is None
            assert b.expect("rematch", status="closed")["url"].startswith("/play/")
    finally:
        stop_thread_server(handle)


def test_leaving_hands_the_seat_to_a_bot_for_good(tmp_path):
    """Bob leaves mid-game: everyone sees his seat marked left, the medium bot plays it to
    the end, his token can no longer act (a clear error), his page watches; it is stored,
    and a rematch gives his seat to a bot."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'leave.sqlite3'}",
                               deals=random.Random(5))
    try:
        created, tokens = handle.table("diciassette", 3, humans=2, level="easy")
        with handle.client() as a, handle.client() as b, handle.client() as watcher:
            a.hello(tokens[0])
            b.hello(tokens[1])
            watcher.hello(created["spectator"])
            watcher.send({"type": "leave"})  # a spectator cannot leave for anyone
            assert watcher.expect("error")["code"] == "spectator"
            b.send({"type": "leave"})
            gone = b.expect("left")
            assert gone["seat"] == 1 and gone["url"] == f"/watch/{created['spectator']}"
            after = b.until(lambda f: f["seat"] is None)
            assert after["legal"] == [] and after["table"]["seats"][1]["left"] is True
            for page in (a, watcher):
                seen = page.until(lambda f: f["table"]["seats"][1]["left"])
                assert seen["table"]["seats"][1]["absent"] is True
            live = handle.master.tables[created["table"]]
            assert live.left == {1} and 1 in live.absent
            stored = handle.master.storage.get_table(created["table"])
            assert stored.left == [1] and 1 in stored.absent
            for frame, code in (({"type": "move", "actions": [0], "move": 0}, "left"),
                                ({"type": "chat", "text": "hi"}, "left"),
                                ({"type": "back"}, "left"), ({"type": "leave"}, "left")):
                b.send(frame)
                refused = b.expect("error")
                assert refused["code"] == code and "left" in refused["message"]
            with handle.client() as again:  # reopening the link: watching, still left
                fresh = again.hello(tokens[1], "fr")
                assert fresh["seat"] is None and again.expect("left")["seat"] == 1
                again.send({"type": "chat", "text": "me revoilà"})
                assert "quitté" in again.expect("error")["message"]
            assert 1 not in {c.seat for c in live.conns}
            drive([a])  # Ann plays; the stand-in plays Bob's seat to the end
            assert a.last_update["table"]["status"] == "over"
            a.send({"type": "rematch"})
            offer = a.expect("rematch")
            assert b.expect("rematch")["url"].startswith("/watch/")  # a leaver watches
            new = handle.master.storage.get_table(
                handle.master.storage.get_table(created["table"]).rematch)
            assert [(s.kind, s.level) for s in new.seats] == [
                ("human", None), ("bot", "medium"), ("bot", "easy")]
            assert new.status == "playing" and offer["status"] == "playing"
            # the same page says hello to another table: its leave does not follow it
            _other, (token,) = handle.table("diciassette", 2, humans=1, level="easy")
            assert b.hello(token)["seat"] == 0
            b.send({"type": "chat", "text": "hello"})
            assert b.expect("chat")["text"] == "hello"
    finally:
        stop_thread_server(handle)


def strings(value) -> list[str]:
    """Every text in a frame's part (a scene, a result: JSON)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [text for item in value for text in strings(item)] \
        if isinstance(value, list | tuple) else []


@pytest.mark.parametrize("when", ["his turn", "another's turn"])
def test_the_log_names_the_stand_in_of_a_person_who_left_and_the_person_before(tmp_path, when):
    """Bob plays, then leaves (at his own turn, or at another's): on every page (his own,
    which watches from then on, Ann's, a spectator's, one opened at the end) his moves read
    "Bob …" (« Vous … » on his page while he sat), the bot's after "Bob (bot) …", never
    "Bob …" again (the bot presented as him) nor « Vous » for the seat he left."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'leave.sqlite3'}",
                               deals=random.Random(5))
    try:
        created = handle.create("diciassette", 3, [{"kind": "human"}] * 2
                                + [{"kind": "bot", "level": "easy"}])
        tokens = [handle.join(created["invite"], seat, name)
                  for seat, name in enumerate(("Ann", "Bob"))]
        with handle.client() as a, handle.client() as b, handle.client() as watcher:
            a.hello(tokens[0])
            b.hello(tokens[1], lang="fr")
            watcher.hello(created["spectator"])
            played = False
            while True:  # both play their first move until Bob played, then it is `when`
                frame = a.until(lambda f: f["to_act"] in (0, 1))
                actor = frame["to_act"]
                if played and (actor == 1) == (when == "his turn"):
                    break
                page = (a, b)[actor]
                legal = page.until(lambda f, move=frame["move"]: f["move"] == move)["legal"]
                page.move([first_but_a_pass(legal)["id"]], frame["move"])
                a.until(lambda f, move=frame["move"]: f["move"] > move)
                played = played or actor == 1
            left_at = len(page_log(a))  # the stand-in's first event: nobody acts till then
            b.send({"type": "leave"})
            b.expect("left")
            drive([a])
            b.until(lambda f: f["result"] is not None)
            watcher.until(lambda f: f["result"] is not None)
            with handle.client() as fresh:
                fresh.hello(created["spectator"])
                for page, you in ((a, False), (b, True), (watcher, False), (fresh, False)):
                    bobs = [(index, lines[0]) for index, (event, lines, _) in
                            enumerate(page_log(page)) if event.get("player") == 1 and lines]
                    before = [line for index, line in bobs if index < left_at]
                    after = [line for index, line in bobs if index >= left_at]
                    assert before and after
                    if you:  # Bob's page while he sat: « Vous passez », « À vous de jouer »
                        assert all("vous" in line.lower() and "Bob" not in line
                                   for line in before), before
                    else:
                        assert all("Bob" in line and "(bot)" not in line
                                   for line in before), before
                    assert all(_said_of_a_stand_in(line, "Bob") and not re.search(
                        r"\b(you|vous)\b", line, re.IGNORECASE) for line in after), after
                    # the scene (its turn line, "played by", the counts) and the result
                    # name the seat as the log does once he left
                    mentions = [text for frame in page.frames if frame["type"] == "update"
                                and frame["table"]["seats"][1]["left"]
                                for text in strings((frame["scene"], frame["result"]))
                                if "Bob" in text]
                    assert mentions and all(_said_of_a_stand_in(text, "Bob")
                                            for text in mentions), mentions
    finally:
        stop_thread_server(handle)


def _said_of_a_stand_in(text: str, name: str) -> bool:
    """A line about the bot playing for `name`: "Ada (bot) passes", or a turn's "A bot plays
    for Ada" / « Un bot joue pour Ada »."""
    return f"{name} (bot)" in text or re.search(
        rf"\b(bot plays for|bot joue pour) {name}\b", text) is not None


def test_a_timer_stand_in_is_named_a_bot_in_the_log_the_turn_line_the_record_and_replay(
        tmp_path):
    """Ann plays, lets her turn timer run out (the stand-in plays her seat), comes back and
    plays to the end: in English and in French, on a spectator's page, on one opened at the
    end and after a restart, her moves read "Ann …", the stand-in's "Ann (bot) …" (never
    "Ann …": she did not play them), the turn line while it plays says a bot plays for her; the
    record keeps where it played, and its replay (the page's, the terminal's) says the same."""
    handle, created, token = _timed_table(tmp_path, 1.0)
    try:
        with handle.client() as page, handle.client() as watcher, handle.client() as french:
            page.hello(token)
            watcher.hello(created["spectator"])
            french.hello(created["spectator"], "fr")
            frame = page.until(lambda f: f["to_act"] == 0 and f["legal"])
            page.move([frame["legal"][0]["id"]], frame["move"])  # Ann's own move, then none
            away = watcher.until(lambda f: f["table"]["seats"][0]["absent"], timeout=3 * DEADLINE)
            assert away["to_act"] == 0 and _said_of_a_stand_in(away["scene"]["turn_text"], "Ann")
            assert _said_of_a_stand_in(french.until(
                lambda f: f["table"]["seats"][0]["absent"])["scene"]["turn_text"], "Ann")
            watcher.until(lambda f: f["to_act"] != 0)  # the stand-in played her turn
            page.send({"type": "back"})
            page.until(lambda f: not f["table"]["seats"][0]["absent"])
            drive([page])
            for each in (watcher, french):
                each.until(lambda f: f["result"] is not None)
            logs = {lang: page_log(each) for lang, each in (("en", watcher), ("fr", french))}
            for entries in logs.values():
                anns = [(seats[0]["absent"], lines[0]) for event, lines, seats in entries
                        if event.get("player") == 0 and lines]
                assert [absent for absent, _ in anns].count(True) >= 1, anns
                assert not anns[0][0] and not anns[-1][0], anns  # hers before and after
                for absent, line in anns:
                    assert _said_of_a_stand_in(line, "Ann") == absent and "Ann" in line, anns
        shown = {lang: [entry[1] for entry in entries] for lang, entries in logs.items()}
        table = created["table"]
        record = handle.api.get(f"/api/tables/{table}/record").json()
        stop_thread_server(handle)
        handle = run_app_in_thread(handle.database)  # another server, or a restart
        for lang in ("en", "fr"):
            with handle.client() as fresh:
                fresh.hello(created["spectator"], lang)
                assert [lines for _, lines, _ in page_log(fresh)] == shown[lang]
        replayed = [handle.api.get(f"/api/tables/{table}/replay?step={step}&lang=en").json()
                    for step in range(len(record["actions"]) + 1)]
        assert replayed[-1]["lines"] == [line for lines in shown["en"] for line in lines]
        by_bot = {step["actor_name"] for step in replayed if step["actor"] == 0}
        assert by_bot == {"Ann", "Ann (bot)"} and replayed[-1]["names"][0] == "Ann"
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        told = CliRunner(env={"COLUMNS": "300"}).invoke(
            cli_app, ["replay", str(path), "--verbose", "--lang", "en"])
        assert told.exit_code == 0, told.output
        assert [line for line in told.output.splitlines() if line.startswith("Ann")] == [
            line for lines in shown["en"] for line in lines if line.startswith("Ann")]
        old = {key: value for key, value in record["meta"].items() if key != "stand_ins"}
        path.write_text(json.dumps({**record, "meta": old}), encoding="utf-8")  # before it
        told = CliRunner(env={"COLUMNS": "300"}).invoke(
            cli_app, ["replay", str(path), "--verbose", "--lang", "en"])
        assert told.exit_code == 0 and "(bot)" not in told.output, told.output
    finally:
        stop_thread_server(handle)


def test_a_page_of_a_seat_left_on_another_server_is_refused_and_watches(tmp_path):
    """Another server heard first that Bob left (his seat is `left` in this server's
    table, his page not yet switched): his move is refused with `left`, not played, and
    his page watches from then on."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'left.sqlite3'}",
                               deals=random.Random(5))
    try:
        created, tokens = handle.table("diciassette", 3, humans=2, level="easy")
        with handle.client() as b:
            first = b.hello(tokens[1])
            live = handle.master.tables[created["table"]]
            moves = live.moves
            live.left.add(1)  # what a catch-up from the database brings
            b.move([0], first["move"])
            assert b.expect("error")["code"] == "left"
            assert live.moves == moves
            b.send({"type": "chat", "text": "hi"})
            assert b.expect("error")["code"] == "left"
    finally:
        stop_thread_server(handle)


def test_leave_is_refused_before_the_start_and_after_the_end(server):
    created = server.create("diciassette", 2, [{"kind": "human"}, {"kind": "human"}])
    token = server.join(created["invite"], 0, "Ann")
    with server.client() as page:
        page.hello(token)
        page.send({"type": "leave"})
        assert page.expect("error")["code"] == "waiting"
    with server.client() as stranger:
        stranger.send({"type": "leave"})
        assert stranger.expect("error")["code"] == "hello_first"
        stranger.send({"type": "leave", "seat": 0})  # a leave names no seat: its own
        assert stranger.expect("error")["code"] == "unknown_field"


def test_a_thinking_bot_does_not_block_the_event_loop(server):
    """A bot's computation runs in a worker: while one is slow, the loop answers."""
    master = server.master
    from ludotheque.web import botwork

    original = botwork.choose
    release = {"go": False}

    def slow_choose(*args):
        end = time.monotonic() + DEADLINE
        while not release["go"] and time.monotonic() < end:
            time.sleep(0.01)
        return original(*args)

    botwork.choose = slow_choose
    try:
        created = server.create("diciassette", 2, [{"kind": "bot", "level": "easy"},
                                                   {"kind": "bot", "level": "easy"}])
        other, (token,) = server.table("diciassette", 2, humans=1)
        with server.client() as page:
            page.hello(token)
            started = time.monotonic()
            assert server.api.get("/api/games").status_code == 200
            page.send({"type": "ping"})
            page.expect("pong")
            assert time.monotonic() - started < DEADLINE / 2
            assert master.tables[created["table"]].moves == 0  # still thinking
    finally:
        release["go"] = True
        botwork.choose = original


def test_hard_bot_thinks_in_a_worker_process_of_serve(start_server_process):
    """`ludotheque serve` (python -m) with a hard bot: the process pool's workers must start
    (a spawned worker re-imports the main module) and answer; nothing falls back."""
    served = start_server_process()
    _, token = served.person_and_bots("diciassette", "hard")  # never over before the bot moves
    with served.client() as page:
        page.hello(token)
        bot_moves = 0
        while bot_moves < 2:
            frame = page.until(lambda f: f["to_act"] == 0 or f["result"] is not None,
                               timeout=3 * DEADLINE)
            if frame["result"] is not None:
                break
            page.move([frame["legal"][0]["id"]], frame["move"])
            mine = page.until(lambda f, frame=frame: f["move"] > frame["move"])
            after = page.until(lambda f: f["to_act"] == 0 or f["result"] is not None,
                               timeout=3 * DEADLINE)
            bot_moves += after["move"] - mine["move"]
    log = served.log_path.read_text()
    assert "bot failed" not in log and "Traceback" not in log, log[-2000:]
    # the bots' worker processes end with the server, even after kill -9
    workers = children(served.process.pid)
    assert workers, "the hard bot ran in a worker process"
    served.kill()
    wait_for(lambda: not any(alive(pid) for pid in workers), "orphaned bot workers")


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_sequence_goes_on_only_after_moves_that_build_a_choice(tmp_path):
    """17, after an x2: a player holding the 3s and the 3d must play two cards. Sent as one
    sequence ("3s up", "3 up"), it is refused and nothing is played: a card played is a
    whole choice, and only moves that build one (DTC's cards added to an offer) may come
    before another in one sending. Sent one by one, the second "3 up" is read in its own
    position: the 3d, the only 3 left (before the first, "3" could be either card). The
    deal is seeded and the two moves before are a seeded walk, so the position comes up
    on every run."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'steps.sqlite3'}",
                               deals=random.Random(5933))
    pages = []
    try:
        created = handle.create("diciassette", 2, [{"kind": "human"}] * 2)
        tokens = [handle.join(created["invite"], seat, f"P{seat + 1}") for seat in (0, 1)]
        pages = [handle.client(), handle.client()]
        for page, token in zip(pages, tokens):
            page.hello(token)
        walk = random.Random(5933)
        for move in range(2):
            frame = pages[0].until(lambda f, n=move: f["move"] == n)
            actor = pages[frame["to_act"]]
            legal = actor.until(lambda f, n=move: f["move"] == n)["legal"]
            actor.move([walk.choice(sorted(entry["id"] for entry in legal))], move)
        frame = pages[0].until(lambda f: f["move"] == 2)
        actor = pages[frame["to_act"]]
        live = handle.master.tables[created["table"]]
        game = live.game
        with pytest.raises(LudoError):  # the bare number alone, before the first card
            game.parse_action("3 up", live.match.state)
        actor.move(["3s up", "3 up"], 2)
        refused = actor.expect("error")
        assert refused["code"] == "illegal" and "Step 1 of 2" in refused["message"], refused
        assert live.moves == 2
        actor.move(["3s up"], 2)
        actor.until(lambda f: f["move"] == 3)
        actor.move(["3 up"], 3)
        after = actor.recv()
        while not (after["type"] == "error" or after["type"] == "update" and after["move"] == 4):
            after = actor.recv()
        assert after["type"] == "update", after
        assert [game.action_to_text(a) for a in live.match.actions[2:]] == ["3s up", "3d up"]
        assert after["to_act"] != frame["to_act"]  # both cards played: the turn passed
    finally:
        for page in pages:
            page.close()
        stop_thread_server(handle)
