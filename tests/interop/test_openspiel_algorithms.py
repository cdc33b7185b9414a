"""OpenSpiel's own algorithms run on our games (issue 18): outcome-sampling MCCFR on the
information-state strings and NFSP (PyTorch, the `neural` extra) on the information-state
tensors, for 2-player DTC and 17, a few iterations each, through the documented example
(examples/openspiel_algorithms.py; its longer results are in docs/interop/openspiel.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ludotheque.interop import openspiel as adapter

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location(
    "openspiel_algorithms_example", ROOT / "examples" / "openspiel_algorithms.py")
example = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(example)

BUDGETS = {"dtc": (6, 3), "diciassette": (40, 12)}  # MCCFR iterations, NFSP episodes


def _decision_states(spiel_game, count):
    """The first `count` decision states of one game, chance taking its first outcome and
    the players their first move."""
    state = spiel_game.new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            found.append(state.clone())
            state.apply_action(state.legal_actions()[0])
    return found


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_outcome_sampling_mccfr_learns_a_policy_and_plays_it(name):
    spiel_game = adapter.load_game(name, 2)
    iterations = BUDGETS[name][0]
    policy, infostates, broken = example.mccfr(spiel_game, iterations, seed=3)
    again, same_count, _ = example.mccfr(spiel_game, iterations, seed=3)
    assert infostates > iterations and same_count == infostates  # seeded: the same run
    if name == "diciassette":  # short games: every estimate finite (DTC's may underflow)
        assert broken == 0
    for state in _decision_states(spiel_game, 6):
        move = policy(state)
        assert move in state.legal_actions() and again(state) in state.legal_actions()
    rate = example.win_rate(spiel_game, policy, games=4, seed=1)
    assert 0.0 <= rate <= 1.0


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_nfsp_trains_on_information_state_tensors_and_plays(name):
    spiel_game = adapter.load_game(name, 2)
    # Every episode a best-response one (anticipatory 1), so that both networks learn
    # within this tiny budget.
    policy, agents = example.nfsp(spiel_game, BUDGETS[name][1], seed=3, hidden=16,
                                  buffer=500, learn_from=16, anticipatory=1.0)
    for agent in agents:
        supervised, reinforcement = agent.loss
        assert supervised is not None and reinforcement is not None  # both networks learnt
    for state in _decision_states(spiel_game, 6):
        assert policy(state) in state.legal_actions()
    rate = example.win_rate(spiel_game, policy, games=4, seed=1)
    assert 0.0 <= rate <= 1.0
