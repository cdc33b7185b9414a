"""A typed move of the right form whose value names nothing in the game (a seat the table
does not have, a card or value the deck does not have, a position off the table) says
which part is wrong and what may be written there, in both languages, and changes nothing;
a move nobody can read still lists the forms."""

from __future__ import annotations

import pytest

from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import NotationError
from ludotheque.core.registry import get_game
from tests.test_cli import invoke, ok

CASES = [
    ("diciassette", 3, {}, "9 up",
     "there is no card 9 (the cards are 1s, 2s, 3s, 4s, 5s, 1d, 2d, 3d, 4d, 5d, rev, trash, "
     "x2, trap)",
     "il n'y a pas de carte 9 (les cartes sont : 1s, 2s, 3s, 4s, 5s, 1d, 2d, 3d, 4d, 5d, sens, "
     "poubelle, x2, piège)"),
    ("wazabi", 3, {}, "give p9", "there is no player p9 (the players are p1 to p3)",
     "il n'y a pas de joueur p9 (les joueurs vont de j1 à j3)"),
    ("wazabi", 3, {}, "donner j4", "there is no player j4 (the players are p1 to p3)",
     "il n'y a pas de joueur j4 (les joueurs vont de j1 à j3)"),
    ("wazabi", 3, {}, "play zz",
     "there is no card zz (the cards are remove1, passdice, remove2, give1, steal, keep1, draw3, "
     "keep2, skip, replay)", "il n'y a pas de carte zz (les cartes sont : "),
    ("dtc", 3, {}, "offer 4 4 as 9", "there is no value 9 (the values are 1 to 6)",
     "il n'y a pas de valeur 9 (les valeurs vont de 1 à 6)"),
    ("dtc", 3, {}, "add 8", "there is no card 8 (the cards are 1, 2, 3, 4, 5, 6, J)",
     "il n'y a pas de carte 8 (les cartes sont : 1, 2, 3, 4, 5, 6, J)"),
    ("dtc", 3, {}, "offer 99", "there is no card 99 (the cards are 1, 2, 3, 4, 5, 6, J)",
     "il n'y a pas de carte 99 (les cartes sont : 1, 2, 3, 4, 5, 6, J)"),
    ("dtc", 3, {}, "offre 10 as 1", "there is no card 10 (the cards are 1, 2, 3, 4, 5, 6, J)",
     "il n'y a pas de carte 10 (les cartes sont : 1, 2, 3, 4, 5, 6, J)"),
    ("dtc", 3, {}, "+77", "there is no card 77 (the cards are 1, 2, 3, 4, 5, 6, J)",
     "il n'y a pas de carte 77 (les cartes sont : 1, 2, 3, 4, 5, 6, J)"),
    ("dtc", 3, {"values": 4, "jokers": 0}, "44j as 4",
     "there is no card J (the cards are 1, 2, 3, 4)",
     "il n'y a pas de carte J (les cartes sont : 1, 2, 3, 4)"),
    ("dtc", 3, {"values": 4}, "as 5s", "there is no value 5s (the values are 1 to 4)",
     "il n'y a pas de valeur 5s (les valeurs vont de 1 à 4)"),
    ("decimoarr", 3, {}, "flip p25", "there is no position p25 (the positions are p1 to p24)",
     "il n'y a pas de position p25 (les positions vont de p1 à p24)"),
]


def _plain(text):
    """French typography's no-break spaces (before « : » and inside « ») as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _dealt(name, players, options):
    game = get_game(name)
    state = game.new_state(players, options)
    settle(state, SeededChance(1))
    return game, state


@pytest.mark.parametrize(("name", "players", "options", "typed", "english", "french"), CASES,
                         ids=[f"{case[0]}: {case[3]}" for case in CASES])
def test_a_value_the_game_does_not_have_is_named_with_what_is_allowed(
        name, players, options, typed, english, french):
    game, state = _dealt(name, players, options)
    before = state.to_json()
    with pytest.raises(NotationError) as caught:
        game.parse_input(typed, state)
    assert caught.value.message("en") == f"Cannot read the move '{typed}': {english}."
    assert _plain(caught.value.message("fr")).startswith(f"Coup illisible « {typed} » : {french}")
    assert state.to_json() == before


def test_without_a_state_the_largest_table_and_deck_bound_the_values():
    with pytest.raises(NotationError, match=r"no player p7 \(the players are p1 to p6\)"):
        get_game("wazabi").text_to_action("give p7")
    assert get_game("wazabi").text_to_action("give p6") == get_game("wazabi").actions.id("give", 5)


def test_a_move_of_no_known_form_still_lists_the_forms():
    for name, typed in (("wazabi", "dance"), ("wazabi", "give x"), ("dtc", "as"),
                        ("decimoarr", "flip 3"),
                        ("diciassette", "9")):
        with pytest.raises(NotationError) as caught:
            get_game(name).text_to_action(typed)
        assert caught.value.message("en").startswith(f"Cannot read the move '{typed}'. Write: ")


def test_the_terminal_says_which_seat_does_not_exist_and_asks_again():
    result = ok(invoke(["play", "wazabi", "--players", "3", "--seed", "1", "--lang", "fr",
                        "--plain"], input="donner j9\nquit\n"))
    assert "Coup illisible « donner j9 » : il n'y a pas de joueur j9 " \
        "(les joueurs vont de j1 à j3)." in result.flat, result.text


def test_the_terminal_names_a_two_digit_card_as_typed():
    result = ok(invoke(["play", "dtc", "--players", "3", "--seed", "1", "--lang", "fr",
                        "--plain"], input="offre 99\nquit\n"))
    assert "Coup illisible « offre 99 » : il n'y a pas de carte 99 (les cartes sont : 1, 2, 3, " \
        "4, 5, 6, J)." in result.flat, result.text
