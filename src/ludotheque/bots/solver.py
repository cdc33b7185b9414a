"""The `solver` bot: an equilibrium policy computed offline, played from the view.

A few variants are small enough for OpenSpiel's CFR+ to solve exactly
(`ludotheque.interop.solve`, see docs/interop/openspiel.md): 2-player DTC with
the 3-card deck. The result ships as data (`bots/solved/<game>.json`): for every
view a seat can have at a decision in that variant, the probability of each
legal move. The bot looks its view up (a hash of the view's canonical JSON) and
draws a move: it reads nothing but the view, like every bot.

The table is keyed by views, not by OpenSpiel's perfect-recall information
states (a view forgets, e.g., the order in which an offer's cards were added):
each view plays the equilibrium's moves averaged over the information states
that show that view, weighted by how often the equilibrium reaches them. Its
exploitability is measured too, and stored with the table.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from ludotheque.core.errors import BotError
from ludotheque.core.game import Game

SOLVED_PACKAGE = "ludotheque.bots.solved"


def view_key(view: Mapping[str, Any]) -> str:
    """The key of a view in a solved table: a short hash of its canonical JSON."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@lru_cache(maxsize=8)
def solved_table(game_name: str) -> dict[str, Any] | None:
    """The solved table of a game (its JSON), or None if no variant of it is solved."""
    source = resources.files(SOLVED_PACKAGE).joinpath(f"{game_name}.json")
    if not source.is_file():
        return None
    return json.loads(source.read_text(encoding="utf-8"))


def variant_text(game: Game, players: int, options: Mapping[str, Any]) -> str:
    """How a person types a variant: "-p 2 -o values=2 ..." (the options not at their
    defaults, in the game's order)."""
    shown = [f"-o {spec.name}={str(options[spec.name]).lower()}" for spec in game.option_specs
             if options[spec.name] != spec.default_value()]
    return " ".join([f"-p {players}", *shown])


class SolverBot:
    """Plays the solved table of its game; refuses any other variant (BotError)."""

    name = "solver"

    def __init__(self, game: Game, table: Mapping[str, Any]) -> None:
        self.game = game
        self.players = table["players"]
        self.options = dict(table["options"])
        self.policy: Mapping[str, Sequence[Sequence[float]]] = table["policy"]

    def check_table(self, players: int, options: Mapping[str, Any]) -> None:
        """BotError unless `players` and `options` are the solved variant's."""
        if players != self.players or dict(options) != self.options:
            raise BotError("error.solver_variant", game=self.game.name,
                           variant=variant_text(self.game, self.players, self.options))

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        self.check_table(view["players"], view["options"])
        moves = self.policy.get(view_key(view))
        if moves is None or sorted(a for a, _ in moves) != sorted(legal):
            # not a decision of the solved game: never met in play (the tests check it)
            raise BotError("error.solver_unknown_view", game=self.game.name)
        pick = rng.random() * sum(p for _, p in moves)
        for action, probability in moves:
            pick -= probability
            if pick < 0:
                return int(action)
        return int(moves[-1][0])


def solver_bots(game: Game) -> dict[str, Callable[[], SolverBot]]:
    """{"solver": factory} if a variant of `game` is solved, else {}."""
    table = solved_table(game.name)
    if table is None:
        return {}
    return {"solver": lambda: SolverBot(game, table)}
