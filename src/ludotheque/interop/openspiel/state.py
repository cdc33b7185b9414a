"""The OpenSpiel game and state around ours: `LudothequeGame`, `LudothequeState`.

`_Core` is the Python side of a state: our state, the chance point being drawn in small
nodes (`chance`) and each seat's history (`information`); it copies cheaply (OpenSpiel
deep-copies states) and pickles as our state's JSON and the histories (`_rebuild_core`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

from ludotheque.core.chance import Pick, Roll, Shuffle
from ludotheque.core.errors import ChanceError, NotationError
from ludotheque.core.game import CHANCE, TERMINAL, Game, State
from ludotheque.interop.openspiel.chance import (
    _OURS,
    _apply_whole,
    _chance_outcomes,
    _chance_text,
    _complete,
    _redraw,
    _shuffle_left,
    _uniform,
    _WholeChance,
)
from ludotheque.interop.openspiel.information import (
    _UNKNOWN_PAST,
    _as_list,
    _canonical,
    _ChanceSeen,
    _check_seat,
    _encode_view,
    _linked_to_list,
    _list_to_linked,
    _Meta,
    _Node,
    _Observer,
    _seen_lists,
)
from ludotheque.interop.openspiel.params import (
    MAX_GAME_LENGTH,
    _load,
    game_options,
    load_game,
    spiel_params,
)
from ludotheque.interop.table import action_number


class _Core:
    """The Python side of one adapter state: our state, the partial chance outcome and, per
    seat, its history: the moves as that seat saw them and, after each completed chance
    point, what it saw then (linked lists: a copy shares them). OpenSpiel copies states
    with deepcopy; `__deepcopy__` makes that a cheap `State.clone`."""

    __slots__ = ("cache", "draws", "fresh", "left", "meta", "seen", "spec", "state", "whole")

    def __init__(self, meta: _Meta, state: State, draws: list[int], seen: list[Any],
                 spec: Any = None, fresh: bool = False) -> None:
        self.meta = meta
        self.state = state
        self.draws = draws
        self.seen = seen
        self.spec = spec  # the chance point being drawn (ours or a fold), None elsewhere
        self.cache: dict[tuple, Any] = {}  # strings and tensors read since the last move
        # (ISMCTS asks for the same information state several times per node)
        self.fresh = fresh  # our state is the one the last chance point of `seen` holds
        # (no decision since: a decision also adds a node); False for a resampled state
        self.left: list[int] | None = None  # a shuffle being drawn: each item's count left
        # `environment`'s own state: each chance point drawn whole from this source after a
        # move (`settle_whole`); None (a copy too): one OpenSpiel chance node at a time
        self.whole: _WholeChance | None = None

    def __deepcopy__(self, memo: dict) -> _Core:
        copy = _Core(self.meta, self.state.clone(), list(self.draws), list(self.seen), self.spec,
                     self.fresh)
        if self.left is not None:
            copy.left = list(self.left)
        return copy

    def encoded(self, seat: int) -> np.ndarray:
        """Seat `seat`'s view now, encoded (`interop.encoding`; read once per state: do not
        change it). Right after a chance point, the one its history keeps for that point."""
        key = ("encoded", seat)
        vector = self.cache.get(key)
        if vector is None:
            chance = self.fresh and self._just_seen(seat)
            if chance:
                vector = chance.seen_by(seat)
            else:
                vector = _encode_view(self.meta, self.state, seat)
            self.cache[key] = vector
        return vector

    def _just_seen(self, seat: int) -> _ChanceSeen | None:
        """The last step of seat `seat`'s history if it is a chance point."""
        node = self.seen[seat]
        item = node.item if node is not None else None
        return item if type(item) is _ChanceSeen else None

    def __reduce__(self) -> tuple:  # OpenSpiel's serialisation pickles the state's attributes
        meta = self.meta
        return (_rebuild_core, (meta.game.name, meta.players, dict(meta.options),
                                self.state.to_json(), list(self.draws), _seen_lists(self.seen)))

    def legal(self) -> list[int]:
        """Our state's legal moves (read once per state: do not change the list)."""
        legal = self.cache.get("legal")
        if legal is None:
            legal = self.cache["legal"] = self.state.legal_actions()
        return legal

    def chance_spec(self) -> Any:
        if self.spec is None:
            self.spec = self.meta.chance_spec(self.state)
        return self.spec

    def chance_node(self) -> dict[int, float]:
        """This chance node's outcomes and their probabilities (read once per node: do not
        change the dict)."""
        node = self.cache.get("chance")
        if node is None:
            node = self.cache["chance"] = self.next_node(self.chance_spec())
        return node

    def next_node(self, spec: Any) -> dict[int, float]:
        """The next chance node of `spec` (the one being drawn), width checked."""
        kind = type(spec)
        if kind is Shuffle:
            left = self.left
            if left is None:
                left = self.left = _shuffle_left(spec, self.draws)
            total = len(spec.items) - len(self.draws)
            node = {index: count / total for index, count in enumerate(left) if count}
            width = len(left)
        elif kind is Roll or kind is Pick:
            width = spec.faces if kind is Roll else spec.n
            node = _uniform(width)
        else:
            node = dict(_chance_outcomes(spec, self.draws))
            width = max(node) + 1 if node else 0
        if width > self.meta.max_chance_outcomes:
            self.meta.check_width(sorted(node.items()))
        return node

    def draw(self, outcome: int) -> None:
        """One more draw of the chance point being drawn (checked by the caller)."""
        self.draws.append(outcome)
        if self.left is not None:
            self.left[outcome] -= 1

    def settle(self) -> None:
        """Apply every chance outcome that needs no more draws (forced or complete), and
        note each completed chance point in every seat's history.

        Deliberately not `core.chance.settle`: OpenSpiel draws one of our chance outcomes
        in several small chance nodes, so this loop stops at an outcome still incomplete
        and waits for the next node's draw."""
        state = self.state
        while state.is_chance():
            spec = self.spec
            if spec is None:
                spec = self.chance_spec()
            draws = self.draws
            kind = type(spec)
            if kind is Roll and len(draws) < spec.count:  # the next die
                self.cache["chance"] = self.next_node(spec)
                return
            if kind is Shuffle and len(draws) < len(spec.items):
                node = self.next_node(spec)  # the next item, unless forced
                if len(node) > 1:
                    self.cache["chance"] = node
                    return
            outcome = _complete(spec, draws)
            if outcome is None:
                return
            for each in (outcome if not isinstance(spec, _OURS) else (outcome,)):
                state.apply_chance(each)
            self._completed()

    def settle_whole(self, chance: _WholeChance) -> None:
        """Draw every chance point up to the next decision whole from `chance` (a shuffle in
        one go, where OpenSpiel walks one node per item): the same chance points, outcomes
        of the same distribution, and the same histories as the nodes reach one by one (a
        game's fold, as Wazabi's start roll, is drawn node by node: its few nodes)."""
        state = self.state
        while state.is_chance():
            spec = self.spec
            if spec is None:
                spec = self.meta.chance_spec(state)
            _apply_whole(state, spec, chance)
            self._completed()
        self.cache = {}

    def _completed(self) -> None:
        """A chance point completed: noted in every seat's history, what it saw then."""
        self.draws = []
        self.spec = None
        self.left = None
        self.fresh = True
        seen = _ChanceSeen(self.meta, self.state.clone())
        self.seen = [_Node(seen, node) for node in self.seen]

    def history(self, seat: int) -> list[Any]:
        """Seat `seat`'s history, oldest first: (actor, move as seen) pairs and
        `_ChanceSeen`s; `_UNKNOWN_PAST` first if it began before a resampled state."""
        return _linked_to_list(self.seen[seat])


def _rebuild_core(name: str, players: int, options: dict, data: dict, draws: list[int],
                  seen: list[list[Any]]) -> _Core:
    meta = load_game(name, players, **options).meta
    state = meta.game.state_from_json(data)
    return _Core(meta, state, draws, [_list_to_linked(s, meta) for s in seen])


class LudothequeGame(pyspiel.Game):
    """One ludotheque game, player count and option set, as an OpenSpiel game. Each game
    has a subclass (see `register`) naming our game and its OpenSpiel type."""

    ludo_game: Game
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.ludo_game
        values = dict(params or {})
        players = values.pop("players", game.default_players)
        options = game_options(game, players, values)
        meta = _Meta(game, players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=meta.max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, spiel_params(game, players, options))
        self.meta = meta
        self._shape = meta.shape

    def __reduce__(self) -> tuple:
        """Pickled as its name and parameters (multiprocessing, Ray): pyspiel's own pickling
        would skip `__init__`, and importing this package on the other side registers it."""
        return (_load, (self.ludo_game.name, json.dumps(self.get_parameters(), sort_keys=True)))

    def new_initial_state(self) -> LudothequeState:
        meta = self.meta
        core = _Core(meta, meta.initial.clone(), [], [None] * meta.players)
        core.settle()
        # Every initial state is the same, and pyspiel builds one (and reads its tensor) to
        # learn the tensor's size at every information_state_tensor call: they share what
        # was read from them until a move gives one its own.
        core.cache = meta.initial_cache
        return LudothequeState(self, core)

    def state_from(self, state: State) -> LudothequeState:
        """An adapter state around one of our states (at a decision point, or a chance point
        with nothing drawn yet); the moves before it are unknown to every seat."""
        core = _Core(self.meta, state.clone(), [], [_UNKNOWN_PAST] * self.meta.players)
        core.settle()
        return LudothequeState(self, core)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.meta, iig_obs_type, params)


class LudothequeState(pyspiel.State):
    """An OpenSpiel state around one of ours (see `ludotheque.interop.openspiel`)."""

    def __init__(self, game: LudothequeGame, core: _Core) -> None:
        super().__init__(game)
        self._core = core

    @property
    def ludo_state(self) -> State:
        """Our state inside (the whole truth: not for a player's eyes)."""
        return self._core.state

    # -- whose turn
    def current_player(self) -> int:
        player = self._core.state.current_player()
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def is_terminal(self) -> bool:
        return self._core.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.legal())

    def apply_action(self, action: Any) -> None:
        """pyspiel's, given an action as every environment takes it (`action_number`):
        pyspiel took True as action 1, and said of 3.0 only that its arguments did not fit,
        repeating the whole state (every hand) in its message."""
        if type(action) is not int:
            action = action_number(action, self._core.meta.game, self.legal_actions,
                                   ActionTypeError)
        super().apply_action(action)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._core.chance_node().items())

    def _apply_action(self, action: int) -> None:
        core = self._core
        state = core.state
        if state.is_chance():
            possible = core.chance_node()
            if action not in possible:
                raise ChanceError("openspiel.error.chance_outcome", outcome=action,
                                  allowed=", ".join(map(str, possible)))
            core.draw(action)
            core.cache = {}
            core.settle()
            return
        if state.is_terminal() or action not in core.legal():
            raise state.reject(action)
        actor = state.current_player()
        game = core.meta.game
        keys = [action if seat == actor else game.observe_action(state, action, seat)
                for seat in range(core.meta.players)]
        state.apply_action(action)
        core.seen = [_Node((actor, key), node) for key, node in zip(keys, core.seen)]
        core.cache = {}
        core.fresh = False
        if core.whole is None:
            core.settle()
        else:
            core.settle_whole(core.whole)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            if core.state.is_chance():
                return _chance_text(core.chance_spec(), core.draws, action)
            return f"chance {action}"
        game = self._core.meta.game
        if 0 <= action < game.num_actions:
            return game.action_to_text(action)
        return f"action {action}"

    # -- information, read from Python without pyspiel's detour (it builds a new initial
    # state to learn the tensor's size at every call); the same values as through C++
    def _reader_seat(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def observation_tensor(self, player: int | None = None) -> list[float]:
        meta = self._core.meta
        return _as_list(meta.reader(False).vector(self, self._reader_seat(player)))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._core.meta.reader(True).values(self, self._reader_seat(player))

    def observation_string(self, player: int | None = None) -> str:
        return self._core.meta.reader(False).string_from(self, self._reader_seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        return self._core.meta.reader(True).string_from(self, self._reader_seat(player))

    # -- end
    def returns(self) -> list[float]:
        return list(self._core.state.returns())

    # -- information
    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]
                                ) -> LudothequeState:
        """A full state `player_id` cannot tell from this one: drawn from its view alone
        (`Game.sample`, the one sampler, at chance points too), with a generator seeded
        from `probability_sampler`."""
        core = self._core
        _check_seat(player_id, core.meta.players)
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = core.meta.game.sample(core.state.view(player_id), rng)
        return self._seen_by(player_id, sampled, rng)

    def _seen_by(self, player_id: int, state: State, rng: random.Random) -> LudothequeState:
        """An adapter state around `state`, a sample of what `player_id` cannot know: its
        moves as `player_id` saw them kept, the other seats' past unknown, and a chance
        point begun here begun again with fresh draws (nobody saw them)."""
        core = self._core
        spec = core.meta.chance_spec(state) if core.draws else None
        draws = _redraw(spec, len(core.draws), rng) if core.draws else []
        seen = [node if seat == player_id else _UNKNOWN_PAST for seat, node in enumerate(core.seen)]
        return LudothequeState(self.get_game(), _Core(core.meta, state, draws, seen, spec))

    def __str__(self) -> str:
        core = self._core
        return _canonical({"state": core.state.to_json(), "draws": core.draws})


class ActionTypeError(NotationError, rl_environment.IllegalActionError):
    """An action that is no number (`action_number`); what rl_environment's callers
    catch for an action it refuses."""
