"""Wazabi's compact observation: what one seat knows, as counts and seat ids.

The heuristic bot reads it (`HeuristicBot.act`); `of_view` builds it from the seat's view
(what `choose` is given), `of_state` straight from a state without building the view
(what the search bots do on their samples). The two agree for every seat at every
moment, and nothing in it is hidden from the seat: the conformance kit checks both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ludotheque.games.wazabi.components import KIND_OF_CODE
from ludotheque.games.wazabi.rules import KEEP, WazabiState


def _partners(seat: int, players: int, teams: bool) -> tuple[int, ...]:
    """My team (me and my partner across the table), or me alone."""
    if not teams:
        return (seat,)
    half = players // 2
    return (seat % half, seat % half + half)


class WazabiObservation(NamedTuple):
    seat: int
    players: int
    partners: tuple[int, ...]  # my team: me (and my partner in a team game)
    active: tuple[bool, ...]  # still in the game, per seat
    dice: tuple[int, ...]  # dice per seat
    sizes: tuple[int, ...]  # cards in hand per seat (a keeper's cards set aside included)
    card: int  # the kind of the card being resolved, -1: none

    @classmethod
    def of_state(cls, state: WazabiState, seat: int) -> WazabiObservation:
        n = state.num_players
        sizes = [sum(hand) for hand in state.hands]
        if state.phase == KEEP:
            sizes[state.keepers[state.keep_index]] += len(state.kept)
        return cls(seat, n, _partners(seat, n, state.options["teams"]), tuple(state.active),
                   tuple(state.dice), tuple(sizes), state.card)

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> WazabiObservation:
        me, n = view["seat"], view["players"]
        card = view["card"]
        return cls(me, n, _partners(me, n, bool(view["teams"])), tuple(view["active"]),
                   tuple(view["dice"]), tuple(hand["size"] for hand in view["hands"]),
                   -1 if card is None else KIND_OF_CODE[card])


__all__ = ["WazabiObservation"]
