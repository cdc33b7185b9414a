"""The master: the only place that calls the rules for a web table.

One in-memory `Match` per live table, rebuilt from the database (its record) when first
needed. A move goes: seat token -> seat; the seat is to act; the page's move count is
current; the actions are legal (`apply_sequence`, all or nothing); the move rows are
written in one transaction; only then is anyone told, each seat its own frame. Moves at
one table are serialised by the table's asyncio.Lock; tables do not wait for each other.

Bots are clients with a seat: after a short pause the bot's move is computed off the event
loop (see botwork.py) and goes through the same `play` path as a person's.

The transport (WebSocket) only carries frames (`Conn.send`); storage only stores
(db.Storage): either can change without touching this file's rules calls.

Beside it: live.py (a table held in memory, `LiveTable`, and a page's connection,
`Conn`), table_request.py (a new table's request checked), refusals.py (`Refused` and the
texts of a refusal), names.py (the bots' and the seats' names, a person's name checked),
botwork.py (the bots' moves, off the loop).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import datetime as dt
import functools
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from ludotheque.core import stand_ins
from ludotheque.core.errors import IllegalActionError, LudoError, NotationError
from ludotheque.core.match import Match
from ludotheque.core.options import options_to_json
from ludotheque.i18n import LazyMessage, LazyText, t
from ludotheque.web import botwork
from ludotheque.web.broker import LocalBroker
from ludotheque.web.db import (
    NameTaken,
    SeatCount,
    SeatGone,
    SeatRow,
    Storage,
    TableGone,
    TableRow,
    now,
)
from ludotheque.web.live import STAND_IN, Conn, LiveTable, dumps, rebuild
from ludotheque.web.names import BLANK_CHARACTERS, checked_name, draws_something, seat_names
from ludotheque.web.refusals import Duration, Refused, bad_seat, quoted
from ludotheque.web.table_request import TIMER_RANGE, new_token, table_request

log = logging.getLogger("ludotheque.web")

CHAT_MAX = 300
# the longest gesture a page sends in one frame: a DTC offer of the whole deck (66 cards)
# and its announce; a frame stays under 8 KiB (`app.FRAME_MAX`)
MAX_ACTIONS = 128
# A table's seed is drawn below this (the database's BIGINT holds it): a seat that sees its
# own cards must not find the seed, hence every hidden card, by trying them all (2**31
# seeds take a day of one core in Python, minutes in C; 2**63 are out of reach).
SEEDS = 2**63
WAITING_TTL = 24 * 3600.0  # seconds a table may wait for people with nobody sitting down
CHAT_HISTORY = 50
# finished tables nobody holds, kept as read for the API (a record or a replay asked for
# again, a long tournament replayed once): they never change
FINISHED_KEPT = 8
PRUNABLE = ("over", "closed")  # what `ludotheque prune` removes: never a table in play
GIVE_TO = ("anyone", "bot")  # to whom a rematch's seat kept for someone may be given


def _result(match: Match) -> dict[str, Any]:
    """The stored result of a finished match (the table row's `result`)."""
    return {"winners": match.state.winners(), "returns": match.state.returns()}


class Master:
    """One server's live tables (a worker's too, worker.py), in sections: life (start, the
    sweep, close); tables in memory (loaded, held); several servers (another server's news
    caught up); creating and joining; connections (a page's hello, presence, every page
    told, a table forgotten); moves (`play`, the one move path); bots and the turn timer;
    leaving; chat and rematch."""

    def __init__(self, storage: Storage, bot_delay: float = 0.6, hard_workers: int | None = None,
                 min_turn_timer: float = TIMER_RANGE[0], broker: Any = None,
                 bot_jobs: bool | None = None, waiting_ttl: float = WAITING_TTL,
                 deals: random.Random | None = None, turn_timers: bool = True) -> None:
        self.storage = storage
        # Each table's seed: the system's entropy; a test passes a seeded generator so the
        # same deals (and bots' moves: `LiveTable.bot_seed`) come back on every run.
        self.deals = deals or random.SystemRandom()
        # Several servers: moves announced through the broker, bots computed by workers
        # (`ludotheque worker`) from job rows; alone: nothing announced, bots in-process.
        self.broker = broker or LocalBroker()
        self.bot_jobs = self.broker.remote if bot_jobs is None else bot_jobs
        self.bot_delay = bot_delay
        self.min_turn_timer = min_turn_timer  # tests use a fraction of a second
        self.waiting_ttl = waiting_ttl
        # A server counts down its tables' turns; a worker (worker.py) runs none: its copy
        # of a table is read only when a bot is to move (it hears no news in between), and
        # the servers holding the table time its people out (the deadline is stored).
        self.turn_timers = turn_timers
        self.tables: dict[str, LiveTable] = {}
        self.tokens: dict[str, tuple[str, int | None]] = {}  # of the tables in memory
        self._loading: dict[str, asyncio.Lock] = {}
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()  # see FINISHED_KEPT
        self._tasks: set[asyncio.Task] = set()
        self._bots = botwork.Pools(hard_workers)
        # Writer threads: a commit that waits for the disk (a WAL checkpoint on a busy
        # machine can take tens of milliseconds) holds only its own table, not the loop.
        # SQLite has one writer at a time, so one thread; PostgreSQL commits the moves of
        # different tables side by side (one table's moves stay in order: its lock), and
        # one thread there made every table wait for each commit's round trips (profiled).
        self._writer = concurrent.futures.ThreadPoolExecutor(
            8 if self.broker.remote else 1, thread_name_prefix="db")
        # Several servers: the database calls off the move path (catch-up, loading a table,
        # a page's hello, joining, chat) wait for PostgreSQL in these threads, never on the
        # event loop, so one slow call holds only its own table.
        self._readers = concurrent.futures.ThreadPoolExecutor(8, thread_name_prefix="db-read")
        self.closing = False

    # -- life -------------------------------------------------------------
    async def start(self) -> None:
        """The tables that run without a visitor are rebuilt from the database: their bots
        and timers resume (with several servers, workers play the bots). The others, maybe
        thousands abandoned over the years, are rebuilt when someone comes."""
        for table_id in await self.db(self.storage.tables_to_resume, not self.bot_jobs):
            try:
                live = await self.get(table_id)
                if live is not None:  # a game abandoned midway waits for its people
                    self.forget_if_unwatched(live)
            except Exception:  # noqa: BLE001 - one broken table must not stop the server
                log.exception("table %s could not be rebuilt", table_id)
        self._spawn(self._sweep())
        if self.broker.remote:
            self._spawn(self.broker.run(self._on_change, self._catch_up_all, self._on_chat))

    async def _sweep(self) -> None:
        """Close the tables that waited for people `waiting_ttl` seconds with nobody sitting
        down (their records stay; the invite link then says the table was closed)."""
        period = max(0.05, min(60.0, self.waiting_ttl / 4))
        loop = asyncio.get_running_loop()
        while True:
            try:
                idle_since = now() - dt.timedelta(seconds=self.waiting_ttl)
                closed = await loop.run_in_executor(self._writer, self.storage.close_waiting,
                                                    idle_since)
                for table_id in closed:
                    live = self.tables.get(table_id)
                    if live is not None:
                        async with live.lock:
                            live.row.status = "closed"
                            self._clear_timer(live)
                            await self.broadcast(live)
                        await self.broker.publish(table_id, live.moves)
                        self.forget_if_unwatched(live)
                    row = live.row if live is not None else await self.db(
                        self.storage.get_table, table_id)
                    if row is not None and row.rematch_of:  # a rematch: the offer says so
                        await self._offer_again(row.rematch_of)
                await self._tell_pruned()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("closing waiting tables failed")
            await asyncio.sleep(period)

    async def _tell_pruned(self) -> None:
        """The pages still open on a table `ludotheque prune` removed (it reaches the
        database, never this server) are told so once (`gone`), without having to act;
        what they send then is refused alike (`gone`) until they close. One look at all of
        them (their ids alone): a row that no longer reads, or thousands of tables, hold
        no other table's news."""
        held = [live for live in self.tables.values() if live.conns and not live.gone
                and live.row.status in PRUNABLE]
        if not held:
            return
        stored = await self.db(self.storage.existing, [live.row.id for live in held])
        for live in held:
            if live.row.id not in stored:
                live.gone = True
                await asyncio.gather(*(conn.send(Refused("gone").frame(conn.lang))
                                       for conn in list(live.conns)))

    async def db(self, function: Any, *args: Any) -> Any:
        """A storage call: in a reader thread with several servers (PostgreSQL over the
        network), inline alone (SQLite in the same process answers in microseconds)."""
        if not self.broker.remote:
            return function(*args)
        return await asyncio.get_running_loop().run_in_executor(
            self._readers, functools.partial(function, *args))

    async def off_loop(self, function: Any, *args: Any) -> Any:
        """Work anyone may ask for again and again (a long game replayed for the API): in a
        reader thread, so that the loop goes on serving every table meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(
            self._readers, functools.partial(function, *args))

    async def close(self) -> None:
        self.closing = True
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.broker.close()
        self._bots.shutdown()
        self._readers.shutdown(wait=False, cancel_futures=True)
        self._writer.shutdown(wait=True)

    def _spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- tables in memory ------------------------------------------------
    async def get(self, table_id: str, hold: bool = True) -> LiveTable | None:
        """The table, loaded from the database if this server does not hold it; held from
        then on unless `hold` is False (a page of the API that only reads it: a finished
        table's record or replay, an invite's table before anyone joins)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not hold:
            return await self._copy(table_id)
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self.tables.get(table_id)
                if live is None:
                    row, stored = await self.db(self.storage.table_since, table_id, 0)
                    if row is None:
                        return None
                    # a load under a lock let go meanwhile (another's read failed) may
                    # have held it first: one copy per table
                    live = self.tables.get(table_id) or self._loaded(row, stored)
        finally:  # loads at once share one lock; an id asked for once (anyone's) leaves none
            if self._loading.get(table_id) is lock and not lock.locked():
                del self._loading[table_id]
        return live

    async def _of_row(self, table_id: str) -> LiveTable:
        """The table whose row was just read (by a link's token); unknown if `ludotheque
        prune` removed it meanwhile."""
        live = await self.get(table_id)
        if live is None:
            raise Refused("unknown_token", status=404)
        return live

    async def pruned(self, live: LiveTable) -> bool:
        """A finished or closed table held here (a page still open on it) whose row
        `ludotheque prune` removed: the prune reaches the database, not this server's
        memory, so a link read from memory looks for the row first (one read; a table in
        play is never pruned)."""
        return live.row.status in PRUNABLE and \
            await self.db(self.storage.get_table, live.row.id) is None

    async def _copy(self, table_id: str) -> LiveTable | None:
        """A table this server does not hold, read for the API and not held. Anyone may ask
        for it again and again: its game (a tournament of thousands of moves takes a tenth
        of a second) is replayed in a thread, off the loop, and a finished one is kept."""
        kept = self._finished.get(table_id)
        if kept is not None:
            self._finished.move_to_end(table_id)
            return kept
        row, stored = await self.db(self.storage.table_since, table_id, 0)
        if row is None:
            return None
        match = await self.off_loop(rebuild, row, [a for _, _, a in stored])
        live = self._built(row, stored, match)
        if row.status == "over":
            self._finished[table_id] = live
            while len(self._finished) > FINISHED_KEPT:
                self._finished.popitem(last=False)
        return live

    @staticmethod
    def _built(row: TableRow, stored: Sequence[tuple[int, int, str]],
               match: Match | None = None) -> LiveTable:
        """The table of a stored row and its moves (`match`: those moves replayed already)."""
        if match is None:
            match = rebuild(row, [a for _, _, a in stored])
        return LiveTable.of(row, match)

    def _loaded(self, row: TableRow, stored: Sequence[tuple[int, int, str]]) -> LiveTable:
        """A table read from the database (its row, its moves), held from now on."""
        live = self._built(row, stored)
        self._add(live)
        return live

    def _add(self, live: LiveTable) -> None:
        """This server holds the table from now on (made here, or loaded: at start, by a
        page's hello, by another server's rematch): its tokens are known, and its bot, its
        stand-ins or its turn timer (to the stored deadline) run as after any change."""
        self.tables[live.row.id] = live
        self.tokens[live.row.spectator] = (live.row.id, None)
        for seat in live.row.seats:
            if seat.token:
                self.tokens[seat.token] = (live.row.id, seat.seat)
        self.schedule(live)

    # -- several servers: catching up -------------------------------------
    async def _on_change(self, table_id: str, moves: int, start: int | None = None,
                         actions: Sequence[str] = ()) -> None:
        """News from the broker: queued for the table, caught up by one task per table (the
        broker's listener never waits for a table; a burst of news is one catch-up). A
        finished table's moves are old news; a note without moves is not (its rematch)."""
        live = self.tables.get(table_id)
        if live is None or (live.row.status == "over" and moves <= live.moves
                            and start is not None):
            return
        self._note(live, (moves, start, tuple(actions)))

    async def _on_chat(self, table_id: str, frame: Any) -> None:
        """A chat line said on another server: to this server's pages of its table, rebuilt
        from its fields, each of its type (another kind of frame or odd fields in a note
        never reach a page: TypeError). Sent by a task of its own: the broker's listener
        never waits for a page that reads slowly."""
        if not isinstance(frame, dict) or frame.get("type") != "chat":
            raise TypeError("not a chat line")
        seat, name, text, stamp = (frame.get(k) for k in ("seat", "from", "text", "time"))
        if isinstance(seat, bool) or not isinstance(seat, int) or not all(
                isinstance(s, str) for s in (name, text, stamp)) or len(text) > CHAT_MAX:
            raise TypeError("a chat line's fields")
        live = self.tables.get(table_id)
        if live is None:
            return
        if not 0 <= seat < live.row.players:
            raise TypeError("a chat line's seat")
        self._spawn(_to_every_page(live, _chat_frame(name, seat, text, stamp)))

    def _note(self, live: LiveTable, note: tuple[int, int | None, tuple[str, ...]]) -> None:
        live.notes.append(note)
        if not live.following:
            live.following = True
            self._spawn(self._follow(live))

    async def _follow(self, live: LiveTable) -> None:
        try:
            while live.notes:
                notes, live.notes = live.notes, []
                try:
                    await self.catch_up(live, notes)
                except Exception:  # noqa: BLE001 - the database away: the next look retries
                    log.exception("catch-up of table %s failed", live.row.id)
        finally:
            live.following = False

    async def _catch_up_all(self) -> None:
        """After each (re)connection to the broker and every few seconds: one look at every
        table this server's pages watch (one query per hundred tables), and at the rematch
        of those just finished; the ones that moved on without news (or whose rematch
        offer changed) are caught up; a bot's turn without its job gets one."""
        watched = {table_id: live for table_id, live in self.tables.items()
                   if self._looked_at(live)}
        if not watched:
            return
        rematches = {live.row.rematch for live in watched.values()
                     if live.row.status == "over" and live.row.rematch}
        stored = await self.db(self.storage.watched, list({*watched, *rematches}))
        for table_id, live in watched.items():
            found = stored.get(table_id)
            if found is None:
                continue
            count, status, rematch, seated, job = found
            offer = stored.get(rematch or "")
            # a seat given away (`give_seat`) changes no count of moves or seats taken
            if (count, status, rematch, seated) != (
                    live.moves, live.row.status, live.row.rematch, SeatCount.of(live.row)) or (
                    offer is not None and live.row.status == "over"
                    and live.offered != (rematch, offer[1], offer[3])):
                self._note(live, (count, None, ()))
                continue
            wanted = live.bot_job() if live.to_act() is not None else None
            if wanted is not None and not job:
                log.warning("table %s: the bot's move %s had no job; asking again",
                            table_id, count)
                await self.db(self.storage.add_bot_job, table_id, count, *wanted)

    def _looked_at(self, live: LiveTable) -> bool:
        """A table the safety-net look covers: one this server's pages watch, unfinished,
        or finished with a rematch offer that may still change (none asked for yet, the
        game over for less than `waiting_ttl`; or a rematch still waiting for people)."""
        if not live.conns:
            return False
        if live.row.status != "over":
            return True
        if live.ended is None:  # within one look of its end, or of its loading
            live.ended = time.monotonic()
        if live.row.rematch is None:
            return time.monotonic() - live.ended < self.waiting_ttl
        return live.offered is None or live.offered[1] == "waiting"

    async def catch_up(self, live: LiveTable,
                       notes: Sequence[tuple[int, int | None, tuple[str, ...]]] = ()) -> None:
        """Another server changed this table: apply what this one missed, tell the pages.

        A note that carries the moves right after the last one held is applied as is (the
        server that published it wrote exactly those rows first); anything else (a gap, a
        seat taken, a rematch, a look without news) is read from the database."""
        async with live.lock:
            rematch = live.row.rematch
            applied, read = self._apply_notes(live, notes)
            changed = (await self.refresh(live) if read else False) or applied
            if changed:
                self._clear_timer(live)
                self.schedule(live)
                await self.broadcast(live)
        if live.row.rematch is not None and (rematch is None or any(
                start is None for _moves, start, _actions in notes)):
            await self._send_rematch(live)  # made, or someone joined it
        self.forget_if_unwatched(live)  # its last move was another server's

    def _apply_notes(self, live: LiveTable, notes: Sequence[tuple[int, int | None,
                                                                  tuple[str, ...]]]
                     ) -> tuple[bool, bool]:
        """The moves the notes carry, in order: (some applied, the database must be read
        too: no note, a note without moves, or a gap)."""
        applied, read = False, not notes
        for moves, start, actions in sorted(notes, key=lambda n: (n[1] is None, n[1] or 0)):
            if start is None or start > live.moves or start + len(actions) != moves:
                read = True
                break
            try:
                for action in actions[live.moves - start:]:
                    live.match.apply(action)
                    applied = True
            except LudoError:  # not what the database holds? then the database says
                log.exception("table %s: a published move did not apply", live.row.id)
                read = True
                break
        if applied and live.match.is_over():
            live.row.status, live.row.result = "over", _result(live.match)
        return applied, read

    async def _catch_up_locked(self, live: LiveTable) -> None:
        """Read the table from the database (the caller holds its lock); if it changed,
        what follows any catch-up: a bot's turn or a timer, and every page told."""
        if await self.refresh(live):
            self._clear_timer(live)
            self.schedule(live)
            await self.broadcast(live)

    async def refresh(self, live: LiveTable) -> bool:
        """What the database holds for this table after the last move held (the caller
        holds the table's lock); True if anything changed."""
        row, missed = await self.db(self.storage.table_since, live.row.id, live.moves)
        if row is None:
            return False
        changed = bool(missed) or row.status != live.row.status \
            or row.rematch != live.row.rematch or set(row.absent) != live.absent \
            or set(row.left) != live.left or row.stand_ins != live.row.stand_ins or any(
            _seat_state(a) != _seat_state(b) for a, b in zip(row.seats, live.row.seats))
        for _idx, _seat, action in missed:
            live.match.apply(action)
        live.row.status, live.row.result = row.status, row.result
        if live.match.is_over() and row.status != "over":
            live.row.status, live.row.result = "over", _result(live.match)
        live.row.rematch = row.rematch
        live.row.deadline, live.row.deadline_move = row.deadline, row.deadline_move
        live.absent, live.left = set(row.absent), set(row.left)
        live.row.stand_ins = row.stand_ins
        for mine, stored in zip(live.row.seats, row.seats):
            if (mine.name, mine.kind) != (stored.name, stored.kind):
                live.relog = True
            self._retoken(live, mine, stored.token)  # a seat given away (`give_seat`)
            mine.taken, mine.name, mine.kind, mine.level, mine.given = \
                stored.taken, stored.name, stored.kind, stored.level, stored.given
        if changed:
            live._names.clear()
        return changed

    # -- creating and joining --------------------------------------------
    async def create_table(self, body: Any, rematch_of: LiveTable | None = None,
                           asker: int | None = None) -> LiveTable:
        """A new table from the lobby's request (validated exactly as the CLI validates).

        A rematch keeps each human seat for the person who had it (their name, a new
        token): `asker` sits down at once, the others when they open their new seat's link
        (`hello`); it starts once all are there, like any table waiting for people."""
        game, players, validated, seat_rows, timer = table_request(body, self.min_turn_timer)
        if rematch_of is not None:  # the same people, each seat kept for its person
            for new, old in zip(seat_rows, rematch_of.row.seats, strict=True):
                if new.kind == "human":
                    new.name, new.taken = old.name, new.seat == asker
        status = "waiting" if any(s.kind == "human" and not s.taken for s in seat_rows) \
            else "playing"
        # A deal over before anyone's first decision (Wazabi with 2 players: dice given
        # without a choice, about one deal in 1,600) is dealt again, as in the Gymnasium and
        # OpenSpiel environments: a table nobody plays at is no game.
        seed = self.deals.randrange(SEEDS)
        match = Match(game, players, validated, seed=seed)
        while match.is_over():
            seed = self.deals.randrange(SEEDS)
            match = Match(game, players, validated, seed=seed)
        row = TableRow(
            id=secrets.token_urlsafe(8), game=game.name, players=players,
            options=options_to_json(validated), seed=seed,
            status=status, created=now(), turn_timer=timer, invite=new_token(),
            spectator=new_token(), rematch_of=rematch_of.row.id if rematch_of else None,
            seats=seat_rows)
        live = LiveTable(row=row, match=match)
        first = live.bot_job()
        try:
            await self.db(self.storage.create_table, row, first)
        except TableGone:  # the old table was pruned under its open page
            raise Refused("gone", status=410) from None
        except IntegrityError:
            if rematch_of is None:
                raise
            # another server made this rematch first (one per table, database-enforced)
            made = await self.db(self.storage.rematch_table, rematch_of.row.id)
            if made is None:
                raise
            live = await self.get(made.id)
            assert live is not None
        else:
            if row.id not in self.tables:  # else a page's hello loaded it while it was written
                self._add(live)
            live = self.tables[row.id]
        # a table waiting for people is held only while a page watches it: its links (an
        # invite, a seat, a rematch's offer) rebuild it from the database
        self.forget_if_unwatched(live)
        return live

    async def join(self, invite: str, seat: Any, name: Any) -> str:
        """Sit a person at a free human seat; returns the seat token."""
        row = await self.db(self.storage.table_by_invite, invite) \
            if isinstance(invite, str) else None
        if row is None:
            raise Refused("unknown_token", status=404)
        self.refuse_closed(row)
        live = await self._of_row(row.id)
        with self._in_use(live):
            return await self._join(live, seat, name)

    async def _join(self, live: LiveTable, seat: Any, name: Any) -> str:
        async with live.lock:
            if self.broker.remote:  # news read here is every page's news too (a leave)
                await self._catch_up_locked(live)
            self.refuse_closed(live.row)
            free = ", ".join(str(s + 1) for s in live.free_seats()) or \
                LazyText("web.server.error.no_free_seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not (
                    0 <= seat < live.row.players):
                raise bad_seat(quoted(json.dumps(seat)), live.row.players)
            target = live.row.seats[seat]
            if target.kind != "human":
                raise Refused("not_human_seat", seat=seat + 1, free=free)
            if target.taken or target.name:  # a rematch's seat is kept for its person
                raise Refused("seat_taken", status=409, seat=seat + 1, free=free)
            cleaned = checked_name(name)
            try:
                seated = await self._sit(live, seat, cleaned)
            except NameTaken:  # the database's unique name key: whichever server seated it
                raise Refused("name_taken", status=409, name=cleaned) from None
            if not seated:
                self.refuse_closed(await self.db(self.storage.get_table, live.row.id)
                                   or live.row)
                raise Refused("seat_taken", status=409, seat=seat + 1, free=free)
        await self.broker.publish(live.row.id, live.moves)
        return target.token or ""

    @contextlib.contextmanager
    def _in_use(self, live: LiveTable) -> Any:
        """A request uses the table (`arriving`): not forgotten until it is done; then
        forgotten if nothing can happen there without a page (a join through the API
        leaves a table waiting for its page)."""
        live.arriving += 1
        try:
            yield
        finally:
            live.arriving -= 1
            self.forget_if_unwatched(live)

    async def _sit(self, live: LiveTable, seat: int, name: str, token: str | None = None
                   ) -> bool:
        """`name` sits down at a free human seat (the caller holds the table's lock): the
        table starts once every human seat is taken, and every page is told. False if the
        seat was taken (or the table closed, or, a rematch's seat kept with `token`, given
        away) meanwhile."""
        if not await self.db(self.storage.take_seat, live.row.id, seat, name, token):
            return False
        target = live.row.seats[seat]
        target.taken, target.name = True, name
        await self._seats_changed(live)
        return True

    async def _seats_changed(self, live: LiveTable) -> None:
        """A seat of a table waiting for people was just stored taken or given (the caller
        holds the table's lock): its names anew, the table started if no human seat is
        free now, its bot or timer scheduled, every page told."""
        live._names.clear()
        live.relog = True
        if await self.db(functools.partial(self.storage.start_if_full, live.row.id,
                                            bot_job=live.bot_job())) \
                or self.broker.remote:
            await self.refresh(live)
        self.schedule(live)
        await self.broadcast(live)

    def _retoken(self, live: LiveTable, seat: SeatRow, token: str | None) -> None:
        """The seat's token is `token` from now on: the old one leads here no more."""
        if seat.token == token:
            return
        if self.tables.get(live.row.id) is live:
            self.tokens.pop(seat.token or "", None)
            if token:
                self.tokens[token] = (live.row.id, seat.seat)
        seat.token = token

    def refuse_given(self, row: TableRow, seat: int, token: str) -> None:
        """A rematch's seat link whose seat was given away (`give_seat`): its person is
        told so, in words, with the rematch's public link to watch it (`url`), and to
        whom it was given (`to`: the page says it again in another language). Unless the
        rematch was closed since (nobody took the seat, or someone else never came): that
        is the news, there is nothing to watch."""
        spec = row.seats[seat]
        if spec.token != token:  # a seat's token changes only as it is given away
            self.refuse_closed(row)
            raise Refused("seat_given", key="web.server.error.seat_given_bot"
                          if spec.given_to == "bot" else None, status=410,
                          fields={"url": f"/watch/{row.spectator}", "to": spec.given_to})

    def refuse_closed(self, row: TableRow) -> None:
        """A table closed for waiting too long is refused with a clear message (which says
        whether anybody had sat down at it)."""
        if row.status == "closed":
            partly = any(s.kind == "human" and s.taken for s in row.seats)
            raise Refused("closed", key="web.server.error.closed_partly" if partly else None,
                          status=410, ttl=Duration(self.waiting_ttl))

    # -- connections -------------------------------------------------------
    async def hello(self, conn: Conn, token: Any, lang: str, since: int) -> None:
        if not isinstance(token, str) or not token:
            raise Refused("unknown_token", status=404)
        known, found = self.tokens.get(token), None
        if known is None:
            found = await self.db(self.storage.table_by_token, token)
            if found is None:
                raise Refused("unknown_token", status=404)
            known = (found[0].id, found[1])
        table_id, seat = known
        live = await self._of_row(table_id)
        with self._in_use(live):  # not forgotten while this page arrives (others may leave)
            if found is None and await self.pruned(live):  # its token was read from memory
                raise Refused("unknown_token", status=404)
            if conn.table is not None:  # a page that says hello again stops watching its table
                self._stop_watching(conn)
            conn.table, conn.seat, conn.lang, conn.gone = live, seat, lang, None
            seated = False
            async with live.lock:
                if self.broker.remote:  # catch up before answering (a leave on another server)
                    await self._catch_up_locked(live)
                self._hello_given(live, conn, token)
                self._watch_if_left(live, [conn])
                returning = self.back(conn)  # reopening the seat's link: the person is back
                spec = live.row.seats[conn.seat] if conn.seat is not None else None
                if spec is not None and spec.kept and live.row.status == "waiting":
                    # a rematch's seat kept for this person: opening its link sits them down
                    seated = await self._sit(live, spec.seat, spec.name, token)
                    if not seated:  # given away meanwhile (maybe on another server)?
                        await self._catch_up_locked(live)
                        self._hello_given(live, conn, token)
                start = min(max(0, since), live.told)
                # a seat's first page, or its person back: the others see them; a
                # spectator, a seat's second page, changes nothing they see (a spectator
                # link said hello again and again sent every page a whole update each time)
                told = returning is not None or (
                    conn.seat is not None and not live.connected(conn.seat))
                live.conns.add(conn)
                await conn.send(live.frame(conn.seat, lang, start))
                conn.sent = live.told
                if conn.gone is not None:
                    await conn.send(self._left_frame(live, conn.gone))
                if told:
                    await self._send_presence(live, [c for c in live.conns if c is not conn])
        if seated:
            await self.broker.publish(live.row.id, live.moves)
            if live.row.rematch_of:  # the old table's pages: who is at the rematch now
                await self._offer_again(live.row.rematch_of)
        # the recent chat at every hello, a page coming back too: lines said while its
        # connection was lost reach it (the page keeps each line once)
        for line in await self.db(self.storage.recent_chat, live.row.id, CHAT_HISTORY):
            await conn.send(_chat_frame(line["name"], line["seat"], line["text"], line["time"]))
        if live.row.rematch:
            await self._send_rematch(live, [conn])
        if returning:
            self.schedule(live)
            await self._tell_presence(live, returning)

    def _hello_given(self, live: LiveTable, conn: Conn, token: str) -> None:
        """A hello with the token of a rematch's seat given away is refused (`refuse_given`),
        and the page watches nothing."""
        if conn.seat is None:
            return
        try:
            self.refuse_given(live.row, conn.seat, token)
        except Refused:
            conn.table = conn.seat = None
            raise

    def disconnect(self, conn: Conn) -> None:
        conn.closed = True
        self._stop_watching(conn)

    def _stop_watching(self, conn: Conn) -> None:
        """The page no longer watches its table (closed, or hello to another); its person
        keeps their seat (giving it up is `leave`)."""
        live = conn.table
        if live is None:
            return
        live.conns.discard(conn)
        conn.table = None
        if self.closing:
            return
        if self.forget_if_unwatched(live):
            return
        gone = conn.seat is not None and not live.connected(conn.seat)  # its last page
        self._spawn(self._presence_changed(live, gone))

    def forget_if_unwatched(self, live: LiveTable) -> bool:
        """A table that nobody watches (no page open, none arriving) leaves memory when
        nothing can happen there until someone comes: waiting for people, over or closed,
        or a game abandoned midway, a person's turn with no turn timer (the stand-in never
        comes). The database
        keeps it: the next visitor gets it rebuilt from the record (a late task still
        holding this object finds nothing to do there). Never while its lock is held: a
        move applied here may not be written yet, and a copy read from the database then
        would miss it (the holder, or `_presence_changed`, looks again once it is done).
        True if forgotten."""
        if live.conns or live.arriving or live.lock.locked() or self.closing:
            return False
        seat = live.to_act()
        if live.row.status in ("waiting", "over", "closed") or (
                seat is not None and live.bot_level(seat) is None and not live.row.turn_timer):
            self.forget(live)
            return True
        return False

    async def _presence_changed(self, live: LiveTable, gone: bool) -> None:
        """A page closed: if it was its seat's last (`gone`), the others see the seat
        away."""
        async with live.lock:  # never between a move applied and its row written
            if gone:
                await self._send_presence(live, list(live.conns))
        self.forget_if_unwatched(live)  # the last page closed while the table was busy

    def forget(self, live: LiveTable) -> None:
        """The table leaves memory, its tokens with it (the database keeps it)."""
        if self.tables.get(live.row.id) is live:
            del self.tables[live.row.id]
            for token in [live.row.spectator, *(s.token for s in live.row.seats if s.token)]:
                self.tokens.pop(token, None)

    async def _send_presence(self, live: LiveTable, conns: Sequence[Conn]) -> None:
        """Who is connected changed: the others' pages get an update without new events.
        The caller holds the table's lock."""
        for conn in conns:
            await conn.send(live.frame(conn.seat, conn.lang, conn.sent, with_scene=True))

    async def set_lang(self, conn: Conn, lang: str) -> None:
        live = conn.table
        conn.lang = lang
        if live is None:
            return
        async with live.lock:
            await conn.send(live.frame(conn.seat, lang, 0, log_reset=True))
            conn.sent = live.told

    async def broadcast(self, live: LiveTable) -> None:
        """Each page gets its own seat's update from the events it has (all of them again,
        `log_reset`, after a seat's name changed); the caller holds the table's lock, so
        frames go out in the order moves were accepted."""
        total = live.told
        relog, live.relog = live.relog, False
        gone = self._watch_if_left(live, list(live.conns))
        await asyncio.gather(*(c.send(self._left_frame(live, c.gone)) for c in gone
                               if c.gone is not None))
        cache: dict[tuple[int | None, str, int], str] = {}  # pages of one seat share a frame
        publics: dict[str, dict[str, Any]] = {}  # the public table, once per language
        sends = []
        for conn in list(live.conns):
            start = 0 if relog else conn.sent
            key = (conn.seat, conn.lang, start)
            if key not in cache:
                public = publics.get(conn.lang)
                if public is None:
                    public = publics[conn.lang] = live.public(conn.lang)
                cache[key] = dumps(live.frame(conn.seat, conn.lang, start, log_reset=relog,
                                              public=public))
            conn.sent = total
            sends.append(conn.send(cache[key]))
        await asyncio.gather(*sends)
        for conn in [c for c in live.conns if c.closed]:
            live.conns.discard(conn)

    # -- moves -------------------------------------------------------------
    def seat_of(self, conn: Conn) -> tuple[LiveTable, int]:
        """The table and seat a page acts for (its token said so at `hello`): refused for a
        page that has not said hello, a spectator, and a person who left the seat."""
        live = conn.table
        if live is None:
            raise Refused("hello_first")
        if conn.gone is not None:
            raise Refused("left")
        if conn.seat is None:
            raise Refused("spectator")
        return live, conn.seat

    async def move(self, conn: Conn, actions: Any, count: Any, seat_field: Any = None) -> None:
        """A person's gesture from a page."""
        live, _seat = self.seat_of(conn)
        if seat_field is not None and seat_field != conn.seat:
            raise Refused("not_your_seat", own=conn.seat + 1, seat=seat_field + 1
                          if type(seat_field) is int else quoted(seat_field))
        if (not isinstance(actions, list) or not 1 <= len(actions) <= MAX_ACTIONS
                or not all(isinstance(a, (int, str)) and not isinstance(a, bool) for a in actions)
                or isinstance(count, bool) or not isinstance(count, int)):
            raise Refused("bad_frame", reason=LazyText("web.server.error.actions_list",
                                                   high=MAX_ACTIONS))
        was_absent = self.back(conn)
        try:
            await self.play(live, conn.seat, actions, count, person=True)
        except Refused as refused:
            # refused, but the person acted: everyone is told they are back (an accepted
            # move tells them with the move)
            if refused.code == "stale":
                async with live.lock:
                    await conn.send(refused.frame(conn.lang))
                    if not was_absent:
                        await conn.send(live.frame(conn.seat, conn.lang, conn.sent))
                        conn.sent = live.told
            else:
                await conn.send(refused.frame(conn.lang))
            if was_absent:
                await self._announce_presence(live, was_absent)

    def back(self, conn: Conn) -> concurrent.futures.Future | None:
        """The person at this seat acts again (a move, a chat line, reopening the page, or
        the page's "I'm back"): the stand-in bot stops. The write of their presence; None
        if the seat was not absent."""
        live = conn.table
        if live is None or conn.seat is None or conn.seat not in live.absent \
                or conn.seat in live.left:
            return None
        fresh = live.to_act() == conn.seat  # their turn: a fresh turn time from now
        if fresh:
            live.row.deadline = live.row.deadline_move = None
        return self._absent(live, live.absent - {conn.seat}, clear_deadline=fresh)

    def _absent(self, live: LiveTable, absent: set[int], **options: Any
                ) -> concurrent.futures.Future:
        """The seats absent from the next event on (their stand-ins' spans follow), here at
        once, in the database by the writer (`options`: `Storage.set_absent`'s)."""
        event = live.told
        live.row.stand_ins = stand_ins.moved(live.row.stand_ins, live.absent, absent, event)
        live.absent = absent
        return self._writer.submit(self.storage.set_absent, live.row.id, set(absent), event,
                                   **options)

    async def come_back(self, conn: Conn) -> None:
        """A `back` frame: the seat is present again; everyone sees it; the timer restarts.
        Always answered: a seat already back gets the table as it is."""
        live, _seat = self.seat_of(conn)
        written = self.back(conn)
        if written is not None:
            await self._announce_presence(live, written)
            return
        async with live.lock:  # already back (a move or a chat line said so)
            if self.broker.remote:  # or gone, through a server this one has not heard yet
                await self._catch_up_locked(live)
                if conn.gone is not None:  # the catch-up switched the page: it watches
                    raise Refused("left")
            await conn.send(live.frame(conn.seat, conn.lang, conn.sent))
            conn.sent = live.told

    async def _announce_presence(self, live: LiveTable,
                                 written: concurrent.futures.Future) -> None:
        """A seat is absent again or no longer (its timer ran out, `back` said so): every
        page sees it, then the stand-in or the seat's turn timer follows; the other servers
        once it is `written`."""
        async with live.lock:
            await self.broadcast(live)
        self.schedule(live)
        await self._tell_presence(live, written)

    async def _tell_presence(self, live: LiveTable, written: concurrent.futures.Future) -> None:
        """Several servers: a seat's presence, once stored, is news for the others (they
        read it from the database; told before, they could read the old one)."""
        if not self.broker.remote:
            return
        try:
            await asyncio.wrap_future(written)
        except Exception:  # noqa: BLE001 - not stored: nothing to tell
            log.exception("presence at table %s not written", live.row.id)
            return
        await self.broker.publish(live.row.id, live.moves)

    async def play(self, live: LiveTable, seat: int, actions: Sequence[Any], count: int,
                   person: bool = False) -> None:
        """THE move path, for people and bots alike. Raises Refused (nothing changed).

        A `person`'s move for a seat they left (through another page or server, before
        this page was switched, or while the move waited for the table) is refused: the
        seat's pages are told they watch (`left` frame, spectator's view), as `leave`
        tells them."""
        async with live.lock:
            if person and seat in live.left:
                await self.broadcast(live)
                raise Refused("left")
            match = live.match
            if live.row.status == "waiting":
                raise Refused("waiting")
            self.refuse_closed(live.row)
            if live.row.status == "over" or match.is_over():
                raise Refused("game_over")
            if count != live.moves:
                raise Refused("stale", sent=count, current=live.moves)
            actor = match.current_player()
            if seat != actor:
                raise Refused("not_your_turn",
                              player=LazyMessage(lambda lang: live.names(lang)[actor]))
            start = live.moves
            try:  # each step read in the position the steps before it leave, as at the terminal
                match.apply_sequence(list(actions), seat=seat)
            except NotationError as error:
                raise Refused("notation", error=error) from None
            except IllegalActionError as error:
                raise Refused("illegal", error=error) from None
            texts = [match.game.action_to_text(a) for a in match.actions[start:]]
            over = match.is_over()
            result = _result(match) if over else None
            # written with the move: every server, and this one after a restart, agree
            deadline = self._next_deadline(live)
            bot_job = live.bot_job()
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self._writer, functools.partial(self.storage.add_moves, live.row.id, start,
                                                    seat, texts, over=over, result=result,
                                                    deadline=deadline, bot_job=bot_job,
                                                    person=person))
            except SeatGone:
                # They left through another server, which this one had not heard yet: the
                # seat's pages are told they watch (the `left` frame goes with the table).
                await self._read_again(live)
                raise Refused("left") from None
            except IntegrityError:
                # Another server wrote this move first: the table moved on; the sender gets
                # the fresh view.
                await self._read_again(live)
                raise Refused("stale", sent=count, current=live.moves) from None
            except Exception:
                # Not written, so not played: the match goes back to what the database holds.
                log.exception("move at table %s not written", live.row.id)
                live.match = rebuild(live.row, [a for _, _, a in await self.db(
                    self.storage.get_moves, live.row.id)])
                raise Refused("internal", status=500) from None
            if over:
                live.row.status, live.row.result = "over", result
            if deadline is not None:
                live.row.deadline, live.row.deadline_move = deadline
            self._clear_timer(live)
            self.schedule(live)  # before telling: the frames carry the next turn's deadline
            await self.broadcast(live)
        await self.broker.publish(live.row.id, live.moves, start, texts)
        # a game of bots, finished by stand-ins after everyone left, or a bot's move to a
        # person who left without a word; a worker keeps its tables (worker.KEEP)
        if self.turn_timers or over:
            self.forget_if_unwatched(live)

    async def _read_again(self, live: LiveTable) -> None:
        """A move this server held was refused by the database (another server's news not
        heard yet): the match rebuilt from the moves stored, the table read anew, its bots
        and timer scheduled again, every page told (the caller holds the table's lock)."""
        stored = await self.db(self.storage.get_moves, live.row.id)
        live.match = rebuild(live.row, [a for _, _, a in stored])
        await self.refresh(live)
        self._clear_timer(live)
        self.schedule(live)
        await self.broadcast(live)

    # -- bots and the turn timer -----------------------------------------
    def _next_deadline(self, live: LiveTable) -> tuple[float, int] | None:
        """The turn timer's deadline of the move now to make, if a person present is to
        make it at a table with a timer."""
        seat = live.to_act()
        if not live.row.turn_timer or seat is None or live.bot_level(seat) is not None:
            return None
        return time.time() + live.row.turn_timer, live.moves

    def _stand_in_job(self, live: LiveTable, seat: int) -> tuple[int, int, str] | None:
        """The job (move, seat, level) of the stand-in of `seat`, whose person is going
        absent or leaving on their turn. It is written with that change: with several
        servers a worker plays the stand-in as any bot (one job, one server), never every
        server that holds the table."""
        if live.to_act() != seat:
            return None
        return live.moves, seat, STAND_IN

    def _clear_timer(self, live: LiveTable) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        live.deadline = None

    def schedule(self, live: LiveTable) -> None:
        """After every change: a bot (or a stand-in for an absent person) to play, or a
        person's turn timer to start."""
        if self.closing:
            return
        seat = live.to_act()
        if seat is None:
            self._clear_timer(live)
            return
        level = live.bot_level(seat)
        if level is not None and self.bot_jobs:
            # a worker computes it (worker.py): its job row was written in the transaction
            # that reached this move or made the seat a stand-in's (Storage.add_moves,
            # start_if_full, create_table, set_absent, leave_seat)
            return
        if level is not None:
            if live.bot_for != live.moves:
                live.bot_for = live.moves
                self._spawn(self._bot_turn(live, seat, level, live.moves))
            return
        if live.row.turn_timer and live.timer is None and self.turn_timers:
            loop = asyncio.get_running_loop()
            if live.row.deadline_move == live.moves and live.row.deadline is not None:
                # the stored deadline of this move: it survives a restart, every server
                # has the same, and it is the one the pages are shown
                live.deadline = live.row.deadline
                live.timer = loop.call_later(max(0.0, live.deadline - time.time()),
                                             self._time_out, live, seat, live.moves)
                return
            fresh = self._next_deadline(live)
            if fresh is None:
                return
            # A new deadline runs here at once but is shown only once stored (write first,
            # then tell: after a restart the clock resumes where the pages saw it).
            live.timer = loop.call_later(max(0.0, fresh[0] - time.time()),
                                         self._time_out, live, seat, live.moves)
            written = self._writer.submit(self.storage.set_deadline, live.row.id,
                                          fresh[1], fresh[0])
            written.add_done_callback(lambda done: loop.call_soon_threadsafe(
                self._deadline_stored, live, done))

    def _deadline_stored(self, live: LiveTable, written: concurrent.futures.Future) -> None:
        """The turn's deadline is in the database (this server's, or another's written
        first): count down to it and tell the pages."""
        if self.closing or written.cancelled() or written.exception() is not None:
            return
        deadline, move = written.result()
        if move != live.moves or deadline is None or live.timer is None:
            return  # the turn is over, or its timer ran out meanwhile
        live.row.deadline, live.row.deadline_move = deadline, move
        self._clear_timer(live)
        self.schedule(live)

        async def tell() -> None:
            async with live.lock:
                await self.broadcast(live)

        self._spawn(tell())

    def _time_out(self, live: LiveTable, seat: int, count: int) -> None:
        live.timer = None
        if live.moves != count or live.to_act() != seat:
            return
        live.deadline = None
        written = self._absent(live, live.absent | {seat},
                               bot_job=self._stand_in_job(live, seat))
        self._spawn(self._announce_presence(live, written))

    async def _bot_turn(self, live: LiveTable, seat: int, level: str, count: int) -> None:
        """Pause (so people see the move happen), think off the loop, play like a person."""
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        if live.moves != count or live.to_act() != seat or self._person_is_back(live, seat):
            return
        view = live.match.view(seat)
        legal = live.match.legal_actions()
        try:
            action = await self._bots.choose(live.row.game, level, view, legal,
                                             live.bot_seed())
        except Exception:  # noqa: BLE001 - a broken worker: play the first legal move
            log.exception("bot failed at table %s", live.row.id)
            action = legal[0]
        if live.moves != count or self._person_is_back(live, seat):  # back while it thought
            return
        try:
            await self.play(live, seat, [action], count)
        except Refused as refused:
            log.info("bot move refused at table %s: %s", live.row.id, refused.code)
            live.bot_for = -1
            self.schedule(live)

    def _person_is_back(self, live: LiveTable, seat: int) -> bool:
        """A stand-in's seat whose person came back (during its pause or while it thought):
        their turn, their timer."""
        if live.bot_level(seat) is not None:
            return False
        live.bot_for = -1
        self.schedule(live)
        return True

    # -- leaving ------------------------------------------------------------
    async def leave(self, conn: Conn) -> None:
        """A `leave` frame: the person gives up their seat for good. The stand-in bot
        (medium, as for an absent seat) plays it to the end; the seat's token can no longer
        act; every page is told, the person's own pages then watch as a spectator would.
        A page of a seat that left already (its leave crossed another page's, maybe through
        another server) is told so (`left`) and watches too."""
        live, seat = self.seat_of(conn)
        async with live.lock:
            if conn.gone is not None:  # another page of the seat left while this one waited
                raise Refused("left")
            if self.broker.remote:
                await self.refresh(live)
            self.refuse_closed(live.row)
            if live.row.status == "waiting":
                raise Refused("waiting")
            first = seat not in live.left
            if first:
                if live.row.status == "over" or live.match.is_over():
                    raise Refused("game_over")
                stored = await self.db(self.storage.leave_seat, live.row.id, seat,
                                       len(live.match.events or ()),
                                       self._stand_in_job(live, seat))
                if stored is None:  # the game ended meanwhile (another server's move)
                    await self.refresh(live)
                    raise Refused("game_over")
                live.absent, live.left, first = set(stored.absent), set(stored.left), \
                    stored.first
                live.row.stand_ins = stored.stand_ins
            self._clear_timer(live)
            self.schedule(live)  # their turn: the stand-in plays it
            await self.broadcast(live)  # the seat's pages (this one too) watch from now on
        if not first:
            raise Refused("left")
        await self.broker.publish(live.row.id, live.moves)

    @staticmethod
    def _watch_if_left(live: LiveTable, conns: Sequence[Conn]) -> list[Conn]:
        """The pages of seats whose person left watch from now on (public view, no acts);
        those that just switched."""
        switched = [c for c in conns if c.seat is not None and c.seat in live.left]
        for conn in switched:
            conn.gone, conn.seat = conn.seat, None
        return switched

    @staticmethod
    def _left_frame(live: LiveTable, seat: int) -> dict[str, Any]:
        """Sent to the pages of a person who left: which seat, and the table's public link."""
        return {"type": "left", "seat": seat, "url": f"/watch/{live.row.spectator}"}

    # -- chat and rematch ----------------------------------------------------
    async def chat(self, conn: Conn, text: Any) -> None:
        live, _seat = self.seat_of(conn)
        if text is not None and not isinstance(text, str):
            raise Refused("bad_frame", reason=LazyText("web.server.error.field_type", field="text",
                                                     kind=LazyText("web.server.kind.string")))
        # plain text: control, invisible and blank characters (but line breaks) become
        # spaces, before the line is judged: nothing left to read is an empty line
        text = "".join(c if c == "\n" or c.isprintable() and c not in BLANK_CHARACTERS
                       else " " for c in text or "").strip()
        if not draws_something(text):
            raise Refused("chat_empty")
        if len(text) > CHAT_MAX:
            raise Refused("chat_too_long", size=len(text), high=CHAT_MAX)
        name = live.names(conn.lang)[conn.seat]
        try:
            stamp = await self.db(self.storage.add_chat, live.row.id, conn.seat, name, text)
        except TableGone:  # pruned under this open page
            raise Refused("gone", status=410) from None
        except SeatGone:  # they left through another server (as for a move: see play)
            async with live.lock:
                await self._catch_up_locked(live)
            raise Refused("left") from None
        was_absent = self.back(conn)
        frame = _chat_frame(name, conn.seat, text, stamp)
        # the other servers' pages never wait for a page here that reads slowly
        await asyncio.gather(_to_every_page(live, frame),
                             self.broker.publish_chat(live.row.id, frame))
        if was_absent:
            await self._announce_presence(live, was_absent)

    async def rematch(self, conn: Conn) -> None:
        live, seat = self.seat_of(conn)
        if live.row.status != "over":
            raise Refused("not_over", status=403)
        async with live.lock:
            if self.broker.remote:
                await self.refresh(live)  # another server may have made the rematch already
            if live.row.rematch is None:
                # a seat whose person left is its stand-in's in the rematch
                body = {"game": live.row.game, "players": live.row.players,
                        "options": live.row.options, "turn_timer": live.row.turn_timer,
                        "seats": [{"kind": s.kind, "level": s.level} if s.kind == "bot"
                                  else {"kind": "bot", "level": STAND_IN}
                                  if s.seat in live.left else {"kind": "human"}
                                  for s in live.row.seats]}
                new = await self.create_table(body, rematch_of=live, asker=seat)
                live.row.rematch = new.row.id
                # begun at once (the asker beside bots), on the asker's turn, before any
                # page of theirs opens it: nothing happens there until they come
                self.forget_if_unwatched(new)
        await self._send_rematch(live)
        await self.broker.publish(live.row.id, live.moves)

    async def give_seat(self, conn: Conn, seat: Any, to: Any) -> None:
        """A `give_seat` frame: a person seated at a rematch still waiting gives away a seat
        kept for someone who has not sat down (gone home): `to` "anyone" (a free seat, no
        name kept: the invite shows, whoever comes by it sits there) or "bot" (the
        stand-in's level; the table starts if no human seat is free then). Any of its people
        may: they are friends. The seat's new token goes to nobody until someone sits there
        (the join's answer); the old one sits nobody (its link is told so: `refuse_given`)."""
        live, own = self.seat_of(conn)
        if to not in GIVE_TO:
            raise Refused("give_to", value=quoted(json.dumps(to)))
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < live.row.players):
            raise bad_seat(quoted(json.dumps(seat)), live.row.players)
        async with live.lock:
            if self.broker.remote:  # a seat taken or given through another server
                await self._catch_up_locked(live)
            self._check_give(live, own, seat)
            target = live.row.seats[seat]
            token = target.token or ""
            fresh = new_token() if to == "anyone" else None
            level = STAND_IN if to == "bot" else None
            if not await self.db(functools.partial(self.storage.give_seat, live.row.id, seat,
                                                   token, fresh, bot_level=level)):
                # taken, given or closed meanwhile (another server): every page told, and
                # the sender which
                await self._catch_up_locked(live)
                self._check_give(live, own, seat)
                raise _not_kept(live, seat)
            self._retoken(live, target, fresh)
            target.name, target.given = None, token
            if level is not None:
                target.kind, target.level = "bot", level
            await self._seats_changed(live)
        await self.broker.publish(live.row.id, live.moves)
        await self._offer_again(live.row.rematch_of)  # the old table's pages: the new offer

    def _check_give(self, live: LiveTable, own: int, seat: int) -> None:
        """Refused unless `seat` may be given away by the person at `own` (`give_seat`)."""
        row = live.row
        if row.rematch_of is None:
            raise Refused("give_not_rematch")
        self.refuse_closed(row)
        if row.status != "waiting":
            raise Refused("give_started")
        if seat == own:
            raise Refused("give_own", seat=seat + 1, kept=LazyMessage(_kept_seats, live))
        if not row.seats[seat].kept:
            raise _not_kept(live, seat)

    async def _offer_again(self, table_id: str) -> None:
        """Someone joined the rematch of `table_id`: its pages get the offer again (`by`
        and `status` as they are now), on this server and, by a note, on the others."""
        old = self.tables.get(table_id)
        if old is not None:
            await self._send_rematch(old)
        await self.broker.publish(table_id, old.moves if old is not None else 0)

    async def _send_rematch(self, live: LiveTable, conns: Sequence[Conn] | None = None
                            ) -> None:
        """The rematch offer, to each page its own: a person's new seat link (their token
        only, to their own pages), a spectator's (or a leaver's) the new table's public
        link; `by`: who is already at the new table. Nobody is moved: the page asks.
        To every page unless `conns` are given; what every page was offered is then kept
        (`offered`: the safety-net look compares it with the database)."""
        if live.row.rematch is None:
            return
        held = self.tables.get(live.row.rematch)
        if held is not None and self.broker.remote:  # who sat down there, maybe elsewhere
            async with held.lock:
                await self._catch_up_locked(held)
        # the rematch's row says it all: a table nobody watches is read, never held
        new = held.row if held is not None else await self.db(self.storage.get_table,
                                                                   live.row.rematch)
        if new is None:
            return
        if conns is None:
            conns = list(live.conns)
            live.offered = (new.id, new.status, SeatCount.of(new))
        for conn in conns:
            seat = new.seats[conn.seat] if conn.seat is not None else None
            # a seat given away (`give_seat`) is no longer this person's: they may watch
            url = f"/play/{seat.token}" if seat is not None and seat.token \
                and seat.given is None else f"/watch/{new.spectator}"
            names = held.names(conn.lang) if held is not None else seat_names(new, conn.lang)
            frame = {"type": "rematch", "url": url, "status": new.status,
                     "by": [names[s.seat] for s in new.seats if s.kind == "human" and s.taken]}
            if seat is not None and seat.given_to is not None:  # its page says why: watch only
                frame["given"] = seat.given_to
            await conn.send(frame)


def _seat_state(seat: SeatRow) -> tuple:
    """What of a seat may change once its table is made: someone sat down, or it was given
    away (`give_seat`)."""
    return seat.taken, seat.name, seat.kind, seat.token


def _seat_label(live: LiveTable, seat: int, lang: str) -> str:
    """A seat as a person's message names it: numbered from 1, as people count (and as
    the join page does), with the name of whoever it is for if it has one ("2 (Bob)");
    a free seat's name is its number already ("2")."""
    spec = live.row.seats[seat]
    if spec.kind == "human" and not spec.name:
        return str(seat + 1)
    return f"{seat + 1} ({live.names(lang)[seat]})"


def _kept_seats(live: LiveTable, lang: str) -> str:
    """The seats of a rematch still kept for people who have not sat down, as `_seat_label`
    names them ("2 (Bob)") ("none" if none)."""
    kept = [_seat_label(live, s.seat, lang) for s in live.row.seats if s.kept]
    return ", ".join(kept) or t("web.server.error.none_kept", lang)


def _not_kept(live: LiveTable, seat: int) -> Refused:
    """`give_seat` of a seat kept for nobody (taken, given already, a bot's)."""
    return Refused("give_not_kept", seat=LazyMessage(_seat_label, live, seat),
                   kept=LazyMessage(_kept_seats, live))


async def _to_every_page(live: LiveTable, frame: dict[str, Any]) -> None:
    await asyncio.gather(*(c.send(frame) for c in list(live.conns)))


def _chat_frame(name: str, seat: int | None, text: str, stamp: Any) -> dict[str, Any]:
    """A chat line's frame; its time always in UTC with its offset (SQLite gives the
    stored time back without one, PostgreSQL in its session's zone): one line said live
    and read again from the history has one time, which the page keeps once, and a
    browser elsewhere reads it right."""
    if isinstance(stamp, dt.datetime):
        stamp = stamp.replace(tzinfo=dt.timezone.utc) if stamp.tzinfo is None \
            else stamp.astimezone(dt.timezone.utc)
    return {"type": "chat", "from": name, "seat": seat, "text": text,
            "time": stamp.isoformat() if hasattr(stamp, "isoformat") else str(stamp)}


__all__ = ["Master"]
