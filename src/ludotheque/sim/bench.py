"""Random-playout speed on one core: decisions per second and games per second.

A playout starts a new game (the deal included), then applies uniformly random
legal decisions until the end; chance points are resolved from a seeded
generator and not counted as decisions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from ludotheque.core.chance import SeededChance
from ludotheque.core.game import Game


def bench(game: Game, players: int | None = None, seconds: float = 3.0, seed: int = 0,
          options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    players = game.default_players if players is None else players
    validated = game.validate(players, options)
    rng = random.Random(seed)
    chance = SeededChance(seed)
    decisions = games = chance_steps = 0
    new_state = game._new_state
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = new_state(players, validated)
            while True:
                player = state.current_player()
                if player >= 0:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
                elif player == -1:
                    state.apply_chance(chance.resolve(state.chance_spec()))
                    chance_steps += 1
                else:
                    break
            games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "players": players,
        "seconds": round(elapsed, 3),
        "games": games,
        "decisions": decisions,
        "chance_steps": chance_steps,
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(games / elapsed, 1),
        "mean_decisions": round(decisions / games, 2) if games else 0.0,
    }
