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
import re
import time
import unicodedata
from typing import Any
from urllib.parse import quote

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ludotheque.core.registry import all_games
from ludotheque.i18n import LANGUAGES, t
from ludotheque.web.limits import Limits
from ludotheque.web.master import LEVELS, QUOTED_MAX, rebuild

from web_servers import DEADLINE, WsClient

# The campaign sends far more than a person would: no rate limit but the bot-only tables'
# (3 unfinished ones: a body mutated into all bots plays, and this caps the bots' work).
SERVER_LIMITS = Limits(chat=None, frames=None, tables=None, reads=None, sockets=None)
FUZZ = settings(max_examples=300, suppress_health_check=list(HealthCheck))
GAMES = {game.name: game for game in all_games()}
OTHER = {"en": "fr", "fr": "en"}

# A client's texts: no "<", "{" or "}" (a message quoting one must still be told from a
# Python repr or an unformatted placeholder), no lone surrogate (sent as its own case).
# Among them often the characters a name or a line must survive: invisible and format ones,
# ones drawn as nothing (BLANK), combining marks, a bidi override, a wide letter, spaces.
BLANK = "\u3164\u115f\u1160\uffa0\u2800"
TRICKY = BLANK + "\u200b\u200d\u202e\u2066\u00ad\u0301\u034f\uff21\u3000 \t\n"
TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="<{}")
               | st.sampled_from(TRICKY), max_size=60).filter(
    lambda s: "None" not in s and "Traceback" not in s)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8)

BARE_KEY = re.compile(r"\b(web|error|list|core)\.[a-z_]+\.[a-z_.]+")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")
PYTHON_REPR = re.compile(r"Traceback|<(class|function|bound method|[\w.]+ object)\b|\bNone\b")


def drawn(name: str) -> bool:
    """Whether a name shows something: a character neither blank, a mark, a space, a
    control nor a format character (one unassigned in this Python's Unicode may be a
    newer emoji: it counts)."""
    return any(c not in BLANK and unicodedata.category(c)[0] not in "MZ"
               and unicodedata.category(c) not in ("Cc", "Cf") for c in name)


def client_texts(value: Any) -> list[str]:
    """Every text inside a client's value (keys too)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for k, v in value.items() for text in (k, *client_texts(v))]
    if isinstance(value, list):
        return [text for item in value for text in client_texts(item)]
    return []


def readable(message: Any, sent: Any = None) -> None:
    """An error message a person reads: no client text of `sent` quoted past QUOTED_MAX
    characters, and, what it quotes of them aside, no key, no repr, no placeholder."""
    assert isinstance(message, str) and message.strip(), message
    own = message
    for text in client_texts(sent):
        assert text[:QUOTED_MAX + 1] not in message or len(text) <= QUOTED_MAX, message
        quoted = next((text[:size] for size in range(min(len(text), QUOTED_MAX), 3, -1)
                       if text[:size] in own), "")  # shorter: no key, repr nor placeholder
        own = own.replace(quoted, "") if quoted else own
    assert not BARE_KEY.search(own), message
    assert not PLACEHOLDER.search(own), message
    assert not PYTHON_REPR.search(own), message


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


def wait_for(condition, what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)


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
    """Whether each field a table's body has is of the type the protocol says (`seats`,
    `options` and `turn_timer` may be null: left out)."""
    number = (int, float)
    return isinstance(body["game"], str) and (
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


@FUZZ
@given(body=BODIES)
def test_creating_a_table_answers_a_table_or_a_clear_refusal(server, body):
    before = server.table_count()
    answer = post(server, "/api/tables", body, "en")
    event(told(answer))
    if answer.status_code == 200:
        made = answer.json()
        assert set(made) - {"play_url"} == {"table", "invite_url", "spectator_url"}, made
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
        wait_for(lambda: server.master.storage.get_table(table).status == "over",
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
        assert set(shown) == {"table", "game", "title", "players", "status", "seats"}
        assert all(set(seat) == {"seat", "kind", "level", "name", "taken"}
                   for seat in shown["seats"])
    elif where == "replay":
        shown = answer.json()
        assert set(shown) == {"table", "game", "title", "players", "names", "total", "step",
                              "seat", "actor", "actor_name", "action", "view", "scene",
                              "lines", "result", "reveal"}, sorted(shown)
        assert 0 <= shown["step"] <= shown["total"]
        assert (shown["reveal"] is None) == (query.get("reveal", "0") == "0")
    assert server.table_count() == tables


# -- WebSocket ----------------------------------------------------------------------------
# The pages fuzzed (one of a pair: the other is sent each refused frame too, in the other
# language): seat 0's two pages, or two spectators'.
PAIRS = {"seat 0": ("seat0", "seat0-twin"), "spectator": ("watcher", "watcher-twin")}


class Arena:
    """A Diciassette table of two people and an easy bot, waiting on a person: two pages of
    seat 0, one of seat 1 ("other"), two spectators'."""

    def __init__(self, server) -> None:
        self.server = server
        self.pages: dict[str, Any] = {}
        self.table = None

    def ready(self, pair: tuple[str, str], lang: str, playing: bool = True) -> None:
        """A table in play, seat 0 seated, a person to act (a new table if not; or, not
        `playing`, the table as it is), the `pair` of pages in `lang` and the other,
        every page's frames read."""
        live = self.live
        if playing and (live is None or 0 in live.left or live.match.is_over()
                        or live.row.status != "playing"):
            self.new_table()
        self.settle()
        for name, want in zip(pair, (lang, OTHER[lang])):
            if self.langs[name] != want:
                self.pages[name].send({"type": "lang", "lang": want})
                self.langs[name] = want
                self.pages[name].expect("update", log_reset=True)
        for page in self.pages.values():
            sync(page, "sync-ready")
            page.frames.clear()

    def new_table(self) -> None:
        self.close()
        created, tokens = self.server.table("diciassette", 3, humans=2)
        self.table, self.spectator = created["table"], created["spectator"]
        self.own_tokens = {"seat0": tokens[0], "seat0-twin": tokens[0], "other": tokens[1],
                           "watcher": self.spectator, "watcher-twin": self.spectator}
        self.pages = {name: self.server.client() for name in self.own_tokens}
        self.langs = dict.fromkeys(self.pages, "en")
        for name, token in self.own_tokens.items():
            self.pages[name].hello(token)
        wait_for(lambda: self.live is not None, "the table is not held")
        self._views: dict[int, Any] = {}

    @property
    def live(self):
        return self.server.master.tables.get(self.table) if self.table else None

    def settle(self) -> None:
        """Until a person (or nobody: the end) is to act, the last move stored (the match
        has a move before the database): no bot moves meanwhile."""
        storage = self.server.master.storage
        wait_for(lambda: (self.person_to_act() is not None or self.live.to_act() is None)
                 and storage.count_moves(self.table) == self.live.moves,
                 "a bot did not play")

    def play_out(self) -> None:
        """The people play their first legal move each turn, to the end."""
        while True:
            self.settle()
            actor, moves = self.person_to_act(), self.live.moves
            if actor is None:
                return
            self.pages["seat0" if actor == 0 else "other"].move(
                [self.live.match.legal_actions()[0]], moves)
            wait_for(lambda: self.live.moves > moves, "a person's move was not played")

    def person_to_act(self) -> int | None:
        """The seat of the person to act, if a person is (not a bot, nor a stand-in)."""
        actor = self.live.to_act()
        return actor if actor in (0, 1) and actor not in self.live.left else None

    def snapshot(self) -> tuple:
        live = self.live
        storage = self.server.master.storage
        return (self.server.table_count(), live.moves, storage.count_moves(self.table),
                live.row.status, live.row.rematch,
                sorted(live.absent), sorted(live.left),
                [(s.taken, s.name) for s in storage.get_table(self.table).seats])

    def stored_seats(self, start: int) -> list[int]:
        return [seat for _, seat, _ in self.server.master.storage.get_moves(self.table)][start:]

    def match_at(self, moves: int):
        if moves not in self._views:
            storage = self.server.master.storage
            row = storage.get_table(self.table)
            texts = [text for _, _, text in storage.get_moves(self.table)]
            self._views[moves] = rebuild(row, texts[:moves])
        return self._views[moves]

    def check_no_leak(self, frame: dict[str, Any]) -> None:
        """An update holds its seat's view and events only, as the Match gives them."""
        if frame.get("type") != "update" or frame["view"] is None:
            return
        match = self.match_at(frame["move"])
        seat = frame["seat"]
        assert frame["view"] == json.loads(json.dumps(match.view(seat))), "another view"
        told = match.events_for(seat)
        for entry in frame["events"]:
            assert entry["event"] == json.loads(json.dumps(told[entry["index"]])), entry

    def close(self) -> None:
        for page in self.pages.values():
            page.close()
        self.pages = {}


def sync(page, marker: str) -> list[dict[str, Any]]:
    """The frames `page` receives until the error answering a frame of type `marker` (the
    server answers a page's frames in order: those before it are all answered)."""
    page.send({"type": marker})
    got = []
    while True:
        frame = page.recv()
        if frame.get("type") == "error" and marker in frame.get("message", ""):
            assert frame["code"] == "unknown_type"
            return got
        got.append(frame)


def asked_lang(raw: Any) -> str | None:
    """The language a `hello` or `lang` frame asks for, if the server speaks it."""
    frame = _loaded(raw)
    if isinstance(frame, dict) and frame.get("type") in ("hello", "lang"):
        asked = frame.get("lang")
        if isinstance(asked, str) and asked[:2].lower() in LANGUAGES:
            return asked[:2].lower()
    return None


class Pick:
    """A value drawn from the table as it is when the frame is sent (its legal moves, its
    move count, seat 0's token): what hypothesis draws never depends on the table."""

    def __init__(self, kind: str, index: int) -> None:
        self.kind, self.index = kind, index

    def value(self, arena: Arena, page: str) -> Any:
        live = arena.live
        if self.kind == "legal":
            legal = live.match.legal_actions() if not live.match.is_over() else [0]
            return legal[self.index % len(legal)]
        if self.kind == "count":
            return live.moves + self.index
        token = arena.own_tokens[page]
        return [token, token[:-1], token + "x", token.upper()][self.index % 4]


def picked(arena: Arena, page: str, value: Any) -> Any:
    """`value` with each Pick replaced by what it picks at `arena` for `page`."""
    if isinstance(value, Pick):
        return value.value(arena, page)
    if isinstance(value, dict):
        return {k: picked(arena, page, v) for k, v in value.items()}
    if isinstance(value, list):
        return [picked(arena, page, v) for v in value]
    return value


def pick(kind: str, low: int = 0, high: int = 64) -> st.SearchStrategy[Pick]:
    return st.integers(low, high).map(lambda index: Pick(kind, index))


@st.composite
def frames(draw) -> Any:
    """One client frame: a valid one mutated (`Pick`s still to replace), or raw text or
    bytes that are no frame at all. Sent as bytes (a binary frame) one time in five."""
    kind = draw(st.sampled_from(["hello", "move", "chat", "leave", "back", "rematch", "lang",
                                 "ping", "unknown", "raw"]))
    if kind == "raw":
        return draw(st.sampled_from([
            "[" * 5000, "{" * 3000, '{"type": "move", "actions": [%s], "move": 0}' % ("9" * 5000),
            '{"type": "move", "actions": [1e999], "move": 1e999}', "nul", "", "\"hello\"",
            '{"type": "chat", "text": "\\ud800"}', "x" * 9000]) | TEXT
            | st.binary(max_size=30) | JSON.map(json.dumps))
    frame: dict[str, Any] = {"type": kind}
    if kind == "hello":
        frame.update(token=draw(pick("token") | st.just("") | JSON),
                     lang=draw(st.sampled_from(["en", "fr", "FR-ca", "de"]) | JSON),
                     since=draw(st.integers(-2**70, 2**70) | JSON))
    elif kind == "move":
        # mostly a move the table may take, or almost (steps of a sequence, a stale count)
        step = pick("legal") | st.integers(-5, 400) | TEXT | st.integers(-2**70, 2**70)
        near = st.lists(pick("legal"), min_size=1, max_size=3) | st.lists(step, min_size=1,
                                                                            max_size=4)
        frame.update(actions=draw(near | near | st.lists(pick("legal") | JSON, max_size=130)
                                  | JSON),
                     move=draw(pick("count", 0, 0) | pick("count", -1, 1) | JSON))
        if not draw(st.integers(0, 3)):
            frame["seat"] = draw(st.sampled_from([0, 1, 2, 99]) | JSON)
    elif kind == "chat":
        frame["text"] = draw(TEXT | JSON | st.just("é" * 400))
    elif kind == "lang":
        frame["lang"] = draw(st.sampled_from(["en", "fr", "xx"]) | JSON)
    elif kind == "unknown":
        frame["type"] = draw(JSON)
    for _ in range(draw(st.integers(0, 1))):
        frame[draw(TEXT)] = draw(JSON)
    return frame if draw(st.integers(0, 4)) else ("bytes", frame)


def encoded(arena: Arena, page: str, drawn: Any) -> str | bytes:
    """A drawn frame as `page` sends it."""
    if isinstance(drawn, (str, bytes)):
        return drawn
    if isinstance(drawn, tuple):
        return json.dumps(picked(arena, page, drawn[1])).encode()
    return json.dumps(picked(arena, page, drawn))


def fuzz_pair(arena: Arena, data: Any, played: Any, playing: bool = True) -> None:
    """Frames drawn from `data` on one page of a pair drawn (seat 0's or a spectator's):
    each one refused by one error frame, in the page's language, on that page only, the
    table as it was (the pair's other page, in the other language, is refused alike), or
    played (`played(raw, before)` checks it)."""
    pair = PAIRS[data.draw(st.sampled_from(sorted(PAIRS)))]
    arena.ready(pair, data.draw(st.sampled_from(sorted(LANGUAGES))), playing)
    fuzzed, twin = arena.pages[pair[0]], arena.pages[pair[1]]
    for number in range(data.draw(st.integers(1, 5))):
        raw = encoded(arena, pair[0], data.draw(frames()))
        before = arena.snapshot()
        fuzzed.send(raw)
        got = sync(fuzzed, f"sync-{number}")
        errors = [f for f in got if f.get("type") == "error"]
        event(errors[0]["code"] if errors else "played")
        asked = asked_lang(raw)  # a refusal is told in it; the page takes it if accepted
        if errors:
            assert len(errors) == 1, errors
            readable(errors[0]["message"], client_texts(_loaded(raw)))
            assert arena.snapshot() == before, raw
            # the same frame on the pair's other page (in the other language unless a lang
            # frame was accepted): the same refusal
            twin.send(raw)
            again = [f for f in sync(twin, f"sync-{number}") if f.get("type") == "error"]
            assert [f["code"] for f in again] == [errors[0]["code"]], (errors, again)
            if (asked or arena.langs[pair[0]]) != (asked or arena.langs[pair[1]]):
                assert again[0]["message"] != errors[0]["message"], (errors, again)
            assert arena.snapshot() == before, raw
        else:
            played(raw, before)
            arena.langs[pair[0]] = asked or arena.langs[pair[0]]


def check_pages(arena: Arena) -> None:
    """Every page answers still; what it was sent holds its own seat's view and events, and
    only seat 0 chatted."""
    for page in arena.pages.values():
        sync(page, "sync-alive")
        for frame in page.frames:
            arena.check_no_leak(frame)
            if frame["type"] == "chat":  # only seat 0's pages may have sent one
                assert frame["seat"] == 0 and frame["from"] == "P1", frame
                assert drawn(frame["text"]), frame


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


def _loaded(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        return raw if isinstance(raw, str) else None


# -- what the campaign found, kept as plain cases -----------------------------------------
def test_an_address_with_no_route_is_the_api_error_in_the_asked_language(server):
    """Found by the campaign: a token or a game's name holding "/" (sent as %2F) is read as
    another path, which no route takes: FastAPI's bare `{"detail": "Not Found"}` (English,
    not the API's error) answered, and a method a route does not take likewise."""
    for path in ("/api/games/%2F/rules", "/api/join/a%2Fb", "/api/nosuch"):
        error = refused_in_both_languages(lambda lang: server.api.get(path, params={
            "lang": lang}))
        assert error["code"] == "not_found"
    error = refused_in_both_languages(lambda lang: server.api.delete(f"/api/tables?lang={lang}"))
    assert error["code"] == "method_not_allowed"
    assert "POST" in error["message"]


def test_a_page_says_hello_first_in_the_language_it_opened_with(server):
    """Found by the campaign: a socket opened with `?lang=fr` (or a French browser's
    Accept-Language) was answered in English until its hello said `fr`, though the server
    reads that language for `too_many_sockets`; a hello with no `lang` stayed English."""
    frames = ({"type": "move", "actions": [0], "move": 0}, "nul", {"type": "nosuch"},
              {"type": "hello", "token": "nosuch"})
    for lang in ("en", "fr"):
        with WsClient(f"{server.ws_url}?lang={lang}") as page:
            messages = []
            for frame in frames:
                page.send(frame)
                messages.append(page.expect("error")["message"])
            page.send({"type": "hello", "token": "nosuch", "lang": OTHER[lang]})
            messages.append(page.expect("error")["message"])
        if lang == "en":
            english = messages
    assert all(fr != en for fr, en in zip(messages, english)), (messages, english)
    assert messages[-1] == english[-2]  # the hello's own language wins


def bot_level_word(update: dict[str, Any]) -> str:
    """The level of the table's last seat, a bot, as the update names it: its language."""
    return update["table"]["seats"][-1]["name"].rsplit("(", 1)[1].rstrip(")")


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
        error = refused_in_both_languages(lambda lang: post(server, "/api/tables", body, lang))
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
        error = refused_in_both_languages(lambda lang: post(
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
