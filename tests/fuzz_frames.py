"""What the frame-fuzzing campaigns share (tests/web/test_fuzz_server.py on one server,
tests/scale/test_scale_fuzz.py across two): the client texts and frames hypothesis draws,
the table the frames are sent to (`Arena`: its pages, what it holds, what the Match says
each seat may see) and the checks every answer meets (`readable`, `fuzz_pair`,
`check_pages`). Importable by name from both folders of tests (`from fuzz_frames import
...`)."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st

from ludotheque.i18n import LANGUAGES
from ludotheque.web.app import FRAME_FIELDS
from ludotheque.web.limits import Limits
from ludotheque.web.live import rebuild
from ludotheque.web.refusals import QUOTED_MAX
from ws_client import wait_for

# The campaign sends far more than a person would: no rate limit but the bot-only tables'
# (3 unfinished ones: a body mutated into all bots plays, and this caps the bots' work).
SERVER_LIMITS = Limits(chat=None, frames=None, tables=None, reads=None, invites=None,
                       sockets=None)
FUZZ = settings(max_examples=300, suppress_health_check=list(HealthCheck))
OTHER = {"en": "fr", "fr": "en"}
GIVE_TO = st.sampled_from(["anyone", "bot"])  # to whom `give_seat` may give a seat


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
        self.open_pages()

    def open_pages(self) -> None:
        """A page for each of `own_tokens`, in English, its hello answered."""
        self.pages = {name: self.page_server(name).client() for name in self.own_tokens}
        self.langs = dict.fromkeys(self.pages, "en")
        for name, token in self.own_tokens.items():
            self.pages[name].hello(token)
        wait_for(lambda: self.live is not None, "the table is not held")
        self._views: dict[int, Any] = {}

    def page_server(self, name: str):
        """The server the page `name` opens on."""
        return self.server

    def live_of(self, page: str):
        """The table as the server of page `page` holds it."""
        return self.live

    def before_frame(self, data: Any) -> bool:
        """What happens before the next frame (drawn from `data`); whether it is sent while
        some server hears the others' news late, until a frame on time (one server:
        nothing happens, there is no news)."""
        return False

    def news_in(self) -> None:
        """Every server has heard all there was to hear (one server: nothing to wait for)."""

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
            wait_for(lambda moves=moves: self.live.moves > moves, "a person's move was not played")

    def person_to_act(self) -> int | None:
        """The seat of the person to act, if a person is (not a bot, nor a stand-in): a
        human seat by the table's row, as seat 1 of a rematch is no more once given to a
        bot."""
        live = self.live
        actor = live.to_act()
        return actor if actor is not None and live.row.seats[actor].kind == "human" \
            and actor not in live.left else None

    def snapshot(self) -> tuple:
        live = self.live
        storage = self.server.master.storage
        return (self.server.table_count(), live.moves, storage.count_moves(self.table),
                live.row.status, live.row.rematch,
                sorted(live.absent), sorted(live.left),
                [(s.kind, s.level, s.token, s.taken, s.name, s.given)
                 for s in storage.get_table(self.table).seats])

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
    move count, one of its seats, seat 0's token): what hypothesis draws never depends on
    the table."""

    def __init__(self, kind: str, index: int) -> None:
        self.kind, self.index = kind, index

    def value(self, arena: Arena, page: str) -> Any:
        live = arena.live_of(page)
        if self.kind == "legal":
            legal = live.match.legal_actions() if not live.match.is_over() else [0]
            return legal[self.index % len(legal)]
        if self.kind == "count":
            return live.moves + self.index
        if self.kind == "seat":
            return self.index % live.row.players
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


KINDS = ("hello", "move", "chat", "leave", "back", "rematch", "lang", "ping", "give_seat",
         "unknown", "raw")


@st.composite
def frames(draw, kinds: tuple[str, ...] = KINDS) -> Any:
    """One client frame (of one of `kinds`): a valid one mutated (`Pick`s still to replace),
    or raw text or bytes that are no frame at all. Sent as bytes (a binary frame) one time
    in five."""
    kind = draw(st.sampled_from(kinds))
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
    elif kind == "give_seat":  # mostly one of the table's seats, to whom it may go
        frame.update(seat=draw(pick("seat") | pick("seat") | st.sampled_from(
                         [-1, 3, 99, 2**70, True, 1.0, "1", None]) | JSON),
                     to=draw(GIVE_TO | GIVE_TO | st.sampled_from(
                         ["Anyone", "bots", "nobody", "", "human"]) | TEXT | JSON))
    elif kind == "unknown":
        frame["type"] = draw(JSON)
    for _ in range(draw(st.integers(0, 1))):
        frame[draw(TEXT)] = draw(JSON)
    return frame if draw(st.integers(0, 4)) else ("bytes", frame)


FRAMES = frames()


def encoded(arena: Arena, page: str, drawn: Any) -> str | bytes:
    """A drawn frame as `page` sends it."""
    if isinstance(drawn, (str, bytes)):
        return drawn
    if isinstance(drawn, tuple):
        return json.dumps(picked(arena, page, drawn[1])).encode()
    return json.dumps(picked(arena, page, drawn))


def fuzz_pair(arena: Arena, data: Any, played: Any, playing: bool = True,
              pairs: dict[str, tuple[str, str]] = PAIRS,
              drawn: st.SearchStrategy = FRAMES) -> None:
    """Frames drawn from `data` on one page of a pair drawn (seat 0's or a spectator's):
    each one refused by one error frame, in the page's language, on that page only, the
    table as it was (the pair's other page, in the other language, is refused alike), or
    played (`played(raw, before)` checks it); the frames are `drawn`'s. After a frame the
    arena lets news reach late (`before_frame`) the servers are not waited for, and the frame
    is not sent to the other page: a server behind refuses what one up to date may take."""
    pair = pairs[data.draw(st.sampled_from(sorted(pairs)))]
    arena.ready(pair, data.draw(st.sampled_from(sorted(LANGUAGES))), playing)
    fuzzed, twin = arena.pages[pair[0]], arena.pages[pair[1]]
    for number in range(data.draw(st.integers(1, 5))):
        late = arena.before_frame(data)
        raw = encoded(arena, pair[0], data.draw(drawn))
        before = arena.snapshot()
        fuzzed.send(raw)
        got = sync(fuzzed, f"sync-{number}")
        errors = [f for f in got if f.get("type") == "error"]
        event(errors[0]["code"] if errors else "played")
        asked = asked_lang(raw)  # a refusal is told in it; the page takes it if accepted
        if stray_field(raw):  # refused, if nothing before it is wrong, for that field
            assert errors and errors[0]["code"] in ("unknown_field", "bad_json", "too_large"), \
                (raw, errors)
        if errors:
            assert len(errors) == 1, errors
            readable(errors[0]["message"], client_texts(_loaded(raw)))
            assert arena.snapshot() == before, (raw, before, arena.snapshot())
        else:
            played(raw, before)
            arena.langs[pair[0]] = asked or arena.langs[pair[0]]
        if late:
            continue
        arena.news_in()
        if errors:
            # the same frame on the pair's other page (in the other language unless a lang
            # frame was accepted): the same refusal
            twin.send(raw)
            again = [f for f in sync(twin, f"sync-{number}") if f.get("type") == "error"]
            assert [f["code"] for f in again] == [errors[0]["code"]], (errors, again)
            if (asked or arena.langs[pair[0]]) != (asked or arena.langs[pair[1]]):
                assert again[0]["message"] != errors[0]["message"], (errors, again)
            assert arena.snapshot() == before, (raw, before, arena.snapshot())


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


def stray_field(raw: Any) -> bool:
    """Whether a frame of a known type holds a field its type does not take."""
    frame = _loaded(raw)
    kind = frame.get("type") if isinstance(frame, dict) else None
    return isinstance(kind, str) and kind in FRAME_FIELDS and any(
        name not in ("type", *FRAME_FIELDS[kind]) for name in frame)


def _loaded(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        return raw if isinstance(raw, str) else None


def bot_level_word(update: dict[str, Any]) -> str:
    """The level of the table's last seat, a bot, as the update names it: its language."""
    return update["table"]["seats"][-1]["name"].rsplit("(", 1)[1].rstrip(")")

