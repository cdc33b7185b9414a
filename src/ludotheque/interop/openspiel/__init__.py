"""Every ludotheque game as an OpenSpiel Python game (GitHub issue 7, part 2).

Importing this module registers `ludotheque_<game>` with `pyspiel` for every
registered game, so `pyspiel.load_game("ludotheque_wazabi(players=4)")` works
and OpenSpiel's own algorithms (MCTS, ISMCTS, `evaluate_bots`, the random
simulation test) run on our rules. Parameters: `players` and the game's
options; a list option is written with `;` (`singles=2;3;3;3;4`), since
OpenSpiel's game strings split on commas. `load_game(name, players, **options)`
validates first, so a mistake reads as our clear error.

How the engine maps onto OpenSpiel:

* **Chance.** One of our chance points may be a whole shuffle (far too many
  outcomes) or several dice at once. The adapter splits it into a sequence of
  small OpenSpiel chance nodes: the next item of a shuffle among the items
  left (probability proportional to how many copies are left), one die at a
  time, a pick in one node. The partial outcome waits in the adapter and
  reaches our state when complete; a forced remainder (all the items left
  alike) is filled in without a node. Chance action ids are item indices, so
  `max_chance_outcomes` is bounded by the number of components. The RL
  environment (`environment`) draws each of our chance points whole instead, on
  our state directly (`_Episode`).
* **Decisions** keep our fixed action ids (`Game.num_actions`, ascending legal
  lists, `Game.action_to_text` as the action string).
* **Information.** The observation string is seat p's view as canonical JSON
  (sorted keys), the observation tensor is `interop.encoding` of that view. The
  information state (perfect recall) adds p's history: the moves as p saw them
  (`Game.observe_action`: a card played face down is the same key whatever the
  card) and, after each chance point, what it saw of it (the deal, the roll, the
  draw): as a string, p's encoded view then; as a tensor of fixed size (the
  game's `history_bound`, see `_History`), the game's `encode_chance` of that
  view (of the part of it `State.chance_view(seat)` builds alone, or of the
  plain values `State.chance_key(seat)` gives, where the game has one). Nothing
  else of the state is read, so
  they leak exactly what the views leak: nothing (tests/interop/test_openspiel.py
  checks it).
* **Finite trees.** Where chance could repeat for ever (Wazabi's start roll,
  rerolled on a tie), the game's `finite_chance` draws the final result in a
  few small nodes with the exact distribution (see `_Meta.chance_spec`).
* **Resampling.** `resample_from_infostate(p, sampler)` draws a full state from
  p's view (`Game.sample`, seeded from the sampler), which is what OpenSpiel's ISMCTS needs. The moves before a resampled state are unknown for
  the other seats: their information strings start with "?" there.
* **Returns** are our `State.returns()`: 1/k to each of k winners, so the
  games are constant-sum (1).
* **Length.** Not every game has a small hard bound on its length (17's
  penalties take Victory tokens back, Wazabi's dice travel back and forth), so
  `max_game_length` is the engine's limit `MAX_DECISIONS` (50,000 decisions),
  which the conformance kit enforces on every random game. Measured maxima are
  far below: 473 decisions at most (Wazabi, 6 players, played on to the last)
  over 1,000 random games of each game, player count and option set of the kit.

The bots that run on this adapter (OpenSpiel's ISMCTS seeded, with our engine's
playouts, and as one of our bots) are in `ludotheque.interop.openspiel_bots`.
"""

from __future__ import annotations

import json
import operator
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

from ludotheque.core.chance import Pick, Roll, SeededChance, Shuffle, settle
from ludotheque.core.errors import ChanceError, LudoError, NotationError, OptionError
from ludotheque.core.game import CHANCE, MAX_DECISIONS, TERMINAL, Game, MoveForms, State
from ludotheque.core.options import integer
from ludotheque.core.registry import all_games, get_game
from ludotheque.interop.table import action_number

PREFIX = "ludotheque_"
LIST_SEPARATOR = ";"
MAX_GAME_LENGTH = MAX_DECISIONS



# ------------------------------------------------------------------ parameters
def spiel_name(game: Game) -> str:
    """The OpenSpiel short name of a ludotheque game: ludotheque_<name>."""
    return PREFIX + game.name


def _to_param(spec_kind: str, value: Any) -> Any:
    """An option value as an OpenSpiel parameter (bool, int or str)."""
    if spec_kind == "bool":
        return bool(value)
    if spec_kind == "int":
        return int(value)
    if spec_kind == "ints":
        return LIST_SEPARATOR.join(str(v) for v in value)
    return str(value)


def _from_param(value: Any) -> Any:
    """An OpenSpiel parameter back to a value our option validation reads."""
    if isinstance(value, str):
        return value.replace(LIST_SEPARATOR, ",")
    return value


def _parameter_specification(game: Game) -> dict[str, Any]:
    spec = {"players": game.default_players}
    for option in game.option_specs:
        spec[option.name] = _to_param(option.kind, option.default)
    return spec


def spiel_params(game: Game, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters for `players` and validated `options`."""
    kinds = {option.name: option.kind for option in game.option_specs}
    return {"players": players, **{name: _to_param(kinds[name], value)
                                   for name, value in options.items()}}


def load_game(name: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """`pyspiel.load_game` for a ludotheque game, checked by our rules first (our clear
    errors for an unknown game or option, a bad value or player count)."""
    game = get_game(name)
    count = game.default_players if players is None else integer(players)
    validated = game.validate(count, options)
    return _load(game.name, json.dumps(spiel_params(game, count, validated), sort_keys=True))


@lru_cache(maxsize=64)
def _load(name: str, params_json: str) -> pyspiel.Game:
    return pyspiel.load_game(PREFIX + name, json.loads(params_json))


# ------------------------------------------------------------------ chance
_OURS = (Shuffle, Roll, Pick)  # our chance points; anything else is a game's fold (see _Meta)

@lru_cache(maxsize=256)
def _distinct(items: tuple) -> tuple:
    """The distinct items of a shuffle in a fixed order: their chance action ids."""
    try:
        return tuple(sorted(set(items)))
    except TypeError:
        return tuple(dict.fromkeys(items))


@lru_cache(maxsize=256)
def _item_counts(items: tuple) -> tuple[int, ...]:
    counts = Counter(items)
    return tuple(counts[item] for item in _distinct(items))


def _chance_outcomes(spec: Any, draws: Sequence[int],
                     left: list[int] | None = None) -> list[tuple[int, float]]:
    """The next small chance node of `spec`, given the partial outcome `draws` (for a
    shuffle, `left` may give how many of each item are left: `_shuffle_left`)."""
    if not isinstance(spec, _OURS):
        return spec.outcomes(draws)
    if isinstance(spec, Shuffle):
        if left is None:
            left = _shuffle_left(spec, draws)
        total = len(spec.items) - len(draws)
        return [(index, count / total) for index, count in enumerate(left) if count]
    return list(_uniform(spec.faces if isinstance(spec, Roll) else spec.n).items())


def _shuffle_left(spec: Shuffle, draws: Sequence[int]) -> list[int]:
    """How many of each distinct item of a shuffle are left after `draws`."""
    left = list(_item_counts(spec.items))
    for index in draws:
        left[index] -= 1
    return left


@lru_cache(maxsize=64)
def _uniform(n: int) -> dict[int, float]:
    """The outcomes 0..n-1 of a die or a pick, each 1/n (shared: do not change it)."""
    return {index: 1.0 / n for index in range(n)}


def _complete(spec: Any, draws: list[int]) -> Any:
    """Our outcome if `draws` settles it (the rest forced included), else None; for a
    game's fold, the list of our outcomes to apply in order."""
    if not isinstance(spec, _OURS):
        return spec.complete(draws)
    if isinstance(spec, Shuffle):
        if len(draws) < len(spec.items):
            outcomes = _chance_outcomes(spec, draws)
            if len(outcomes) > 1:
                return None
            draws.extend([outcomes[0][0]] * (len(spec.items) - len(draws)))
        distinct = _distinct(spec.items)
        return tuple(distinct[index] for index in draws)
    if isinstance(spec, Roll):
        return tuple(draws) if len(draws) == spec.count else None
    if spec.n == 1:
        return 0
    return draws[0] if draws else None


def _chance_text(spec: Any, draws: Sequence[int], outcome: int) -> str:
    if not isinstance(spec, _OURS):
        return spec.text(draws, outcome)
    if isinstance(spec, Shuffle):
        distinct = _distinct(spec.items)
        item = distinct[outcome] if 0 <= outcome < len(distinct) else outcome
        return f"{spec.label} {len(draws) + 1}/{len(spec.items)}: {item}"
    if isinstance(spec, Roll):
        return f"{spec.label} die {len(draws) + 1}/{spec.count}: face {outcome}"
    return f"{spec.label}: {outcome}"


def _redraw_next(spec: Any, draws: Sequence[int], rng: random.Random) -> int:
    """One more draw of the chance point `spec`, with its probabilities."""
    outcomes = _chance_outcomes(spec, draws)
    pick, acc = rng.random(), 0.0
    for index, probability in outcomes:
        acc += probability
        if pick < acc:
            return index
    return outcomes[-1][0]


def _redraw(spec: Any, count: int, rng: random.Random) -> list[int]:
    """A fresh partial outcome of `count` draws: what a resampled state may not keep."""
    draws: list[int] = []
    for _ in range(count):
        draws.append(_redraw_next(spec, draws, rng))
    return draws


class _WholeChance(SeededChance):
    """`environment`'s chance source: one of our chance points drawn whole (`resolve`: a
    shuffle in one go, as in our engine), a game's fold node by node (`fold`)."""

    def fold(self, spec: Any) -> list[Any]:
        """Our outcomes for a fold (see `_Meta.chance_spec`), drawn through its nodes."""
        draws: list[int] = []
        while (outcomes := spec.complete(draws)) is None:
            draws.append(_redraw_next(spec, draws, self._rng))
        return outcomes


# ------------------------------------------------------------------ the adapter
class _WidestChance:
    """A chance source that answers like `inner` and notes the widest first draw it met."""

    def __init__(self, inner: SeededChance, widest: int) -> None:
        self.inner = inner
        self.widest = widest

    def resolve(self, spec: Any) -> Any:
        self.widest = max(self.widest, len(_chance_outcomes(spec, [])))
        return self.inner.resolve(spec)


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


def _move_key(item: tuple[int, int, Any], seat: int) -> int:
    """A move of `environment`'s log, (actor, move, as the other seats saw it: a key, or
    each seat's key), as seat `seat` saw it."""
    actor, action, seen = item
    if seat == actor:
        return action
    return seen[seat] if type(seen) is tuple else seen


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


def _apply_whole(state: State, spec: Any, source: Any) -> Any:
    """One chance point applied whole from `source` (`resolve` for ours, `fold` for a
    game's fold, several outcomes); returns what was drawn."""
    if isinstance(spec, _OURS):
        outcome = source.resolve(spec)
        state.apply_chance(outcome)
    else:
        outcome = source.fold(spec)
        for each in outcome:
            state.apply_chance(each)
    return outcome


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


def _rebuild_core(name: str, players: int, options: dict, data: dict, draws: list[int],
                  seen: list[list[Any]]) -> _Core:
    meta = load_game(name, players, **options).meta
    state = meta.game.state_from_json(data)
    return _Core(meta, state, draws, [_list_to_linked(s, meta) for s in seen])


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class LudothequeGame(pyspiel.Game):
    """One ludotheque game, player count and option set, as an OpenSpiel game. Each game
    has a subclass (see `register`) naming our game and its OpenSpiel type."""

    ludo_game: Game
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.ludo_game
        values = dict(params or {})
        players = values.pop("players", game.default_players)
        options = game.validate(players, {name: _from_param(v) for name, v in values.items()})
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
        would skip `__init__`, and importing this module on the other side registers it."""
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
    """An OpenSpiel state around one of ours (see the module docstring)."""

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


_new_tuple = tuple.__new__
_SPIEL_TERMINAL = int(pyspiel.PlayerId.TERMINAL)  # rl_environment's current player at the end


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

    def _view(self, state: LudothequeState, player: int) -> dict[str, Any]:
        _check_seat(player, self.meta.players)
        return state._core.state.view(None if self.public_only else player)

    def set_from(self, state: LudothequeState, player: int) -> None:
        self.tensor[:] = self.vector(state, player)

    def vector(self, state: LudothequeState, player: int) -> np.ndarray:
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

    def values(self, state: LudothequeState, player: int) -> list[float]:
        """`vector` as a new list of floats (what pyspiel gives); for an information state,
        built from the seat's last list (see `_History.values`)."""
        vector = self.vector(state, player)
        if self.history is None:
            return _as_list(vector)
        return list(self.history.values(state._core.seen[player], vector))

    def string_from(self, state: LudothequeState, player: int) -> str:
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


# ------------------------------------------------------------------ rl_environment
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


class _Replay:
    """A chance source answering with recorded outcomes, in order (`_Episode.spiel_state`)."""

    def __init__(self, outcomes: Sequence[Any]) -> None:
        self._next = iter(outcomes).__next__

    def resolve(self, spec: Any) -> Any:
        return self._next()

    def fold(self, spec: Any) -> Any:
        return self._next()


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


class ActionTypeError(NotationError, rl_environment.IllegalActionError):
    """An action that is no number (`action_number`); what rl_environment's callers
    catch for an action it refuses."""


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


# ------------------------------------------------------------------ registration
def _game_type(game: Game) -> pyspiel.GameType:
    from ludotheque.i18n import t

    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"ludotheque {t(game.title_key, 'en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(game),
    )


_REGISTERED: set[str] = set()


def register(game: Game) -> None:
    """Register `game` with pyspiel (once)."""
    if game.name in _REGISTERED:
        return
    game_type = _game_type(game)
    # A class, as in OpenSpiel's own Python games: pyspiel keeps the factory until after the
    # interpreter stops, and a plain function freed then aborts the process.
    factory = type(f"Ludotheque_{game.name}", (LudothequeGame,),
                   {"ludo_game": game, "game_type": game_type, "__module__": __name__})
    pyspiel.register_game(game_type, factory)
    _REGISTERED.add(game.name)


for _game in all_games():
    register(_game)
