"""Observations and action masks as numpy arrays, for every game.

`encode` reads a seat's view only (through the game's `encoding.py`), so an
observation never holds more than the seat may know. `options` are the
validated options (`game.validate(players, options)` returns them): the
observation size of some games depends on them (Décimoarr's number of cards).
Every number lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from ludotheque.core.game import Game


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
