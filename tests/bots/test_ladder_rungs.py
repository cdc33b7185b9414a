"""The ladder: "mix:P" opponents between random (mix:0) and medium (mix:1), named
wherever bots are named (make_bot, the command line, the arena)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from ludotheque.bots import LADDER, bot_names, make_bot, parse_bot_list
from ludotheque.cli import app
from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import BotError
from ludotheque.core.registry import all_games, get_game
from ludotheque.sim.arena import arena


def decision_views(game_name: str, players: int, seed: int, count: int):
    """(view, legal) at `count` decisions of random games."""
    game = get_game(game_name)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game._new_state(players, game.validate(players, {}))
        chance = SeededChance(rng.randrange(10**9))
        settle(state, chance)
        while not state.is_terminal() and len(found) < count:
            seat = state.current_player()
            legal = state.legal_actions()
            found.append((state.view(seat), legal))
            state.apply_action(legal[rng.randrange(len(legal))])
            settle(state, chance)
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_rung_is_a_bot_of_every_game(game):
    for name in LADDER:
        bot = make_bot(name, game)
        assert bot.name == name
    assert make_bot(" MIX:0.30 ", game).name == "mix:0.3"  # one canonical name
    assert "mix:P" in bot_names(game)


def test_mix_one_plays_as_medium_and_mix_zero_never_reads_the_view():
    game = get_game("dtc")
    medium, top, bottom = make_bot("medium", game), make_bot("mix:1", game), make_bot("mix:0", game)
    for index, (view, legal) in enumerate(decision_views("dtc", 3, seed=4, count=200)):
        assert top.choose(view, legal, random.Random(index)) == medium.choose(view, legal,
                                                                              random.Random(index))
        assert bottom.choose(None, legal, random.Random(index)) in legal  # random: no view needed


def test_a_rung_mixes_in_the_share_it_names():
    game = get_game("diciassette")
    views = decision_views("diciassette", 2, seed=2, count=400)
    views = [(v, legal) for v, legal in views if len(legal) > 1]
    medium = make_bot("medium", game)
    rung = make_bot("mix:0.3", game)
    rng = random.Random(0)
    same = sum(rung.choose(v, legal, rng) == medium.choose(v, legal, random.Random(1))
               for v, legal in views)
    # 30% medium, and a random move agrees with medium now and then: between 0.3 and 0.3 + 0.7/2
    assert 0.25 * len(views) < same < 0.7 * len(views)


@pytest.mark.parametrize("bad", ["mix:1.5", "mix:-0.1", "mix:x", "mix:", "mix:nan", "mix:1e9"])
def test_a_bad_rung_is_refused_with_the_form_in_both_languages(bad):
    game = get_game("dtc")
    with pytest.raises(BotError) as caught:
        make_bot(bad, game)
    assert "mix:P" in caught.value.message("en") and "0.3" in caught.value.message("en")
    assert "barreau" in caught.value.message("fr") and "mix:P" in caught.value.message("fr")
    with pytest.raises(BotError):
        parse_bot_list(f"random,{bad}", game, 2)


def test_an_unknown_bot_lists_the_ladder():
    with pytest.raises(BotError) as caught:
        make_bot("mixed", get_game("wazabi"))
    assert "mix:P" in caught.value.message("en")


def test_the_rungs_climb_in_strength_in_the_arena():
    """Seat-rotated games: each rung is ahead of the one two below it (fixed seed)."""
    summary = arena(get_game("diciassette"), 2, 200, 7, ["mix:0", "mix:1"])
    assert summary["head_to_head"]["mix:1"]["mix:0"] > 0.8
    summary = arena(get_game("diciassette"), 2, 200, 7, ["mix:0.2", "mix:0.6"])
    assert summary["head_to_head"]["mix:0.6"]["mix:0.2"] > 0.6


def test_the_command_line_takes_a_rung_and_lists_the_ladder():
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "diciassette", "-p", "2", "--bots", "mix:0.5,random", "-n",
                               "6",
                               "--json", "-j", "1"])
    assert done.exit_code == 0, done.output
    assert {row["name"] for row in json.loads(done.output)["bots"]} == {"mix:0.5", "random"}
    listing = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert all("mix:P" in entry["bots"] for entry in listing)
    done = runner.invoke(app, ["arena", "diciassette", "-p", "2", "--bots", "mix:2,random", "-n",
                               "2"])
    assert done.exit_code != 0 and "mix:P" in done.output
