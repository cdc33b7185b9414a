"""The shape of a Décimoarr view: what `DecimoarrState.view(seat)` gives a seat (or, with
seat None, a spectator). Card codes: a colour letter and a value rank, e.g. "R1", "B5"
(see `components`); a card the reader may not see is None. Positions and seats are
0-based; every key is always there.

(No `from __future__ import annotations` here: TypedDict reads the evaluated annotations.)
"""

from typing import Any, Literal, TypedDict


class LayoutView(TypedDict):
    """Where the cards lie (public, fixed for the game)."""

    kind: Literal["grid", "ring"]
    positions: int  # how many positions (the cards minus the one set aside)
    rows: int  # the drawing grid: rows x cols cells
    cols: int
    cells: list[list[int]]  # per position, its [row, column] on the drawing grid
    homes: list[list[int]]  # per seat, its three home positions
    sides: list[str]  # grid: the edge of each seat ("south", "west"...); ring: empty


class SeatView(TypedDict):
    """One seat as the reader sees it."""

    active: bool | None  # still in this round (public; None outside a round's flips)
    perdu: bool  # holds a perdu card this round (public)
    skulls: int | None  # its perdu card's skulls: the reader's own only
    rounds_won: int  # winner cards won (public)
    diamonds: list[int] | None  # its winner cards: the reader's own, everyone's at the end


class LastFlipView(TypedDict):
    """The last card turned over (public: everyone saw it)."""

    player: int
    position: int
    card: str
    success: bool  # it connected to the reference


class PerduShown(TypedDict):
    player: int  # a seat that took a perdu card this round
    skulls: int  # its skulls, shown to all at the round's end


class RoundView(TypedDict):
    """The public account of the last round's end (rules 4.4 ROUND_END)."""

    round: int
    winner: int | None  # who won its winner card (None: nobody, E7 no_winner)
    reason: Literal["last_in", "exhausted"]  # one seat left in, or no face-down card left
    perdu: list[PerduShown]
    next_starter: int | None  # who opens the next round (None: the game is over)


class DecimoarrView(TypedDict):
    """Everything a seat may know, and nothing more (rules 4.4, "Information")."""

    game: Literal["decimoarr"]
    seat: int | None  # the reader (None: a spectator)
    players: int
    phase: Literal["deal", "perdu", "winners", "starter", "flip", "reshuffle", "over"]
    to_act: int | None  # the seat to flip now (None at chance points and the end)
    round: int  # this round, from 1 (0 before the first)
    rounds: int  # rounds in the game (one per winner card)
    starter: int | None  # who opened this round (None before the first)
    first_flip: bool  # the round's first flip is next (it connects to anything, E14)
    reference: int | None  # the position of the card to connect to (None: a free flip)
    reference_card: str | None  # that card if face up (E4 last_flipped: face down, None)
    table: list[str | None]  # per position: the card if face up (public)
    memory: list[str | None]  # per position: the card the reader has seen there (its
    # peeked home cards included), else None
    memory_age: list[int | None]  # per position: flips since the reader last saw it
    flips: int  # cards turned over so far in the game
    layout: LayoutView
    seats: list[SeatView]  # one per seat
    perdu_pile: int  # perdu cards left in the pile
    perdu_seen: list[int]  # skulls of the perdu cards ever shown at a round's end
    winner_pile: int  # winner cards left (one per round to come)
    winner_box: int  # winner cards nobody won (E7 no_winner)
    last_flip: LastFlipView | None
    last_round: RoundView | None
    scores: list[int] | None  # diamonds per seat, once the game is over
    winners: list[int]  # once the game is over
    options: dict[str, Any]  # the options in force
