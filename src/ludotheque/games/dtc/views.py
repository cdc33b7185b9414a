"""The shape of a DTC view: what `DTCState.view(seat)` gives a seat (or, with seat None,
a spectator), rules file D15. Card codes: 1..6 and J (see `components.CODES`), a zone's
cards listed in kind order. Seats are 0-based; a seat's target is its left neighbour,
seat + 1.

(No `from __future__ import annotations` here: TypedDict reads `NotRequired` from the
evaluated annotations.)
"""


from typing import Literal, NotRequired, TypedDict


class HandView(TypedDict):
    """A seat's hand as the reader sees it."""

    size: int  # how many cards (public)
    cards: NotRequired[list[str]]  # the reader's own hand only


class BuildingView(TypedDict):
    """The offer being built (phase offer)."""

    player: int  # the giver building it (public)
    size: int  # cards put in so far (public)
    cards: NotRequired[list[str]]  # the giver only


class PendingView(TypedDict):
    """The offer on the table, waiting for its target's decision (phase decide)."""

    giver: int
    target: int  # the giver's left neighbour, who accepts or challenges
    count: int  # how many cards (always the true count, D2)
    value: int  # the announced value, 1..6
    had: int  # the giver's cards (hand + offer) when he announced (public)
    cards: NotRequired[list[str]]  # the giver only


class ToBeatView(TypedDict):
    """The last accepted offer of the chain: the next offer must raise it."""

    count: int
    value: int


class ChainEntryView(TypedDict):
    """An offer accepted since the last challenge, oldest first."""

    giver: int
    target: int  # the seat that accepted it
    count: int
    value: int
    cards: NotRequired[list[str]]  # its giver and the seat that accepted it only (D15)


class MalusView(TypedDict):
    """A seat's penalty pile (face up: public)."""

    size: int
    cards: list[str]


class RevealView(TypedDict):
    """The last challenge, as everyone saw it."""

    giver: int
    target: int  # the challenger
    cards: list[str]  # the offer, turned over
    count: int
    value: int  # the announced value
    true: bool  # every card was the value or a joker
    taker: int  # the seat that took the cards into its penalty pile


class DTCOptions(TypedDict):
    variant_higher: bool  # D12: an offer of higher cards also holds against a challenge
    variant_literal: bool  # D12, literal reading: strictly higher cards only
    values: int  # the deck: number cards 1..values (6: the rulebook's)
    copies: int  # copies of each number card (9)
    jokers: int  # jokers (12)
    hand_size: int  # cards dealt, and the refill level (6)


class DTCView(TypedDict):
    """Everything a seat may know, and nothing more (D15)."""

    game: Literal["dtc"]
    seat: int | None  # the reader (None: a spectator)
    players: int
    phase: Literal["deal", "first", "offer", "decide", "over"]
    to_act: int | None  # the seat to decide now (None at chance points and the end)
    giver: int | None  # the seat building or offering (None outside offer and decide)
    target: int | None  # the giver's left neighbour (None outside offer and decide)
    hands: list[HandView]  # one per seat
    building: BuildingView | None  # phase offer only
    to_beat: ToBeatView | None  # None on a fresh chain
    pending: PendingView | None  # phase decide only
    chain: list[ChainEntryView]
    chain_number: int  # chains started so far (the first chain is 1)
    malus: list[MalusView]  # one per seat
    pile: int  # cards left in the draw pile
    last_reveal: RevealView | None  # None before the first challenge
    winners: list[int]  # once the game is over: the seats with the fewest penalty cards
    options: DTCOptions  # the options in force
