"""Bot games in bulk: one game (`play_bot_game`), many (`run_simulation`) and their
summary (`simulate`).

Game i of a simulation uses seed `derive_seed(seed, i)` for chance and for the
bots, so a simulation is reproducible from its seed, whatever the number of
processes or machines that play it (results are put back in index order). By
default the bot list turns one seat per game (game i puts bot j in seat
(i + j) mod n), so that seat advantage and bot strength are not confused;
`rotate=False` keeps it.

Where games run (`backend`): "local" in this process, "process" on a pool of
`jobs` processes of this machine (the default of the command line), "ray" on a
Ray cluster (`RAY_ADDRESS`, else a local one: the `ray` extra). A sweep
(`sweep={"option": [values]}`) plays the same games (same seeds) under every
combination of values; each combination is a `SimConfig`.

Ctrl-C (KeyboardInterrupt) stops a run and keeps the games already finished:
`SimulationRun.interrupted` says so. Per-game rows (`rows=True`) follow the
schema of `ludotheque.sim.results` and are what `--out` writes.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import signal
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

# adds openspiel_ismcts to the bots when pyspiel is installed
import ludotheque.interop  # noqa: F401
from ludotheque.bots import RandomBot, make_bot
from ludotheque.core.chance import SeededChance, derive_seed, seeded_random, settle
from ludotheque.core.errors import LudoError, OptionError, PlayerCountError, require_extra
from ludotheque.core.events import Event
from ludotheque.core.game import CHANCE, Game, State
from ludotheque.core.options import options_to_json, split_list, validate_options
from ludotheque.core.registry import get_game
from ludotheque.i18n import LazyText
from ludotheque.sim.results import PLAYERS

BACKENDS = ("process", "ray", "local")
DEFAULT_CONFIG = "default"


@dataclass
class GameResult:
    seed: int
    bots: list[str]  # bot name per seat
    winners: list[int]
    ranks: list[int]
    decisions: int
    metrics: dict[str, int]
    index: int = 0  # the game's index in its simulation
    config: int = 0  # the index of its SimConfig
    rows: list[dict[str, Any]] | None = None  # one per seat, when asked for (`rows=True`)
    # Per seat: (seconds spent choosing, decisions with a real choice, i.e. 2+ legal moves).
    thinking: list[tuple[float, int]] | None = None
    # Per seat: the seconds of each of those choices (for the p95 and max of `arena`).
    move_seconds: list[list[float]] | None = None


class LiveCounts:
    """What a run has done so far, shared with its worker processes: games finished,
    decisions taken (running games included, told every quarter of a second), decisions
    of the finished games, and a stop flag (Ctrl-C: each worker ends its chunk at its
    next report and sends back the games it finished)."""

    EVERY = 0.25  # seconds between a running game's reports

    def __init__(self, context: Any = None) -> None:
        """`context`: the multiprocessing context of the processes that will share it
        (default: the default one, which the pools use)."""
        import multiprocessing

        self._counts = (context or multiprocessing.get_context()).Array("q", 4)  # see `read`
        # The lock taken once per update, the raw array read and written under it: the
        # synchronized wrapper's items take the lock again for each one (a finished game
        # cost 7 us of a 17 game's 200). Both travel to spawned workers as shared objects.
        self._lock = self._counts.get_lock()
        self._raw = self._counts.get_obj()

    def read(self) -> tuple[int, int, int]:
        """(games finished, decisions taken, decisions of the finished games)."""
        with self._lock:
            raw = self._raw
            return raw[0], raw[1], raw[2]

    def moved(self, decisions: int) -> None:
        with self._lock:
            self._raw[1] += decisions

    def finished(self, decisions: int, game_decisions: int) -> None:
        with self._lock:
            raw = self._raw
            raw[0] += 1
            raw[1] += decisions
            raw[2] += game_decisions

    def stop(self) -> None:
        self._raw[3] = 1

    @property
    def stopping(self) -> bool:
        return bool(self._raw[3])  # one aligned word: read without the lock


class _Stopped(Exception):
    """A game left unfinished because its run is stopping."""


_LIVE: LiveCounts | None = None  # this process's run counters (set for a run's games)


def _play(game: Game, bots_by_seat: Sequence[str], options: Mapping[str, Any], seed: int,
          budget: Any, events: list[Event] | None, live: LiveCounts | None = None,
          timed: bool = True
          ) -> tuple[State, int, list[tuple[float, int]] | None, list[list[float]] | None]:
    """Play one game; returns the final state, the decisions, per seat (seconds spent
    choosing, decisions with a real choice) and the thinking time of each such move
    (both None when `timed` is false: a simulation's summary does not read them).
    `live`: the run's shared counters (decisions told every LiveCounts.EVERY seconds;
    raises _Stopped when the run is stopping)."""
    players = len(bots_by_seat)
    state = game._new_state(players, options)  # options already validated by the caller
    chance = SeededChance(seed)
    choose, reads, random_seats = _seating(game, bots_by_seat, budget)
    observe = game.observation.of_state if game.observation is not None else None
    # A seat played by the random bot draws its move here, as RandomBot.choose does
    # (rng._randbelow(n)), without the call to choose; its generator is made at its first
    # move (seeding one costs more than a move, and one game in four leaves a seat or two
    # without a move at 4 players).
    rngs: list[random.Random | None] = [None if is_random else _bot_rng(seed, seat)
                                        for seat, is_random in enumerate(random_seats)]
    draws: list[Callable[[int], int] | None] = [None] * players
    decisions = 0
    times: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    current_player, legal_actions, apply_action = (state.current_player, state.legal_actions,
                                                   state.apply_action)
    told, tell_at = 0, clock() + LiveCounts.EVERY  # decisions reported to `live`, and when next
    while True:
        player = current_player()
        if player >= 0:
            legal = legal_actions()
            started = clock()
            draw = draws[player]
            if draw is not None:
                action = legal[draw(len(legal))]
            elif random_seats[player]:
                draw = draws[player] = _bot_rng(seed, player)._randbelow
                action = legal[draw(len(legal))]
            else:
                # What the seat's bot reads: its view, its observation (a bot that acts on
                # the game's observation is given it without the view: the same moves), or
                # nothing (a bot that declares it never reads its view).
                reads_what = reads[player]
                seen = (state.view(player) if reads_what == _VIEW
                        else observe(state, player) if reads_what == _OBSERVATION else None)
                action = choose[player](seen, legal, rngs[player])
            if timed and len(legal) > 1:
                times[player].append(clock() - started)
            apply_action(action, events)
            decisions += 1
            if live is not None and started >= tell_at:
                live.moved(decisions - told)
                told, tell_at = decisions, started + LiveCounts.EVERY
                if live.stopping:
                    raise _Stopped
        elif player == CHANCE:
            settle(state, chance, events)
        else:
            if live is not None:
                live.finished(decisions - told, decisions)
            if not timed:
                return state, decisions, None, None
            return state, decisions, [(sum(t), len(t)) for t in times], times


def _bot_rng(seed: int, seat: int) -> random.Random:
    """Seat `seat`'s generator for the game of seed `seed`: random.Random(derive_seed(seed,
    "bot", seat)), the same stream, seeded in C (`seeded_random`)."""
    return seeded_random(derive_seed(seed, "bot", seat))


_BOTS: dict[tuple[str, str, str], Any] = {}
# (game, bots by seat, budget) -> per seat: the bot's choose, whether it reads its view,
# whether it is the random bot (drawn in `_play`'s loop): a simulation's few seatings.
_SEATINGS: dict[tuple[str, tuple[str, ...], str],
                tuple[list[Any], list[str | None], list[bool]]] = {}
_VIEW, _OBSERVATION = "view", "observation"  # what a seat's bot reads (None: nothing)


def _seating(game: Game, bots_by_seat: Sequence[str], budget: Any
             ) -> tuple[list[Any], list[str | None], list[bool]]:
    """Per seat: how its bot chooses, what it reads, whether it is the random bot.

    A bot that sets `acts_on_observation` promises that its `choose(view, legal, rng)` is
    `act(game.observation.of_view(view), legal, rng)`; it is then asked `act` with the
    observation built from the state (`of_state`, equal to `of_view` for every seat at
    every moment: the conformance kit checks it), and no view is built for it."""
    key = (game.name, tuple(bots_by_seat), repr(budget))
    seating = _SEATINGS.get(key)
    if seating is None:
        bots = [_bot(name, game, budget) for name in bots_by_seat]
        observed = [game.observation is not None and getattr(bot, "acts_on_observation", False)
                    for bot in bots]
        seating = _SEATINGS[key] = (
            [bot.act if acts else bot.choose for bot, acts in zip(bots, observed)],
            [_OBSERVATION if acts else _VIEW if getattr(bot, "reads_view", True) else None
             for bot, acts in zip(bots, observed)],
            [type(bot) is RandomBot for bot in bots])
    return seating


def _bot(name: str, game: Game, budget: Any) -> Any:
    """The bot `name` for `game`, made once per process and reused across games (a bot
    keeps nothing from one game to the next: each choice reads the view it is given,
    and each game gives it a fresh generator)."""
    key = (game.name, name, repr(budget))
    bot = _BOTS.get(key)
    if bot is None:
        bot = _BOTS[key] = make_bot(name, game, budget)
    return bot


def play_bot_game(
    game: Game, bots_by_seat: Sequence[str], options: Mapping[str, Any], seed: int,
    budget: Any = None, events: list[Event] | None = None,
) -> GameResult:
    """One game between bots; each bot reads only its seat's view. `budget`
    (a bots.ismcts.Budget) sets the thinking time of search bots; every event
    of the game is appended to `events` if it is a list (it costs speed)."""
    state, decisions, thinking, times = _play(game, bots_by_seat, options, seed, budget, events)
    return GameResult(seed, list(bots_by_seat), state.winners(), state.ranks(), decisions,
                      state.metrics(), thinking=thinking, move_seconds=times)


def seats_for_game(bots: Sequence[str], index: int, rotate: bool) -> list[str]:
    n = len(bots)
    if not rotate:
        return list(bots)
    shift = index % n
    return [bots[(seat - shift) % n] for seat in range(n)]


# ------------------------------------------------------------------ configurations
@dataclass(frozen=True)
class SimConfig:
    """One table a simulation plays: "default", or a sweep's combination of options (and
    player count: `--sweep players=2,5`), with the bot of each of its seats."""

    label: str
    options: Mapping[str, Any]  # validated
    players: int
    bots: tuple[str, ...]  # one per seat


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


def parse_sweep_assignments(items: Sequence[str], game: Game) -> dict[str, list[str]]:
    """['dice_per_player=3,4'] -> {'dice_per_player': ['3', '4']} (values checked later).

    The values of a list option (e.g. 17's `singles=2,3,3,3,4`) are separated by ';'
    instead; ';' also works for every option.
    """
    kinds = {spec.name: spec.kind for spec in game.option_specs}
    kinds.setdefault(PLAYERS, "int")
    allowed: dict[str, Any] = {spec.name: spec.allowed_text() for spec in game.option_specs}
    allowed.setdefault(PLAYERS, LazyText("option.allowed_int", low=game.min_players,
                                         high=game.max_players))
    parsed: dict[str, list[str]] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name or not text.strip():
            raise OptionError("error.sweep_syntax", item=item)
        if name not in kinds:
            raise OptionError("error.option_unknown", name=name,
                              allowed=", ".join(sorted(kinds)) or "-")
        if name in parsed:
            raise OptionError("error.sweep_twice", name=name)
        separator = ";" if ";" in text or kinds[name] == "ints" else ","
        parsed[name] = split_list(text, f"--sweep {name}", allowed[name], separator)
    return parsed


def sweep_configs(game: Game, players: int, options: Mapping[str, Any] | None = None,
                  sweep: Mapping[str, Sequence[Any]] | None = None,
                  bots: Sequence[str] | str = ("random",)) -> list[SimConfig]:
    """Every combination of the swept values over `options`, each validated before any game
    is played (OptionError names the bad option and value, PlayerCountError a bad player
    count, both led by the configuration they refuse), labelled
    "name=value ..."; ["default"] without a sweep. `bots`: one per seat, or one for all
    (the only way when the player count is swept: each table has its own seats)."""
    base = dict(options or {})
    if not sweep:
        return [_config(game, DEFAULT_CONFIG, players, base, bots)]
    names = _bot_names(bots)
    if PLAYERS in sweep and len(set(names)) != 1:
        raise LudoError("error.sweep_players_bots", given=len(names))
    for name in sweep:
        if name in base:
            raise OptionError("error.sweep_twice", name=name)
        if not sweep[name]:
            raise OptionError("error.sweep_syntax", item=f"{name}=")
    validate_options(game.option_specs, base)  # --option's own names and values
    names = list(sweep)
    configs: list[SimConfig] = []
    seen: set[str] = set()
    for values in itertools.product(*(sweep[name] for name in names)):
        chosen = dict(zip(names, values))
        count = _player_count(chosen.pop(PLAYERS, players))
        try:
            config = _config(game, "", count, {**base, **chosen}, bots)
        except (OptionError, PlayerCountError) as error:  # the same kind, naming the table
            given = " ".join(f"{name}={_shown(value)}" for name, value in zip(names, values))
            raise type(error)("error.sweep_config", config=given, error=error) from None
        label = " ".join(f"{name}={_shown(count if name == PLAYERS else config.options[name])}"
                         for name in names)
        if label in seen:
            raise OptionError("error.sweep_duplicate", label=label)
        seen.add(label)
        configs.append(SimConfig(label, config.options, count, config.bots))
    return configs


def _player_count(value: Any) -> Any:
    """A swept player count as an int ('5' -> 5); anything else as it is, for
    `Game.validate` to refuse in words ("DTC is played by 2 to 6 players, not 'two'")."""
    from ludotheque.core.options import _to_int

    try:
        return _to_int(value)
    except ValueError:
        return value


def _config(game: Game, label: str, players: int, options: Mapping[str, Any],
            bots: Sequence[str] | str) -> SimConfig:
    return SimConfig(label, game.validate(players, options), players,
                     tuple(_bots_by_seat(bots, players)))


def _bot_names(bots: Sequence[str] | str) -> list[str]:
    """The bots given: a list of names, or one name (a str, not its letters)."""
    return [bots] if isinstance(bots, str) else list(bots)


def _bots_by_seat(bots: Sequence[str] | str, players: int) -> list[str]:
    """One bot name per seat: `bots` as given, or its one name in every seat."""
    names = _bot_names(bots)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise LudoError("error.bot_count", given=len(names), count=players)
    return names


# ------------------------------------------------------------------------- rows
def _statistics_function() -> Callable[..., Mapping[str, Any]] | None:
    """`ludotheque.sim.stats.game_statistics`, or None while that module does not exist."""
    try:
        from ludotheque.sim import stats
    except ModuleNotFoundError as exc:
        if exc.name != "ludotheque.sim.stats":
            raise
        return None
    return getattr(stats, "game_statistics", None)


def _cell(value: Any) -> Any:
    """A file cell: scalars as they are (numpy's as Python's), anything else as JSON text."""
    import numbers

    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    return json.dumps(value, sort_keys=True, default=_json_default)


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if hasattr(value, "tolist"):
        return value.tolist()
    return str(value)


def game_rows(game: Game, config: SimConfig, index: int, seed: int, bots: Sequence[str],
              state: State, decisions: int, events: Sequence[Event] | None,
              statistics_function: Callable[..., Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """One row per seat of a finished game (the `--out` schema)."""
    players = len(bots)
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    ranks = state.ranks()
    common: dict[str, Any] = {
        "game": game.name,
        "config": config.label,
        "options": json.dumps(options_to_json(config.options), sort_keys=True),
        "game_index": index,
        "seed": seed,
        "players": players,
    }
    metrics = {f"m_{key}": _cell(value) for key, value in state.metrics().items()}
    game_stats: dict[str, Any] = {}
    seat_stats: list[Mapping[str, Any]] = [{} for _ in range(players)]
    if statistics_function is not None:
        computed = statistics_function(game, state, list(events or ()))
        game_stats = {f"g_{key}": _cell(value) for key, value in computed.get("game", {}).items()}
        seat_stats = list(computed.get("seats", [])) + [{}] * players
    rows = []
    for seat in range(players):
        row = dict(common)
        row.update(seat=seat, bot=bots[seat], win=share if seat in winners else 0.0,
                   rank=ranks[seat], decisions=decisions)
        row.update(metrics)
        row.update(game_stats)
        row.update({f"s_{key}": _cell(value) for key, value in seat_stats[seat].items()})
        rows.append(row)
    return rows


# ---------------------------------------------------------------------- running
class IndexSet:
    """A set of game indexes at a bit each, in blocks of 65,536 (a stray index costs one
    block): an arena's journal of millions of games is checked and skipped in flat memory."""

    def __init__(self, indexes: Iterable[int] = ()) -> None:
        self.blocks: dict[int, bytearray] = {}
        self.count = 0
        for index in indexes:
            self.add(index)

    def add(self, index: int) -> bool:
        """Add `index`; False if it was there already."""
        block = self.blocks.setdefault(index >> 16, bytearray(1 << 13))
        byte, bit = (index & 0xFFFF) >> 3, 1 << (index & 7)
        if block[byte] & bit:
            return False
        block[byte] |= bit
        self.count += 1
        return True

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int) or index < 0:
            return False
        block = self.blocks.get(index >> 16)
        return block is not None and bool(block[(index & 0xFFFF) >> 3] & 1 << (index & 7))

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any game of a run (sent once per chunk)."""

    game: Game
    rotate: bool
    budget: Any
    seed: int
    configs: tuple[SimConfig, ...]
    rows: bool
    timed: bool = True  # each move's thinking time measured (arena's report)
    skip: IndexSet = field(default_factory=IndexSet)  # game indexes played already (a journal)


def _play_chunk(plan: _Plan, chunk: tuple[int, int, int]) -> list[GameResult]:
    """Play the games `start` to `stop - 1` of configuration `config` (`chunk`), here."""
    statistics_function = _statistics_function() if plan.rows else None
    results = []
    config_index, start, stop = chunk
    config = plan.configs[config_index]
    live = _LIVE
    for index in range(start, stop):
        if live is not None and live.stopping:
            break
        if index in plan.skip:
            continue
        seats = seats_for_game(config.bots, index, plan.rotate)
        seed = derive_seed(plan.seed, index)
        events: list[Event] | None = [] if plan.rows else None
        try:
            state, decisions, thinking, times = _play(plan.game, seats, config.options, seed,
                                                      plan.budget, events, live, plan.timed)
        except _Stopped:  # Ctrl-C in the parent: send back the games finished
            break
        result = GameResult(seed, seats, state.winners(), state.ranks(), decisions, state.metrics(),
                            index, config_index, thinking=thinking, move_seconds=times)
        if plan.rows:
            result.rows = game_rows(plan.game, config, index, seed, seats, state, decisions,
                                    events, statistics_function)
        results.append(result)
    return results


def _chunks(configs: int, games: int, workers: int, per_worker: int) -> list[tuple[int, int, int]]:
    """Runs of games (config, start, stop): small enough for a smooth progress bar and a fair
    share, big enough that sending them costs little next to playing them. A sweep's
    configurations take turns, so that a run stopped early compares them on the same games."""
    size = max(1, min(32, configs * games // max(1, workers * per_worker)))
    return [(config, start, min(start + size, games))
            for start in range(0, games, size) for config in range(configs)]


def _start_worker(live: LiveCounts | None) -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them (`live`'s flag) and
    keeps what finished."""
    global _LIVE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _LIVE = live


def _run_local(plan: _Plan, games: int, done: Callable[[list[GameResult]], None],
               ready: Callable[[], None], live: LiveCounts | None = None) -> None:
    global _LIVE
    ready()
    _LIVE = live
    try:
        for index in range(games):  # configurations in turn, as `_chunks` has them
            for config in range(len(plan.configs)):
                done(_play_chunk(plan, (config, index, index + 1)))
    finally:
        _LIVE = None


def _run_pool(plan: _Plan, games: int, jobs: int,
              done: Callable[[list[GameResult]], None], ready: Callable[[], None],
              live: LiveCounts | None = None) -> None:
    import functools
    import multiprocessing

    chunks = _chunks(len(plan.configs), games, jobs, 16)
    live = live or LiveCounts()
    pool = multiprocessing.get_context().Pool(min(jobs, len(chunks)), initializer=_start_worker,
                                              initargs=(live,))
    ready()
    try:
        results_of = pool.imap_unordered(functools.partial(_play_chunk, plan), chunks)
        try:
            for results in results_of:
                done(results)
        except KeyboardInterrupt:
            # The workers stop within a quarter of a second (plus one bot decision) and send
            # back the games they finished; a second Ctrl-C stops them at once.
            live.stop()
            for results in results_of:
                done(results)
            raise
        pool.close()
    finally:
        pool.terminate()  # on Ctrl-C or an error: stop the games still running
        pool.join()


def _run_ray(plan: _Plan, games: int, jobs: int,
             done: Callable[[list[GameResult]], None], ready: Callable[[], None]) -> None:
    """Chunks of games as Ray tasks: on the cluster at RAY_ADDRESS (or the one this
    program is already connected to), else on a local one with `jobs` CPUs."""
    import logging

    ray = require_extra("ray", "ray", "--backend ray")
    started = False
    if not ray.is_initialized():
        _check_ray_address()
        local = {} if os.environ.get("RAY_ADDRESS") else {"num_cpus": jobs,
                                                          "include_dashboard": False}
        ray.init(logging_level=logging.WARNING, **local)
        started = True
    ready()  # the games start now: the cluster's start-up is not part of their time
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        play = ray.remote(_play_chunk)
        plan_ref = ray.put(plan)
        pending = [play.remote(plan_ref, chunk)
                   for chunk in _chunks(len(plan.configs), games, workers, 8)]
        try:
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    done(ray.get(ref))
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()


RAY_CONNECT_SECONDS = 5.0  # a cluster that does not answer a connection by then is down


def _check_ray_address() -> None:
    """Refuse a RAY_ADDRESS no cluster answers at: `ray.init` would wait for it without
    end (retrying for minutes). "auto" is the cluster running on this machine (ray's own
    lookup); "local", a new one started for the run: nothing to check."""
    address = os.environ.get("RAY_ADDRESS", "").strip()
    if address in ("", "local"):
        return
    target = address.removeprefix("ray://")
    if target == "auto":
        try:  # ray's own lookup (not public API: if it moved, ray.init looks for itself)
            from ray._private.services import canonicalize_bootstrap_address_or_die
        except ImportError:
            return
        try:
            target = canonicalize_bootstrap_address_or_die("auto")
        except ConnectionError:
            raise LudoError("error.ray_no_cluster") from None
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise LudoError("error.ray_address", address=address)
    try:
        connection = socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_SECONDS)
    except OSError:
        raise LudoError("error.ray_unreachable", address=address) from None
    with connection:
        if os.environ.get("RAY_USE_TLS", "0") in ("", "0") and not _speaks_grpc(connection):
            raise LudoError("error.ray_not_ray", address=address)


# HTTP/2's opening (its preface and an empty SETTINGS frame), as a gRPC client sends it
_HTTP2_OPENING = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _speaks_grpc(connection: socket.socket) -> bool:
    """Whether what listens answers HTTP/2's opening with its own SETTINGS frame, as the
    gRPC servers of a Ray cluster and of a Ray Client do: ray.init would otherwise retry
    for minutes at a port where something else listens (a web server...). Over TLS
    (RAY_USE_TLS) nothing answers in clear: not asked then."""
    head = b""
    try:
        connection.sendall(_HTTP2_OPENING)
        while len(head) < 9:  # a frame's header: length (3 bytes), type, flags, stream
            chunk = connection.recv(9 - len(head))
            if not chunk:
                break
            head += chunk
    except OSError:  # no answer in RAY_CONNECT_SECONDS, or the connection dropped
        return False
    return len(head) == 9 and head[3] == 4  # type 4: SETTINGS


@dataclass
class SimulationRun:
    """The games a run finished, per configuration and in index order."""

    configs: list[SimConfig]
    games: int  # games planned per configuration
    results: list[list[GameResult]]
    interrupted: bool = False
    elapsed: float = 0.0
    where: dict[str, Any] = field(default_factory=dict)  # backend and workers used
    tallies: list[Tally] = field(default_factory=list)  # per configuration, every game counted

    @property
    def finished(self) -> int:
        return sum(tally.count for tally in self.tallies)

    def rows(self) -> list[dict[str, Any]]:
        return [row for per_config in self.results for result in per_config for row in result.rows
                or ()]


def _game_and_bots(game: Game | str, players: int, bots: Sequence[str] | str,
                   sweep: Mapping[str, Sequence[Any]] | None = None) -> tuple[Game, list[str]]:
    """As the command line takes them: a game by its name too, one bot for every seat
    (and only one when the player count is swept: the tables have other seats)."""
    if isinstance(game, str):
        game = get_game(game)
    names = _bot_names(bots)
    if sweep and PLAYERS in sweep:
        return game, names  # each configuration's seats (`sweep_configs`)
    return game, _bots_by_seat(names, players)


def run_simulation(
    game: Game | str, players: int, games: int, seed: int, bots: Sequence[str] | str,
    options: Mapping[str, Any] | None = None, rotate: bool = True, *,
    sweep: Mapping[str, Sequence[Any]] | None = None, budget: Any = None,
    jobs: int = 1, backend: str = "process", rows: bool = False,
    progress: Callable[[int], None] | None = None, keep: bool = True,
    live: LiveCounts | None = None, timed: bool = True,
    skip: Iterable[int] = (), each: Callable[[GameResult], None] | None = None,
) -> SimulationRun:
    """Play `games` games per configuration; `jobs` processes (1: in this process) on
    `backend`; `rows=True` also builds the per-seat rows (events and statistics: slower).
    Every game is counted in its configuration's `Tally` as it ends; `keep=False` keeps
    no per-game result besides (memory stays flat however many games; rows, if asked
    for, are kept). `live` (a LiveCounts) follows the games and decisions as they happen
    (not on Ray). `timed=False` does not measure each move's thinking time (`GameResult.
    thinking` and `move_seconds`: the arena's report). `skip`: game indexes not to play
    (played already: they count as finished); `each` is called with every game's result
    as it ends (an arena's journal). Ctrl-C keeps the finished games (`interrupted=True`)."""
    game, bots = _game_and_bots(game, players, bots, sweep)
    if backend not in BACKENDS:
        raise LudoError("error.backend", name=backend, allowed=", ".join(BACKENDS))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise LudoError("error.positive", name="--jobs", value=jobs, low=1)
    configs = sweep_configs(game, players, options, sweep, bots)
    for config in configs:
        for name in set(config.bots):
            make_bot(name, game, players=config.players, options=config.options)
    skipped = IndexSet(index for index in skip if 0 <= index < games)
    plan = _Plan(game, rotate, budget, seed, tuple(configs), rows, timed, skipped)
    total = len(configs) * games
    run = SimulationRun(configs, games, [[] for _ in configs],
                        tallies=[Tally(c.players, c.bots) for c in configs])
    finished = len(configs) * len(skipped)
    keep = keep or rows

    def done(results: list[GameResult]) -> None:
        nonlocal finished
        for result in results:
            run.tallies[result.config].add(result)
            if keep:
                run.results[result.config].append(result)
            if each is not None:
                each(result)
        finished += len(results)
        if progress is not None:
            progress(finished)

    start = time.perf_counter()

    def ready() -> None:
        """The games start: the clock too, and `progress` with the games finished so far (0,
        or those skipped; a caller may start its progress bar then, after the workers are
        forked: a fork copies no running thread)."""
        nonlocal start
        start = time.perf_counter()
        if progress is not None:
            progress(finished)

    try:
        if backend == "ray":
            run.where = {"backend": "ray", "jobs": jobs}
            _run_ray(plan, games, jobs, done, ready)
        elif backend == "local" or jobs == 1 or total <= 1:
            run.where = {"backend": "local", "jobs": 1}
            _run_local(plan, games, done, ready, live)
        else:
            run.where = {"backend": "process", "jobs": min(jobs, total)}
            _run_pool(plan, games, jobs, done, ready, live)
    except KeyboardInterrupt:
        run.interrupted = True
    run.elapsed = time.perf_counter() - start
    for per_config in run.results:
        per_config.sort(key=lambda result: result.index)
    return run


# ---------------------------------------------------------------------- summary
def summarise_run(game: Game, players: int, seed: int, bots: Sequence[str], rotate: bool,
                  run: SimulationRun) -> dict[str, Any]:
    """The JSON summary: one entry per configuration in `configs`; without a sweep, the
    single configuration's keys at the top level too. When the player count is swept,
    the top level's `players` lists the counts, and its `bots` is the one bot of all."""
    per_config = [{"config": config.label,
                   **summarise(game, config.players, seed, config.bots, config.options, rotate,
                               tally)}
                  for config, tally in zip(run.configs, run.tallies)]
    if len(run.configs) == 1 and run.configs[0].label == DEFAULT_CONFIG:
        summary = {key: value for key, value in per_config[0].items() if key != "config"}
    else:
        counts = list(dict.fromkeys(config.players for config in run.configs))
        summary = {"game": game.name, "players": counts[0] if len(counts) == 1 else counts,
                   "games": run.games, "seed": seed,
                   "bots": list(dict.fromkeys(bots)) if len(counts) > 1 else list(bots),
                   "rotate": rotate}
    summary["configs"] = per_config
    summary["interrupted"] = run.interrupted
    if run.interrupted:
        summary["games_planned"] = run.games
    return summary


def simulate(
    game: Game | str,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] | str,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
    budget: Any = None,
    *,
    sweep: Mapping[str, Sequence[Any]] | None = None,
    jobs: int = 1,
    backend: str = "process",
    out: Any = None,
) -> dict[str, Any]:
    """Play `games` bot games (per configuration of `sweep`) and summarise them as a
    JSON-ready dictionary; `out` (a .parquet or .csv path) also gets one row per game
    and seat. `game` is a Game or its name; `bots` one name per seat, or one for all."""
    game, bots = _game_and_bots(game, players, bots, sweep)
    if out is not None:
        from ludotheque.sim.results import check_results_path

        check_results_path(out)
    run = run_simulation(game, players, games, seed, bots, options, rotate, sweep=sweep,
                         budget=budget, jobs=jobs, backend=backend, rows=out is not None,
                         progress=progress, keep=False, timed=False)
    if out is not None:
        from ludotheque.sim.results import write_results

        write_results(run.rows(), out)
    return summarise_run(game, players, seed, bots, rotate, run)


class Tally:
    """What a summary needs from a configuration's games, counted as each game ends: sums
    and histograms (bounded by the game lengths seen), never the games themselves."""

    def __init__(self, players: int, bots: Sequence[str]) -> None:
        self.count = 0
        # Wins by seat and by bot as games won alone, shared by two, by three...: summed
        # as fractions at the end, in one order, so any number of processes gives the same.
        self.wins_by_seat: list[Counter[int]] = [Counter() for _ in range(players)]
        self.wins_by_bot: dict[str, Counter[int]] = {name: Counter() for name in bots}
        self.seats_by_bot: Counter[str] = Counter()
        self.decisions: Counter[int] = Counter()
        self.rounds: Counter[int] = Counter()

    def add(self, result: GameResult) -> None:
        self.count += 1
        shared = len(result.winners)
        for seat in result.winners:
            self.wins_by_seat[seat][shared] += 1
            self.wins_by_bot[result.bots[seat]][shared] += 1
        seats_by_bot = self.seats_by_bot
        for name in result.bots:  # (Counter.update's checks cost more than these few)
            seats_by_bot[name] += 1
        self.decisions[result.decisions] += 1
        self.rounds[result.metrics.get("rounds", 0)] += 1


def _won(shares: Counter[int]) -> float:
    return sum(count / shared for shared, count in sorted(shares.items()))


def summarise(game: Game, players: int, seed: int, bots: Sequence[str],
              options: Mapping[str, Any], rotate: bool,
              results: Sequence[GameResult] | Tally) -> dict[str, Any]:
    if isinstance(results, Tally):
        tally = results
    else:
        tally = Tally(players, bots)
        for result in results:
            tally.add(result)
    wins_by_seat = [_won(shares) for shares in tally.wins_by_seat]
    wins_by_bot = {name: _won(tally.wins_by_bot[name]) for name in dict.fromkeys(bots)}
    seats_by_bot = tally.seats_by_bot
    count = tally.count
    return {
        "game": game.name,
        "players": players,
        "games": count,
        "seed": seed,
        "bots": list(bots),
        "rotate": rotate,
        "options": options_to_json(options),
        "wins_by_seat": [round(w, 4) for w in wins_by_seat],
        "wins_by_bot": {name: round(wins_by_bot[name], 4) for name in dict.fromkeys(bots)},
        # A bot's win rate per seat it held: wins / (games x seats it held per game). With no
        # game (a run stopped early), no rate and no mean: null, not a 0 read as measured.
        "win_rate_by_bot": {
            name: round(wins_by_bot[name] / seats_by_bot[name], 4) if seats_by_bot[name] else None
            for name in dict.fromkeys(bots)
        },
        "mean_decisions": round(_mean(tally.decisions), 3) if count else None,
        "mean_rounds": round(_mean(tally.rounds), 3) if count else None,
        "decisions": _distribution(tally.decisions),
        "rounds": _distribution(tally.rounds),
    }


def _mean(histogram: Counter[int]) -> float:
    return sum(value * count for value, count in histogram.items()) / sum(histogram.values())


def _distribution(histogram: Counter[int]) -> dict[str, Any]:
    """min, p10, p50, p90, max, population standard deviation and (40 values at most) the
    histogram of integer values given as {value: games}."""
    if not histogram:
        return {}
    ordered = sorted(histogram.items())
    n = sum(histogram.values())

    def quantile(q: float) -> int:
        # The value at position min(n - 1, int(q * n)) of the sorted list.
        position = min(n - 1, int(q * n))
        seen = 0
        for value, count in ordered:
            seen += count
            if position < seen:
                return value
        return ordered[-1][0]

    total = sum(value * count for value, count in ordered)
    squares = sum(value * value * count for value, count in ordered)
    variance = Fraction(n * squares - total * total, n * n)  # exact: the values are integers
    return {
        "min": ordered[0][0],
        "p10": quantile(0.10),
        "p50": quantile(0.50),
        "p90": quantile(0.90),
        "max": ordered[-1][0],
        "stdev": round(math.sqrt(variance), 3),
        "histogram": {str(k): v for k, v in ordered} if len(ordered) <= 40 else None,
    }
