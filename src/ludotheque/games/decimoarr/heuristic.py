"""A heuristic bot for Décimoarr... with a memory setting; it reads a view only.

Memory. The view holds what the seat has seen (`memory`, the perfect record)
and how many flips ago it last saw each card (`memory_age`). A bot with a
memory level recalls a face-down card it has seen with probability
0.5 ** (age / half_life), drawn afresh from its own generator at each decision
(so it forgets deterministically from its rng, and never peeks: it only ever
drops what the view gives it). Face-up cards and the reference card are in
sight and always known. Levels: perfect (never forgets), good (half-life 24
flips), average (8), forgetful (3).

Play.
* A card it recalls that connects to the reference: a sure success. Among
  several, the one that leaves the next player the fewest cards to connect to
  (ideally none: the next player must then fail).
* Otherwise a guess among the cards it does not recall (never one it recalls
  as not connecting).
* The free first flip of a round: the card that leaves the next player the
  fewest connections (a recalled card with few partners left), or an unknown one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludotheque.games.decimoarr.components import COLOUR_CODES
from ludotheque.games.decimoarr.views import DecimoarrView

MEMORY_LEVELS: dict[str, float | None] = {
    "perfect": None,  # half-life in flips; None: never forgets
    "good": 24.0,
    "average": 8.0,
    "forgetful": 3.0,
}


def _attributes(code: str) -> tuple[int, int]:
    return COLOUR_CODES.index(code[0]), int(code[1:]) - 1


class HeuristicBot:
    """Connects from memory when it can, else guesses; `memory` is a level of MEMORY_LEVELS."""

    def __init__(self, memory: str = "perfect", name: str | None = None) -> None:
        if memory not in MEMORY_LEVELS:
            raise ValueError(f"unknown memory level {memory!r}: {', '.join(MEMORY_LEVELS)}")
        self.memory = memory
        self.half_life = MEMORY_LEVELS[memory]
        self.name = name or ("heuristic" if memory == "perfect" else f"heuristic-{memory}")

    # ------------------------------------------------------------- memory
    def recall(self, view: DecimoarrView, rng: random.Random) -> dict[int, str]:
        """Position -> card of the face-down cards this bot remembers now."""
        memory, ages, table = view["memory"], view["memory_age"], view["table"]
        half_life = self.half_life
        recalled: dict[int, str] = {}
        for pos, code in enumerate(memory):
            if code is None or table[pos] is not None:
                continue
            if half_life is not None and rng.random() >= 0.5 ** (ages[pos] / half_life):
                continue
            recalled[pos] = code
        return recalled

    # --------------------------------------------------------------- play
    def choose(self, view: DecimoarrView, legal: Sequence[int], rng: random.Random) -> int:
        recalled = self.recall(view, rng)
        options = view["options"]
        colours, values = options["colours"], options["values"]
        # Cards not in sight and not recalled: where they lie is unknown (one is set aside).
        known_cards = {_attributes(c) for c in view["table"] if c is not None}
        known_cards |= {_attributes(c) for c in recalled.values()}
        reference = view["reference_card"]
        if reference is None and view["reference"] is not None:
            # E4 option last_flipped: the reference is the failed card, face down again; it
            # was turned over a moment ago, so every bot remembers it.
            reference = view["memory"][view["reference"]]
        if reference is not None:
            known_cards.add(_attributes(reference))
        unknown_cards = [(c, v) for c in range(colours) for v in range(values)
                         if (c, v) not in known_cards]
        unknown_positions = [pos for pos in legal if pos not in recalled
                             and pos != view["reference"]]
        # The chance that an unknown card is on the table rather than set aside.
        on_table = len(unknown_positions) / (len(unknown_positions) + 1)

        def threat(card: tuple[int, int], pos: int) -> float:
            """How many face-down cards the next player could connect to `card` with."""
            colour, value = card
            count = 0.0
            for other, code in recalled.items():
                if other != pos:
                    c, v = _attributes(code)
                    count += c == colour or v == value
            for c, v in unknown_cards:
                if (c, v) != card and (c == colour or v == value):
                    count += on_table
            return count

        jitter = rng.random  # breaks ties at random
        if reference is None:  # the free first flip (E14)
            best, best_score = None, float("-inf")
            for pos in legal:
                if pos in recalled:
                    score = -threat(_attributes(recalled[pos]), pos)
                else:
                    continue
                score += 1e-6 * jitter()
                if score > best_score:
                    best, best_score = pos, score
            if unknown_positions and unknown_cards:
                average = sum(threat(card, -1) for card in unknown_cards) / len(unknown_cards)
                if best is None or -average > best_score:
                    return unknown_positions[rng.randrange(len(unknown_positions))]
            return best if best is not None else legal[rng.randrange(len(legal))]
        ref_colour, ref_value = _attributes(reference)
        sure = []
        for pos in legal:
            code = recalled.get(pos)
            if code is not None and pos != view["reference"]:
                c, v = _attributes(code)
                if c == ref_colour or v == ref_value:
                    sure.append(pos)
        if sure:
            return min(sure, key=lambda pos: threat(_attributes(recalled[pos]), pos) + 1e-6 * jitter())
        if unknown_positions:
            return unknown_positions[rng.randrange(len(unknown_positions))]
        return legal[rng.randrange(len(legal))]  # every card recalled, none connects: a forced miss


__all__ = ["HeuristicBot", "MEMORY_LEVELS"]
