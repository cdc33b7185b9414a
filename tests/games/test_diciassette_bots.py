"""17 bots: legal, fair (view only), sensible, and the heuristic beats random."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import BotError, make_bot, parse_bot_list
from ludotheque.core import Match, ScriptedChance, get_game
from ludotheque.core.chance import derive_seed
from ludotheque.games.diciassette.components import deck
from ludotheque.games.diciassette.heuristic import HeuristicBot, UnseenCards
from ludotheque.games.diciassette.rules import CALL, PASS
from ludotheque.sim.simulate import simulate
from ludotheque.testing.conformance import random_states

GAME = get_game("diciassette")


def test_heuristic_always_returns_a_legal_move():
    bot = HeuristicBot()
    for players in (2, 4, 6):
        options = GAME.validate(players, {})
        for state, _, rng in random_states(GAME, players, options, seed=players, games=20):
            seat = state.current_player()
            assert bot.choose(state.view(seat), state.legal_actions(), rng) in state.legal_actions()


def test_heuristic_sees_only_its_view():
    """Two states a seat cannot tell apart get the same move from the bot (same generator)."""
    bot = HeuristicBot()
    options = GAME.validate(4, {})
    checked = 0
    for index, (state, _, _) in enumerate(random_states(GAME, 4, options, seed=21, games=10)):
        seat = state.current_player()
        twin = state.game.sample(state.view(seat), random.Random(index))
        first = bot.choose(state.view(seat), state.legal_actions(), random.Random(index))
        second = bot.choose(twin.view(seat), twin.legal_actions(), random.Random(index))
        assert first == second
        checked += 1
    assert checked > 50


def _scripted(hands, top=(), players=None, starter=0):
    """A match whose hands (kind ids) and pile top are given; the rest of the pile follows."""
    players = players or len(hands)
    rest = list(deck(GAME.validate(players, {})))
    for card in [c for hand in hands for c in hand] + list(top):
        rest.remove(card)
    order = tuple(c for hand in hands for c in hand) + tuple(top) + tuple(rest)
    return Match(GAME, players, chance=ScriptedChance([order, starter]))


def test_heuristic_calls_when_the_visible_sum_reached_17():
    # Seat 0 plays 5d, seat 1 plays 5d, seat 0 plays 5d, seat 1 plays 4d face up: 19 in sight.
    match = _scripted([(9, 9, 9), (9, 8, 0)], players=2)
    for move in ("5d up", "pass", "5d up", "pass", "5d up", "pass", "4d up"):
        match.apply(move)
    assert match.current_player() == 0 and CALL in match.legal_actions()
    assert HeuristicBot().choose(match.view(0), match.legal_actions(), random.Random(0)) == CALL


def test_heuristic_passes_on_a_low_queue():
    match = _scripted([(5, 6, 7), (5, 6, 7)], players=2)
    match.apply("1d up")
    assert HeuristicBot().choose(match.view(1), match.legal_actions(), random.Random(0)) == PASS


def test_heuristic_plays_a_trap_face_down():
    match = _scripted([(13, 4, 9), (5, 6, 7)], players=2)
    choice = HeuristicBot().choose(match.view(0), match.legal_actions(), random.Random(0))
    assert GAME.action_to_text(choice) == "trap down"


def test_heuristic_keeps_low_cards_when_the_queue_is_high():
    # 16 in sight: the bot must not add a 5; it plays its 1 (or a 0-value special).
    match = _scripted([(9, 9, 0), (9, 8, 5)], players=2)
    for move in ("5d up", "pass", "5d up", "pass", "5d up", "pass"):
        match.apply(move)
    match.apply("1d up")
    match.apply("pass")
    choice = HeuristicBot().choose(match.view(0), match.legal_actions(), random.Random(0))
    assert GAME.action_to_text(choice).split()[0] not in {"5d", "5s", "4d", "4s"}


def test_unseen_cards_count_what_the_seat_has_not_seen():
    match = _scripted([(0, 1, 2), (9, 9, 9)], players=2)
    unseen = UnseenCards(match.view(0))
    # Seat 0 holds single 1, 2, 3 and sees three 5d: the generic-backed unseen cards are
    # 2+2+2+3+3 singles and 20 specials: 32 cards whose values sum to 2*1+2*2+2*3+3*4+3*5 = 39.
    mean = sum(v * p for v, p in enumerate(unseen.value_probs))
    assert mean == pytest.approx(39 / 32)
    assert unseen.trap_prob == pytest.approx(5 / 32)


@pytest.mark.parametrize(("players", "games", "floor"), [(2, 300, 0.75), (4, 600, 0.31)])
def test_heuristic_beats_random_clearly(players, games, floor):
    bots = ["heuristic"] + ["random"] * (players - 1)
    summary = simulate(GAME, players, games, seed=derive_seed(7, players), bots=bots)
    heuristic = summary["win_rate_by_bot"]["heuristic"]
    random_rate = summary["win_rate_by_bot"]["random"]
    assert heuristic >= floor, summary
    assert heuristic > 1.3 * random_rate, summary


def test_bot_names_are_checked():
    assert parse_bot_list("heuristic,random", GAME, 2) == ["heuristic", "random"]
    assert parse_bot_list("random", GAME, 3) == ["random"] * 3
    with pytest.raises(BotError) as error:
        make_bot("genius", GAME)
    for name in ("easy", "medium", "heuristic", "random", "ismcts"):
        assert name in str(error.value)
    assert "Bot inconnu" in error.value.message("fr")
    with pytest.raises(BotError, match="3 bots given for 2 bot seats"):
        parse_bot_list("random,random,random", GAME, 2)
