"""The conformance kit checks about one state in `every`, picked at random, never a fixed
stride: a stride meets the same moment of a game's cycle each time (two players who each
make one move a round: always the first move, when nothing may be hidden yet), and a
check of what is hidden would then prove nothing."""

from __future__ import annotations

from ludotheque.core import get_game
from ludotheque.testing.conformance import random_states, spaced_states


def test_the_states_checked_fall_on_every_moment_of_a_two_step_cycle():
    game = get_game("dtc")
    options = game.validate(2, {})
    picked = [index for index, _ in spaced_states(game, 2, options, seed=3, games=3, every=2)]
    total = sum(1 for _ in random_states(game, 2, options, seed=3, games=3))
    assert {index % 2 for index in picked} == {0, 1}
    assert 0.3 * total < len(picked) < 0.7 * total  # about one in two


def test_the_states_checked_are_the_games_own():
    """Picking states draws nothing from the games' generators: the same states, in order."""
    game = get_game("dtc")
    options = game.validate(2, {})
    every = [state.to_json() for state, _, _ in random_states(game, 2, options, 4, games=2)]
    for index, (state, _, _) in spaced_states(game, 2, options, 4, games=2, every=3):
        assert state.to_json() == every[index]
