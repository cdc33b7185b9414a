"""The Wazabi heuristic bot: sensible choices from its view only, and better than random."""

from __future__ import annotations

import json
import random

import ludotheque.games.wazabi  # noqa: F401  (registers the game)
from ludotheque.bots import make_bot
from ludotheque.core import get_game
from ludotheque.sim.simulate import simulate
from test_wazabi_rules import DULL, Table  # tests/games is on sys.path

GAME = get_game("wazabi")


def choice(t: Table) -> str:
    """What the heuristic bot plays, given only a JSON copy of the seat's view."""
    seat = t.state.current_player()
    view = json.loads(json.dumps(t.state.view(seat)))
    bot = make_bot("heuristic", GAME)
    return GAME.action_to_text(bot.choose(view, t.state.legal_actions(), random.Random(0)))


def test_gives_dice_to_the_opponent_closest_to_winning():
    t = Table([DULL, DULL, DULL, DULL], dice=[4, 3, 1, 2])
    t.roll("GWWW")
    assert choice(t) == "give p3"  # seat 2 has a single die left: slow him down


def test_never_gives_to_a_partner():
    t = Table([DULL, DULL, DULL, DULL], options={"teams": True}, dice=[4, 3, 1, 2])
    t.roll("GWWW")
    assert choice(t) == "give p4"  # seat 2 is the partner; seat 3 leads the other team


def test_plays_the_card_that_removes_most_dice():
    t = Table([["remove1", "remove2", "draw3"], DULL, DULL])
    t.roll("WWWD")
    assert choice(t) == "play remove2"


def test_plays_the_winning_card():
    t = Table([["remove1", "draw3", "replay"], DULL, DULL], dice=[1, 4, 4])
    t.roll("W")
    assert choice(t) == "play remove1"


def test_passes_the_dice_to_the_side_that_brings_fewer_back():
    t = Table([["passdice", "keep2", "keep2"], DULL, DULL, DULL], dice=[4, 1, 3, 4])
    t.roll("WWDD")
    t.do("play passdice")
    # Left: I receive seat 3's 4 dice; right: seat 1's single die.
    assert choice(t) == "right"


def test_skips_the_leader():
    t = Table([["skip", "keep2", "keep2"], DULL, DULL, DULL], dice=[4, 3, 2, 1])
    t.roll("DDDD")
    t.do("play skip")
    assert choice(t) == "target p4"


def test_keeps_its_most_useful_card():
    t = Table([["keep1", "skip", "skip"], ["draw3", "steal", "remove1"], DULL])
    t.roll("WDDD")
    t.do("play keep1", "target p2")
    assert choice(t) == "keep remove1"


def test_heuristic_beats_random_clearly():
    two = simulate(GAME, 2, 300, seed=3, bots=["heuristic", "random"])
    four = simulate(GAME, 4, 300, seed=3, bots=["heuristic", "random", "random", "random"])
    assert two["win_rate_by_bot"]["heuristic"] > 0.55  # 0.5 would be even
    assert four["win_rate_by_bot"]["heuristic"] > 0.35  # 0.25 would be even
