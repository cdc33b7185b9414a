"""What a seat knows, and how OpenSpiel reads it.

* `_Meta`: what every state of one loaded game shares (the tensor sizes, the game's
  chance and information hooks, the observers);
* a seat's history (perfect recall): linked `_Node`s, each a move as the seat saw it, a
  `_ChanceSeen` (what the seat saw of a chance point) or "?" (`_UNKNOWN_PAST`);
* its information-state tensor's layout (`_History`) and string (`_history_text`);
* `_Observer`: OpenSpiel's observer interface over them.

Only the seats' views (`State.view`, `chance_view`, `chance_key`) and the moves as each seat
saw them (`Game.observe_action`) are read here: nothing else of the state."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import ChanceError, LudoError
from ludotheque.core.game import Game, State
from ludotheque.interop.openspiel.chance import _WidestChance


class _Meta:
    """What every state of one loaded game shares (never copied)."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.initial = game._new_state(players, options)
        # Chance action ids are item indices (a shuffle), faces (a die) or picks: bounded by
        # the components on the table once set up, and by the player count.
        state, measure = self.initial.clone(), _WidestChance(SeededChance(0), players)
        settle(state, measure)
        self.max_chance_outcomes = max(measure.widest, sum(state.component_counts().values()))
        encoder = game.parts.encoder
        self.initial_cache: dict[tuple, Any] = {}
        self.shape = _observation_shape(game, players, options)
        self.readers: dict[bool, _Observer] = {}
        self.fold = getattr(encoder, "finite_chance", None)
        bound = getattr(encoder, "history_bound", None)
        self.history_bound = bound(players, options) if bound else None
        # A chance slot of the information-state tensor: the game's `encode_chance` (what a
        # seat saw of a chance point), else the seat's whole encoded view then.
        self.encode_chance = getattr(encoder, "encode_chance", None)
        # ... read from the game's `State.chance_view(seat)` where it has one: the part of
        # the view `encode_chance` reads, built alone (a chance point may come at every move)
        self.chance_view = getattr(type(self.initial), "chance_view", None)
        self.chance_size = (encoder.chance_size(players, options) if self.encode_chance
                            else self.shape[0])
        # ... or straight from plain values where the game has a `State.chance_key(seat)`
        # and its `encoding.py` an `encode_chance_key` (see `_chance_slot`)
        self.chance_key = getattr(type(self.initial), "chance_key", None)
        self.encode_chance_key = getattr(encoder, "encode_chance_key", None)
        if (self.chance_key is None) != (self.encode_chance_key is None):
            raise AssertionError(f"{game.name}: State.chance_key and encoding.encode_chance_key "
                                 "come together")

    def reader(self, perfect_recall: bool) -> _Observer:
        """The seat's observer (perfect_recall: its information state), made once."""
        observer = self.readers.get(perfect_recall)
        if observer is None:
            kind = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
            observer = self.readers[perfect_recall] = _Observer(self, kind, None)
        return observer

    def chance_spec(self, state: State) -> Any:
        """The chance point as OpenSpiel walks it: the game's fold where it has one, else
        ours. A game whose chance could repeat for ever (Wazabi's start roll) declares
        `finite_chance(state)` in its `encoding.py`: None, or a fold with `outcomes(draws)`,
        `complete(draws)` (None, or our outcomes to apply in order) and `text(draws,
        outcome)`, whose few small chance nodes give the exact distribution of what the
        repeats end in."""
        if self.fold is not None:
            folded = self.fold(state)
            if folded is not None:
                return folded
        return state.chance_spec()

    def check_width(self, outcomes: list[tuple[int, float]]) -> None:
        if outcomes and outcomes[-1][0] >= self.max_chance_outcomes:
            raise ChanceError("openspiel.error.chance_bound", game=self.game.name,
                              count=outcomes[-1][0] + 1, bound=self.max_chance_outcomes)


class _ChanceSeen:
    """A completed chance point in every seat's history: what each seat saw of it, read
    from its view just after (read lazily, once per seat): the whole view encoded
    (`seen_by`: the information-state string, the view at the head of the tensor right
    after it) and its chance slot (`slot_of`: the game's `encode_chance`, see `_History`).
    Holds a copy of the state then, read through `view(seat)` only."""

    __slots__ = ("encoded", "meta", "slots", "state", "views")

    def __init__(self, meta: _Meta, state: State) -> None:
        self.meta = meta
        self.state = state
        self.encoded: dict[int, np.ndarray] = {}
        self.slots: dict[int, np.ndarray] = {}
        self.views: dict[int, Any] = {}

    def _view(self, seat: int) -> Any:
        """The seat's view, kept from its first encoding (the slot or the whole view) for
        the other, then let go."""
        view = self.views.pop(seat, None)
        if view is None:
            view = self.state.view(seat)
            if self.meta.encode_chance is not None and seat not in self.encoded \
                    and seat not in self.slots:
                self.views[seat] = view
        return view

    def seen_by(self, seat: int) -> np.ndarray:
        vector = self.encoded.get(seat)
        if vector is None:
            meta = self.meta
            vector = self.encoded[seat] = _encoded(meta.game.parts.encoder.encode_view(
                self._view(seat), meta.players, meta.options))
        return vector

    def slot_of(self, seat: int) -> np.ndarray:
        """What seat `seat` saw of this chance point, as its information-state tensor's
        chance slot holds it (after the slot's time)."""
        vector = self.slots.get(seat)
        if vector is None:
            meta = self.meta
            if meta.encode_chance is None:
                vector = self.seen_by(seat)
            elif seat in self.views or (meta.chance_view is None
                                        and meta.chance_key is None):  # the view kept, or needed
                vector = _encoded(meta.encode_chance(self._view(seat), meta.players,
                                                     meta.options))
            else:
                vector = _chance_slot(meta, self.state, seat)
            self.slots[seat] = vector
        return vector


def _chance_slot(meta: _Meta, state: State, seat: int) -> np.ndarray:
    """Seat `seat`'s chance slot (`_ChanceSeen.slot_of`) read from `state`, just after the
    chance point: the game's `encode_chance` of the part of its view the slot reads (the
    game's `chance_view`, else the whole view), else its whole view encoded.

    A game with a roll at every turn (Wazabi) gives the slot without building a view:
    `State.chance_key(seat)`, the few plain values `encode_chance` reads of the seat's view
    then (its cards, the roll, whose turn it is: from what the seat sees only), and its
    `encoding.py`'s `encode_chance_key(key, players, options)`, the slot from them (its
    `encode_chance` reads the same key from a view: one definition; tested)."""
    encode_key = meta.encode_chance_key
    if encode_key is not None:
        return _encoded(encode_key(meta.chance_key(state, seat), meta.players, meta.options))
    if meta.encode_chance is None:
        return _encode_view(meta, state, seat)
    chance_view = meta.chance_view
    view = state.view(seat) if chance_view is None else chance_view(state, seat)
    return _encoded(meta.encode_chance(view, meta.players, meta.options))


def _encoded(values: list[float]) -> np.ndarray:
    """An encoder's numbers as a read-only float32 vector (kept and shared)."""
    vector = np.array(values, np.float32)
    vector.flags.writeable = False
    return vector


def _encode_view(meta: _Meta, state: State, seat: int) -> np.ndarray:
    """Seat `seat`'s view of `state`, encoded (`interop.encoding.encode`, without its
    lookups), read-only: it is kept and shared (a history, a time step's tensor)."""
    return _encoded(meta.game.parts.encoder.encode_view(state.view(seat), meta.players,
                                                        meta.options))


class _Node:
    """One step of a seat's history, linked to the step before (copies share them): a move
    as the seat saw it (actor, key), a `_ChanceSeen`, or "?" (a past nobody knows). The
    history's string and tensor up to here are made once, from the step before's."""

    __slots__ = ("chances", "item", "moves", "parent", "prefix", "text", "values", "values_of",
                 "vector")

    def __init__(self, item: Any, parent: _Node | None) -> None:
        self.item = item
        self.parent = parent
        if parent is None:
            moves = chances = 0
        else:
            moves, chances = parent.moves, parent.chances
        kind = type(item)
        if kind is tuple:  # a move
            moves += 1
        elif kind is _ChanceSeen:
            chances += 1
        self.moves, self.chances = moves, chances
        self.text: str | None = None
        self.vector: np.ndarray | None = None  # a whole tensor (read-only) with this history
        self.prefix: np.ndarray | None = None  # the encoded view at the head of `vector`
        self.values: list[float] | None = None  # `values_of` (a whole tensor) as a list
        self.values_of: np.ndarray | None = None


_UNKNOWN_PAST = _Node("?", None)  # the moves before a resampled state, for the other seats


def _linked_to_list(node: Any) -> list[Any]:
    items = []
    while node is not None:
        items.append(node.item)
        node = node.parent
    items.reverse()
    return items


def _seen_lists(seen: Sequence[Any]) -> list[list[Any]]:
    return [[{"chance": item.state.to_json()} if isinstance(item, _ChanceSeen) else item
             for item in _linked_to_list(node)] for node in seen]


def _list_to_linked(items: Sequence[Any], meta: _Meta) -> Any:
    node = None
    for item in items:
        if isinstance(item, dict):
            item = _ChanceSeen(meta, meta.game.state_from_json(item["chance"]))
        elif isinstance(item, list):
            item = tuple(item)
        node = _Node(item, node)
    return node


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _as_list(vector: np.ndarray) -> list[float]:
    """`vector.tolist()`, faster for a vector mostly of zeros (an information state: most
    history slots are empty): the zeros are one shared float, the others written in."""
    nonzero = np.flatnonzero(vector)
    if 4 * len(nonzero) > len(vector):
        return vector.tolist()
    values = [0.0] * len(vector)
    for index, value in zip(nonzero.tolist(), vector[nonzero].tolist()):
        values[index] = value
    return values


def _check_seat(seat: Any, players: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise LudoError("openspiel.error.seat", seat=seat, high=players - 1)


def _observation_shape(game: Game, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    from ludotheque.interop.encoding import observation_shape

    return tuple(observation_shape(game, players, options))


class _History:
    """The fixed layout of a seat's history in its information-state tensor, after its
    encoded view (`O` numbers):

    * `D` move slots, oldest first: the actor (one-hot, relative to the reader) and the
      move as the reader saw it (`Game.observe_action`: its own moves in full, a hidden
      detail as the game's shared key), as key / number of actions;
    * `C` chance slots, oldest first: when (1 + the moves before it) / (D + 1), then what
      the reader saw of it (`K` numbers): the game's `encode_chance` of its view just
      after it (its own cards dealt or drawn, a roll, the seat drawn to start...; the rest
      of that view follows from its view before and the moves), or, for a game without
      one, its whole encoded view then (K = O).

    `D` and `C` are the game's `history_bound` (its `encoding.py` says why); a longer
    history raises `openspiel.error.history_moves` or `history_chance` rather than being cut."""

    def __init__(self, meta: _Meta, observation: int) -> None:
        if meta.history_bound is None:
            raise LudoError("openspiel.error.no_tensor", game=meta.game.name,
                            what="information-state")
        self.meta = meta
        self.moves, self.chances = meta.history_bound
        self.observation = observation
        self.move_width = meta.players + 1
        self.chance_width = 1 + meta.chance_size
        self.size = observation + self.moves * self.move_width + self.chances * self.chance_width

    def tensor(self, node: _Node | None, seat: int, view: np.ndarray) -> np.ndarray:
        """Seat `seat`'s whole information-state tensor: `view` (its encoded view now), then
        its history up to `node`. Built from the last tensor read with a shorter history (one
        copy, then the new slots and the view written) and kept on the node; read-only."""
        pending = []
        while node is not None and node.vector is None:
            pending.append(node)
            node = node.parent
        if node is not None and not pending and node.prefix is view:
            return node.vector  # the same view and history: the same tensor
        if node is None:
            out = np.zeros(self.size, np.float32)
        else:
            out = node.vector.copy()
        history = out[self.observation:]
        for step in reversed(pending):  # each step writes its own slot
            self._write(step, seat, history)
        out[:self.observation] = view
        out.flags.writeable = False
        last = pending[0] if pending else node
        if last is not None:
            last.vector, last.prefix = out, view
        return out

    def values(self, node: _Node | None, tensor: np.ndarray) -> list[float]:
        """`tensor` (a seat's tensor whose history ends at `node`) as a list of floats, kept
        on the node (do not change it): the list kept on the nearest step before copied, and
        only what differs written (the view, the slots of the steps since). The seat's
        latest list only is kept: the step it was copied from lets go of its own."""
        if node is None:
            return _as_list(tensor)
        if node.values_of is tensor:
            return node.values
        base, pending = node, []
        while base is not None and base.values is None:
            pending.append(base)
            base = base.parent
        if base is None:
            values = _as_list(tensor)
        else:
            values = list(base.values)
            observation, moves_end = self.observation, self.moves * self.move_width
            for step in pending:
                if type(step.item) is _ChanceSeen:
                    at = observation + moves_end + (step.chances - 1) * self.chance_width
                    width = self.chance_width
                else:
                    at, width = observation + (step.moves - 1) * self.move_width, self.move_width
                values[at:at + width] = tensor[at:at + width].tolist()
            values[:observation] = tensor[:observation].tolist()
            if base is not node:
                base.values = base.values_of = None
        node.values, node.values_of = values, tensor
        return values

    def _write(self, node: _Node, seat: int, out: np.ndarray) -> None:
        self.write(node.item, node.moves, node.chances, seat, out)

    def write(self, item: Any, moves: int, chances: int, seat: int, out: np.ndarray) -> None:
        """One step of seat `seat`'s history into `out` (the history part of its tensor):
        `item` a move as it saw it (actor, key) or a `_ChanceSeen`, the `moves`-th move or
        `chances`-th chance point of the history."""
        meta = self.meta
        if type(item) is _ChanceSeen:
            if chances > self.chances:
                self._too_long("openspiel.error.history_chance", self.chances)
            at = self.moves * self.move_width + (chances - 1) * self.chance_width
            out[at] = (1 + moves) / (self.moves + 1)
            out[at + 1:at + self.chance_width] = item.slot_of(seat)
        elif item == "?":
            raise LudoError("openspiel.error.unknown_past", game=meta.game.name, seat=seat)
        else:
            if moves > self.moves:
                self._too_long("openspiel.error.history_moves", self.moves)
            actor, key = item
            keys, players = meta.game.num_actions, meta.players
            if not 0 <= key <= keys:
                raise AssertionError(f"{meta.game.name}: move key {key} beyond 0..{keys}")
            at = (moves - 1) * self.move_width
            out[at + (actor - seat) % players] = 1.0
            out[at + players] = key / keys

    def _too_long(self, key: str, bound: int) -> None:
        raise LudoError(key, game=self.meta.game.name, bound=bound)


def _history_text(node: _Node | None, seat: int) -> str:
    """Seat `seat`'s history up to `node` as the inside of a JSON list: moves as [actor,
    key], chance points as what the seat saw (its encoded view: the nonzero [index, value]
    pairs), "?" for an unknown past; the step before's text extended, kept on the node."""
    pending = []
    while node is not None and node.text is None:
        pending.append(node)
        node = node.parent
    text = node.text if node is not None else ""
    for step in reversed(pending):
        item = step.item
        if isinstance(item, _ChanceSeen):
            vector = item.seen_by(seat)
            part = _canonical({"seen": [[int(i), float(vector[i])]
                                        for i in np.flatnonzero(vector)]})
        else:
            part = _canonical(item)
        text = f"{text},{part}" if text else part
    if pending:
        pending[0].text = text
    return text


class _Observer:
    """OpenSpiel's observer interface (`set_from`, `string_from`, `tensor`, `dict`).

    Private information of a single player: that seat's view (the default observation) or,
    with perfect recall, the information state: the view now and the seat's whole history
    (the moves as it saw them, and what it saw after each chance point; see `_History`).
    No private information, without perfect recall: the spectator's view, `view(None)`
    (a string only). Tensors: the encoded view (`interop.encoding`), then the history.
    The `state` it reads is a `LudothequeState` (or a `SeatTensor`): its `_core` only.
    """

    def __init__(self, meta: _Meta, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise LudoError("openspiel.error.observer", what=f"params={dict(params)}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if (private == pyspiel.PrivateInfoType.ALL_PLAYERS or not kind.public_info
                or (private == pyspiel.PrivateInfoType.NONE and kind.perfect_recall)):
            raise LudoError("openspiel.error.observer", what=str(kind))
        self.meta = meta
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = kind.perfect_recall
        self.history: _History | None = None
        observation = meta.shape[0]
        if self.public_only:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        elif self.perfect_recall:
            self.history = _History(self.meta, observation)
            history = self.history
            self.tensor = np.zeros(history.size, np.float32)
            moves_end = observation + history.moves * history.move_width
            self.dict = {
                "observation": self.tensor[:observation],
                "moves": self.tensor[observation:moves_end].reshape(history.moves,
                                                                    history.move_width),
                "chance": self.tensor[moves_end:].reshape(history.chances, history.chance_width),
            }
        else:
            self.tensor = np.zeros(meta.shape, np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: Any, player: int) -> dict[str, Any]:
        _check_seat(player, self.meta.players)
        return state._core.state.view(None if self.public_only else player)

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = self.vector(state, player)

    def vector(self, state: Any, player: int) -> np.ndarray:
        """The tensor of `player` in `state` (read once per state: do not change it)."""
        if self.tensor is None:  # no tensor: say so rather than hand back an empty vector
            raise LudoError("openspiel.error.no_tensor", game=self.meta.game.name,
                            what="public")
        cache = state._core.cache
        key = ("tensor", self.perfect_recall, player)
        cached = cache.get(key)
        if cached is None:
            _check_seat(player, self.meta.players)
            core = state._core
            if self.history is None:
                cached = core.encoded(player)
            else:
                cached = self.history.tensor(core.seen[player], player, core.encoded(player))
            cache[key] = cached
        return cached

    def values(self, state: Any, player: int) -> list[float]:
        """`vector` as a new list of floats (what pyspiel gives); for an information state,
        built from the seat's last list (see `_History.values`)."""
        vector = self.vector(state, player)
        if self.history is None:
            return _as_list(vector)
        return list(self.history.values(state._core.seen[player], vector))

    def string_from(self, state: Any, player: int) -> str:
        cache = state._core.cache
        key = (self.public_only, self.perfect_recall, player)
        text = cache.get(key)
        if text is None:
            view = self._view(state, player)
            if self.perfect_recall:  # = _canonical({"moves": [...], "view": view})
                moves = _history_text(state._core.seen[player], player)
                text = f'{{"moves":[{moves}],"view":{_canonical(view)}}}'
            else:
                text = _canonical(view)
            cache[key] = text
        return text
