"""The OpenSpiel adapter is a package (params, chance, information, state, rl_env): the names
its users import from `ludotheque.interop.openspiel` still import from there, importing it
registers every game, and a state pickled when it was one module still loads."""

from __future__ import annotations

import pickle

import pyspiel

from ludotheque.core import all_games
from ludotheque.interop import openspiel

# What src/, tests/, examples/ and docs/ import from the package, and its other public names.
PUBLIC = ("ActionCountError", "ActionTypeError", "ChanceSampler", "LIST_SEPARATOR",
          "LudothequeGame", "LudothequeState", "MAX_GAME_LENGTH", "PREFIX", "SeatTensor",
          "environment", "load_game", "register", "spiel_name", "spiel_params")


def test_the_public_names_import_from_the_package_and_the_games_are_registered():
    for name in PUBLIC:
        namespace: dict = {}
        exec(f"from ludotheque.interop.openspiel import {name}", namespace)
        assert namespace[name] is getattr(openspiel, name)
    assert sorted(openspiel.__all__) == sorted(PUBLIC)
    assert openspiel.environment.__name__ == "environment"  # the function, not rl_env
    names = set(pyspiel.registered_names())
    assert {openspiel.spiel_name(game) for game in all_games()} <= names


def test_a_state_pickled_under_the_single_module_paths_loads():
    game = openspiel.load_game("dtc", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    text = pickle.dumps((game, state), protocol=2)  # globals as "module\nname"
    for module in (b"state", b"params"):
        assert b"ludotheque.interop.openspiel." + module + b"\n" in text
        text = text.replace(b"ludotheque.interop.openspiel." + module + b"\n",
                            b"ludotheque.interop.openspiel\n")
    loaded_game, loaded = pickle.loads(text)
    assert loaded_game.get_parameters() == game.get_parameters()
    assert str(loaded) == str(state)
    assert loaded.information_state_string(0) == state.information_state_string(0)
