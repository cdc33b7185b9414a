"""17's compact observation: what one seat knows, as counts per kind and seat ids.

The heuristic bot reads it (`HeuristicBot.act`); `of_view` builds it from the seat's view
(what `choose` is given), `of_state` straight from a state without building the view
(what the search bots do on their samples). The two agree for every seat at every
moment, and nothing in it is hidden from the seat: the conformance kit checks both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ludotheque.games.diciassette.components import (
    DOUBLE,
    IS_DOUBLE,
    KIND_OF_CODE,
    NUM_KINDS,
    composition,
)
from ludotheque.games.diciassette.rules import CALLS, DiciassetteState


class DiciassetteObservation(NamedTuple):
    seat: int
    players: int
    hand: tuple[int, ...]  # my cards per kind
    unseen: tuple[int, ...]  # per kind: the deck minus every card I can see (my hand, the
    # doubles others show, the queue's visible cards, the discard I know, a visible pile top)
    queue: tuple[tuple[int, bool, int], ...]  # (kind, face up, by) per card; kind -1: unseen
    last_player: int  # -1: none
    direction: int
    second_card_pending: bool

    @classmethod
    def of_state(cls, state: DiciassetteState, seat: int) -> DiciassetteObservation:
        backs_public = state.options["hand_backs_public"]
        hand = state.hands[seat]
        unseen = [count - held for count, held in zip(composition(state.options), hand)]
        if backs_public:
            for other, cards in enumerate(state.hands):
                if other != seat:
                    for kind in DOUBLE:
                        unseen[kind] -= cards[kind]
        queue = []
        for kind, face_up, by in state.queue:
            if face_up or IS_DOUBLE[kind] or by == seat:
                unseen[kind] -= 1
                queue.append((kind, face_up, by))
            else:
                queue.append((-1, face_up, by))
        for kind, seen, by in state.discard:
            if seen or by == seat:
                unseen[kind] -= 1
        if state.pile and backs_public and IS_DOUBLE[state.pile[-1]]:
            unseen[state.pile[-1]] -= 1
        return cls(seat, state.num_players, tuple(hand), tuple(unseen), tuple(queue),
                   state.last_player, state.direction, state.phase == CALLS and state.resume_play)

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> DiciassetteObservation:
        me = view["seat"]
        unseen = list(composition(view["options"]))
        hand = [0] * NUM_KINDS
        for code in view["hands"][me]["cards"]:
            hand[KIND_OF_CODE[code]] += 1
            unseen[KIND_OF_CODE[code]] -= 1
        for seat, entry in enumerate(view["hands"]):
            if seat != me:
                for code in entry.get("doubles", ()):
                    unseen[KIND_OF_CODE[code]] -= 1
        queue = []
        for entry in view["queue"]:
            code = entry["card"]
            kind = -1 if code is None else KIND_OF_CODE[code]
            if kind >= 0:
                unseen[kind] -= 1
            queue.append((kind, entry["face_up"], entry["by"]))
        for code in view["discard"]["cards"]:
            unseen[KIND_OF_CODE[code]] -= 1
        if view["pile"]["top"] is not None:
            unseen[KIND_OF_CODE[view["pile"]["top"]]] -= 1
        last = view["last_player"]
        return cls(me, view["players"], tuple(hand), tuple(unseen), tuple(queue),
                   -1 if last is None else last, view["direction"],
                   bool(view["second_card_pending"]))


__all__ = ["DiciassetteObservation"]
