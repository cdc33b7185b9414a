"""DTC: a seat's view as a fixed-length vector of numbers in [0, 1].

Reads the view only (so it cannot leak what the seat may not know). Seats are
relative to the reader (0: itself). Blocks, in order:

  phase (one-hot); seat to act, giver and target (one-hot seats); own hand
  (count per kind: 1-6, joker); every hand's size; the offer being built
  (size, and its cards if the reader builds it); the offer to beat (count,
  value); the pending offer (count, announced value, the giver's cards when
  he announced, its cards if the reader made it); the chain (length and the
  last 3 accepted offers: giver, count, value, cards when the reader knows
  them); every penalty pile (size and cards per kind); the draw pile; the
  last challenge (giver, target, cards, count, value, true or not, taker);
  the chain number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.games.dtc.components import (
    DECK_SIZE,
    HAND_SIZE,
    KIND_OF_CODE,
    NUM_KINDS,
    NUM_VALUES,
    VALUE_OF_KIND,
)
from ludotheque.games.dtc.rules import PHASE_NAMES
from ludotheque.games.dtc.views import DTCView
from ludotheque.kit.features import Features

CHAIN_SLOTS = 3  # the most recent accepted offers encoded one by one
BIG_HAND = 2 * HAND_SIZE  # the scale of hand and offer sizes
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
VALUES = tuple(str(value) for value in range(1, NUM_VALUES + 1))  # slot labels
KINDS = tuple(str(value) if value else "joker" for value in VALUE_OF_KIND)


def observation_size(players: int, options: Mapping[str, Any]) -> int:
    n, k, v = players, NUM_KINDS, NUM_VALUES
    offers = (2 + k) + (2 + v) + (4 + v + k)
    chain = 1 + CHAIN_SLOTS * (3 + n + v + k)
    reveal = 1 + 3 * n + k + 1 + v + 1
    return len(PHASE_NAMES) + 3 * n + k + n + offers + chain + n * (1 + k) + 1 + reveal + 1


# Every seat but the mover sees each move alike (`observe_action`: a card put into the
# offer is hidden from every other seat alike): the OpenSpiel information state's log asks
# how one of them sees it.
MOVES_SEEN_ALIKE = True


def history_bound(players: int, options: Mapping[str, Any]) -> tuple[int, int]:
    """The longest history an information state holds: (decisions, completed chance points).

    DTC has no short bound from its rules (offers may be accepted many times in a row), so
    the bound is twice the longest game met: 371 decisions and 2 chance points (the deal
    and the first giver) over 1,000 random games of every player count and option set of
    the conformance kit. A longer game is refused clearly (`openspiel.error.history_moves`,
    `history_chance`).
    """
    return 800, 4


def encode_view(view: DTCView, players: int, options: Mapping[str, Any]) -> list[float]:
    f = Features(view, players)
    f.one_hot(_PHASE[view["phase"]], len(PHASE_NAMES), "phase", PHASE_NAMES)
    f.seat(view["to_act"], "to_act")
    f.seat(view["giver"], "giver")
    f.seat(view["target"], "target")
    hands = view["hands"]
    f.counts(hands[f.me].get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE, "hand",
             KINDS)
    f.per_seat([hand["size"] for hand in hands], BIG_HAND, "hands.size")

    building = view["building"] or {}
    f.flag(building, "building")
    f.number(building.get("size"), BIG_HAND, "building.size")
    f.counts(building.get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE,
             "building.cards", KINDS)
    to_beat = view["to_beat"] or {}
    f.flag(to_beat, "to_beat")
    f.number(to_beat.get("count"), BIG_HAND, "to_beat.count")
    f.one_hot(to_beat["value"] - 1 if to_beat else None, NUM_VALUES, "to_beat.value",
              VALUES)
    pending = view["pending"] or {}
    f.flag(pending, "pending")
    f.number(pending.get("count"), BIG_HAND, "pending.count")
    f.one_hot(pending["value"] - 1 if pending else None, NUM_VALUES, "pending.value",
              VALUES)
    f.number(pending.get("had"), 3 * HAND_SIZE, "pending.had")
    f.flag("cards" in pending, "pending.cards_known")
    f.counts(pending.get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE,
             "pending.cards", KINDS)

    chain = view["chain"]
    f.number(len(chain), 10, "chain.length")
    for back in range(1, CHAIN_SLOTS + 1):
        entry = chain[-back] if back <= len(chain) else None
        f.flag(entry is not None, "chain[{back}]")
        f.seat(entry["giver"] if entry else None, "chain[{back}].giver")
        f.number(entry["count"] if entry else None, BIG_HAND, "chain[{back}].count")
        f.one_hot(entry["value"] - 1 if entry else None, NUM_VALUES,
                  "chain[{back}].value", VALUES)
        f.flag(entry is not None and "cards" in entry, "chain[{back}].cards_known")
        f.counts(entry.get("cards", []) if entry else [], KIND_OF_CODE, NUM_KINDS, HAND_SIZE,
                 "chain[{back}].cards", KINDS)

    malus = view["malus"]
    f.per_seat([pile["size"] for pile in malus], 20, "malus.size")
    for rel in range(players):
        f.counts(malus[(f.me + rel) % players]["cards"], KIND_OF_CODE, NUM_KINDS, 10,
                 "malus[{seat}]", KINDS)
    f.number(view["pile"], DECK_SIZE, "pile")

    reveal = view["last_reveal"] or {}
    f.flag(reveal, "last_reveal")
    f.seat(reveal.get("giver"), "last_reveal.giver")
    f.seat(reveal.get("target"), "last_reveal.target")
    f.counts(reveal.get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE,
             "last_reveal.cards", KINDS)
    f.number(reveal.get("count"), BIG_HAND, "last_reveal.count")
    f.one_hot(reveal["value"] - 1 if reveal else None, NUM_VALUES, "last_reveal.value",
              VALUES)
    f.flag(reveal.get("true"), "last_reveal.true")
    f.seat(reveal.get("taker"), "last_reveal.taker")
    f.number(view["chain_number"], 40, "chain_number")
    return f.finish(observation_size(players, options))


def chance_size(players: int, options: Mapping[str, Any]) -> int:
    return NUM_KINDS + 2 * players


def encode_chance(view: DTCView, players: int, options: Mapping[str, Any]) -> list[float]:
    """What the reader saw of a chance point, from its view just after it (a slot of its
    OpenSpiel information state): its own hand (the deal), the giver and the seat to act
    (the first giver drawn)."""
    f = Features(view, players)
    f.counts(view["hands"][f.me].get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE,
             "hand", KINDS)
    f.seat(view["giver"], "giver")
    f.seat(view["to_act"], "to_act")
    return f.finish(chance_size(players, options))
