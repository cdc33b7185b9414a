"""Random-playout speed on one core: decisions per second and games per second.

A playout starts a new game (the deal included), then applies uniformly random
legal decisions until the end; chance points are resolved from a seeded
generator and are not counted as decisions.

The time is split into `repeats` windows and the best window is reported
(as `timeit` does: on a shared machine the slow windows measure the neighbours,
not the code), with the median and the process CPU time alongside.

`bench_all` (`ludotheque bench`) measures every game of ours on two paths, the
raw state (`State` methods only) and the public one every bot, server and RL
user takes (a `Match`, the decider's `view` and `legal_actions()` at each
decision), next to OpenSpiel games driven from Python the same way (random legal
actions, chance outcomes sampled from `chance_outcomes()`): two written in Python
(the fair comparison for a pure-Python engine) and one in C++ (what compiled code
gives). The engines take turns in rounds of short windows (`interleaved`), so a
busy neighbour slows every engine of a round alike; the ratios are taken per
round (median and minimum), chance steps are counted apart from decisions, and
the machine's load is reported. OpenSpiel is optional (the `rl` extra).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.game import Game

Window = tuple[int, int, int, float, float]  # decisions, games, chance steps, seconds, CPU seconds

# OpenSpiel games measured by bench_all: name -> implementation language.
OPENSPIEL_GAMES = {"python_liars_poker": "python", "python_kuhn_poker": "python",
                   "liars_dice": "c++"}
# The games every row is compared with (decisions/s ratios): OpenSpiel's Python games.
REFERENCES = ("python_liars_poker", "python_kuhn_poker")


def _timed(play_one: Callable[[], tuple[int, int]], seconds: float) -> Window:
    """Games played by `play_one` (it returns its decisions and chance steps), in batches
    of 20, until `seconds` have passed: at least one batch, however busy the machine."""
    decisions = games = chance_steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while not games or time.perf_counter() < deadline:
        for _ in range(20):
            made, drawn = play_one()
            decisions += made
            chance_steps += drawn
            games += 1
    return (decisions, games, chance_steps, time.perf_counter() - start,
            time.process_time() - cpu_start)


def _window(game: Game, players: int, options: Mapping[str, Any], seconds: float,
            rng: random.Random, chance: SeededChance) -> Window:
    """The raw path: the state's own methods, a uniformly random move at each decision."""
    draw = rng.random  # a uniform pick by float is much cheaper than randrange
    new_state = game._new_state

    def play_one() -> tuple[int, int]:
        decisions = chance_steps = 0
        state = new_state(players, options)
        while True:
            player = state.current_player()
            if player >= 0:
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                decisions += 1
            elif player == -1:
                chance_steps += settle(state, chance)
            else:
                return decisions, chance_steps

    return _timed(play_one, seconds)


def _public_window(game: Game, players: int, options: Mapping[str, Any], seconds: float,
                   rng: random.Random, seed: int) -> Window:
    """The path users take: a `Match` (events kept, chance settled by it), the decider's
    `view` and `legal_actions()` at each decision, a uniformly random move by id."""
    from ludotheque.core.match import Match

    draw = rng.random
    seeds = iter(range(seed + 1, seed + 10**9))

    def play_one() -> tuple[int, int]:
        decisions = 0
        match = Match(game, players, options, seed=next(seeds))
        while not match.is_over():
            match.view(match.current_player())
            legal = match.legal_actions()
            match.apply(legal[int(draw() * len(legal))])
            decisions += 1
        return decisions, match.chance_steps

    return _timed(play_one, seconds)


def _openspiel_window(game: Any, seconds: float, rng: random.Random) -> Window:
    """The same loop for an OpenSpiel game (its usual API: is_terminal, is_chance_node)."""
    draw = rng.random

    def play_one() -> tuple[int, int]:
        decisions = chance_steps = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, total = draw(), 0.0
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if pick < total:
                        action = outcome
                        break
                state.apply_action(action)
                chance_steps += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                decisions += 1
        return decisions, chance_steps

    return _timed(play_one, seconds)


def _best_of(windows: list[Window]) -> dict[str, Any]:
    rates = [w[0] / w[3] for w in windows]
    best = max(range(len(windows)), key=lambda i: rates[i])
    decisions, games, _, elapsed, _ = windows[best]
    total_decisions = sum(w[0] for w in windows)
    total_games = sum(w[1] for w in windows)
    return {
        "seconds": round(sum(w[3] for w in windows), 3),
        "repeats": len(windows),
        "games": total_games,
        "decisions": total_decisions,
        "chance_steps": sum(w[2] for w in windows),
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(games / elapsed, 1),
        "median_decisions_per_s": round(statistics.median(rates), 1),
        "cpu_decisions_per_s": round(total_decisions / max(sum(w[4] for w in windows), 1e-9), 1),
        "mean_decisions": round(total_decisions / total_games, 2) if total_games else 0.0,
    }


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a measure: `partial` is what finished (a result, a list of rows, or
    None), `done` of `total` windows or games measured."""

    def __init__(self, partial: Any, done: int, total: int) -> None:
        super().__init__()
        self.partial, self.done, self.total = partial, done, total


def bench(game: Game, players: int | None = None, seconds: float = 3.0, seed: int = 0,
          options: Mapping[str, Any] | None = None, repeats: int = 3) -> dict[str, Any]:
    """Raises Interrupted (with the windows finished) on Ctrl-C."""
    players = game.default_players if players is None else players
    validated = game.validate(players, options)
    rng = random.Random(seed)
    chance = SeededChance(seed)
    windows: list[Window] = []
    try:
        for _ in range(repeats):
            windows.append(_window(game, players, validated, seconds / repeats, rng, chance))
    except KeyboardInterrupt:
        partial = {"game": game.name, "players": players, **_best_of(windows)} if windows else None
        raise Interrupted(partial, len(windows), repeats) from None
    return {"game": game.name, "players": players, **_best_of(windows)}


def bench_openspiel(name: str, seconds: float = 3.0, seed: int = 0,
                    repeats: int = 3) -> dict[str, Any]:
    """Random playouts of the OpenSpiel game `name` (needs pyspiel: the `rl` extra)."""
    from ludotheque.core.errors import require_extra

    pyspiel = require_extra("pyspiel", "rl", "OpenSpiel")
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    windows = [_openspiel_window(game, seconds / repeats, rng) for _ in range(repeats)]
    return {"game": name, "players": game.num_players(), **_best_of(windows)}


def bench_ismcts(game: Game, players: int | None = None, seconds: float = 3.0, seed: int = 0,
                 options: Mapping[str, Any] | None = None, repeats: int = 3,
                 budget_ms: float = 100.0) -> float:
    """ISMCTS iterations per second of thinking (best of `repeats` windows), at positions
    drawn uniformly from random games (a search late in a game has shorter playouts)."""
    from ludotheque.bots.ismcts import ISMCTSBot
    from ludotheque.core.budget import Budget

    players = game.default_players if players is None else players
    validated = game.validate(players, options)
    rng = random.Random(seed)
    chance = SeededChance(seed)
    bot = ISMCTSBot(game, Budget(ms=budget_ms))
    rates = []
    for _ in range(repeats):
        iterations, thinking = 0, 0.0
        deadline = time.perf_counter() + seconds / repeats
        while time.perf_counter() < deadline or thinking == 0.0:
            position = _random_position(game, players, validated, rng, chance)
            if position is None:
                break
            view, legal = position
            start = time.perf_counter()
            bot.choose(view, legal, rng)
            thinking += time.perf_counter() - start
            iterations += bot.last_iterations
        rates.append(iterations / thinking if thinking else 0.0)
    return round(max(rates), 1)


def _random_position(game: Game, players: int, options: Mapping[str, Any], rng: random.Random,
                     chance: SeededChance) -> tuple[dict[str, Any], list[int]] | None:
    """A decision with a choice (view and legal moves), uniform over one random game's
    (reservoir sampling: a view is built only for the positions kept)."""
    state = game._new_state(players, options)
    kept = None
    seen = 0
    while True:
        player = state.current_player()
        if player >= 0:
            legal = state.legal_actions()
            if len(legal) > 1:
                seen += 1
                if rng.randrange(seen) == 0:
                    kept = (state.view(player), legal)
            state.apply_action(legal[rng.randrange(len(legal))])
        elif player == -1:
            settle(state, chance)
        else:
            return kept


def machine_load() -> dict[str, Any]:
    """How busy the machine is: load averages over 1, 5 and 15 minutes, and the cores."""
    import os

    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:  # not on every platform
        load = None
    return {"load_average": load, "cores": os.cpu_count()}


def interleaved(seconds: float = 0.5, rounds: int = 5, players: int | None = None, seed: int = 0,
                openspiel: bool | None = None,
                progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every engine measured in rounds, one window each per round in turn (ours: the raw
    state path and the public `Match` path; OpenSpiel's games), so a busy neighbour slows
    every engine of a round alike; ratios of decisions per CPU second are taken per round
    and reported as median and minimum. Decisions and chance steps are counted apart, and
    the CPU time over the wall time of each window says how much of the core we had (1.0:
    all of it)."""
    from ludotheque.core.registry import all_games

    games = all_games()
    counts = {game.name: game.default_players if players is None else players for game in games}
    validated = {game.name: game.validate(counts[game.name], None) for game in games}
    if openspiel is None:
        openspiel = openspiel_available()
    spiels: dict[str, Any] = {}
    if openspiel:
        import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
        import pyspiel

        spiels = {name: pyspiel.load_game(name) for name in OPENSPIEL_GAMES}
    rng = random.Random(seed)
    chance = SeededChance(seed)
    load_before = machine_load()
    windows: dict[tuple[str, str], list[Window]] = {}
    try:
        _rounds(rounds, games, counts, validated, spiels, seconds, seed, rng, chance, windows,
                progress)
    except KeyboardInterrupt:  # Ctrl-C: the rounds every engine finished, if any
        done = min((len(runs) for runs in windows.values()), default=0)
        if len(windows) < len(games) * 2 + len(spiels):
            done = 0
        if not done:
            raise Interrupted(None, 0, rounds) from None
        result = _rows(windows, done, counts, spiels, seconds, load_before)
        result["interrupted"] = True
        raise Interrupted(result, done, rounds) from None
    return _rows(windows, rounds, counts, spiels, seconds, load_before)


def _rounds(rounds: int, games: list[Game], counts: dict[str, int], validated: dict[str, Any],
            spiels: dict[str, Any], seconds: float, seed: int, rng: random.Random,
            chance: SeededChance, windows: dict[tuple[str, str], list[Window]],
            progress: Callable[[str], None] | None) -> None:
    for round_ in range(rounds):
        for game in games:
            if progress is not None:
                progress(game.name)
            args = (game, counts[game.name], validated[game.name], seconds, rng)
            windows.setdefault((game.name, "raw"), []).append(_window(*args, chance))
            windows.setdefault((game.name, "public"), []).append(
                _public_window(*args, seed + 1_000_000 * round_))
        for name, spiel in spiels.items():
            if progress is not None:
                progress(name)
            windows.setdefault((name, "openspiel"), []).append(
                _openspiel_window(spiel, seconds, rng))


def _rows(windows: dict[tuple[str, str], list[Window]], rounds: int, counts: dict[str, int],
          spiels: dict[str, Any], seconds: float, load_before: dict[str, Any]) -> dict[str, Any]:
    """The table of the first `rounds` rounds of every engine."""
    references = [name for name in REFERENCES if name in spiels]
    rows = []
    windows = {key: runs[:rounds] for key, runs in windows.items()}
    for (name, path), runs in windows.items():
        rates = [w[0] / w[3] for w in runs]
        ours = path != "openspiel"
        row: dict[str, Any] = {
            "name": name, "path": path,
            "source": "ludotheque" if ours else "open_spiel",
            "implementation": "python" if ours else OPENSPIEL_GAMES[name],
            "players": counts[name] if ours else spiels[name].num_players(),
            "games": sum(w[1] for w in runs),
            "decisions": sum(w[0] for w in runs),
            "chance_steps": sum(w[2] for w in runs),
            "decisions_per_s": round(statistics.median(rates), 1),
            "min_decisions_per_s": round(min(rates), 1),
            "chance_steps_per_s": round(statistics.median(w[2] / w[3] for w in runs), 1),
            "games_per_s": round(statistics.median(w[1] / w[3] for w in runs), 1),
            "cpu_share": round(sum(w[4] for w in runs) / sum(w[3] for w in runs), 3),
            "ratios": {},
        }
        row["decisions_per_cpu_s"] = round(statistics.median(w[0] / max(w[4], 1e-9) for w in runs),
                                           1)
        for reference in references:
            # Per CPU second: on a shared machine the wall clock also counts the time the
            # neighbours had the core, which changes from one window to the next.
            per_round = [w[0] / max(w[4], 1e-9) / (r[0] / max(r[4], 1e-9))
                         for w, r in zip(runs, windows[(reference, "openspiel")])]
            row["ratios"][reference] = {"median": round(statistics.median(per_round), 3),
                                        "min": round(min(per_round), 3)}
        rows.append(row)
    return {"rounds": rounds, "seconds": seconds, "machine_before": load_before,
            "machine_after": machine_load(), "rows": rows}


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def bench_all(seconds: float = 3.0, seed: int = 0, repeats: int = 3, players: int | None = None,
              ismcts_ms: float = 100.0, openspiel: bool | None = None,
              progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every game of ours, raw and public paths, and OpenSpiel's (when installed, or
    `openspiel=True`), measured interleaved in `repeats` rounds (see `interleaved`): about
    `seconds` per engine in all; then ISMCTS iterations/s for our games (on the rows of
    the public path, the one bots take)."""
    from ludotheque.core.registry import all_games

    games = all_games()
    for game in games:  # a bad player count is refused before anything is measured
        game.validate(game.default_players if players is None else players, None)
    result = interleaved(seconds / repeats, repeats, players, seed, openspiel, progress)
    for row in result["rows"]:
        row["ismcts_iterations_per_s"] = None
    try:
        for done, game in enumerate(games):  # noqa: B007  (`done` is read on an interrupt)
            if progress is not None:
                progress(f"ISMCTS {game.name}")
            count = game.default_players if players is None else players
            speed = bench_ismcts(game, count, seconds, seed, None, repeats, ismcts_ms)
            for row in result["rows"]:
                if row["name"] == game.name and row["path"] == "public":
                    row["ismcts_iterations_per_s"] = speed
    except KeyboardInterrupt:  # the playout rounds are whole; search measured for `done` games
        result["interrupted"] = True
        raise Interrupted(result, repeats + done, repeats + len(games)) from None
    return result
