"""Climb the ladder: learn against opponents from random to medium, with numpy only.

The ladder (`ludotheque.bots.LADDER`) is a row of opponents "mix:P" that play
each move as the game's medium bot with probability P and at random otherwise:
mix:0 is the random bot, mix:1 is medium. A learner that only ever meets medium
rarely wins, so it gets almost no signal; here it starts at the bottom rung and
moves up one rung each time its win rate there reaches `--promote`.

The learner is the linear softmax policy of examples/train_reinforce.py
(REINFORCE, action mask, numpy). The same number of training games is also
spent against medium alone, from the same start, for comparison; both are
measured against medium (and the bottom rungs) on the same evaluation games.

    python examples/train_ladder.py                          # a few minutes
    python examples/train_ladder.py --block 100 --blocks 4 --eval 40 --json

Needs the rl extra: pip install -e ".[rl]".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import gymnasium

from ludotheque.bots import LADDER
from ludotheque.core.errors import run_script
from ludotheque.interop.gymnasium import make

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_reinforce import LinearPolicy, train, win_rate  # the example beside


def env_for(game: str, players: int, opponent: str) -> gymnasium.Env:
    return make(game, players=players, opponents=opponent, seat="random")


def climb(game: str, players: int, blocks: int, block: int, promote: float, check: int,
          seed: int) -> tuple[LinearPolicy, list[dict]]:
    """Train `blocks` blocks of `block` games, starting on the bottom rung; after each
    block, a win rate of `promote` or more over `check` games moves the learner up."""
    rung, policy, history = 0, None, []
    for index in range(blocks):
        env = env_for(game, players, LADDER[rung])
        policy = train(env, block, seed + index, policy=policy)
        rate = win_rate(env, policy, check, seed=1_000_000 + index * check)
        history.append({"block": index + 1, "rung": LADDER[rung], "win_rate": round(rate, 3)})
        if rate >= promote and rung < len(LADDER) - 1:
            rung += 1
    return policy, history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--game", default="diciassette", help="the game (`ludotheque games`)")
    parser.add_argument("--players", type=int, default=2, help="player count")
    parser.add_argument("--blocks", type=int, default=12, help="training blocks")
    parser.add_argument("--block", type=int, default=250, help="training games per block")
    parser.add_argument("--promote", type=float, default=0.6,
                        help="win rate on a rung that moves the learner up")
    parser.add_argument("--check", type=int, default=100, help="games that decide a promotion")
    parser.add_argument("--eval", type=int, default=300, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0, help="seeds training and evaluation")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    start = time.perf_counter()
    ladder_policy, history = climb(args.game, args.players, args.blocks, args.block,
                                   args.promote, args.check, args.seed)
    medium_env = env_for(args.game, args.players, "medium")
    direct_policy = train(medium_env, args.blocks * args.block, args.seed)
    judges = {"medium": medium_env,  # and the two bottom rungs: random, then mix:0.2
              **{rung: env_for(args.game, args.players, rung) for rung in LADDER[:2]}}
    result = {
        "game": args.game, "players": args.players, "episodes": args.blocks * args.block,
        "eval_games": args.eval, "climb": history, "reached": history[-1]["rung"],
        "win_rate": {
            name: {"untrained": round(win_rate(env, None, args.eval, args.seed), 3),
                   "ladder": round(win_rate(env, ladder_policy, args.eval, args.seed), 3),
                   "medium_only": round(win_rate(env, direct_policy, args.eval, args.seed), 3)}
            for name, env in judges.items()},
        "seconds": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(result))
        return
    for step in history:
        print(f"block {step['block']:>2}: against {step['rung']:<8}"
              f" win rate {step['win_rate']:.1%}")
    for name, rates in result["win_rate"].items():
        print(f"against {name}: {rates['untrained']:.1%} untrained (random moves), "
              f"{rates['ladder']:.1%} after the ladder, {rates['medium_only']:.1%} after as many "
              f"games against medium only")
    print(f"{result['episodes']} training games each, {result['seconds']} s.")


if __name__ == "__main__":
    run_script(main)
