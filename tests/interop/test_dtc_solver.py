"""An equilibrium you can measure (issue 18, point 5): OpenSpiel's CFR+ on the 3-card
DTC (`interop.solve`), and the `solver` bot that plays its result from the view."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.solver import SolverBot, solved_table, view_key
from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import BotError
from ludotheque.core.registry import get_game
from ludotheque.interop.openspiel import load_game
from ludotheque.interop.solve import SOLVED, enumerate_tree, recall_conflicts, solve
from ludotheque.sim.arena import arena

PLAYERS, OPTIONS = SOLVED["dtc"]
GAME = get_game("dtc")


@pytest.fixture(scope="module")
def tree():
    """The whole tree of the small variant, through the OpenSpiel adapter (once)."""
    return enumerate_tree(load_game("dtc", PLAYERS, **OPTIONS))


def test_the_small_variant_is_an_option_validated_like_any(tree):
    options = GAME.validate(PLAYERS, OPTIONS)
    assert (options["values"], options["copies"], options["jokers"], options["hand_size"]) == (2, 1,
                                                                                               1, 1)
    # The whole tree: the sizes the documentation reports.
    assert tree.sizes() == {"histories": 41842, "decision_nodes": 31800, "chance_nodes": 10,
                            "terminals": 10032, "information_states": 6036, "views": 2196,
                            "max_depth": 23}
    from ludotheque.core.errors import OptionError

    with pytest.raises(OptionError) as caught:  # 3 cards cannot give 2 each to 2 players
        GAME.validate(2, {**OPTIONS, "hand_size": 2})
    assert "3" in caught.value.message("en") and "hand_size" in caught.value.message("fr")


def test_the_adapters_information_states_have_perfect_recall(tree):
    """CFR's guarantees need it: every history of an information state shows its player the
    same earlier information states and the same own moves."""
    assert recall_conflicts(tree) == 0
    # The same check on views (the solver bot's keys) finds what views forget.
    first = {}
    merged = [first.setdefault(info.key, index) for index, info in enumerate(tree.infosets)]
    by_view = dataclasses.replace(tree, nodes=[
        ("p", merged[node[1]], node[2]) if node[0] == "p" else node for node in tree.nodes])
    assert recall_conflicts(by_view) > 0


def test_cfr_plus_gets_below_a_hundredth_in_twenty_iterations(tree):
    solution = solve("dtc", iterations=20, checkpoints=(1, 5, 10, 20), tree=tree)
    values = [value for _, value in solution.curve]
    assert [n for n, _ in solution.curve] == [1, 5, 10, 20]
    assert values == sorted(values, reverse=True) and values[0] > 0.3  # uniform play: far off
    assert solution.exploitability < 0.01
    # The policy a view can play (the bot's) is as good: views forget nothing that matters here.
    assert solution.view_exploitability < 0.01
    assert set(solution.view_policy) == {info.key for info in tree.infosets}


def test_the_shipped_table_covers_every_decision_of_the_tree(tree):
    table = solved_table("dtc")
    assert table["players"] == PLAYERS and table["tree"] == tree.sizes()
    assert table["exploitability"] < 1e-4 and table["view_exploitability"] < 1e-4
    for info in tree.infosets:
        moves = table["policy"][info.key]
        assert [action for action, _ in moves] == info.actions
        assert sum(p for _, p in moves) == pytest.approx(1.0, abs=1e-3)


def decisions(seed: int, games: int):
    """(state, seat) at every decision of random games of the small variant."""
    rng = random.Random(seed)
    options = GAME.validate(PLAYERS, OPTIONS)
    for _ in range(games):
        state = GAME._new_state(PLAYERS, options)
        chance = SeededChance(rng.randrange(10**9))
        settle(state, chance)
        while not state.is_terminal():
            yield state, state.current_player()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            settle(state, chance)


def test_the_solver_plays_legal_moves_from_the_view_only():
    bot = make_bot("solver", GAME, players=PLAYERS, options=GAME.validate(PLAYERS, OPTIONS))
    rng = random.Random(3)
    checked = 0
    for state, seat in decisions(seed=1, games=60):
        view, legal = state.view(seat), state.legal_actions()
        seed = rng.randrange(10**6)
        action = bot.choose(view, legal, random.Random(seed))
        assert action in legal
        # Another state this seat cannot tell apart (its hidden cards dealt again) gives
        # the same view, hence the same move: the bot has nothing else to read.
        twin = GAME.sample(view, random.Random(seed))
        assert twin.view(seat) == view
        assert bot.choose(twin.view(seat), twin.legal_actions(), random.Random(seed)) == action
        checked += 1
    assert checked > 300


def test_the_view_key_ignores_nothing_the_view_shows():
    state, seat = next(s for s in decisions(seed=2, games=5) if s[0].phase == 3)  # a decision
    view = state.view(seat)
    changed = json.loads(json.dumps(view))
    changed["pending"]["had"] += 1
    assert view_key(changed) != view_key(view)


def test_the_solver_refuses_other_variants_with_a_clear_message():
    with pytest.raises(BotError) as caught:
        make_bot("solver", GAME, players=4, options=GAME.validate(4, {}))
    english, french = caught.value.message("en"), caught.value.message("fr")
    assert "-p 2" in english and "values=2" in english and "hand_size=1" in english
    assert "variante résolue" in french
    bot = make_bot("solver", GAME)  # built without the table: refuses at its first move
    full = GAME._new_state(2, GAME.validate(2, {}))
    settle(full, SeededChance(5))
    with pytest.raises(BotError):
        bot.choose(full.view(full.current_player()), full.legal_actions(), random.Random(0))
    assert isinstance(bot, SolverBot)
    with pytest.raises(BotError) as caught:  # no solved variant for the other games
        make_bot("solver", get_game("wazabi"))
    assert "solver" not in caught.value.message("en").split("Bots for this game")[1]


def test_the_solver_holds_its_own_in_the_arena():
    """Seat-rotated games on the small variant; an equilibrium cannot lose on average
    (the game is symmetric: its value is 1/2 a seat), so it is at least even with hard
    and ahead of random (fixed seed; the longer run is in docs/interop/solver.md)."""
    summary = arena(GAME, PLAYERS, 200, 11, ["solver", "random"], OPTIONS)
    assert summary["head_to_head"]["solver"]["random"] > 0.55
    summary = arena(GAME, PLAYERS, 100, 11, ["solver", "hard"], OPTIONS)
    assert summary["head_to_head"]["solver"]["hard"] > 0.4
