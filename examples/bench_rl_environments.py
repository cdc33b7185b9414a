"""Games per second: OpenSpiel's `rl_environment` on our games against our Gymnasium env.

The same game, the same players, the same work per game in every environment: one
learner (seat 0) and random opponents, every move a random legal one. The learner reads
what the environment's default gives it, as the numpy array it would feed a network:

* Gymnasium (`ludotheque/<game>-v0`, `opponents="random"`): the encoding of its view,
  at each of its moves and at the end;
* OpenSpiel's own `rl_environment.Environment(game)`, unmodified, with its defaults
  (the information-state tensor, its chance sampler): `time_step.observations
  ["info_state"][0]` at each of its moves and at the end; the opponents pick from
  `legal_actions` (what `random_agent.RandomAgent` does);
* `ludotheque.interop.openspiel.environment(game)` (rl_environment, each seat's
  tensor built when read), the same way.

The rounds are interleaved (each environment in turn, again and again) and timed in
CPU time of this process, so that a busy machine slows them all alike. Printed per
environment: games/s (the comparison), decisions/s (every seat's moves) and the
ratio to the Gymnasium env. `--observation` adds both OpenSpiel environments with the
observation tensor (the view's encoding only) in place of the information state.

    python examples/bench_rl_environments.py --games dtc,diciassette --players 2,4 --seconds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import gymnasium
import numpy as np
from open_spiel.python import rl_environment

from ludotheque.core.errors import run_script
from ludotheque.interop import openspiel as adapter
from ludotheque.interop.gymnasium import make

LEARNER = 0
Round = Callable[[random.Random, float], tuple[int, int, float]]


def gym_round(env: gymnasium.Env) -> Round:
    table, moves = env.table, [0]
    table_play = table.play

    def counted(action: int) -> int:  # every move of the game goes through the table
        moves[0] += 1
        return table_play(action)

    table.play = counted

    def play(rng: random.Random, seconds: float) -> tuple[int, int, float]:
        games, moves[0] = 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            observation, info = env.reset(seed=rng.randrange(2**31))
            done = False
            while not done:
                np.asarray(observation, np.float32)  # what the learner feeds its network
                legal = info["action_mask"].nonzero()[0]
                observation, _, done, truncated, info = env.step(int(legal[
                    rng.randrange(len(legal))]))
                done = done or truncated
            np.asarray(observation, np.float32)
            games += 1
        return games, moves[0], time.process_time() - start
    return play


def spiel_round(env: rl_environment.Environment) -> Round:
    def play(rng: random.Random, seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            time_step = env.reset()
            while not time_step.last():
                player = time_step.observations["current_player"]
                if player < 0:  # over before any move (Wazabi: dice given without a choice)
                    break
                if player == LEARNER:  # what the learner feeds its network
                    np.asarray(time_step.observations["info_state"][LEARNER], np.float32)
                legal = time_step.observations["legal_actions"][player]
                time_step = env.step([legal[rng.randrange(len(legal))]])
                decisions += 1
            np.asarray(time_step.observations["info_state"][LEARNER], np.float32)
            games += 1
        return games, decisions, time.process_time() - start
    return play


def environments(name: str, players: int, observation: bool) -> dict[str, Round]:
    gym = make(name, players=players, opponents="random")
    spiel_game = adapter.load_game(name, players)
    rounds = {"gymnasium": gym_round(gym.unwrapped),
              "rl_environment": spiel_round(rl_environment.Environment(spiel_game, seed=1)),
              "openspiel.environment": spiel_round(adapter.environment(spiel_game, seed=1))}
    if observation:
        obs = rl_environment.ObservationType.OBSERVATION
        rounds["rl_environment (observation)"] = spiel_round(
            rl_environment.Environment(spiel_game, seed=1, observation_type=obs))
        rounds["openspiel.environment (observation)"] = spiel_round(
            adapter.environment(spiel_game, seed=1, observation_type=obs))
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--games", default="dtc,diciassette,wazabi,decimoarr",
                        help="games, comma separated")
    parser.add_argument("--players", default="2,4", help="player counts, comma separated")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per round")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds, the environments in turns in each")
    parser.add_argument("--observation", action="store_true",
                        help="also the observation tensor in both OpenSpiel environments")
    args = parser.parse_args()
    print(f"{'game':12} {'players':>7} {'environment':36} {'games/s':>8} {'decisions/s':>11}"
          f" {'x gym':>6}")
    for name in args.games.split(","):
        for players in map(int, args.players.split(",")):
            rounds = environments(name, players, args.observation)
            totals = {label: [0, 0, 0.0] for label in rounds}
            rng = random.Random(0)
            for _ in range(args.rounds):
                for label, play in rounds.items():
                    for index, value in enumerate(play(rng, args.seconds)):
                        totals[label][index] += value
            gym_games, _, gym_cpu = totals["gymnasium"]
            for label, (games, decisions, cpu) in totals.items():
                print(f"{name:12} {players:7} {label:36} {games / cpu:8.1f}"
                      f" {decisions / cpu:11.0f} {games / cpu / (gym_games / gym_cpu):6.2f}")


if __name__ == "__main__":
    run_script(main)
