"""Steps per second: OpenSpiel's `rl_environment` on our games against our Gymnasium env.

All play random legal moves; the rounds are interleaved (gym, then OpenSpiel's
`rl_environment` with the observation tensor and with the information-state tensor,
then the same through `ludotheque.interop.openspiel.environment`, whose tensors are built
when read, again and again) so that a busy machine slows them all alike. A Gymnasium
step is one move of the learner (the random opponents' moves happen inside it); an
OpenSpiel step is one move of whoever is to act. Both counts are printed: steps and
decisions. Each OpenSpiel step reads the acting seat's tensor, as a learner would.

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
            if player < 0:  # over before any move (Wazabi: dice given without a choice)
                break
            legal = time_step.observations["legal_actions"][player]
            len(list(time_step.observations["info_state"][player]))  # what a learner reads
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
    print(f"{'game':12} {'environment':38} {'steps/s':>9} {'decisions/s':>12}")
    for name in args.games.split(","):
        rng = random.Random(0)
        gym = gymnasium.make(f"ludotheque/{name}-v0", players=args.players, opponents="random")
        spiel_game = adapter.load_game(name, args.players)
        spiels = {f"rl_environment ({kind})":
                  rl_environment.Environment(spiel_game, seed=1, observation_type=obs)
                  for kind, obs in kinds.items()}
        spiels.update({f"ludotheque environment ({kind})":
                       adapter.environment(spiel_game, seed=1, observation_type=obs)
                       for kind, obs in kinds.items()})
        totals: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            rows = {"gymnasium": gym_round(gym, rng, args.seconds)}
            for label, env in spiels.items():
                rows[label] = spiel_round(env, rng, args.seconds)
            for label, (steps, decisions, elapsed) in rows.items():
                total = totals.setdefault(label, [0, 0, 0.0])
                total[0] += steps
                total[1] += decisions
                total[2] += elapsed
        for label, (steps, decisions, elapsed) in totals.items():
            print(f"{name:12} {label:38} {steps / elapsed:9.0f} {decisions / elapsed:12.0f}")


if __name__ == "__main__":
    main()
