"""An arena: bots play seat-rotated games; per bot, win rate with a 95 % interval,
mean rank and an openskill (Plackett-Luce) rating; a head-to-head table.

Game i puts entry j in seat (i + j) mod n, so every entry sits in every seat
equally often; game i's chance and bots use seeds derived from (seed, i), so
an arena is reproducible from its seed (with iteration budgets for search bots).
A bot named twice becomes two entries ("random", "random#2").

A journal (`journal=PATH`, the CLI's `--journal`) gets each game's result as a line as
soon as the game ends; the games already in it are not played again. Since game i
depends only on (seed, i), an arena stopped (Ctrl-C, a kill, a machine switched off)
and run again with the same journal gives the same results as one run: a campaign of
many CPU-hours can go on over several sittings.
"""

from __future__ import annotations

import codecs
import dataclasses
import heapq
import json
import math
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from ludotheque.core.budget import Budget
from ludotheque.core.errors import LudoError
from ludotheque.core.files import check_writable, read_lines, reading, writing
from ludotheque.core.game import Game
from ludotheque.core.options import options_to_json
from ludotheque.i18n import LazyText
from ludotheque.sim.simulate import GameResult, IndexSet, LiveCounts, run_simulation, seats_for_game

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (works with shared, fractional wins)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def move_times(seconds: Sequence[float]) -> dict[str, float]:
    """Thinking time per move in milliseconds: mean, 95th percentile (nearest rank) and
    max (0.0 for a bot that had no choice to make)."""
    if not seconds:
        return {"ms_mean": 0.0, "ms_p95": 0.0, "ms_max": 0.0}
    count = len(seconds)
    # the p95 is the (count - rank)-th largest: only the top 5 % are sorted
    rank = max(0, math.ceil(0.95 * count) - 1)
    p95 = heapq.nlargest(count - rank, seconds)[-1]
    return {"ms_mean": round(1000 * math.fsum(seconds) / count, 2),
            "ms_p95": round(1000 * p95, 2), "ms_max": round(1000 * max(seconds), 2)}


def entry_names(bots: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    names = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        names.append(bot if seen[bot] == 1 else f"{bot}#{seen[bot]}")
    return names


def _bot_of(entry: str) -> str:
    return re.sub(r"#\d+$", "", entry)


def arena(game: Game, players: int, games: int, seed: int, bots: Sequence[str],
          options: Mapping[str, Any] | None = None, budget: Any = None,
          progress: Callable[[int], None] | None = None, jobs: int = 1,
          live: LiveCounts | None = None, journal: Path | None = None) -> dict[str, Any]:
    """Play `games` seat-rotated games between `bots` (one per seat) and rate them, on
    `jobs` processes (the same results whatever their number). After Ctrl-C, the games
    finished are rated and `interrupted` is true (`games_planned`: what was asked).
    `journal`: see the module's docstring."""
    entries = entry_names(bots)
    played: Iterable[GameResult] = ()
    skip: Iterable[int] = ()
    write: _JournalWriter | None = None
    if journal is not None:
        check_writable(journal)
        header = journal_header(game, players, seed, entries, options, budget)
        played = read_journal(journal, header, games)
        skip = played.indexes()
        write = _JournalWriter(journal, header)
    try:
        run = run_simulation(game, players, games, seed, [_bot_of(e) for e in entries], options,
                             rotate=True, budget=budget, jobs=jobs, progress=progress, live=live,
                             skip=skip, each=write)
    finally:
        if write is not None:
            write.close()
    # in index order (the ratings are updated game after game): the journal's games read
    # back one at a time, merged with this sitting's
    ordered = heapq.merge(played, sorted(run.results[0], key=_index), key=_index)
    results = ((seats_for_game(entries, result.index, rotate=True), result) for result in ordered)
    summary = summarise_arena(game, players, seed, entries, results)
    summary["interrupted"] = run.interrupted
    if run.interrupted:
        summary["games_planned"] = games
    return summary


def journal_header(game: Game, players: int, seed: int, entries: Sequence[str],
                   options: Mapping[str, Any] | None, budget: Any) -> dict[str, Any]:
    """The journal's first line: what fixes its games (a journal serves that arena only)."""
    return {"journal": "ludotheque arena", "version": 1, "game": game.name, "players": players,
            "seed": seed, "bots": list(entries),
            "options": options_to_json(game.validate(players, options)),
            "iterations": getattr(budget, "iterations", None), "ms": getattr(budget, "ms", None)}


def _index(result: GameResult) -> int:
    return result.index


class JournalGames:
    """The games of a journal below --games, known by where their line starts (8 bytes a
    game, -1 for a game not in it) and read back one at a time, in index order, when
    iterated: a journal of millions of games is never held in memory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offsets = array("q")

    def add(self, index: int, offset: int) -> None:
        """Note where game `index` starts."""
        if index >= len(self.offsets):
            self.offsets.extend(array("q", [-1]) * (index + 1 - len(self.offsets)))
        self.offsets[index] = offset

    def indexes(self) -> Iterator[int]:
        return (index for index, offset in enumerate(self.offsets) if offset >= 0)

    def __iter__(self) -> Iterator[GameResult]:
        if not self.offsets:
            return
        with reading(self.path), self.path.open("rb") as file:
            for offset in self.offsets:
                if offset >= 0:
                    file.seek(offset)
                    yield GameResult(**json.loads(file.readline()))


def read_journal(path: Path, header: Mapping[str, Any],
                 games: int | None = None) -> JournalGames:
    """The games of a journal (none if there is no file), read a line at a time: each is
    checked, and only where those below index `games` start is kept (`JournalGames`).
    A last line without its newline (the run was killed while writing it) is left out:
    that game is played again. A file that is not a journal (or the start of this one's
    header) is refused, untouched."""
    found_games = JournalGames(path)
    if not path.exists():
        return found_games
    lines = enumerate(read_lines(path, wanted=LazyText("files.wanted.journal")), start=1)
    _, first = next(lines, (1, b""))
    if not first.endswith(b"\n") and json.dumps(header).encode().startswith(first):
        return found_games  # empty, or the header cut short
    try:
        found = _journal_line(path, 1, first)
    except LudoError:
        found = {}
    if found.get("journal") != header["journal"]:
        raise LudoError("error.journal_not_journal", path=str(path))
    for field, wanted in header.items():
        if found.get(field) != wanted:
            raise LudoError("error.journal_other", path=str(path), field=field,
                            found=json.dumps(found.get(field)), wanted=json.dumps(wanted))
    with reading(path), path.open("rb") as file:  # read_lines leaves a byte order mark out
        offset = len(codecs.BOM_UTF8) if file.read(3) == codecs.BOM_UTF8 else 0
    offset += len(first)
    seen = IndexSet()  # every game's index, for repeats
    for number, line in lines:
        if not line.endswith(b"\n"):
            break  # the last line, cut short
        try:
            result = GameResult(**_journal_line(path, number, line))
        except TypeError:
            result = None
        if result is None or not _well_formed(result, header["players"]) \
                or not seen.add(result.index):
            raise LudoError("error.journal_corrupt", path=str(path), line=number)
        if games is None or result.index < games:
            found_games.add(result.index, offset)
        offset += len(line)
    return found_games


def _well_formed(result: GameResult, players: int) -> bool:
    """Whether a journal's game holds what the summary reads, one entry per seat."""
    def seats(values: Any) -> bool:
        return isinstance(values, list) and len(values) == players

    return (type(result.index) is int and result.index >= 0
            and seats(result.ranks) and all(type(rank) is int for rank in result.ranks)
            and isinstance(result.winners, list)
            and all(type(seat) is int and 0 <= seat < players for seat in result.winners)
            and (result.thinking is None or seats(result.thinking))
            and (result.move_seconds is None or seats(result.move_seconds)))


def _journal_line(path: Path, number: int, line: bytes) -> dict[str, Any]:
    try:
        value = json.loads(line.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError too
        raise LudoError("error.journal_corrupt", path=str(path), line=number) from None
    if not isinstance(value, dict):
        raise LudoError("error.journal_corrupt", path=str(path), line=number)
    return value


class _JournalWriter:
    """Appends each game to the journal as it ends (flushed: a kill loses only the game
    being played), after the header if the file is new; a line cut short by a kill is
    cut off first. The file is opened at the first game (a run refused before its first
    game leaves no file behind)."""

    def __init__(self, path: Path, header: Mapping[str, Any]) -> None:
        self.path, self.header = path, header
        self.file: Any = None

    def _open(self) -> Any:
        file = self.path.open("r+b" if self.path.exists() else "wb")
        file.truncate(_end_of_last_line(file))
        file.seek(0, 2)
        if file.tell() == 0:
            _write_line(file, self.header)
        return file

    def __call__(self, result: GameResult) -> None:
        with writing(self.path):
            if self.file is None:
                self.file = self._open()
            _write_line(self.file, dataclasses.asdict(result))
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            with writing(self.path):
                self.file.close()


def _write_line(file: Any, value: Mapping[str, Any]) -> None:
    file.write(json.dumps(value).encode() + b"\n")


def _end_of_last_line(file: Any, block: int = 1 << 16) -> int:
    """Where the last newline of a file open in binary ends (0: it has none), read from
    the end a block at a time (a journal is not read whole to append to it)."""
    end = file.seek(0, 2)
    while end > 0:
        start = max(0, end - block)
        file.seek(start)
        found = file.read(end - start).rfind(b"\n")
        if found >= 0:
            return start + found + 1
        end = start
    return 0


def summarise_arena(game: Game, players: int, seed: int, entries: Sequence[str],
                    results: Iterable[tuple[list[str], GameResult]]) -> dict[str, Any]:
    """The arena's summary of its games (seats, result), read once, in index order."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in entries}
    wins = dict.fromkeys(entries, 0.0)
    rank_sum = dict.fromkeys(entries, 0)
    ahead = {a: dict.fromkeys(entries, 0.0) for a in entries}
    seconds = dict.fromkeys(entries, 0.0)
    moves = dict.fromkeys(entries, 0)
    times = {name: array("d") for name in entries}  # 8 bytes a move
    count = 0
    for seats, result in results:
        count += 1
        for name, (spent, choices) in zip(seats, result.thinking or ()):
            seconds[name] += spent
            moves[name] += choices
        for name, spent_each in zip(seats, result.move_seconds or ()):
            times[name].extend(spent_each)
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            wins[seats[seat]] += share
        for seat, name in enumerate(seats):
            rank_sum[name] += result.ranks[seat]
        for seat_a, a in enumerate(seats):
            for seat_b, b in enumerate(seats):
                if a != b:
                    ra, rb = result.ranks[seat_a], result.ranks[seat_b]
                    ahead[a][b] += 1.0 if ra < rb else 0.5 if ra == rb else 0.0
        rated = model.rate([[ratings[name]] for name in seats], ranks=list(result.ranks))
        for name, (rating,) in zip(seats, rated):
            ratings[name] = rating
    table = []
    for name in entries:
        low, high = wilson(wins[name], count)
        table.append({
            "name": name,
            "games": count,
            "wins": round(wins[name], 3),
            "win_rate": round(wins[name] / count, 4) if count else 0.0,
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
            "mean_rank": round(rank_sum[name] / count, 3) if count else 0.0,
            "rating": round(ratings[name].ordinal(), 3),
            "mu": round(ratings[name].mu, 3),
            "sigma": round(ratings[name].sigma, 3),
            # Thinking time per decision with a real choice (timing: not reproducible).
            "moves": moves[name],
            "ms_per_move": round(1000 * seconds[name] / moves[name], 2) if moves[name] else 0.0,
            **move_times(times[name]),
        })
    return {
        "game": game.name,
        "players": players,
        "games": count,
        "seed": seed,
        "bots": table,
        # head_to_head[a][b]: share of the games in which a finished ahead of b (ties: half).
        "head_to_head": {a: {b: round(ahead[a][b] / count, 4) for b in entries if b != a}
                         for a in entries} if count else {},
        # Its Wilson 95 % interval, [low, high], a game counting once (a tie as half a game won).
        "head_to_head_ci": {a: {b: [round(bound, 4) for bound in wilson(ahead[a][b], count)]
                                for b in entries if b != a}
                            for a in entries} if count else {},
    }


def arena_vs_openspiel(game_name: str, our_bot: str = "hard", simulations: int = 200,
                       games: int = 200, seed: int = 1, players: int = 2,
                       options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Our bot against OpenSpiel's ISMCTS (`openspiel_ismcts`, needs pyspiel), both with
    `simulations` per move, seats rotated: the summary of `arena`."""
    from ludotheque.core.registry import get_game
    from ludotheque.interop.openspiel_bots import check_simulations  # imports pyspiel

    check_simulations(simulations)
    game = get_game(game_name)
    bots = [our_bot] + ["openspiel_ismcts"] * (players - 1)
    return arena(game, players, games, seed, bots, options, Budget(iterations=simulations))
