"""17 / Diciassette: a seat's view as a fixed-length vector of numbers in [0, 1].

Reads the view only (so it cannot leak what the seat may not know). Seats are
relative to the reader (0: itself). Blocks, in order:

  phase (one-hot), seat to act, seat whose turn it is, last player (one-hot
  seats), direction, plays required / done / next, second card pending;
  own hand (count per kind); every hand's size and visible double-faced backs;
  the queue: length, the sum of the cards the seat can see (one-hot 0..21 and
  scaled), cards it cannot see, visible cards per kind, its own face-down cards
  per kind, hidden cards per seat, and the last 6 cards (who, face up, card);
  the pile (size, visible top); the discard (size, hidden, known per kind);
  victories and penalties per seat; the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.games.diciassette.components import (
    CODES,
    HAND_SIZE,
    KIND_OF_CODE,
    NUM_KINDS,
    TARGET,
    VALUE,
    VICTORIES_TO_WIN,
    composition,
)
from ludotheque.games.diciassette.rules import PHASE_NAMES
from ludotheque.kit.features import Features, up_to

QUEUE_SLOTS = 6  # the most recent queue cards encoded one by one
SUM_SLOTS = TARGET + 5  # the visible sum as a one-hot 0..21 (21: 21 or more)
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_DOUBLE_INDEX = {code: kind - 5 for code, kind in KIND_OF_CODE.items() if 5 <= kind <= 9}
_DOUBLES = tuple(_DOUBLE_INDEX)  # slot labels: the double-faced cards' codes
_SUMS = up_to(SUM_SLOTS)


def observation_size(players: int, options: Mapping[str, Any]) -> int:
    n, k = players, NUM_KINDS
    header = len(PHASE_NAMES) + 3 * n + 1 + 4
    hands = k + n + 5 * n
    queue = 1 + SUM_SLOTS + 1 + 1 + k + k + n + QUEUE_SLOTS * (3 + n + k)
    return header + hands + queue + (1 + k) + (2 + k) + 2 * n + 1


# Every seat but the mover sees each move alike (`observe_action`: a card played face down
# looks the same to every other seat): the OpenSpiel information state's log asks how one
# of them sees it.
MOVES_SEEN_ALIKE = True


def history_bound(players: int, options: Mapping[str, Any]) -> tuple[int, int]:
    """The longest history an information state holds: (decisions, completed chance points).

    Penalties take Victory tokens back, so the rules give no short bound; the bound is
    about three times the longest game met: 56 decisions and 3 chance points over 1,000
    random games of every player count and option set of the conformance kit. A longer
    game is refused clearly (`openspiel.error.history_moves`, `history_chance`).
    """
    return 160, 8


def encode_view(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    f = Features(view, players)
    copies = [max(1, c) for c in composition(options)]
    deck = sum(copies)
    f.one_hot(_PHASE[view["phase"]], len(PHASE_NAMES), "phase", PHASE_NAMES)
    f.seat(view["to_act"], "to_act")
    f.seat(view["turn"], "turn")
    f.seat(view["last_player"], "last_player")
    f.flag(view["direction"] == 1, "direction")
    f.number(view["plays_required"], 2, "plays_required")
    f.number(view["plays_done"], 2, "plays_done")
    f.number(view["next_plays_required"], 2, "next_plays_required")
    f.flag(view["second_card_pending"], "second_card_pending")

    hands = view["hands"]
    own = hands[f.me].get("cards", [])
    f.counts(own, KIND_OF_CODE, NUM_KINDS, HAND_SIZE, "hand", CODES)
    f.per_seat([hand["size"] for hand in hands], HAND_SIZE, "hands.size")
    for rel in range(players):
        f.counts(hands[(f.me + rel) % players].get("doubles", []), _DOUBLE_INDEX, 5, HAND_SIZE,
                 "doubles[{seat}]", _DOUBLES)

    queue = view["queue"]
    seen = [entry["card"] for entry in queue if entry["card"] is not None]
    total = sum(VALUE[KIND_OF_CODE[code]] for code in seen)
    hidden_by = [0] * players
    for entry in queue:
        if entry["card"] is None:
            hidden_by[entry["by"]] += 1
    f.number(len(queue), 20, "queue.length")
    f.one_hot(total, SUM_SLOTS, "queue.sum", _SUMS)
    f.number(total, 2 * TARGET, "queue.sum.scaled")
    f.number(len(queue) - len(seen), 10, "queue.hidden")
    f.numbers(_per_kind(seen, copies), 1, "queue.seen", CODES)
    mine_down = [e["card"] for e in queue if e["by"] == f.me and not e["face_up"] and e["card"]]
    f.counts(mine_down, KIND_OF_CODE, NUM_KINDS, HAND_SIZE, "queue.own_face_down",
             CODES)
    f.per_seat(hidden_by, 5, "queue.hidden_by")
    for back in range(1, QUEUE_SLOTS + 1):
        entry = queue[-back] if back <= len(queue) else None
        f.flag(entry is not None, "queue[{back}]")
        f.seat(entry["by"] if entry else None, "queue[{back}].by")
        f.flag(entry is not None and entry["face_up"], "queue[{back}].face_up")
        card = entry["card"] if entry else None
        f.one_hot(KIND_OF_CODE[card] if card else None, NUM_KINDS, "queue[{back}].card",
                  CODES)
        f.flag(entry is not None and card is None, "queue[{back}].hidden")

    pile = view["pile"]
    f.number(pile["size"], deck, "pile.size")
    f.one_hot(KIND_OF_CODE[pile["top"]] if pile["top"] else None, NUM_KINDS, "pile.top",
              CODES)
    discard = view["discard"]
    f.number(discard["size"], deck, "discard.size")
    f.number(discard["hidden"], deck, "discard.hidden")
    f.numbers(_per_kind(discard["cards"], copies), 1, "discard.cards", CODES)
    f.per_seat(view["victory"], VICTORIES_TO_WIN, "victory")
    f.per_seat(view["penalty"], 1, "penalty")
    f.number(view["round"], 50, "round")
    return f.finish(observation_size(players, options))


def chance_size(players: int, options: Mapping[str, Any]) -> int:
    return 2 * NUM_KINDS + 5 * players + 2 * players + 1


def encode_chance(view: Mapping[str, Any], players: int,
                  options: Mapping[str, Any]) -> list[float]:
    """What the reader saw of a chance point, from its view just after it (a slot of its
    OpenSpiel information state): its own hand and every hand's visible double-faced
    backs (the deal), the seats whose turn it is and who acts (the starter drawn), the
    pile's visible top and size (a reshuffle)."""
    f = Features(view, players)
    hands = view["hands"]
    f.counts(hands[f.me].get("cards", []), KIND_OF_CODE, NUM_KINDS, HAND_SIZE, "hand",
             CODES)
    for rel in range(players):
        f.counts(hands[(f.me + rel) % players].get("doubles", []), _DOUBLE_INDEX, 5, HAND_SIZE,
                 "doubles[{seat}]", _DOUBLES)
    f.seat(view["turn"], "turn")
    f.seat(view["to_act"], "to_act")
    pile = view["pile"]
    f.one_hot(KIND_OF_CODE[pile["top"]] if pile["top"] else None, NUM_KINDS, "pile.top",
              CODES)
    f.number(pile["size"], sum(max(1, c) for c in composition(options)), "pile.size")
    return f.finish(chance_size(players, options))


def _per_kind(codes: list[str], copies: list[int]) -> list[float]:
    """How many of each kind, as a share of that kind's copies in the deck."""
    counts = [0] * NUM_KINDS
    for code in codes:
        counts[KIND_OF_CODE[code]] += 1
    return [count / copies[kind] for kind, count in enumerate(counts)]
