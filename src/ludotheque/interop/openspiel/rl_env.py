"""`environment`: OpenSpiel's `rl_environment.Environment` for one of our games.

Each seat's tensor is a `SeatTensor`, built only when read. With chance drawn whole (the
default), the game runs on our state directly (`_Episode`, its time steps `_Moment`s)
until its pyspiel state is asked for. `ChanceSampler` is a fast `chance_event_sampler`."""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

from ludotheque.core.errors import NotationError, OptionError
from ludotheque.core.game import Game, MoveForms, State
from ludotheque.core.registry import get_game
from ludotheque.interop.openspiel.chance import _apply_whole, _Replay, _WholeChance
from ludotheque.interop.openspiel.information import (
    _as_list,
    _chance_slot,
    _ChanceSeen,
    _encode_view,
    _Meta,
)
from ludotheque.interop.openspiel.params import load_game
from ludotheque.interop.openspiel.state import (
    ActionTypeError,
    LudothequeGame,
    LudothequeState,
    _Core,
)
from ludotheque.interop.table import action_number

_new_tuple = tuple.__new__
_SPIEL_TERMINAL = int(pyspiel.PlayerId.TERMINAL)  # rl_environment's current player at the end


def _move_key(item: tuple[int, int, Any], seat: int) -> int:
    """A move of `environment`'s log, (actor, move, as the other seats saw it: a key, or
    each seat's key), as seat `seat` saw it."""
    actor, action, seen = item
    if seat == actor:
        return action
    return seen[seat] if type(seen) is tuple else seen


class SeatTensor(Sequence):
    """One seat's tensor in a time step of `environment`, built when first read, from the
    state the time step describes (in an episode, its `_Moment`: our state until the next
    move, then a copy rebuilt when first read). It reads as a list (`len`, an index, a
    slice, iteration, `==`, `str`) and as a numpy array (`numpy.asarray`: float32, a copy,
    without going through a list; with `copy=False`, the read-only array the seat's
    history keeps, which its next tensor starts from)."""

    __slots__ = ("_array", "_core", "_list", "_perfect_recall", "_seat", "_size")

    def __init__(self, core: Any, seat: int, perfect_recall: bool, size: int) -> None:
        self._core = core  # a `_Core` (a pyspiel state's time step) or an episode's `_Moment`
        self._seat = seat
        self._perfect_recall = perfect_recall
        self._size = size
        self._array: np.ndarray | None = None
        self._list: list[float] | None = None

    def _vector(self) -> np.ndarray:
        if self._array is None:
            core = self._core
            if type(core) is _Moment:
                self._array = core.vector(self._seat)
            elif self._perfect_recall:
                self._array = core.meta.reader(True).vector(self, self._seat)
            else:  # the observation: the encoded view (what the reader would give)
                self._array = core.encoded(self._seat)
            self._core = None
        return self._array

    def _read(self) -> list[float]:
        if self._list is None:
            self._list = _as_list(self._vector())
        return self._list

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: Any) -> Any:
        return self._read()[index]

    def __iter__(self) -> Any:
        return iter(self._read())

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        vector = self._vector()
        if copy is False and (dtype is None or np.dtype(dtype) == vector.dtype):
            return vector  # read-only: shared with the history that keeps it
        return np.array(vector, dtype=dtype)  # the caller's own (agents may write to it)

    def __eq__(self, other: object) -> bool:
        return self._read() == (list(other) if isinstance(other, Sequence) else other)

    def __repr__(self) -> str:
        return repr(self._read())


class ChanceSampler:
    """A chance sampler for `rl_environment` (its `chance_event_sampler`): a seeded numpy
    generator, as OpenSpiel's own, drawing from the node's probabilities without building
    arrays at every node (a deal is dozens of nodes)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed(seed)

    def seed(self, seed: int | None = None) -> None:
        self._rng = np.random.RandomState(seed)

    def __call__(self, state: pyspiel.State) -> int:
        if isinstance(state, LudothequeState):
            outcomes = state._core.chance_node().items()
        else:
            outcomes = state.chance_outcomes()
        pick, total = self._rng.random_sample(), 0.0
        for outcome, probability in outcomes:
            total += probability
            if pick < total:
                return outcome
        return outcome


class _Episode:
    """`environment`'s game in progress, driven on our state directly (as the Gymnasium
    env's table drives it): each chance point drawn whole, the moves and outcomes noted
    (the pyspiel state is built from them only when asked: `spiel_state`) and, for the
    information state, one log the seats share (a move: the actor, the move and what the
    other seats saw, a key or each seat's, see `_move_key`; a chance point: a
    `_ChanceSeen`), from which a seat's tensor is written
    when read (`tensor`). Until a seat first reads a tensor, a chance point keeps a copy
    of our state (the slots of seats reading later are read from it); from then on, it
    keeps no copy but the chance slot of each seat that has read, made then from our
    state (a seat reading for the first time later, or a time step read once past, has
    the game replayed: `replay`). A time step's tensors are read through a `_Moment`,
    which holds the episode (the episode never holds a moment: no cycle)."""

    __slots__ = ("after", "alike", "history", "last", "layout", "legal", "log", "meta", "mover",
                 "moves", "none", "observe", "outcomes", "readers", "seats", "size", "state",
                 "track", "whole")

    def __init__(self, meta: _Meta, whole: Any, track: bool, size: int) -> None:
        self.meta = meta
        self.seats = range(meta.players)
        self.none = ((),) * meta.players  # a time step's legal moves: nothing, per seat
        self.size = size  # a seat's tensor's length
        self.whole = whole
        self.track = track  # the seats' histories (an information state is read)
        self.history = history = meta.reader(True).history if track else None
        # a seat's tensor (`_History`): its view's length, a move slot's, the players, the
        # move keys' scale, the moves it holds, where its chance slots start, a chance
        # slot's length, the chance points it holds
        self.layout = ((history.observation, history.move_width, meta.players,
                        meta.game.num_actions, history.moves,
                        history.observation + history.moves * history.move_width,
                        history.chance_width, history.chances) if history is not None
                       else None)
        # how each seat sees a move; None: every seat sees every move as it is (the game
        # keeps `Game.observe_action`); `alike`: the game's `encoding.py` declares that
        # every seat but the mover sees a move alike (`MOVES_SEEN_ALIKE`): one asked
        game = meta.game
        self.observe = (None if type(game).observe_action is Game.observe_action
                        else game.observe_action)
        self.alike = bool(getattr(game.parts.encoder, "MOVES_SEEN_ALIKE", False))
        self.after = tuple((seat + 1) % meta.players for seat in self.seats)
        self.state = meta.initial.clone()
        self.log: list[Any] = []
        self.moves: list[int] = []
        self.outcomes: list[Any] = []  # per chance point: our outcome, or a fold's list
        # per seat, its last tensor read: (log length, moves, chance points, the tensor)
        self.last: list[tuple[int, int, int, np.ndarray] | None] = [None] * meta.players
        self.readers: list[int] = []  # the seats that have read a tensor, in that order
        self.legal: list[int] = []
        self.mover: int = _SPIEL_TERMINAL
        self.settle()

    def settle(self) -> None:
        """Every chance point up to the next decision, drawn whole (`_Core.settle_whole`);
        the seat to move and its legal moves then."""
        state = self.state
        if state.is_chance():
            self._draw(state, self.whole, True)
        if state.is_terminal():
            self.mover, self.legal = _SPIEL_TERMINAL, []
        else:
            self.mover, self.legal = state.current_player(), state.legal_actions()

    def _draw(self, state: State, source: Any, note: bool) -> None:
        """Chance points up to the next decision drawn whole from `source` (the outcomes
        noted, and logged if `note`)."""
        meta = self.meta
        while state.is_chance():
            outcome = _apply_whole(state, meta.chance_spec(state), source)
            if note:
                self.outcomes.append(outcome)
                if not self.track:
                    continue
                readers = self.readers
                if readers:  # each reader's slot now, from our state: no copy kept
                    seen = _ChanceSeen(meta, None)  # type: ignore[arg-type]
                    for seat in readers:
                        seen.slots[seat] = _chance_slot(meta, state, seat)
                else:
                    seen = _ChanceSeen(meta, state.clone())
                self.log.append(seen)

    def play(self, action: Any, checked: bool = False) -> None:
        """A move (checked as `LudothequeState` checks it, unless `checked`: the caller found
        it in `legal` already), then chance up to the next decision."""
        if type(action) is not int:
            action = operator.index(action)  # a numpy integer, as pyspiel takes it
        state = self.state
        if not checked and action not in self.legal:
            raise state.reject(action)
        if self.track:  # the log's move: (actor, the move, as the other seats saw it)
            actor, observe = self.mover, self.observe
            if observe is None:
                seen = action
            elif self.alike:  # the next seat sees it as every seat but the mover
                seen = observe(state, action, self.after[actor])
            else:  # each seat's key
                seen = tuple([action if seat == actor else observe(state, action, seat)
                              for seat in self.seats])
            state.apply_action(action)
            self.log.append((actor, action, seen))
        else:
            state.apply_action(action)
        self.moves.append(action)
        if state.is_chance():  # `settle`, inlined: once per move
            self._draw(state, self.whole, True)
        if state.is_terminal():
            self.mover, self.legal = _SPIEL_TERMINAL, []
        else:
            self.mover, self.legal = state.current_player(), state.legal_actions()

    def tensor(self, seat: int, length: int, view: np.ndarray) -> np.ndarray:
        """Seat `seat`'s information-state tensor when the log was `length` long (`view`:
        its encoded view then), as `_History.tensor` builds it, read-only: a copy of its
        last tensor read (if no later), then the log's steps since written in (no
        `_Node`s: an episode's histories are never shared) and the view."""
        last, history = self.last[seat], self.history
        if last is not None and last[0] <= length:
            start, moves, chances, vector = last
            out = vector.copy()
        else:
            if last is None:  # its first read: its slots of the chance points so far
                self.fill(seat)
            start = moves = chances = 0
            out = np.zeros(history.size, np.float32)  # type: ignore[union-attr]
        observation, width, players, keys, bound, slots, slot_width, most = self.layout
        if start < length:
            steps = self.log[start:length]
            if moves + len(steps) > bound:
                # near the bound: each step written by `_History.write` (its errors)
                for item in steps:
                    if type(item) is _ChanceSeen:
                        chances += 1
                    else:
                        moves += 1
                        item = (item[0], _move_key(item, seat))
                    history.write(item, moves, chances, seat,  # type: ignore[union-attr]
                                  out[observation:])
            else:  # each move written as `_History.write` writes it, without its calls
                at = observation + moves * width  # the next move's slot
                each = self.observe is not None and not self.alike  # a key per seat
                for item in steps:
                    if type(item) is _ChanceSeen:
                        chances += 1
                        if chances > most:  # its error
                            history.write(item, 0, chances, seat,  # type: ignore[union-attr]
                                          out[observation:])
                        slot = slots + (chances - 1) * slot_width
                        out[slot] = (1 + (at - observation) // width) / (bound + 1)
                        out[slot + 1:slot + slot_width] = item.slots[seat]  # a reader's
                        continue
                    actor = item[0]
                    if actor == seat:
                        key = item[1]
                    else:
                        key = item[2][seat] if each else item[2]
                    if not 0 <= key <= keys:  # its error
                        history.write((actor, key), 1, chances, seat,  # type: ignore[union-attr]
                                      out[observation:])
                    out[at + (actor - seat) % players] = 1.0
                    out[at + players] = key / keys
                    at += width
                moves = (at - observation) // width
        out[:observation] = view
        out.flags.writeable = False
        self.last[seat] = (length, moves, chances, out)
        return out

    def state_at(self, length: int) -> State:
        """Our state at a decision (a time step's) when the log was `length` long
        (`replay`). Without a log (no information state), after the first `length` moves:
        the initial state with the moves and outcomes replayed."""
        if not self.track:
            state, moves = self.meta.initial.clone(), self.moves
            source = _Replay(self.outcomes)
            self._draw(state, source, False)
            for index in range(length):
                state.apply_action(moves[index])
                self._draw(state, source, False)
            return state
        return self.replay(length)

    def fill(self, seat: int) -> None:
        """A seat's first read: its slots of the chance points so far, read from the copies
        they keep, or (the chance points since another seat's first read) replayed; it
        gets its slot of every chance point from now on."""
        meta, missing = self.meta, False
        for item in self.log:
            if type(item) is _ChanceSeen and seat not in item.slots:
                if item.state is None:
                    missing = True
                else:
                    item.slots[seat] = _chance_slot(meta, item.state, seat)
        if missing:
            self.replay(len(self.log), seat)
        self.readers.append(seat)

    def replay(self, length: int, seat: int | None = None) -> State:
        """Our state when the log was `length` long, replayed from the last copy kept
        before then (else the initial state) with the moves and chance outcomes since;
        with `seat`, that seat's chance slots on the way noted in the log where missing."""
        meta, log, start = self.meta, self.log, length
        while start and (type(log[start - 1]) is not _ChanceSeen
                         or log[start - 1].state is None):
            start -= 1
        if start:
            state = log[start - 1].state.clone()
            chances = sum(type(item) is _ChanceSeen for item in log[:start])
        else:
            state, chances = meta.initial.clone(), 0
        source = _Replay(self.outcomes[chances:])
        for item in log[start:length]:
            if type(item) is _ChanceSeen:
                _apply_whole(state, meta.chance_spec(state), source)
                if seat is not None and seat not in item.slots:
                    item.slots[seat] = _chance_slot(meta, state, seat)
            else:
                state.apply_action(item[1])
        return state

    def spiel_state(self, game: LudothequeGame) -> LudothequeState:
        """The pyspiel state of this game (its `history()` the moves): built from the
        initial state, the moves replayed and the chance outcomes given back; later chance
        points drawn from `whole`, as the environment's."""
        meta = self.meta
        core = _Core(meta, meta.initial.clone(), [], [None] * meta.players)
        core.whole = _Replay(self.outcomes)  # type: ignore[assignment]
        core.settle_whole(core.whole)
        state = LudothequeState(game, core)
        for action in self.moves:
            state.apply_action(action)
        core.whole = self.whole
        return state


class _Moment(Sequence):
    """One time step of an `_Episode`: its `info_state`, every seat's tensor (a
    `SeatTensor`, made when indexed: a time step builds nothing for a seat nobody reads;
    it reads as a list of them). A tensor is read from the state of the time step: our
    state itself while no move was played since (the episode's log, or move count,
    tells), and once past, a copy rebuilt once (`_Episode.state_at`), as a time step is
    seldom read once past."""

    __slots__ = ("episode", "length", "state", "tensors")

    def __init__(self, episode: _Episode) -> None:
        self.episode = episode
        # how long the log was (every move adds to it), else the moves, at this time step
        self.length = len(episode.log if episode.track else episode.moves)
        self.state: State | None = None  # rebuilt, once past
        self.tensors: list[SeatTensor | None] | None = None

    def __len__(self) -> int:
        return self.episode.meta.players

    def __getitem__(self, seat: Any) -> Any:
        if type(seat) is slice:
            return [self[each] for each in range(len(self))[seat]]
        tensors = self.tensors
        if tensors is None:
            tensors = self.tensors = [None] * len(self.episode.last)
        tensor = tensors[seat]  # an IndexError beyond the seats, as a list
        if tensor is None:
            episode = self.episode
            tensor = tensors[seat] = SeatTensor(self, seat % len(tensors), episode.track,
                                                episode.size)
        return tensor

    def __iter__(self) -> Any:
        return (self[seat] for seat in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, Sequence) else other)

    def __repr__(self) -> str:
        return repr(list(self))

    def vector(self, seat: int) -> np.ndarray:
        """Seat `seat`'s tensor at this time step (its `SeatTensor`'s array): its view then,
        encoded, and with the information state its history (`_Episode.tensor`)."""
        episode, state = self.episode, self.state
        if state is None:
            if len(episode.log if episode.track else episode.moves) == self.length:
                # no move since: our state itself
                state = episode.state
            else:
                state = self.state = episode.state_at(self.length)
        view = _encode_view(episode.meta, state, seat)
        return episode.tensor(seat, self.length, view) if episode.track else view


class ActionCountError(NotationError, rl_environment.InvalidParameterError):
    """A step given no action or several (a turn-based game: one at a time); what
    rl_environment raises for it too."""


def _check_legal(action: Any, legal: list[int]) -> None:
    """rl_environment's legality check, in its words; a numpy array of several values is
    an illegal action too (`in` would compare it element by element, and raise)."""
    from open_spiel.python import rl_environment

    try:
        known = action in legal
    except ValueError:
        known = False
    if not known:
        raise rl_environment.IllegalActionError(
            f"Illegal action {action} for current player. Legal actions are: {legal}")


# rl_environment.Environment's keywords (others it reads as a game's parameters, and
# drops when given a loaded game), and our `seed`
_ENVIRONMENT_KEYWORDS = ("discount", "chance_event_sampler", "observation_type",
                         "include_full_state", "mfg_distribution", "mfg_population",
                         "enable_legality_check", "seed")


def environment(game: Any, **kwargs: Any) -> Any:
    """OpenSpiel's `rl_environment.Environment` for one of our games (a loaded game, or
    a name with `players` and options, checked by our rules), in which each seat's tensor
    is built only when read: `rl_environment` builds every seat's tensor at every step,
    while an agent reads its own (a random one none). The time steps are those of
    `rl_environment` (tested); the tensors are `SeatTensor`s, which read as lists and as
    numpy arrays. An episode has a move at least: a game over before it (in its
    chance nodes) is dealt again. Other keyword arguments go to
    `rl_environment.Environment` (`seed`, `observation_type`...).

    Chance: each of our chance points is drawn whole from a generator seeded with `seed`
    (a shuffle in one go, where the game's tree has a node per item: the same outcomes'
    distribution, the same information states), so the environment's state `history()`
    holds the moves only. The game then runs on our state directly (`_Episode`); its
    pyspiel state (`get_state`) is built when asked, the moves replayed and the outcomes
    given back, and the game goes on in that state until the next `reset`. With
    `chance_event_sampler` given, chance is drawn by it node by node, as `rl_environment`
    does."""
    from open_spiel.python import rl_environment

    class Environment(rl_environment.Environment):
        """rl_environment with its time steps built from our state directly (no pyspiel
        round trip per seat and field), each seat's tensor a `SeatTensor`. With chance
        drawn whole, the game is an `_Episode` (our state driven directly) until its
        pyspiel state is asked for (`get_state`, or any use of `_state`): then that state
        is built, and the game goes on in it until the next `reset`."""

        _episode: _Episode | None = None
        _spiel: Any = None

        @property  # type: ignore[override]
        def _state(self) -> Any:
            episode = self._episode
            if episode is not None:
                self._spiel = episode.spiel_state(self._game)
                self._episode = None
            return self._spiel

        @_state.setter
        def _state(self, state: Any) -> None:
            self._episode = None
            self._spiel = state

        def __init__(self, game: Any, whole: _WholeChance | None = None,
                     **options: Any) -> None:
            super().__init__(game, **options)
            self._ours = isinstance(self._game, LudothequeGame) and not self._include_full_state
            self._whole = whole if self._ours else None
            self._perfect_recall = not self._use_observation
            if self._ours:
                reader = self._game.meta.reader(self._perfect_recall)
                self._tensor_size = reader.tensor.size

        def seed(self, seed: int | None = None) -> None:
            super().seed(seed)  # its chance sampler
            if self._whole is not None:  # ours, in place: the game in progress draws from it
                self._whole.__init__(random.randrange(2**62) if seed is None else seed)

        def reset(self) -> Any:
            # A game may end in its chance nodes (Wazabi: dice given without a choice);
            # rl_environment would start an episode with no one to move: deal again, as
            # our Gymnasium env does.
            if not self._ours:
                time_step = super().reset()
                while self._state.is_terminal():
                    time_step = super().reset()
                return time_step
            self._should_reset = False
            game, whole = self._game, self._whole
            while True:
                if whole is None:
                    self._state = game.new_initial_state()
                    self._sample_external_events()
                else:
                    episode = _Episode(game.meta, whole, self._perfect_recall,
                                       self._tensor_size)
                    if not episode.state.is_terminal():
                        self._episode = episode
                        return self._episode_step(first=True)
                    continue
                if not self._state._core.state.is_terminal():
                    break
            return self._time_step(first=True)

        def step(self, actions: Any) -> Any:
            episode = self._episode
            if self._ours and not self._should_reset:
                actions = [self._action(actions)]
            if episode is not None and len(actions) == 1 and not self._should_reset:
                action = actions[0]
                checked = self._enable_legality_check
                if checked:
                    _check_legal(action, episode.legal)
                episode.play(action, checked=checked)
                return self._episode_step(first=False)
            if not self._ours or len(actions) != 1 or self._should_reset:
                return super().step(actions)  # its errors, and a new game after the last
            if self._enable_legality_check:
                _check_legal(actions[0], self._state.legal_actions())
            self._state.apply_action(actions[0])  # and chance drawn whole, if so
            if self._whole is None:
                self._sample_external_events()
            return self._time_step(first=False)

        def _action(self, actions: Any) -> int:
            """The one action of a step, as a number (`action_number`); a list of another
            length is refused naming the legal actions (ActionCountError), asked for only
            then: a step's own legality check asks for them once."""
            game, episode = self._game.meta.game, self._episode
            legal = (lambda: episode.legal) if episode is not None else \
                self._state.legal_actions
            if len(actions) != 1:
                raise ActionCountError("openspiel.error.action_count", count=len(actions),
                                       legal=MoveForms(game, legal(), ids=True))
            return action_number(actions[0], game, legal, ActionTypeError)

        def _sample_external_events(self) -> None:
            if not self._ours:
                super()._sample_external_events()
                return
            state, sampler = self._state, self._chance_event_sampler
            while state._core.state.is_chance():
                state.apply_action(sampler(state))

        def get_time_step(self) -> Any:
            if not self._ours:
                return super().get_time_step()
            if self._episode is not None:
                return self._episode_step(first=False)
            return self._time_step(first=False)

        def _episode_step(self, first: bool) -> Any:
            """`_time_step` of the game in progress as an `_Episode`: its tensors a
            `_Moment`, each seat's made when read."""
            episode = self._episode
            mover = episode.mover  # type: ignore[union-attr]
            legal: list[list[int]] = list(map(list, episode.none))  # a new [] per seat
            if mover >= 0:
                legal[mover] = list(episode.legal)  # type: ignore[union-attr]
            return self._finish(_Moment(episode), legal, mover, first,  # type: ignore[arg-type]
                                mover < 0, episode.state)  # type: ignore[union-attr]

        def _time_step(self, first: bool) -> Any:
            """What `rl_environment` builds (the same values), read from our state once."""
            core = self._state._core
            ours, meta = core.state, core.meta
            players = meta.players
            # The tensors are read from this step's state: right after a chance point, the
            # copy its history keeps; else a copy of its own.
            node = core.seen[0]
            if core.fresh and node is not None and isinstance(node.item, _ChanceSeen):
                snapshot = _Core(meta, node.item.state, [], core.seen, fresh=True)
            else:
                snapshot = _Core(meta, ours.clone(), [], core.seen)
            recall, size = self._perfect_recall, self._tensor_size
            tensors = [SeatTensor(snapshot, seat, recall, size) for seat in range(players)]
            terminal = ours.is_terminal()
            legal: list[list[int]] = [[] for _ in range(players)]
            if terminal:
                mover = pyspiel.PlayerId.TERMINAL
            else:
                mover = ours.current_player()
                legal[mover] = list(core.legal())
            return self._finish(tensors, legal, mover, first, terminal, ours)

        def _finish(self, tensors: Sequence[SeatTensor], legal: list[list[int]], mover: int,
                    first: bool, terminal: bool, ours: State) -> Any:
            players = len(tensors)
            observations = {"info_state": tensors, "legal_actions": legal,
                            "current_player": mover, "serialized_state": []}
            # TimeStep(observations, rewards, discounts, step_type), without its keywords
            if first:
                return _new_tuple(TimeStep, (observations, None, None, FIRST))
            self._should_reset = terminal
            if terminal:
                return _new_tuple(TimeStep, (observations, [float(r) for r in ours.returns()],
                                             [0.0] * players, LAST))
            return _new_tuple(TimeStep, (observations, [0.0] * players, self._discounts, MID))

    TimeStep, StepType = rl_environment.TimeStep, rl_environment.StepType
    FIRST, MID, LAST = StepType.FIRST, StepType.MID, StepType.LAST
    taken = set(_ENVIRONMENT_KEYWORDS)
    if isinstance(game, str):
        names = {spec.name for spec in get_game(game).option_specs}
        taken |= {"players", *names}
        players = kwargs.pop("players", None)
        options = {name: kwargs.pop(name) for name in list(kwargs) if name in names}
        game = load_game(game, players, **options)
    loaded = {"players", *(spec.name for spec in game.meta.game.option_specs)} \
        if isinstance(game, LudothequeGame) else set()
    for name in kwargs:  # rl_environment drops what it does not know, unsaid
        if name not in taken:
            raise OptionError("openspiel.error.loaded_game_keyword" if name in loaded
                              else "openspiel.error.environment_keyword", name=name,
                              allowed=", ".join(sorted(taken)))
    whole = None
    if kwargs.get("chance_event_sampler") is None:
        seed = kwargs.get("seed")
        whole = _WholeChance(random.randrange(2**62) if seed is None else seed)
        kwargs["chance_event_sampler"] = ChanceSampler(seed)  # rl_environment's own paths
    return Environment(game, whole, **kwargs)
