"""An action given as something else than a number, the same rule in every environment
(Gymnasium, PettingZoo, OpenSpiel's rl_environment over our game, and ours): an int or a
numpy integer is an action id, as pyspiel takes them; a bool, a float, None or a list is
refused naming the legal actions, and nothing changes. Before: True was action 1, 3.0 a
TypeError repeating the whole state (every hand) in rl_environment, a NotationError
quoting the move notation in Gymnasium."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from open_spiel.python import rl_environment

import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
from ludotheque.core.errors import NotationError
from ludotheque.interop import openspiel
from ludotheque.interop.pettingzoo import env as pettingzoo_env

ODD = [(True, "not the truth value True.", "pas le booléen True."),
       (3.0, "not 3.0.", "pas 3.0."),
       (None, "not None (no value).", "pas None (aucune valeur)."),
       ([1], "not a list ([1]).", "pas une liste ([1]).")]


class Gym:
    def __init__(self) -> None:
        self.env = gymnasium.make("ludotheque/dtc-v0", players=2, illegal="raise").unwrapped
        self.env.reset(seed=3)

    def legal(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.env.action_masks())]

    def step(self, action):
        return self.env.step(action)[0].tolist()


class Zoo(Gym):
    def __init__(self) -> None:
        self.env = pettingzoo_env("dtc", players=2, illegal="raise")
        self.env.reset(seed=3)

    def legal(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.env.observe(self.env.agent_selection)
                                               ["action_mask"])]

    def step(self, action):
        agent = self.env.agent_selection
        self.env.step(action)
        return self.env.observe(agent)["observation"].tolist()


class Spiel(Gym):
    """rl_environment over our game (`ours`: `openspiel.environment`, our own steps)."""

    ours = False

    def __init__(self) -> None:
        game = openspiel.load_game("dtc", players=2)
        self.env = (openspiel.environment if self.ours else rl_environment.Environment)(game)
        self.env.seed(3)  # its chance sampler's (its keywords are a game's parameters)
        self.time_step = self.env.reset()

    def legal(self) -> list[int]:
        seat = self.time_step.observations["current_player"]
        return list(self.time_step.observations["legal_actions"][seat])

    def step(self, action):
        self.time_step = self.env.step(action if isinstance(action, list) else [action])
        return [list(tensor) for tensor in self.time_step.observations["info_state"]]


class Ours(Spiel):
    ours = True


@pytest.mark.parametrize("kind", [Gym, Zoo, Spiel, Ours], ids=lambda kind: kind.__name__)
def test_a_bool_a_float_none_or_a_list_is_no_action_and_changes_nothing(kind):
    env, fresh = kind(), kind()
    legal = env.legal()
    ids = ", ".join(map(str, legal))
    for action, english, french in ODD:
        with pytest.raises(NotationError) as error:
            env.step([action] if kind in (Spiel, Ours) else action)
        said = {lang: error.value.message(lang).replace("\u00a0", " ") for lang in ("en", "fr")}
        assert said["en"].startswith(f"An action is a whole number (an action id), {english} "
                                     "Legal actions now: "), said
        assert said["fr"].startswith(f"Une action est un nombre entier (un numéro d'action), "
                                     f"{french} Actions permises maintenant : "), said
        assert [int(part.split(" (")[0]) for part in said["en"].split("now: ")[1].split(", ")] \
            == legal, ids
    # nothing changed: the same move from here gives what it gives in a fresh environment,
    # and a numpy integer is that move
    assert env.step(np.int64(legal[0])) == fresh.step(legal[0])


@pytest.mark.parametrize("actions", [[], [1, 2]])
def test_our_rl_environment_step_takes_one_action_and_names_the_legal_ones(actions):
    env, fresh = Ours(), Ours()
    legal = env.legal()
    with pytest.raises(rl_environment.InvalidParameterError) as error:  # as rl_environment's
        env.step(actions)
    assert isinstance(error.value, NotationError)
    assert error.value.message("fr").replace("\u00a0", " ").startswith(
        f"Un pas prend une action (un seul joueur agit à la fois), pas {len(actions)}. "
        f"Actions permises maintenant : {legal[0]} (")
    assert env.step([legal[0]]) == fresh.step([legal[0]])
