"""A match: one game in progress with its chance source, record and events.

The match is what the terminal, simulations and bots drive: it resolves chance
points as soon as they come, applies decisions given as ids or text forms,
keeps the record (seed, options, decisions) and the event log, and hands
each seat its view. A rejected action leaves the match exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludotheque.core.chance import ScriptedChance, SeededChance, outcome_to_json, settle
from ludotheque.core.errors import IllegalActionError, LudoError
from ludotheque.core.events import Event
from ludotheque.core.game import Game, State
from ludotheque.core.record import Record


class Match:
    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        chance: ScriptedChance | None = None,
        keep_events: bool = True,
    ) -> None:
        self.game = game
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.state: State = game.new_state(players, options)
        self.chance = chance if chance is not None else SeededChance(self.seed)
        self.actions: list[int] = []
        self.events: list[Event] | None = [] if keep_events else None
        self._chance_log: list[Any] = []
        self._resolve_chance()

    # -- driving ----------------------------------------------------------
    def _resolve_chance(self) -> None:
        # Scripted outcomes are kept in the record (a seed cannot regenerate them).
        log = self._chance_log if isinstance(self.chance, ScriptedChance) else None
        settle(self.state, self.chance, self.events, log)

    def apply(self, action: int | str, seat: int | None = None) -> int:
        """Apply a decision (id or text); returns its id. Errors change nothing.

        With `seat` (who sends the move, e.g. a remote player), a move out of turn
        is refused without listing anyone's legal moves: they may name hidden cards.
        """
        self._check_sender(seat)
        action_id = self.game.parse_action(action, self.state)
        self.state.apply_action(action_id, self.events)
        self.actions.append(action_id)
        self._resolve_chance()
        return action_id

    def apply_sequence(self, actions: list[int], seat: int | None = None) -> None:
        """Apply several decisions of the same seat, all or nothing.

        The sequence is tried on a copy first: if any step is illegal, or the turn
        passes to another seat before the end, nothing is applied and the error
        names the step. With `seat`, a sequence sent out of turn is refused
        without listing anyone's moves (as in `apply`).
        """
        actor = self.state.current_player()
        self._check_sender(seat)
        if isinstance(actions, (str, bytes)) or not isinstance(actions, (list, tuple)):
            raise IllegalActionError("error.sequence_not_list")
        if not actions:
            raise IllegalActionError("error.sequence_empty")
        trial = self.state.clone()
        parsed: list[int] = []
        for index, given in enumerate(actions):
            try:
                action = self.game.parse_action(given, trial)
            except LudoError as error:
                raise _step_error(actions, index, given, error) from None
            if index and trial.current_player() != actor:
                raise IllegalActionError("error.sequence_turn", count=len(actions), index=index + 1)
            try:
                trial.apply_action(action)
            except IllegalActionError as error:
                raise _step_error(actions, index, self.game.action_to_text(action), error) from None
            parsed.append(action)
            if trial.is_chance():  # chance ends a sequence: the remaining steps cannot be checked
                if index != len(actions) - 1:
                    raise IllegalActionError("error.sequence_turn", count=len(actions), index=index + 2)
        for action in parsed:
            self.apply(action)

    def _check_sender(self, seat: Any) -> None:
        """With `seat` (who sends the move), refuse a seat that is not one, and a move out
        of turn, without listing anyone's legal moves (they may name hidden cards)."""
        if seat is None:
            return
        self.state._check_seat(seat)
        if seat != self.state.current_player():
            raise IllegalActionError("error.not_your_turn", seat=seat + 1)

    # -- reading ----------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.state.num_players

    def current_player(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def legal_actions(self) -> list[int]:
        return self.state.legal_actions()

    def view(self, player: int | None) -> dict[str, Any]:
        return self.state.view(player)

    def events_for(self, player: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The event log from index `start`, as seat `player` may read it."""
        if self.events is None:
            return []
        return [event.for_player(player) for event in self.events[start:]]

    def record(self, **meta: Any) -> Record:
        chance = [outcome_to_json(o) for o in self._chance_log] if self._chance_log else None
        result = None
        if self.state.is_terminal():
            result = {"winners": self.state.winners(), "returns": self.state.returns()}
        return Record(
            game=self.game.name,
            players=self.state.num_players,
            options=dict(self.state.options),
            seed=self.seed,
            actions=[self.game.action_to_text(a) for a in self.actions],
            chance=chance,
            result=result,
            meta=dict(meta),
        )


def _step_error(actions: list[Any], index: int, shown: Any, error: LudoError) -> LudoError:
    """A step of a sequence was refused: the error itself for a sequence of one, else one
    naming the step and why."""
    if len(actions) == 1:
        return error
    return IllegalActionError("error.sequence_step", index=index + 1, count=len(actions),
                              action=shown, reason=error)
