"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), for every game.

Multiple-observer ISMCTS (MO-ISMCTS): one tree per seat. Each iteration

1. samples a full state from the bot's view only (`Game.sample_from_view`:
   the bot never sees the true state),
2. descends every tree at once with that state: the seat to move picks in its
   own tree (UCB1 over the moves available in this determinisation, with
   availability counts), and every other tree follows the move *as that seat
   observed it* (`Game.observe_action`: a card played face down is one edge
   for the others, whatever the card),
3. adds one node, plays the game out (with the game's quick rollout policy,
   `Game.rollout_action`, uniform unless the game gives one; or, slower, with
   the game's heuristic bot reading views), and
4. backs the result up each tree, every node scoring the return of the seat
   that moved into it.

Chance points met on the way are sampled, not branched on (open loop). The
move returned is the root's most visited one. Budget: a number of iterations,
a time limit in milliseconds, or both (whichever ends first); an iteration
budget alone makes the bot reproducible from its generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.core.chance import SeededChance
from ludotheque.core.game import Game, State


@dataclass(frozen=True)
class Budget:
    """How long a bot may think: iterations and/or milliseconds (None: no limit of that kind)."""

    iterations: int | None = None
    ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a budget needs iterations or milliseconds")


class _Node:
    __slots__ = ("children", "visits", "reward", "available")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class ISMCTSBot:
    """MO-ISMCTS over any registered game; reads only its view."""

    def __init__(self, game: Game, budget: Budget = Budget(iterations=1000, ms=1000),
                 exploration: float = 0.7, rollout: str = "policy",
                 name: str = "ismcts") -> None:
        if rollout not in ("policy", "heuristic"):
            raise ValueError(f"rollout must be 'policy' or 'heuristic', not {rollout!r}")
        self.game = game
        self.budget = budget
        self.exploration = exploration
        self.rollout = rollout
        self.name = name
        self.last_iterations = 0
        self._rollout_bot = None
        if rollout == "heuristic":
            from ludotheque.bots import make_bot

            self._rollout_bot = make_bot("medium", game)

    # ------------------------------------------------------------------ api
    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        me = view["seat"]
        players = view["players"]
        roots = [_Node() for _ in range(players)]
        game = self.game
        deadline = None if self.budget.ms is None else time.perf_counter() + self.budget.ms / 1000
        limit = self.budget.iterations
        iterations = 0
        while True:
            if limit is not None and iterations >= limit:
                break
            if deadline is not None and iterations % 8 == 0 and time.perf_counter() >= deadline:
                break
            state = game.sample_from_view(view, rng)
            self._iterate(state, roots, players, rng)
            iterations += 1
        self.last_iterations = iterations
        root = roots[me]
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         rng.random()))

    # ------------------------------------------------------------ one pass
    def _iterate(self, state: State, roots: list[_Node], players: int, rng: random.Random) -> None:
        game = self.game
        chance = SeededChance(rng.getrandbits(62))
        nodes = list(roots)
        visited: list[tuple[_Node, int]] = []  # (node, seat that moved into it), in every tree
        expanded = False
        while not expanded:
            actor = state.current_player()
            if actor < 0:
                if state.is_terminal():
                    break
                state.apply_chance(chance.resolve(state.chance_spec()))
                continue
            legal = state.legal_actions()
            node = nodes[actor]
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                expanded = True
            else:
                action = self._select(node, legal)
            for seat in range(players):
                key = action if seat == actor else game.observe_action(state, action, seat)
                parent = nodes[seat]
                child = parent.children.get(key)
                if child is None:
                    child = parent.children[key] = _Node()
                    child.available = 1
                nodes[seat] = child
                visited.append((child, actor))
            state.apply_action(action)
        returns = self._playout(state, chance, rng)
        for node, mover in visited:
            node.visits += 1
            node.reward += returns[mover]

    def _select(self, node: _Node, legal: Sequence[int]) -> int:
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _playout(self, state: State, chance: SeededChance, rng: random.Random) -> list[float]:
        bot = self._rollout_bot
        policy = self.game.rollout_action
        while True:
            actor = state.current_player()
            if actor >= 0:
                legal = state.legal_actions()
                if bot is None:
                    action = policy(state, legal, rng)
                else:
                    action = bot.choose(state.view(actor), legal, rng)
                state.apply_action(action)
            elif state.is_terminal():
                return state.returns()
            else:
                state.apply_chance(chance.resolve(state.chance_spec()))
