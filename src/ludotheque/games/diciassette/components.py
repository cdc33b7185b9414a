"""17 / Diciassette components as data: 14 card kinds and the default deck (S1).

Cards of one kind are identical, so hands are kept as counts per kind.
Kind ids: 0-4 single-faced 1-5, 5-9 double-faced 1-5, 10 Reverse, 11 Trash,
12 x2, 13 Trap. The text code of a kind is its stable name in the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

SINGLE = tuple(range(0, 5))
DOUBLE = tuple(range(5, 10))
REVERSE, TRASH, X2, TRAP = 10, 11, 12, 13
NUM_KINDS = 14
SPECIALS = (REVERSE, TRASH, X2, TRAP)

VALUE = (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0, 0, 0, 0)  # S17: specials are worth 0
IS_DOUBLE = tuple(5 <= k <= 9 for k in range(NUM_KINDS))
IS_SPECIAL = tuple(k >= 10 for k in range(NUM_KINDS))
CODES = ("1s", "2s", "3s", "4s", "5s", "1d", "2d", "3d", "4d", "5d", "rev", "trash", "x2", "trap")
KIND_OF_CODE = {code: kind for kind, code in enumerate(CODES)}

TARGET = 17  # the sum that ends a round badly for the last player
VICTORIES_TO_WIN = 3
HAND_SIZE = 3


def composition(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Copies of each kind for these options (S1: 3 per single value, 7 per double, 5 per
    special)."""
    return (
        *options["singles"],
        *options["doubles"],
        options["reverse"],
        options["trash"],
        options["x2"],
        options["trap"],
    )


def deck(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Every card of the game as a kind id, in kind order (the order a shuffle starts from)."""
    return _deck(composition(options))


@lru_cache(maxsize=64)
def _deck(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(kind for kind, count in enumerate(counts) for _ in range(count))
