"""The environments and the OpenSpiel games pickle and deep-copy, as a researcher's tools
expect: `copy.deepcopy(env)` for a search, Ray and multiprocessing sending an env or a
pyspiel game to a worker. A validated options mapping (read-only) once made every one of
them fail with "cannot pickle 'mappingproxy' object"."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import gymnasium
import numpy as np
import pyspiel
import pytest

import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
import ludotheque.interop.openspiel  # noqa: F401  (registers the games)
from ludotheque.core import all_games
from ludotheque.interop.pettingzoo import env as pettingzoo_env

NAMES = [game.name for game in all_games()]
COPIES = {"pickle": lambda env: pickle.loads(pickle.dumps(env)), "deepcopy": copy.deepcopy}


def _play_out_gymnasium(env, info, seed):
    """Seeded legal moves to the end; every observation, reward and mask on the way."""
    rng = np.random.default_rng(seed)
    seen, done = [], False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, done, _, info = env.step(action)
        seen.append((observation.tolist(), reward, info["action_mask"].tolist()))
    return seen


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", NAMES)
def test_a_gymnasium_env_copied_mid_episode_plays_on_as_the_original(name, how):
    env = gymnasium.make(f"ludotheque/{name}-v0", players=3, opponents="medium")
    _, info = env.reset(seed=4)
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    twin = COPIES[how](env)
    assert _play_out_gymnasium(twin, info, 9) == _play_out_gymnasium(env, info, 9)


def _play_out_pettingzoo(env, seed):
    rng = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seen.append((agent, observation["observation"].tolist(), reward))
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    return seen


@pytest.mark.parametrize("how", COPIES)
def test_a_pettingzoo_env_copied_mid_game_plays_on_as_the_original(how):
    env = pettingzoo_env("dtc", players=3, variant_higher=True)
    env.reset(seed=2)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    twin = COPIES[how](env)
    assert _play_out_pettingzoo(twin, 3) == _play_out_pettingzoo(env, 3)


def test_an_openspiel_game_pickles_into_a_fresh_process():
    """The other side has not imported ludotheque: unpickling registers the game."""
    game = pyspiel.load_game("ludotheque_diciassette(players=3,singles=2;3;3;3;4)")
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    read = ("import pickle, sys; game = pickle.loads(sys.stdin.buffer.read()); "
            "print(game, game.num_players(), len(game.new_initial_state().chance_outcomes()))")
    done = subprocess.run([sys.executable, "-c", read], input=pickle.dumps(game),
                          capture_output=True, check=True, timeout=120)
    outcomes = len(game.new_initial_state().chance_outcomes())
    assert done.stdout.decode().split() == [str(game), "3", str(outcomes)]
