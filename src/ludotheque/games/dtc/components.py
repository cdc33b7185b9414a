"""DTC ("Donne Tes Cartes") components as data (rules file 3.1).

54 number cards, values 1 to 6 (nine of each), and 12 jokers; the 4 summary
cards are reference only and never shuffled in. Cards of one kind are
identical, so every zone is kept as counts per kind.
Kind ids: 0-5 the values 1-6, 6 the joker. The text code of a kind ("1".."6",
"J") is its stable name in the notation.

A smaller deck is an option (`values`, `copies`, `jokers`, `hand_size`: fewer
values, fewer copies, a smaller hand), e.g. the 7-card game whose equilibrium
OpenSpiel's CFR+ computes. Kinds keep their ids (a value left out has 0 copies),
so zones, actions and encodings keep their shapes; `deck_of(options)` is the
deck in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

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


class Deck(NamedTuple):
    """The deck of one option set: number cards 1..`values` (`copies` of each), `jokers`
    jokers, `hand` cards dealt (and the refill level)."""

    values: int
    copies: int
    jokers: int
    hand: int
    composition: tuple[int, ...]  # copies per kind (7 entries; 0 for a value left out)
    cards: tuple[int, ...]  # the deck in kind order

    @property
    def size(self) -> int:
        return len(self.cards)


@lru_cache(maxsize=64)
def make_deck(values: int = NUM_VALUES, copies: int = COPIES_PER_VALUE, jokers: int = JOKERS,
              hand: int = HAND_SIZE) -> Deck:
    composition = (copies,) * values + (0,) * (NUM_VALUES - values) + (jokers,)
    cards = tuple(kind for kind, count in enumerate(composition) for _ in range(count))
    return Deck(values, copies, jokers, hand, composition, cards)


def deck_of(options: Mapping[str, Any]) -> Deck:
    """The deck that validated `options` (a game's or a view's) play with."""
    return make_deck(options["values"], options["copies"], options["jokers"], options["hand_size"])


FULL_DECK = make_deck()


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
