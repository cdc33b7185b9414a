"""How long a search may think: a budget of iterations and/or milliseconds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """How long a bot may think: iterations and/or milliseconds (None: no limit of that kind)."""

    iterations: int | None = None
    ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a budget needs iterations or milliseconds")
