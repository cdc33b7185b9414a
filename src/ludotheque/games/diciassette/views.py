"""The shape of a 17 view: what `DiciassetteState.view(seat)` gives a seat (or, with
seat None, a spectator). Card codes: 1s..5s, 1d..5d, rev, trash, x2, trap (see
`components.CODES`); a card a seat may not see is None. Seats are 0-based.

(No `from __future__ import annotations` here: TypedDict reads `NotRequired` from the
evaluated annotations.)
"""


from typing import Any, Literal, NotRequired, TypedDict


class QueuedCard(TypedDict):
    """A card in the queue, in the order played."""

    by: int  # the seat that played it (public)
    face_up: bool  # played face up (public)
    # its code if the reader may see it: face up, double-faced, or the reader's own
    card: str | None


class HandView(TypedDict):
    """A seat's hand as the reader sees it."""

    size: int  # how many cards (public)
    cards: NotRequired[list[str]]  # the reader's own hand only: every card
    doubles: NotRequired[list[str]]  # double-faced cards, whose value shows on the back:
    # the reader's own, and everyone's when the option hand_backs_public is on


class PileView(TypedDict):
    size: int  # cards left in the draw pile
    top: str | None  # the top card if its back shows its value (double-faced, public backs)


class DiscardView(TypedDict):
    size: int  # cards in the discard
    cards: list[str]  # the ones the reader has seen (shown to all, or played by the reader)
    hidden: int  # how many the reader has not seen


class RevealedCard(TypedDict):
    card: str  # every card is revealed when "17" is called
    face_up: bool
    by: int


class TokenChange(TypedDict):
    player: int
    penalties: int  # Penalty tokens taken (two make a Victory token go, S20)
    victory: bool  # a Victory token won
    before: list[int]  # (victory, penalty) before
    after: list[int]  # (victory, penalty) after


class Resolution(TypedDict):
    """The public account of the last round's end (rules 2.7)."""

    round: int
    caller: int  # who called "17"
    last_player: int  # who played last
    cards: list[RevealedCard]  # the queue, revealed
    sum: int
    reached: bool  # the sum reached 17
    traps: list[int]  # owners of face-down traps
    tokens: list[TokenChange]
    next_starter: int | None  # who starts the next round (None: the game is over)


class DiciassetteView(TypedDict):
    """Everything a seat may know, and nothing more (rules 2.2)."""

    game: Literal["diciassette"]
    seat: int | None  # the reader (None: a spectator)
    players: int
    phase: Literal["deal", "starter", "play", "reshuffle", "call", "over"]
    to_act: int | None  # the seat to decide now (None at chance points and the end)
    turn: int  # the seat whose turn it is (during a call window: the one who played)
    round: int
    decisions: int  # decisions taken so far in the game
    direction: Literal[1, -1]  # 1: clockwise
    plays_required: int  # cards to play this turn (2 after an x2)
    plays_done: int
    next_plays_required: int
    second_card_pending: bool  # call window between the two cards of an x2 (option S6)
    last_player: int | None  # the seat that played last (None before anyone has)
    queue: list[QueuedCard]
    hands: list[HandView]  # one per seat
    pile: PileView
    discard: DiscardView
    victory: list[int]  # Victory tokens per seat
    penalty: list[int]  # Penalty tokens per seat
    last_resolution: Resolution | None
    winners: list[int]  # once the game is over
    options: dict[str, Any]  # the options in force
