"""Bots: they see a seat's view and its legal moves, never the state.

A bot is any object with `choose(view, legal, rng) -> action id`. `make_bot`
builds one by name: "random" for every game, each game's own bots (e.g.
"heuristic") declared in `Game.parts.bots`, the levels, the ladder rungs
"mix:P" (medium with probability P, random otherwise: a curriculum from random,
mix:0, to medium, mix:1), "solver" where a game has a solved variant
(`bots.solver`), and the bots that live in a layer above and add themselves
with `register_bots` (OpenSpiel's ISMCTS: `ludotheque.interop`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ludotheque.bots.ismcts import ISMCTSBot
from ludotheque.bots.solver import solver_bots
from ludotheque.core.budget import Budget
from ludotheque.core.errors import BotError
from ludotheque.core.game import Game
from ludotheque.core.options import split_list


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

    @property
    def acts_on_observation(self) -> bool:
        """Whether `choose` is `act` on the view's observation (as its base's is)."""
        return getattr(self.base, "acts_on_observation", False)

    def act(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        """`choose` given the seat's observation (when `acts_on_observation`)."""
        if rng.random() < self.randomness:
            return legal[rng.randrange(len(legal))]
        return self.base.act(observation, legal, rng)


# Difficulty levels a person understands, available for every game.
LEVELS = {
    "easy": "the heuristic, with half of its moves random",
    "medium": "the game's heuristic bot",
    "hard": "ISMCTS on its view, the others played as medium, within about a second a move",
}

# The ladder: opponents from random (mix:0) to medium (mix:1), for a learner to climb.
# "mix:P" plays each move as medium with probability P, else uniformly at random.
MIX = "mix:"
LADDER = ("mix:0", "mix:0.2", "mix:0.4", "mix:0.6", "mix:0.8", "mix:1")


def mix_name(share: float) -> str:
    """The canonical name of the rung that plays medium with probability `share`."""
    return f"{MIX}{share:g}"


def _mix_share(name: str) -> float:
    """P of "mix:P" (a number from 0 to 1), or BotError naming what is allowed."""
    text = name[len(MIX):].strip()
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0.0 <= share <= 1.0:  # also NaN
        raise BotError("error.bot_mix", name=name)
    return share


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
                                          own_model=own.get("heuristic"),
                                          confidence=game.search_confidence, name="hard")
    factories.update(solver_bots(game))
    for provider in _PROVIDERS:
        factories.update(provider(game, search_budget))
    return factories


def bot_names(game: Game) -> list[str]:
    """Every bot name `make_bot` takes for `game`, the ladder written "mix:P"."""
    return sorted([*bot_factories(game), MIX + "P"])


def make_bot(name: str, game: Game, budget: Budget | None = None, players: int | None = None,
             options: Mapping[str, Any] | None = None) -> Bot:
    """The bot called `name` for `game`; `budget` (a `core.budget.Budget`) for search bots.
    "mix:P" is a rung of the ladder: medium with probability P (0 to 1), random otherwise.
    Given the table (`players` and validated `options`), a bot that plays only some
    tables (`solver`) refuses the others here (BotError), not at its first move."""
    factories = bot_factories(game, budget)
    key = name.strip().lower()
    if key.startswith(MIX):
        share = _mix_share(key)
        return SometimesRandomBot(factories["medium"](), 1.0 - share, mix_name(share))
    if key not in factories:
        raise BotError("error.unknown_bot", name=name, allowed=", ".join(bot_names(game)))
    bot = factories[key]()
    check = getattr(bot, "check_table", None)
    if check is not None and players is not None and options is not None:
        check(players, options)
    return bot


def parse_bot_list(text: str | None, game: Game, seats: int, default: str = "heuristic",
                   players: int | None = None, options: Mapping[str, Any] | None = None,
                   name: str = "--bots") -> list[str]:
    """'heuristic,random' -> one bot name per seat; a single name fills every seat; None:
    `default` everywhere.

    Every name is checked against the game's bots (BotError lists the allowed ones) and,
    given the table (`players`, validated `options`), against the tables it plays; an
    empty one ("random,") is refused as `split_list` says, the list called `name`.
    """
    names = [default] if text is None else [
        part.lower() for part in split_list(text, name, ", ".join(bot_names(game)))]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise BotError("error.bot_count", given=len(names), count=seats)
    for name in set(names):
        make_bot(name, game, players=players, options=options)
    return names
