"""DTC's statistics for the report: offers, challenges made and won, bluffs, penalty piles.

A bluff is counted only when it is revealed: a challenged offer whose cards do
not all match the announced value (rules D1). Accepted offers stay secret, so
the bluff rate is the share of *challenged* offers that were false.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.dtc.views import DTCView
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

STATS = register_stats("dtc", (  # labels: stats.dtc.<level>.<name> in its catalog
    Stat("challenges", GAME, NUMBER),
    Stat("challenges_won", GAME, NUMBER),
    Stat("bluffs", GAME, NUMBER),
    Stat("chain_offers", GAME, VALUES),
    Ratio("challenge_win_rate", GAME, "challenges_won", "challenges"),
    Ratio("bluff_rate", GAME, "bluffs", "challenges"),
    Stat("offers", SEAT, NUMBER),
    Stat("challenges", SEAT, NUMBER),
    Stat("challenges_won", SEAT, NUMBER),
    Stat("challenged", SEAT, NUMBER),
    Stat("bluffs", SEAT, NUMBER),
    Stat("penalty", SEAT, NUMBER),
    Ratio("challenge_win_rate", SEAT, "challenges_won", "challenges"),
    Ratio("bluff_rate", SEAT, "bluffs", "challenged"),
))


def collect(events: Sequence[Mapping[str, Any]], view: DTCView,
            players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seats = seat_table(players, ("offers", "challenges", "challenges_won", "challenged",
                                 "bluffs", "penalty"))
    chain_offers: list[int] = []
    in_chain = 0
    starter = None
    for event in events:
        kind = event["kind"]
        if kind == "chain" and starter is None:
            starter = event["player"]
        elif kind == "offer":
            seats[event["giver"]]["offers"] += 1
            in_chain += 1
        elif kind == "challenge":
            challenger, giver = event["player"], event["giver"]
            seats[challenger]["challenges"] += 1
            seats[challenger]["challenges_won"] += event["taker"] == giver
            seats[giver]["challenged"] += 1
            seats[giver]["bluffs"] += not event["true"]
            chain_offers.append(in_chain)
            in_chain = 0
        elif kind == "game_over":
            for seat, cards in enumerate(event["scores"]):
                seats[seat]["penalty"] = cards
    set_order(seats, starter)
    game = {
        TURNS: sum(s["offers"] for s in seats),  # a turn is an offer
        STARTER: starter,
        **{name: sum(s[name] for s in seats) for name in ("challenges", "challenges_won",
                                                          "bluffs")},
        "chain_offers": chain_offers,
    }
    return game, seats
