"""The compact observation (issue 15): every game declares one, the heuristic bots read it,
the hard bot's search builds no view, and the conformance kit refuses an observation that
holds something the seat's view hides."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import make_bot
from ludotheque.core import all_games, get_game
from ludotheque.core.budget import Budget
from ludotheque.testing import conformance as kit
from ludotheque.testing.conformance import random_states


def _positions(game, players, seed, every=7):
    options = game.validate(players, {})
    for index, (state, _, _) in enumerate(random_states(game, players, options, seed=seed,
                                                        games=2)):
        if index % every == 0 and len(state.legal_actions()) > 1:
            yield index, state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_medium_bot_reads_the_observation_the_state_gives_as_the_view_gives_it(game):
    """`act` on the observation built from a state plays what `choose` plays on the view,
    the generator drawn alike (Décimoarr's forgetting reads it)."""
    assert game.observation is not None
    bot = make_bot("medium", game)
    checked = 0
    for index, state in _positions(game, game.default_players, seed=9):
        seat, legal = state.current_player(), state.legal_actions()
        observed = game.observation.of_state(state, seat)
        assert observed == game.observation.of_view(state.view(seat))
        from_view = bot.choose(state.view(seat), legal, random.Random(index))
        assert bot.act(observed, legal, random.Random(index)) == from_view
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_hard_bots_search_builds_no_view(game, monkeypatch):
    """Its models read the observation of each sample; a view is built nowhere in a move."""
    built = []
    original = game.state_class.view

    def counting_view(self, player):
        built.append(player)
        return original(self, player)

    positions = [(state.view(state.current_player()), state.legal_actions())
                 for _, state in _positions(game, 4, seed=3, every=11)][:3]
    assert positions
    bot = make_bot("hard", game, Budget(iterations=8))
    monkeypatch.setattr(game.state_class, "view", counting_view)
    for view, legal in positions:
        assert bot.choose(view, legal, random.Random(1)) in legal
        assert bot.last_iterations == 8
    assert built == []


_HONEST = get_game("dtc").observation


class _LeakyObservation:
    """DTC's observation plus the next seat's hand, which the seat cannot see."""

    @staticmethod
    def of_state(state, seat):
        return _HONEST.of_state(state, seat), tuple(state.hands[(seat + 1) % state.num_players])

    @staticmethod
    def of_view(view):
        return _HONEST.of_view(view), None


def test_the_kit_refuses_an_observation_that_holds_what_the_view_hides(monkeypatch):
    game = get_game("dtc")
    options = game.validate(3, {})
    kit.check_no_leak(game, 3, options, seed=11, games=1)  # the game's own passes
    monkeypatch.setattr(type(game), "observation", _LeakyObservation)
    with pytest.raises(AssertionError, match="observation"):
        kit.check_no_leak(game, 3, options, seed=11, games=1)
    with pytest.raises(AssertionError, match="observation"):
        kit.check_view_sampling(game, 3, options, seed=5, games=1)


def test_every_games_heuristic_acts_on_its_observation_and_one_without_act_cannot_be_made():
    """`kit.heuristic.ObservationBot`: each game's heuristic names its observation class and
    writes `act`; a bot that forgets `act` is refused when made, not at its first move."""
    import pytest

    from ludotheque.core.registry import all_games
    from ludotheque.kit.heuristic import ObservationBot

    for game in all_games():
        bot = game.parts.bots["heuristic"]()
        assert isinstance(bot, ObservationBot) and bot.observation is game.observation, game.name

    class Forgetful(ObservationBot):
        observation = None

    with pytest.raises(TypeError, match="act"):
        Forgetful()
