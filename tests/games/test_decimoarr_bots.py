"""Décimoarr... bots: legal, fair (view only), remembering as their level says, and strong."""

from __future__ import annotations

import copy
import json
import random

import pytest

import ludotheque.games.decimoarr  # noqa: F401  (registers the game)
from ludotheque.bots import make_bot
from ludotheque.core import Match, ScriptedChance, SeededChance, get_game
from ludotheque.core.chance import derive_seed
from ludotheque.games.decimoarr.components import deck_for, layout_for
from ludotheque.games.decimoarr.heuristic import MEMORY_LEVELS, HeuristicBot
from ludotheque.sim.simulate import simulate
from ludotheque.testing.conformance import random_states

GAME = get_game("decimoarr")
LEVELS = ("heuristic", "heuristic-good", "heuristic-average", "heuristic-forgetful")


def P(label: str) -> int:
    return int(label[1:]) - 1


def table(players, placed, aside="P5", starter=0) -> Match:
    opts = GAME.validate(players, {})
    deck, layout = deck_for(opts), layout_for(opts, players)
    used = set(placed.values()) | {aside}
    rest = iter(code for code in deck.codes if code not in used)
    cards = [placed.get(f"p{i + 1}") or next(rest) for i in range(layout.positions)]
    deal = tuple(deck.index[c] for c in cards + [aside])
    chance = ScriptedChance([deal, (0, 1, 2, 3), (4, 3, 3, 2, 2, 1, 1), starter],
                            fallback=SeededChance(3))
    return Match(GAME, players, {}, seed=3, chance=chance)


def test_every_named_bot_is_offered_and_always_plays_a_legal_move():
    assert set(GAME.parts.bots) == set(LEVELS)
    for name in LEVELS:
        bot = make_bot(name, GAME)
        assert bot.name == name
        for players in (2, 5):
            options = GAME.validate(players, {})
            for state, _, rng in random_states(GAME, players, options, seed=players, games=3):
                legal = state.legal_actions()
                assert bot.choose(state.view(state.current_player()), legal, rng) in legal
    with pytest.raises(ValueError, match="perfect"):
        HeuristicBot(memory="elephant")


def test_bots_see_only_their_view():
    """Two different states a seat cannot tell apart give equal views and get the same move;
    the bot needs nothing but a plain copy of the view (no state, no live object)."""
    options = GAME.validate(4, {})
    checked = differ = 0
    for index, (state, _, _) in enumerate(random_states(GAME, 4, options, seed=21, games=4)):
        seat = state.current_player()
        twin = GAME.sample(state.view(seat), random.Random(index))
        view = state.view(seat)
        assert twin.view(seat) == view  # the seat cannot tell them apart...
        differ += twin.cards != state.cards or twin.aside != state.aside  # ...yet they differ
        plain = json.loads(json.dumps(view))  # plain data only
        for name in ("heuristic", "heuristic-forgetful"):
            bot = make_bot(name, GAME)
            first = bot.choose(copy.deepcopy(view), state.legal_actions(), random.Random(index))
            second = bot.choose(twin.view(seat), twin.legal_actions(), random.Random(index))
            third = bot.choose(plain, list(state.legal_actions()), random.Random(index))
            assert first == second == third
            assert plain == json.loads(json.dumps(view))  # and it does not write to the view
        checked += 1
    assert checked > 50 and differ > checked // 2


def test_a_face_down_reference_is_connected_from_memory():
    # reference_after_fail=last_flipped: seat 2 fails with B3 at p5, which becomes the reference
    # face down; seat 0 peeked at p21 = B2 and connects with it.
    opts = GAME.validate(3, {"reference_after_fail": "last_flipped"})
    deck, layout = deck_for(opts), layout_for(opts, 3)
    placed = {"p21": "B2", "p22": "Y1", "p23": "Y2", "p1": "R1", "p5": "B3"}
    used = set(placed.values()) | {"P5"}
    rest = iter(code for code in deck.codes if code not in used)
    cards = [placed.get(f"p{i + 1}") or next(rest) for i in range(layout.positions)]
    chance = ScriptedChance([tuple(deck.index[c] for c in cards + ["P5"]), (0, 1, 2, 3),
                             (4, 3, 3, 2, 2, 1, 1), 1], fallback=SeededChance(3))
    m = Match(GAME, 3, {"reference_after_fail": "last_flipped"}, seed=3, chance=chance)
    m.apply("p1")
    m.apply("p5")
    view = m.view(0)
    assert view["reference_card"] is None and view["reference"] == P("p5")
    for seed in range(10):
        assert HeuristicBot().choose(view, m.legal_actions(), random.Random(seed)) == P("p21")


def test_perfect_recall_connects_with_a_card_it_remembers():
    # Seat 0 peeked at p21 = R2; seat 1 opens with R1 at p1, seat 2 fails, seat 0 knows R2.
    m = table(3, {"p21": "R2", "p1": "R1", "p5": "B3"}, starter=1)
    m.apply("p1")
    m.apply("p5")
    assert m.current_player() == 0
    bot = HeuristicBot()
    for seed in range(20):
        assert bot.choose(m.view(0), m.legal_actions(), random.Random(seed)) == P("p21")


def test_never_flips_a_card_it_remembers_as_not_connecting_when_it_can_guess():
    # Seat 0 remembers its home cards Y3 Y4 Y5; the reference is R1: they do not connect.
    m = table(3, {"p21": "Y3", "p22": "Y4", "p23": "Y5", "p1": "R1", "p5": "B3"}, starter=1)
    m.apply("p1")
    m.apply("p5")  # seat 2 fails
    assert m.current_player() == 0
    view = m.view(0)
    reference = view["reference_card"]
    bot = HeuristicBot()
    remembered = {i for i, c in enumerate(view["memory"]) if c is not None}
    for seed in range(30):
        choice = bot.choose(view, m.legal_actions(), random.Random(seed))
        code = view["memory"][choice]
        if code is not None:  # a remembered card is chosen only if it connects
            assert code[0] == reference[0] or code[1:] == reference[1:]
        else:
            assert choice not in remembered


def test_of_two_sure_connections_it_leaves_the_next_player_fewer_cards_to_connect_with():
    # Face up: R1, R3, R4 (the reference). Seat 0 remembers R2 (p21) and B4 (p22): both
    # connect. After R2 the next player has 5 partners left (R5 and the four other 2s),
    # after B4 seven (four blues, three other 4s): the bot plays R2.
    m = table(2, {"p1": "R1", "p5": "R3", "p7": "R4", "p21": "R2", "p22": "B4", "p23": "G5"},
              starter=1)
    for move in ("p1", "p5", "p7"):
        m.apply(move)
    assert m.current_player() == 0 and m.view(0)["reference_card"] == "R4"
    for seed in range(10):
        assert HeuristicBot().choose(m.view(0), m.legal_actions(), random.Random(seed)) == P("p21")


def test_a_forgetful_bot_forgets_with_age_deterministically_from_its_generator():
    m = table(3, {"p21": "R2", "p1": "R1", "p5": "B3"}, starter=1)
    m.apply("p1")
    m.apply("p5")
    view = dict(m.view(0))
    perfect, forgetful = HeuristicBot("perfect"), HeuristicBot("forgetful")
    # Pretend the peek was long ago: 9 flips, three half-lives of the forgetful bot.
    view["memory_age"] = [None if a is None else (a if view["table"][i] else 9)
                          for i, a in enumerate(view["memory_age"])]
    recalled = sum(P("p21") in forgetful.recall(view, random.Random(seed)) for seed in range(400))
    assert 0.06 < recalled / 400 < 0.2  # 0.5 ** (9 / 3) = 0.125
    assert all(P("p21") in perfect.recall(view, random.Random(seed)) for seed in range(50))
    assert [forgetful.choose(view, m.legal_actions(), random.Random(s)) for s in range(20)] == \
        [forgetful.choose(view, m.legal_actions(), random.Random(s)) for s in range(20)]
    assert MEMORY_LEVELS["perfect"] is None
    assert MEMORY_LEVELS["good"] > MEMORY_LEVELS["average"] > MEMORY_LEVELS["forgetful"]


@pytest.mark.parametrize(("players", "games", "floor"), [(2, 200, 0.95), (4, 200, 0.9)])
def test_perfect_recall_beats_random_clearly(players, games, floor):
    bots = ["heuristic"] + ["random"] * (players - 1)
    summary = simulate(GAME, players, games, seed=derive_seed(7, players), bots=bots)
    assert summary["win_rate_by_bot"]["heuristic"] >= floor, summary


def test_better_memory_wins_more():
    summary = simulate(GAME, 4, 200, seed=11, bots=list(LEVELS))
    rates = summary["win_rate_by_bot"]
    ordered = [rates[name] for name in LEVELS]  # perfect, good, average, forgetful
    assert ordered == sorted(ordered, reverse=True) and len(set(ordered)) == 4, rates
    assert rates["heuristic"] > 0.4, rates


def test_difficulty_levels_are_memory_levels():
    game = get_game("decimoarr")
    assert make_bot("easy", game).name == "heuristic-forgetful"
    assert make_bot("medium", game).name == "heuristic-average"
