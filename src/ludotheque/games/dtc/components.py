"""DTC ("Donne Tes Cartes") components as data (rules file 3.1).

54 number cards, values 1 to 6 (nine of each), and 12 jokers; the 4 summary
cards are reference only and never shuffled in. Cards of one kind are
identical, so every zone is kept as counts per kind.
Kind ids: 0-5 the values 1-6, 6 the joker. The text code of a kind ("1".."6",
"J") is its stable name in the notation.
"""

from __future__ import annotations

NUM_VALUES = 6
JOKER = 6
NUM_KINDS = 7
CODES = ("1", "2", "3", "4", "5", "6", "J")
KIND_OF_CODE = {code: kind for kind, code in enumerate(CODES)}
KIND_OF_CODE["j"] = JOKER
VALUE_OF_KIND = (1, 2, 3, 4, 5, 6, 0)  # a joker has no value of its own (D1)

COPIES_PER_VALUE = 9
JOKERS = 12
COMPOSITION = (COPIES_PER_VALUE,) * NUM_VALUES + (JOKERS,)  # 66 cards
DECK_SIZE = sum(COMPOSITION)
SUMMARY_CARDS = 4  # reference cards: set aside, not part of the deck
HAND_SIZE = 6  # dealt, and the level the giver refills to (D8: never a maximum)

# The deck in kind order: the order a shuffle starts from.
DECK = tuple(kind for kind, count in enumerate(COMPOSITION) for _ in range(count))


def kind_of_value(value: int) -> int:
    """The kind id of a number card of `value` (1..6)."""
    return value - 1


def is_exact(cards: list[int] | tuple[int, ...], value: int) -> bool:
    """D1: every card is a joker or has exactly `value`."""
    return sum(cards[:NUM_VALUES]) == cards[value - 1]


def is_all_higher_or_equal(cards: list[int] | tuple[int, ...], value: int) -> bool:
    """D12 (default reading of the variant): every card is a joker or worth `value` or more."""
    return not any(cards[: value - 1])


def is_all_strictly_higher(cards: list[int] | tuple[int, ...], value: int) -> bool:
    """D12 (literal reading): every card is a joker or worth strictly more than `value`."""
    return not any(cards[:value])
