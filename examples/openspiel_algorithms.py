"""OpenSpiel's own algorithms, MCCFR and NFSP, on ludotheque games with 2 players.
Outcome-sampling MCCFR (tabular, keyed by the information-state string) and NFSP
(PyTorch, fed the information-state tensor through `openspiel.environment`, our
`rl_environment`). Each learned policy then plays games against a uniform random
player, both seats, and its mean return is printed.

    python examples/openspiel_algorithms.py --games dtc,diciassette --mccfr 2000 --nfsp 300

Needs the `rl` and `neural` extras (`pip install -e ".[rl,neural]"`). Results on our
machine: docs/interop/openspiel.md.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from ludotheque.core.errors import run_script
from ludotheque.interop import openspiel as adapter

Policy = Callable[[pyspiel.State], int]


def mccfr(spiel_game: pyspiel.Game, iterations: int, seed: int) -> tuple[Policy, int, int]:
    """Outcome-sampling MCCFR; returns its average policy as a move chooser, the number of
    information states it met and how many of them hold non-finite numbers.

    On long games the sampling's reach probabilities (products of one probability per
    node: several hundred in DTC) underflow to 0 and OpenSpiel's estimates become inf or
    NaN there (NumPy warns "divide by zero"); such an information state is played
    uniformly here. 17's games are short enough."""
    import warnings

    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(seed)  # OpenSpiel's MCCFR samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel_game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # counted below instead
        for _ in range(iterations):
            solver.iteration()
    table = solver._infostates
    broken = sum(1 for values in table.values() if not np.isfinite(values).all())
    average = solver.average_policy()
    rng = random.Random(seed)

    def play(state: pyspiel.State) -> int:
        legal = state.legal_actions()
        probabilities = average.action_probabilities(state)
        weights = [probabilities.get(action, 0.0) for action in legal]
        if not (np.isfinite(weights).all() and sum(weights) > 0):
            weights = [1.0] * len(legal)
        return rng.choices(legal, weights=weights)[0]

    return play, len(table), broken


def nfsp(spiel_game: pyspiel.Game, episodes: int, seed: int, hidden: int = 64,
         buffer: int = 4_000, learn_from: int = 256,
         anticipatory: float = 0.1) -> tuple[Policy, list]:
    """NFSP (PyTorch) for both seats in self-play through `rl_environment` on the
    information-state tensor; returns the average-policy network as a move chooser."""
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp as torch_nfsp

    torch.manual_seed(seed)
    np.random.seed(seed)  # NFSP samples its moves with numpy's global generator
    env = adapter.environment(spiel_game, seed=seed)  # rl_environment, tensors built when read
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [torch_nfsp.NFSP(seat, size, actions, [hidden], reservoir_buffer_capacity=buffer,
                              anticipatory_param=anticipatory, batch_size=min(64, learn_from),
                              learn_every=32,
                              min_buffer_size_to_learn=learn_from, replay_buffer_capacity=buffer,
                              epsilon_decay_duration=max(1, episodes * 50), seed=seed + seat)
              for seat in range(spiel_game.num_players())]
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            time_step = env.step([agents[seat].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
    def play(state: pyspiel.State) -> int:
        seat = state.current_player()
        seats = range(spiel_game.num_players())
        time_step = rl_environment.TimeStep(
            observations={
                "info_state": [state.information_state_tensor(seat) if p == seat else None
                               for p in seats],
                "legal_actions": [state.legal_actions() if p == seat else [] for p in seats],
                "current_player": seat},
            rewards=None, discounts=None, step_type=rl_environment.StepType.MID)
        with agents[seat].temp_mode_as(torch_nfsp.MODE.AVERAGE_POLICY):
            return int(agents[seat].step(time_step, is_evaluation=True).action)

    return play, agents


def win_rate(spiel_game: pyspiel.Game, policy: Policy, games: int, seed: int) -> float:
    """The policy's mean return (1 for a win, 1/k for a shared one) against a uniform
    random player, half of the games in each seat."""
    rng = random.Random(seed)
    total = 0.0
    for index in range(games):
        seat = index % 2
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            elif state.current_player() == seat:
                state.apply_action(policy(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        total += state.returns()[seat]
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--games", default="dtc,diciassette", help="games, comma separated")
    parser.add_argument("--mccfr", type=int, default=1000, help="MCCFR iterations")
    parser.add_argument("--nfsp", type=int, default=200, help="NFSP self-play episodes")
    parser.add_argument("--eval", type=int, default=200, help="games against random")
    parser.add_argument("--seed", type=int, default=7, help="seeds learning and evaluation")
    args = parser.parse_args()
    for name in args.games.split(","):
        spiel_game = adapter.load_game(name, 2)
        start = time.perf_counter()
        policy, infostates, broken = mccfr(spiel_game, args.mccfr, args.seed)
        took = time.perf_counter() - start
        rate = win_rate(spiel_game, policy, args.eval, args.seed)
        print(f"{name}: MCCFR {args.mccfr} iterations, {infostates} information states "
              f"({broken} with non-finite estimates), {took:.0f} s; mean return against "
              f"random {rate:.3f}")
        start = time.perf_counter()
        policy, _ = nfsp(spiel_game, args.nfsp, args.seed)
        took = time.perf_counter() - start
        rate = win_rate(spiel_game, policy, args.eval, args.seed)
        print(f"{name}: NFSP {args.nfsp} episodes, {took:.0f} s; "
              f"mean return against random {rate:.3f}")


if __name__ == "__main__":
    run_script(main)
