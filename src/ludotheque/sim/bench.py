"""Random-playout speed on one core: decisions per second and games per second.

A playout starts a new game (the deal included), then applies uniformly random
legal decisions until the end; chance points are resolved from a seeded
generator and are not counted as decisions.

The time is split into `repeats` windows and the best window is reported
(as `timeit` does: on a shared machine the slow windows measure the neighbours,
not the code), with the median and the process CPU time alongside.

`bench_all` measures every game of ours, with the search bot's speed (ISMCTS
iterations per second), next to OpenSpiel games driven from Python the same
way (random legal actions, chance outcomes sampled from `chance_outcomes()`):
two written in Python (the fair comparison for a pure-Python engine) and one in
C++ (what compiled code gives). OpenSpiel is optional (the `rl` extra).
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


def _window(game: Game, players: int, options: Mapping[str, Any], seconds: float,
            rng: random.Random, chance: SeededChance) -> Window:
    draw = rng.random  # a uniform pick by float is much cheaper than randrange
    new_state = game._new_state
    decisions = games = chance_steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
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
                    break
            games += 1
    return (decisions, games, chance_steps, time.perf_counter() - start,
            time.process_time() - cpu_start)


def _openspiel_window(game: Any, seconds: float, rng: random.Random) -> Window:
    """The same loop for an OpenSpiel game (its usual API: is_terminal, is_chance_node)."""
    draw = rng.random
    decisions = games = chance_steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
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
            games += 1
    return (decisions, games, chance_steps, time.perf_counter() - start,
            time.process_time() - cpu_start)


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


def bench_openspiel(name: str, seconds: float = 3.0, seed: int = 0, repeats: int = 3) -> dict[str, Any]:
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


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def bench_all(seconds: float = 3.0, seed: int = 0, repeats: int = 3, players: int | None = None,
              ismcts_ms: float = 100.0, openspiel: bool | None = None,
              progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Every game of ours (random playouts, then ISMCTS iterations/s), then OpenSpiel's
    (when installed, or `openspiel=True`), each with `ratios`: its decisions/s over each
    OpenSpiel Python game's. `seconds` is per game and per measure."""
    from ludotheque.core.registry import all_games

    games = all_games()
    for game in games:  # a bad player count is refused before anything is measured
        game.validate(game.default_players if players is None else players, None)
    if openspiel is None:
        openspiel = openspiel_available()
    total = len(games) + (len(OPENSPIEL_GAMES) if openspiel else 0)
    rows: list[dict[str, Any]] = []
    try:
        for game in games:
            if progress is not None:
                progress(game.name)
            count = game.default_players if players is None else players
            row = bench(game, count, seconds, seed, None, repeats)
            row["ismcts_iterations_per_s"] = bench_ismcts(game, count, seconds, seed, None,
                                                          repeats, ismcts_ms)
            rows.append({"name": game.name, "source": "ludotheque", "implementation": "python",
                         **row})
        for name, language in OPENSPIEL_GAMES.items() if openspiel else ():
            if progress is not None:
                progress(name)
            row = bench_openspiel(name, seconds, seed, repeats)
            rows.append({"name": name, "source": "open_spiel", "implementation": language,
                         **row, "ismcts_iterations_per_s": None})
    except KeyboardInterrupt:  # the rows finished, with their ratios
        raise Interrupted(_with_ratios(rows), len(rows), total) from None
    return _with_ratios(rows)


def _with_ratios(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    speed = {row["name"]: row["decisions_per_s"] for row in rows}
    for row in rows:
        row["ratios"] = {reference: round(row["decisions_per_s"] / speed[reference], 3)
                         for reference in REFERENCES if speed.get(reference)}
    return rows
