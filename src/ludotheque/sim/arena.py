"""An arena: bots play seat-rotated games; per bot, win rate with a 95% interval,
mean rank and an openskill (Plackett-Luce) rating; a head-to-head table.

Game i puts entry j in seat (i + j) mod n, so every entry sits in every seat
equally often; game i's chance and bots use seeds derived from (seed, i), so
an arena is reproducible from its seed (with iteration budgets for search bots).
A bot named twice becomes two entries ("random", "random#2").
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from ludotheque.core.budget import Budget
from ludotheque.core.game import Game
from ludotheque.sim.simulate import GameResult, LiveCounts, run_simulation, seats_for_game

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
    ordered = sorted(seconds)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"ms_mean": round(1000 * sum(ordered) / len(ordered), 2),
            "ms_p95": round(1000 * p95, 2), "ms_max": round(1000 * ordered[-1], 2)}


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
          live: LiveCounts | None = None) -> dict[str, Any]:
    """Play `games` seat-rotated games between `bots` (one per seat) and rate them, on
    `jobs` processes (the same results whatever their number). After Ctrl-C, the games
    finished are rated and `interrupted` is true (`games_planned`: what was asked)."""
    entries = entry_names(bots)
    run = run_simulation(game, players, games, seed, [_bot_of(e) for e in entries], options,
                         rotate=True, budget=budget, jobs=jobs, progress=progress, live=live)
    results = [(seats_for_game(entries, result.index, rotate=True), result)
               for result in run.results[0]]
    summary = summarise_arena(game, players, seed, entries, results)
    summary["interrupted"] = run.interrupted
    if run.interrupted:
        summary["games_planned"] = games
    return summary


def summarise_arena(game: Game, players: int, seed: int, entries: Sequence[str],
                    results: Sequence[tuple[list[str], GameResult]]) -> dict[str, Any]:
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in entries}
    wins = dict.fromkeys(entries, 0.0)
    rank_sum = dict.fromkeys(entries, 0)
    ahead = {a: dict.fromkeys(entries, 0.0) for a in entries}
    seconds = dict.fromkeys(entries, 0.0)
    moves = dict.fromkeys(entries, 0)
    times: dict[str, list[float]] = {name: [] for name in entries}
    for seats, result in results:
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
    count = len(results)
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
        # Its Wilson 95% interval, [low, high], a game counting once (a tie as half a game won).
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
