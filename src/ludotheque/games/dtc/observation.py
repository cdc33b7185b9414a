"""DTC's compact observation: what one seat knows, as counts per kind and seat ids.

The heuristic bot reads it (`HeuristicBot.act`); `of_view` builds it from the seat's view
(what `choose` is given), `of_state` straight from a state's counts without building the
view (what the search bots do on their samples). The two agree for every seat at every
moment, and nothing in it is hidden from the seat: the conformance kit checks both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ludotheque.core.zones import codes_to_counts
from ludotheque.games.dtc.components import KIND_OF_CODE, NUM_KINDS, deck_of
from ludotheque.games.dtc.rules import DECIDE, OFFER, DTCState


def _counts(codes: Sequence[str]) -> tuple[int, ...]:
    return tuple(codes_to_counts(codes, KIND_OF_CODE, NUM_KINDS))


class DTCObservation(NamedTuple):
    seat: int
    players: int
    top: int  # the highest value in play (option "values")
    higher: bool  # option variant_higher
    literal: bool  # option variant_literal
    hand: tuple[int, ...]  # my cards per kind
    sizes: tuple[int, ...]  # cards in hand per seat
    building: tuple[int, ...] | None  # the offer I am building, per kind (None: not mine)
    to_beat: tuple[int, int]  # (count, value) of the chain's last accepted offer; (0, 0): fresh
    pending: tuple[int, int, int, int] | None  # the offer to decide: (giver, count, value, had)
    pending_cards: tuple[int, ...] | None  # its cards per kind, if I made it
    last_link: tuple[int, int, int, tuple[int, ...] | None] | None
    # the chain's last accepted offer: (giver, count, value, cards if I gave or took it)
    pool: tuple[int, ...]  # the deck minus every penalty pile (public), per kind
    malus_sizes: tuple[int, ...]  # penalty cards per seat
    pile: int  # cards left in the draw pile

    @classmethod
    def of_state(cls, state: DTCState, seat: int) -> DTCObservation:
        n = state.num_players
        phase, giver = state.phase, state.giver
        options = state.options
        maluses = state.malus
        # The deck minus every penalty pile, kind by kind.
        pool = [total - sum(taken) for total, taken in zip(state.deck.composition, zip(*maluses))]
        malus_sizes = map(sum, maluses)
        pending = pending_cards = None
        if phase == DECIDE:
            pending = (giver, state.psize, state.pvalue, state.phad)
            if seat == giver:
                pending_cards = tuple(state.pending)
        last_link = None
        if state.chain:
            by, count, value, cards = state.chain[-1]
            last_link = (by, count, value, tuple(cards) if seat in (by, (by + 1) % n) else None)
        return cls(seat, n, options["values"], options["variant_higher"],
                   options["variant_literal"], tuple(state.hands[seat]),
                   tuple(map(sum, state.hands)),
                   tuple(state.building) if phase == OFFER and seat == giver else None,
                   (state.last_count, state.last_value) if state.last_count else (0, 0),
                   pending, pending_cards, last_link, tuple(pool), tuple(malus_sizes),
                   len(state.pile))

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> DTCObservation:
        me = view["seat"]
        options = view["options"]
        pool = list(deck_of(options).composition)
        for malus in view["malus"]:
            for code in malus["cards"]:
                pool[KIND_OF_CODE[code]] -= 1
        building = view["building"]
        pending = view["pending"]
        beat = view["to_beat"]
        last_link = None
        if view["chain"]:
            entry = view["chain"][-1]
            last_link = (entry["giver"], entry["count"], entry["value"],
                         _counts(entry["cards"]) if "cards" in entry else None)
        return cls(me, view["players"], options["values"], options["variant_higher"],
                   options["variant_literal"], _counts(view["hands"][me]["cards"]),
                   tuple(hand["size"] for hand in view["hands"]),
                   _counts(building["cards"]) if building and "cards" in building else None,
                   (beat["count"], beat["value"]) if beat else (0, 0),
                   (pending["giver"], pending["count"], pending["value"], pending["had"])
                   if pending else None,
                   _counts(pending["cards"]) if pending and "cards" in pending else None,
                   last_link, tuple(pool), tuple(malus["size"] for malus in view["malus"]),
                   view["pile"])


__all__ = ["DTCObservation"]
