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


@pytest.mark.parametrize("level", ["ismcts", "hard"])
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_search_bots_play_legal_moves_from_views_only(game, level):
    """It gets a deep copy of the view (nothing linked to the state) and answers legally;
    two states the seat cannot tell apart get the same answer from the same generator."""
    bot = make_bot(level, game, Budget(iterations=20))
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
        twin = state.game.sample(state.view(seat), random.Random(index + 1))
        assert bot.choose(copy.deepcopy(twin.view(seat)), twin.legal_actions(),
                          random.Random(index)) == first
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
    match = Match(game, 2, chance=ScriptedChance([tuple(c for h in hands for c in h) + tuple(rest),
                                                  0]))
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
    bot = make_bot(level, game, SMALL)
    options = game.validate(game.min_players, {})
    for index, (state, _, rng) in enumerate(random_states(game, game.min_players, options, 3, 1)):
        if index > 30:
            break
        seat = state.current_player()
        assert bot.choose(state.view(seat), state.legal_actions(), rng) in state.legal_actions()


def test_a_time_budget_is_kept():
    """The bot stops thinking at its deadline, read from its own clock. A clock that
    moves 0.1 ms a reading replaces time, so the machine's load cannot change the
    outcome: 30 ms allow a few whole passes, then the bot stops (the margin is benched)."""
    game = get_game("dtc")
    match = Match(game, 4, seed=3)
    while len(match.legal_actions()) < 2:
        match.apply(match.legal_actions()[0])
    bot = make_bot("hard", game, Budget(ms=30))
    readings = []

    def clock(step=0.0001):
        readings.append(step)
        return len(readings) * step

    bot.clock = clock
    bot.choose(match.view(match.current_player()), match.legal_actions(), random.Random(1))
    assert 0 < bot.last_iterations < 100_000
    assert bot.last_elapsed_ms >= 30  # it used its time, and stopped
    assert len(readings) <= 30 / 0.1 + 5  # no reading after the deadline but the last


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_playout_values_are_chances_that_favour_the_leader(game):
    """Game.playout_value, where a search ends its playouts: shares summing to 1 at any
    new round; at the end of the game, the true returns."""
    players = 2
    options = game.validate(players, {})
    seen = 0
    for state, _, _ in random_states(game, players, options, seed=8, games=3):
        value = game.playout_value(state)
        if value is None:
            continue
        seen += 1
        assert len(value) == players and abs(sum(value) - 1) < 1e-9
        assert all(0 <= v <= 1 for v in value)
    if game.name == "wazabi":  # its playouts are short: it plays them to the end
        assert seen == 0
    else:
        assert seen > 0


def test_playout_values_follow_each_games_score():
    """17: a Victory token more; DTC: fewer penalty cards; Décimoarr: more diamonds."""
    game = get_game("diciassette")
    state = game.new_state(2, {})
    state.victory = [2, 0]
    assert game.playout_value(state)[0] > 0.8
    state.penalty = [1, 0]
    state.victory = [1, 1]
    assert game.playout_value(state)[0] < 0.5
    dtc = get_game("dtc")
    state = dtc.new_state(3, {})
    state.pile = [0]
    state.malus[1][0] = 4
    value = dtc.playout_value(state)
    assert value[1] < value[0] == value[2]
    deci = get_game("decimoarr")
    state = deci.new_state(2, {})
    state.winner_held = [[3], [1, 1]]
    value = deci.playout_value(state)
    assert value[0] > value[1]


def test_search_options_are_checked():
    game = get_game("dtc")
    with pytest.raises(ValueError):
        ISMCTSBot(game, SMALL, opponents="everyone")


def _scored(results: list[float]):
    from ludotheque.bots.ismcts import _Node

    node = _Node()
    for result in results:
        node.visits += 1
        node.reward += result
        node.squares += result * result
    return node


def test_hard_leaves_its_heuristic_only_for_a_move_better_by_its_confidence():
    """Move 1 (the heuristic's) won 10 playouts of 20, move 2 won 14 of 20: about 1.3
    standard errors better. One standard error is enough to leave the heuristic's move;
    two are not."""
    game = get_game("diciassette")
    root = _scored([])
    root.children = {1: _scored([1.0] * 10 + [0.0] * 10), 2: _scored([1.0] * 14 + [0.0] * 6)}
    assert ISMCTSBot(game, confidence=1.0)._confident_choice(root, [1, 2], default=1) == 2
    assert ISMCTSBot(game, confidence=2.0)._confident_choice(root, [1, 2], default=1) == 1


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.name)
def test_hard_asks_its_games_confidence(game):
    assert make_bot("hard", game).confidence == game.search_confidence


def test_dtc_and_decimoarr_ask_hard_for_two_standard_errors():
    assert get_game("dtc").search_confidence == get_game("decimoarr").search_confidence == 2.0
    assert get_game("diciassette").search_confidence == get_game("wazabi").search_confidence == 1.0
