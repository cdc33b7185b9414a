"""17's statistics for the report: the sums at the calls, right and wrong calls, Traps.

All come from the public `round`, `turn`, `call` and `resolution` events (the
resolution reveals every card of the queue).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.kit.stats import (
    GAME,
    NUMBER,
    SEAT,
    STARTER,
    TURNS,
    VALUES,
    Ratio,
    Stat,
    count,
    register_stats,
    seat_table,
    set_order,
)

STATS = register_stats("diciassette", (  # labels: stats.diciassette.<level>.<name> in its catalog
    Stat("calls", GAME, NUMBER),
    Stat("call_sums", GAME, VALUES),
    Stat("traps", GAME, NUMBER),
    Stat("calls_right", GAME, NUMBER),
    Ratio("call_right_rate", GAME, "calls_right", "calls"),
    Stat("calls", SEAT, NUMBER),
    Stat("calls_right", SEAT, NUMBER),
    Stat("calls_wrong", SEAT, NUMBER),
    Ratio("call_right_rate", SEAT, "calls_right", "calls"),
    Stat("traps", SEAT, NUMBER),
    Stat("trap_penalties", SEAT, NUMBER),
))


def collect(events: Sequence[Mapping[str, Any]], view: Mapping[str, Any],
            players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seats = seat_table(players, ("calls", "calls_right", "calls_wrong", "traps", "trap_penalties"))
    sums = []
    starter = None
    for event in events:
        if event["kind"] == "round" and starter is None:
            starter = event["starter"]
        elif event["kind"] == "resolution":
            caller = event["caller"]
            right = event["reached"]
            sums.append(event["sum"])
            seats[caller]["calls"] += 1
            seats[caller]["calls_right" if right else "calls_wrong"] += 1
            for owner in event["traps"]:
                seats[owner]["traps"] += 1
            # The caller's penalties beyond the one a wrong call costs came from Traps.
            taken = sum(t["penalties"] for t in event["tokens"] if t["player"] == caller)
            seats[caller]["trap_penalties"] += taken - (0 if right else 1)
    set_order(seats, starter)
    game = {
        TURNS: count(events, "round", "turn"),  # each round opens with its starter's turn
        STARTER: starter,
        "calls": len(sums),
        "calls_right": sum(s["calls_right"] for s in seats),
        "call_sums": sums,
        "traps": sum(s["traps"] for s in seats),
    }
    return game, seats
