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
    GAME, NUMBER, SEAT, STARTER, TURNS, VALUES, Ratio, Stat, register_stats, seat_table,
    set_order,
)

STATS = register_stats("dtc", (
    Stat("challenges", GAME, NUMBER, "Challenges per game", "Contestations par partie"),
    Stat("challenges_won", GAME, NUMBER, "Challenges won per game",
         "Contestations gagnées par partie"),
    Stat("bluffs", GAME, NUMBER, "Bluffs revealed per game", "Bluffs révélés par partie"),
    Stat("chain_offers", GAME, VALUES, "Offers per chain, up to its challenge",
         "Offres par tour, jusqu'à sa contestation"),
    Ratio("challenge_win_rate", GAME, "challenges_won", "challenges", "Challenges won",
          "Contestations gagnées"),
    Ratio("bluff_rate", GAME, "bluffs", "challenges", "Challenged offers that were bluffs",
          "Offres contestées qui étaient des bluffs"),
    Stat("offers", SEAT, NUMBER, "Offers made per game", "Offres faites par partie"),
    Stat("challenges", SEAT, NUMBER, "Challenges made per game", "Contestations faites par partie"),
    Stat("challenges_won", SEAT, NUMBER, "Challenges won per game",
         "Contestations gagnées par partie"),
    Stat("challenged", SEAT, NUMBER, "Own offers challenged per game",
         "Offres contestées par partie"),
    Stat("bluffs", SEAT, NUMBER, "Own bluffs revealed per game", "Bluffs révélés par partie"),
    Stat("penalty", SEAT, NUMBER, "Penalty pile at the end (cards)",
         "Pile malus à la fin (cartes)"),
    Ratio("challenge_win_rate", SEAT, "challenges_won", "challenges", "Challenges won",
          "Contestations gagnées"),
    Ratio("bluff_rate", SEAT, "bluffs", "challenged", "Challenged offers that were bluffs",
          "Offres contestées qui étaient des bluffs"),
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
        **{name: sum(s[name] for s in seats) for name in ("challenges", "challenges_won", "bluffs")},
        "chain_offers": chain_offers,
    }
    return game, seats
