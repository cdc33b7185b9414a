"""A match: one game in progress with its chance source, record and events.

The match is what the terminal, simulations and bots drive: it resolves chance
points as soon as they come, applies decisions given as ids or text forms,
keeps the record (seed, options, decisions) and the event log, and hands
each seat its view. A rejected action leaves the match exactly as it was.

Nothing is built for nobody (issue 15). The event log is written when it is read:
the match plays its decisions without events and keeps the chance outcomes it
applied; `events` brings a second state, the scribe, up to date from those
decisions and outcomes (the same rules, so the same events) and returns its log.
A view is built when it is read (`LazyView`); one still held unread when the
state changes keeps a copy of the state it describes.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from typing import Any

from ludotheque.core.chance import ScriptedChance, SeededChance, outcome_to_json, settle
from ludotheque.core.errors import IllegalActionError, LudoError, NotationError, echo
from ludotheque.core.events import Event
from ludotheque.core.game import CHANCE, TERMINAL, Game, MoveForms, State
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
        self._take(game.new_state(players, options))
        self.chance = chance if chance is not None else SeededChance(self.seed)
        self.actions: list[int] = []
        self._chance_log: list[Any] = []
        # Scripted outcomes are kept in the record (a seed cannot regenerate them).
        scripted = isinstance(self.chance, ScriptedChance)
        # The event log: written on demand by the scribe from `actions` and `_outcomes`
        # (see `events`), or appended to at each move once a log was handed in
        # (`_written`: the events setter).
        self._log_kept = keep_events
        self._events: list[Event] = []
        self._written: list[Event] | None = None
        self._scribe: State | None = None
        self._scribe_at = (0, 0)  # decisions and outcomes the scribe has applied
        self._outcomes: list[Any] | None = (
            (self._chance_log if scripted else []) if keep_events else None)
        self._log = self._chance_log if scripted else self._outcomes
        self._pending: list[LazyView] = []  # views handed out since the last move
        self._spare: LazyView | None = None  # an unread view nobody held, to hand out again
        self._num_actions = game.num_actions
        self.chance_steps = 0  # chance outcomes applied so far
        self._resolve_chance()

    # -- the state and the event log -----------------------------------------
    @property
    def state(self) -> State:
        """The true state (hidden information included: the engine's own tools and tests
        read it; seats read `view`). Whoever holds it may edit it, so from the first time
        it is read the match writes its events at each move, from the state itself."""
        if self._written is None and self._log_kept:
            self._written = list(self.events)  # every event so far, then the moves' own
            self._drop_scribe()
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        _ = self.state  # the events so far come from the state being replaced
        self._take(state)

    def _take(self, state: State) -> None:
        """Drive `state` from now on. The readers a seat calls at every decision are the
        state's own bound methods, set on this match (one call, not two, on the path every
        bot and server takes); the class's methods below say the same and document it."""
        self._state = state
        self.current_player = state.current_player  # type: ignore[method-assign]
        self.legal_actions = state.legal_actions  # type: ignore[method-assign]
        self.is_over = state.is_terminal  # type: ignore[method-assign]

    def _drop_scribe(self) -> None:
        self._scribe = None
        self._outcomes = self._chance_log if self._log is self._chance_log else None
        self._log = self._outcomes

    @property
    def events(self) -> list[Event] | None:
        """Every event so far, in order (None if the match keeps none). Written now if
        nobody asked before: a second state replays the decisions and chance outcomes
        this match applied, with the same rules, so it writes the same events the
        state would have (a rejected move leaves no trace in either)."""
        if not self._log_kept:
            return None
        if self._written is not None:
            return self._written
        if self._scribe_at != (len(self.actions), len(self._outcomes)):
            self._write_events()
        return self._events

    @events.setter
    def events(self, log: list[Event] | None) -> None:
        """A log handed in (a copy of another match's): kept, and appended to at each move
        from now on (this match's state may no longer be the one its decisions made)."""
        self._log_kept = log is not None
        self._written = log
        self._drop_scribe()

    def _write_events(self) -> None:
        scribe = self._scribe
        if scribe is None:
            scribe = self._scribe = self.game._new_state(self._state.num_players,
                                                         self._state.options)
        actions, outcomes, events = self.actions, self._outcomes, self._events
        done, drawn = self._scribe_at
        while True:
            if scribe.is_chance():
                if drawn == len(outcomes):
                    break
                scribe.apply_chance(outcomes[drawn], events)
                drawn += 1
            elif done < len(actions):
                scribe.apply_action(actions[done], events)
                done += 1
            else:
                break
        self._scribe_at = (done, drawn)

    # -- driving ----------------------------------------------------------
    def _resolve_chance(self) -> None:
        self.chance_steps += settle(self._state, self.chance, self._written, self._log)

    def apply(self, action: int | str, seat: int | None = None) -> int:
        """Apply a decision (id or text); returns its id. Errors change nothing.

        With `seat` (who sends the move, e.g. a remote player), a move out of turn
        is refused without listing anyone's legal moves: they may name hidden cards.
        """
        if seat is not None:
            self._check_sender(seat)
        if type(action) is int and 0 <= action < self._num_actions:  # an id: nothing to parse
            action_id = action
        else:
            action_id = self.game.parse_action(action, self._state)
        pending = self._pending
        if pending:  # views handed out since the last move (usually one, already dropped)
            if len(pending) == 1 and _refcount(pending[0]) == _LONE:  # nobody else holds it
                if pending[0]._state is not None:  # unread: its storage is the placeholder
                    self._spare = pending[0]  # handed out again by the next `view`
                pending.clear()
            else:
                self._settle_views()
        state = self._state
        state.apply_action(action_id, self._written)
        self.actions.append(action_id)
        if state.current_player() == CHANCE:  # _resolve_chance, inlined
            self.chance_steps += settle(state, self.chance, self._written, self._log)
        return action_id

    def apply_sequence(self, actions: list[int], seat: int | None = None, held: int = 0) -> None:
        """Apply several decisions of the same seat, all or nothing: a compound choice
        (a DTC offer: its cards, then the announce).

        Every step but the last must be one of the game's `building_moves` (they reveal
        nothing and keep the turn): a step after a move that reveals something (DTC's
        accept shows the cards offered) would be refused or accepted by what that move
        revealed, before anything is played. The sequence is tried on a copy first: if
        any step is not allowed, nothing is applied and the error names the step. With
        `seat`, a sequence sent out of turn is refused without listing anyone's moves
        (as in `apply`). `held`: the first steps were sent before, one by one (the moves
        a terminal held, `Gesture`): an error counts the steps after them only, the ones
        the person just typed.
        """
        actor = self._state.current_player()
        self._check_sender(seat)
        if isinstance(actions, (str, bytes)) or not isinstance(actions, (list, tuple)):
            raise IllegalActionError("error.sequence_not_list")
        if not actions:
            raise IllegalActionError("error.sequence_empty")
        trial = self._state.clone()
        parsed: list[int] = []
        last = len(actions) - 1

        def step(index: int) -> dict[str, int]:  # the step as the sender counts them
            return {"index": index + 1 - held, "count": len(actions) - held}

        for index, given in enumerate(actions):
            # The turn first, and every step read in its position (17's "3 down" reads the
            # hand of the seat to play): the sender's own, changed only by its building
            # moves, so no refusal tells it anything it cannot see.
            if index and trial.current_player() != actor:
                raise IllegalActionError("error.sequence_turn", **step(index))
            try:
                action = self.game.parse_action(given, trial)
            except LudoError as error:
                raise _step_error(step(index), given, error) from None
            builds = index < last and action in self.game.building_moves(trial.view(actor))
            try:
                trial.apply_action(action)
            except IllegalActionError as error:
                raise _step_error(step(index), MoveForms(self.game, [action]), error) from None
            if index < last and not builds:
                raise IllegalActionError("error.sequence_ends", **step(index),
                                         action=MoveForms(self.game, [action]))
            parsed.append(action)
            if trial.is_chance():  # chance ends a sequence: the remaining steps cannot be checked
                if index != len(actions) - 1:
                    raise IllegalActionError("error.sequence_turn", **step(index + 1))
        for action in parsed:
            self.apply(action)

    def _check_sender(self, seat: Any) -> None:
        """With `seat` (who sends the move), refuse a seat that is not one, and a move out
        of turn, without listing anyone's legal moves (they may name hidden cards)."""
        if seat is None:
            return
        self._state._check_seat(seat)
        if seat != self._state.current_player():
            raise IllegalActionError("error.not_your_turn", seat=seat + 1)

    # -- reading ----------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._state.num_players

    def current_player(self) -> int:
        return self._state.current_player()

    def is_over(self) -> bool:
        return self._state.current_player() == TERMINAL

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may see, as a dict built on first read (see `LazyView`).

        A view nobody reads costs nothing: before the state changes, the views still
        held but never read get a copy of the state they describe (one for them all);
        the dropped ones are forgotten. The match keeps the views it handed out since the
        last move, and tells the dropped ones by their reference count (see `_refcount`);
        the one unread view dropped before a move is handed out again by the next call
        (nobody can tell: nobody held it)."""
        state = self._state
        if player is not None and (type(player) is not int or not 0 <= player < state.num_players):
            state._check_seat(player)  # raises NoSuchSeatError
        view = self._spare
        if view is None:
            view = LazyView(_UNBUILT_STORAGE)  # dict's own init in C copies the placeholder
        else:  # a view handed out before, never read and held by nobody since
            self._spare = None
        view._state, view._player = state, player
        pending = self._pending
        if pending:  # several views at one moment (a server's frames): keep only the live
            self._forget_views(pending)
        pending.append(view)
        return view

    @staticmethod
    def _forget_views(pending: list[LazyView]) -> None:
        """Drop from `pending` the views read since (they hold their own dict now) and
        the ones nobody else holds, so a match asked for many views between two moves
        keeps only those still unread and held."""
        pending[:] = [pending[index] for index in range(len(pending))
                      if pending[index]._state is not None and _refcount(pending[index]) > _LONE]

    def _settle_views(self) -> None:
        moment = None
        state, pending = self._state, self._pending
        for index in range(len(pending)):
            if _refcount(pending[index]) > _LONE and pending[index]._state is state:  # held
                if moment is None:
                    moment = state.clone()
                pending[index]._state = moment
        pending.clear()

    def events_for(self, player: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The event log from index `start`, as seat `player` may read it."""
        events = self.events
        if events is None:
            return []
        return [event.for_player(player) for event in events[start:]]

    def record(self, **meta: Any) -> Record:
        chance = [outcome_to_json(o) for o in self._chance_log] if self._chance_log else None
        result = None
        if self._state.is_terminal():
            result = {"winners": self._state.winners(), "returns": self._state.returns()}
        return Record(
            game=self.game.name,
            players=self._state.num_players,
            options=dict(self._state.options),
            seed=self.seed,
            actions=[self.game.action_to_text(a) for a in self.actions],
            chance=chance,
            result=result,
            meta=dict(meta),
        )


def _step_error(step: dict[str, int], shown: Any, error: LudoError) -> LudoError:
    """A step of a sequence was refused: the error itself for a sequence of one, else one
    of the same kind (unreadable or illegal) naming the step (`step`: its index and the
    count) and why."""
    if step["count"] == 1:
        return error
    kind = NotationError if isinstance(error, NotationError) else IllegalActionError
    return kind("error.sequence_step", **step, action=echo(shown), reason=error)


def _building(name: str) -> Any:
    method = getattr(dict, name)

    def built_first(self: LazyView, *args: Any, **kwargs: Any) -> Any:
        if self._state is not None:
            self._build()
        for other in args:  # view == view, view | view: dict's C code reads the storage
            if isinstance(other, LazyView) and other._state is not None:
                other._build()
        return method(self, *args, **kwargs)

    built_first.__name__ = name
    built_first.__doc__ = method.__doc__
    return built_first


# Until built, a view's storage holds one placeholder, so C code that looks at the size
# before calling `items()` (json's encoder) does not take it for empty.
_UNBUILT = object()
_UNBUILT_STORAGE = {_UNBUILT: None}

# How many references a view has, read always as `_refcount(pending[i])`; where the
# interpreter cannot tell (no sys.getrefcount), a count no view reaches, so every view
# still unread gets its copy of the state, as if held.
_refcount = getattr(sys, "getrefcount", None) or (lambda view: 1 << 30)


def _lone_count() -> int:
    """What `_refcount(pending[i])` gives for a view only the list `pending` holds,
    measured on this interpreter (CPython counts the call's argument; another may not)."""
    pending = [{}]
    return _refcount(pending[0]) if _refcount is getattr(sys, "getrefcount", None) else 0


_LONE = _lone_count()


class LazyView(dict):  # type: ignore[type-arg]
    """A seat's view that is built (by `State.view`) the first time anything reads it.

    It is a dict like any view (JSON, `dict(view)`, `**view`, comparison, copies);
    every read and write builds it first, so a reader sees, and may edit, its own
    fresh dict and nothing else. The `Match` that hands it out gives it a copy of
    the state before changing the state if it is still held unread, so it always
    describes the moment of the `view` call. Pickling and copying give a plain dict.
    """

    __slots__ = ("_player", "_state")
    _state: State | None
    _player: int | None

    # No __init__ of its own: `Match.view` makes one as `LazyView(_UNBUILT_STORAGE)` (dict's
    # init, in C, copies the placeholder) and then sets `_state` and `_player`.

    def _build(self) -> None:
        state, self._state = self._state, None
        if state is not None:
            dict.clear(self)
            dict.update(self, state.view(self._player))

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        return copy.deepcopy(self.copy(), memo)

    def __repr__(self) -> str:
        if self._state is not None:
            self._build()
        return dict.__repr__(self)


for _name in ("__getitem__", "__contains__", "__iter__", "__len__", "__eq__", "__ne__",
              "__or__", "__ror__", "__ior__", "__reversed__", "__setitem__", "__delitem__",
              "get", "keys", "values", "items", "copy", "setdefault", "pop", "popitem",
              "update", "clear"):
    setattr(LazyView, _name, _building(_name))
LazyView.__hash__ = None  # type: ignore[assignment]
