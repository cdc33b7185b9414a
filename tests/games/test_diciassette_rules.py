"""17 / Diciassette: rule scenarios (rules file section 2, rulings S1-S20 and S12b).

Every scenario deals known hands with a scripted deck: seat p receives the
cards written for it, the draw pile starts with the cards written as its top
(top first), and the rest of the pile follows in kind order. Seats are
numbered 0..n-1 clockwise; seat 0 starts unless a scenario says otherwise.
"""

from __future__ import annotations

import pytest

from ludotheque.core import (
    TERMINAL,
    IllegalActionError,
    Match,
    NotationError,
    OptionError,
    PlayerCountError,
    ScriptedChance,
    SeededChance,
    get_game,
)
from ludotheque.games.diciassette.components import (
    CODES,
    DOUBLE,
    KIND_OF_CODE,
    NUM_KINDS,
    REVERSE,
    SINGLE,
    TRAP,
    TRASH,
    X2,
    deck,
)
from ludotheque.games.diciassette.rules import CALL, CALLS, OVER, PASS, PLAY

GAME = get_game("diciassette")

# A 7-card deck (the smallest one for 2 players): 1d 2d 3d 4d 5d x2 x2.
TINY7 = {"singles": "0", "doubles": "1", "reverse": 0, "trash": 0, "x2": 2, "trap": 0}
# An 8-card deck: 1d 1d 2d 3d 4d 5d x2 x2.
TINY8 = dict(TINY7, doubles="2,1,1,1,1")
# An 8-card deck with a Trash: 1d 1d 2d 2d 3d 4d 5d trash.
TRASH8 = {"singles": "0", "doubles": "2,2,1,1,1", "reverse": 0, "trash": 1, "x2": 0, "trap": 0}


# ---------------------------------------------------------------- helpers
def K(code: str) -> int:
    return KIND_OF_CODE[code]


def deal_outcome(hands, pile_top=(), options=None) -> tuple[int, ...]:
    """The whole shuffled deck, top first: the hands, then the pile top, then the rest."""
    opts = GAME.validate(len(hands), options or {})
    rest = list(deck(opts))
    given = [card for hand in hands for card in hand] + list(pile_top)
    for card in given:
        rest.remove(K(card))  # ValueError if the scenario uses more copies than exist
    for hand in hands:
        assert len(hand) == 3, "a scenario hand must have exactly 3 cards"
    return tuple(K(card) for card in given) + tuple(rest)


def table(hands, pile_top=(), starter=0, options=None, later=()) -> Match:
    """A match dealt with these hands and pile top; `later` are further chance outcomes."""
    outcome = deal_outcome(hands, pile_top, options)
    chance = ScriptedChance([outcome, starter, *later], fallback=SeededChance(17))
    return Match(GAME, len(hands), options or {}, seed=17, chance=chance)


def hand(m: Match, seat: int) -> list[str]:
    counts = m.state.hands[seat]
    return [CODES[k] for k in range(NUM_KINDS) for _ in range(counts[k])]


def everyone_passes(m: Match) -> None:
    while m.state.phase == CALLS:
        m.apply("pass")


def turn(m: Match, *cards: str) -> None:
    """The current seat plays these cards (one turn), then nobody calls."""
    for card in cards:
        m.apply(card)
    assert m.state.phase == CALLS
    everyone_passes(m)


def resolution(m: Match) -> dict:
    return m.view(None)["last_resolution"]


def kinds_of_events(m: Match, seat) -> list[str]:
    return [e["kind"] for e in m.events_for(seat)]


# =================================================================== setup
def test_setup_three_cards_each_pile_starter_from_chance_clockwise():
    m = table(
        [["1s", "2s", "3s"], ["1d", "2d", "3d"], ["4d", "5d", "rev"], ["trash", "x2", "trap"]],
        pile_top=["5s"],
        starter=2,
    )
    s = m.state
    assert [hand(m, p) for p in range(4)] == [
        ["1s", "2s", "3s"], ["1d", "2d", "3d"], ["4d", "5d", "rev"], ["trash", "x2", "trap"],
    ]
    assert len(s.pile) == 70 - 12
    assert s.pile[-1] == K("5s")  # outcome[3n] is the top of the pile
    assert s.phase == PLAY and s.current == 2 and m.current_player() == 2
    assert s.direction == 1 and s.plays_required == 1 and s.next_plays_required == 1
    assert s.queue == [] and s.discard == []
    assert s.victory == [0] * 4 and s.penalty == [0] * 4
    # clockwise: the seat after 2 is 3, then 0, then 1
    m.apply("rev down")
    assert s.poll == (3, 0, 1)
    everyone_passes(m)
    assert m.current_player() == 3


def test_setup_with_a_seeded_deal():
    m = Match(GAME, 5, {}, seed=3)
    s = m.state
    assert [sum(h) for h in s.hands] == [3] * 5
    assert len(s.pile) == 70 - 15
    assert sum(m.state.component_counts().values()) == 70
    assert s.phase == PLAY and 0 <= s.current < 5 and s.direction == 1


def test_play_face_up_or_down_appends_to_the_right_end_then_draws_the_pile_top():
    m = table(
        [["1s", "2d", "3s"], ["4s", "5d", "1d"], ["2s", "3d", "4d"], ["5s", "rev", "x2"]],
        pile_top=["4s", "3d"],
    )
    m.apply("2d up")
    assert m.state.queue == [(K("2d"), True, 0)]
    assert hand(m, 0) == ["1s", "3s", "4s"]  # drew the top of the pile
    assert len(m.state.pile) == 57
    everyone_passes(m)
    m.apply("1d down")
    assert m.state.queue == [(K("2d"), True, 0), (K("1d"), False, 1)]
    assert hand(m, 1) == ["4s", "3d", "5d"]
    everyone_passes(m)
    m.apply("2s up")
    assert m.state.queue[-1] == (K("2s"), True, 2)


def test_reshuffle_the_discard_when_the_pile_is_empty():
    # 8 cards: 1d 1d 2d 2d 3d 4d 5d trash; the pile holds 4d (top) then 5d.
    m = table([["1d", "1d", "2d"], ["2d", "3d", "trash"]], pile_top=["4d", "5d"],
              options=TRASH8, later=[(K("trash"), K("1d"))])
    turn(m, "1d up")  # draws 4d
    m.apply("trash up")  # Trash removes the 1d and itself; seat 1 draws 5d
    assert m.state.pile == []
    assert m.state.discard == [(K("1d"), True, 0), (K("trash"), True, 1)]
    everyone_passes(m)
    m.apply("2d up")  # the draw finds the pile empty: the discard is shuffled (scripted order)
    assert "reshuffle" in kinds_of_events(m, None)
    assert m.state.discard == []
    assert hand(m, 0) == ["1d", "4d", "trash"]  # drew the new top: the Trash
    assert m.state.pile == [K("1d")]
    assert m.state.phase == CALLS


def test_reverse_face_up_changes_direction_immediately():
    m = table([["rev", "1d", "2d"], ["1s", "2s", "3s"], ["3d", "4d", "5d"], ["4s", "5s", "x2"]])
    m.apply("rev up")
    assert m.state.direction == -1
    assert m.state.poll == (3, 2, 1)
    everyone_passes(m)
    assert m.current_player() == 3
    turn(m, "4s up")
    assert m.current_player() == 2


def test_trash_removes_the_card_before_it_and_itself_hidden_card_stays_hidden():
    m = table([["1d", "1s", "2s"], ["3s", "4s", "5s"], ["trash", "2d", "3d"], ["4d", "5d", "x2"]])
    turn(m, "1d up")
    turn(m, "3s down")
    m.apply("trash up")
    s = m.state
    assert s.queue == [(K("1d"), True, 0)]  # only the 3s and the Trash left
    assert s.discard == [(K("3s"), False, 1), (K("trash"), True, 2)]
    other = m.view(3)["discard"]
    assert other["size"] == 2 and other["hidden"] == 1 and other["cards"] == ["trash"]
    owner = m.view(1)["discard"]
    assert owner["hidden"] == 0 and owner["cards"] == ["3s", "trash"]
    trash_for_other = [e for e in m.events_for(3) if e["kind"] == "trash"][-1]
    assert trash_for_other["removed"] is None and trash_for_other["removed_by"] == 1
    assert "'3s'" not in repr(m.events_for(3))
    trash_for_owner = [e for e in m.events_for(1) if e["kind"] == "trash"][-1]
    assert trash_for_owner["removed"] == "3s"


def test_trash_removes_a_face_up_card_publicly():
    m = table([["4d", "1s", "2s"], ["trash", "4s", "5s"], ["2d", "3d", "5d"], ["1d", "x2", "rev"]])
    turn(m, "4d up")
    m.apply("trash up")
    assert m.state.queue == []
    assert m.view(2)["discard"]["cards"] == ["4d", "trash"]
    assert [e for e in m.events_for(2) if e["kind"] == "trash"][-1]["removed"] == "4d"


def test_x2_next_player_plays_two_cards_then_draws_two():
    m = table([["x2", "1s", "2s"], ["1d", "2d", "3d"], ["3s", "4s", "5s"], ["4d", "5d", "rev"]],
              pile_top=["5s", "4d", "5d"])
    turn(m, "x2 up")  # seat 0 draws 5s
    assert m.current_player() == 1 and m.state.plays_required == 2
    m.apply("1d up")
    assert m.state.phase == PLAY and m.current_player() == 1 and sum(m.state.hands[1]) == 2
    m.apply("2d up")
    assert hand(m, 1) == ["3d", "4d", "5d"]  # drew two: 4d then 5d
    assert m.state.phase == CALLS and m.state.last_player == 1
    everyone_passes(m)
    assert m.current_player() == 2 and m.state.plays_required == 1


# ============================================================== resolution
def test_resolution_sum_reaches_17_last_player_penalty_caller_victory_caller_starts():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "1d", "x2"], ["2d", "rev", "trap"]])
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "5d up")
    m.apply("2d up")  # 5 + 5 + 5 + 2 = 17
    assert m.current_player() == 0
    m.apply("call")
    s = m.state
    assert s.victory == [1, 0, 0, 0] and s.penalty == [0, 0, 0, 1]
    r = resolution(m)
    assert r["sum"] == 17 and r["reached"] and r["caller"] == 0 and r["last_player"] == 3
    assert r["next_starter"] == 0
    assert s.round == 2 and s.current == 0 and s.phase == PLAY
    assert s.queue == [] and len(s.discard) == 4 and all(seen for _, seen, _ in s.discard)
    assert sum(s.hands[3]) == 3  # hands are kept


def test_resolution_sum_below_17_last_player_victory_caller_penalty_last_starts():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5s", "1d", "x2"], ["2d", "rev", "trap"]])
    turn(m, "5d up")
    m.apply("5d up")
    assert m.state.poll == (2, 3, 0)
    m.apply("call")  # seat 2 calls on 10
    s = m.state
    assert s.victory == [0, 1, 0, 0] and s.penalty == [0, 0, 1, 0]
    r = resolution(m)
    assert r["sum"] == 10 and not r["reached"] and r["next_starter"] == 1
    assert s.current == 1 and s.phase == PLAY and s.round == 2


def test_resolution_penalties_first_then_at_most_one_victory_per_round():
    # Seat 0 hides a Trap and later calls right on 17: the call's Victory and the Trap's
    # Victory (one only), and the Trap's Penalty. He holds 0 Victory and 1 Penalty: the
    # Penalty pair is converted first (no Victory to lose), then he takes one Victory.
    m = table([["trap", "5d", "1s"], ["5d", "2d", "3s"], ["5d", "4d", "x2"]])
    m.state.penalty[0] = 1
    turn(m, "trap down")
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "5d up")  # 15
    m.apply("2d up")  # 17, seat 1 is the last player
    assert m.state.poll == (2, 0)
    m.apply("pass")
    m.apply("call")  # seat 0
    s = m.state
    r = resolution(m)
    assert r["sum"] == 17 and r["caller"] == 0 and r["traps"] == [0]
    assert s.victory[0] == 1 and s.penalty[0] == 0
    assert s.victory[1] == 0 and s.penalty[1] == 1


def test_two_penalty_tokens_are_exchanged_for_the_loss_of_a_victory():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5s", "1d", "x2"], ["2d", "rev", "trap"]])
    m.state.victory[2] = 1
    m.state.penalty[2] = 1
    turn(m, "5d up")
    m.apply("5d up")
    m.apply("call")  # seat 2 calls on 10: his second Penalty
    assert m.state.victory[2] == 0 and m.state.penalty[2] == 0
    assert m.state.victory[1] == 1


def test_game_ends_at_three_victory_tokens():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "1d", "x2"], ["2d", "rev", "trap"]])
    m.state.victory[0] = 2
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "5d up")
    m.apply("2d up")
    m.apply("call")
    s = m.state
    assert s.phase == OVER and m.is_over() and m.current_player() == TERMINAL
    assert s.victory[0] == 3 and s.winners() == [0]
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]
    assert m.legal_actions() == []
    assert {"kind": "game_over", "winners": [0]} in m.events_for(None)
    with pytest.raises(IllegalActionError):
        m.apply("pass")


def _two_reach_three(penalty_of_seat1: int) -> Match:
    # Seat 0's face-down Trap and seat 1's last play both pay when seat 2 calls on 1.
    m = table([["trap", "1s", "2s"], ["1d", "3s", "4s"], ["2d", "3d", "4d"]])
    m.state.victory[:] = [2, 2, 0]
    m.state.penalty[1] = penalty_of_seat1
    turn(m, "trap down")
    m.apply("1d up")
    assert m.current_player() == 2
    m.apply("call")
    return m


def test_tie_break_fewer_penalty_tokens_wins():
    m = _two_reach_three(penalty_of_seat1=1)
    assert m.state.victory[:2] == [3, 3] and m.state.penalty[:2] == [0, 1]
    assert m.state.winners() == [0]
    assert m.state.returns() == [1.0, 0.0, 0.0]


def test_tie_break_still_tied_shares_the_victory():
    m = _two_reach_three(penalty_of_seat1=0)
    assert m.state.phase == OVER
    assert m.state.winners() == [0, 1]
    assert m.state.returns() == [0.5, 0.5, 0.0]


# ================================================================ rulings
def test_S1_default_deck_3_per_single_7_per_double_5_per_special():
    d = deck(GAME.validate(4, {}))
    assert len(d) == 70
    assert [d.count(k) for k in SINGLE] == [3] * 5
    assert [d.count(k) for k in DOUBLE] == [7] * 5
    assert [d.count(k) for k in (REVERSE, TRASH, X2, TRAP)] == [5] * 4
    m = Match(GAME, 4, {}, seed=1)
    assert sum(m.state.component_counts().values()) == 70


def test_S1_split_is_configurable():
    m = Match(GAME, 3, {"singles": "2", "doubles": [8, 8, 8, 8, 8], "x2": 0, "trap": 3}, seed=1)
    counts = m.state.component_counts()
    assert counts["1s"] == 2 and counts["5d"] == 8 and counts["x2"] == 0 and counts["trap"] == 3
    assert len(m.state.pile) == 10 + 40 + 5 + 5 + 0 + 3 - 9
    with pytest.raises(OptionError):  # 5 cards cannot deal 3 to each of 4 players
        Match(GAME, 4, {"singles": "0", "doubles": "1", "reverse": 0, "trash": 0, "x2": 0,
                        "trap": 0})
    with pytest.raises(OptionError):
        Match(GAME, 4, {"trap": -1})


def test_S2_double_faced_card_face_down_shows_and_counts_its_value():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "1d", "x2"], ["2d", "rev", "trap"]])
    turn(m, "5d down")
    turn(m, "5d down")
    turn(m, "5d down")
    m.apply("2d down")
    for seat in range(4):
        shown = m.view(seat)["queue"]
        assert [c["card"] for c in shown] == ["5d", "5d", "5d", "2d"]
        assert [c["face_up"] for c in shown] == [False] * 4
    m.apply("call")  # 17 with every card face down
    assert resolution(m)["sum"] == 17 and m.state.victory[0] == 1 and m.state.penalty[3] == 1


def test_S3_face_up_is_the_front_face_down_the_back_pile_lies_back_up():
    m = table([["3s", "3s", "1s"], ["1d", "2d", "3d"], ["4s", "5s", "x2"], ["2s", "rev", "trap"]],
              pile_top=["4d", "4s", "trash"])
    assert m.view(1)["pile"]["top"] == "4d"  # the back of a double-faced card shows its value
    m.apply("3s up")
    assert m.view(1)["queue"][-1] == {"by": 0, "face_up": True, "card": "3s"}
    assert m.view(1)["pile"]["top"] is None  # a 4s lies back up: generic back
    everyone_passes(m)
    turn(m, "1d up")  # seat 1 draws the 4s; the Trash is on top now
    assert m.view(0)["pile"]["top"] is None
    turn(m, "x2 down")
    turn(m, "2s up")
    m.apply("3s down")
    assert m.view(1)["queue"][-1] == {"by": 0, "face_up": False, "card": None}


def test_S4_no_call_before_the_first_card_and_never_by_the_player_who_just_played():
    m = table([["1d", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"], ["5d", "rev", "trap"]])
    assert CALL not in m.legal_actions()
    before = m.state.to_json()
    with pytest.raises(IllegalActionError):
        m.apply("call")
    assert m.state.to_json() == before
    m.apply("1d up")
    # the window opens after the complete turn (the draw is done)
    assert sum(m.state.hands[0]) == 3
    assert m.state.poll == (1, 2, 3) and 0 not in m.state.poll
    assert m.legal_actions() == [CALL, PASS]
    asked = []
    while m.state.phase == CALLS:
        asked.append(m.current_player())
        m.apply("pass")
    assert asked == [1, 2, 3]
    assert m.current_player() == 1 and m.state.phase == PLAY
    m.apply("2d up")
    m.apply(CALL)  # seat 2 calls on 3 (an id works too)
    # new round: again no call before its first card
    assert m.state.round == 2 and m.state.phase == PLAY
    assert CALL not in m.legal_actions()
    with pytest.raises(IllegalActionError):
        m.apply("call")


def test_S5_priority_nearest_in_turn_order_first_call_wins():
    m = table([["1d", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"], ["5d", "rev", "trap"]])
    m.apply("1d up")
    assert m.current_player() == 1
    m.apply("pass")
    assert m.current_player() == 2
    m.apply("call")  # seat 3 is never asked
    r = resolution(m)
    assert r["caller"] == 2 and r["last_player"] == 0
    assert not any(e["kind"] == "pass" and e["player"] == 3 for e in m.events_for(None))


def test_S5_priority_follows_the_current_direction_after_reverse():
    m = table([["rev", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"], ["5d", "1d", "trap"]])
    m.apply("rev up")
    assert m.state.poll == (3, 2, 1)
    assert m.current_player() == 3
    m.apply("pass")
    m.apply("call")
    assert resolution(m)["caller"] == 2


def test_S6_default_no_call_between_the_two_x2_cards():
    m = table([["x2", "1s", "2s"], ["1d", "2d", "3d"], ["3s", "4s", "5s"], ["4d", "5d", "rev"]])
    turn(m, "x2 up")
    m.apply("1d up")
    assert m.state.phase == PLAY and m.current_player() == 1
    assert CALL not in m.legal_actions()
    m.apply("2d up")
    assert sum(m.state.hands[1]) == 3  # both draws done before the window
    assert m.state.phase == CALLS and m.state.last_player == 1 and m.state.poll == (2, 3, 0)
    m.apply("call")
    r = resolution(m)
    assert r["last_player"] == 1 and r["sum"] == 3


def test_S6_option_call_between_x2_cards_opens_a_window_after_each_card():
    opts = {"call_between_x2_cards": True}
    m = table([["x2", "1s", "2s"], ["1d", "2d", "3d"], ["3s", "4s", "5s"], ["4d", "5d", "rev"]],
              options=opts)
    turn(m, "x2 up")
    assert m.state.plays_required == 2
    m.apply("1d up")
    assert m.state.phase == CALLS and m.state.last_player == 1 and m.state.poll == (2, 3, 0)
    assert sum(m.state.hands[1]) == 3  # one card drawn after the first card
    assert m.view(2)["second_card_pending"] is True
    everyone_passes(m)
    assert m.state.phase == PLAY and m.current_player() == 1
    m.apply("2d up")
    assert m.state.phase == CALLS and sum(m.state.hands[1]) == 3
    assert m.view(2)["second_card_pending"] is False
    everyone_passes(m)
    assert m.current_player() == 2 and m.state.plays_required == 1


def test_S6_option_call_after_the_first_x2_card_ends_the_round():
    opts = {"call_between_x2_cards": True}
    m = table([["x2", "1s", "2s"], ["1d", "2d", "3d"], ["3s", "4s", "5s"], ["4d", "5d", "rev"]],
              options=opts)
    turn(m, "x2 up")
    m.apply("1d up")
    m.apply("call")  # seat 2 calls on 1
    r = resolution(m)
    assert r["caller"] == 2 and r["last_player"] == 1 and r["sum"] == 1
    assert m.state.victory[1] == 1 and m.state.penalty[2] == 1
    assert m.state.current == 1 and m.state.plays_required == 1


def test_S7_x2_played_under_x2_obliges_exactly_two_no_stacking():
    m = table([["x2", "1s", "2s"], ["x2", "x2", "3d"], ["1d", "2d", "4d"], ["4s", "5d", "rev"]])
    turn(m, "x2 up")
    m.apply("x2 up")
    m.apply("x2 up")
    everyone_passes(m)
    assert m.current_player() == 2 and m.state.plays_required == 2
    m.apply("1d up")
    assert m.state.phase == PLAY and m.current_player() == 2
    m.apply("2d up")
    assert m.state.phase == CALLS  # two cards, not three or four
    everyone_passes(m)
    assert m.current_player() == 3 and m.state.plays_required == 1


def test_S8_x2_then_reverse_in_the_same_double_turn_next_player_uses_final_direction():
    m = table([["x2", "1s", "2s"], ["x2", "rev", "3d"], ["1d", "2d", "4d"], ["4s", "5d", "3s"]])
    turn(m, "x2 up")
    m.apply("x2 up")
    m.apply("rev up")
    assert m.state.direction == -1 and m.state.poll == (0, 3, 2)
    everyone_passes(m)
    assert m.current_player() == 0 and m.state.plays_required == 2


def test_S8_reverse_inside_a_double_turn_sends_the_turn_back():
    m = table([["x2", "1s", "2s"], ["rev", "1d", "3d"], ["2d", "4d", "5d"], ["4s", "5s", "3s"]])
    turn(m, "x2 up")
    m.apply("rev up")
    m.apply("1d up")
    everyone_passes(m)
    assert m.current_player() == 0 and m.state.plays_required == 1


def test_S9_trash_face_up_as_first_card_of_a_round_only_discards_itself():
    m = table([["trash", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"],
               ["5d", "rev", "trap"]])
    m.apply("trash up")
    assert m.state.queue == []
    assert m.state.discard == [(K("trash"), True, 0)]
    assert m.state.phase == CALLS and m.state.last_player == 0


def test_S9_trash_after_another_trash_emptied_the_queue():
    m = table([["1d", "1s", "2s"], ["trash", "3s", "4s"], ["trash", "4d", "x2"],
               ["5d", "rev", "trap"]])
    turn(m, "1d up")
    turn(m, "trash up")
    m.apply("trash up")
    assert m.state.queue == []
    assert m.state.discard == [(K("1d"), True, 0), (K("trash"), True, 1), (K("trash"), True, 2)]
    assert m.state.last_player == 2


def test_S10_removed_x2_obligation_persists():
    # Seat 1, under x2, plays his own x2 then a Trash that removes it: seat 2 still plays two.
    m = table([["x2", "1s", "2s"], ["x2", "trash", "3d"], ["1d", "2d", "4d"], ["4s", "5d", "3s"]])
    turn(m, "x2 up")
    m.apply("x2 up")
    m.apply("trash up")
    assert m.state.queue == [(K("x2"), True, 0)]
    assert m.state.discard == [(K("x2"), True, 1), (K("trash"), True, 1)]
    everyone_passes(m)
    assert m.current_player() == 2 and m.state.plays_required == 2
    m.apply("1d up")
    assert m.state.phase == PLAY and m.current_player() == 2


def test_S10_trashing_the_x2_that_obliges_me_keeps_my_obligation():
    m = table([["x2", "1s", "2s"], ["trash", "1d", "3d"], ["2d", "4d", "5d"], ["4s", "5s", "3s"]])
    turn(m, "x2 up")
    m.apply("trash up")  # removes seat 0's x2
    assert m.state.queue == []
    assert m.state.phase == PLAY and m.current_player() == 1  # still a second card to play
    m.apply("1d up")
    assert m.state.phase == CALLS and sum(m.state.hands[1]) == 3


def test_S10_removed_face_down_trap_is_discarded_hidden_without_effect():
    m = table([["trap", "1s", "2s"], ["trash", "3s", "4s"], ["5d", "4d", "x2"],
               ["1d", "2d", "rev"]])
    turn(m, "trap down")
    turn(m, "trash up")
    assert m.state.discard == [(K("trap"), False, 0), (K("trash"), True, 1)]
    assert m.view(2)["discard"]["hidden"] == 1 and m.view(2)["discard"]["cards"] == ["trash"]
    assert m.view(0)["discard"]["hidden"] == 0 and m.view(0)["discard"]["cards"] == ["trash",
                                                                                     "trap"]
    m.apply("5d up")
    m.apply("call")  # seat 3 calls on 5
    s = m.state
    r = resolution(m)
    assert r["traps"] == [] and r["sum"] == 5
    assert s.victory == [0, 0, 1, 0] and s.penalty == [0, 0, 0, 1]
    # never revealed: still hidden to the other seats after the round
    assert (K("trap"), False, 0) in s.discard
    assert m.view(3)["discard"]["hidden"] == 1
    assert "'trap'" not in repr(m.events_for(3))


def test_S11_last_player_is_the_trash_player_even_if_his_trash_removed_itself():
    m = table([["1d", "1s", "2s"], ["trash", "3s", "4s"], ["5d", "4d", "x2"], ["2d", "3d", "rev"]])
    turn(m, "1d up")
    m.apply("trash up")
    assert m.state.queue == [] and m.state.last_player == 1 and m.state.poll == (2, 3, 0)
    m.apply("call")
    r = resolution(m)
    assert r["last_player"] == 1 and r["caller"] == 2 and r["sum"] == 0
    assert m.state.victory == [0, 1, 0, 0] and m.state.penalty == [0, 0, 1, 0]
    assert r["next_starter"] == 1 and m.state.current == 1


def _two_traps_then_call(options=None) -> Match:
    m = table([["trap", "1s", "2s"], ["trap", "3s", "4s"], ["5d", "4d", "x2"], ["1d", "2d", "rev"]],
              options=options)
    m.state.victory[3] = 2
    turn(m, "trap down")
    turn(m, "trap down")
    m.apply("5d up")
    assert m.current_player() == 3
    m.apply("call")  # seat 3 calls on 5: wrong, and two Traps are revealed
    return m


def test_S12_several_traps_each_give_a_victory_and_a_penalty_to_the_caller():
    m = _two_traps_then_call()
    s = m.state
    assert resolution(m)["traps"] == [0, 1]
    assert s.victory[:3] == [1, 1, 1]
    # caller: 3 Penalties one at a time: 1, then 2 -> 0 and a Victory lost, then 1
    assert s.victory[3] == 1 and s.penalty[3] == 1
    assert s.penalty[:3] == [0, 0, 0]


def test_S12_option_trap_penalty_cap_one():
    m = _two_traps_then_call({"trap_penalty_cap_one": True})
    s = m.state
    assert s.victory[:3] == [1, 1, 1]
    # caller: 1 Trap Penalty + 1 for the wrong call: 2 -> 0, one Victory lost
    assert s.victory[3] == 1 and s.penalty[3] == 0


def test_S12_two_traps_of_one_owner_give_him_one_victory_only():
    m = table([["trap", "trap", "5s"], ["1d", "3s", "4s"], ["2d", "4d", "x2"], ["3d", "5d", "rev"]])
    turn(m, "trap down")
    turn(m, "1d up")
    turn(m, "2d up")
    turn(m, "3d up")
    m.apply("trap down")  # seat 0 is also the last player
    m.apply("call")  # seat 1 calls on 6
    s = m.state
    assert resolution(m)["traps"] == [0, 0]
    assert s.victory[0] == 1 and s.penalty[0] == 0  # Trap, Trap and the round: one Victory
    assert s.victory[1] == 0 and s.penalty[1] == 1  # 3 Penalties: 1, 0, 1


def test_S12b_trap_owner_is_also_the_caller():
    # Seat 0 hides a Trap, then calls wrongly on 10: two Penalties first (one pair converted,
    # no Victory to lose), then his Trap Victory.
    m = table([["trap", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "4d", "x2"]])
    m.state.penalty[0] = 1
    turn(m, "trap down")
    turn(m, "5d up")
    m.apply("5d up")
    assert m.current_player() == 0
    m.apply("call")
    s = m.state
    assert s.victory[0] == 1 and s.penalty[0] == 1
    assert s.victory[2] == 1
    r = resolution(m)
    assert r["traps"] == [0] and r["next_starter"] == 2


def test_S12b_trap_owner_is_also_the_caller_and_calls_right():
    m = table([["trap", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "4d", "x2"], ["5d", "2d", "rev"]])
    turn(m, "trap down")
    turn(m, "5d up")
    turn(m, "5d up")
    m.apply("5d up")
    m.apply("call")  # seat 0 calls on 15: wrong again
    assert m.state.victory[0] == 1 and m.state.penalty[0] == 0  # two Penalties: 1 then 0
    assert m.state.victory[3] == 1


def test_S12b_trap_owner_is_the_last_player():
    # Seat 2 hides a Trap, then under x2 brings the sum to 17; seat 0 calls right.
    # Seat 2 (0 Victory, 1 Penalty): his Penalty first (pair converted), then one Victory.
    m = table([["5d", "5d", "1s"], ["5d", "x2", "2s"], ["trap", "1d", "1d"]],
              pile_top=["3s", "4s", "5s", "4d"])
    m.state.penalty[2] = 1
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "trap down")
    turn(m, "5d up")  # 15
    turn(m, "x2 up")
    m.apply("1d up")
    m.apply("1d up")  # 17
    assert m.state.last_player == 2 and m.current_player() == 0
    m.apply("call")
    s = m.state
    r = resolution(m)
    assert r["sum"] == 17 and r["traps"] == [2] and r["next_starter"] == 0
    assert s.victory[2] == 1 and s.penalty[2] == 0
    assert s.victory[0] == 1 and s.penalty[0] == 1  # right call, but the Trap's Penalty


def test_S12b_trap_owner_last_player_victory_capped():
    m = table([["5d", "1s", "2s"], ["5d", "3s", "4s"], ["5d", "4d", "x2"], ["trap", "2d", "rev"]])
    m.state.victory[3] = 1
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "5d up")
    m.apply("trap down")
    m.apply("call")  # seat 0 calls on 15: wrong
    s = m.state
    assert s.victory[3] == 2 and s.phase == PLAY  # one Victory, not two: no win
    assert s.victory[0] == 0 and s.penalty[0] == 0  # two Penalties: 1 then 0


def test_S13_direction_resets_to_clockwise_each_round():
    m = table([["rev", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"], ["5d", "1d", "trap"]])
    m.apply("rev up")
    m.apply("call")  # seat 3 calls on 0
    assert m.state.round == 2 and m.state.current == 0
    assert m.state.direction == 1
    m.apply("1s up")
    assert m.state.poll == (1, 2, 3)


def test_S13_option_direction_persists():
    m = table([["rev", "1s", "2s"], ["2d", "3s", "4s"], ["3d", "4d", "x2"], ["5d", "1d", "trap"]],
              options={"direction_persists": True})
    m.apply("rev up")
    m.apply("call")
    assert m.state.round == 2 and m.state.current == 0
    assert m.state.direction == -1
    m.apply("1s up")
    assert m.state.poll == (3, 2, 1)


def test_S14_next_starter_is_the_last_player_not_a_trap_owner():
    m = table([["trap", "1s", "2s"], ["5d", "3s", "4s"], ["5s", "4d", "x2"], ["1d", "2d", "rev"]])
    turn(m, "trap down")
    m.apply("5d up")
    m.apply("call")  # seat 2 calls on 5
    s = m.state
    assert s.victory[:2] == [1, 1]
    assert resolution(m)["next_starter"] == 1 and s.current == 1


def test_S14_next_starter_even_if_the_cap_prevented_his_token():
    m = table([["5d", "1s", "2s"], ["trap", "3s", "4s"], ["5s", "4d", "x2"], ["1d", "2d", "rev"]])
    m.state.victory[1] = 1
    turn(m, "5d up")
    m.apply("trap down")
    m.apply("call")  # seat 2 calls on 5
    s = m.state
    assert s.victory[1] == 2  # the Trap's Victory and the round's: one
    assert resolution(m)["next_starter"] == 1 and s.current == 1


def test_S14_next_starter_is_the_caller_when_17_is_reached():
    m = table([["5d", "trap", "1s"], ["5d", "3s", "4s"], ["5d", "4d", "x2"], ["2d", "1d", "rev"]])
    turn(m, "trap down")
    turn(m, "5d up")
    turn(m, "5d up")
    turn(m, "2d up")
    turn(m, "5d up")  # 17, seat 0 is last
    assert m.state.phase == PLAY  # everybody passed: seat 1 plays
    m.apply("3s up")  # 20, seat 1 last
    m.apply("pass")  # seat 2
    m.apply("call")  # seat 3
    r = resolution(m)
    assert r["reached"] and r["next_starter"] == 3 and m.state.current == 3
    assert m.state.victory[0] == 1  # his Trap


def test_S15_draws_what_it_can_when_pile_and_discard_are_empty():
    # 8 cards: 1d 1d 2d 3d 4d 5d x2 x2; the pile holds 1d (top) and x2.
    m = table([["x2", "1d", "2d"], ["3d", "4d", "5d"]], pile_top=["1d", "x2"], options=TINY8)
    turn(m, "x2 up")  # seat 0 draws the 1d
    start = len(m.events)
    m.apply("3d up")
    m.apply("4d up")  # two to draw, only the x2 is left
    assert hand(m, 1) == ["5d", "x2"]
    assert m.state.pile == [] and m.state.discard == []
    assert [e["kind"] for e in m.events_for(1, start)].count("draw") == 1
    assert m.state.phase == CALLS and m.state.last_player == 1


def _s15_exhausted() -> Match:
    # 7 cards: 1d 2d 3d 4d 5d x2 x2; seat 1 starts; the pile holds only the 5d.
    m = table([["1d", "2d", "3d"], ["4d", "x2", "x2"]], pile_top=["5d"], starter=1, options=TINY7)
    turn(m, "x2 up")  # seat 1 draws the last card
    turn(m, "1d up", "2d up")  # nothing to draw
    turn(m, "x2 up")
    turn(m, "3d up")  # seat 0 had one card for two plays
    assert hand(m, 0) == [] and hand(m, 1) == ["4d", "5d"]
    m.apply("4d up")
    assert m.legal_actions() == [CALL, PASS]  # seat 1 still holds the 5d
    m.apply("pass")  # seat 0
    return m


def test_S15_player_with_no_card_skips_the_play_and_the_window_opens():
    m = _s15_exhausted()
    s = m.state
    # seat 0 has no card: his turn is skipped, the call window opens
    assert s.phase == CALLS and s.last_player == 0 and s.poll == (1,)
    assert {"kind": "skip", "player": 0} in m.events_for(None)
    assert len(s.queue) == 6  # nothing added by the skipped turn
    assert m.legal_actions() == [CALL, PASS]  # seat 1 still holds a card
    m.apply("pass")
    assert m.current_player() == 1 and s.phase == PLAY


def test_S15_forced_call_when_nobody_holds_a_card_and_nothing_can_be_drawn():
    m = _s15_exhausted()
    m.apply("pass")
    m.apply("5d up")  # the last card in play
    s = m.state
    assert s.poll == (0,) and m.current_player() == 0
    assert m.legal_actions() == [CALL]
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        m.apply("pass")
    assert m.state.to_json() == before
    m.apply("call")
    r = resolution(m)
    assert r["sum"] == 15 and r["caller"] == 0 and r["last_player"] == 1
    assert m.state.victory == [0, 1] and m.state.penalty == [1, 0]


def test_S16_no_token_supply_limit():
    # Six players at 2 Victories each (12 in play); four Traps and the round push 15 out.
    m = table([["trap", "1s", "2s"], ["trap", "3s", "4s"], ["trap", "5s", "2d"],
               ["trap", "3d", "4d"], ["1d", "5d", "x2"], ["rev", "trash", "1s"]])
    m.state.victory[:] = [2] * 6
    for _ in range(4):
        turn(m, "trap down")
    m.apply("1d up")
    assert m.current_player() == 5
    m.apply("call")  # seat 5 calls on 1
    s = m.state
    assert s.victory == [3, 3, 3, 3, 3, 0] and sum(s.victory) == 15 > 14
    # seat 5: 5 Penalties one at a time: 1, 0 (V 1), 1, 0 (V 0), 1
    assert s.penalty == [0, 0, 0, 0, 0, 1]
    assert s.phase == OVER and s.winners() == [0, 1, 2, 3, 4]
    assert s.returns() == pytest.approx([0.2] * 5 + [0.0])


def test_S17_specials_are_worth_zero_face_up_or_down():
    m = table([["5d", "5d", "1s"], ["trap", "rev", "2s"], ["5d", "trash", "3s"],
               ["x2", "1d", "4s"]])
    turn(m, "5d up")
    turn(m, "trap down")
    turn(m, "5d up")
    turn(m, "x2 down")  # no effect face down
    assert m.state.plays_required == 1
    turn(m, "5d up")
    turn(m, "rev down")  # no effect face down
    assert m.state.direction == 1
    turn(m, "trash down")  # no effect face down
    assert len(m.state.queue) == 7
    m.apply("1d up")  # 16
    m.apply("call")  # seat 0 calls
    r = resolution(m)
    assert r["sum"] == 16 and not r["reached"]
    assert m.state.victory[3] == 1 and m.state.victory[1] == 1  # round, and the Trap
    assert m.state.victory[0] == 0 and m.state.penalty[0] == 0  # 2 Penalties: 1 then 0


def test_S17_face_up_trap_has_no_effect_and_counts_zero():
    m = table([["trap", "1s", "2s"], ["5d", "3s", "4s"], ["5s", "4d", "x2"], ["1d", "2d", "rev"]])
    turn(m, "trap up")
    m.apply("5d up")
    m.apply("call")
    r = resolution(m)
    assert r["traps"] == [] and r["sum"] == 5
    assert m.state.victory == [0, 1, 0, 0] and m.state.penalty == [0, 0, 1, 0]


def test_S18_two_players_reverse_changes_nothing_x2_forces_opponent():
    m = table([["rev", "x2", "1d"], ["2d", "3d", "4d"]])
    m.apply("rev up")
    assert m.state.direction == -1 and m.state.poll == (1,)
    everyone_passes(m)
    assert m.current_player() == 1
    turn(m, "2d up")
    assert m.current_player() == 0
    turn(m, "x2 up")
    assert m.current_player() == 1 and m.state.plays_required == 2
    m.apply("3d up")
    assert m.state.phase == PLAY and m.current_player() == 1
    m.apply("4d up")
    assert m.state.phase == CALLS and m.state.poll == (0,)


def test_S19_call_right_after_x2_cancels_the_obligation():
    m = table([["x2", "1d", "2d"], ["3d", "4d", "5d"], ["1s", "2s", "3s"], ["4s", "5s", "rev"]])
    m.apply("x2 up")
    assert m.state.next_plays_required == 2
    m.apply("call")  # seat 1 calls on 0
    s = m.state
    assert s.round == 2 and s.current == 0
    assert s.plays_required == 1 and s.next_plays_required == 1
    m.apply("1d up")
    assert s.phase == CALLS
    everyone_passes(m)
    assert m.current_player() == 1 and s.plays_required == 1


def test_S20_two_penalties_at_once_converted_one_at_a_time():
    m = table([["trap", "1s", "2s"], ["1d", "3s", "4s"], ["5s", "4d", "x2"], ["2d", "3d", "rev"]])
    m.state.victory[2] = 2
    turn(m, "trap down")
    m.apply("1d up")
    m.apply("call")  # seat 2: Trap Penalty + wrong call
    assert m.state.victory[2] == 1 and m.state.penalty[2] == 0


def test_S20_three_penalties_convert_twice():
    m = table([["trap", "1s", "2s"], ["trap", "3s", "4s"], ["1d", "4d", "x2"], ["2d", "3d", "rev"]])
    m.state.victory[3] = 2
    m.state.penalty[3] = 1
    turn(m, "trap down")
    turn(m, "trap down")
    m.apply("1d up")
    m.apply("call")  # seat 3: 2 Trap Penalties + wrong call
    # 1 -> 2 (V 1, P 0) -> 1 -> 2 (V 0, P 0)
    assert m.state.victory[3] == 0 and m.state.penalty[3] == 0


def test_S20_penalty_pair_with_no_victory_loses_nothing_more():
    m = table([["trap", "1s", "2s"], ["1d", "3s", "4s"], ["5s", "4d", "x2"], ["2d", "3d", "rev"]])
    turn(m, "trap down")
    m.apply("1d up")
    m.apply("call")
    assert m.state.victory[2] == 0 and m.state.penalty[2] == 0


# ======================================================= information model
def test_double_faced_cards_in_hands_are_public_with_hand_backs_public():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5s"], ["3d", "4s", "x2"], ["5d", "rev", "1s"]])
    other = m.view(1)["hands"][0]
    assert other == {"size": 3, "doubles": ["4d"]}
    own = m.view(0)["hands"][0]
    assert own["cards"] == ["3s", "4d", "trap"] and own["doubles"] == ["4d"]
    assert m.view(None)["hands"][1]["doubles"] == ["1d", "2d"]


def test_double_faced_cards_in_hands_are_hidden_without_hand_backs_public():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5s"], ["3d", "4s", "x2"], ["5d", "rev", "1s"]],
              options={"hand_backs_public": False})
    assert m.view(1)["hands"][0] == {"size": 3}
    assert m.view(None)["hands"][1] == {"size": 3}
    own = m.view(0)["hands"][0]
    assert own["cards"] == ["3s", "4d", "trap"]


def test_pile_top_double_faced_value_is_public():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5s"], ["3d", "4s", "x2"], ["5d", "rev", "1s"]],
              pile_top=["2d", "trap"])
    assert all(m.view(p)["pile"]["top"] == "2d" for p in (None, 0, 1, 2, 3))
    m.apply("3s up")  # seat 0 draws the 2d; the Trap is on top now
    assert all(m.view(p)["pile"]["top"] is None for p in (None, 0, 1, 2, 3))


def test_face_down_cards_in_the_queue_what_each_seat_sees():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5s"], ["3d", "4s", "x2"], ["5d", "rev", "1s"]])
    turn(m, "3s down")
    turn(m, "2d down")
    m.apply("x2 down")
    owner0 = [c["card"] for c in m.view(0)["queue"]]
    owner2 = [c["card"] for c in m.view(2)["queue"]]
    other = [c["card"] for c in m.view(3)["queue"]]
    spectator = [c["card"] for c in m.view(None)["queue"]]
    assert owner0 == ["3s", "2d", None]
    assert owner2 == [None, "2d", "x2"]
    assert other == spectator == [None, "2d", None]


def test_events_read_by_another_seat_hide_face_down_and_drawn_cards():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5d"], ["3d", "5s", "x2"], ["5d", "rev", "1s"]],
              pile_top=["4s", "2s"])
    m.apply("3s down")  # seat 0 draws the 4s
    play0 = [e for e in m.events_for(1) if e["kind"] == "play"][-1]
    assert play0 == {"kind": "play", "player": 0, "face_up": False, "card": None}
    draw0 = [e for e in m.events_for(1) if e["kind"] == "draw"][-1]
    assert draw0["player"] == 0 and draw0["back"] is None and "card" not in draw0
    for seat in (1, 2, 3, None):
        seen = repr(m.events_for(seat))
        assert "'3s'" not in seen and "'4s'" not in seen and "'trap'" not in seen
    own = m.events_for(0)
    assert [e for e in own if e["kind"] == "play"][-1]["card"] == "3s"
    assert [e for e in own if e["kind"] == "draw"][-1]["card"] == "4s"
    everyone_passes(m)
    m.apply("2d down")  # a double-faced card face down: its value is public
    assert [e for e in m.events_for(3) if e["kind"] == "play"][-1]["card"] == "2d"
    assert [e for e in m.events_for(3) if e["kind"] == "draw"][-1]["back"] is None  # drew a 2s


def test_drawing_a_double_faced_card_shows_its_back_to_others():
    m = table([["3s", "4d", "trap"], ["1d", "2d", "5d"], ["3d", "5s", "x2"], ["5d", "rev", "1s"]],
              pile_top=["4d"])
    m.apply("3s up")
    draw0 = [e for e in m.events_for(2) if e["kind"] == "draw"][-1]
    assert draw0["back"] == "4d"


# ================================================================== errors
def test_error_card_not_in_hand_names_the_legal_moves_and_changes_nothing():
    m = table([["1d", "2d", "3d"], ["1s", "2s", "3s"], ["4d", "5d", "x2"], ["4s", "5s", "rev"]])
    before = m.state.to_json()
    with pytest.raises(IllegalActionError) as err:
        m.apply("5s up")
    message = str(err.value)
    assert "Legal moves" in message and "1d up" in message and "3d down" in message
    assert m.state.to_json() == before
    with pytest.raises(IllegalActionError):
        m.apply(2 * K("trap") + 1)  # by id
    assert m.state.to_json() == before and m.actions == []


def test_error_call_outside_the_call_window_names_the_legal_moves():
    m = table([["1d", "2d", "3d"], ["1s", "2s", "3s"], ["4d", "5d", "x2"], ["4s", "5s", "rev"]])
    before = m.state.to_json()
    with pytest.raises(IllegalActionError) as err:
        m.apply("call")
    assert "1d up" in str(err.value)
    assert m.state.to_json() == before
    m.apply("1d up")
    during = m.state.to_json()
    with pytest.raises(IllegalActionError) as err:
        m.apply("1s up")  # a play is not legal in the call window
    assert "call, pass" in str(err.value)
    assert m.state.to_json() == during


def test_error_unknown_text_names_the_accepted_forms():
    m = table([["1d", "2d", "3d"], ["1s", "2s", "3s"], ["4d", "5d", "x2"], ["4s", "5s", "rev"]])
    before = m.state.to_json()
    for text in ("banana", "1d sideways", ""):
        with pytest.raises(NotationError) as err:
            m.apply(text)
        assert "call" in str(err.value) and "pass" in str(err.value)
    with pytest.raises(NotationError, match="there is no card 7s"):  # a card, of no kind
        m.apply("7s up")
    assert m.state.to_json() == before


@pytest.mark.parametrize("players", [1, 7])
def test_error_wrong_player_count(players):
    with pytest.raises(PlayerCountError) as err:
        Match(GAME, players, {}, seed=1)
    assert "2" in str(err.value) and "6" in str(err.value)


def test_error_unknown_option():
    with pytest.raises(OptionError) as err:
        Match(GAME, 4, {"jokers": True}, seed=1)
    assert "hand_backs_public" in str(err.value)


def test_view_of_a_seat_outside_the_game_is_refused_clearly():
    """Issue 14: a reader is a seat 0..players-1 or None (a spectator); anything else gets
    a clear error, never another seat's view."""
    from ludotheque.core.errors import NoSuchSeatError

    state = Match(GAME, 4, seed=1).state
    for bad in (-1, 4, 99, "1", True, 1.0):
        with pytest.raises(NoSuchSeatError) as error:
            state.view(bad)
        assert "0 to 3" in error.value.message("en") and "0 à 3" in error.value.message("fr")
    assert state.view(None)["seat"] is None
