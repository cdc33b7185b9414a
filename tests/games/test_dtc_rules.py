"""DTC: rule scenarios (rules file dtc.md section 3, rulings D1-D15).

Scenarios deal known hands with a scripted shuffle: seat p receives the six
cards written for it (e.g. "44J123"), the draw pile starts with the cards
written as its top (first drawn first), the rest of the pile follows in kind
order. Seats are numbered 0..n-1 clockwise; the left neighbour of seat p is
p+1. End-of-game scenarios start from a snapshot with a short draw pile: the
cards they do not name lie in the last seat's penalty pile.
"""

from __future__ import annotations

import json
import random

import pytest

import ludotheque.games.dtc  # registers the game (and its game module, read below)
from ludotheque.core import (
    TERMINAL,
    ChanceError,
    IllegalActionError,
    Match,
    NotationError,
    OptionError,
    ScriptedChance,
    SeededChance,
    SnapshotError,
    get_game,
)
from ludotheque.games.dtc.components import CODES, COMPOSITION, DECK, KIND_OF_CODE, NUM_KINDS
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, CLAIM, DECIDE, OFFER, OVER

GAME = get_game("dtc")


# ---------------------------------------------------------------- helpers
def K(code: str) -> int:
    return KIND_OF_CODE[code]


def table(*hands: str, pile_top: str = "", starter: int = 0, options=None) -> Match:
    """A match dealt with these hands (6 cards each) and this pile top; `starter` offers first."""
    rest = list(DECK)
    given = [card for hand in hands for card in hand] + list(pile_top)
    for hand in hands:
        assert len(hand) == 6, "a scenario hand has exactly 6 cards"
    for card in given:
        rest.remove(K(card))  # ValueError if a scenario uses more copies than exist
    outcome = tuple(K(card) for card in given) + tuple(rest)
    return Match(GAME, len(hands), options or {}, seed=1,
                 chance=ScriptedChance([outcome, starter]))


def offer(m: Match, text: str) -> None:
    """Type a whole offer as a person would ("4 4 J as 4")."""
    m.apply_sequence(GAME.parse_input("offer " + text, m.state))


def hand(state, seat: int) -> str:
    return "".join(CODES[k] * state.hands[seat][k] for k in range(NUM_KINDS))


def malus(state, seat: int) -> str:
    return "".join(CODES[k] * state.malus[seat][k] for k in range(NUM_KINDS))


def position(hands: list[str], pile: str = "", malus_piles: list[str] | None = None,
             giver: int = 0, options=None):
    """A snapshot at the start of a fresh chain by `giver`; `pile` is listed top first.
    Cards not named go to the last seat's penalty pile."""
    n = len(hands)
    piles = list(malus_piles or [""] * n)
    rest = list(COMPOSITION)
    for card in "".join(hands) + pile + "".join(piles):
        rest[K(card)] -= 1
    assert min(rest) >= 0
    piles[-1] += "".join(CODES[k] * rest[k] for k in range(NUM_KINDS))
    data = {
        "game": "dtc", "players": n, "options": options or {}, "phase": "offer",
        "hands": [list(h) for h in hands], "pile": list(reversed(pile)),
        "malus": [list(p) for p in piles], "giver": giver, "building": [], "pending": [],
        "pending_value": 0, "pending_had": 0, "last_count": 0, "last_value": 0, "chain": [],
        "reveal": None, "chains": 1, "offers": 0, "decisions": 0, "winners": [],
    }
    return GAME.state_from_json(data)


def claims(m: Match) -> list[int]:
    """The values the current giver may announce now."""
    return [a - CLAIM for a in m.legal_actions() if CLAIM < a < ACCEPT]


def play(state, text: str, events: list | None = None) -> None:
    for action in GAME.parse_input(text, state):
        state.apply_action(action, events)


# --------------------------------------------------------- setup (3.1, 3.2)
def test_components_are_54_numbers_and_12_jokers():
    assert COMPOSITION == (9, 9, 9, 9, 9, 9, 12)
    assert len(DECK) == 66


@pytest.mark.parametrize(("players", "pile"), [(2, 54), (4, 42), (6, 30)])
def test_setup_deals_six_each_and_the_rest_is_the_pile(players, pile):
    m = Match(GAME, players, seed=5)
    assert [sum(h) for h in m.state.hands] == [6] * players
    assert len(m.state.pile) == pile
    assert m.view(None)["pile"] == pile
    assert all(not any(p) for p in m.state.malus)


# ------------------------------------------------------------- D1 .. D15
def test_D1_offer_true_when_every_card_is_the_value_or_a_joker():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J as 4")  # "three 4s": two 4s and a joker
    m.apply("challenge")
    assert m.state.reveal[4] is True
    assert malus(m.state, 1) == "44J"  # the challenger takes them
    assert malus(m.state, 0) == ""


def test_D1_one_wrong_card_makes_the_offer_false():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 3 as 4")
    m.apply("challenge")
    assert m.state.reveal[4] is False
    assert malus(m.state, 0) == "344"  # the giver takes them
    assert malus(m.state, 1) == ""


def test_D1_jokers_alone_are_true_for_any_value():
    m = table("JJ1234", "555666", "111222")
    offer(m, "J J as 6")
    m.apply("challenge")
    assert malus(m.state, 1) == "JJ"


def test_D2_the_count_announced_is_the_number_of_cards_given():
    m = table("44J123", "555666", "111222")
    state = m.state
    assert state.legal_actions() == [K("1"), K("2"), K("3"), K("4"), K("J")]  # no claim yet
    for text in ("add 4", "add 1", "add 2"):
        m.apply(text)
    assert m.view(1)["building"] == {"player": 0, "size": 3}
    m.apply("as 4")  # a bluff: only the value may lie
    pending = m.view(1)["pending"]
    assert pending["count"] == 3 and pending["value"] == 4
    assert m.state.psize == 3


def test_D3_giver_refills_to_six_before_the_receiver_decides():
    m = table("44J123", "555666", "111222", pile_top="66J")
    events_before = len(m.events)
    offer(m, "4 4 J as 4")
    state = m.state
    assert state.phase == DECIDE and m.current_player() == 1
    assert hand(state, 0) == "12366J"  # drew 6, 6, J from the top of the pile
    kinds = [e.kind for e in m.events[events_before:]]
    assert kinds[-2:] == ["offer", "refill"]


def test_D4_a_challenge_with_cards_left_in_the_pile_does_not_end_the_game():
    state = position(["123456", "111222", "333444"], pile="34")
    play(state, "offer 1 as 1")  # the refill takes one card: one is left in the pile...
    assert len(state.pile) == 1
    play(state, "challenge")  # ...so this challenge is settled and a new chain starts
    assert not state.is_terminal()
    assert state.phase == OFFER and state.giver == 1  # "one 1" was true: seat 1 took it
    assert malus(state, 1) == "1" and state.pile == [K("4")]


def test_D4_the_first_challenge_once_the_refill_empties_the_pile_ends_the_game():
    state = position(["123456", "111222"], pile="3")
    play(state, "offer 1 as 1")  # the refill takes the last card of the pile...
    assert len(state.pile) == 0
    play(state, "challenge")  # ...so this challenge ends the game (D4)
    assert state.is_terminal()


def test_D4_game_goes_on_without_refills_until_the_first_challenge():
    state = position(["123456", "111222", "333444"], pile="")
    play(state, "offer 1 as 1")
    assert sum(state.hands[0]) == 5  # nothing to draw
    play(state, "accept")
    play(state, "offer 1 1 as 1")
    play(state, "accept")
    assert not state.is_terminal()
    play(state, "offer 3 3 3 as 3")
    play(state, "challenge")
    assert state.is_terminal()
    assert not any(map(any, state.hands))  # 3.5: every hand joined its penalty pile


def test_D4_with_a_pile_left_the_challenge_starts_a_new_chain():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J as 4")
    m.apply("challenge")
    assert m.state.phase == OFFER and not m.is_over()


def test_D5_accept_is_refused_when_no_raise_is_possible():
    # Seat 1 holds nothing and the pile is empty: after "as 6" it could never raise.
    state = position(["666JJ1", ""], pile="")
    play(state, "offer 6 6 as 6")
    assert state.legal_actions() == [CHALLENGE]
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        state.apply_action(ACCEPT)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_D5_accept_is_allowed_with_a_higher_value_left_or_a_card_in_hand():
    state = position(["666JJ1", ""], pile="")
    play(state, "offer 6 6 as 5")  # "two 5s": "two 6s" is still a raise
    assert state.legal_actions() == [ACCEPT, CHALLENGE]
    state = position(["666JJ1", "2"], pile="")
    play(state, "offer 6 6 as 6")  # seat 1 has a card of his own: three cards will do
    assert state.legal_actions() == [ACCEPT, CHALLENGE]
    play(state, "accept")
    assert state.legal_actions() == [K("2"), K("6")]  # nothing in the offer yet: no claim
    play(state, "add 6")
    play(state, "add 6")
    assert state.legal_actions() == [K("2")]  # two cards no longer beat "two 6s": no claim
    play(state, "add 2")
    assert state.legal_actions() == [CLAIM + v for v in range(1, 7)]  # three cards: any value


def test_D6_an_empty_handed_taker_hands_the_start_to_the_left():
    # Seat 0 offers its last card (no refill is possible: the pile is kept by the
    # snapshot at one card so the game does not end), seat 1 challenges a false offer.
    state = position(["1", "222", "333"], pile="4")
    state.pile = []  # the giver draws nothing...
    play(state, "offer 1 as 2")
    state.pile = [K("4")]  # ...but the pile is not empty when the challenge is settled
    events: list = []
    play(state, "challenge", events)
    assert malus(state, 0).startswith("1")
    assert state.phase == OFFER and state.giver == 1  # seat 0 has no card: seat 1 starts
    chain = [e for e in events if e.kind == "chain"][0]
    assert chain.public["reason"] == "skipped" and chain.public["skipped"] == 0


def test_D6_if_nobody_has_a_card_the_game_ends():
    state = position(["1", ""], pile="4")
    state.pile = []
    play(state, "offer 1 as 2")
    state.pile = [K("4")]
    play(state, "challenge")
    assert state.is_terminal()


def test_D7_random_games_end_and_chains_always_raise():
    for players in (2, 3, 6):
        for seed in range(5):
            m = Match(GAME, players, seed=seed)
            rng = random.Random(seed)
            while not m.is_over():
                state = m.state
                if state.phase == OFFER and state.chain:
                    assert (state.last_count, state.last_value) == state.chain[-1][1:3]
                legal = m.legal_actions()
                m.apply(legal[rng.randrange(len(legal))])
                assert len(m.actions) < 5000
            assert m.state.chains <= 66  # every challenge retires at least one card


def test_D8_no_hand_limit_and_the_refill_never_discards():
    m = table("444JJ1", "555666", "111222", pile_top="2")
    offer(m, "4 4 4 J J as 4")
    m.apply("accept")
    assert sum(m.state.hands[1]) == 11  # no limit after accepting
    offer(m, "5 5 5 6 6 6 as 5")  # six cards: a bluff of "six 5s"
    assert sum(m.state.hands[1]) == 5 + 1  # refilled up to 6 only: from 5 cards, one drawn
    assert hand(m.state, 1).count("J") == 2


def test_D9_the_first_player_is_drawn_and_makes_any_offer():
    m = table("44J123", "555666", "111222", starter=2)
    assert m.current_player() == 2 and m.view(None)["to_beat"] is None
    m.apply("add 1")
    assert claims(m) == [1, 2, 3, 4, 5, 6]


def test_D10_two_players_take_turns_as_giver_and_receiver():
    m = table("44J123", "555666")
    offer(m, "4 as 4")
    assert m.current_player() == 1
    m.apply("accept")
    assert m.current_player() == 1 and m.state.phase == OFFER
    offer(m, "5 5 as 5")
    assert m.current_player() == 0  # the left neighbour of seat 1 is seat 0
    m.apply("accept")
    offer(m, "5 5 4 as 5")
    assert m.view(1)["pending"]["target"] == 1


def test_D11_the_player_who_took_the_cards_starts_a_new_chain():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 as 4")
    m.apply("accept")
    offer(m, "5 5 5 as 6")  # false
    m.apply("challenge")  # seat 2 challenges; seat 1 takes
    view = m.view(None)
    assert malus(m.state, 1) == "555"
    assert m.current_player() == 1 and view["to_beat"] is None and view["chain"] == []
    m.apply("add 4")
    assert CLAIM + 1 in m.legal_actions()  # a free offer again


def test_D12_default_rules_a_higher_card_makes_the_offer_false():
    m = table("456JJ1", "555666", "111222")
    offer(m, "5 6 as 4")
    m.apply("challenge")
    assert malus(m.state, 0) == "56"


def test_D12_variant_higher_cards_count_for_the_challenger_mixtures_included():
    options = {"variant_higher": True}
    m = table("456JJ1", "555666", "111222", options=options)
    offer(m, "4 5 J as 4")  # "three 4s" revealed 4, 5, joker: all at least 4
    m.apply("challenge")
    assert malus(m.state, 1) == "45J"
    challenge = [e for e in m.events if e.kind == "challenge"][0]
    assert challenge.public["true"] is False and challenge.public["higher"] is True
    m2 = table("456JJ1", "555666", "111222", options=options)
    offer(m2, "1 5 as 4")  # a lower card: the giver takes them
    m2.apply("challenge")
    assert malus(m2.state, 0) == "15"


def test_D12_variant_literal_only_pure_cases_count():
    options = {"variant_higher": True, "variant_literal": True}
    m = table("456JJ1", "555666", "111222", options=options)
    offer(m, "4 5 J as 4")  # a mixture of 4 and higher: neither pure case
    m.apply("challenge")
    assert malus(m.state, 0) == "45J"
    m2 = table("456JJ1", "555666", "111222", options=options)
    offer(m2, "5 6 J as 4")  # all strictly higher, jokers allowed
    m2.apply("challenge")
    assert malus(m2.state, 1) == "56J"


def test_D12_variant_literal_needs_the_variant():
    with pytest.raises(OptionError):
        GAME.validate(3, {"variant_literal": True})


def test_D13_ties_share_the_victory():
    state = position(["12", "3", "4"], pile="", malus_piles=["5", "", ""])
    play(state, "offer 1 as 1")  # true: seat 1 takes the 1
    play(state, "challenge")
    assert state.is_terminal()
    scores = state.scores()
    assert scores[:2] == [2, 2] and scores[2] > 2  # hands joined the penalty piles
    assert state.winners() == [0, 1] and state.returns()[:2] == [0.5, 0.5]


def test_fewest_penalty_cards_wins_and_hands_count():
    state = position(["123", "4566", "JJ"], pile="", malus_piles=["", "", ""])
    play(state, "offer 1 as 6")
    play(state, "challenge")  # seat 0 takes its own bluff
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.scores()[:2] == [1 + 2, 4]
    assert state.winners() == [0]


def test_D14_cards_just_received_may_be_offered_on():
    m = table("44J123", "555666", "111222")
    offer(m, "J as 4")
    m.apply("accept")
    offer(m, "J 5 as 5")  # the joker just received goes on
    assert m.state.pending[K("J")] == 1


def test_D15_the_giver_knows_his_offer_the_receiver_after_accepting_everyone_on_a_challenge():
    m = table("44J123", "555666", "111222")
    start = len(m.events)
    offer(m, "4 4 J as 4")
    assert m.view(0)["pending"]["cards"] == ["4", "4", "J"]
    for seat in (1, 2, None):
        assert "cards" not in m.view(seat)["pending"]
        for event in m.events_for(seat, start):
            if event["kind"] == "offer":
                assert "cards" not in event
    m.apply("accept")
    assert m.view(1)["chain"][0]["cards"] == ["4", "4", "J"]
    assert m.view(0)["chain"][0]["cards"] == ["4", "4", "J"]
    assert "cards" not in m.view(2)["chain"][0]
    offer(m, "5 5 5 6 as 5")
    m.apply("challenge")
    for seat in (0, 1, 2, None):
        view = m.view(seat)
        assert view["last_reveal"]["cards"] == ["5", "5", "5", "6"]
        assert view["malus"][1]["cards"] == ["5", "5", "5", "6"]  # public penalty piles
        assert [h["size"] for h in view["hands"]] == [sum(h) for h in m.state.hands]


def test_D15_the_cards_drawn_are_private():
    m = table("44J123", "555666", "111222", pile_top="66J")
    start = len(m.events)
    offer(m, "4 4 J as 4")
    refill = [e for e in m.events_for(1, start) if e["kind"] == "refill"][0]
    assert refill["count"] == 3 and "cards" not in refill
    mine = [e for e in m.events_for(0, start) if e["kind"] == "refill"][0]
    assert mine["cards"] == ["6", "6", "J"]


def test_D15_determinisation_keeps_what_the_previous_giver_handed_over():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J as 4")
    m.apply("accept")
    m.apply("add 5")  # seat 1 builds; seat 0 knows seat 1 holds 4, 4, J among its cards
    for seed in range(20):
        sample = GAME.sample(m.state.view(0), random.Random(seed))
        group = [sample.hands[1][k] + sample.building[k] for k in range(NUM_KINDS)]
        assert group[K("4")] >= 2 and group[K("J")] >= 1
        assert sample.view(0) == m.view(0)


# --------------------------------------------------------------- raising
def test_a_raise_is_the_same_count_higher_or_more_cards():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J 1 as 2")  # "four 2s"
    m.apply("accept")
    for text in ("add 5", "add 5", "add 5"):
        m.apply(text)
    assert claims(m) == []  # three cards never beat four
    m.apply("add 6")
    assert claims(m) == [3, 4, 5, 6]  # 1a: four cards, a higher value
    m.apply("add 6")
    assert claims(m) == [1, 2, 3, 4, 5, 6]  # 1b: more cards, any value


def test_only_values_1_to_6_can_be_announced():
    m = table("44J123", "555666", "111222")
    m.apply("add 4")
    assert [a for a in m.legal_actions() if a >= CLAIM + 1] == [CLAIM + v for v in range(1, 7)]
    assert CLAIM + 7 == ACCEPT and CLAIM + 0 == K("J")  # the ids around the claims are not claims
    before = json.dumps(m.state.to_json(), sort_keys=True)
    for action in (-1, GAME.num_actions, GAME.num_actions + 3):
        with pytest.raises(IllegalActionError):
            m.state.apply_action(action)
        with pytest.raises(NotationError):
            GAME.action_to_text(action)
    for text in ("as 0", "as 7", "as 9", "comme 7", "offer 4 as 7"):
        with pytest.raises(NotationError):
            GAME.parse_input(text, m.state)
    assert json.dumps(m.state.to_json(), sort_keys=True) == before


def test_accept_is_illegal_while_an_offer_is_being_built():
    m = table("44J123", "555666", "111222")
    m.apply("add 4")
    assert ACCEPT not in m.legal_actions() and CHALLENGE not in m.legal_actions()
    before = json.dumps(m.state.to_json(), sort_keys=True)
    for action in (ACCEPT, CHALLENGE):
        with pytest.raises(IllegalActionError):
            m.state.apply_action(action)
        with pytest.raises(IllegalActionError):
            m.apply(action)
    assert json.dumps(m.state.to_json(), sort_keys=True) == before


def test_only_held_kinds_can_be_added_and_an_illegal_step_changes_nothing():
    m = table("44J123", "555666", "111222")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        m.apply("add 6")
    with pytest.raises(IllegalActionError):
        m.apply("as 4")  # no card in the offer yet
    assert json.dumps(m.state.to_json(), sort_keys=True) == before


# -------------------------------------------------------------- notation
def test_every_action_has_a_text_form_that_parses_back():
    for action in range(GAME.num_actions):
        text = GAME.action_to_text(action)
        assert GAME.text_to_action(text) == action
        assert GAME.describe_action(action, "en") and GAME.describe_action(action, "fr")
    assert GAME.action_to_text(K("J")) == "add J" and GAME.action_to_text(CLAIM + 4) == "as 4"


@pytest.mark.parametrize("text", ["offer 4 4 J as 4", "4 4 J as 4", "4,4,J as 4", "44J as 4",
                                  "offre 4 4 joker comme 4", "donne 4 4 J pour 4"])
def test_a_whole_offer_can_be_typed_at_once(text):
    m = table("44J123", "555666", "111222")
    assert GAME.parse_input(text, m.state) == [K("4"), K("4"), K("J"), CLAIM + 4]


def test_french_words_parse():
    assert GAME.text_to_action("accepter") == ACCEPT
    assert GAME.text_to_action("défi") == CHALLENGE
    assert GAME.text_to_action("ajouter 3") == K("3")
    assert GAME.text_to_action("comme 5") == CLAIM + 5


def test_a_typed_offer_is_all_or_nothing():
    m = table("44J123", "555666", "111222")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        offer(m, "4 4 6 as 4")  # no 6 in hand: the 4s are not added either
    assert json.dumps(m.state.to_json(), sort_keys=True) == before
    with pytest.raises(NotationError):
        GAME.parse_input("offer 4 7 as 4", m.state)
    with pytest.raises(NotationError):
        GAME.text_to_action("as 9")


@pytest.mark.parametrize("text", ["offer 2 jokers as 4", "offre 2 jokers comme 4", "2 jokers as 4",
                                  "offer 4 jokers", "add jokers", "ajouter jokers", "+jokers",
                                  "offre 2jokers comme 4", "offre deux jokers comme 4",
                                  "offer 3 4s as 4", "offer JS as 4", "jokers"])
def test_a_plural_in_place_of_cards_is_refused_never_read_as_other_cards(text):
    m = table("44J123", "555666", "111222")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(NotationError) as caught:
        GAME.parse_input(text, m.state)
    assert caught.value.key == "dtc.error.plural"
    assert "J J" in caught.value.message("en") and "plural" in caught.value.message("en")
    assert "J J" in caught.value.message("fr") and "pluriel" in caught.value.message("fr")
    with pytest.raises(NotationError):
        GAME.text_to_action(text)
    assert json.dumps(m.state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(("text", "cards"), [
    ("offre 2 J comme 4", "2J"),  # a number is always a card: a 2 and a joker
    ("offer J J as 4", "JJ"), ("offer JJ as 4", "JJ"), ("offre joker joker comme 4", "JJ"),
    ("offer 4 4 as 4s", "44"),  # the announced value alone may be a plural
])
def test_every_card_is_written_once_and_a_number_is_a_card(text, cards):
    m = table("44JJ23", "555666", "111222")
    assert GAME.parse_input(text, m.state) == [K(c) for c in cards] + [CLAIM + 4]


def test_the_notation_help_explains_how_to_write_several_jokers():
    en, fr = GAME.notation_help("en"), GAME.notation_help("fr")
    assert "offer 4 4 J J as 4" in en and "\"2 J\" is a 2 and a joker" in en
    assert "2 jokers" in en
    assert "offre 4 4 J J comme 4" in fr and "est un 2 et un joker" in fr and "2 jokers" in fr
    doc = ludotheque.games.dtc.game.__doc__
    assert "2 jokers" in doc and "a number is always a card" in doc


def test_a_typed_offer_that_fails_names_the_step_and_changes_nothing():
    m = table("44J123", "555666", "111222")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    events = len(m.events)
    for lang, text in (("en", "offer 4 4 6 as 4"), ("fr", "offre 4 4 6 comme 4")):
        actions = GAME.parse_input(text, m.state)
        with pytest.raises(IllegalActionError) as caught:
            m.apply_sequence(actions, seat=0)
        message = caught.value.message(lang).replace("\u202f", " ").replace("\xa0", " ")
        if lang == "en":
            assert "Step 3 of 4 ('add 6')" in message and "Nothing was played" in message
        else:
            assert "L'étape 3 sur 4 (« ajouter 6 »)" in message and "Rien n'a été joué" in message
        assert json.dumps(m.state.to_json(), sort_keys=True) == before
        assert len(m.events) == events and m.actions == []
    # a claim that does not raise: the last step is named
    offer(m, "4 4 as 4")
    m.apply("accept")
    with pytest.raises(IllegalActionError) as caught:
        m.apply_sequence(GAME.parse_input("offer 5 5 as 3", m.state), seat=1)
    assert "Step 3 of 3 ('as 3')" in caught.value.message("en")
    assert m.state.phase == OFFER and m.state.bsize == 0 and hand(m.state, 1) == "44555666"


def test_a_typed_offer_sent_by_the_wrong_seat_is_refused_without_the_givers_moves():
    m = table("44J123", "555666", "111222")
    before = json.dumps(m.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as caught:
        m.apply_sequence(GAME.parse_input("offer 5 5 as 5", m.state), seat=1)
    assert caught.value.key == "error.not_your_turn"
    for lang in ("en", "fr"):
        message = caught.value.message(lang)
        assert "add" not in message and "as 4" not in message and "4" not in message
    assert json.dumps(m.state.to_json(), sort_keys=True) == before
    m.apply_sequence(GAME.parse_input("offer 4 4 as 4", m.state), seat=0)  # the giver may
    assert m.state.phase == DECIDE


# ------------------------------------------------------------- snapshots
def test_snapshot_round_trip_and_bad_fields():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J as 4")
    data = json.loads(json.dumps(m.state.to_json()))
    assert GAME.state_from_json(data).to_json() == m.state.to_json()
    for field, value in (("giver", 7), ("pile", ["9"]), ("phase", "nap"), ("pending_value", 9),
                         ("game", "17")):
        broken = dict(data, **{field: value})
        with pytest.raises(SnapshotError):
            GAME.state_from_json(broken)
    broken = dict(data, hands=[["4"], [], []])  # cards missing: not conserved
    with pytest.raises(SnapshotError):
        GAME.state_from_json(broken)


def test_a_bad_snapshot_field_is_named_in_both_languages():
    m = table("44J123", "555666", "111222")
    offer(m, "4 4 J as 4")
    m.apply("challenge")  # a true offer: seat 1 takes it, a reveal is on record
    offer(m, "5 as 5")
    m.apply("accept")  # a chain of one offer
    data = json.loads(json.dumps(m.state.to_json()))
    assert data["chain"] == [[1, 5, ["5"]]] and data["reveal"]["taker"] == 1
    assert GAME.state_from_json(data).to_json() == m.state.to_json()
    lying_reveal = dict(data["reveal"], true=False)
    for field, value in (("chain", [[1, 9, ["5"]]]), ("chain", [[3, 5, ["5"]]]),
                         ("reveal", lying_reveal),
                         ("reveal", dict(data["reveal"], taker=2)), ("winners", [0]),
                         ("building", ["Z"]), ("hands", [[], []]), ("last_value", 7)):
        with pytest.raises(SnapshotError) as error:
            GAME.state_from_json(dict(data, **{field: value}))
        for lang in ("en", "fr"):
            assert field in error.value.message(lang), (field, value)
    with pytest.raises(SnapshotError, match="unknown"):
        GAME.state_from_json(dict(data, surprise=1))
    with pytest.raises(SnapshotError, match="lacks the field 'chain'"):
        GAME.state_from_json({k: v for k, v in data.items() if k != "chain"})


def test_rules_text_shows_options_and_every_ruling_in_both_languages():
    for lang in ("en", "fr"):
        text = GAME.rules_text(lang, GAME.validate(3, {"variant_higher": True}))
        assert "variant_higher=true" in text and "variant_literal=false" in text
        for number in range(1, 16):
            assert f"**D{number}**" in text
    assert "Variante en vigueur" in GAME.rules_text("fr", GAME.validate(3,
                                                                        {"variant_higher": True}))


def test_game_over_state_refuses_moves():
    state = position(["1", "2"], pile="")
    play(state, "offer 1 as 1")
    play(state, "challenge")
    assert state.phase == OVER
    with pytest.raises(IllegalActionError):
        state.apply_action(ACCEPT)


# ------------------------------------------------------ edges (issue 14)
def test_view_of_a_seat_outside_the_game_is_refused_clearly():
    """A reader is a seat 0..players-1 or None (a spectator); anything else gets a clear
    error, never another seat's view, never a bare IndexError."""
    from ludotheque.core.errors import NoSuchSeatError

    m = table("44J123", "555666", "111222")
    for bad in (-1, -3, 3, 99, "1", True, 1.0):
        with pytest.raises(NoSuchSeatError) as error:
            m.state.view(bad)
        assert "0 to 2" in error.value.message("en") and "0 à 2" in error.value.message("fr")
    assert m.state.view(None)["seat"] is None and "cards" not in m.state.view(None)["hands"][2]


def test_a_chance_outcome_of_the_wrong_type_is_refused_before_any_change():
    """Floats equal to the card kinds, strings, nested lists, None: a ChanceError and the
    state exactly as it was (the deal, then the draw of the first player)."""
    state = GAME.new_state(3)
    deals = (3.5, "x", None, [[k] for k in DECK], [float(k) for k in DECK],
             [CODES[k] for k in DECK], (*DECK[:-1], 6.0), [True] * len(DECK))
    firsts = (1.0, "1", [0], None, True, 2.5, (0,))
    for outcomes in (deals, firsts):
        before = json.dumps(state.to_json(), sort_keys=True)
        for outcome in outcomes:
            with pytest.raises(ChanceError):
                state.apply_chance(outcome)
            assert json.dumps(state.to_json(), sort_keys=True) == before, repr(outcome)
        state.apply_chance(SeededChance(1).resolve(state.chance_spec()))
    assert state.phase == OFFER


def test_sampling_from_a_view_works_at_chance_points_and_at_the_end():
    """OpenSpiel resamples at any state: before the deal, before the first player is
    drawn, and once the game is over (where views keep their declared shape too)."""
    from ludotheque.core.views import check_shape

    state = GAME.new_state(3)
    chance = SeededChance(4)
    rng = random.Random(4)
    checked = []
    while True:
        if state.is_chance() or state.is_terminal():
            for seat in (0, 1, 2, None):
                view = state.view(seat)
                check_shape(view, GAME.view_type)
                sample = GAME.sample(view, random.Random(len(checked)))
                assert sample.view(seat) == view
                assert sample.component_counts() == state.component_counts()
                assert sample.current_player() == state.current_player()
                sample.check_invariants()
            checked.append(state.phase)
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance(chance.resolve(state.chance_spec()))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked == [0, 1, OVER]
