"""A flat, fixed-length vector of numbers in [0, 1], built from a seat's view.

Each game's `encoding.py` appends blocks to a `Features` in a fixed order; each
block has a size that depends only on the player count and the options, so
every view of a game gives a vector of the same length. Seats are written
relative to the seat that reads the view (0: itself, 1: the next seat, ...),
so one policy can play any seat. Plain Python on purpose: the games do not
depend on numpy.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

_BUILDS = threading.local()  # `cls`: what `Features(...)` builds in this thread (see `building`)


class Features:
    """Appends numbers; every method adds the same number of slots whatever the values.

    Every method takes the block's `name` last (and `labels` for its slots, where they
    have meanings: more than the slots, the first ones); this class ignores them,
    `ludotheque.interop.encoding.feature_names` reads them. Encoders pass them by
    position: they run on the RL hot path, and a keyword argument (or a keyword-only
    parameter) keeps CPython from specialising the call. In a loop, a name holds `{i}`
    (the pass: 0, 1...), `{back}` (-1, -2...: entries counted from the end) or `{seat}`
    (self, +1...: seats from the reader), filled in from the pass number.
    """

    __slots__ = ("me", "players", "values")

    def __new__(cls, view: Mapping[str, Any], players: int) -> Features:
        built = getattr(_BUILDS, "cls", None) if cls is Features else None
        return object.__new__(built or cls)

    def __init__(self, view: Mapping[str, Any], players: int) -> None:
        self.values: list[float] = []
        seat = view.get("seat")
        self.me = seat if isinstance(seat, int) else 0  # a spectator reads from seat 0
        self.players = players

    def relative(self, seat: int) -> int:
        """0 for the reading seat, 1 for the next one, ..."""
        return (seat - self.me) % self.players

    def flag(self, value: Any, name: str | None = None) -> None:
        """One slot: 1 if `value` is true."""
        self.values.append(1.0 if value else 0.0)

    def number(self, value: float | None, scale: float, name: str | None = None) -> None:
        """One slot: value / scale, clipped to [0, 1] (None: 0)."""
        if value is None:
            self.values.append(0.0)
        else:
            share = value / scale
            self.values.append(1.0 if share > 1.0 else share if share > 0.0 else 0.0)

    def one_hot(self, index: int | None, size: int, name: str | None = None,
                labels: Sequence[str] | None = None) -> None:
        """`size` slots, a 1 at `index` (None: none; beyond the end: the last slot)."""
        block = [0.0] * size
        if index is not None and index >= 0:
            block[min(index, size - 1)] = 1.0
        self.values.extend(block)

    def numbers(self, values: Iterable[float], scale: float, name: str | None = None,
                labels: Sequence[str] | None = None) -> None:
        """One slot per value, as `number` writes it (inlined: encoders call it often)."""
        shares = [0.0 if value is None else value / scale for value in values]
        self.values.extend([1.0 if share > 1.0 else share if share > 0.0 else 0.0
                            for share in shares])

    def shares(self, values: Iterable[float], name: str | None = None,
               labels: Sequence[str] | None = None) -> None:
        """One slot per value, as it is (values already in [0, 1]: shares computed in C)."""
        self.values.extend(values)

    def counts(self, codes: Iterable[str], index: Mapping[str, int], size: int,
               scale: float, name: str | None = None,
               labels: Sequence[str] | None = None) -> None:
        """`size` slots: how many of each kind the list of codes holds, / scale."""
        block = [0] * size
        for code in codes:
            block[index[code]] += 1
        self.numbers(block, scale)

    def seat(self, seat: int | None, name: str | None = None) -> None:
        """`players` slots: a seat as a one-hot, relative to the reader (None: zeros)."""
        self.one_hot(None if seat is None else self.relative(seat), self.players)

    def per_seat(self, values: Sequence[Any], scale: float | None = None,
                 name: str | None = None) -> None:
        """`players` slots: one value per seat (absolute order), rotated to the reader.
        With no scale the values are flags."""
        for rel in range(self.players):
            value = values[(self.me + rel) % self.players]
            if scale is None:
                self.flag(value)
            else:
                self.number(value, scale)

    def finish(self, size: int) -> list[float]:
        """The vector, checked against the size the game announced."""
        if len(self.values) != size:
            raise AssertionError(f"encoding built {len(self.values)} numbers, announced {size}")
        return self.values


def seat_label(rel: int) -> str:
    """A seat relative to the reader, as feature names write it: self, +1, +2..."""
    return "self" if rel == 0 else f"+{rel}"


def up_to(slots: int) -> tuple[str, ...]:
    """The labels of a one-hot count whose last slot holds the rest: 0, 1, ..., `slots-1`+."""
    return (*map(str, range(slots - 1)), f"{slots - 1}+")


@contextmanager
def building(cls: type[Features]) -> Iterator[None]:
    """Within, `Features(view, players)` builds a `cls` (a subclass), in this thread only,
    however the encoder imported `Features` (`ludotheque.interop.encoding` names the slots
    of an observation this way)."""
    before = getattr(_BUILDS, "cls", None)
    _BUILDS.cls = cls
    try:
        yield
    finally:
        _BUILDS.cls = before
