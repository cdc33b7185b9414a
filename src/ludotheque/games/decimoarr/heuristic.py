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

from ludotheque.games.decimoarr.components import make_deck
from ludotheque.games.decimoarr.observation import DecimoarrObservation
from ludotheque.games.decimoarr.views import DecimoarrView
from ludotheque.kit.heuristic import ObservationBot

MEMORY_LEVELS: dict[str, float | None] = {
    "perfect": None,  # half-life in flips; None: never forgets
    "good": 24.0,
    "average": 8.0,
    "forgetful": 3.0,
}


class HeuristicBot(ObservationBot):
    """Connects from memory when it can, else guesses; `memory` is a level of MEMORY_LEVELS.
    Reads the seat's compact observation (`observation.DecimoarrObservation`)."""

    observation = DecimoarrObservation

    def __init__(self, memory: str = "perfect", name: str | None = None) -> None:
        if memory not in MEMORY_LEVELS:
            raise ValueError(f"unknown memory level {memory!r}: {', '.join(MEMORY_LEVELS)}")
        self.memory = memory
        self.half_life = MEMORY_LEVELS[memory]
        self.name = name or ("heuristic" if memory == "perfect" else f"heuristic-{memory}")
        self._kept: dict[int, float] = {}

    # ------------------------------------------------------------- memory
    def recall(self, seen_from: DecimoarrObservation | DecimoarrView,
               rng: random.Random) -> dict[int, int]:
        """Position -> card id of the face-down cards this bot remembers now."""
        obs = _observation(seen_from)
        table, ages = obs.table, obs.ages
        half_life = self.half_life
        recalled: dict[int, int] = {}
        if half_life is None:
            for pos, card in enumerate(obs.memory):
                if card >= 0 and table[pos] < 0:
                    recalled[pos] = card
            return recalled
        kept = self._kept  # the chance to recall a card by its age, worked out once an age
        draw = rng.random
        for pos, (card, shown, age) in enumerate(zip(obs.memory, table, ages)):
            if card < 0 or shown >= 0:
                continue
            chance = kept.get(age)
            if chance is None:
                chance = kept[age] = 0.5 ** (age / half_life)
            if draw() >= chance:
                continue
            recalled[pos] = card
        return recalled

    # --------------------------------------------------------------- play
    def act(self, obs: DecimoarrObservation, legal: Sequence[int], rng: random.Random) -> int:
        recalled = self.recall(obs, rng)
        colours, values = obs.colours, obs.values
        # Cards not in sight and not recalled: where they lie is unknown (one is set aside).
        known_cards = {c for c in obs.table if c >= 0}
        known_cards.update(recalled.values())
        reference = obs.reference_card
        if reference < 0 and obs.reference >= 0:
            # E4 option last_flipped: the reference is the failed card, face down again; it
            # was turned over a moment ago, so every bot remembers it.
            reference = obs.memory[obs.reference]
        if reference >= 0:
            known_cards.add(reference)
        # A card is colour * values + value: each colour has `values` cards, each value `colours`.
        deck = make_deck(colours, values)
        colour_of, value_of = deck.colour_of, deck.value_of
        unknown_by_colour = [values] * colours
        unknown_by_value = [colours] * values
        for card in known_cards:
            unknown_by_colour[colour_of[card]] -= 1
            unknown_by_value[value_of[card]] -= 1
        recalled_faces = [(pos, colour_of[code], value_of[code]) for pos, code in recalled.items()]
        unknown_positions = [pos for pos in legal if pos not in recalled
                             and pos != obs.reference]
        # The chance that an unknown card is on the table rather than set aside.
        on_table = len(unknown_positions) / (len(unknown_positions) + 1)
        sums: dict[tuple[int, int], float] = {}

        def threat(card: int, pos: int) -> float:
            """How many face-down cards the next player could connect to `card` with: each
            recalled one counts 1, each unknown one `on_table`, added up in that order."""
            colour, value = colour_of[card], value_of[card]
            sure = 0
            for other, c, v in recalled_faces:
                if other != pos:
                    sure += c == colour or v == value
            # The unknown cards of its colour or value, but itself.
            maybe = unknown_by_colour[colour] + unknown_by_value[value] \
                - (2 if card not in known_cards else 0)
            count = sums.get((sure, maybe))
            if count is None:
                count = float(sure)
                for _ in range(maybe):
                    count += on_table
                sums[sure, maybe] = count
            return count

        jitter = rng.random  # breaks ties at random
        if reference < 0:  # the free first flip (E14)
            best, best_score = None, float("-inf")
            for pos in legal:
                if pos in recalled:
                    score = -threat(recalled[pos], pos)
                else:
                    continue
                score += 1e-6 * jitter()
                if score > best_score:
                    best, best_score = pos, score
            if unknown_positions and len(known_cards) < colours * values:
                # In id order: by colour, then value.
                unknown_cards = [card for card in range(colours * values)
                                 if card not in known_cards]
                average = sum(threat(card, -1) for card in unknown_cards) / len(unknown_cards)
                if best is None or -average > best_score:
                    return unknown_positions[rng.randrange(len(unknown_positions))]
            return best if best is not None else legal[rng.randrange(len(legal))]
        ref_colour, ref_value = divmod(reference, values)
        sure = []
        for pos in legal:
            card = recalled.get(pos)
            if card is not None and pos != obs.reference:
                c, v = divmod(card, values)
                if c == ref_colour or v == ref_value:
                    sure.append(pos)
        if sure:
            return min(sure, key=lambda pos: threat(recalled[pos], pos) + 1e-6 * jitter())
        if unknown_positions:
            return unknown_positions[rng.randrange(len(unknown_positions))]
        return legal[rng.randrange(len(legal))]  # every card recalled, none connects: a forced miss


def _observation(seen_from: DecimoarrObservation | DecimoarrView) -> DecimoarrObservation:
    if isinstance(seen_from, DecimoarrObservation):
        return seen_from
    return DecimoarrObservation.of_view(seen_from)


__all__ = ["HeuristicBot", "MEMORY_LEVELS"]
