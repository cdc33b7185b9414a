"""Décimoarr's statistics for the report: round length (cards turned over), failures per
round, and per seat flips, failures, rounds won and diamonds. Every flip is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.decimoarr.views import DecimoarrView
from ludotheque.kit.stats import (
    GAME,
    NUMBER,
    SEAT,
    STARTER,
    TURNS,
    VALUES,
    Ratio,
    Stat,
    register_stats,
    seat_table,
    set_order,
)

STATS = register_stats("decimoarr", (  # labels: stats.decimoarr.<level>.<name> in its catalog
    Stat("round_flips", GAME, VALUES),
    Stat("round_failures", GAME, VALUES),
    Stat("rounds_without_winner", GAME, NUMBER),
    Stat("flips", SEAT, NUMBER),
    Stat("failures", SEAT, NUMBER),
    Stat("rounds_won", SEAT, NUMBER),
    Stat("diamonds", SEAT, NUMBER),
    Ratio("failure_rate", SEAT, "failures", "flips"),
))


def collect(events: Sequence[Mapping[str, Any]], view: DecimoarrView,
            players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seats = seat_table(players, ("flips", "failures", "rounds_won", "diamonds"))
    round_flips: list[int] = []
    round_failures: list[int] = []
    flips = failures = no_winner = 0
    starter = None
    for event in events:
        kind = event["kind"]
        if kind == "round" and starter is None:
            starter = event["starter"]
        elif kind == "flip":
            seat = event["player"]
            seats[seat]["flips"] += 1
            flips += 1
            if not event["success"]:
                seats[seat]["failures"] += 1
                failures += 1
        elif kind == "round_end":
            round_flips.append(flips)
            round_failures.append(failures)
            flips = failures = 0
            no_winner += event["winner"] is None
        elif kind == "game_over":
            for seat in range(players):
                seats[seat]["rounds_won"] = event["rounds_won"][seat]
                seats[seat]["diamonds"] = event["scores"][seat]
    set_order(seats, starter)
    game = {
        TURNS: sum(round_flips) + flips,  # a turn is a flip
        STARTER: starter,
        "round_flips": round_flips,
        "round_failures": round_failures,
        "rounds_without_winner": no_winner,
    }
    return game, seats
