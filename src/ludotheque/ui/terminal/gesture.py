"""Moves held back until a gesture is complete, so they can be taken back (a DTC offer).

Every decision of the engine is atomic and final (design principle 2); a person building
a compound choice may still change their mind. As the web page does, the terminal
collects the gesture itself: the moves that only build a choice (`Game.building_moves(view)`:
DTC's "add a card" while the reader builds an offer) are kept here and drawn on a trial
copy of the state, where `back` takes one back; the move that completes the gesture
("as 4") sends them all as one sequence (`Match.apply_sequence`, all or nothing). Until
then nothing reaches the match, the record or the other seats.

The trial copy is the real state plus the reader's own held moves: its view for the
reader shows nothing the reader does not already know.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ludotheque.core.errors import IllegalActionError
from ludotheque.core.game import Game, MoveForms, State
from ludotheque.core.match import Match

HeldMoves = Callable[[Any], Collection[int]]


class Gesture:
    def __init__(self, match: Match, seat: int, held_moves: HeldMoves | None) -> None:
        self.match = match
        self.game: Game = match.game
        self.seat = seat
        self.held_moves = held_moves
        self.moves: list[int] = []

    def state(self) -> State:
        """The state the reader decides in: the match's, plus the held moves."""
        if not self.moves:
            return self.match.state
        trial = self.match.state.clone()
        for action in self.moves:
            trial.apply_action(action)
        return trial

    def _holdable(self, state: State, action: int) -> bool:
        return (self.held_moves is not None and not state.is_chance()
                and state.current_player() == self.seat
                and action in self.held_moves(state.view(self.seat)))

    def play(self, actions: Sequence[int]) -> bool:
        """Hold `actions` if each may be held, else send the held moves and them as one
        sequence. Returns True when the moves reached the match. A refused move raises
        and changes nothing (the held moves stay held)."""
        if self.held_moves is not None and all(self._holdable_after(actions)):
            self.moves.extend(actions)
            return False
        if self.moves and len(actions) == 1:
            # refused on the reader's own trial state: the message names the typed move only
            self.state().clone().apply_action(actions[0])
        self.match.apply_sequence(self.moves + list(actions), seat=self.seat, held=len(self.moves))
        self.moves.clear()
        return True

    def _holdable_after(self, actions: Sequence[int]) -> list[bool]:
        """Each of `actions` is legal and may be held, one after the other."""
        trial = self.state().clone()
        result = []
        for action in actions:
            ok = self._holdable(trial, action) and action in trial.legal_actions()
            result.append(ok)
            if not ok:
                break
            trial.apply_action(action)
        return result if result else [False]

    def take_back(self, actions: Sequence[int] | None) -> int:
        """Take back the last held move, or the last held one equal to `actions[0]`;
        returns the move taken back. Nothing held, or that move not held: an error
        naming what is held."""
        if not self.moves:
            raise IllegalActionError("ui.error.nothing_held")
        if actions:
            if len(actions) != 1 or actions[0] not in self.moves:
                raise IllegalActionError("ui.error.not_held", move=MoveForms(self.game, actions),
                                         held=MoveForms(self.game, self.moves))
            index = len(self.moves) - 1 - self.moves[::-1].index(actions[0])
        else:
            index = len(self.moves) - 1
        return self.moves.pop(index)
