"""The shape of a Wazabi view: what `WazabiState.view(seat)` gives a seat (or, with seat
None, a spectator). Everything is public but the contents of the hands, the order of
the pile and the cards a keeper has set aside (rules 1.3). Card codes: remove1,
passdice, remove2, give1, steal, keep1, draw3, keep2, skip, replay (see
`components.CODES`). Seats are 0-based.

(No `from __future__ import annotations` here: TypedDict reads `NotRequired` from the
evaluated annotations.)
"""

from typing import Any, Literal, NotRequired, TypedDict


class HandView(TypedDict):
    """A seat's hand as the reader sees it."""

    size: int  # how many cards (public; a keeper's count includes the cards set aside)
    cards: NotRequired[list[str]]  # the reader's own hand only: every card, in kind order


class RollView(TypedDict):
    """The last roll of the seat whose turn it is (public)."""

    faces: list[int]  # face indices 0..5: 0-2 W, 3-4 draw a card, 5 give a die
    w: int  # how many W
    draw: int  # how many draw faces
    give: int  # how many give faces


class KeepingView(TypedDict):
    """A "keeps 1 / 2 cards" effect being resolved (public, but the cards kept)."""

    player: int  # the seat choosing now
    count: int  # cards it keeps (1 or 2)
    chosen: int  # cards it has set aside so far
    waiting: list[int]  # the seats that choose after it, in order
    cards: NotRequired[list[str]]  # the cards set aside: the keeper's own view only


class ResultView(TypedDict):
    """A finished game of the match (public)."""

    winners: list[int]
    points: int  # the dice the others still held: the winners' score in a tournament
    dice: list[int]  # the dice each seat held at the end
    ranking: list[int]  # the seats in the order they left ("continue" mode), else empty


class LastPlayView(TypedDict):
    """The last card played (public)."""

    player: int
    card: str
    side: NotRequired[Literal["left", "right"]]  # "all pass their dice": once chosen
    target: NotRequired[int]  # "keeps only 1 card", "skips their turn": once chosen


class WazabiView(TypedDict):
    """Everything a seat may know, and nothing more."""

    game: Literal["wazabi"]
    seat: int | None  # the reader (None: a spectator)
    players: int
    phase: Literal["deal", "start", "roll", "reshuffle", "pick", "give", "play", "direction",
                   "target", "take", "keep", "over"]
    to_act: int | None  # the seat to decide now (None at chance points and the end)
    turn: int  # the seat whose turn it is
    direction: Literal[1, -1]  # 1: clockwise
    dice: list[int]  # dice held per seat
    removed: int  # dice removed from the game
    hands: list[HandView]  # one per seat
    pile: int  # cards in the draw pile
    discard: list[str]  # the discard, oldest first (public)
    skips: list[int]  # "skips their turn" cards waiting per seat
    active: list[bool]  # per seat: still in the game
    finished: list[int]  # seats out of the game, in the order they left
    contenders: list[int]  # the seats rolling for the start (every seat before it, then none)
    roll: RollView
    gives_left: int  # dice still to give for the roll's give faces
    draws_left: int  # cards still to draw
    card: str | None  # the card being resolved
    take_from: int | None  # the seat a blind card is (being) taken from
    taking: Literal["steal", "draw"] | None  # why a blind card is taken (phases take, pick)
    keeping: KeepingView | None
    teams: list[list[int]] | None  # the pairs of partners (option teams)
    game_no: int  # the game of the match being played, from 1
    games: int  # games in the match (option tournament_games)
    scores: list[int]  # tournament points per seat
    results: list[ResultView]  # the match's finished games
    last_play: LastPlayView | None
    winners: list[int]  # once the match is over
    options: dict[str, Any]  # the options in force
