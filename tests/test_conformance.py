"""The conformance kit on every registered game, every player count and every
option set that changes the rules (Game.conformance_option_sets)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.core import all_games
from ludotheque.testing import conformance as kit

CASES = [
    pytest.param(game, players, options, id=f"{game.name}-{players}p-{index}")
    for game in all_games()
    for index, options in enumerate(game.conformance_option_sets())
    for players in range(game.min_players, game.max_players + 1)
    if kit.fits(game, players, options)
]
DEFAULT_CASES = [
    pytest.param(game, players, id=f"{game.name}-{players}p")
    for game in all_games()
    for players in range(game.min_players, game.max_players + 1)
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_random_playouts_keep_invariants(game, players, options):
    stats = kit.check_playouts(game, players, game.validate(players, options), seed=players,
                               games=60)
    assert stats["decisions"] > 0


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_no_leak_through_views_and_events(game, players, options):
    compared = kit.check_no_leak(game, players, game.validate(players, options), seed=11, games=4)
    assert compared > 0, "no event comparison happened: the check would prove nothing"


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_refusals_do_not_depend_on_what_the_sender_cannot_see(game, players):
    compared = kit.check_refusals_leak_nothing(game, players, game.validate(players, {}), seed=12)
    assert compared > 0


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_determinisation_is_consistent(game, players, options):
    kit.check_determinisation(game, players, game.validate(players, options), seed=5, games=3)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_replay_is_bit_for_bit(game, players, options):
    kit.check_replay(game, players, game.validate(players, options), seed=3)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_snapshots_round_trip(game, players):
    kit.check_snapshots(game, players, game.validate(players, {}), seed=2, games=3)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_clones_are_independent(game, players):
    kit.check_clone_independence(game, players, game.validate(players, {}), seed=4, games=3)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_illegal_actions_change_nothing(game, players):
    kit.check_illegal_actions(game, players, game.validate(players, {}), seed=6, games=2)
    kit.check_bad_chance(game, players, game.validate(players, {}))


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_notation_round_trips(game, players):
    kit.check_notation(game, players, game.validate(players, {}), seed=8, games=5)


def test_every_game_and_player_count_is_covered():
    covered = {(game.name, players) for game, players, _ in (case.values for case in CASES)}
    for game in all_games():
        for players in range(game.min_players, game.max_players + 1):
            assert (game.name, players) in covered


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_property_any_seed_any_table(game, seed, data):
    """Hypothesis picks the seed, the player count and the option set."""
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    fitting = [o for o in game.conformance_option_sets() if kit.fits(game, players, o)]
    options = data.draw(st.sampled_from(fitting), label="options")
    validated = game.validate(players, options)
    kit.check_playouts(game, players, validated, seed, games=3)
    kit.check_no_leak(game, players, validated, seed, games=1, every=3)
    kit.check_determinisation(game, players, validated, seed, games=1, every=4, samples=2)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_sampling_from_a_view_is_consistent(game, players, options):
    assert kit.check_view_sampling(game, players, game.validate(players, options), seed=9,
                                   games=3) > 0
