"""Bots: they see a seat's view and its legal moves, never the state.

A bot is any object with `choose(view, legal, rng) -> action id`. `make_bot`
builds one by name: "random" for every game, and each game's own bots
(e.g. "heuristic") declared in `Game.bots()`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ludotheque.core.errors import BotError
from ludotheque.core.game import Game


class Bot(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        """One of `legal`, chosen from `view` only."""
        ...


class RandomBot:
    """Uniform over the legal moves."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        return legal[rng.randrange(len(legal))]


def bot_factories(game: Game) -> dict[str, Callable[[], Bot]]:
    factories: dict[str, Callable[[], Bot]] = {"random": RandomBot}
    factories.update(getattr(game, "bots", lambda: {})())
    return factories


def make_bot(name: str, game: Game) -> Bot:
    factories = bot_factories(game)
    key = name.strip().lower()
    if key not in factories:
        raise BotError("error.unknown_bot", name=name, allowed=", ".join(sorted(factories)))
    return factories[key]()


def parse_bot_list(text: str | None, game: Game, seats: int, default: str = "heuristic") -> list[str]:
    """'heuristic,random' -> one bot name per seat; a single name fills every seat.

    Every name is checked against the game's bots (BotError lists the allowed ones).
    """
    names = [part.strip().lower() for part in (text or default).split(",") if part.strip()]
    if not names:
        names = [default]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise BotError("error.bot_count", count=len(names), needed=seats)
    for name in set(names):
        make_bot(name, game)
    return names
