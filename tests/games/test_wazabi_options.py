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
                             "continue_until_one_left": False, "tournament_games": 1,
                             "start_tie_reroll": "tied", "start_direction": "clockwise",
                             "first_turn_uses_start_roll": False}
    assert {spec.ruling for spec in GAME.option_specs} >= {"W6", "W6b", "W6c", "W15", "W19",
                                                           "W20", "W22"}


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
    """W20 also sends a finished player's pending Skip cards to the discard, but that case
    cannot arise: a player only goes out during his own turn, and his turn starts only
    once every Skip card before him has been used (W17); nobody else plays a card during
    his turn. So this checks that he has none, and that his hand goes to the discard."""
    t = Table([["remove1", "draw3", "replay"], DULL, ["keep1", "steal", "steal"]],
              options={"continue_until_one_left": True}, dice=[1, 4, 4])
    t.roll("W")
    t.do("play remove1")
    # Seat 0 is out, first; his cards go to the discard after the card he played.
    assert t.state.phase == ROLL and t.state.finished == [0] and t.state.active == [False, True,
                                                                                    True]
    assert not any(t.state.hands[0]) and t.state.skips[0] == 0
    assert t.state.discard == [KIND_OF_CODE[c] for c in ("remove1", "draw3", "replay")]
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


# ------------------------------------------- the [ASSUMED] setup rulings (1.2)
def start(options, rolls, players=3):
    """A new state, dealt, with the starting rolls given per seat (4 dice each)."""
    from test_wazabi_rules import faces

    t = Table.__new__(Table)
    t.events = []
    t.state = GAME.new_state(players, options)
    t.state.apply_chance(deal_outcome([DULL] * players), t.events)
    for outcome in rolls:
        t.state.apply_chance(faces(outcome), t.events)
    return t


def test_W6_tied_players_reroll_by_default_or_everyone_by_option():
    t = start({}, ["WWDDWWDDWDDD"])
    assert t.state.contenders == (0, 1)
    assert t.state.chance_spec().count == 8
    t.state.apply_chance((0,) * 4 + (3,) * 4)
    assert t.state.current == 0 and t.state.phase == ROLL
    t = start({"start_tie_reroll": "all"}, ["WWDDWWDDWDDD"])
    assert t.state.contenders == (0, 1, 2) and t.state.chance_spec().count == 12
    t.state.apply_chance((3,) * 8 + (0,) * 4)  # now seat 2 wins the re-roll
    assert t.state.current == 2 and t.state.phase == ROLL


def test_W6b_the_starting_direction_is_an_option():
    t = start({}, ["WWWWDDDDDDDD"])
    t.state.apply_chance((3, 3, 3, 3))  # seat 0 draws 4 cards, no play: pass
    t.state.apply_action(GAME.parse_action("pass"))
    assert t.state.direction == 1 and t.state.current == 1
    t = start({"start_direction": "counterclockwise"}, ["WWWWDDDDDDDD"])
    assert t.state.view(None)["direction"] == -1
    t.state.apply_chance((3, 3, 3, 3))
    t.state.apply_action(GAME.parse_action("pass"))
    assert t.state.current == 2


def test_W6c_the_first_turn_uses_a_fresh_roll_unless_the_option_says_otherwise():
    t = start({}, ["WWWGDDDDDDDD"])
    assert t.state.phase == ROLL and t.state.dice == [4, 4, 4]
    t = start({"first_turn_uses_start_roll": True}, ["WWWGDDDDDDDD"])
    # No new roll: the starting roll (3 W, 1 Give) is seat 0's first roll.
    assert t.state.roll == (3, 0, 1) and t.state.phase not in (ROLL, DEAL)
    assert t.state.legal_actions() == [GAME.parse_action("give p2"), GAME.parse_action("give p3")]
    kinds = [e.kind for e in t.events]
    assert kinds[-3:] == ["start_roll", "turn", "roll"]
