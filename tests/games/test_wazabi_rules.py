"""Wazabi: rule scenarios (rules file section 1, rulings W1-W22).

Every scenario deals known hands with a scripted deck: seat p receives the
cards written for it, the draw pile starts with the cards written as its top
(top first), and the rest of the pile follows in kind order. The starting roll
gives the starter all W and the others all Draw faces. Rolls are written as
letters: W (wazabi), D (draw a card), G (give a die). Seats are 0..n-1
clockwise; the notation numbers them p1..pn.
"""

from __future__ import annotations

import json
import random

import pytest

import ludotheque.games.wazabi  # noqa: F401  (registers the game)
from ludotheque.core import (
    ChanceError,
    IllegalActionError,
    NotationError,
    OptionError,
    Pick,
    Roll,
    SeededChance,
    Shuffle,
    SnapshotError,
    get_game,
)
from ludotheque.core.errors import NoSuchSeatError
from ludotheque.games.wazabi.components import (
    CODES,
    COPIES,
    COST,
    FACE,
    GIVE,
    KIND_OF_CODE,
    NUM_KINDS,
    W,
    deck,
    roll_counts,
)
from ludotheque.games.wazabi.components import DRAW as DRAW_FACE
from ludotheque.games.wazabi.rules import (
    DIRECTION,
    KEEP,
    OVER,
    PICK,
    PLAY,
    RESHUFFLE,
    ROLL,
    START,
    TAKE,
)
from ludotheque.games.wazabi.rules import GIVE as GIVE_PHASE

GAME = get_game("wazabi")
LETTER = {"W": 0, "D": 3, "G": 5}


def faces(text: str) -> tuple[int, ...]:
    return tuple(LETTER[c] for c in text.replace(" ", ""))


def deal_outcome(hands, pile_top=()) -> tuple[int, ...]:
    """The whole shuffled deck, top first: the hands, then the pile top, then the rest.
    Each DULL hand is replaced by the next of DULL_HANDS (cards of cost 2-3 that the
    scenario never plays)."""
    dull = iter(DULL_HANDS)
    hands = [list(next(dull)) if hand is DULL else hand for hand in hands]
    rest = list(deck())
    given = [card for hand in hands for card in hand] + list(pile_top)
    for hand in hands:
        assert len(hand) == 3, "a scenario hand must have exactly 3 cards"
    for card in given:
        rest.remove(KIND_OF_CODE[card])
    return tuple(KIND_OF_CODE[c] for c in given) + tuple(rest)


class Table:
    """A state driven step by step: scripted chance outcomes and decisions as text."""

    def __init__(self, hands, pile_top=(), starter=0, options=None, dice=None):
        n = len(hands)
        self.state = GAME.new_state(n, options or {})
        self.events = []
        self.state.apply_chance(deal_outcome(hands, pile_top), self.events)
        per = self.state.options["dice_per_player"]
        start = tuple(W if seat == starter else 3 for seat in range(n) for _ in range(per))
        self.state.apply_chance(start, self.events)
        if dice is not None:
            self.set_dice(dice)

    def set_dice(self, dice):
        """Dice counts for a scenario; the difference counts as dice removed earlier."""
        state = self.state
        total = state.num_players * state.options["dice_per_player"]
        assert sum(dice) <= total
        state.dice = list(dice)
        state.removed = total - sum(dice)

    def roll(self, text):
        self.state.apply_chance(faces(text), self.events)

    def chance(self, outcome):
        self.state.apply_chance(outcome, self.events)

    def do(self, *moves):
        for move in moves:
            self.state.apply_action(GAME.parse_action(move, self.state), self.events)

    def legal(self):
        return [GAME.action_to_text(a) for a in self.state.legal_actions()]

    def hand(self, seat):
        counts = self.state.hands[seat]
        return [CODES[k] for k in range(NUM_KINDS) for _ in range(counts[k])]

    def seen(self, seat, kind=None):
        return [e.for_player(seat) for e in self.events if kind is None or e.kind == kind]

    def check(self):
        self.state.check_invariants()


# A hand of three cards nobody plays in a scenario: DULL stands for the next of these.
DULL = ["dull"]
DULL_HANDS = (["remove2", "remove2", "give1"], ["remove2", "remove2", "give1"],
              ["passdice", "passdice", "keep2"], ["keep2", "keep2", "keep2"])


# ---------------------------------------------------------------- components
def test_W1_each_die_has_three_w_two_draw_and_one_give_faces():
    assert FACE.count(W) == 3 and FACE.count(DRAW_FACE) == 2 and FACE.count(GIVE) == 1
    assert roll_counts(faces("WWDDG")) == (2, 2, 1)
    t = Table([DULL, DULL])
    assert t.state.chance_spec() == Roll(4, 6, label="roll")  # the starter rolls 4 dice


def test_W2_card_costs_of_the_2007_edition():
    assert dict(zip(CODES, COST)) == {
        "remove1": 1, "passdice": 2, "remove2": 3, "give1": 3, "steal": 1, "keep1": 1,
        "draw3": 1, "keep2": 2, "skip": 0, "replay": 0}


def test_W3_copy_counts_make_36_cards_and_no_2019_card():
    assert dict(zip(CODES, COPIES)) == {
        "remove1": 7, "passdice": 3, "remove2": 5, "give1": 3, "steal": 3, "keep1": 4,
        "draw3": 3, "keep2": 4, "skip": 2, "replay": 2}
    assert len(deck()) == 36 and NUM_KINDS == 10
    state = GAME.new_state(4)
    assert state.chance_spec() == Shuffle(deck(), label="deal")


def test_setup_deals_four_dice_and_three_cards_each():
    t = Table([DULL, ["remove1"] * 3, ["steal"] * 3, ["skip", "replay", "draw3"]])
    assert t.state.dice == [4, 4, 4, 4]
    assert [len(t.hand(s)) for s in range(4)] == [3, 3, 3, 3]
    assert len(t.state.pile) == 36 - 12 and not t.state.discard
    assert t.state.direction == 1  # clockwise
    t.check()


# ---------------------------------------------------------------- first player
def test_W5_the_player_with_most_w_starts_and_rolls_afresh():
    state = GAME.new_state(3)
    state.apply_chance(deal_outcome([DULL, DULL, DULL]))
    assert state.phase == START and state.chance_spec() == Roll(12, 6, label="start roll")
    state.apply_chance(faces("WDDD" "WWDG" "WWWD"))  # seat 2 rolls 3 W
    assert state.current == 2 and state.phase == ROLL
    assert state.chance_spec() == Roll(4, 6, label="roll")  # a fresh roll starts the turn


def test_W6_tied_players_roll_again_until_one_has_most_w():
    state = GAME.new_state(3)
    state.apply_chance(deal_outcome([DULL, DULL, DULL]))
    events = []
    state.apply_chance(faces("WWDD" "DDDD" "WWGD"), events)  # seats 0 and 2 tie with 2 W
    assert state.phase == START and state.contenders == (0, 2)
    assert events[-1].public["tied"] == [0, 2]
    assert state.chance_spec() == Roll(8, 6, label="start roll")
    state.apply_chance(faces("WDDD" "WWWW"))
    assert state.phase == ROLL and state.current == 2


# ---------------------------------------------------------------- a turn
def test_W7_draw_then_give_then_play_a_card_drawn_this_turn():
    t = Table([DULL, DULL, DULL], pile_top=["remove1"])
    t.roll("WDGW")
    kinds = [e.kind for e in t.events[-2:]]
    assert kinds == ["roll", "draw"]
    assert t.hand(0) == ["remove1", "remove2", "remove2", "give1"]  # kind order
    assert t.state.phase == GIVE_PHASE
    t.do("give p2")
    assert t.state.phase == PLAY
    assert "play remove1" in t.legal()  # drawn this turn, playable this turn
    t.do("play remove1")
    assert t.state.dice == [2, 5, 4]


def test_W8_drawing_and_giving_are_compulsory_only_playing_is_optional():
    t = Table([DULL, DULL, DULL])
    t.roll("GWWW")
    assert t.legal() == ["give p2", "give p3"]  # no way to keep the die
    t.do("give p3")
    assert "pass" in t.legal()
    t.do("pass")
    assert t.state.phase == ROLL and t.state.current == 1


def test_W9_each_give_die_goes_to_another_player_of_your_choice():
    t = Table([DULL, DULL, DULL, DULL])
    t.roll("GGWD")
    assert t.legal() == ["give p2", "give p3", "give p4"]  # never yourself
    t.do("give p2", "give p4")
    assert t.state.dice == [2, 5, 4, 5]
    assert [(e.public["to"], e.public["dice"]) for e in t.events if e.kind == "give"] == [(1, 3),
                                                                                          (3, 2)]


def test_W9_with_two_players_the_only_recipient_gets_the_die_at_once():
    t = Table([DULL, DULL])
    t.roll("GWWW")
    assert t.state.dice == [3, 5] and t.state.phase == PLAY
    assert t.state.decisions == 0


def test_W10_w_faces_are_a_threshold_not_spent():
    t = Table([["remove2", "passdice", "remove1"], DULL, DULL])
    t.roll("WWDD")
    assert "play passdice" in t.legal() and "play remove1" in t.legal()
    assert "play remove2" not in t.legal()  # costs 3
    t.do("play remove1")  # one card per turn: the turn ends
    assert t.state.current == 1 and t.state.phase == ROLL


def test_W4_remove_one_die_is_forbidden_with_two_give_faces():
    t = Table([["remove1", "steal", "skip"], DULL, DULL])
    t.roll("WWGG")
    t.do("give p2", "give p3")
    assert "play remove1" not in t.legal() and "play steal" in t.legal()
    t2 = Table([["remove1", "steal", "skip"], DULL, DULL])
    t2.roll("WWGD")
    t2.do("give p2")
    assert "play remove1" in t2.legal()


def test_play_is_asked_even_when_no_card_is_affordable():
    # Whether a player could play is hidden: the decision is asked anyway.
    t = Table([DULL, DULL])
    t.roll("DDDD")
    assert t.state.phase == PLAY and t.legal() == ["pass"]


def test_a_player_without_cards_does_not_decide():
    t = Table([DULL, DULL])
    t.state.hands[0] = [0] * NUM_KINDS
    t.state.discard.extend([KIND_OF_CODE["remove2"]] * 2 + [KIND_OF_CODE["give1"]])
    t.roll("WWWW")
    assert t.state.current == 1 and t.state.phase == ROLL
    assert t.events[-2].kind == "no_card"


# ---------------------------------------------------------------- empty pile
def test_empty_pile_reshuffles_the_discard():
    t = Table([DULL, DULL])
    t.state.discard = t.state.pile[:]
    t.state.pile = []
    t.roll("DWWW")
    assert t.state.phase == RESHUFFLE
    spec = t.state.chance_spec()
    assert isinstance(spec, Shuffle) and sorted(spec.items) == sorted(t.state.discard)
    order = list(spec.items)
    order.remove(KIND_OF_CODE["draw3"])
    t.chance((KIND_OF_CODE["draw3"], *order))  # top first
    assert "draw3" in t.hand(0) and not t.state.discard
    assert t.state.phase == PLAY


def test_W14_empty_pile_and_discard_take_a_blind_card_from_an_opponent():
    t = Table([DULL, ["steal", "skip", "replay"], ["draw3", "keep1", "keep2"]])
    t.state.discard, t.state.pile = [], []
    # Put the rest of the deck out of reach: in seat 2's hand (a big hand, W21).
    t.state.hands[2] = [COPIES[k] - t.state.hands[0][k] - t.state.hands[1][k]
                        for k in range(NUM_KINDS)]
    t.check()
    t.roll("DWWW")
    assert t.state.phase == TAKE and t.legal() == ["take p2", "take p3"]
    t.do("take p2")
    assert t.state.phase == PICK and t.state.chance_spec() == Pick(3, label="blind card")
    t.chance(1)  # the second card of seat 1's hand in kind order: skip
    assert t.hand(1) == ["steal", "replay"] and "skip" in t.hand(0)
    take = [e for e in t.events if e.kind == "take"][-1]
    assert take.for_player(0)["card"] == "skip"  # the taker sees it
    assert take.for_player(1)["card"] == "skip"  # the victim knows what he lost
    assert "card" not in take.for_player(2) and "card" not in take.for_player(None)
    assert t.state.phase == PLAY


def test_W14_nothing_to_draw_anywhere_the_draw_is_lost():
    t = Table([DULL, DULL])
    t.state.hands[0] = list(COPIES)  # every card in seat 0's hand
    t.state.hands[1] = [0] * NUM_KINDS
    t.state.pile, t.state.discard = [], []
    t.check()
    t.roll("DDWW")
    assert any(e.kind == "no_draw" and e.public["count"] == 2 for e in t.events)
    assert t.state.phase == PLAY


# ---------------------------------------------------------------- card effects
def test_remove_cards_take_dice_out_of_the_game():
    t = Table([["remove2", "remove1", "skip"], DULL, DULL])
    t.roll("WWWD")
    t.do("play remove2")
    assert t.state.dice == [2, 4, 4] and t.state.removed == 2
    assert t.state.discard == [KIND_OF_CODE["remove2"]]


def test_all_pass_their_dice_left_or_right():
    for side, expected in (("left", [1, 4, 3, 2]), ("right", [3, 2, 1, 4])):
        t = Table([["passdice", "skip", "skip"], DULL, DULL, DULL], dice=[4, 3, 2, 1])
        t.roll("WWDD")
        t.do("play passdice")
        assert t.state.phase == DIRECTION and t.legal() == ["left", "right"]
        t.do(side)
        assert t.state.dice == expected, side
        t.check()


def test_all_pass_with_two_players_is_a_swap_without_a_choice():
    t = Table([["passdice", "skip", "skip"], DULL], dice=[4, 2])
    t.roll("WWDD")
    t.do("play passdice")
    assert t.state.dice == [2, 4] and t.state.current == 1


def test_give_one_die_card_to_any_other_player():
    t = Table([["give1", "skip", "skip"], DULL, DULL])
    t.roll("WWWG")
    t.do("give p2")  # the GIVE face
    t.do("play give1")
    assert t.legal() == ["give p2", "give p3"]
    t.do("give p3")
    assert t.state.dice == [2, 5, 5]


def test_W11_take_one_card_targets_an_opponent_holding_cards():
    t = Table([["steal", "skip", "skip"], DULL, DULL])
    t.state.hands[1] = [0] * NUM_KINDS  # seat 1 has no card
    t.state.discard.extend([KIND_OF_CODE["remove2"]] * 2 + [KIND_OF_CODE["give1"]])
    t.roll("WDDD")
    t.do("play steal")
    # Seat 2 is the only opponent with cards: the choice is forced and public.
    assert t.state.phase == PICK and t.state.take_from == 2
    t.chance(0)
    assert t.hand(2) == ["remove2", "give1"] and t.hand(0).count("remove2") == 1


def test_W11_take_one_card_draws_from_the_pile_if_nobody_has_a_card():
    t = Table([["steal", "skip", "skip"], DULL], pile_top=["replay"])
    t.state.discard.extend(KIND_OF_CODE[c] for c in DULL_HANDS[0])
    t.state.hands[1] = [0] * NUM_KINDS
    t.roll("WWWW")
    t.do("play steal")
    assert "replay" in t.hand(0)
    assert any(e.kind == "steal_none" for e in t.events)


def test_W12_keep_one_and_skip_target_opponents_only():
    t = Table([["keep1", "skip", "remove2"], DULL, DULL])
    t.roll("WDDD")
    t.do("play skip")
    assert t.legal() == ["target p2", "target p3"]
    t2 = Table([["keep1", "skip", "remove2"], DULL, DULL])
    t2.roll("WDDD")
    t2.do("play keep1")
    assert t2.legal() == ["target p2", "target p3"]


def test_W13_keep_one_needs_an_opponent_with_two_cards_or_more():
    t = Table([["keep1", "skip", "remove2"], DULL, DULL])
    t.state.discard.extend(KIND_OF_CODE[c] for c in ["remove2", "remove2", "give1", "remove2"])
    t.state.hands[1] = [0] * NUM_KINDS
    t.state.hands[2] = [0] * NUM_KINDS
    t.state.hands[2][KIND_OF_CODE["give1"]] = 1
    t.roll("WWWW")
    assert "play keep1" not in t.legal() and "play skip" in t.legal()


def test_keep_one_the_target_chooses_which_card_he_keeps():
    t = Table([["keep1", "skip", "remove2"], ["steal", "skip", "replay"], DULL])
    t.roll("WDDD")
    t.do("play keep1", "target p2")
    assert t.state.phase == KEEP and t.state.current_player() == 1
    assert t.legal() == ["keep steal", "keep skip", "keep replay"]
    t.do("keep replay")
    assert t.hand(1) == ["replay"]
    # The two others, then the card played, go to the discard; seat 1's turn comes.
    assert t.state.discard[-3:] == [KIND_OF_CODE[c] for c in ["steal", "skip", "keep1"]]
    assert t.state.current == 1 and t.state.phase == ROLL


def test_keep_two_others_choose_in_turn_order_and_in_secret():
    t = Table([["keep2", "skip", "skip"], ["steal", "replay", "remove1"],
               ["draw3", "keep1", "remove1"],
               DULL], pile_top=["remove2", "give1"])
    t.roll("WWDD")  # seat 0 draws two: 5 cards
    t.do("play keep2")
    # Seats 1, 2, 3 hold 3 cards each (more than 2): they keep two each, from seat 1 on.
    assert t.state.keepers == (1, 2, 3)
    assert t.state.current_player() == 1
    t.do("keep remove1")
    # Nobody else learns which card is set aside.
    view = t.state.view(2)
    assert view["keeping"] == {"player": 1, "count": 2, "chosen": 1, "waiting": [2, 3]}
    assert view["hands"][1]["size"] == 3
    assert t.state.view(1)["keeping"]["cards"] == ["remove1"]
    assert "card" not in t.events[-1].for_player(2)
    assert t.events[-1].for_player(1)["card"] == "remove1"
    t.do("keep replay")
    assert t.hand(1) == ["remove1", "replay"] and t.state.current_player() == 2
    t.do("keep draw3", "keep remove1", "keep give1", "keep remove2")
    assert t.hand(2) == ["remove1", "draw3"]
    assert t.hand(3) == ["remove2", "give1"] and t.hand(0) == ["remove2", "give1", "skip", "skip"]
    assert t.state.current == 1 and t.state.phase == ROLL
    t.check()


def test_draw_three_cards():
    t = Table([["draw3", "skip", "skip"], DULL], pile_top=["remove1", "remove1", "steal"])
    t.roll("WWWW")
    t.do("play draw3")
    assert sorted(t.hand(0)) == sorted(["skip", "skip", "remove1", "remove1", "steal"])


def test_the_card_played_goes_to_the_discard_only_after_its_effect():
    # Draw 3 with an empty pile: the discard is reshuffled, but not the Draw 3 itself.
    t = Table([["draw3", "skip", "skip"], DULL])
    t.state.discard = t.state.pile[:3]
    rest = t.state.pile[3:]
    t.state.hands[1] = [a + b for a, b in zip(t.state.hands[1],
                                              [rest.count(k) for k in range(NUM_KINDS)])]
    t.state.pile = []
    t.check()
    t.roll("WWWW")
    t.do("play draw3")
    assert t.state.phase == RESHUFFLE and t.state.card == KIND_OF_CODE["draw3"]
    assert len(t.state.chance_spec().items) == 3  # the old discard only
    t.chance(tuple(t.state.chance_spec().items))
    assert t.state.discard == [KIND_OF_CODE["draw3"]]


def test_W17_a_skip_card_cancels_the_next_turn_then_goes_to_the_discard():
    t = Table([["skip", "keep2", "keep2"], DULL, DULL])
    t.roll("DDDD")
    t.do("play skip")
    assert t.legal() == ["target p2", "target p3"]
    t.do("target p2")
    # Seat 1 loses its turn at once: seat 2 plays; the card is discarded.
    assert t.state.current == 2 and t.state.skips == [0, 0, 0]
    assert t.state.discard == [KIND_OF_CODE["skip"]]
    assert [e.public["player"] for e in t.events if e.kind == "skipped"] == [1]


def test_W17_two_skip_cards_on_the_same_player_cost_two_turns():
    t = Table([["skip", "keep2", "keep2"], ["skip", "keep2", "keep2"], DULL, DULL])
    t.roll("DDDD")
    t.do("play skip", "target p3")
    assert t.state.skips == [0, 0, 1, 0]  # lies before seat 2 until its turn
    t.roll("DDDD")
    t.do("play skip", "target p3")
    assert t.state.skips == [0, 0, 1, 0] and t.state.current == 3  # one turn lost, one to go
    for _ in range(3):  # seats 3, 0 and 1 play
        t.roll("DDDD")
        t.do("pass")
    assert t.state.skips == [0, 0, 0, 0] and t.state.current == 3  # the second turn lost
    assert [e.public["player"] for e in t.events if e.kind == "skipped"] == [2, 2]
    assert t.state.discard.count(KIND_OF_CODE["skip"]) == 2
    t.check()


def test_W16_replay_and_reverse_gives_an_extra_turn_then_play_goes_the_other_way():
    t = Table([["replay", "remove1", "skip"], DULL, DULL])
    t.roll("DDDD")
    t.do("play replay")
    assert t.state.current == 0 and t.state.phase == ROLL and t.state.direction == -1
    t.roll("WDDD")
    t.do("play remove1")  # one card in the extra turn too
    assert t.state.current == 2  # counter-clockwise now


def test_W16_replay_with_two_players_still_gives_the_extra_turn():
    t = Table([["replay", "replay", "skip"], DULL])
    t.roll("DDDD")
    t.do("play replay")
    assert t.state.current == 0 and t.state.phase == ROLL
    t.roll("DDDD")
    t.do("play replay")  # another one in the extra turn
    assert t.state.current == 0 and t.state.direction == 1


def test_W18_a_player_wins_at_once_when_his_last_die_is_given():
    t = Table([["remove1", "skip", "skip"], DULL, DULL], dice=[2, 4, 4])
    t.roll("GG")
    t.do("give p2", "give p3")
    assert t.state.phase == OVER and t.state.winners() == [0]
    assert t.state.returns() == [1.0, 0.0, 0.0]


def test_W18_a_card_that_empties_the_pool_wins_mid_turn():
    t = Table([["remove1", "skip", "skip"], DULL], dice=[2, 4])
    t.roll("WG")  # gives one die (the only recipient), then one W left
    t.do("play remove1")
    assert t.state.phase == OVER and t.state.winners() == [0]
    assert t.state.discard == [KIND_OF_CODE["remove1"]]
    t.check()


def test_W18_give_one_and_remove_two_never_empty_a_pool_their_cost_needs_three_dice():
    # A card costing 3 needs 3 W, so 3 dice at least after the gifts: 1 or 2 remain.
    t = Table([["give1", "skip", "skip"], DULL, DULL])
    t.roll("WWWG")
    t.do("give p2")
    t.do("play give1", "give p3")
    assert t.state.dice == [2, 5, 5] and t.state.phase == ROLL and t.state.current == 1
    t3 = Table([["remove2", "remove1", "skip"], DULL, DULL], dice=[3, 4, 4])
    t3.roll("WWW")
    t3.do("play remove2")
    assert t3.state.dice[0] == 1 and t3.state.phase == ROLL and t3.state.current == 1


def test_W21_no_hand_limit():
    t = Table([DULL, DULL])
    t.roll("DDDD")
    assert len(t.hand(0)) == 7


def test_W22_the_box_holds_24_dice():
    with pytest.raises(OptionError) as error:
        GAME.validate(5, {"dice_per_player": 5})
    assert "24" in error.value.message("en") and "24" in error.value.message("fr")
    assert "4" in error.value.message("fr")  # at most 4 per player
    assert GAME.validate(6, {"dice_per_player": 4})["dice_per_player"] == 4
    t = Table([["remove2", "skip", "skip"], DULL])
    t.roll("WWWD")
    t.do("play remove2")
    assert t.state.removed == 2 and t.state.component_counts()["dice"] == 24


# ---------------------------------------------------------------- errors, snapshots
def test_illegal_moves_raise_and_change_nothing():
    t = Table([["remove2", "skip", "skip"], DULL])
    t.roll("WWDD")
    before = json.dumps(t.state.to_json(), sort_keys=True)
    for move in ("play remove2", "give p2", "keep skip", "left"):
        with pytest.raises(IllegalActionError) as error:
            t.do(move)
        assert "pass" in error.value.message("fr")
    assert json.dumps(t.state.to_json(), sort_keys=True) == before
    with pytest.raises(ChanceError):
        t.state.apply_chance((0, 0))
    with pytest.raises(NotationError):
        GAME.parse_action("play banana")


def test_a_roll_must_fit_the_dice():
    t = Table([DULL, DULL])
    before = t.state.to_json()
    for outcome in ((0, 0, 0), (0, 0, 0, 6), (0, 0, 0, 1.0), [0, 0, 0, "W"], None):
        with pytest.raises(ChanceError):
            t.state.apply_chance(outcome)
    assert t.state.to_json() == before


def test_notation_round_trips_and_takes_french_words():
    for action in range(GAME.num_actions):
        assert GAME.text_to_action(GAME.action_to_text(action)) == action
        assert GAME.describe_action(action, "fr") and GAME.describe_action(action, "en")
    assert GAME.text_to_action("donner j2") == GAME.text_to_action("give p2")
    assert GAME.text_to_action("jouer remove1") == GAME.text_to_action("play remove1")
    assert GAME.text_to_action("garder skip") == GAME.text_to_action("keep skip")
    assert GAME.text_to_action("gauche") == GAME.text_to_action("left")
    assert GAME.text_to_action("passer") == GAME.text_to_action("pass")
    for bad in ("give p7", "give p0", "play", "keep nothing", ""):
        with pytest.raises(NotationError):
            GAME.text_to_action(bad)


def test_a_bare_card_name_means_keep_when_keeping():
    t = Table([["keep1", "skip", "remove2"], ["steal", "skip", "replay"]])
    t.roll("WDDD")
    assert GAME.parse_action("skip", t.state) == GAME.text_to_action("play skip")
    t.do("play keep1")
    assert GAME.parse_action("skip", t.state) == GAME.text_to_action("keep skip")


def test_snapshots_round_trip_and_name_bad_fields():
    t = Table([["keep2", "skip", "skip"], ["steal", "replay", "remove1"],
               ["draw3", "keep1", "remove1"]])
    t.roll("WWDD")
    t.do("play keep2", "keep steal")
    data = json.loads(json.dumps(t.state.to_json()))
    again = GAME.state_from_json(data)
    assert again.to_json() == t.state.to_json() and again.legal_actions() == t.state.legal_actions()
    for field, value in (("dice", [1]), ("hands", [["banana"], [], []]), ("phase", "nap"),
                         ("direction", 2), ("direction", 0), ("game", "chess"), ("kept", ["x"]),
                         ("roll", [0, 0, 0]), ("keepers", [9]), ("take_from", 5),
                         ("results", [{"winners": [0]}]), ("last_play",
                                                           {"player": 7, "card": "keep2"})):
        bad = dict(data, **{field: value})
        with pytest.raises(SnapshotError) as error:
            GAME.state_from_json(bad)
        assert f"'{field}" in error.value.message("en")
        assert f"«\N{NO-BREAK SPACE}{field}" in error.value.message("fr")
    extra = json.loads(json.dumps(data))
    extra["hands"][0].append("remove1")  # one card too many
    with pytest.raises(SnapshotError):
        GAME.state_from_json(extra)


def test_hands_are_private_everything_else_public():
    t = Table([["keep1", "skip", "remove2"], ["steal", "skip", "replay"], DULL])
    t.roll("WDDD")
    mine = t.state.view(0)
    assert mine["hands"][0]["cards"] and "cards" not in mine["hands"][1]
    spectator = t.state.view(None)
    assert all("cards" not in entry for entry in spectator["hands"])
    assert spectator["dice"] == [4, 4, 4] and spectator["hands"][0]["size"] == 6
    assert spectator["roll"] == {"faces": [0, 3, 3, 3], "w": 1, "draw": 3, "give": 0}
    draws = [e for e in t.events if e.kind == "draw"]
    assert "cards" in draws[-1].for_player(0) and "cards" not in draws[-1].for_player(1)
    deal = [e for e in t.events if e.kind == "deal"][0]
    assert deal.for_player(1)["hand"] == ["steal", "skip",
                                          "replay"] and "hand" not in deal.for_player(None)


def test_sampling_keeps_the_view_and_resamples_the_rest():
    t = Table([["keep1", "skip", "remove2"], ["steal", "skip", "replay"], DULL])
    t.roll("WDDD")
    samples = {json.dumps(GAME.sample(t.state.view(1), random.Random(i)).to_json())
               for i in range(5)}
    assert len(samples) > 1
    for i in range(5):
        twin = GAME.sample(t.state.view(1), random.Random(i))
        assert twin.view(1) == t.state.view(1)
        sampled = GAME.sample(t.state.view(0), random.Random(i))
        assert sampled.view(0) == t.state.view(0)
        assert sampled.legal_actions() == t.state.legal_actions()


def test_sampling_at_a_start_tie_keeps_who_rolls_again():
    """A chance point (OpenSpiel resamples there too): after a tie for the start, only the
    tied seats roll again, and a state sampled from any view knows it."""
    state = GAME.new_state(3, {})
    state.apply_chance(deal_outcome([DULL, DULL, DULL]))
    state.apply_chance(faces("WWDD" "DDDD" "WWGD"))  # seats 0 and 2 tie with 2 W
    assert state.view(None)["contenders"] == [0, 2]
    for seat in (None, 0, 1):
        sampled = GAME.sample(state.view(seat), random.Random(seat or 0))
        assert sampled.chance_spec() == state.chance_spec() == Roll(8, 6, label="start roll")
        assert sampled.view(seat) == state.view(seat)
        sampled.apply_chance(faces("WWWW" "DDDD"))
        assert sampled.current == 0 and sampled.phase == ROLL


@pytest.mark.parametrize(("move", "side", "dice"), [("left", "left", [1, 4, 3, 2]),
                                                    ("right", "right", [3, 2, 1, 4])])
def test_the_view_keeps_the_side_of_all_pass_their_dice(move, side, dice):
    t = Table([["passdice", "skip", "skip"], DULL, DULL, DULL], dice=[4, 3, 2, 1])
    t.roll("WWDD")
    t.do("play passdice")
    assert t.state.view(None)["last_play"] == {"player": 0, "card": "passdice"}
    t.do(move)
    assert t.state.view(None)["last_play"] == {"player": 0, "card": "passdice", "side": side}
    assert t.state.view(2)["last_play"]["side"] == side
    assert t.state.dice == dice
    # and it survives a snapshot and a view-sampled state
    again = GAME.state_from_json(json.loads(json.dumps(t.state.to_json())))
    assert again.view(None)["last_play"]["side"] == side
    sampled = GAME.sample(t.state.view(1), random.Random(1))
    assert sampled.view(None)["last_play"]["side"] == side


# ------------------------------------------------------------ edges (issue 14)
def test_view_of_a_seat_outside_the_game_is_refused_clearly():
    """A reader is a seat 0..players-1 or None (a spectator); anything else gets a clear
    error, never another seat's view, never a bare IndexError."""
    state = Table([DULL, DULL, DULL]).state
    for bad in (-1, 3, 6, 99, "1", True, 1.0):
        with pytest.raises(NoSuchSeatError) as error:
            state.view(bad)
        assert "0 to 2" in error.value.message("en") and "0 à 2" in error.value.message("fr")
    assert state.view(None)["seat"] is None and "cards" not in state.view(None)["hands"][2]


def _chance_points():
    """One state at each kind of chance point: deal, start, roll, reshuffle, blind pick."""
    deal = GAME.new_state(3, {})
    start = deal.clone()
    start.apply_chance(deal_outcome([DULL, DULL, DULL]))
    roll = Table([DULL, DULL, DULL]).state
    reshuffle = Table([DULL, DULL])
    reshuffle.state.discard, reshuffle.state.pile = reshuffle.state.pile, []
    reshuffle.roll("DWWW")
    pick = Table([DULL, ["steal", "skip", "replay"], ["draw3", "keep1", "keep2"]])
    pick.state.hands[2] = [COPIES[k] - pick.state.hands[0][k] - pick.state.hands[1][k]
                           for k in range(NUM_KINDS)]
    pick.state.discard, pick.state.pile = [], []
    pick.roll("DWWW")
    pick.do("take p2")
    return {"deal": deal, "start": start, "roll": roll, "reshuffle": reshuffle.state,
            "pick": pick.state}


@pytest.mark.parametrize("phase", ["deal", "start", "roll", "reshuffle"])
def test_a_drawn_outcome_is_taken_unchecked_only_at_its_own_size(phase):
    """What the seeded generator drew for a chance point (a Drawn of its size) is used
    as it is; a Drawn of another size, or a pick out of range, is refused before any
    change, like any outcome."""
    from ludotheque.core.chance import Drawn

    state = _chance_points()[phase]
    good = SeededChance(3).resolve(state.chance_spec())
    assert type(good) is Drawn
    before = json.dumps(state.to_json())
    for outcome in (Drawn((*good, good[0])), Drawn(good[:-1])):
        with pytest.raises(ChanceError):
            state.apply_chance(outcome)
        assert json.dumps(state.to_json()) == before
    state.apply_chance(good)
    state.check_invariants()
    picking = _chance_points()["pick"]
    size = sum(picking.hands[picking.take_from])
    before = json.dumps(picking.to_json())
    for outcome in (size, -1, Drawn((0,))):
        with pytest.raises(ChanceError):
            picking.apply_chance(outcome)
        assert json.dumps(picking.to_json()) == before
    picking.apply_chance(size - 1)


@pytest.mark.parametrize("phase", ["deal", "start", "roll", "reshuffle", "pick"])
def test_a_chance_outcome_of_the_wrong_type_is_refused_before_any_change(phase):
    """Floats, strings, nested lists, None, bools (True is 1 to Python): ChanceError, and
    the state is as it was (its JSON snapshot compared before and after)."""
    state = _chance_points()[phase]
    assert state.view(None)["phase"] == phase and state.is_chance()
    good = SeededChance(7).resolve(state.chance_spec())
    bad = [1.5, "x", None, [[0]], True, float("nan"), str(good), [good]]
    if isinstance(good, tuple):
        for junk in (1.0, "a", [0], None, True, (0,)):
            bad += [(junk, *good[1:]), [*good[:-1], junk], (*good[:-1], junk)]
    else:
        bad += [float(good), [good], (good,)]
    before = json.dumps(state.to_json())
    for outcome in bad:
        with pytest.raises(ChanceError):
            state.apply_chance(outcome)
        assert json.dumps(state.to_json()) == before, outcome
    state.apply_chance(good)  # and the right one still works
    state.check_invariants()
