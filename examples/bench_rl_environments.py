"""Steps per second: OpenSpiel's `rl_environment` on our games against our Gymnasium env.

Both play random legal moves; the rounds are interleaved (gym, then OpenSpiel with the
observation tensor, then with the information-state tensor, again and again) so that a
busy machine slows all three alike. A Gymnasium step is one move of the learner (the
random opponents' moves happen inside it); an OpenSpiel step is one move of whoever is to
act, with every seat's tensor built. Both counts are printed: steps and decisions.

    python examples/bench_rl_environments.py --games dtc,diciassette --seconds 3 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import time

import gymnasium
from open_spiel.python import rl_environment

import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
from ludotheque.interop import openspiel as adapter


def gym_round(env: gymnasium.Env, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    steps = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = env.reset(seed=rng.randrange(2**31))
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            before = env.unwrapped.table.state.metrics().get("decisions")
            _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
            done = terminated or truncated
            steps += 1
            after = env.unwrapped.table.state.metrics().get("decisions")
            decisions += (after - before) if before is not None and after is not None else 1
    return steps, decisions, time.perf_counter() - start


def spiel_round(env: rl_environment.Environment, rng: random.Random,
                seconds: float) -> tuple[int, int, float]:
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([rng.choice(legal)])
            steps += 1
    return steps, steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="dtc,diciassette,wazabi,decimoarr")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    kinds = {"observation": rl_environment.ObservationType.OBSERVATION,
             "information_state": rl_environment.ObservationType.INFORMATION_STATE}
    print(f"{'game':12} {'environment':32} {'steps/s':>9} {'decisions/s':>12}")
    for name in args.games.split(","):
        rng = random.Random(0)
        gym = gymnasium.make(f"ludotheque/{name}-v0", players=args.players, opponents="random")
        spiel_game = adapter.load_game(name, args.players)
        spiels = {kind: rl_environment.Environment(spiel_game, seed=1, observation_type=obs)
                  for kind, obs in kinds.items()}
        totals: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            rows = {"gymnasium": gym_round(gym, rng, args.seconds)}
            for kind, env in spiels.items():
                rows[f"rl_environment ({kind})"] = spiel_round(env, rng, args.seconds)
            for label, (steps, decisions, elapsed) in rows.items():
                total = totals.setdefault(label, [0, 0, 0.0])
                total[0] += steps
                total[1] += decisions
                total[2] += elapsed
        for label, (steps, decisions, elapsed) in totals.items():
            print(f"{name:12} {label:32} {steps / elapsed:9.0f} {decisions / elapsed:12.0f}")


if __name__ == "__main__":
    main()
