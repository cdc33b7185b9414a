"""Explicit chance.

A state at a chance point describes what it needs with a `ChanceSpec`
(a shuffle of given items, a uniform pick among n, a roll of dice). A chance
source answers it: `SeededChance` from a seed (bit-for-bit reproducible),
`ScriptedChance` from outcomes written in a test or a record (a given deck
order, given die faces). The state checks every outcome before using it, except
the ones the seeded generator drew itself for the spec it was just given (a
`Drawn` tuple: it fits by construction, and checking a deck of 71 cards at every
deal costs more than the deal).
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from hashlib import blake2b
from itertools import islice
from math import floor as _floor
from operator import itemgetter
from typing import Any, Protocol

from ludotheque.core.errors import ChanceError

_CHANCE = -1  # core.game.CHANCE (core.game imports this module, not the other way)


class Drawn(tuple):  # type: ignore[type-arg]
    """A shuffle or a roll that `SeededChance` drew for the spec it was given: the specs'
    `check` returns it as it is. Equal to the plain tuple; a record stores it as a list."""

    __slots__ = ()


@dataclass(frozen=True)
class Shuffle:
    """Put `items` in a random order. Outcome: a tuple, a permutation of items."""

    items: tuple[Hashable, ...]
    label: str = "shuffle"

    def check(self, outcome: Any) -> tuple:
        """The outcome as a tuple if it is a permutation of `items`, with every item of the
        same type (2.0 or "2" is not the card 2); ChanceError otherwise."""
        items = self.items
        if type(outcome) is Drawn and len(outcome) == len(items):
            return outcome
        if not isinstance(outcome, (list, tuple)) or len(outcome) != len(items):
            raise ChanceError("error.chance_shuffle", label=self.label, size=len(items))
        kinds = _item_types(items)
        if any(type(item) not in kinds for item in outcome):
            raise ChanceError("error.chance_shuffle", label=self.label, size=len(items))
        try:
            same = sorted(outcome) == _sorted_items(items)
        except TypeError:
            same = Counter(outcome) == Counter(items)
        if not same:
            raise ChanceError("error.chance_shuffle", label=self.label, size=len(items))
        return tuple(outcome)


@lru_cache(maxsize=256)
def _sorted_items(items: tuple) -> list:
    return sorted(items)


@lru_cache(maxsize=256)
def _item_types(items: tuple) -> frozenset[type]:
    return frozenset(type(item) for item in items)


@dataclass(frozen=True)
class Pick:
    """Pick one of `n` equally likely outcomes 0..n-1."""

    n: int
    label: str = "pick"

    def check(self, outcome: Any) -> int:
        if isinstance(outcome, bool) or not isinstance(outcome, int) or not 0 <= outcome < self.n:
            raise ChanceError("error.chance_pick", label=self.label, n=self.n)
        return outcome


@dataclass(frozen=True)
class Roll:
    """Roll `count` dice with faces 0..faces-1. Outcome: a tuple of face indices."""

    count: int
    faces: int
    label: str = "roll"

    def check(self, outcome: Any) -> tuple[int, ...]:
        if type(outcome) is Drawn and len(outcome) == self.count:
            return outcome
        if (
            not isinstance(outcome, (list, tuple))
            or len(outcome) != self.count
            or any(type(f) is not int or not 0 <= f < self.faces for f in outcome)
        ):
            raise ChanceError("error.chance_roll", label=self.label, count=self.count,
                              faces=self.faces)
        return tuple(outcome)


ChanceSpec = Shuffle | Pick | Roll


_new_random = random.Random.__new__
_seed_in_c = _CRandom.seed  # what random.Random(n) does for an int n, in the end


def seeded_random(seed: int) -> random.Random:
    """random.Random(seed), the same stream, without the Python layers of
    `Random.__init__` and `Random.seed` for an int seed (they cost as much as a short
    game: a simulation makes one generator per seat and per game)."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = _new_random(random.Random)
    _seed_in_c(rng, seed)
    rng.gauss_next = None
    return rng


class SeededChance:
    """Answers chance points from a seeded generator; the same seed gives the same game."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = seeded_random(seed)

    def resolve(self, spec: ChanceSpec) -> Any:
        rng = self._rng
        if type(spec) is Roll:
            # One float per die scaled to the faces: uniform to 2**-53, and several
            # times cheaper than randrange for the many rolls of a dice game. The faces
            # as a float and floor (not int()) give the same numbers, cheaper.
            draw, faces = rng.random, float(spec.faces)
            return Drawn([_floor(draw() * faces) for _ in range(spec.count)])
        if isinstance(spec, Shuffle):
            # Sorting by independent random keys is a uniform shuffle, and with the
            # keys drawn first the sort runs in C: several times faster than
            # random.shuffle for a deck of cards.
            items = spec.items
            n = len(items)
            keys = list(islice(iter(rng.random, None), n))  # n draws, in C
            order = sorted(range(n), key=keys.__getitem__)
            if n < 2:
                return Drawn(items)
            # itemgetter gathers in C; map(items.__getitem__) calls a tuple's slot wrapper
            # once per card (three times slower for a deck of 70).
            return Drawn(itemgetter(*order)(items))
        if isinstance(spec, Pick):
            n = spec.n
            if n > 0:  # randrange(n) is _randbelow(n) for n > 0: the same draw, one call less
                return rng._randbelow(n)
            return rng.randrange(n)  # its error
        raise TypeError(spec)


class ScriptedChance:
    """Answers chance points with given outcomes, in order; then with `fallback` if any."""

    def __init__(self, outcomes: Iterable[Any], fallback: SeededChance | None = None) -> None:
        self._outcomes = list(outcomes)
        self._next = 0
        self.fallback = fallback

    @property
    def used(self) -> list[Any]:
        return self._outcomes[: self._next]

    def resolve(self, spec: ChanceSpec) -> Any:
        if self._next < len(self._outcomes):
            outcome = self._outcomes[self._next]
            self._next += 1
            return outcome
        if self.fallback is not None:
            return self.fallback.resolve(spec)
        raise ChanceError("error.chance_exhausted", label=spec.label)


def normalise_outcome(outcome: Any) -> Any:
    """JSON turns tuples into lists; bring an outcome back to tuples."""
    if isinstance(outcome, list):
        return tuple(normalise_outcome(item) for item in outcome)
    return outcome


def outcome_to_json(outcome: Any) -> Any:
    if isinstance(outcome, (tuple, list)):
        return [outcome_to_json(item) for item in outcome]
    return outcome


def derive_seed(seed: int, *parts: int | str) -> int:
    """A stable 63-bit seed for a sub-stream (game i of a simulation, a bot's generator...)."""
    text = ":".join(map(str, (seed, *parts))).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big") >> 1


def sequence_choice(rng: random.Random, items: Sequence[Any]) -> Any:
    return items[rng.randrange(len(items))]


class ChanceSource(Protocol):
    """Anything that answers a chance point: `SeededChance`, `ScriptedChance`, or your own."""

    def resolve(self, spec: ChanceSpec) -> Any: ...


def settle(state: Any, chance: ChanceSource, events: list | None = None,
           log: list | None = None, at_most: int | None = None) -> int:
    """The one chance loop: while `state` is at a chance point, draw an outcome from `chance`
    and apply it (its events appended to `events`, each outcome to `log` when given), at
    most `at_most` times if given (a caller that looks at the state between two chance
    points). Returns how many outcomes were applied (0 at a decision point or at the end)."""
    applied = 0
    current_player, chance_spec, apply_chance = (state.current_player, state.chance_spec,
                                                 state.apply_chance)
    resolve = chance.resolve
    while applied != at_most and current_player() == _CHANCE:
        outcome = resolve(chance_spec())
        apply_chance(outcome, events)
        if log is not None:
            log.append(outcome)
        applied += 1
    return applied
