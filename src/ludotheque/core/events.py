"""Events: what happened, with a public part and private parts per seat.

`Event.for_player(p)` is the only way a seat reads an event: the public part,
overlaid with p's private part if any. A spectator (p=None) reads the public
part only. Nothing hidden may sit in `public`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_NOTHING: Mapping[Any, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Immutable (a named tuple: the rules create thousands a second, so no dataclass
    machinery); its parts are read only through `for_player`, which copies them."""

    kind: str
    public: Mapping[str, Any] = _NOTHING
    private: Mapping[int, Mapping[str, Any]] = _NOTHING

    def for_player(self, player: int | None) -> dict[str, Any]:
        """A fresh copy, all the way down: a reader editing it changes nobody else's log."""
        seen = {"kind": self.kind}
        for key, value in self.public.items():
            seen[key] = _fresh(value)
        if player is not None and player in self.private:
            for key, value in self.private[player].items():
                seen[key] = _fresh(value)
        return seen


def _fresh(value: Any) -> Any:
    """A copy of a JSON-like value (dicts, lists and tuples copied, scalars shared)."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fresh(item) for item in value]
    return value
