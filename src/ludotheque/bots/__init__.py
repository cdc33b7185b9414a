"""Bots: they see a seat's view and its legal moves, never the state.

A bot is any object with `choose(view, legal, rng) -> action id`. `make_bot`
builds one by name: "random" for every game, each game's own bots (e.g.
"heuristic") declared in `Game.parts.bots`, the levels, and the bots that live
in a layer above and add themselves with `register_bots` (OpenSpiel's ISMCTS:
`ludotheque.interop`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ludotheque.bots.ismcts import ISMCTSBot
from ludotheque.core.budget import Budget
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
    reads_view = False  # callers may pass None for the view: it is never read

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        if type(rng) is random.Random:  # randrange(n) is _randbelow(n), past its argument checks
            return legal[rng._randbelow(len(legal))]
        return legal[rng.randrange(len(legal))]


class SometimesRandomBot:
    """Plays like `base`, except that a share `randomness` of its moves are random: a weaker
    opponent that still makes sense (the "easy" level)."""

    def __init__(self, base: Bot, randomness: float, name: str) -> None:
        self.base = base
        self.randomness = randomness
        self.name = name

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        if rng.random() < self.randomness:
            return legal[rng.randrange(len(legal))]
        return self.base.choose(view, legal, rng)


# Difficulty levels a person understands, available for every game.
LEVELS = {
    "easy": "the heuristic, with half of its moves random",
    "medium": "the game's heuristic bot",
    "hard": "ISMCTS on its view, the others played as medium, within about a second a move",
}


# Bots from the layers above (they import this module, never the reverse): each provider
# gives, for a game and a budget, more bots by name (e.g. OpenSpiel's ISMCTS).
BotProvider = Callable[[Game, Budget], Mapping[str, Callable[[], Bot]]]
_PROVIDERS: list[BotProvider] = []


def register_bots(provider: BotProvider) -> BotProvider:
    """Add a provider of bots (once: registering it again changes nothing); returns it."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)
    return provider


def bot_factories(game: Game, budget: Budget | None = None) -> dict[str, Callable[[], Bot]]:
    """Every bot of `game` by name: random, the game's own (e.g. heuristic), the levels
    (easy, medium, hard), ismcts (plain MO-ISMCTS with quick playouts, a reference) and
    those of the registered providers."""
    own = dict(game.parts.bots)
    heuristic = own.get("heuristic", RandomBot)
    search_budget = budget or game.search_budget()
    factories: dict[str, Callable[[], Bot]] = {"random": RandomBot}
    factories.update(own)
    factories["easy"] = lambda: SometimesRandomBot(heuristic(), 0.5, "easy")
    factories["medium"] = heuristic
    for level, name in game.parts.levels.items():  # a game may map a level to its own bot
        factories[level] = own[name]
    factories["ismcts"] = lambda: ISMCTSBot(game, search_budget, name="ismcts")
    # hard: the search models the other seats as medium players, plays out with that model
    # and stops at the next round where the game can estimate the returns.
    # Its own moves follow the game's best heuristic (Décimoarr: perfect recall).
    medium = factories["medium"]
    factories["hard"] = lambda: ISMCTSBot(game, search_budget, rollout="heuristic",
                                          opponents="model", cutoff=True, model=medium,
                                          own_model=own.get("heuristic"), name="hard")
    for provider in _PROVIDERS:
        factories.update(provider(game, search_budget))
    return factories


def make_bot(name: str, game: Game, budget: Budget | None = None) -> Bot:
    """The bot called `name` for `game`; `budget` (a `core.budget.Budget`) for search bots."""
    factories = bot_factories(game, budget)
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
