"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), for every game.

Multiple-observer ISMCTS (MO-ISMCTS): one tree per seat. Each iteration

1. samples a full state from the bot's view only (`Game.sampler`, the view read once
   per move: the bot never sees the true state),
2. descends every tree at once with that state: the seat to move picks in its
   own tree (UCB1 over the moves available in this determinisation, with
   availability counts), and every other tree follows the move *as that seat
   observed it* (`Game.observe_action`: a card played face down is one edge
   for the others, whatever the card),
3. adds one node, plays the game out (with the game's quick rollout policy,
   `Game.rollout_action`, uniform unless the game gives one; or, slower, with
   the game's heuristic bot: it reads the game's compact observation of the
   sample, `Game.observation.of_state`, where the game declares one, else a view), and
4. backs the result up each tree, every node scoring the return of the seat
   that moved into it.

Chance points met on the way are sampled, not branched on (open loop). The
move returned is the root's most visited one.

With `opponents="model"` (the `hard` level) the search keeps one tree, the
bot's own: the other seats play a model of them (the `medium` bot on their
view of the sample), samples are drawn with the game's `search_belief` (which may lean
towards what their moves suggest), playouts stop at the next round where
`Game.playout_value` estimates the returns (`cutoff`), and the bot's own
heuristic move is searched first and kept unless another move scores better
by `confidence` standard errors. A plain MO-ISMCTS explores every seat's moves
uniformly at first, so with a small budget it plays against nonsense replies;
modelling the others as they really play is what makes a few dozen
iterations enough to beat the heuristic. Budget: a number of iterations,
a time limit in milliseconds, or both (whichever ends first); an iteration
budget alone makes the bot reproducible from its generator.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ludotheque.core.budget import Budget
from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.game import Game, State

__all__ = ["Budget", "ISMCTSBot"]


# A full garbage collection is "near" when this many more middle-generation collections
# would make it due (gc.get_count()[2] counts them against gc.get_threshold()[2]).
_FULL_COLLECTION_NEAR = 3

DEFAULT_BUDGET = Budget(iterations=1000, ms=1000)  # frozen: one shared default is safe


class _Node:
    __slots__ = ("children", "visits", "reward", "squares", "available")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.squares = 0.0  # sum of squared rewards, for the confidence of a mean
        self.available = 0

    def mean(self) -> float:
        return self.reward / self.visits

    def variance_of_mean(self) -> float:
        """Shrunk towards the largest variance of a result in [0, 1] (0.25) by two
        pseudo-results, so that a few equal results do not look certain."""
        n = self.visits
        spread = max(self.squares - self.reward * self.reward / n, 0.0)
        return (spread + 0.5) / (n + 2) / n


class ISMCTSBot:
    """MO-ISMCTS over any registered game; reads only its view."""

    def __init__(self, game: Game, budget: Budget = DEFAULT_BUDGET,
                 exploration: float = 0.7, rollout: str = "policy",
                 opponents: str = "tree", cutoff: bool = False,
                 model: Callable[[], Any] | None = None,
                 own_model: Callable[[], Any] | None = None, confidence: float = 1.0,
                 name: str = "ismcts") -> None:
        """`model` makes the bot the other seats play in the search (and the rollouts) with
        `rollout="heuristic"` (the `hard` level passes the game's medium bot); `own_model`
        makes the bot whose move is searched first for this seat (default: `model`)."""
        if rollout not in ("policy", "heuristic"):
            raise ValueError(f"rollout must be 'policy' or 'heuristic', not {rollout!r}")
        if opponents not in ("tree", "model"):
            raise ValueError(f"opponents must be 'tree' or 'model', not {opponents!r}")
        self.opponents = opponents
        self.confidence = confidence
        self._default: int | None = None
        self.game = game
        self.budget = budget
        self.exploration = exploration
        self.rollout = rollout
        self.name = name
        self.last_iterations = 0
        self.last_elapsed_ms = 0.0
        # The clock the budget is kept with (seconds); a test may put its own.
        self.clock: Callable[[], float] = time.perf_counter
        self._deadline: float | None = None
        self._rollout_bot = self._own_bot = None
        # Playouts stop at the next round when the game can estimate its returns there.
        self._cutoff = cutoff and type(game).playout_value is not Game.playout_value
        if rollout == "heuristic":
            if model is None:
                raise ValueError("rollout='heuristic' needs a model: a factory of the others' bot")
            self._rollout_bot = model()
            self._own_bot = own_model() if own_model else self._rollout_bot
        # Models that read the game's compact observation are given it, built from the
        # sample for the seat to move (no view, no text); otherwise they read its view.
        self._observe: Callable[[State, int], Any] | None = None
        observation = game.observation
        if observation is not None and all(hasattr(model_bot, "act") for model_bot in
                                           (self._rollout_bot, self._own_bot)):
            self._observe = observation.of_state

    # ------------------------------------------------------------------ api
    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.last_iterations, self.last_elapsed_ms = 0, 0.0
            return legal[0]
        # The clock covers everything the bot does: the collection below, the model's
        # default move, the search.
        started = self.clock()
        # No cyclic garbage collection during the search: a full collection of a process
        # holding big caches takes tens of milliseconds (more on a busy machine) in one
        # piece, which the deadline cannot cut. The search runs with the collector off
        # (its trees and states hold no cycles: reference counting frees them); it is
        # back on after the move. A full collection that is near (the oldest generation's
        # count close to its threshold) is done first, on the clock, so that it does not
        # fall due in whatever the caller does next; most moves need none.
        collecting = gc.isenabled()
        if collecting and gc.get_count()[2] + _FULL_COLLECTION_NEAR > gc.get_threshold()[2]:
            gc.collect()
        gc.disable()
        try:
            return self._search(view, legal, rng, started)
        finally:
            if collecting:
                gc.enable()

    def _search(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random,
                started: float) -> int:
        clock = self.clock
        deadline = self._deadline = (None if self.budget.ms is None
                                     else started + self.budget.ms / 1000)
        if type(view) is not dict:  # read once into a plain dict (a Match's view builds on reads)
            view = dict(view)
        me = view["seat"]
        players = view["players"]
        roots = [_Node() for _ in range(players)]
        # With a model of play, the model's own move for this view is the default: searched
        # first, and left only for a move whose playouts are better with confidence.
        self._default = None
        if self.opponents == "model" and self._own_bot is not None:
            self._default = self._own_bot.choose(view, legal, rng)
        game = self.game
        limit = self.budget.iterations
        iterations = 0
        # With a model of the others, samples lean towards what their moves suggest.
        belief = game.search_belief if self.opponents == "model" else None
        # The view is read once; each iteration only deals what it hides (`Game.sampler`).
        sample = game.sampler(view, belief)
        while True:
            if limit is not None and iterations >= limit:
                break
            if deadline is not None and clock() >= deadline:
                break
            state = sample(rng)
            if not self._iterate(state, roots, players, rng, me):
                break  # the deadline came during the pass: it is dropped
            iterations += 1
        self.last_iterations = iterations
        self.last_elapsed_ms = (clock() - started) * 1000
        root = roots[me]
        if self._default is not None:
            return self._confident_choice(root, legal, self._default)
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         rng.random()))

    def _confident_choice(self, root: _Node, legal: Sequence[int], default: int) -> int:
        """The best-scoring move if it beats `default` by `confidence` standard errors."""
        fallback = root.children.get(default)
        if fallback is None or fallback.visits < 4:
            return default
        best, best_mean = default, fallback.mean()
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits < 4 or action == default:
                continue
            gap = child.mean() - fallback.mean()
            error = math.sqrt(child.variance_of_mean() + fallback.variance_of_mean())
            if gap > self.confidence * error and child.mean() > best_mean:
                best, best_mean = action, child.mean()
        return best

    # ------------------------------------------------------------ one pass
    def _iterate(self, state: State, roots: list[_Node], players: int, rng: random.Random,
                 me: int) -> bool:
        """One pass (sample, descent, playout, update); False, with nothing updated, if
        the deadline passed on the way (checked at every step)."""
        game = self.game
        deadline, clock = self._deadline, self.clock
        observe_action = game.observe_action
        modelled = self.opponents == "model"
        model_action = self._model_action
        chance = SeededChance(rng.getrandbits(62))
        nodes = list(roots)
        visited: list[tuple[_Node, int]] = []  # (node, seat that moved into it), in every tree
        expanded = False
        while not expanded:
            if deadline is not None and clock() >= deadline:
                return False
            actor = state.current_player()
            if actor < 0:
                if state.is_terminal():
                    break
                settle(state, chance)
                continue
            legal = state.legal_actions()
            if modelled and actor != me:
                # The others play the rollout model; the bot's tree follows the move as seen.
                action = model_action(state, actor, legal, rng)
                key = (actor, observe_action(state, action, me))
                children = nodes[me].children
                child = children.get(key)
                if child is None:
                    child = children[key] = _Node()
                nodes[me] = child
                state.apply_action(action)
                continue
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
                if node is roots[me] and self._default in untried:
                    action = self._default
                else:
                    action = untried[rng.randrange(len(untried))]
                expanded = True
            else:
                action = self._select(node, legal)
            for seat in ((me,) if modelled else range(players)):
                # Another seat's move is keyed apart from the seat's own moves (same ids).
                key = action if seat == actor else (actor, observe_action(state, action, seat))
                parent = nodes[seat]
                child = parent.children.get(key)
                if child is None:
                    child = parent.children[key] = _Node()
                    child.available = 1
                nodes[seat] = child
                visited.append((child, actor))
            state.apply_action(action)
        returns = self._playout(state, chance, rng, me)
        if returns is None:
            return False
        for node, mover in visited:
            node.visits += 1
            node.reward += returns[mover]
            node.squares += returns[mover] * returns[mover]
        return True

    def _select(self, node: _Node, legal: Sequence[int]) -> int:
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action]
            score = (child.reward / child.visits
                     + c * math.sqrt(math.log(child.available) / child.visits))
            if score > best_score:
                best, best_score = action, score
        return best

    def _model_action(self, state: State, actor: int, legal: list[int], rng: random.Random) -> int:
        if self._rollout_bot is None:
            return self.game.rollout_action(state, legal, rng)
        if self._observe is not None:
            return self._rollout_bot.act(self._observe(state, actor), legal, rng)
        return self._rollout_bot.choose(state.view(actor), legal, rng)

    def _playout(self, state: State, chance: SeededChance, rng: random.Random,
                 me: int) -> list[float] | None:
        """The returns at the end of a playout (or at the cut-off); None if the deadline
        passed first (checked at every step)."""
        deadline, clock = self._deadline, self.clock
        bot, own = self._rollout_bot, self._own_bot
        policy = self.game.rollout_action
        observe = self._observe
        cutoff = self._cutoff
        if cutoff:
            start_round = state.metrics().get("rounds", 0)
        while True:
            if deadline is not None and clock() >= deadline:
                return None
            if cutoff and state.metrics().get("rounds", 0) > start_round:
                value = self.game.playout_value(state)
                if value is not None:
                    return value
            actor = state.current_player()
            if actor >= 0:
                legal = state.legal_actions()
                if bot is None:
                    action = policy(state, legal, rng)
                elif observe is not None:  # the models read the seat's compact observation
                    action = (own if actor == me else bot).act(observe(state, actor), legal, rng)
                else:
                    action = (own if actor == me else bot).choose(state.view(actor), legal, rng)
                state.apply_action(action)
            elif state.is_terminal():
                return state.returns()
            else:  # one outcome at a time: the cut-off above is checked between chance points
                settle(state, chance, at_most=1)
