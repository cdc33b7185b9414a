"""Events: what happened, with a public part and private parts per seat.

`Event.for_player(p)` is the only way a seat reads an event: the public part,
overlaid with p's private part if any. A spectator (p=None) reads the public
part only. Nothing hidden may sit in `public`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[int, dict[str, Any]] = field(default_factory=dict)

    def for_player(self, player: int | None) -> dict[str, Any]:
        seen = {"kind": self.kind, **self.public}
        if player is not None and player in self.private:
            seen.update(self.private[player])
        return seen
