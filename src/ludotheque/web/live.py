"""A live table as a server holds it, and the pages that watch it.

`LiveTable` is a stored table (its row) beside its `Match`, rebuilt from the stored moves
(`rebuild`): who is connected, absent or gone, its turn timer, and each page's frame
(cached between two moves). `Conn` is one page's WebSocket as the master sees it: a seat,
a language, and a way to send a frame that never holds a table up for a page that stops
reading. Neither judges a move: the master does (master.py); `rebuild` only replays the
moves it accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheque.core import stand_ins
from ludotheque.core.match import Match
from ludotheque.core.options import options_to_json
from ludotheque.core.record import Record
from ludotheque.core.registry import get_game
from ludotheque.i18n import t
from ludotheque.web.db import SeatCount, TableRow
from ludotheque.web.frames import result_entry, update_frame, waiting_frame
from ludotheque.web.names import seat_names

STAND_IN = "medium"  # the level of the bot that plays for a person absent or gone
SEND_TIMEOUT = 10.0  # seconds


try:  # the `web` extra brings orjson: a frame serialised several times faster
    import orjson

    def dumps(frame: Mapping[str, Any]) -> str:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:  # pragma: no cover - the standard library does the same, slower
    def dumps(frame: Mapping[str, Any]) -> str:
        return json.dumps(frame, ensure_ascii=False, separators=(",", ":"),
                          check_circular=False)


class Conn:
    """One WebSocket connection as the master sees it: a seat (None: spectator), a
    language, how many events the page has, and a way to send a frame."""

    def __init__(self, sender: Any, closer: Any = None, lang: str = "en") -> None:
        self._sender = sender  # async callable(str)
        self._closer = closer  # async callable(): close the transport
        self._lock = asyncio.Lock()
        self.table: LiveTable | None = None
        self.seat: int | None = None
        self.lang = lang  # the socket's ?lang= or Accept-Language until its hello says one
        self.sent = 0
        self.closed = False
        self.gone: int | None = None  # the seat this page's person left (now watching)

    async def send(self, frame: Mapping[str, Any] | str) -> None:
        """Send a frame (a dict, or its JSON text already made for several pages)."""
        if self.closed:
            return
        text = frame if isinstance(frame, str) else dumps(frame)
        async with self._lock:
            try:
                # a page that stops reading must not hold its table's lock for long
                # (asyncio.timeout: no extra task per frame, unlike wait_for)
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self._sender(text)
            except Exception:  # noqa: BLE001 - a vanished page: forget it, serve the rest
                self.closed = True
                if self._closer is not None:
                    with contextlib.suppress(Exception):
                        await self._closer()


@dataclass
class LiveTable:
    row: TableRow
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    absent: set[int] = field(default_factory=set)
    left: set[int] = field(default_factory=set)  # left for good (also in `absent`)
    deadline: float | None = None
    timer: asyncio.TimerHandle | None = None
    bot_for: int = -1  # the move count a bot task is already working on
    notes: list = field(default_factory=list)  # several servers: news not yet caught up
    following: bool = False  # a task is catching this table up
    # over: (rematch, its status, its seats taken and given away) as every page was last
    # offered it, and when the safety-net look first saw the game over (time.monotonic())
    offered: tuple[str, str, SeatCount] | None = None
    ended: float | None = None
    # a seat's name changed (someone sat down, the table started): the next broadcast
    # sends every page the whole log again, narrated with the names
    relog: bool = False
    # requests between loading the table and being done with it (a page's hello until its
    # first frame, a join until the seat is stored): it is not forgotten meanwhile
    arriving: int = 0
    gone: bool = False  # `ludotheque prune` removed it: its open pages were told
    _cache: dict = field(default_factory=dict)
    _names: dict = field(default_factory=dict)
    _options: dict | None = None
    _cache_moves: int = -1

    @classmethod
    def of(cls, row: TableRow, match: Match) -> LiveTable:
        """A stored table (its row) and its match: the seats away as stored."""
        return cls(row=row, match=match, absent=set(row.absent), left=set(row.left))

    @property
    def game(self):
        return self.match.game

    @property
    def moves(self) -> int:
        return len(self.match.actions)

    @property
    def told(self) -> int:
        """How many events the pages are told: none while the table waits for its people
        (the game, its deal and first rolls included, is nobody's before it starts, and
        its log would name seats by the names of nobody), all of them once it started."""
        return 0 if self.row.status == "waiting" else len(self.match.events or ())

    def names(self, lang: str) -> list[str]:
        """Seat names in `lang` (cached: they change only when someone sits down)."""
        cached = self._names.get(lang)
        if cached is None:
            cached = self._names[lang] = seat_names(self.row, lang)
        return cached

    def names_now(self, lang: str) -> list[str]:
        """Seat names in `lang` as the table reads now: "Ada (bot)" while a stand-in plays
        Ada's seat (the seat list keeps "Ada", its badge says she left or is away)."""
        return stand_ins.names_at(self.names(lang), self.row.stand_ins, self.told, lang)

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat`: a bot seat's own, the stand-in's for a
        person absent or gone; None while its person plays it."""
        spec = self.row.seats[seat]
        if spec.kind == "bot":
            return spec.level or "medium"
        return STAND_IN if seat in self.absent or seat in self.left else None

    def bot_job(self) -> tuple[int, str] | None:
        """(seat, level) when the next move is a bot's (or a stand-in's): the transaction
        that makes the table reach that move writes its job, which a worker takes (several
        servers) and which tells a server starting that the table runs on its own."""
        if self.match.is_over():
            return None
        seat = self.match.current_player()
        level = self.bot_level(seat) if seat >= 0 else None
        return None if level is None else (seat, level)

    def bot_seed(self) -> int:
        """The seed of the bot's move now to make (its own randomness, botwork.choose): the
        table's seed and the move's index through a one-way hash. The same deal brings the
        same bots' moves back (a test's seeded `Master.deals`), on any server or worker and
        after a restart; the table's seed cannot be read back from it."""
        digest = hashlib.blake2b(f"bot/{self.row.seed}/{self.moves}".encode(),
                                 digest_size=8).digest()
        return int.from_bytes(digest, "big") >> 1

    def to_act(self) -> int | None:
        if self.row.status != "playing" or self.match.is_over():
            return None
        player = self.match.current_player()
        return player if player >= 0 else None

    def free_seats(self) -> list[int]:
        """Human seats nobody sat down at (a rematch's seats are kept for their people)."""
        return [s.seat for s in self.row.seats if s.kind == "human" and not s.taken
                and not s.name]

    def connected(self, seat: int) -> bool:
        """A page of `seat` is open here (the seat list's `connected`)."""
        return any(c.seat == seat and not c.closed for c in self.conns)

    def public(self, lang: str, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The table as everyone may see it (no token, no seed)."""
        connected = {c.seat for c in self.conns if not c.closed}
        names = names or self.names(lang)
        return {
            "id": self.row.id,
            "game": self.row.game,
            "title": t(self.game.title_key, lang),
            "players": self.row.players,
            "status": self.row.status,
            "options": self._options_json(),
            "seats": [{"seat": s.seat, "name": names[s.seat], "kind": s.kind, "level": s.level,
                       "taken": s.kind == "bot" or s.taken,
                       "connected": s.kind == "bot" or s.seat in connected,
                       "absent": s.seat in self.absent, "left": s.seat in self.left,
                       # a rematch's seat kept for its person, who has not sat down yet
                       "kept": s.kept}
                      for s in self.row.seats],
            "turn_timer": self.row.turn_timer,
            "deadline": self.deadline,
        }

    def _options_json(self) -> dict[str, Any]:
        """The table's options as JSON (they never change: made once)."""
        if self._options is None:
            self._options = options_to_json(self.match.state.options)
        return self._options

    def result(self, lang: str, names: Sequence[str] | None = None) -> dict[str, Any] | None:
        if not self.match.is_over():
            return None
        state = self.match.state
        return result_entry(state.winners(), state.returns(), names or self.names_now(lang),
                            lang)

    def frame(self, seat: int | None, lang: str, start: int, log_reset: bool = False,
              with_scene: bool = True, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The update for `seat` from event `start`: view(seat) and events_for(seat) only.

        Between two moves, the same seat in the same language gets the same frame but for
        the public seat list (who is connected or absent): the rest is cached, so a page
        connecting does not rebuild the scene of every other page."""
        names = self.names(lang)
        key = (seat, lang, start, log_reset, with_scene, self.moves, self.row.status,
               tuple(names), repr(self.row.stand_ins))
        if self._cache_moves != self.moves:
            self._cache.clear()
            self._cache_moves = self.moves
        body = self._cache.get(key)
        if body is None:
            body = self._build(seat, lang, start, log_reset, with_scene, names)
            self._cache[key] = body
        frame = {**body, "table": public or self.public(lang, names)}
        if seat is not None:  # what a spectator sees: a screen several people share shows
            frame["watch_url"] = f"/watch/{self.row.spectator}"  # it between their turns
        if seat is not None and self.row.status == "waiting" and self.free_seats():
            # someone seated may send the link on (they came by it); a spectator may not
            frame["invite_url"] = f"/join/{self.row.invite}"
        return frame

    def _build(self, seat: int | None, lang: str, start: int, log_reset: bool,
               with_scene: bool, names: list[str]) -> dict[str, Any]:
        if self.row.status == "waiting":
            return waiting_frame(seat=seat, move=self.moves, log_reset=log_reset)
        match = self.match
        to_act = self.to_act()
        legal = match.legal_actions() if to_act is not None and to_act == seat else []
        return update_frame(
            game=match.game, table={}, seat=seat, view=match.view(seat),
            events=match.events_for(seat, start), start=start, legal=legal, to_act=to_act,
            move=self.moves, names=names, lang=lang, result=self.result(lang),
            log_reset=log_reset, with_scene=with_scene, spans=self.row.stand_ins)

    def record(self) -> Record:
        """The record (with the SEED): for the export once the game is over, never before."""
        return self.match.record(table=self.row.id, names=self.names("en"),
                                 seats=[{"kind": s.kind, "level": s.level} for s in self.row.seats],
                                 source="ludotheque serve",
                                 **({"stand_ins": self.row.stand_ins} if self.row.stand_ins
                                    else {}))


def rebuild(row: TableRow, actions: Sequence[str]) -> Match:
    """The match of a stored table: its seed, options and every stored action, replayed."""
    match = Match(get_game(row.game), row.players, row.options, seed=row.seed)
    for action in actions:
        match.apply(action)
    return match


def due_bot_job(row: TableRow, actions: Sequence[str]) -> tuple[int, str] | None:
    """(seat, level) of the bot or stand-in whose move a stored table is at, if any."""
    return LiveTable.of(row, rebuild(row, actions)).bot_job()
