"""Wazabi (Gigamic 2007) components as data: 24 dice and the 36 cards (rules table 1.1).

Dice: six faces, 3 W (wazabi), 2 DRAW (card symbol), 1 GIVE (die symbol) (W1).
A rolled die is a face index 0..5; `FACE[i]` is its symbol.

Cards: 10 kinds of the 2007 edition, with their cost (W faces needed, W2) and
their number of copies (W3). The later 2019 set (exchange cards, pass cards,
exchange dice...) is a different game and is not here. Cards of one kind are
identical, so hands are kept as counts per kind. The text code of a kind is
its stable name in the notation.
"""

from __future__ import annotations

from functools import lru_cache

# -- dice ------------------------------------------------------------------
W, DRAW, GIVE = 0, 1, 2
SYMBOLS = ("w", "draw", "give")
FACE = (W, W, W, DRAW, DRAW, GIVE)  # face index -> symbol (W1)
NUM_FACES = len(FACE)
TOTAL_DICE = 24  # W22: the box holds 24 dice; removed dice never come back
DICE_PER_PLAYER = 4
HAND_SIZE = 3  # cards dealt to each player

# -- cards -----------------------------------------------------------------
(REMOVE_1, ALL_PASS, REMOVE_2, GIVE_1, STEAL, KEEP_ONE, DRAW_3, OTHERS_KEEP_TWO, SKIP,
 REPLAY) = range(10)
NUM_KINDS = 10
CODES = ("remove1", "passdice", "remove2", "give1", "steal", "keep1", "draw3", "keep2",
         "skip", "replay")
KIND_OF_CODE = {code: kind for kind, code in enumerate(CODES)}
COST = (1, 2, 3, 3, 1, 1, 1, 2, 0, 0)  # W2
COPIES = (7, 3, 5, 3, 3, 4, 3, 4, 2, 2)  # W3
assert sum(COPIES) == 36

# Kinds whose effect names another player (target decision).
TARGETED = (KEEP_ONE, SKIP)


def roll_counts(faces: tuple[int, ...]) -> tuple[int, int, int]:
    """(W, DRAW, GIVE) counts of a roll given as face indices."""
    w = draw = 0
    for face in faces:
        if face < 3:
            w += 1
        elif face < 5:
            draw += 1
    return w, draw, len(faces) - w - draw


@lru_cache(maxsize=1)
def deck() -> tuple[int, ...]:
    """Every card of the game as a kind id, in kind order (the order a shuffle starts from)."""
    return tuple(kind for kind, count in enumerate(COPIES) for _ in range(count))
