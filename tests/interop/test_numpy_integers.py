"""A numpy integer (a sweep over `np.arange`, a value read from an array) is an integer
in every interface: player count, seat and option values. They were once refused with
"DTC is played by 2 to 6 players, not 3" and "Option 'seat' cannot be '1'. Allowed: 0, 1,
random", which contradict themselves."""

from __future__ import annotations

import json

import gymnasium
import numpy as np
import pytest

import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
from ludotheque.core.errors import OptionError, PlayerCountError
from ludotheque.interop import openspiel
from ludotheque.interop.pettingzoo import env as pettingzoo_env


def test_numpy_integers_set_players_seat_and_options_everywhere():
    gym = gymnasium.make("ludotheque/dtc-v0", players=np.int64(3), seat=np.int32(2),
                         hand_size=np.int64(4)).unwrapped
    observation, _ = gym.reset(seed=0)
    assert (gym.seat, gym.table.players, observation.shape) == (2, 3, gym.observation_space.shape)
    assert json.loads(json.dumps(gym.table.options))["hand_size"] == 4  # plain ints: records
    zoo = pettingzoo_env("dtc", players=np.int64(3), hand_size=np.int16(4))
    zoo.reset(seed=0)
    assert zoo.possible_agents == ["player_0", "player_1", "player_2"]
    spiel = openspiel.load_game("dtc", np.int64(3), hand_size=np.int64(4))
    assert (spiel.num_players(), spiel.get_parameters()["hand_size"]) == (3, 4)


@pytest.mark.parametrize(("players", "en", "fr"), [
    ("3", "2 to 6 players: give a whole number, not the text '3'.",
     "de 2 à 6 joueurs\u00a0: donnez un nombre entier, pas le texte «\u00a03\u00a0»."),
    (2.5, "2 to 6 players: give a whole number, not 2.5.",
     "de 2 à 6 joueurs\u00a0: donnez un nombre entier, pas 2.5."),
])
def test_a_player_count_that_is_no_integer_is_shown_as_given(players, en, fr):
    """Said as what it is, quoted as each language quotes (not "pas '3'" in French)."""
    with pytest.raises(PlayerCountError) as error:
        gymnasium.make("ludotheque/dtc-v0", players=players)
    assert error.value.message("en").endswith(en)
    assert error.value.message("fr").endswith(fr)


@pytest.mark.parametrize("make", [lambda: gymnasium.make("ludotheque/dtc-v0", players=3).unwrapped,
                                  lambda: pettingzoo_env("dtc", players=3)], ids=["gymnasium",
                                                                                  "pettingzoo"])
def test_reset_takes_a_numpy_integer_seed_and_refuses_a_seed_that_is_no_integer(make):
    # found by tests/interop/test_fuzz_adapters.py: Gymnasium's reset refused
    # np.int64(3) ("Seed must be a python integer"); PettingZoo's took 1.5, nan or "x"
    # as seeds, each another game than any integer's
    env = make()
    env.reset(seed=np.int64(3))
    for seed in (1.5, float("nan"), "x", True):
        with pytest.raises(OptionError, match=r"Option 'seed' cannot be .*Allowed: None, int"):
            env.reset(seed=seed)
    env.reset(seed=3)  # still usable
