"""Bridges to reinforcement-learning toolkits (GitHub issue 7).

* `encoding`: every game's view as a fixed-shape numpy vector, and action masks
  (the games' encoders build on `ludotheque.kit.features`).
* `pettingzoo`: multi-agent AEC environments (`env("dtc", players=3)`).
* `gymnasium`: single-agent environments against ludotheque bots
  (`gymnasium.make("ludotheque/dtc-v0")` once the module is imported).
* `openspiel`: every game as an OpenSpiel game; `openspiel_bots`: OpenSpiel's ISMCTS
  on it, also one of our bots (`openspiel_ismcts`, added to `ludotheque.bots` here,
  when pyspiel is installed).

The numpy, gymnasium and pettingzoo parts need the `rl` extra
(`pip install -e ".[rl]"`); importing this package alone needs nothing.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from ludotheque.bots import register_bots
from ludotheque.core.budget import Budget
from ludotheque.core.game import Game


@functools.lru_cache(maxsize=1)
def _has_pyspiel() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def _openspiel_bots(game: Game, budget: Budget) -> Mapping[str, Callable[[], Any]]:
    """`openspiel_ismcts` when pyspiel is installed; pyspiel is imported only to build it."""
    if not _has_pyspiel():
        return {}

    def make() -> Any:
        from ludotheque.interop.openspiel_bots import make_openspiel_ismcts

        return make_openspiel_ismcts(game, budget)

    return {"openspiel_ismcts": make}


register_bots(_openspiel_bots)
