"""Fuzzing the web server (hypothesis, seeded by tests/conftest.py's profile) through a real
uvicorn server: HTTP bodies and odd paths and queries, and sequences of WebSocket frames at
a table in play and at a finished one.

What every answer must be: 200 or a 4xx (never a 5xx) whose body is `{"error": {"code",
"message"}}`, its message in the asked language, read by a person (no text key, no Python
repr, no `{placeholder}`), quoting at most 40 characters of a client's value; a refused
request or frame changes nothing; a bad frame gets one error frame and the connection goes
on; the other pages keep getting the table's updates; a seat's frames hold that seat's view
and events only (the Match's, replayed from the stored moves: tests/web/test_no_leak.py
proves the same with twin tables).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from hypothesis import event, given, settings
from hypothesis import strategies as st

# the shared campaign's names, importable from here too (other campaigns import them so)
from fuzz_frames import (  # noqa: F401
    BLANK,
    FUZZ,
    JSON,
    OTHER,
    PAIRS,
    SERVER_LIMITS,
    TEXT,
    TRICKY,
    Arena,
    Pick,
    asked_lang,
    bot_level_word,
    check_pages,
    client_texts,
    drawn,
    encoded,
    frames,
    fuzz_pair,
    pick,
    picked,
    readable,
    sync,
)
from ludotheque.core.registry import all_games
from ludotheque.i18n import t
from ludotheque.web.names import LEVELS
from ludotheque.web.table_request import SEAT_FIELDS, TABLE_FIELDS
from web_servers import WsClient
from ws_client import wait_for

GAMES = {game.name: game for game in all_games()}
def error_of(response) -> dict[str, Any]:
    assert response.status_code < 500, (response.status_code, response.text)
    assert 400 <= response.status_code, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert isinstance(error.get("code"), str) and error["code"], body
    return error


def told(response) -> str:
    """A response's status and error code, for hypothesis's statistics."""
    code = response.json().get("error", {}).get("code") if response.status_code != 200 \
        and response.headers.get("content-type") == "application/json" else ""
    return f"{response.status_code} {code}"


def refused_in_both_languages(ask, sent: Any = None) -> dict[str, Any]:
    """`ask(lang)` refused the same way in English and in French, each message readable
    and in its language (they differ). The English error."""
    english, french = ask("en"), ask("fr")
    errors = error_of(english), error_of(french)
    assert english.status_code == french.status_code
    assert errors[0]["code"] == errors[1]["code"], errors
    for error in errors:
        readable(error["message"], sent)
    assert errors[0]["message"] != errors[1]["message"], errors
    return errors[0]


# -- HTTP ---------------------------------------------------------------------------------
@st.composite
def table_bodies(draw) -> Any:
    """A valid `POST /api/tables` body, often mutated: a field of another type or out of
    range, an unknown or a bad option, seats of the wrong count or kinds, names of any type."""
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    players = draw(st.integers(game.min_players, game.max_players))
    seats = [{"kind": "human"}] + [
        draw(st.sampled_from([{"kind": "human"}, {"kind": "human", "name": f"P{index}"},
                              {"kind": "bot", "level": draw(st.sampled_from(LEVELS))}]))
        for index in range(1, players)]
    body: dict[str, Any] = {"game": game.name, "players": players, "options": {},
                            "seats": seats}
    for _ in range(draw(st.integers(0, 3))):
        mutation = draw(st.sampled_from(["field", "drop", "option", "seat", "seats", "timer"]))
        if mutation == "field":
            body[draw(st.sampled_from([*body, "extra"]))] = draw(JSON)
        elif mutation == "drop" and body:
            body.pop(draw(st.sampled_from(sorted(body))))
        elif mutation == "option":
            specs = [spec.name for spec in game.option_specs]
            name = draw(st.sampled_from(specs) | TEXT) if specs else draw(TEXT)
            options = body.get("options") if isinstance(body.get("options"), dict) else {}
            body["options"] = {**options, name: draw(JSON | st.integers(-5, 200))}
        elif mutation == "seat" and isinstance(body.get("seats"), list) and body["seats"]:
            index = draw(st.integers(0, len(body["seats"]) - 1))
            seat = dict(body["seats"][index]) if isinstance(body["seats"][index], dict) else {}
            seat[draw(st.sampled_from(["kind", "level", "name"]) | TEXT)] = draw(
                JSON | st.sampled_from(["human", "bot", *LEVELS]))
            body["seats"][index] = seat
        elif mutation == "seats":
            body["seats"] = draw(st.lists(JSON | st.just({"kind": "human"}), max_size=7))
        elif mutation == "timer":
            body["turn_timer"] = draw(JSON | st.integers(-10, 5000) | st.floats())
    return body


def documented_types(body: dict[str, Any]) -> bool:
    """Whether a table's body has only the fields the protocol names, each of the type it
    says (`seats`, `options` and `turn_timer` may be null: left out), and its seats only
    their kind's fields."""
    number = (int, float)
    return set(body) <= set(TABLE_FIELDS) and all(
        set(seat) <= set(SEAT_FIELDS[seat["kind"]]) for seat in body.get("seats") or ()) \
        and isinstance(body["game"], str) and (
        "players" not in body or type(body["players"]) is int) and (
        body.get("options") is None or isinstance(body["options"], dict)) and (
        body.get("seats") is None or all(isinstance(seat, dict) for seat in body["seats"])) \
        and (body.get("turn_timer") is None or (isinstance(body["turn_timer"], number)
                                                and not isinstance(body["turn_timer"], bool)))


def post(server, path: str, body: Any, lang: str):
    """`body` as JSON (bytes as they are), with the JSON content type; a redirect followed
    (FastAPI sends a path ending with "/", an invite's "0/", to the one without it)."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return server.api.post(f"{path}?lang={lang}", content=content, follow_redirects=True,
                           headers={"content-type": "application/json"})


# bytes that are no JSON object a person's page would send: numbers longer than Python
# reads, NaN and Infinity (Python's JSON reads them), brackets nested deeply, a byte order
# mark, UTF-16, Latin-1, a lone surrogate
RAW_BODIES = st.sampled_from([
    b'{"game": "dtc", "players": ' + b"9" * 5000 + b"}", b'{"game": "dtc", "players": NaN}',
    b'{"game": "dtc", "turn_timer": Infinity}', b"[" * 3000, b'\xef\xbb\xbf{"game": "dtc"}',
    '{"game": "dtc"}'.encode("utf-16"), '{"game": "dtc", "seats": [{"kind": "human", '
    '"name": "L\u00e9a"}]}'.encode("latin-1"), b'{"game": "\\ud800"}', b"", b"nul"])
BODIES = table_bodies() | JSON | st.binary(max_size=40) | RAW_BODIES
# a new table's links for a friend's phone or a TV and their codes to scan (None on a
# server only this computer reaches, as the tests' is)
FOR_OTHER_DEVICES = ("invite_link", "spectator_link", "invite_qr", "spectator_qr")


@FUZZ
@given(body=BODIES)
def test_creating_a_table_answers_a_table_or_a_clear_refusal(server, body):
    before = server.table_count()
    answer = post(server, "/api/tables", body, "en")
    event(told(answer))
    if answer.status_code == 200:
        made = answer.json()
        assert set(made) - {"play_url"} == {"table", "invite_url", "spectator_url",
                                            *FOR_OTHER_DEVICES}, made
        assert all(made[name] is None or made[name].startswith(("http", "data:image/svg"))
                   for name in FOR_OTHER_DEVICES), made
        assert made["invite_url"].startswith("/join/")
        assert made["spectator_url"].startswith("/watch/")
        sent = json.loads(body.decode("utf-8-sig")) if isinstance(body, bytes) else body
        assert documented_types(sent), sent
        named = [seat for seat in sent.get("seats") or () if seat.get("kind") == "human"
                 and "name" in seat]
        assert ("play_url" in made) == bool(named), (made, body)
        assert server.table_count() == before + 1
        seated = server.master.storage.get_table(made["table"]).seats
        assert all(drawn(seat.name) for seat in seated if seat.taken), seated
        return
    assert server.table_count() == before
    refused_in_both_languages(lambda lang: post(server, "/api/tables", body, lang), body)
    assert server.table_count() == before


class Waiting:
    """A table with free human seats (a new one once they are all taken)."""

    def __init__(self, server) -> None:
        self.server, self.created = server, None

    def invite(self) -> str:
        row = self.created and self.server.master.storage.get_table(self.created["table"])
        if row is None or not any(s.kind == "human" and not s.taken for s in row.seats):
            self.created = self.server.create(
                "dtc", 4, [{"kind": "human"}] * 3 + [{"kind": "bot", "level": "easy"}])
        return self.created["invite"]

    def seats(self) -> list[tuple[bool, str | None]]:
        row = self.server.master.storage.get_table(self.created["table"])
        return [(s.taken, s.name) for s in row.seats]


def waiting_table(server) -> Waiting:
    """The module's Waiting table (made once)."""
    if getattr(server, "fuzz_waiting", None) is None:
        server.fuzz_waiting = Waiting(server)
    return server.fuzz_waiting


@st.composite
def join_bodies(draw) -> Any:
    body: dict[str, Any] = {"seat": draw(st.integers(0, 3)), "name": draw(TEXT)}
    if draw(st.booleans()):
        body[draw(st.sampled_from(["seat", "name"]) | TEXT)] = draw(JSON)
    return body


@FUZZ
@given(body=join_bodies() | JSON, odd_invite=st.none() | TEXT)
def test_joining_seats_one_person_or_refuses_clearly(server, body, odd_invite):
    waiting = waiting_table(server)
    invite = waiting.invite() if odd_invite is None else quote(odd_invite, safe="") or "x"
    before, tables = waiting.seats(), server.table_count()
    answer = post(server, f"/api/join/{invite}", body, "en")
    event(told(answer))
    after = waiting.seats()
    if answer.status_code == 200:
        assert answer.json()["seat_url"].startswith("/play/")
        assert set(body) <= {"seat", "name"}, body
        changed = [index for index, (old, new) in enumerate(zip(before, after)) if old != new]
        assert changed == [body["seat"]] and after[body["seat"]][0], (before, after)
        assert drawn(after[body["seat"]][1]), after
        return
    assert after == before
    refused_in_both_languages(lambda lang: post(server, f"/api/join/{invite}", body, lang),
                              body)
    assert waiting.seats() == before and server.table_count() == tables


def finished_table(server) -> str:
    """A table of bots, played to its end (made once per module)."""
    table = getattr(server, "fuzz_finished", None)
    if table is None:
        table = server.create("wazabi", 2, [{"kind": "bot", "level": "easy"}] * 2)["table"]
        # what the server answers, not its database: the row is written "over" a moment
        # before the table held in memory says so (a record asked between is "not over")
        wait_for(lambda: server.api.get(f"/api/tables/{table}/record").status_code == 200,
                 "the bots did not finish")
        server.fuzz_finished = table
    return table


QUERY = st.none() | TEXT | st.integers(-3, 300).map(str) | st.sampled_from(["0", "1", "fr"])


@FUZZ
@given(where=st.sampled_from(["games", "rules", "texts", "join", "record", "replay"]),
       segment=st.none() | TEXT, lang=QUERY, step=QUERY, seat=QUERY, reveal=QUERY,
       accept=st.none() | st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                  max_size=20).map(str.strip))
def test_reading_with_odd_paths_and_queries_answers_or_refuses_clearly(
        server, where, segment, lang, step, seat, reveal, accept):
    finished = finished_table(server)
    known = {"rules": "dtc", "join": waiting_table(server).invite(), "record": finished,
             "replay": finished}
    part = known.get(where, "") if segment is None else quote(segment, safe="") or "x"
    path = {"games": "/api/games", "texts": "/api/texts", "rules": f"/api/games/{part}/rules",
            "join": f"/api/join/{part}", "record": f"/api/tables/{part}/record",
            "replay": f"/api/tables/{part}/replay"}[where]
    query = {name: value for name, value in
             (("step", step), ("seat", seat), ("reveal", reveal)) if value is not None}
    tables = server.table_count()

    def ask(asked: str):
        return server.api.get(path, params={**query, "lang": asked}, follow_redirects=True)

    answer = server.api.get(path, params={**query, **({"lang": lang} if lang else {})},
                            headers={"accept-language": accept} if accept else {},
                            follow_redirects=True)
    event(f"{where}: {told(answer)}")
    assert answer.status_code < 500, answer.text
    if answer.status_code != 200:
        error = error_of(answer)
        readable(error["message"], [segment, step, seat, reveal])
        refused_in_both_languages(ask, [segment, step, seat, reveal])
    elif where == "join":  # what the protocol says it holds
        shown = answer.json()
        assert set(shown) == {"table", "game", "title", "players", "status", "seats",
                              "invite_link", "invite_qr"}
        assert all(set(seat) == {"seat", "kind", "level", "name", "taken", "kept"}
                   for seat in shown["seats"])
    elif where == "replay":
        shown = answer.json()
        assert set(shown) == {"table", "game", "title", "players", "names", "total", "step",
                              "seat", "actor", "actor_name", "action", "view", "scene",
                              "lines", "result", "reveal"}, sorted(shown)
        assert 0 <= shown["step"] <= shown["total"]
        assert (shown["reveal"] is None) == (query.get("reveal", "0") == "0")
    assert server.table_count() == tables


@settings(FUZZ, max_examples=400)
@given(data=st.data())
def test_frames_at_a_table_in_play_are_played_or_refused_on_their_socket_only(server, data):
    arena = getattr(server, "fuzz_arena", None) or Arena(server)
    server.fuzz_arena = arena

    def played(raw: Any, before: tuple) -> None:  # by seat 0 (or bots after it), never seat 1
        assert 1 not in arena.stored_seats(before[2]), raw
        arena.settle()

    fuzz_pair(arena, data, played)
    # every page is served still, in its language: the person to act plays, all see it
    live = arena.live
    moves, actor = live.moves, arena.person_to_act()
    if actor is not None:
        page = arena.pages["seat0" if actor == 0 else "other"]
        sync(page, "sync-end")
        page.move([live.match.legal_actions()[0]], moves)
        for name, page in arena.pages.items():
            seen = page.until(lambda f: f["move"] > moves)
            assert bot_level_word(seen) == t("web.server.level.easy", arena.langs[name])
    check_pages(arena)


@settings(FUZZ, max_examples=100)
@given(data=st.data())
def test_frames_at_a_finished_table_are_refused_or_offer_its_one_rematch(server, data):
    arena = getattr(server, "fuzz_finished_arena", None)
    if arena is None:
        arena = server.fuzz_finished_arena = Arena(server)
        arena.new_table()
        arena.play_out()
        arena.tables = server.table_count()  # before its rematch

    def played(raw: Any, before: tuple) -> None:  # a rematch, made once, or nothing
        assert server.table_count() == arena.tables + (arena.live.row.rematch is not None)

    fuzz_pair(arena, data, played, playing=False)
    check_pages(arena)
    event(f"rematch made: {arena.live.row.rematch is not None}")
    if arena.live.row.rematch is not None:  # each page offered its own seat, or to watch
        new = server.master.storage.get_table(arena.live.row.rematch)
        for name, page in arena.pages.items():
            own = {"seat0": 0, "seat0-twin": 0, "other": 1}.get(name)
            url = f"/watch/{new.spectator}" if own is None else f"/play/{new.seats[own].token}"
            assert all(f["url"] == url for f in page.frames if f["type"] == "rematch")


class WaitingRematch(Arena):
    """Seat 0's two pages and two spectators' at a rematch that seat 0 asked for and sat
    down at, still waiting for seat 1 (kept: its person went home; seat 2 is a bot's): a
    new one once seat 1 is given away."""

    def ready(self, pair: tuple[str, str], lang: str, playing: bool = True) -> None:
        live = self.live
        if live is None or live.row.status != "waiting" or not live.row.seats[1].kept:
            self.new_table()
        super().ready(pair, lang, playing=False)

    def new_table(self) -> None:
        super().new_table()
        self.play_out()
        wait_for(lambda: self.live.row.status == "over", "the game did not end")
        self.pages["seat0"].send({"type": "rematch"})
        token = self.pages["seat0"].expect("rematch")["url"].rsplit("/", 1)[1]
        new = self.server.master.storage.get_table(self.live.row.rematch)
        self.close()
        self.table, self.spectator = new.id, new.spectator
        self.own_tokens = {"seat0": token, "seat0-twin": token, "watcher": new.spectator,
                           "watcher-twin": new.spectator}
        self.open_pages()


@settings(FUZZ, max_examples=200)
@given(data=st.data())
def test_frames_at_a_waiting_rematch_are_refused_or_give_the_kept_seat(server, data):
    arena = getattr(server, "fuzz_rematch", None) or WaitingRematch(server)
    server.fuzz_rematch = arena

    def played(raw: Any, before: tuple) -> None:  # seat 1 given away, or no seat changed
        arena.settle()  # given to a bot, the table plays: until a person's turn
        kept, after = before[-1][1], arena.snapshot()[-1]  # (kind, level, token, ..., given)
        assert after[::2] == before[-1][::2], raw  # seats 0 and 2
        if kept[5] is not None or after[1][5] is None:
            assert after[1] == kept, raw
            return
        event(f"given to {after[1][0]}")
        sent = json.loads(raw)
        assert (sent["type"], sent["seat"], after[1][5]) == ("give_seat", 1, kept[2]), raw
        assert after[1][0] == ("bot" if sent["to"] == "bot" else "human"), after
        assert after[1][2] != kept[2], after

    fuzz_pair(arena, data, played, playing=False, drawn=frames(("give_seat",)) | frames())
    check_pages(arena)
    seats = server.master.storage.get_table(arena.table).seats  # a new token reaches nobody
    for name, page in arena.pages.items():
        assert not [s.token for s in seats if s.token and s.token != arena.own_tokens[name]
                    and s.token in str(page.frames)], name


# -- what the campaign found, kept as plain cases -----------------------------------------
def test_an_address_with_no_route_is_the_api_error_in_the_asked_language(server):
    """Found by the campaign: a token or a game's name holding "/" (sent as %2F) is read as
    another path, which no route takes: FastAPI's bare `{"detail": "Not Found"}` (English,
    not the API's error) answered, and a method a route does not take likewise."""
    for path in ("/api/games/%2F/rules", "/api/join/a%2Fb", "/api/nosuch"):
        error = refused_in_both_languages(lambda lang, path=path: server.api.get(path, params={
            "lang": lang}))
        assert error["code"] == "not_found"
    error = refused_in_both_languages(lambda lang: server.api.delete(f"/api/tables?lang={lang}"))
    assert error["code"] == "method_not_allowed"
    assert "POST" in error["message"]


def test_a_page_says_hello_first_in_the_language_it_opened_with(server):
    """Found by the campaign: a socket opened with `?lang=fr` (or a French browser's
    Accept-Language) was answered in English until its hello said `fr`, though the server
    reads that language for `too_many_sockets`; a hello with no `lang` stayed English."""
    sent = ({"type": "move", "actions": [0], "move": 0}, "nul", {"type": "nosuch"},
            {"type": "hello", "token": "nosuch"})
    for lang in ("en", "fr"):
        with WsClient(f"{server.ws_url}?lang={lang}") as page:
            messages = []
            for frame in sent:
                page.send(frame)
                messages.append(page.expect("error")["message"])
            page.send({"type": "hello", "token": "nosuch", "lang": OTHER[lang]})
            messages.append(page.expect("error")["message"])
        if lang == "en":
            english = messages
    assert all(fr != en for fr, en in zip(messages, english)), (messages, english)
    assert messages[-1] == english[-2]  # the hello's own language wins


def test_a_refused_hello_leaves_the_page_in_its_language(server):
    """Found by the campaign: a hello refused (an unknown token) asking for French turned
    the seated page's connection French all the same: its next updates came in French
    with no `log_reset`, after a log told in English."""
    created, (token,) = server.table("diciassette", 2, humans=1)
    with server.client() as page:
        first = page.hello(token)
        assert bot_level_word(first) == "easy"
        page.send({"type": "hello", "token": "nosuch", "lang": "fr"})
        assert "ne mène à aucune table" in page.expect("error")["message"]  # as it asked
        page.send({"type": "back"})  # always answered with the table as it is
        assert bot_level_word(page.expect("update")) == "easy"


def test_options_of_another_type_are_refused_even_when_empty(server):
    """Found by the campaign: `options` of another type than an object was refused, unless
    it was an empty one (`[]`, `0`, `false`, `""`): those made a table as if left out."""
    for options in ([], 0, False, ""):
        body = {"game": "dtc", "players": 3, "options": options}
        before = server.table_count()
        error = refused_in_both_languages(
            lambda lang, body=body: post(server, "/api/tables", body, lang))
        assert error["code"] == "bad_request" and "options" in error["message"]
        assert server.table_count() == before


def test_a_name_drawn_as_nothing_is_refused(server):
    """Seen while giving the campaign its tricky characters: Hangul fillers (U+3164,
    U+115F, U+1160, U+FFA0), the blank Braille pattern (U+2800) and combining marks with
    no letter to sit on made a name that reads as empty (they are letters and symbols to
    Unicode, not format characters); they go, as invisible characters do."""
    invite = waiting_table(server).invite()  # a table with a free seat
    before = waiting_table(server).seats()
    free = [seat for seat, (taken, _name) in enumerate(before) if not taken][0]
    for name in ("\u3164", "\u115f\u1160", "\uffa0 \u2800", "\u0301\u034f"):
        error = refused_in_both_languages(lambda lang, name=name: post(
            server, f"/api/join/{invite}", {"seat": free, "name": name}, lang))
        assert error["code"] == "bad_name"
        assert "visible" in error["message"]
    assert waiting_table(server).seats() == before
    assert post(server, f"/api/join/{invite}", {"seat": free, "name": "Zo\u3164é\u0301"},
                "en").status_code == 200
    assert waiting_table(server).seats()[free] == (True, "Zoé\u0301")


def test_a_chat_line_drawn_as_nothing_is_empty(server):
    """Like a name: a line of Hangul fillers, blank Braille patterns or combining marks
    alone was sent to everyone as a line that reads as nothing."""
    created, (token,) = server.table("diciassette", 2, humans=1)
    with server.client() as page:
        page.hello(token)
        for text in ("\u3164", "\u2800 \u115f", "\u0301\n\u034f"):
            page.send({"type": "chat", "text": text})
            assert page.expect("error")["code"] == "chat_empty"
        page.send({"type": "chat", "text": "bien\u3164joué"})
        assert page.expect("chat")["text"] == "bien joué"
