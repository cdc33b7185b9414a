"""Bot games in bulk: one game (`play_bot_game`) and a summary of many (`simulate`).

Game i of a simulation uses seed `derive_seed(seed, i)` for chance and for the
bots, so a simulation is reproducible from its seed. By default the bot list
turns one seat per game (game i puts bot j in seat (i + j) mod n), so that
seat advantage and bot strength are not confused; `rotate=False` keeps it.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.bots import make_bot
from ludotheque.core.chance import SeededChance, derive_seed
from ludotheque.core.game import Game


@dataclass
class GameResult:
    seed: int
    bots: list[str]  # bot name per seat
    winners: list[int]
    ranks: list[int]
    decisions: int
    metrics: dict[str, int]


def play_bot_game(
    game: Game, bots_by_seat: Sequence[str], options: Mapping[str, Any], seed: int,
    budget: Any = None,
) -> GameResult:
    """One game between bots; each bot reads only its seat's view. `budget`
    (a bots.ismcts.Budget) sets the thinking time of search bots."""
    players = len(bots_by_seat)
    state = game._new_state(players, options)  # options already validated by the caller
    chance = SeededChance(seed)
    bots = [make_bot(name, game, budget) for name in bots_by_seat]
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(players)]
    decisions = 0
    while True:
        player = state.current_player()
        if player >= 0:
            legal = state.legal_actions()
            action = bots[player].choose(state.view(player), legal, rngs[player])
            state.apply_action(action)
            decisions += 1
        elif state.is_chance():
            state.apply_chance(chance.resolve(state.chance_spec()))
        else:
            break
    return GameResult(seed, list(bots_by_seat), state.winners(), state.ranks(), decisions,
                      state.metrics())


def seats_for_game(bots: Sequence[str], index: int, rotate: bool) -> list[str]:
    n = len(bots)
    if not rotate:
        return list(bots)
    shift = index % n
    return [bots[(seat - shift) % n] for seat in range(n)]


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
    budget: Any = None,
) -> dict[str, Any]:
    """Play `games` bot games and summarise them as a JSON-ready dictionary."""
    validated = game.validate(players, options)
    results = []
    for index in range(games):
        seats = seats_for_game(bots, index, rotate)
        results.append(play_bot_game(game, seats, validated, derive_seed(seed, index), budget))
        if progress is not None:
            progress(index + 1)
    return summarise(game, players, seed, bots, validated, rotate, results)


def summarise(game: Game, players: int, seed: int, bots: Sequence[str],
              options: Mapping[str, Any], rotate: bool,
              results: Sequence[GameResult]) -> dict[str, Any]:
    wins_by_seat = [0.0] * players
    wins_by_bot: Counter[str] = Counter()
    seats_by_bot: Counter[str] = Counter()
    for result in results:
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            wins_by_seat[seat] += share
            wins_by_bot[result.bots[seat]] += share
        seats_by_bot.update(result.bots)
    decisions = [r.decisions for r in results]
    rounds = [r.metrics.get("rounds", 0) for r in results]
    count = len(results)
    return {
        "game": game.name,
        "players": players,
        "games": count,
        "seed": seed,
        "bots": list(bots),
        "rotate": rotate,
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()},
        "wins_by_seat": [round(w, 4) for w in wins_by_seat],
        "wins_by_bot": {name: round(wins_by_bot[name], 4) for name in dict.fromkeys(bots)},
        # A bot's win rate per seat it held: wins / (games x seats it held per game).
        "win_rate_by_bot": {
            name: round(wins_by_bot[name] / seats_by_bot[name], 4) if seats_by_bot[name] else 0.0
            for name in dict.fromkeys(bots)
        },
        "mean_decisions": round(statistics.fmean(decisions), 3) if count else 0.0,
        "mean_rounds": round(statistics.fmean(rounds), 3) if count else 0.0,
        "decisions": _distribution(decisions),
        "rounds": _distribution(rounds),
    }


def _distribution(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {}
    ordered = sorted(values)

    def quantile(q: float) -> int:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "min": ordered[0],
        "p10": quantile(0.10),
        "p50": quantile(0.50),
        "p90": quantile(0.90),
        "max": ordered[-1],
        "stdev": round(statistics.pstdev(values), 3),
        "histogram": {str(k): v for k, v in sorted(Counter(values).items())}
        if len(set(values)) <= 40 else None,
    }
