"""DTC's smaller deck (options values, copies, jokers, hand_size): validated, written in
the rules text in both languages, dealt and played by the rules and the bots."""

from __future__ import annotations

import pytest

from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import OptionError
from ludotheque.core.registry import get_game
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, CLAIM
from ludotheque.sim.arena import arena

GAME = get_game("dtc")
THREE_CARDS = {"values": 2, "copies": 1, "jokers": 1, "hand_size": 1}


def test_the_rules_text_describes_the_deck_in_force():
    english = GAME.rules_text("en", GAME.validate(2, THREE_CARDS))
    assert "**2 number cards**, values 1 to 2 (one of each), and **one joker**: 3 cards." in english
    assert "deal **1 to each player**" in english and "the giver **draws one card**" in english
    assert "## Smaller deck" in english
    french = GAME.rules_text("fr", GAME.validate(2, THREE_CARDS))
    assert ("**2 cartes numérotées** de 1 à 2 (une de chaque) et **un joker**\u00a0: 3 cartes."
            in french)
    assert "## Paquet réduit" in french
    full = GAME.rules_text("en", GAME.validate(4, {}))
    assert "**54 number cards**, values 1 to 6 (nine of each), and **12 jokers**: 66 cards." in full
    assert "draws back up to 6" in full and "## Smaller deck" not in full
    none = GAME.rules_text("fr", GAME.validate(2, {**THREE_CARDS, "jokers": 0, "copies": 2}))
    assert "(deux de chaque) et aucun joker\u00a0: 4 cartes" in none


@pytest.mark.parametrize(("options", "wrong"), [
    ({"values": 1}, "values"), ({"values": 7}, "values"), ({"copies": 0}, "copies"),
    ({"jokers": 13}, "jokers"), ({"hand_size": 0}, "hand_size"), ({"hand_size": "x"}, "hand_size"),
])
def test_bad_deck_options_are_refused_naming_the_option(options, wrong):
    with pytest.raises(OptionError) as caught:
        GAME.validate(2, options)
    assert wrong in caught.value.message("en") and wrong in caught.value.message("fr")


def test_a_deck_too_small_for_the_table_is_refused_with_the_counts():
    with pytest.raises(OptionError) as caught:
        GAME.validate(4, THREE_CARDS)
    assert "3 cards" in caught.value.message("en") and "4 needed" in caught.value.message("en")
    assert "il en faut 4" in caught.value.message("fr")


def test_only_the_values_in_play_can_be_announced():
    state = GAME._new_state(2, GAME.validate(2, {**THREE_CARDS, "values": 3, "copies": 2,
                                                  "hand_size": 2}))
    settle(state, SeededChance(1))
    seen_claims = set()
    chance = SeededChance(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        seen_claims |= {a - CLAIM for a in legal if CLAIM < a < ACCEPT}
        state.apply_action(CHALLENGE if CHALLENGE in legal else legal[-1])
        settle(state, chance)
    assert seen_claims and max(seen_claims) <= 3


def test_the_bots_play_small_decks_by_the_rules():
    """Every move the arena's bots make is checked by the rules (an illegal one raises)."""
    options = {"values": 3, "copies": 2, "jokers": 1, "hand_size": 2}
    summary = arena(GAME, 3, 30, 5, ["medium", "easy", "mix:0.5"], options)
    assert summary["games"] == 30
    summary = arena(GAME, 2, 10, 5, ["hard", "medium"], THREE_CARDS)
    assert summary["games"] == 10
