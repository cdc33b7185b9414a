"""Bots on the OpenSpiel adapter (`ludotheque.interop.openspiel`).

* `ismcts_bot(spiel_game, simulations, seed)`: OpenSpiel's ISMCTS, reproducible
  from its seed, with playouts run in our engine (`EngineRolloutEvaluator`, the
  same law as OpenSpiel's `RandomRolloutEvaluator`, faster), OpenSpiel's own, or
  the game's quick policy;
* `OpenSpielISMCTS`: OpenSpiel's ISMCTS as one of our bots (`openspiel_ismcts`;
  `ludotheque.interop` adds it to `ludotheque.bots` when pyspiel is installed).
  `ludotheque.sim.arena.arena_vs_openspiel` plays it against one of ours.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludotheque.core.budget import Budget
from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import LudoError, OptionError
from ludotheque.core.game import Game
from ludotheque.interop.openspiel import LudothequeState, load_game
from ludotheque.interop.openspiel.chance import _complete, _redraw_next

DEFAULT_SIMULATIONS = 200  # openspiel_ismcts when the budget gives no iteration count
DEFAULT_UCT_C = 2.0  # OpenSpiel's examples' default exploration constant
EVALUATORS = ("engine", "openspiel", "policy")  # see ismcts_bot


def check_simulations(simulations: Any) -> None:
    """A number of simulations is a positive int (LudoError otherwise)."""
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise LudoError("error.more_than", name="simulations", value=simulations, low=0)


class EngineRolloutEvaluator(mcts.Evaluator):
    """OpenSpiel's `RandomRolloutEvaluator` (uniform moves, chance by its probabilities,
    the mean return of `n_rollouts` playouts), with each playout run inside our engine
    rather than one OpenSpiel call per step: the same distribution, several times faster.
    With `policy=True` the playouts use the game's own quick policy (`Game.rollout_action`,
    public information only), as our search bots do."""

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None,
                 policy: bool = False) -> None:
        self.n_rollouts = n_rollouts
        self.policy = policy
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: LudothequeState) -> np.ndarray:
        core = state._core
        game = core.meta.game
        total = np.zeros(core.meta.players)
        for _ in range(self.n_rollouts):
            rng = random.Random(int(self._random_state.randint(2**31)))
            playout = core.state.clone()
            if core.draws:  # finish the chance point begun in the adapter
                spec = playout.chance_spec()
                draws = list(core.draws)
                while (outcome := _complete(spec, draws)) is None:
                    draws.append(_redraw_next(spec, draws, rng))
                playout.apply_chance(outcome)
            chance = SeededChance(rng.getrandbits(62))
            while True:
                actor = playout.current_player()
                if actor >= 0:
                    legal = playout.legal_actions()
                    action = (game.rollout_action(playout, legal, rng) if self.policy
                              else legal[rng.randrange(len(legal))])
                    playout.apply_action(action)
                elif playout.is_chance():
                    settle(playout, chance)
                else:
                    break
            total += playout.returns()
        return total / self.n_rollouts

    def prior(self, state: LudothequeState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class _ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS bot, plus the `restart_at` that `evaluate_bots` calls (it keeps
    no state between moves)."""

    def restart_at(self, state: pyspiel.State) -> None:
        pass


def ismcts_bot(spiel_game: pyspiel.Game, simulations: int, seed: int,
               uct_c: float = DEFAULT_UCT_C, evaluator: str = "engine") -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS, reproducible from `seed` (its resampling draws from the same
    generator). `evaluator`: "openspiel" (OpenSpiel's RandomRolloutEvaluator), "engine"
    (the same random playouts run in our engine, faster) or "policy" (the game's quick
    rollout policy, as our search bots use)."""
    check_simulations(simulations)
    generator = np.random.RandomState(seed % 2**32)
    if evaluator == "openspiel":
        leaf = mcts.RandomRolloutEvaluator(1, generator)
    elif evaluator in ("engine", "policy"):
        leaf = EngineRolloutEvaluator(1, generator, policy=evaluator == "policy")
    else:
        raise OptionError("error.option_value", name="evaluator", value=evaluator,
                          allowed=", ".join(EVALUATORS))
    bot = _ISMCTSBot(spiel_game, leaf, uct_c, simulations,
                     random_state=generator,
                     final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, generator.uniform))
    return bot


class OpenSpielISMCTS:
    """OpenSpiel's ISMCTS as a ludotheque bot (`openspiel_ismcts`).

    It reads only its view: the root is a state sampled from the view
    (`Game.sample`), which is fair since OpenSpiel's ISMCTS resamples
    every simulation from the information state anyway, and that information
    state is the view (the moves before the root are unknown to the bot).
    """

    name = "openspiel_ismcts"

    def __init__(self, game: Game, simulations: int = DEFAULT_SIMULATIONS,
                 uct_c: float = DEFAULT_UCT_C, evaluator: str = "engine") -> None:
        check_simulations(simulations)
        if evaluator not in EVALUATORS:
            raise OptionError("error.option_value", name="evaluator", value=evaluator,
                              allowed=", ".join(EVALUATORS))
        self.game = game
        self.simulations = simulations
        self.uct_c = uct_c
        self.evaluator = evaluator

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        spiel_game = load_game(self.game.name, view["players"], **view["options"])
        root = spiel_game.state_from(self.game.sample(view, rng))
        bot = ismcts_bot(spiel_game, self.simulations, rng.getrandbits(32), self.uct_c,
                         self.evaluator)
        return int(bot.step(root))


def make_openspiel_ismcts(game: Game, budget: Budget | None = None) -> OpenSpielISMCTS:
    """The `openspiel_ismcts` bot with the search bots' iteration budget (ours use the same
    `--iterations`), or DEFAULT_SIMULATIONS when the budget has none."""
    iterations = getattr(budget, "iterations", None)
    return OpenSpielISMCTS(game, iterations or DEFAULT_SIMULATIONS)
