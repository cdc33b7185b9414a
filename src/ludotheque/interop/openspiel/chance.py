"""Our chance points as OpenSpiel's small chance nodes, and the chance sources.

One of our chance points may be a whole shuffle or several dice at once: OpenSpiel walks
it as a sequence of small nodes (the next item of a shuffle among those left, one die at a
time, a pick in one node), whose action ids are item indices, faces or picks. A game's
fold (`_Meta.chance_spec`) answers the same calls (`outcomes`, `complete`, `text`). The
sources draw a chance point whole instead: `_WholeChance` (`environment`),
`_WidestChance` (measures `max_chance_outcomes`), `_Replay` (recorded outcomes)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ludotheque.core.chance import Pick, Roll, SeededChance, Shuffle
from ludotheque.core.game import State

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


class _WidestChance:
    """A chance source that answers like `inner` and notes the widest first draw it met."""

    def __init__(self, inner: SeededChance, widest: int) -> None:
        self.inner = inner
        self.widest = widest

    def resolve(self, spec: Any) -> Any:
        self.widest = max(self.widest, len(_chance_outcomes(spec, [])))
        return self.inner.resolve(spec)


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


class _Replay:
    """A chance source answering with recorded outcomes, in order (`_Episode.spiel_state`)."""

    def __init__(self, outcomes: Sequence[Any]) -> None:
        self._next = iter(outcomes).__next__

    def resolve(self, spec: Any) -> Any:
        return self._next()

    def fold(self, spec: Any) -> Any:
        return self._next()
