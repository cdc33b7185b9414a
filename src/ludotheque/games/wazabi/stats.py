"""Wazabi's statistics for the report: dice held over the turns, cards played, dice given
and removed. Dice counts are public: the `deal`, `give`, `remove` and `pass_dice`
events carry them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.wazabi.views import WazabiView
from ludotheque.kit.stats import (
    GAME,
    NUMBER,
    SEAT,
    SERIES,
    STARTER,
    TURNS,
    Stat,
    register_stats,
    seat_table,
    set_order,
)

STATS = register_stats("wazabi", (  # labels: stats.wazabi.<level>.<name> in its catalog
    Stat("cards_played", GAME, NUMBER),
    Stat("dice_left", GAME, NUMBER),
    Stat("dice", SEAT, SERIES),
    Stat("cards_played", SEAT, NUMBER),
    Stat("dice_given", SEAT, NUMBER),
    Stat("dice_removed", SEAT, NUMBER),
))

# A turn starts with one of these events (Wazabi's `turns` metric counts the same).
_TURN_STARTS = frozenset(("turn", "skipped", "replay"))


def collect(events: Sequence[Mapping[str, Any]], view: WazabiView,
            players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seats = seat_table(players, ("cards_played", "dice_given", "dice_removed"))
    series: list[list[int]] = [[] for _ in range(players)]
    dice = [0] * players
    turns = dice_left = 0
    starter = None
    direction = 1

    def snapshot() -> None:
        for seat in range(players):
            series[seat].append(dice[seat])

    for event in events:
        kind = event["kind"]
        if kind in _TURN_STARTS:
            if starter is None:
                starter, direction = event["player"], event["direction"]
            turns += 1
            snapshot()  # the dice after the turn that just ended (at the first: the deal)
        elif kind == "deal":  # each game of a tournament deals again
            dice = [event["dice"]] * players
        elif kind == "give":
            dice[event["player"]], dice[event["to"]] = event["dice"], event["to_dice"]
            seats[event["player"]]["dice_given"] += 1
        elif kind == "remove":
            dice[event["player"]] = event["dice"]
            seats[event["player"]]["dice_removed"] += event["count"]
        elif kind == "pass_dice":
            dice = list(event["dice"])
        elif kind == "play":
            seats[event["player"]]["cards_played"] += 1
        elif kind == "game_end":
            dice_left += event["points"]
            snapshot()
    for seat in range(players):
        seats[seat]["dice"] = series[seat]
    set_order(seats, starter, direction)
    game = {
        TURNS: turns,
        STARTER: starter,
        "cards_played": sum(s["cards_played"] for s in seats),
        "dice_left": dice_left,
    }
    return game, seats
