"""Random-playout speed on one core: decisions per second and games per second.

A playout starts a new game (the deal included), then applies uniformly random
legal decisions until the end; chance points are resolved from a seeded
generator and are not counted as decisions.

The time is split into `repeats` windows and the best window is reported
(as `timeit` does: on a shared machine the slow windows measure the neighbours,
not the code), with the median and the process CPU time alongside.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from ludotheque.core.chance import SeededChance
from ludotheque.core.game import Game


def _window(game: Game, players: int, options: Mapping[str, Any], seconds: float,
            rng: random.Random, chance: SeededChance) -> tuple[int, int, int, float, float]:
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
                    state.apply_chance(chance.resolve(state.chance_spec()))
                    chance_steps += 1
                else:
                    break
            games += 1
    return (decisions, games, chance_steps, time.perf_counter() - start,
            time.process_time() - cpu_start)


def bench(game: Game, players: int | None = None, seconds: float = 3.0, seed: int = 0,
          options: Mapping[str, Any] | None = None, repeats: int = 3) -> dict[str, Any]:
    players = game.default_players if players is None else players
    validated = game.validate(players, options)
    rng = random.Random(seed)
    chance = SeededChance(seed)
    windows = [_window(game, players, validated, seconds / repeats, rng, chance)
               for _ in range(repeats)]
    rates = [w[0] / w[3] for w in windows]
    best = max(range(repeats), key=lambda i: rates[i])
    decisions, games, chance_steps, elapsed, cpu = windows[best]
    total_decisions = sum(w[0] for w in windows)
    total_games = sum(w[1] for w in windows)
    return {
        "game": game.name,
        "players": players,
        "seconds": round(sum(w[3] for w in windows), 3),
        "repeats": repeats,
        "games": total_games,
        "decisions": total_decisions,
        "chance_steps": sum(w[2] for w in windows),
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(games / elapsed, 1),
        "median_decisions_per_s": round(statistics.median(rates), 1),
        "cpu_decisions_per_s": round(total_decisions / sum(w[4] for w in windows), 1),
        "mean_decisions": round(total_decisions / total_games, 2) if total_games else 0.0,
    }
