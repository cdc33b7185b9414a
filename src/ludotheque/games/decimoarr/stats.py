"""Décimoarr's statistics for the report: round length (cards turned over), failures per
round, and per seat flips, failures, rounds won and diamonds. Every flip is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.decimoarr.views import DecimoarrView
from ludotheque.kit.stats import (
    GAME, NUMBER, SEAT, STARTER, TURNS, VALUES, Ratio, Stat, register_stats, seat_table,
    set_order,
)

STATS = register_stats("decimoarr", (
    Stat("round_flips", GAME, VALUES, "Cards turned over in a round",
         "Cartes retournées dans une manche"),
    Stat("round_failures", GAME, VALUES, "Failures in a round", "Échecs dans une manche"),
    Stat("rounds_without_winner", GAME, NUMBER, "Rounds without a winner per game",
         "Manches sans gagnant par partie"),
    Stat("flips", SEAT, NUMBER, "Cards turned over per game", "Cartes retournées par partie"),
    Stat("failures", SEAT, NUMBER, "Failures per game", "Échecs par partie"),
    Stat("rounds_won", SEAT, NUMBER, "Rounds won per game", "Manches gagnées par partie"),
    Stat("diamonds", SEAT, NUMBER, "Diamonds at the end", "Diamants à la fin"),
    Ratio("failure_rate", SEAT, "failures", "flips", "Flips that failed", "Retournements ratés"),
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
