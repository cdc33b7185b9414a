"""Observations and action masks as numpy arrays, for every game.

`encode` reads a seat's view only (through the game's `encoding.py`), so an
observation never holds more than the seat may know. `options` are the
validated options (`game.validate(players, options)` returns them): the
observation size of some games depends on them (Décimoarr's number of cards).
Every number lies in [0, 1].
"""

from __future__ import annotations

import inspect
import linecache
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ludotheque.core.game import Game
from ludotheque.kit.features import Features, building, seat_label


def observation_shape(game: Game, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """The shape of every observation of `game` for this player count and options."""
    return (game.parts.encoder.observation_size(players, options),)


def encode(game: Game, view: Mapping[str, Any], players: int,
           options: Mapping[str, Any]) -> np.ndarray:
    """A seat's view as a float32 vector of `observation_shape`, values in [0, 1]."""
    return np.asarray(game.parts.encoder.encode_view(view, players, options), dtype=np.float32)


def action_mask(game: Game, legal: Iterable[int]) -> np.ndarray:
    """An int8 vector of length `game.num_actions`: 1 for each legal action id."""
    mask = np.zeros(game.num_actions, dtype=np.int8)
    mask[list(legal)] = 1
    return mask


class _Naming(Features):
    """A `Features` that also names its slots: each block (one call from the game's encoder)
    by the `name` and `labels` the call declares (see `feature_names`). A block without a
    name (a game in progress) is named by its call as written in the encoder, with the slot
    index inside it and a repeat number when the same call runs again (a loop)."""

    __slots__ = ("depth", "line", "names", "seen")

    def __init__(self, view: Mapping[str, Any], players: int) -> None:
        super().__init__(view, players)
        self.names: list[str] = []
        self.depth = 0
        self.line = 0
        self.seen: Counter[str] = Counter()

    def label(self, text: str) -> str:
        label = text.strip().removeprefix("f.").rstrip(",;")
        self.seen[label] += 1
        return label if self.seen[label] == 1 else f"{label} #{self.seen[label]}"

    def declared(self, method: str, name: str, labels: Sequence[str] | None,
                 size: int) -> list[str]:
        """The names of a block's slots from its declared name and labels."""
        if "{" in name:  # written in a loop: the pass fills in the position
            self.seen[name] += 1
            done = self.seen[name] - 1
            name = name.format(i=done, back=-1 - done, seat=seat_label(done))
        if method in _ONE_SLOT:
            return [name]
        if method in _SEATS:
            labels = [seat_label(rel) for rel in range(size)]
        elif labels is None:
            labels = [str(slot) for slot in range(size)]
        if len(labels) < size:  # more: the first ones (the colours of a smaller deck)
            raise AssertionError(f"{name}: {len(labels)} labels for {size} numbers")
        form = "{}={}" if method in _ONE_HOT else "{}[{}]"
        return [form.format(name, label) for label in labels[:size]]

    def name_gap(self, filename: str, lineno: int) -> None:
        """Name the numbers the encoder appended itself (`f.values.extend(...)`) since the
        last block, by the line that did it."""
        gap = len(self.values) - len(self.names)
        if not gap:
            return
        lines = [linecache.getline(filename, n) for n in range(self.line + 1, lineno)]
        text = next((line for line in lines if "values" in line), f"line {self.line + 1}")
        label = self.label(text)
        self.names.extend([label] if gap == 1 else [f"{label}[{i}]" for i in range(gap)])


_ONE_SLOT = {"flag", "number"}
_ONE_HOT = {"one_hot", "seat"}
_SEATS = {"seat", "per_seat"}


def _named(method: str) -> Any:
    plain = getattr(Features, method)
    signature = inspect.signature(plain)

    def wrapper(self: _Naming, *args: Any, **kwargs: Any) -> Any:
        if self.depth:
            return plain(self, *args, **kwargs)
        declared = signature.bind(self, *args, **kwargs).arguments
        name, labels = declared.get("name"), declared.get("labels")
        frame = sys._getframe(1)
        filename, lineno = frame.f_code.co_filename, frame.f_lineno
        self.name_gap(filename, lineno)
        self.line = lineno
        start = len(self.values)
        self.depth += 1
        try:
            result = plain(self, *args, **kwargs)
        finally:
            self.depth -= 1
        size = len(self.values) - start
        if name is not None:
            self.names.extend(self.declared(method, name, labels, size))
        else:
            label = self.label(linecache.getline(filename, lineno))
            self.names.extend([label] if size == 1 else [f"{label}[{i}]" for i in range(size)])
        return result

    return wrapper


for _method in ("flag", "number", "one_hot", "numbers", "shares", "counts", "seat", "per_seat"):
    setattr(_Naming, _method, _named(_method))


_NAMES: dict[tuple, tuple[str, ...]] = {}


def _feature_names(game: Game, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    from ludotheque.core.chance import SeededChance, settle

    state = game._new_state(players, options)
    settle(state, SeededChance(0))
    encoder = game.parts.encoder
    recorder: list[_Naming] = []

    class Recording(_Naming):
        __slots__ = ()

        def __init__(self, view: Mapping[str, Any], players: int) -> None:
            super().__init__(view, players)
            recorder.append(self)

    with building(Recording):
        encoder.encode_view(state.view(0), players, options)
    code = encoder.encode_view.__code__
    recorder[0].name_gap(code.co_filename, code.co_firstlineno + 10**6)
    names = tuple(recorder[0].names)
    size = observation_shape(game, players, options)[0]
    if len(names) != size or len(set(names)) != size:
        raise AssertionError(f"{game.name}: {len(set(names))} distinct names for {size} numbers")
    return names


def feature_names(game: Game, players: int, options: Mapping[str, Any]) -> list[str]:
    """A name for every index of the observation vector (validated `options`), in its
    order, the same at every call. Each block is named by the game's `encoding.py`, in
    the game's words (see its docstring for the blocks):

    * a one-slot block is its name: `pile`, `chain.length`;
    * a one-hot is `name=label`: `phase=offer`, `to_beat.value=5`;
    * counts, numbers and per-seat blocks are `name[label]`: `hand[joker]`, `hand[3]`,
      `hands.size[+1]`;
    * seats are relative to the reader: `self`, `+1`, `+2`... (`to_act=self`,
      `giver=+2`, `hands.size[self]`);
    * a block written in a loop holds its position: `chain[-1].giver=+1` (the last
      accepted offer), `malus[+1][joker]`, `pos[4].up.colour=red`.

    A block the encoder left unnamed is named by its source text (`one_hot(...)[2]`)."""
    key = (game.name, players, repr(sorted(options.items())))
    if key not in _NAMES:
        _NAMES[key] = _feature_names(game, players, options)
    return list(_NAMES[key])
