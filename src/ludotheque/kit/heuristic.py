"""The shape of a game's heuristic bot: it reads the seat's compact observation.

A game writes `act(observation, legal, rng)` and names its observation class
(`observation.py`); `choose(view, legal, rng)` builds the observation from the view
and acts on it. Search bots call `act` on observations built from their samples,
without a view, so `act` must read nothing else.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar


class ObservationBot(ABC):
    """A bot that acts on the game's compact observation (see the module); a game's bot
    that forgets `act` cannot be made."""

    name = "heuristic"
    observation: ClassVar[Any]  # the game's observation class: `of_view(view)`

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        return self.act(self.observation.of_view(view), legal, rng)

    @abstractmethod
    def act(self, obs: Any, legal: Sequence[int], rng: random.Random) -> int:
        """The move (one of `legal`) from the observation alone."""
