"""Décimoarr... components as data: décimal cards, perdu cards, winner cards, the layout.

* Décimal cards (E1, E2): every colour x value pair exactly once (default 5 x 5).
  Card id = colour * values + value; its code is the colour letter and the value
  rank, e.g. "R1" (red, first value) or "B5". Values are shown as decimal
  numbers (VALUE_LABELS); only equality matters to the rules.
* Perdu cards (E8, E9): four, identified by index 0..3; options["skulls"][i]
  is the number of skulls of card i.
* Winner cards (E10): seven, stored by their number of diamonds.
* Layout (rules 4.3 step 4): the table positions, each player's three home
  positions, and where each position is drawn. Positions are numbered from 0
  in the engine and from 1 for people ("p1").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

COLOUR_CODES = ("R", "B", "G", "Y", "P", "O")  # red, blue, green, yellow, purple, orange
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")  # text keys and styles
VALUE_LABELS = ("0.1", "0.25", "0.5", "1.5", "2.75", "3.6")  # English form; French: comma
MAX_COLOURS = len(COLOUR_CODES)
MAX_VALUES = len(VALUE_LABELS)
MAX_POSITIONS = MAX_COLOURS * MAX_VALUES - 1  # one card is always set aside
HOME_SIZE = 3
PERDU_CARDS = 4
WINNER_CARDS = 7


def value_label(value: int, lang: str) -> str:
    """A value rank as the decimal number printed on the card ("0,25" in French)."""
    label = VALUE_LABELS[value]
    return label.replace(".", ",") if lang == "fr" else label


@dataclass(frozen=True)
class Deck:
    """The décimal cards for one colours x values setting."""

    colours: int
    values: int
    size: int
    codes: tuple[str, ...]
    colour_of: tuple[int, ...]
    value_of: tuple[int, ...]
    index: Mapping[str, int]
    partners: tuple[int, ...]  # per card: bitmask of the cards sharing its colour or value


@lru_cache(maxsize=64)
def make_deck(colours: int, values: int) -> Deck:
    size = colours * values
    codes = tuple(f"{COLOUR_CODES[c // values]}{c % values + 1}" for c in range(size))
    colour_of = tuple(c // values for c in range(size))
    value_of = tuple(c % values for c in range(size))
    partners = tuple(
        sum(1 << d for d in range(size)
            if d != c and (colour_of[d] == colour_of[c] or value_of[d] == value_of[c]))
        for c in range(size)
    )
    return Deck(colours, values, size, codes, colour_of, value_of,
                {code: c for c, code in enumerate(codes)}, partners)


def deck_for(options: Mapping[str, Any]) -> Deck:
    return make_deck(options["colours"], options["values"])


def connects(deck: Deck, card: int, reference: int) -> bool:
    """E2: two different cards connect when they share the colour or the value."""
    return bool(deck.partners[reference] >> card & 1)


@dataclass(frozen=True)
class Layout:
    """Where the décimal cards lie: positions, homes, and the drawing grid.

    `cells[i]` is the (row, column) where position i is drawn on a grid of
    `rows` x `cols` cells (row 0 at the top, the first seat's edge at the bottom).
    """

    kind: str  # "grid" or "ring"
    positions: int
    homes: tuple[tuple[int, ...], ...]  # per seat, its home positions (ascending)
    home_of: tuple[int, ...]  # per position, the seat whose home it is, or -1
    home_masks: tuple[int, ...]  # per seat, its home positions as a bitmask
    all_homes_mask: int
    not_home: tuple[int, ...]  # positions that are nobody's home
    rows: int
    cols: int
    cells: tuple[tuple[int, int], ...]
    sides: tuple[str, ...]  # grid: the edge of each seat ("south", "west", "north", "east")


_GRID_SIDES = {2: ("south", "north"), 3: ("south", "west", "north"),
               4: ("south", "west", "north", "east")}
_GRID_HOME_CELLS = {
    "south": ((4, 1), (4, 2), (4, 3)),
    "west": ((1, 0), (2, 0), (3, 0)),
    "north": ((0, 1), (0, 2), (0, 3)),
    "east": ((1, 4), (2, 4), (3, 4)),
}


def layout_kind(options: Mapping[str, Any], players: int) -> str:
    """The layout in force: "auto" is the 5x5 grid for 2-4 players with 25 cards, else a ring."""
    choice = options["layout"]
    if choice != "auto":
        return choice
    return "grid" if options["colours"] * options["values"] == 25 and players <= 4 else "ring"


def layout_for(options: Mapping[str, Any], players: int) -> Layout:
    return make_layout(layout_kind(options, players), options["colours"] * options["values"] - 1,
                       players)


@lru_cache(maxsize=128)
def make_layout(kind: str, positions: int, players: int) -> Layout:
    if kind == "grid":
        cells = tuple((r, c) for r in range(5) for c in range(5) if (r, c) != (2, 2))
        assert positions == len(cells) == 24, "the grid layout needs 25 cards"
        sides = _GRID_SIDES[players]
        homes = tuple(tuple(sorted(cells.index(cell) for cell in _GRID_HOME_CELLS[side]))
                      for side in sides)
        rows = cols = 5
    else:
        homes = tuple(tuple(range((p * positions + players // 2) // players,
                                  (p * positions + players // 2) // players + HOME_SIZE))
                      for p in range(players))
        rows = cols = max(3, -(-(positions + 4) // 4))
        cycle = _ring_cycle(rows)
        # Position 1 (the middle of the first seat's home) at the middle of the bottom edge.
        shift = rows - 1 - rows // 2
        cells = tuple(cycle[(i - 1 + shift) % len(cycle)] for i in range(positions))
        sides = ()
    home_of = [-1] * positions
    for seat, home in enumerate(homes):
        for pos in home:
            assert home_of[pos] == -1, "two homes overlap"
            home_of[pos] = seat
    masks = tuple(sum(1 << pos for pos in home) for home in homes)
    return Layout(kind, positions, homes, tuple(home_of), masks, sum(masks),
                  tuple(p for p in range(positions) if home_of[p] < 0), rows, cols, cells, sides)


def _ring_cycle(side: int) -> list[tuple[int, int]]:
    """The border cells of a side x side square, clockwise seen from above, from the
    bottom-right corner going left (clockwise round a table goes from 6 to 9 o'clock)."""
    last = side - 1
    cycle = [(last, c) for c in range(last, -1, -1)]
    cycle += [(r, 0) for r in range(last - 1, -1, -1)]
    cycle += [(0, c) for c in range(1, side)]
    cycle += [(r, last) for r in range(1, last)]
    return cycle
