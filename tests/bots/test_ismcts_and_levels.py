"""The search bot and the difficulty levels: fair (views only), legal, reproducible."""

from __future__ import annotations

import copy
import random

import pytest

from ludotheque.bots import LEVELS, make_bot
from ludotheque.bots.ismcts import Budget, ISMCTSBot
from ludotheque.core import Match, ScriptedChance, all_games, get_game
from ludotheque.games.diciassette.components import deck
from ludotheque.games.diciassette.rules import CALL
from ludotheque.testing.conformance import random_states

SMALL = Budget(iterations=40)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_ismcts_plays_legal_moves_from_views_only(game):
    """It gets a deep copy of the view (nothing linked to the state) and answers legally;
    two states the seat cannot tell apart get the same answer from the same generator."""
    bot = ISMCTSBot(game, SMALL)
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    options = game.validate(players, {})
    checked = 0
    for index, (state, _, _) in enumerate(random_states(game, players, options, seed=4, games=2)):
        if index % 5:
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        view = copy.deepcopy(state.view(seat))
        first = bot.choose(view, legal, random.Random(index))
        assert first in legal
        twin = state.determinize(seat, random.Random(index + 1))
        assert bot.choose(copy.deepcopy(twin.view(seat)), twin.legal_actions(), random.Random(index)) == first
        checked += 1
    assert checked >= 2


def test_an_iteration_budget_is_reproducible():
    game = get_game("diciassette")
    match = Match(game, 3, seed=12)
    view, legal = match.view(match.current_player()), match.legal_actions()
    answers = {ISMCTSBot(game, Budget(iterations=200)).choose(view, legal, random.Random(5))
               for _ in range(3)}
    assert len(answers) == 1
    bot = ISMCTSBot(game, Budget(iterations=200))
    bot.choose(view, legal, random.Random(5))
    assert bot.last_iterations == 200


def test_ismcts_calls_when_the_queue_shows_19():
    game = get_game("diciassette")
    hands = [(9, 9, 9), (9, 8, 0)]
    rest = list(deck(game.validate(2, {})))
    for card in [c for hand in hands for c in hand]:
        rest.remove(card)
    match = Match(game, 2, chance=ScriptedChance([tuple(c for h in hands for c in h) + tuple(rest), 0]))
    for move in ("5d up", "pass", "5d up", "pass", "5d up", "pass", "4d up"):
        match.apply(move)
    bot = ISMCTSBot(game, Budget(iterations=300))
    assert bot.choose(match.view(0), match.legal_actions(), random.Random(0)) == CALL


def test_a_budget_needs_a_limit_and_rollouts_are_checked():
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        ISMCTSBot(get_game("dtc"), SMALL, rollout="clever")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_exists_for_every_game_and_plays_legally(game, level):
    bot = make_bot(level, game)
    options = game.validate(game.min_players, {})
    for index, (state, _, rng) in enumerate(random_states(game, game.min_players, options, 3, 1)):
        if index > 30:
            break
        seat = state.current_player()
        assert bot.choose(state.view(seat), state.legal_actions(), rng) in state.legal_actions()
