"""Wazabi variants as options (rules file 1.7; rulings W15, W19, W20, W22).

Scenarios use the scripted tables of test_wazabi_rules.py: known hands, the
starter rolls all W, rolls written W / D (draw) / G (give).
"""

from __future__ import annotations

import pytest

import ludotheque.games.wazabi  # noqa: F401  (registers the game)
from ludotheque.core import OptionError, get_game
from ludotheque.games.wazabi.components import KIND_OF_CODE
from ludotheque.games.wazabi.rules import DEAL, OVER, ROLL

from test_wazabi_rules import DULL, Table, deal_outcome  # tests/games is on sys.path

GAME = get_game("wazabi")


def test_options_and_their_defaults_follow_the_rules_file():
    options = GAME.validate(4, {})
    assert dict(options) == {"dice_per_player": 4, "neighbour_give_variant": False, "teams": False,
                             "continue_until_one_left": False, "tournament_games": 1}
    assert {spec.ruling for spec in GAME.option_specs} >= {"W15", "W19", "W20", "W22"}


def test_dice_per_player_changes_the_length_of_the_game():
    t = Table([DULL, DULL, DULL], options={"dice_per_player": 6})
    assert t.state.dice == [6, 6, 6]
    assert GAME.validate(2, {"dice_per_player": "12"})["dice_per_player"] == 12
    with pytest.raises(OptionError) as error:
        GAME.validate(3, {"dice_per_player": 9})
    assert "27" in error.value.message("en") and "8" in error.value.message("fr")
    with pytest.raises(OptionError):
        GAME.validate(2, {"dice_per_player": 0})


def test_W15_neighbour_variant_gives_faces_only_to_a_neighbour():
    t = Table([["give1", "skip", "skip"], DULL, DULL, DULL, ["keep2"] * 3],
              options={"neighbour_give_variant": True})
    t.roll("WWWG")
    assert t.legal() == ["give p2", "give p5"]  # left and right neighbours only
    t.do("give p5")
    t.do("play give1")
    assert t.legal() == ["give p2", "give p3", "give p4", "give p5"]  # W15: not the card
    t.do("give p3")
    assert t.state.dice == [2, 4, 5, 4, 5]


def test_W15_neighbour_variant_changes_nothing_with_three_players():
    t = Table([DULL, DULL, DULL], options={"neighbour_give_variant": True})
    t.roll("GWWW")
    assert t.legal() == ["give p2", "give p3"]


def test_W19_teams_partners_sit_opposite_and_win_together():
    t = Table([["remove1", "skip", "skip"], DULL, DULL, DULL], options={"teams": True},
              dice=[2, 4, 4, 4])
    assert t.state.view(None)["teams"] == [[0, 2], [1, 3]]
    t.roll("WG")
    assert t.legal() == ["give p2", "give p3", "give p4"]  # a partner may receive a die
    t.do("give p3")
    t.do("play remove1")
    assert t.state.phase == OVER and t.state.winners() == [0, 2]
    assert t.state.returns() == [0.5, 0.0, 0.5, 0.0]


def test_W19_six_player_teams():
    t = Table([DULL, DULL, DULL, DULL, ["skip", "replay", "steal"], ["steal", "steal", "replay"]],
              options={"teams": True})
    assert t.state.view(0)["teams"] == [[0, 3], [1, 4], [2, 5]]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_W19_teams_need_four_or_six_players(players):
    with pytest.raises(OptionError) as error:
        GAME.validate(players, {"teams": True})
    assert str(players) in error.value.message("fr") and "4" in error.value.message("en")


def test_incompatible_options_are_refused_clearly():
    with pytest.raises(OptionError) as error:
        GAME.validate(4, {"teams": True, "continue_until_one_left": True})
    assert "continue_until_one_left" in error.value.message("fr")
    with pytest.raises(OptionError) as error:
        GAME.validate(3, {"continue_until_one_left": True, "tournament_games": 3})
    assert "continue_until_one_left" in error.value.message("en")


def test_W20_continue_mode_ranks_everyone_and_clears_a_finished_player():
    t = Table([["remove1", "skip", "skip"], DULL, ["keep1", "steal", "steal"]],
              options={"continue_until_one_left": True}, dice=[1, 4, 4])
    t.state.skips[0] = 0
    t.roll("W")
    t.do("play remove1")
    # Seat 0 is out, first; his cards go to the discard; the game goes on.
    assert t.state.phase == ROLL and t.state.finished == [0] and t.state.active == [False, True, True]
    assert not any(t.state.hands[0]) and t.state.discard.count(KIND_OF_CODE["skip"]) == 2
    assert t.state.current == 1
    t.check()
    # Seat 0 can no longer be chosen, and counts for nobody's neighbour.
    t.roll("WDDD")
    t.do("pass")
    assert t.state.current == 2
    t.roll("WGDD")
    assert t.state.dice == [0, 5, 3]  # the only other player still in received the die
    t.do("play keep1")
    # The only possible target (seat 1) is chosen at once; seat 1 keeps one card.
    assert t.state.keepers == (1,) and t.state.current_player() == 1
    view = t.state.view(None)
    assert view["finished"] == [0] and view["active"] == [False, True, True]


def test_W20_the_last_player_left_ends_the_ranking():
    t = Table([["remove1", "skip", "skip"], ["remove1", "keep2", "keep2"]],
              options={"continue_until_one_left": True}, dice=[1, 4])
    t.roll("W")
    t.do("play remove1")
    assert t.state.phase == OVER and t.state.finished == [0, 1] and t.state.winners() == [0]
    end = [e for e in t.events if e.kind == "game_end"][0]
    assert end.public["ranking"] == [0, 1]


def test_tournament_scores_the_dice_left_to_the_opponents():
    t = Table([["remove1", "skip", "skip"], DULL, DULL], options={"tournament_games": 2},
              dice=[1, 3, 2])
    t.roll("W")
    t.do("play remove1")
    # Game 1 won by seat 0: 3 + 2 dice left to the opponents = 5 points. Game 2 is dealt.
    assert t.state.scores == [5, 0, 0] and t.state.game_no == 2 and t.state.phase == DEAL
    assert t.state.dice == [4, 4, 4] and t.state.removed == 0
    assert sum(map(sum, t.state.hands)) == 0 and len(t.state.pile) == 36
    t.check()
    t.state.apply_chance(deal_outcome([DULL, DULL, ["remove1", "skip", "skip"]]))
    t.state.apply_chance((3,) * 8 + (0,) * 4)  # seat 2 starts game 2
    t.set_dice([4, 4, 1])
    t.roll("W")
    t.do("play remove1")
    assert t.state.phase == OVER and t.state.scores == [5, 0, 8]
    assert t.state.winners() == [2]
    results = t.state.view(None)["results"]
    assert [r["points"] for r in results] == [5, 8]


def test_tournament_tie_is_shared():
    t = Table([["remove1", "skip", "skip"], ["remove1", "keep2", "keep2"]],
              options={"tournament_games": 2}, dice=[1, 3])
    t.roll("W")
    t.do("play remove1")
    assert t.state.scores == [3, 0]
    t.state.apply_chance(deal_outcome([["keep2", "skip", "skip"], ["remove1", "keep2", "keep2"]]))
    t.state.apply_chance((3,) * 4 + (0,) * 4)
    t.set_dice([3, 1])
    t.roll("W")
    t.do("play remove1")
    assert t.state.scores == [3, 3] and t.state.winners() == [0, 1]
