"""Storage of the web tables (SQLAlchemy Core; SQLite by default, any SQLAlchemy URL works).

The record is the truth: a table row (game, players, options, seed, seats) plus its move
rows replay to the exact match. A move row is written, in one transaction whose primary
key (table, index) refuses a duplicate or a gap-filler twice, before anyone is told.

SQLite runs in WAL mode with `synchronous=NORMAL`: a committed transaction survives the
server process being killed (it sits in the WAL file the OS holds); only a power cut may
lose the last commits, which is the usual trade for a game server.

The schema has versions (Alembic migrations in `web/migrations/`, head `SCHEMA_HEAD`).
A SQLite file is brought to the head by itself (zero setup: a new file is created at the
head, an older one is migrated); any other database (the PostgreSQL of several servers) is
migrated by `ludotheque migrate --database URL` and a server refuses to start on a schema
version it does not know (`SchemaError`).

What must survive a restart and be the same on every server lives here too: the turn
timer's deadline (`deadline` for move `deadline_move`, epoch seconds), the seats the
stand-in bot plays for (`absent`, and `left_seats`: the people who left the table for
good, their seats absent forever), the last time someone sat down (`activity`: a waiting
table nobody joined for `--waiting-ttl` is closed), at most one rematch per table (a
unique index on `rematch_of`), and one person per name at a table (a unique index on the
seats' `name_key`: two joins at once, on one server or two, cannot seat "Ann" and "ANN").
"""

from __future__ import annotations

import contextlib
import datetime as dt
import time
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    case,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, IntegrityError, NoSuchModuleError

from ludotheque.core import stand_ins
from ludotheque.core.errors import LudoError

SCHEMA_HEAD = "0008"
PRUNE_BATCH = 200  # tables removed per transaction (`Storage.prune`)
MIGRATIONS = Path(__file__).parent / "migrations"

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # waiting | playing | over | closed
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True)),
    Column("turn_timer", Float),
    Column("invite", String(64), nullable=False, unique=True),
    Column("spectator", String(64), nullable=False, unique=True),
    Column("rematch_of", String(32)),
    Column("rematch", String(32)),
    Column("result", JSON),
    Column("deadline", Float),  # epoch seconds: when the seat to play at move
    Column("deadline_move", Integer),  # `deadline_move` runs out of time
    Column("absent", JSON),  # seats the stand-in bot plays for (timed out, not back)
    Column("activity", DateTime(timezone=True)),  # created, or someone last sat down
    Column("left_seats", JSON),  # seats whose person left for good (a bot plays them)
    # where a bot played for a person (left, or away): [[seat, first event, end or null],
    # ...], see core.stand_ins
    Column("stand_ins", JSON),
    Index("ix_tables_rematch_of", "rematch_of", unique=True),  # one rematch, once
    Index("ix_tables_status_activity", "status", "activity"),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("level", String(8)),
    Column("name", String(64)),
    Column("token", String(64), unique=True),
    Column("taken", Boolean, nullable=False, default=False),
    # `name_key(name)`: unique per table (NULL, a seat nobody sat at, never clashes). Text:
    # NFKC may make one character up to 18.
    Column("name_key", Text),
    # a rematch's seat given away (`Storage.give_seat`): the token it was kept with, which
    # sits nobody now but still finds the table (its person is told, and may watch)
    Column("given_token", String(64)),
    Index("ix_seats_table_name_key", "table_id", "name_key", unique=True),
    Index("ix_seats_given_token", "given_token", unique=True),
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # UNIQUE(table, index): one move, once
    Column("seat", Integer, nullable=False),
    Column("action", String(64), nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

bot_jobs = Table(
    "bot_jobs", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # the move the bot is to make
    Column("seat", Integer, nullable=False),
    Column("level", String(8), nullable=False),
    Column("lease_until", Float, nullable=False),  # epoch seconds; 0: free
    Column("worker", String(64)),
)

version_table = Table("alembic_version", MetaData(),
                      Column("version_num", String(32), primary_key=True))

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)


# The statements of the move path, built once (SQLAlchemy then reuses their compiled form).
_INSERT_MOVES = insert(moves)
_FINISH = update(tables).where(tables.c.id == bindparam("table_id_")).values(
    status="over", finished=bindparam("finished_"), result=bindparam("result_"))
_DEADLINE = update(tables).where(tables.c.id == bindparam("table_id_")).values(
    deadline=bindparam("deadline_"), deadline_move=bindparam("move_"))
_INSERT_CHAT = insert(chat)
_RECENT_CHAT = (select(chat).where(chat.c.table_id == bindparam("table_id_"))
                .order_by(chat.c.id.desc()).limit(bindparam("limit_")))


_MOVES_SINCE = (select(moves.c.idx, moves.c.seat, moves.c.action)
                .where(moves.c.table_id == bindparam("table_id_"),
                       moves.c.idx >= bindparam("start_")).order_by(moves.c.idx))
_DONE_JOB = bot_jobs.delete().where(bot_jobs.c.table_id == bindparam("table_id_"),
                                    bot_jobs.c.idx == bindparam("idx_"))


def _moves_since(conn: Any, table_id: str, start: int) -> list[tuple[int, int, str]]:
    found = conn.execute(_MOVES_SINCE, {"table_id_": table_id, "start_": start})
    return [(r.idx, r.seat, r.action) for r in found]


def _insert_bot_job(conn: Any, table_id: str, idx: int, seat: int, level: str) -> None:
    conn.execute(insert(bot_jobs).values(table_id=table_id, idx=idx, seat=seat, level=level,
                                         lease_until=0.0))


def name_key(name: str) -> str:
    """Two names people would take for the same (case, width and spaces aside)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


class NameTaken(Exception):
    """Someone at the table already has a name with the same `name_key`."""


class SeatGone(Exception):
    """A person's move or chat line for a seat they left the table from (`Storage.add_moves`,
    `Storage.add_chat`)."""


def _refuse_if_left(conn: Any, table_id: str, seat: int) -> None:
    """Raises SeatGone if `seat`'s person left the table (maybe through another server this
    one has not heard yet). Read after the caller's write: SQLite then holds the write lock,
    PostgreSQL the row's (as leave_seat takes it), so a leave is wholly before the write or
    after it."""
    if seat in (conn.execute(select(tables.c.left_seats).where(tables.c.id == table_id)
                             .with_for_update()).scalar() or []):
        raise SeatGone(seat)


class TableGone(Exception):
    """The table is no longer in the database (`ludotheque prune` removed it): a rematch of
    it, or a chat line at it, cannot be written."""


@dataclass
class Pruned:
    """What `Storage.prune` removed (or would remove): tables, and the rows they held."""

    games: int = 0  # finished games
    closed: int = 0  # tables closed while waiting for people (never started)
    moves: int = 0
    chat: int = 0


def _ask_bot_job(conn: Any, table_id: str, job: tuple[int, int, str] | None) -> None:
    """A stand-in's job (move, seat, level), unless that move's job is there already (the
    person went absent, came back, went absent again; or another server timed them out
    too). The caller holds the table row's lock, so two such askings do not cross."""
    if job is None:
        return
    asked = conn.execute(select(bot_jobs.c.idx).where(bot_jobs.c.table_id == table_id,
                                                      bot_jobs.c.idx == job[0])).first()
    if asked is None:
        _insert_bot_job(conn, table_id, *job)


def _leads_nowhere(key: str) -> bool:
    """A link's key (a token, an invite, a table id: maybe anyone's typing) that no table
    has, looked up nowhere: one holding a NUL character, which PostgreSQL refuses in text
    (an error, as if the server had a bug) and SQLite finds nowhere."""
    return "\x00" in key


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def default_database_url() -> str:
    """A SQLite file in the user's data directory (platformdirs: $XDG_DATA_HOME/ludotheque)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("ludotheque", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None
    name: str | None
    token: str | None
    taken: bool
    given: str | None = None  # the token it was kept with, if given away (`give_seat`)

    @property
    def kept(self) -> bool:
        """A rematch's human seat kept for its person (named), who has not sat down yet."""
        return self.kind == "human" and not self.taken and bool(self.name)

    @property
    def given_to(self) -> str | None:
        """To whom a rematch's kept seat was given away (`give_seat`): "bot" or "anyone";
        None if it was not."""
        if self.given is None:
            return None
        return "bot" if self.kind == "bot" else "anyone"


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    created: dt.datetime
    turn_timer: float | None
    invite: str
    spectator: str
    rematch_of: str | None = None
    rematch: str | None = None
    result: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    deadline: float | None = None
    deadline_move: int | None = None
    absent: list[int] = field(default_factory=list)
    activity: dt.datetime | None = None
    left: list[int] = field(default_factory=list)  # left for good: also in `absent`
    # every stand-in's span (`core.stand_ins`): the absences' and the leavers' (never closed)
    stand_ins: list[list] = field(default_factory=list)


class SeatLeft(NamedTuple):
    """What `Storage.leave_seat` stored: the seats absent and left, and whether this leave
    was the seat's first (not: another page of it left before, maybe on another server)."""

    absent: list[int]
    left: list[int]
    stand_ins: list[list]
    first: bool


def engine_url(url: str) -> str:
    """postgresql://… means psycopg 3 (the `scale` extra), not SQLAlchemy's psycopg2."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


class SeatCount(NamedTuple):
    """What of a table's seats the safety-net look compares (`Storage.watched`): how many
    are taken, and how many a rematch gave away (`give_seat`, which takes none)."""

    taken: int
    given: int

    @classmethod
    def of(cls, row: TableRow) -> SeatCount:
        return cls(sum(s.taken for s in row.seats), sum(s.given is not None for s in row.seats))


class Storage:
    """Every read and write the server makes, each in its own short transaction."""

    def __init__(self, url: str) -> None:
        given, url = url, engine_url(url)
        self.url, self.shown_url = url, _hide_password(given)
        with _opening(given):
            _check_sqlite_path(given)
            # A statement's values never reach an error's text, hence the log: they hold
            # seat tokens, links and a new table's seed (a write refused, a disk full).
            if url.startswith("sqlite"):
                self.engine: Engine = create_engine(
                    url, connect_args={"check_same_thread": False, "timeout": 30},
                    hide_parameters=True)
                event.listen(self.engine, "connect", _sqlite_pragmas)
                _sqlite_to_head(self.engine, url)
            else:
                self.engine = create_engine(url, pool_size=10, max_overflow=20,
                                            pool_pre_ping=True, hide_parameters=True)
            check_schema(self.engine, url)

    def close(self) -> None:
        self.engine.dispose()

    # -- tables ----------------------------------------------------------
    def create_table(self, row: TableRow, bot_job: tuple[int, str] | None = None) -> None:
        """`bot_job` (seat, level): a bot is to make the first move (several servers: the
        job row is written with the table, so no server has to live on to ask for it)."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=row.id, game=row.game, players=row.players, options=row.options,
                seed=row.seed, status=row.status, created=row.created,
                turn_timer=row.turn_timer, invite=row.invite, spectator=row.spectator,
                rematch_of=row.rematch_of, rematch=None, result=None,
                activity=row.activity or row.created, absent=[], left_seats=[], stand_ins=[]))
            conn.execute(insert(seats), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "level": s.level,
                 "name": s.name, "name_key": name_key(s.name) if s.name else None,
                 "token": s.token, "taken": s.taken, "given_token": s.given}
                for s in row.seats])
            if row.rematch_of and conn.execute(
                    update(tables).where(tables.c.id == row.rematch_of)
                    .values(rematch=row.id)).rowcount != 1:
                raise TableGone(row.rematch_of)  # pruned meanwhile: no orphan rematch
            if bot_job is not None and row.status == "playing":
                _insert_bot_job(conn, row.id, 0, *bot_job)

    def _table(self, conn: Any, where: Any) -> TableRow | None:
        found = conn.execute(select(tables).where(where)).mappings().first()
        if found is None:
            return None
        seat_rows = conn.execute(select(seats).where(seats.c.table_id == found["id"])
                                 .order_by(seats.c.seat)).mappings().all()
        return TableRow(
            id=found["id"], game=found["game"], players=found["players"],
            options=dict(found["options"]), seed=found["seed"], status=found["status"],
            created=found["created"], turn_timer=found["turn_timer"], invite=found["invite"],
            spectator=found["spectator"], rematch_of=found["rematch_of"],
            rematch=found["rematch"], result=found["result"],
            deadline=found["deadline"], deadline_move=found["deadline_move"],
            absent=list(found["absent"] or []), activity=found["activity"],
            left=list(found["left_seats"] or []),
            stand_ins=list(found["stand_ins"] or []),
            seats=[SeatRow(seat=s["seat"], kind=s["kind"], level=s["level"], name=s["name"],
                           token=s["token"], taken=bool(s["taken"]), given=s["given_token"])
                   for s in seat_rows])

    def get_table(self, table_id: str) -> TableRow | None:
        return self._table_where(tables.c.id, table_id)

    def table_by_invite(self, invite: str) -> TableRow | None:
        return self._table_where(tables.c.invite, invite)

    def _table_where(self, column: Any, key: str) -> TableRow | None:
        """The table whose `column` is `key` (a link's)."""
        if _leads_nowhere(key):
            return None
        with self.engine.connect() as conn:
            return self._table(conn, column == key)

    def table_by_token(self, token: str) -> tuple[TableRow, int | None] | None:
        """The table of a seat token (and the seat) or of a spectator token (seat None). A
        rematch seat's token given away finds its seat too, whose token is no longer it."""
        if _leads_nowhere(token):
            return None
        with self.engine.connect() as conn:
            found = conn.execute(select(seats.c.table_id, seats.c.seat)
                                 .where((seats.c.token == token)
                                        | (seats.c.given_token == token))).first()
            if found is not None:
                row = self._table(conn, tables.c.id == found.table_id)
                return (row, found.seat) if row else None
            row = self._table(conn, tables.c.spectator == token)
            return (row, None) if row else None

    def rematch_table(self, table_id: str) -> TableRow | None:
        """The rematch of `table_id` (whoever made it, on whichever server)."""
        with self.engine.connect() as conn:
            return self._table(conn, tables.c.rematch_of == table_id)

    def tables_to_resume(self, bots: bool = True) -> list[str]:
        """The tables a server runs with no visitor after a start: games with a turn timer
        (it counts down), and, if it plays the `bots` itself, those whose next move is a
        bot's or a stand-in's (a job waits for the move the table is at). A game abandoned
        at a person's turn, or a table waiting for people, stays here until someone comes."""
        stored = (select(func.count()).select_from(moves)
                  .where(moves.c.table_id == tables.c.id).correlate(tables).scalar_subquery())
        due = tables.c.turn_timer.is_not(None)
        if bots:
            due = due | select(bot_jobs.c.idx).where(bot_jobs.c.table_id == tables.c.id,
                                                     bot_jobs.c.idx == stored
                                                     ).correlate(tables).exists()
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables.c.id).where(
                tables.c.status == "playing", due)).scalars())

    def close_waiting(self, idle_since: dt.datetime) -> list[str]:
        """Close every table still waiting for people where nobody sat down since
        `idle_since`; their ids. Records stay (status `closed`); one conditional update per
        table, so two servers sweeping at once close each table once."""
        with self.engine.begin() as conn:
            found = list(conn.execute(select(tables.c.id).where(
                tables.c.status == "waiting",
                func.coalesce(tables.c.activity, tables.c.created) < idle_since)).scalars())
            closed = []
            for table_id in found:
                done = conn.execute(update(tables).where(
                    tables.c.id == table_id, tables.c.status == "waiting").values(
                    status="closed", finished=now()))
                if done.rowcount == 1:
                    closed.append(table_id)
            return closed

    def set_deadline(self, table_id: str, move: int, deadline: float,
                     replace: bool = False) -> tuple[float | None, int | None]:
        """The turn timer's deadline of move `move`: the first one written for that move
        stays (several servers agree on it) unless `replace` (the person came back: a new
        turn time). Returns the stored (deadline, move)."""
        with self.engine.begin() as conn:
            where = [tables.c.id == table_id]
            if not replace:
                where.append((tables.c.deadline_move.is_(None))
                             | (tables.c.deadline_move != move))
            conn.execute(update(tables).where(*where).values(deadline=deadline,
                                                             deadline_move=move))
            found = conn.execute(select(tables.c.deadline, tables.c.deadline_move)
                                 .where(tables.c.id == table_id)).first()
            return (found.deadline, found.deadline_move) if found else (None, None)

    def set_absent(self, table_id: str, absent: Iterable[int], event: int,
                   clear_deadline: bool = False,
                   bot_job: tuple[int, int, str] | None = None) -> list[list]:
        """The seats the stand-in bot plays for, as of event `event` (a seat gone absent
        or back there opens or closes its span in `stand_ins`); `clear_deadline`: the person
        whose turn it is came back, their new turn time replaces the one that ran out.
        `bot_job` (move, seat, level): several servers, the stand-in's move asked of the
        workers with it. The spans stored."""
        with self.engine.begin() as conn:
            # a seat whose person left stays absent, whatever a stale copy says
            found = conn.execute(select(tables.c.left_seats, tables.c.absent, tables.c.stand_ins)
                                 .where(tables.c.id == table_id).with_for_update()).first()
            if found is None:
                return []
            now_absent = sorted({*absent, *(found.left_seats or [])})
            spans = stand_ins.moved(found.stand_ins or [], found.absent or [], now_absent, event)
            values: dict[str, Any] = {"absent": now_absent, "stand_ins": spans}
            if clear_deadline:
                values.update(deadline=None, deadline_move=None)
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))
            _ask_bot_job(conn, table_id, bot_job)
            return spans

    def leave_seat(self, table_id: str, seat: int, event: int = 0,
                   bot_job: tuple[int, int, str] | None = None) -> SeatLeft | None:
        """The person at `seat` leaves a table being played, for good: the seat joins
        `left_seats` and `absent` (the stand-in bot plays it to the end), in one transaction
        that re-reads both lists (a server's stale copy never drops another's seat), with
        `bot_job` (as `set_absent`'s); from `event` on, its stand-in's span (opened there,
        unless the seat was already away: its span goes on) is never closed. None if the
        table is no longer being played (and the seat had not left)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(tables.c.status, tables.c.absent, tables.c.left_seats,
                                        tables.c.stand_ins)
                                 .where(tables.c.id == table_id).with_for_update()).first()
            if found is None:
                return None
            absent = sorted({*(found.absent or []), seat})
            left = sorted({*(found.left_seats or []), seat})
            spans = list(found.stand_ins or [])
            if seat in (found.left_seats or []):
                return SeatLeft(absent, left, spans, first=False)
            if found.status != "playing":
                return None
            spans = stand_ins.moved(spans, found.absent or [], absent, event)
            conn.execute(update(tables).where(tables.c.id == table_id)
                         .values(absent=absent, left_seats=left, stand_ins=spans))
            _ask_bot_job(conn, table_id, bot_job)
            return SeatLeft(absent, left, spans, first=True)

    def take_seat(self, table_id: str, seat: int, name: str, token: str | None = None
                  ) -> bool:
        """Mark a free human seat as taken by `name`; False if it was taken meanwhile (or
        the table was closed meanwhile, or, a rematch's seat kept with `token`, it was given
        away: `give_seat`). Raises NameTaken if someone at the table has that name (the
        database's unique index: whoever sat down first, on whichever server)."""
        try:
            with self.engine.begin() as conn:
                waiting = select(tables.c.id).where(
                    tables.c.id == table_id, tables.c.status.in_(("waiting", "playing")))
                where = [seats.c.table_id == table_id, seats.c.seat == seat,
                         seats.c.kind == "human", seats.c.taken.is_(False), waiting.exists()]
                if token is not None:
                    where.append(seats.c.token == token)
                done = conn.execute(update(seats).where(*where)
                                    .values(taken=True, name=name, name_key=name_key(name)))
                if done.rowcount == 1:
                    conn.execute(update(tables).where(tables.c.id == table_id)
                                 .values(activity=now()))
                return done.rowcount == 1
        except IntegrityError:
            # the only unique index this update can meet; any other refusal (a trigger,
            # say) is no name of someone else's
            with self.engine.connect() as conn:
                held = conn.execute(select(seats.c.seat).where(
                    seats.c.table_id == table_id, seats.c.seat != seat,
                    seats.c.name_key == name_key(name))).first()
            if held is None:
                raise
            raise NameTaken(name) from None

    def give_seat(self, table_id: str, seat: int, token: str, new_token: str | None,
                  bot_level: str | None = None) -> bool:
        """A rematch's seat kept with `token` for a person who has not sat down is given
        away, while the rematch waits: a free human seat with `new_token` (no name kept),
        or a bot's seat at `bot_level` (no token). The old token no longer sits anyone
        (`given_token` remembers it). One conditional statement: of two people giving the
        same seat at once, or its person sitting down meanwhile (`take_seat` with that
        token), on one server or two, exactly one does it. False if it was not done."""
        waiting = select(tables.c.id).where(tables.c.id == table_id,
                                            tables.c.status == "waiting")
        values: dict[str, Any] = {"name": None, "name_key": None, "token": new_token,
                                  "given_token": token}
        if bot_level is not None:
            values.update(kind="bot", level=bot_level)
        with self.engine.begin() as conn:
            done = conn.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human",
                seats.c.taken.is_(False), seats.c.name.is_not(None), seats.c.token == token,
                waiting.exists()).values(**values))
            return done.rowcount == 1

    def start_if_full(self, table_id: str, bot_job: tuple[int, str] | None = None) -> bool:
        """waiting -> playing once no human seat is free (one conditional statement, so two
        servers seating the last two people at once cannot both miss it). `bot_job` (seat,
        level): the first move is a bot's; its job is written in the same transaction."""
        free = select(seats.c.seat).where(seats.c.table_id == table_id,
                                          seats.c.kind == "human", seats.c.taken.is_(False))
        with self.engine.begin() as conn:
            done = conn.execute(update(tables).where(
                tables.c.id == table_id, tables.c.status == "waiting", ~free.exists())
                .values(status="playing"))
            if done.rowcount == 1 and bot_job is not None:
                _insert_bot_job(conn, table_id, 0, *bot_job)
            return done.rowcount == 1

    def set_status(self, table_id: str, status: str, result: dict | None = None) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "over":
            values.update(finished=now(), result=result)
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))

    # -- moves -----------------------------------------------------------
    def add_moves(self, table_id: str, start: int, seat: int, actions: Iterable[str],
                  over: bool = False, result: dict | None = None,
                  deadline: tuple[float, int] | None = None,
                  bot_job: tuple[int, str] | None = None, person: bool = False) -> None:
        """The actions of one gesture as rows start, start+1, ... in ONE transaction (the
        table's status too if the game just ended, and the turn timer's next `deadline`
        (epoch seconds, move)). A clash on (table, index) raises and nothing is written.
        A `person`'s move for a seat they left (`leave_seat`, maybe on another server that
        this one has not heard yet) raises SeatGone, and nothing is written.

        The bot job of this move is done (if it was a bot's), and `bot_job` (seat, level),
        the next move's, is asked for, in the same transaction. A server killed right after
        writing a move thus never leaves a bot's turn without its job (a worker's, or the
        sign a server starting reads: the table runs on its own)."""
        stamp = now()
        rows = [{"table_id": table_id, "idx": start + offset, "seat": seat, "action": text,
                 "time": stamp} for offset, text in enumerate(actions)]
        with self.engine.begin() as conn:
            conn.execute(_INSERT_MOVES, rows)
            if person:
                _refuse_if_left(conn, table_id, seat)
            conn.execute(_DONE_JOB, {"table_id_": table_id, "idx_": start})
            if bot_job is not None:
                _insert_bot_job(conn, table_id, start + len(rows), *bot_job)
            if over:
                conn.execute(_FINISH, {"table_id_": table_id, "finished_": stamp,
                                       "result_": result})
            if deadline is not None:
                conn.execute(_DEADLINE, {"table_id_": table_id, "deadline_": deadline[0],
                                         "move_": deadline[1]})

    def get_moves(self, table_id: str, start: int = 0) -> list[tuple[int, int, str]]:
        with self.engine.connect() as conn:
            return _moves_since(conn, table_id, start)

    def table_since(self, table_id: str, start: int = 0
                    ) -> tuple[TableRow | None, list[tuple[int, int, str]]]:
        """The table, then its moves from `start`, on one connection (a catch-up). A game
        that ends in between reads as still playing with its last move."""
        with self.engine.connect() as conn:
            row = self._table(conn, tables.c.id == table_id)
            return row, _moves_since(conn, table_id, start) if row else []

    def count_moves(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(moves)
                                .where(moves.c.table_id == table_id)).scalar_one()

    # -- bot jobs (a bot's move due; several servers: any worker computes it) -----
    def add_bot_job(self, table_id: str, idx: int, seat: int, level: str) -> None:
        """Ask for a bot's move; asking twice for the same move is one job."""
        try:
            with self.engine.begin() as conn:
                _insert_bot_job(conn, table_id, idx, seat, level)
        except IntegrityError:
            pass

    def existing(self, table_ids: Sequence[str]) -> set[str]:
        """Those of `table_ids` still stored (`ludotheque prune` removes rows under a
        running server), in one statement per hundred tables, reading their ids alone."""
        found: set[str] = set()
        with self.engine.connect() as conn:
            for first in range(0, len(table_ids), 100):
                found.update(conn.execute(select(tables.c.id).where(
                    tables.c.id.in_(table_ids[first:first + 100]))).scalars())
        return found

    def watched(self, table_ids: Sequence[str]) -> dict[str, tuple[int, str, str | None,
                                                                   SeatCount, bool]]:
        """For each table: (moves stored, status, rematch, its seats' count (`SeatCount`),
        a bot job waits for its next move), in one statement per hundred tables (one
        consistent snapshot each): the safety-net look of a server at the tables its pages
        watch."""
        counted = (select(moves.c.table_id, func.count().label("n"))
                   .where(moves.c.table_id.in_(bindparam("ids_", expanding=True)))
                   .group_by(moves.c.table_id).subquery())
        seated = (select(seats.c.table_id,
                         func.count(case((seats.c.taken.is_(True), 1))).label("taken"),
                         func.count(seats.c.given_token).label("given"))
                  .where(seats.c.table_id.in_(bindparam("ids_", expanding=True)))
                  .group_by(seats.c.table_id).subquery())
        found: dict[str, tuple[int, str, str | None, SeatCount, bool]] = {}
        with self.engine.connect() as conn:
            for first in range(0, len(table_ids), 100):
                chunk = list(table_ids[first:first + 100])
                count = func.coalesce(counted.c.n, 0)
                job = (select(bot_jobs.c.idx).where(bot_jobs.c.table_id == tables.c.id,
                                                    bot_jobs.c.idx == count)
                       .exists().label("job"))
                rows = conn.execute(
                    select(tables.c.id, count.label("moves"), tables.c.status,
                           tables.c.rematch, func.coalesce(seated.c.taken, 0).label("taken"),
                           func.coalesce(seated.c.given, 0).label("given"), job)
                    .select_from(tables.outerjoin(counted, counted.c.table_id == tables.c.id)
                                 .outerjoin(seated, seated.c.table_id == tables.c.id))
                    .where(tables.c.id.in_(bindparam("ids_", expanding=True))),
                    {"ids_": chunk})
                for r in rows:
                    found[r.id] = (r.moves, r.status, r.rematch, SeatCount(r.taken, r.given),
                                   bool(r.job))
        return found

    def lease_bot_job(self, worker: str, lease: float) -> tuple[str, int, int, str] | None:
        """Take one free job (never leased, or whose worker let its lease run out: it died)
        for `lease` seconds. Two workers never hold the same job: the update is conditional
        on the lease it read."""
        clock = time.time()
        with self.engine.begin() as conn:
            found = conn.execute(select(bot_jobs).where(bot_jobs.c.lease_until < clock)
                                 .order_by(bot_jobs.c.lease_until).limit(8)).mappings().all()
            for job in found:
                done = conn.execute(update(bot_jobs).where(
                    bot_jobs.c.table_id == job["table_id"], bot_jobs.c.idx == job["idx"],
                    bot_jobs.c.lease_until == job["lease_until"]).values(
                    lease_until=clock + lease, worker=worker))
                if done.rowcount == 1:
                    return job["table_id"], job["idx"], job["seat"], job["level"]
        return None

    def drop_bot_job(self, table_id: str, idx: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(bot_jobs.delete().where(bot_jobs.c.table_id == table_id,
                                                 bot_jobs.c.idx == idx))

    # -- chat ------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> dt.datetime:
        stamp = now()
        try:
            with self.engine.begin() as conn:
                conn.execute(_INSERT_CHAT, {"table_id": table_id, "seat": seat, "name": name,
                                            "text": text, "time": stamp})
                if seat is not None:
                    _refuse_if_left(conn, table_id, seat)
        except IntegrityError:  # its only reference: the table, pruned under an open page
            raise TableGone(table_id) from None
        return stamp

    def recent_chat(self, table_id: str, limit: int = 50) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            found = conn.execute(_RECENT_CHAT, {"table_id_": table_id,
                                                "limit_": limit}).mappings().all()
        return [dict(r) for r in reversed(found)]


    # -- pruning (`ludotheque prune`) -----------------------------------------
    def prune(self, finished_before: dt.datetime, closed_before: dt.datetime,
              dry_run: bool = False, batch: int = PRUNE_BATCH) -> Pruned:
        """Remove the games finished before `finished_before` and the tables closed (never
        started) before `closed_before`, with every row they hold; nothing else (a table
        waiting or in play is never touched). `batch` tables per transaction, each followed
        by a pause as long as it took: servers running meanwhile get the database at least
        half the time. A table pointing to a removed one (its rematch, or the game it is a
        rematch of) no longer does. `dry_run`: only count."""
        ended = func.coalesce(tables.c.finished, tables.c.activity, tables.c.created)
        due = (((tables.c.status == "over") & (ended < finished_before))
               | ((tables.c.status == "closed") & (ended < closed_before)))
        done = Pruned()
        if dry_run:
            with self.engine.connect() as conn:
                for status, count in conn.execute(select(tables.c.status, func.count())
                                                  .where(due).group_by(tables.c.status)):
                    setattr(done, "games" if status == "over" else "closed", count)
                for held, attr in ((moves, "moves"), (chat, "chat")):
                    setattr(done, attr, conn.execute(
                        select(func.count()).select_from(held).where(
                            held.c.table_id.in_(select(tables.c.id).where(due)))).scalar_one())
            return done
        while True:
            began = time.monotonic()
            with self.engine.begin() as conn:
                # PostgreSQL: the rows locked until the commit (a rematch being made of one
                # waits, then finds it gone); a row a server holds locked is left for later
                found = conn.execute(select(tables.c.id, tables.c.status).where(due)
                                     .limit(batch).with_for_update(skip_locked=True)).all()
                if not found:
                    return done
                ids = [r.id for r in found]
                done.games += sum(r.status == "over" for r in found)
                done.closed += sum(r.status == "closed" for r in found)
                done.moves += conn.execute(moves.delete().where(moves.c.table_id.in_(ids))
                                           ).rowcount
                done.chat += conn.execute(chat.delete().where(chat.c.table_id.in_(ids))
                                          ).rowcount
                for held in (seats, bot_jobs):
                    conn.execute(held.delete().where(held.c.table_id.in_(ids)))
                for link in (tables.c.rematch_of, tables.c.rematch):
                    conn.execute(update(tables).where(link.in_(ids)).values({link: None}))
                conn.execute(tables.delete().where(tables.c.id.in_(ids)))
            time.sleep(max(0.01, time.monotonic() - began))


class SchemaError(LudoError):
    """The database's schema is not the one this server knows."""


def schema_version(engine: Engine) -> str | None:
    with engine.connect() as conn:
        try:
            return conn.execute(select(version_table.c.version_num)).scalar()
        except Exception:  # noqa: BLE001 - no version table: never migrated
            return None


def check_schema(engine: Engine, url: str) -> None:
    found = schema_version(engine)
    if found != SCHEMA_HEAD:
        raise SchemaError("web.server.error.schema", found=found or "-", known=SCHEMA_HEAD,
                          url=_hide_password(url))


def _hide_password(url: str) -> str:
    """`url` with its password as ***, to be shown (a text that is no URL, as it is)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


@contextlib.contextmanager
def _opening(url: str) -> Iterator[None]:
    """A database that cannot be opened, as a clear error naming the forms allowed: not a
    URL SQLAlchemy reads, no driver for it, or nothing there to connect to or to read."""
    try:
        yield
    except (ArgumentError, NoSuchModuleError):
        raise _cannot_open(url, "web.server.error.database_url") from None
    except DatabaseError:  # OperationalError among them: nothing to connect to, not a database
        raise _cannot_open(url, "web.server.error.database_open") from None


def _cannot_open(url: str, reason: str, **details: object) -> LudoError:
    return LudoError("web.server.error.database", url=_hide_password(url),
                     reason=LudoError(reason, **details))


def _check_sqlite_path(url: str, must_exist: bool = False) -> None:
    """A SQLite file's folder must exist (SQLite only says "unable to open"); `must_exist`:
    the file too (an operator's command must not make a new empty database)."""
    parsed = make_url(engine_url(url))
    if parsed.get_backend_name() != "sqlite":
        return
    path = Path(parsed.database or ":memory:")
    if path.name != ":memory:" and not path.parent.is_dir():
        raise _cannot_open(url, "web.server.error.database_folder", folder=str(path.parent))
    if must_exist and not path.is_file():
        raise _cannot_open(url, "web.server.error.database_missing")


def existing_storage(url: str | None) -> Storage:
    """The database of an operator's command (`ludotheque prune`): `url`, else the SQLite
    file `serve` uses by default. A SQLite file that is not there is an error (a mistyped
    path must not be a new empty database, pruned of nothing)."""
    url = url or default_database_url()
    with _opening(url):
        _check_sqlite_path(url, must_exist=True)
    return Storage(url)


def migrate(url: str) -> tuple[str | None, str]:
    """Bring the database at `url` to the head schema (Alembic); (before, after)."""
    from alembic import command
    from alembic.config import Config

    given, url = url, engine_url(url)
    with _opening(given):
        _check_sqlite_path(given)
        engine = create_engine(url)
        before = schema_version(engine)
        engine.dispose()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
        command.upgrade(config, "head")
    return before, SCHEMA_HEAD


def _sqlite_to_head(engine: Engine, url: str) -> None:
    """Zero setup: a new SQLite file is created at the head schema; one made by an older
    version is migrated (Alembic)."""
    found = schema_version(engine)
    if found is None and not inspect(engine).has_table("tables"):
        metadata.create_all(engine)
        with engine.begin() as conn:
            version_table.create(conn, checkfirst=True)
            conn.execute(insert(version_table).values(version_num=SCHEMA_HEAD))
    elif found != SCHEMA_HEAD:
        migrate(url)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
