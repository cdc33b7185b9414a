"""Décimoarr's compact observation: what one seat knows, as card and position ids.

The heuristic bot reads it (`HeuristicBot.act`); `of_view` builds it from the seat's view
(what `choose` is given), `of_state` straight from a state without building the view
(what the search bots do on their samples). The two agree for every seat at every
moment, and nothing in it is hidden from the seat: the conformance kit checks both.
A card is its id in the deck, colour * values + value (components.make_deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ludotheque.games.decimoarr.components import make_deck
from ludotheque.games.decimoarr.rules import DecimoarrState


class DecimoarrObservation(NamedTuple):
    seat: int
    colours: int
    values: int
    reference: int  # the position of the card to connect to, -1: a free flip
    reference_card: int  # that card when it lies face up, else -1
    table: tuple[int, ...]  # per position: its card if face up, else -1
    memory: tuple[int, ...]  # per position: its card if I have seen it, else -1
    ages: tuple[int, ...]  # per position: flips since I last saw it (0: face up), else -1

    @classmethod
    def of_state(cls, state: DecimoarrState, seat: int) -> DecimoarrObservation:
        cards, up, last_seen, flips, seen = (state.cards, state.up, state.last_seen,
                                             state.flips, state.seen)
        positions = state.layout.positions
        known = state.memory_mask(seat)
        memory = [-1] * positions
        ages = [-1] * positions
        if cards:
            table = [card if face_up else -1 for card, face_up in zip(cards, up)]
            while known:  # the positions I know, lowest first
                bit = known & -known
                known ^= bit
                i = bit.bit_length() - 1
                memory[i] = cards[i]
                ages[i] = 0 if up[i] else flips - (last_seen[i] if seen & bit else 0)
        else:
            table = [-1] * positions
        reference = state.reference
        deck = state.deck
        return cls(seat, deck.colours, deck.values, reference,
                   cards[reference] if reference >= 0 and up[reference] else -1,
                   tuple(table), tuple(memory), tuple(ages))

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> DecimoarrObservation:
        options = view["options"]
        index = make_deck(options["colours"], options["values"]).index

        def card(code: str | None) -> int:
            return -1 if code is None else index[code]

        reference, reference_card = view["reference"], view["reference_card"]
        return cls(view["seat"], options["colours"], options["values"],
                   -1 if reference is None else reference, card(reference_card),
                   tuple(map(card, view["table"])), tuple(map(card, view["memory"])),
                   tuple(-1 if age is None else age for age in view["memory_age"]))


__all__ = ["DecimoarrObservation"]
