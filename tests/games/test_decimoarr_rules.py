"""Décimoarr...: rule scenarios (rules file section 4, rulings E1-E14).

Every scenario lays the décimal cards out with a scripted deal: the cards
written for a position ("p7": "R3") lie there, the others follow in code order,
the card written as `aside` is set aside. Then come the perdu cards (in play
first, top of the pile first), the winner cards (top first) and the first
player. Default 5x5 grid, 3 players: seat 0 (south) owns p21 p22 p23, seat 1
(west) p6 p11 p15, seat 2 (north) p2 p3 p4; with 4 players seat 3 (east) owns
p10 p14 p19. Cards: colour letter R B G Y P and value rank 1-5 (R1 = red 0.1).
"""

from __future__ import annotations

import json
import random

import pytest

import ludotheque.games.decimoarr  # noqa: F401  (registers the game)
from ludotheque.core import (
    TERMINAL,
    ChanceError,
    IllegalActionError,
    LudoError,
    Match,
    NotationError,
    OptionError,
    ScriptedChance,
    SeededChance,
    SnapshotError,
    get_game,
)
from ludotheque.core.chance import Pick, Shuffle
from ludotheque.games.decimoarr.components import deck_for, layout_for
from ludotheque.games.decimoarr.rules import FLIP, OVER, RESHUFFLE

GAME = get_game("decimoarr")
DEFAULT_WINNERS = (4, 3, 3, 2, 2, 1, 1)


# ---------------------------------------------------------------- helpers
def P(label: str) -> int:
    """"p7" -> position index 6."""
    return int(label[1:]) - 1


def deal_outcome(players, placed, aside, options=None):
    opts = GAME.validate(players, options or {})
    deck, layout = deck_for(opts), layout_for(opts, players)
    used = set(placed.values()) | {aside}
    assert len(used) == len(placed) + 1, "a card is placed twice"
    rest = iter(code for code in deck.codes if code not in used)
    cards = [placed.get(f"p{i + 1}") or next(rest) for i in range(layout.positions)]
    return tuple(deck.index[c] for c in cards + [aside])


def table(players=3, placed=None, aside="P5", perdu=(0, 1, 2, 3), winners=DEFAULT_WINNERS,
          starter=0, options=None, later=()) -> Match:
    """A match laid out as written; `later` are the outcomes of later chance points."""
    chance = ScriptedChance([deal_outcome(players, placed or {}, aside, options),
                             tuple(perdu), tuple(winners), starter, *later],
                            fallback=SeededChance(1))
    return Match(GAME, players, options or {}, seed=1, chance=chance)


def card_at(m: Match, label: str) -> str:
    return m.state.deck.codes[m.state.cards[P(label)]]


def fail_move(m: Match) -> int:
    """A face-down card that does not connect to the reference (the test knows the cards)."""
    state = m.state
    mask = state.connect_mask
    return next(p for p in m.legal_actions()
                if not mask >> state.cards[p] & 1)


def success_move(m: Match) -> int:
    state = m.state
    mask = state.connect_mask
    return next(p for p in m.legal_actions() if mask >> state.cards[p] & 1)


def play_round(m: Match, winner: int) -> None:
    """Everyone but `winner` fails at his first chance; `winner` always connects."""
    start = m.state.round
    while m.state.round == start and not m.is_over():
        if m.current_player() == winner or m.state.first_flip:
            m.apply(success_move(m))
        else:
            m.apply(fail_move(m))


def events(m: Match, seat, kind=None):
    return [e for e in m.events_for(seat) if kind is None or e["kind"] == kind]


def every_card_turned(options, starter=0) -> tuple[Match, dict]:
    """Two seats, 3 colours of 6 values (and `options`), the cards laid so that each one
    connects to the one turned before it: the round ends with every card turned over
    (E7). The match after that round, and its `round_end` event."""
    options = {"colours": 3, "values": 6, **options}
    chain = ["R1", "R2", "R3", "R4", "R5", "R6", "B6", "B5", "B4", "B3", "B2", "B1",
             "G1", "G2", "G3", "G4", "G5"]
    layout = layout_for(GAME.validate(2, options), 2)
    order = list(layout.not_home) + [p for home in layout.homes for p in home]
    placed = {f"p{pos + 1}": code for pos, code in zip(order, chain)}
    m = table(players=2, placed=placed, aside="G6", options=options, starter=starter)
    for pos in order:
        m.apply(pos)
    return m, events(m, None, "round_end")[0]


# =================================================================== setup
def test_setup_lays_out_24_cards_sets_one_aside_and_piles_the_perdu_and_winner_cards():
    m = table(players=3, placed={"p1": "R1"}, aside="P5", perdu=(2, 0, 3, 1), starter=1)
    s = m.state
    assert len(s.cards) == 24 and card_at(m, "p1") == "R1"
    assert s.deck.codes[s.aside] == "P5" and s.deck.index["P5"] not in s.cards
    assert s.perdu_pile == [0, 2] and s.perdu_box == [3, 1]  # N-1 = 2 in play, top is card 2
    assert s.winner_pile == list(reversed(DEFAULT_WINNERS))
    assert s.phase == FLIP and s.round == 1 and m.current_player() == 1
    view = m.view(0)
    assert view["table"] == [None] * 24 and view["perdu_pile"] == 2 and view["winner_pile"] == 7


def test_setup_chance_points_are_the_deal_the_perdu_cards_the_winner_cards_and_the_starter():
    state = GAME.new_state(4)
    specs = []
    chance = iter([tuple(range(25)), (0, 1, 2, 3), DEFAULT_WINNERS, 3])
    while state.is_chance():
        specs.append(state.chance_spec())
        state.apply_chance(next(chance))
    assert [type(s) for s in specs] == [Shuffle, Shuffle, Shuffle, Pick]
    assert [s.label for s in specs] == ["deal", "perdu cards", "winner cards", "first player"]
    assert sorted(specs[2].items) == [1, 1, 2, 2, 3, 3, 4]
    assert state.current_player() == 3


def test_a_connecting_flip_stays_face_up_and_becomes_the_reference():
    m = table(placed={"p1": "R1", "p5": "R4"})
    m.apply("p1")
    m.apply("p5")
    view = m.view(None)
    assert view["table"][P("p1")] == "R1" and view["table"][P("p5")] == "R4"
    assert view["reference"] == P("p5") and view["reference_card"] == "R4"
    assert m.current_player() == 2


def test_a_failed_flip_takes_the_top_perdu_card_and_is_out_of_the_round():
    m = table(placed={"p1": "R1", "p5": "B2"}, perdu=(2, 0, 3, 1))
    m.apply("p1")
    m.apply("p5")  # B2 shares neither the colour nor the value of R1
    s = m.state
    assert s.perdu_held[1] == 2 and s.active == [True, False, True]
    assert m.current_player() == 2
    assert P("p5") not in [i for i, c in enumerate(m.view(None)["table"]) if c]


def test_last_player_in_wins_the_round_and_takes_the_top_winner_card():
    m = table(placed={"p1": "R1", "p5": "B2", "p7": "G3"}, perdu=(2, 0, 3, 1),
              later=[(0, 2)])
    m.apply("p1")  # seat 0, free
    m.apply("p5")  # seat 1 fails
    m.apply("p7")  # seat 2 fails: seat 0 is the last one in
    s = m.state
    assert s.round == 2 and s.winner_held == [[4], [], []]
    end = events(m, None, "round_end")[0]
    assert end["winner"] == 0 and end["reason"] == "last_in"
    assert end["rounds_won"] == [1, 0, 0]


def test_cards_go_back_face_down_at_the_same_places_after_a_round():
    m = table(placed={"p1": "R1", "p5": "R2", "p6": "B4", "p7": "G3"}, later=[(0, 1)])
    before = tuple(m.state.cards)
    for move in ("p1", "p5", "p7", "p6"):
        m.apply(move)
    assert m.state.round == 2
    assert m.state.cards == before
    assert m.view(None)["table"] == [None] * 24
    # Everyone remembers all four cards, at their places.
    memory = m.view(None)["memory"]
    assert [memory[P(x)] for x in ("p1", "p5", "p6", "p7")] == ["R1", "R2", "B4", "G3"]


def test_seven_rounds_most_diamonds_wins():
    m = table(players=2, winners=(4, 3, 3, 2, 2, 1, 1))
    for winner in (0, 1, 1, 0, 1, 0, 1):
        play_round(m, winner)
    assert m.is_over() and m.state.round == 7 and m.current_player() == TERMINAL
    over = events(m, None, "game_over")[0]
    assert over["scores"] == [4 + 2 + 1, 3 + 3 + 2 + 1]
    assert m.state.winners() == [1]


# ================================================================ rulings
def test_E1_grid_layout_homes_on_the_edges_for_2_to_4_players():
    assert layout_for(GAME.validate(2, {}), 2).homes == ((20, 21, 22), (1, 2, 3))  # opposite
    layout = layout_for(GAME.validate(4, {}), 4)
    assert layout.kind == "grid" and layout.positions == 24
    assert [[f"p{p + 1}" for p in home] for home in layout.homes] == [
        ["p21", "p22", "p23"], ["p6", "p11", "p15"], ["p2", "p3", "p4"], ["p10", "p14", "p19"]]
    assert (2, 2) not in layout.cells  # the centre holds no card


def test_E1_ring_layout_for_5_players_three_homes_each_spread_evenly():
    layout = layout_for(GAME.validate(5, {}), 5)
    assert layout.kind == "ring" and layout.positions == 24
    assert layout.homes == ((0, 1, 2), (5, 6, 7), (10, 11, 12), (14, 15, 16), (19, 20, 21))
    assert layout_for(GAME.validate(3, {"layout": "ring"}), 3).kind == "ring"
    with pytest.raises(OptionError, match="layout=ring"):
        GAME.validate(5, {"layout": "grid"})
    with pytest.raises(OptionError):
        GAME.validate(3, {"layout": "grid", "colours": 4})


def test_E2_cards_connect_by_colour_or_by_value_never_otherwise():
    deck = deck_for(GAME.validate(3, {}))
    assert len(deck.codes) == len(set(deck.codes)) == 25
    assert all(bin(mask).count("1") == 8 for mask in deck.partners)  # 4 + 4 partners each
    m = table(players=2, placed={"p1": "R1", "p5": "R3", "p7": "B3", "p8": "G5"})
    m.apply("p1")
    m.apply("p5")  # same colour as R1
    m.apply("p7")  # same value as R3
    assert [e["success"] for e in events(m, None, "flip")] == [True, True, True]
    m.apply("p8")  # G5: neither blue nor value 3
    assert events(m, None, "flip")[-1]["success"] is False


def test_E2_colours_and_values_are_options():
    m = table(players=2, placed={"p1": "R6"}, aside="G6",
              options={"colours": 3, "values": 6})
    assert m.state.deck.size == 18 and m.state.layout.positions == 17
    assert m.state.layout.kind == "ring"
    with pytest.raises(OptionError, match="at least 17"):
        GAME.validate(5, {"colours": 4, "values": 4})


def test_E3_clockwise_skipping_the_players_who_are_out():
    m = table(players=4, placed={"p1": "R1", "p5": "B2", "p7": "R3", "p8": "R4"})
    m.apply("p1")  # seat 0
    m.apply("p5")  # seat 1 fails
    assert m.current_player() == 2
    m.apply("p7")  # seat 2
    assert m.current_player() == 3
    m.apply("p8")  # seat 3
    assert m.current_player() == 0  # then 2 (1 is out)
    m.apply(success_move(m))
    assert m.current_player() == 2


def test_E4_after_a_failure_the_reference_stays_the_last_card_that_connected():
    m = table(placed={"p1": "R1", "p5": "B2", "p7": "R5"})
    m.apply("p1")
    m.apply("p5")  # fails against R1
    assert m.view(2)["reference_card"] == "R1"
    m.apply("p7")  # R5 connects to R1 (not to B2)
    assert events(m, None, "flip")[-1]["success"] is True


def test_E4_option_last_flipped_the_failed_card_is_the_reference_and_never_connects_to_itself():
    options = {"reference_after_fail": "last_flipped"}
    m = table(players=4, placed={"p1": "R1", "p5": "B2", "p7": "B5", "p8": "R3"}, options=options)
    m.apply("p1")
    m.apply("p5")  # fails against R1; B2 becomes the reference, face down
    view = m.view(2)
    # Face down again: the view gives its place; its face is only in the seat's memory.
    assert view["reference"] == P("p5") and view["table"][P("p5")] is None
    assert view["reference_card"] is None and view["memory"][P("p5")] == "B2"
    m.apply("p7")  # B5 connects to B2
    assert events(m, None, "flip")[-1]["success"] is True
    m2 = table(players=4, placed={"p1": "R1", "p5": "B2"}, options=options)
    m2.apply("p1")
    m2.apply("p5")
    m2.apply("p5")  # the failed card again: no link with itself
    assert events(m2, None, "flip")[-1]["success"] is False


def test_E5_a_failed_card_is_shown_to_all_then_turned_face_down_at_its_place():
    m = table(placed={"p1": "R1", "p5": "B2"})
    m.apply("p1")
    m.apply("p5")
    for seat in (0, 1, 2, None):
        flip = events(m, seat, "flip")[-1]
        assert flip["card"] == "B2" and flip["success"] is False
        view = m.view(seat)
        assert view["table"][P("p5")] is None  # face down again
        assert view["memory"][P("p5")] == "B2"  # but everyone saw it
    assert P("p5") in m.legal_actions()  # it can be turned over again


def test_E6_first_flip_of_a_round_may_not_be_a_home_card():
    m = table(players=3, placed={"p2": "R1", "p9": "R2"})
    legal = m.legal_actions()
    homes = [P(x) for x in ("p21", "p22", "p23", "p6", "p11", "p15", "p2", "p3", "p4")]
    assert not set(homes) & set(legal) and len(legal) == 24 - 9
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as error:
        m.apply("p2")
    assert "p1" in error.value.message("en") and "p2," not in error.value.message("en")
    # The reason, in both languages: p2 is a home card (seat 3's), forbidden at the first flip.
    assert error.value.key == "decimoarr.error.first_flip_home"
    assert "home card (seat 3)" in error.value.message("en")
    assert "first flip of a round may not be a home card" in error.value.message("en")
    assert "carte devant un joueur (place 3)" in error.value.message("fr")
    assert json.dumps(m.state.to_json(), sort_keys=True) == before
    m.apply("p9")
    assert P("p2") in m.legal_actions()  # after the first flip, any face-down card
    m.apply("p2")  # another player's home card
    assert events(m, None, "flip")[-1]["success"] is True


def test_E6_flipping_a_face_up_card_says_it_is_face_up():
    m = table(placed={"p1": "R1"})
    m.apply("p1")
    with pytest.raises(IllegalActionError) as error:
        m.apply("p1")
    assert error.value.key == "decimoarr.error.face_up"
    assert "already face up" in error.value.message("en")
    assert "déjà visible" in error.value.message("fr")


def test_E6_option_first_flip_may_be_a_home_card():
    m = table(players=3, options={"first_flip_excludes_homes": False})
    assert m.legal_actions() == list(range(24))
    m.apply("p21")


def test_E7_no_face_down_card_left_the_player_who_turned_the_last_one_wins():
    m, end = every_card_turned({}, starter=1)
    assert end["reason"] == "exhausted" and end["perdu"] == []
    assert end["winner"] == 1  # 17 flips from seat 1: seat 1 turned the last card
    assert m.state.winner_held == [[], [4]]
    assert m.state.round == 2 and m.current_player() == 0  # nobody lost: the next seat starts


def test_E7_option_no_winner_the_winner_card_goes_back_to_the_box():
    m, end = every_card_turned({"exhausted_table": "no_winner"})
    assert end["winner"] is None
    assert m.state.winner_held == [[], []] and m.state.winner_box == [4]
    assert m.view(0)["winner_box"] == 1 and m.view(0)["winner_pile"] == 6


def test_E8_n_minus_one_perdu_cards_drawn_at_random_the_rest_back_to_the_box():
    m = table(players=3, placed={"p1": "R1", "p5": "B2"}, perdu=(3, 1, 0, 2))
    assert m.state.perdu_pile == [1, 3] and m.state.perdu_box == [0, 2]
    m.apply("p1")
    m.apply("p5")
    assert m.state.perdu_held[1] == 3  # the top card: 4 skulls
    assert events(m, 1, "perdu")[-1]["skulls"] == 4
    assert "skulls" not in events(m, 0, "perdu")[-1]  # secret until the round ends
    assert m.view(0)["seats"][1]["perdu"] is True and m.view(0)["seats"][1]["skulls"] is None
    assert m.view(1)["seats"][1]["skulls"] == 4


def test_E8_option_fewest_skulls_the_perdu_cards_in_play_are_fixed():
    options = {"perdu_cards": "fewest_skulls"}
    m = table(players=3, placed={"p1": "R1", "p5": "B2"}, perdu=(3, 1, 0, 2), options=options)
    # In play: cards 0 and 1 (1 and 2 skulls); the shuffle only orders them (top: card 1).
    assert sorted(m.state.perdu_pile) == [0, 1] and sorted(m.state.perdu_box) == [2, 3]
    assert m.state.perdu_pile[-1] == 1
    m.apply("p1")
    m.apply("p5")
    assert events(m, 1, "perdu")[-1]["skulls"] == 2
    for seed in range(10):  # the cards in the box are known: never resampled
        twin = GAME.sample(m.view(0), random.Random(seed))
        assert sorted(twin.perdu_box) == [2, 3]
        assert sorted(twin.perdu_pile + [twin.perdu_held[1]]) == [0, 1]
    m = table(players=2, options={"perdu_cards": "fewest_skulls", "skulls": "4,3,2,1"},
              perdu=(0, 1, 2, 3))
    assert m.state.perdu_pile == [3] and sorted(m.state.perdu_box) == [0, 1, 2]
    random_twin = table(players=3, perdu=(3, 1, 0, 2)).state
    assert sorted(random_twin.perdu_pile) == [1, 3]  # default: the first N-1 drawn


def test_E9_the_loser_with_the_most_skulls_starts_the_next_round():
    m = table(players=4, placed={"p1": "R1", "p5": "B2", "p7": "G3", "p8": "Y4"},
              perdu=(1, 3, 0, 2), later=[(0, 1, 3)])
    m.apply("p1")  # seat 0
    m.apply("p5")  # seat 1 fails: card 1 (2 skulls)
    m.apply("p7")  # seat 2 fails: card 3 (4 skulls)
    m.apply("p8")  # seat 3 fails: card 0 (1 skull); seat 0 wins
    end = events(m, 2, "round_end")[0]
    assert end["perdu"] == [{"player": 1, "skulls": 2}, {"player": 2, "skulls": 4},
                            {"player": 3, "skulls": 1}]
    assert end["next_starter"] == 2 and m.current_player() == 2
    assert m.view(0)["perdu_seen"] == [1, 2, 4]


def test_E9_skulls_are_an_option_and_must_differ():
    m = table(players=3, placed={"p1": "R1", "p5": "B2", "p7": "G3"},
              options={"skulls": "9,5,7,1"}, perdu=(3, 2, 0, 1), later=[(2, 3)])
    m.apply("p1")
    m.apply("p5")  # seat 1: card 3, the top (1 skull)
    m.apply("p7")  # seat 2: card 2 (7 skulls)
    assert events(m, None, "round_end")[0]["next_starter"] == 2 and m.current_player() == 2
    with pytest.raises(OptionError, match="different"):
        GAME.validate(3, {"skulls": "1,2,2,4"})


def test_E10_winner_cards_carry_diamonds_the_winner_takes_the_top_one_secretly():
    m = table(players=2, placed={"p1": "R1", "p5": "B2"}, options={"diamonds": "5,1,1,1,1,1,1"},
              winners=(5, 1, 1, 1, 1, 1, 1))
    m.apply("p1")
    m.apply("p5")
    assert m.state.winner_held[0] == [5]
    assert events(m, 0, "round_end")[0]["diamonds"] == 5
    assert "diamonds" not in events(m, 1, "round_end")[0]
    assert m.view(0)["seats"][0]["diamonds"] == [5]
    assert m.view(1)["seats"][0] == {"active": True, "perdu": False, "skulls": None,
                                      "rounds_won": 1, "diamonds": None}


def test_E11_home_cards_are_peeked_at_once_before_the_first_round_only():
    m = table(players=3, placed={"p21": "Y1", "p22": "Y2", "p23": "Y3"})
    peek = events(m, 0, "peek")
    assert len(peek) == 1 and peek[0]["cards"] == ["Y1", "Y2", "Y3"]
    assert events(m, 1, "peek")[0]["positions"] == [P("p6"), P("p11"), P("p15")]  # its own
    assert "Y1" not in events(m, 1, "peek")[0]["cards"]
    assert "cards" not in events(m, None, "peek")[0]
    assert [m.view(0)["memory"][P(x)] for x in ("p21", "p22", "p23")] == ["Y1", "Y2", "Y3"]
    assert m.view(1)["memory"][P("p21")] is None and m.view(None)["memory"][P("p21")] is None
    play_round(m, 1)
    play_round(m, 2)
    assert len(events(m, 0, "peek")) == 1  # never again
    kinds = [e["kind"] for e in events(m, None)]
    assert kinds.count("peek") == 1 and kinds.index("peek") < kinds.index("round")


def test_E12_the_first_player_is_drawn_by_chance():
    for starter in (0, 1, 2):
        m = table(players=3, starter=starter)
        assert m.current_player() == starter
        assert events(m, None, "starter")[0]["player"] == starter


def test_E12_option_first_seat_starts_without_a_draw():
    options = {"first_player": "first_seat"}
    state = GAME.new_state(3, options)
    specs = []
    chance = iter([tuple(range(25)), (0, 1, 2, 3), DEFAULT_WINNERS])
    while state.is_chance():
        specs.append(state.chance_spec())
        state.apply_chance(next(chance))
    assert [s.label for s in specs] == ["deal", "perdu cards", "winner cards"]
    assert state.current_player() == 0 and state.round == 1
    m = Match(GAME, 3, options, seed=4)
    assert m.current_player() == 0
    starter = events(m, None, "starter")[0]
    assert starter["player"] == 0 and starter["drawn"] is False
    assert [e["kind"] for e in events(m, None)].count("peek") == 1


def test_E15_nobody_took_a_perdu_card_the_next_seat_or_the_same_starter_opens_the_next_round():
    for choice, expected in (("next_seat", 0), ("same_seat", 1)):
        m, end = every_card_turned({"starter_if_no_perdu": choice}, starter=1)
        assert end["perdu"] == [] and end["next_starter"] == expected
        assert m.state.round == 2 and m.current_player() == expected


def test_every_assumed_ruling_is_an_option_with_help_in_both_languages():
    from ludotheque.i18n import catalog

    texts = catalog()

    rulings = {spec.ruling for spec in GAME.option_specs}
    # Rules file [ASSUMED]: E8 (which perdu cards), E12 (first player); E15 is the engine's own.
    assert {"E2", "E4", "E6", "E7", "E8", "E9", "E10", "E12", "E13", "E15"} <= rulings
    for spec in GAME.option_specs:
        assert spec.help_key == f"decimoarr.option.{spec.name}"
        assert set(texts[spec.help_key]) == {"en", "fr"}
    assert GAME.validate(4, {})["perdu_cards"] == "random"
    assert GAME.validate(4, {})["first_player"] == "random"
    assert GAME.validate(4, {})["starter_if_no_perdu"] == "next_seat"
    covered = {name for options in GAME.conformance_option_sets() for name in options}
    assert {"perdu_cards", "first_player", "starter_if_no_perdu", "reference_after_fail",
            "first_flip_excludes_homes", "exhausted_table", "tie_break", "layout", "colours",
            "values", "skulls", "diamonds"} <= covered
    # The no-alternative ruling (a shuffled winner pile) says so.
    ruling = texts["decimoarr.ruling.E10"]
    assert "not an option" in ruling["en"] and "pas une option" in ruling["fr"]


def test_E13_a_tie_on_diamonds_goes_to_more_rounds_won():
    options = {"diamonds": "3,1,1,1,1,1,0"}
    m = table(players=2, options=options, winners=(3, 1, 1, 1, 1, 1, 0))
    for winner in (0, 0, 1, 1, 1, 1, 1):  # seat 0: 3 + 1 = 4 in 2 rounds; seat 1: 4 + 0 in 5
        play_round(m, winner)
    assert [sum(h) for h in m.state.winner_held] == [4, 4]
    assert m.state.winners() == [1]
    m = table(players=2, options=dict(options, tie_break="shared"), winners=(3, 1, 1, 1, 1, 1, 0))
    for winner in (0, 0, 1, 1, 1, 1, 1):
        play_round(m, winner)
    assert m.state.winners() == [0, 1] and m.state.returns() == [0.5, 0.5]


def test_E13_same_diamonds_and_same_rounds_won_share_the_victory():
    options = {"diamonds": "1,1,1,1,1,1,0"}
    m = table(players=3, options=options, winners=(1, 1, 1, 1, 1, 1, 0))
    for winner in (0, 1, 0, 1, 0, 1, 2):
        play_round(m, winner)
    assert [sum(h) for h in m.state.winner_held] == [3, 3, 0]
    assert m.state.winners() == [0, 1]
    assert events(m, None, "game_over")[0]["winners"] == [0, 1]


def test_E14_the_first_flip_of_a_round_always_succeeds():
    m = table(players=2, placed={"p1": "G4"})
    m.apply("p1")
    flip = events(m, None, "flip")[0]
    assert flip["success"] is True and flip["reference"] is None
    assert m.state.active == [True, True]


# ============================================================ information
def test_the_table_view_shows_only_the_cards_face_up_now_memory_is_what_the_seat_saw():
    m = table(players=3, placed={"p1": "R1", "p5": "B2", "p21": "Y1"})
    m.apply("p1")
    m.apply("p5")  # fails
    view = m.view(0)
    assert [c for c in view["table"] if c] == ["R1"]
    assert view["memory"][P("p1")] == "R1" and view["memory"][P("p5")] == "B2"
    assert view["memory"][P("p21")] == "Y1"  # seat 0's own home card
    assert m.view(2)["memory"][P("p21")] is None
    spectator = m.view(None)
    assert sum(c is not None for c in spectator["memory"]) == 2  # only what everyone saw
    assert view["memory_age"][P("p1")] == 0  # in sight
    assert view["memory_age"][P("p5")] == 0 and view["flips"] == 2
    m.apply(success_move(m))
    assert m.view(0)["memory_age"][P("p5")] == 1  # one flip ago
    assert m.view(0)["memory_age"][P("p21")] == 3  # peeked before the first flip


def test_winner_cards_stay_secret_until_the_end_then_everyone_sees_them():
    m = table(players=2)
    for winner in (0, 1, 0, 1, 0, 1, 0):
        if m.state.round == 7:
            view = m.view(1)
            assert view["seats"][0]["diamonds"] is None and view["scores"] is None
        play_round(m, winner)
    view = m.view(1)
    assert view["seats"][0]["diamonds"] == sorted(m.state.winner_held[0])
    assert view["scores"] == [sum(h) for h in m.state.winner_held]


def test_the_perdu_cards_are_reshuffled_between_rounds_as_a_chance_point():
    m = table(players=3, placed={"p1": "R1", "p5": "B2", "p7": "G3"}, perdu=(2, 0, 3, 1),
              later=[(2, 0)])
    state = m.state
    state.apply_action(P("p1"))
    state.apply_action(P("p5"))
    state.apply_action(P("p7"))
    assert state.phase == RESHUFFLE and state.chance_spec() == Shuffle((0, 2), "perdu cards")
    # Two players: a single perdu card, nothing to shuffle.
    m2 = table(players=2, placed={"p1": "R1", "p5": "B2"})
    m2.apply("p1")
    m2.apply("p5")
    assert m2.state.phase == FLIP and m2.state.round == 2


def test_determinisation_keeps_what_the_seat_has_seen_and_resamples_the_rest():
    m = table(players=3, placed={"p1": "R1", "p5": "B2"})
    m.apply("p1")
    m.apply("p5")
    state = m.state
    known = [i for i, c in enumerate(m.view(0)["memory"]) if c is not None]
    changed = False
    for seed in range(10):
        twin = GAME.sample(state.view(0), random.Random(seed))
        assert all(twin.cards[i] == state.cards[i] for i in known)
        assert twin.view(0) == state.view(0)
        changed |= twin.cards != state.cards
    assert changed


# ================================================================= errors
def test_error_flipping_a_face_up_card_names_the_legal_moves_and_changes_nothing():
    m = table(placed={"p1": "R1"})
    m.apply("p1")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as error:
        m.apply("p1")
    assert "p2" in error.value.message("fr") and "p1," not in error.value.message("en")
    assert json.dumps(m.state.to_json(), sort_keys=True) == before
    with pytest.raises(IllegalActionError):
        m.state.apply_action(30)  # no position 31 on this table
    with pytest.raises(IllegalActionError):
        m.state.apply_action("p2")  # type: ignore[arg-type]


def test_notation_reads_positions_with_or_without_a_verb():
    assert GAME.action_to_text(6) == "p7"
    for text in ("p7", "P7", "#7", "pos 7", "position 7", "flip p7", "retourner p7"):
        assert GAME.text_to_action(text) == 6
    for text in ("7", "p0", "p36", "q7", "flip", ""):
        with pytest.raises(NotationError):
            GAME.text_to_action(text)
    assert GAME.describe_action(6, "fr") == "retourner la carte p7"
    assert "p<position>" in GAME.notation_help("en")


def test_snapshot_round_trip_and_bad_fields_raise_snapshot_error():
    m = table(players=3, placed={"p1": "R1", "p5": "B2"})
    m.apply("p1")
    m.apply("p5")
    data = json.loads(json.dumps(m.state.to_json()))
    rebuilt = GAME.state_from_json(data)
    assert rebuilt.to_json() == m.state.to_json() and rebuilt.view(0) == m.state.view(0)
    for field, value in (("phase", "nap"), ("cards", ["R1"] * 24), ("current", 9),
                         ("active", [True]), ("game", "other")):
        broken = dict(data, **{field: value})
        with pytest.raises(SnapshotError):
            GAME.state_from_json(broken)
    with pytest.raises(SnapshotError, match="cards"):
        GAME.state_from_json(dict(data, cards=["ZZ"] * 24))


def test_snapshot_errors_name_the_bad_field_in_both_languages():
    m = table(players=3, placed={"p1": "R1", "p5": "B2"})
    m.apply("p1")
    data = json.loads(json.dumps(m.state.to_json()))
    for named, broken in (
        ("cards[3]", dict(data, cards=data["cards"][:3] + ["ZZ"] + data["cards"][4:])),
        ("cards", dict(data, phase="deal")),  # no cards on the table before the deal
        ("aside", dict(data, aside=None)),
        ("up[0]", dict(data, up=[24])),
        ("last_flip[2]", dict(data, last_flip=[0, 0, "Z9", True])),
        ("last_round", dict(data, last_round={"round": 1})),
        ("current", dict(data, current=3)),
        ("colour", dict(data, colour="R")),  # unknown fields are refused
    ):
        with pytest.raises(SnapshotError) as error:
            GAME.state_from_json(broken)
        assert named in error.value.message("en") and named in error.value.message("fr")


def test_a_view_for_a_seat_outside_the_game_is_refused_never_another_seats_view():
    m = table(players=3)
    assert m.view(None)["seat"] is None and m.view(2)["seat"] == 2
    for seat in (-1, 3, 99, True, "1", 1.0):
        with pytest.raises(LudoError) as error:
            m.state.view(seat)
        assert error.value.key == "error.no_such_seat"
        assert repr(seat) in error.value.message("en") and repr(seat) in error.value.message("fr")


def test_chance_outcomes_of_the_wrong_type_are_refused_before_any_change():
    """At every chance point (deal, perdu, winners, starter, reshuffles): a float, a flag,
    a string, a nested list or None gets ChanceError and the state stays as it was (0.0
    and True once passed for the cards 0 and 1, and the deal failed after changing it)."""
    state = GAME.new_state(3, GAME.validate(3, {}))
    chance = SeededChance(5)
    labels = []
    while not state.is_terminal():
        if not state.is_chance():
            state.apply_action(state.legal_actions()[0])
            continue
        spec = state.chance_spec()
        good = chance.resolve(spec)
        if isinstance(spec, Shuffle):
            one = good.index(1) if 1 in good else 0
            bad = [tuple(float(x) for x in good), good[:one] + (True,) + good[one + 1:],
                   tuple(str(x) for x in good), tuple([x] for x in good), [list(good)]]
        else:
            bad = [float(good), good == 1, str(good), [good]]
        before = json.dumps(state.to_json(), sort_keys=True)
        for outcome in [*bad, None, 3.5, "x"]:
            with pytest.raises(ChanceError):
                state.apply_chance(outcome)
            assert json.dumps(state.to_json(), sort_keys=True) == before, outcome
        state.apply_chance(good)
        labels.append(spec.label)
    assert labels[:4] == ["deal", "perdu cards", "winner cards", "first player"]
    assert "perdu cards" in labels[4:]  # a reshuffle between rounds


def test_sampling_from_a_view_works_at_chance_points_too():
    """OpenSpiel resamples at chance points: the sample gives back the view, keeps every
    component and the same chance point, and plays on."""
    state = GAME.new_state(3, GAME.validate(3, {}))
    chance = SeededChance(7)
    checked = 0
    while not state.is_terminal():
        if not state.is_chance():
            state.apply_action(state.legal_actions()[-1])
            continue
        for seat in (0, 2, None):
            sample = GAME.sample(state.view(seat), random.Random(checked))
            assert sample.view(seat) == state.view(seat)
            assert sample.component_counts() == state.component_counts()
            assert sample.chance_spec().label == state.chance_spec().label
            sample.check_invariants()
            sample.apply_chance(SeededChance(checked).resolve(sample.chance_spec()))
            sample.check_invariants()
            checked += 1
        state.apply_chance(chance.resolve(state.chance_spec()))
    assert checked >= 15


def test_options_are_checked_against_the_player_count():
    with pytest.raises(OptionError):
        GAME.validate(3, {"diamonds": "1,2,3"})
    with pytest.raises(OptionError):
        GAME.validate(3, {"reference_after_fail": "maybe"})
    assert GAME.validate(5, {})["layout"] == "auto"


def test_rules_text_shows_the_options_and_every_ruling_in_both_languages():
    options = GAME.validate(4, {"skulls": "2,4,6,8"})
    for lang, word in (("en", "skulls"), ("fr", "têtes de mort")):
        text = GAME.rules_text(lang, options)
        assert "2, 4, 6, 8 " + word in text
        assert all(f"**E{i}**" in text for i in range(1, 16))
        assert "`exhausted_table=last_flipper_wins`" in text
        assert "`perdu_cards=random`" in text and "`first_player=random`" in text
        assert "`starter_if_no_perdu=next_seat`" in text
    en, fr = GAME.rules_text("en", options), GAME.rules_text("fr", options)
    # Rulings with option values say "by default": the options may change them.
    assert "1, 2, 3 and 4 skulls by default" in en and "par défaut 1, 2, 3 et 4" in fr
    assert "4 diamonds by default" in en and "par défaut 1, 1, 2, 2, 3, 3 et 4" in fr
    assert "E2, E8, E9, E10, E12, E13" in " ".join(en.split())
    assert "E2, E8, E9, E10, E12, E13" in " ".join(fr.split())
    assert "Draw the first player at random." in en
    assert "The player at seat 1 starts the game." in GAME.rules_text(
        "en", GAME.validate(4, {"first_player": "first_seat"}))
    assert "Keep the perdu cards with the fewest skulls" not in en
    assert "Keep the perdu cards with the fewest skulls" in GAME.rules_text(
        "en", GAME.validate(4, {"perdu_cards": "fewest_skulls"}))
    assert "de départ" not in fr and "les cartes devant un joueur" in fr


def test_game_over_state_is_terminal_with_no_legal_move():
    m = table(players=2)
    for winner in (0,) * 7:
        play_round(m, winner)
    assert m.state.phase == OVER and m.legal_actions() == []
    with pytest.raises(IllegalActionError):
        m.state.apply_action(0)
