"""Learn to play 17 (Diciassette) against the random bot, with numpy only.

A linear softmax policy over the observation (ludotheque.interop.encoding),
restricted to the legal moves by the action mask, trained with REINFORCE
(Monte-Carlo policy gradient, a running-mean baseline) on the Gymnasium
environment "ludotheque/diciassette-v0". Its win rate against the random bot
is measured over the same evaluation games before and after training.

    python examples/train_reinforce.py                 # a few seconds
    python examples/train_reinforce.py --episodes 3000 --eval 200 --json
    python examples/train_reinforce.py --game dtc --episodes 300   # DTC, a few seconds

Needs the rl extra: pip install -e ".[rl]".
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium
import numpy as np

from ludotheque.core.errors import run_script
from ludotheque.interop.gymnasium import make


class LinearPolicy:
    """logits = W x + b over the whole action space; illegal moves get probability 0."""

    def __init__(self, observation_size: int, actions: int) -> None:
        self.weights = np.zeros((actions, observation_size))
        self.bias = np.zeros(actions)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator,
            greedy: bool = False) -> int:
        probs = self.probabilities(observation, mask)
        return int(np.argmax(probs)) if greedy else int(rng.choice(len(probs), p=probs))


def play(env: gymnasium.Env, policy: LinearPolicy | None, seed: int, rng: np.random.Generator,
         greedy: bool = False) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One episode: the final reward and the (observation, mask, action) of each decision.
    With no policy the agent plays uniformly at random among its legal moves."""
    observation, info = env.reset(seed=seed)
    steps, reward, done = [], 0.0, False
    while not done:
        mask = info["action_mask"]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            action = policy.act(observation, mask, rng, greedy)
        steps.append((observation, mask, action))
        observation, reward, done, _, info = env.step(action)
    return float(reward), steps


def win_rate(env: gymnasium.Env, policy: LinearPolicy | None, games: int, seed: int) -> float:
    """Mean reward (1 a win, 0 a loss) over `games` evaluation games, seeds seed..seed+games-1."""
    rng = np.random.default_rng(seed)
    return sum(play(env, policy, seed + i, rng, greedy=True)[0] for i in range(games)) / games


def train(env: gymnasium.Env, episodes: int, seed: int, learning_rate: float = 0.4,
          policy: LinearPolicy | None = None) -> LinearPolicy:
    """REINFORCE: after each game, move every decision's log-probability by (reward - baseline).
    Trains `policy` further if given (examples/train_ladder.py), else a new one.

    The game's gradient is summed with the policy that played it, then applied once: updated
    decision by decision, a lost game made the moves the learner did not take likelier
    and likelier (each push raised the next), and one DTC game (about 100 decisions, 8 in
    17) left the policy deterministic, always accepting. The step is divided by the mean
    number of decisions per game so far, so that a long game does not move the policy further."""
    if policy is None:
        policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n)
    rng = np.random.default_rng(seed)
    baseline, decisions = 0.5, 0.0
    for episode in range(episodes):
        reward, steps = play(env, policy, 10_000_000 + seed * 100_000 + episode, rng)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        decisions += (len(steps) - decisions) / (episode + 1)  # the mean so far
        weights, bias = np.zeros_like(policy.weights), np.zeros_like(policy.bias)
        for observation, mask, action in steps:
            grad = -policy.probabilities(observation, mask)  # d log pi(a) / d logits
            grad[action] += 1.0
            weights += np.outer(grad, observation)
            bias += grad
        step = learning_rate * advantage / decisions
        policy.weights += step * weights
        policy.bias += step * bias
    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--game", default="diciassette", help="the game (`ludotheque games`)")
    parser.add_argument("--players", type=int, default=2, help="player count")
    parser.add_argument("--opponents", default="random",
                        help="the other seats' bot, or one per other seat, comma separated")
    parser.add_argument("--episodes", type=int, default=2_000, help="training games")
    parser.add_argument("--eval", type=int, default=500, help="evaluation games, before and after")
    parser.add_argument("--seed", type=int, default=0, help="seeds training and evaluation")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    env = make(args.game, players=args.players, opponents=args.opponents, seat="random")
    start = time.perf_counter()
    before = win_rate(env, None, args.eval, seed=args.seed)
    policy = train(env, args.episodes, args.seed)
    after = win_rate(env, policy, args.eval, seed=args.seed)
    result = {"game": args.game, "players": args.players, "opponents": args.opponents,
              "episodes": args.episodes, "eval_games": args.eval,
              "win_rate_before": round(before, 3), "win_rate_after": round(after, 3),
              "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.game}, {args.players} players, against {args.opponents}: "
              f"win rate {before:.1%} playing at random, {after:.1%} after "
              f"{args.episodes} training games ({result['seconds']} s).")


if __name__ == "__main__":
    run_script(main)
