"""Issue 17: what 17's and Wazabi's tables say, driven through a real terminal."""

from __future__ import annotations

import re

import pytest

from tests.ui.terminal import leave

PROMPT_EN = r"Your move \(number or text; help, quit\): "
PROMPT_FR = r"Votre coup \(numéro ou texte\s?; aide, quitter\)\s?: "


def _screen_after(term, moves: list[str], start: int | None = None,
                  prompt: str = PROMPT_EN) -> tuple[str, int]:
    """Play `moves` (one per prompt, from the prompt ending at `start`, else the first) and
    return the screen printed up to the next prompt, and where that prompt ends."""
    if start is None:
        start = term.expect(prompt)
    for move in moves:
        term.send(move + "\n")
        end = term.expect(prompt, after=start)
        screen, start = term.text[start:end], end
    return screen, start


def _one_answer(terminal, game: str, players: int, seed: int, answer: str,
                lang: str = "en") -> str:
    """Start a plain game, type `answer` at the first prompt, quit: what it printed."""
    term = terminal("play", game, "--players", str(players), "--seed", str(seed), "--delay",
                    "0", "--plain", "--lang", lang, columns=120)
    screen, _ = _screen_after(term, [answer], prompt=PROMPT_FR if lang == "fr" else PROMPT_EN)
    leave(term, "quitter" if lang == "fr" else "quit")
    term.finish()
    return screen


def test_17_call_window_names_who_answers_and_the_queue_who_played(terminal):
    # Seed 4, seat 1: you play a 5 face up, Camille plays a 3 face down, and the call
    # window comes to you.
    term = terminal("play", "diciassette", "--players", "3", "--seed", "4", "--delay", "0",
                    "--plain",
                    columns=110)
    screen, _ = _screen_after(term, ["1"])
    leave(term, "quit")
    term.finish()
    assert 'call "17"!' in screen  # the call window, answered by you
    header = next(line for line in screen.splitlines() if line.startswith("17 / Diciassette"))
    assert "Call or pass: you (last card: Camille)" in header, header
    assert "Turn: Camille" not in header  # the header used to name who played, not you
    assert re.search(r"Queue:\s+5\*\s+you\s+·\s+\(3\*\)\s+Camille", screen), screen


def test_17_call_window_in_french(terminal):
    term = terminal("play", "diciassette", "--players", "3", "--seed", "4", "--delay", "0",
                    "--plain",
                    "--lang", "fr", columns=110)
    start = term.expect(r"Votre coup")
    term.expect(r": ", after=start)
    term.send("1\n")
    end = term.expect(r"Votre coup", after=start + 1)
    screen = term.text[start:end].replace("\u00a0", " ")
    leave(term, "quitter")
    term.finish()
    assert "Annoncer ou passer : vous (dernière carte : Camille)" in screen, screen
    assert re.search(r"Ligne :\s+5\*\s+vous\s+·\s+\(3\*\)\s+Camille", screen), screen


@pytest.mark.parametrize(("lang", "queue", "legend"), [
    ("en", r"Queue:\s+5\*\s+you\s+·\s+\(3\*\)\s+Camille",
     "3*: value on both sides · (3): face down · ##: value unknown"),
    ("fr", r"Ligne :\s+5\*\s+vous\s+·\s+\(3\*\)\s+Camille",
     "3* : valeur des deux côtés · (3) : face cachée · ## : valeur inconnue"),
])
def test_17_face_down_cards_differ_from_face_up_ones_without_colour(terminal, lang, queue,
                                                                     legend):
    """17 told a face-down double-faced card ("3*", its value on both sides) from a face-up
    one by colour alone: nothing for a colour-blind reader or NO_COLOR. A card seen from
    its back is now in brackets, in the queue and in another's hand, and a legend says so."""
    screen = _one_answer(terminal, "diciassette", 3, 4, "1", lang).replace("\u00a0", " ")
    assert re.search(queue, screen), screen  # you played a 5* face up, Camille a 3* face down
    assert re.search(r"Camille \(\w+\)\s+\(2\*\)\s+\(5\*\)\s+##", screen), screen
    assert legend in screen.splitlines(), screen


def test_wazabi_pass_dice_names_who_receives_and_the_log_shows_the_new_counts(terminal):
    # Seed 6, seat 1: move 2 plays "All players pass their dice to a neighbour"; you hold
    # 5 dice, Camille (seat 2) 4, Denis (seat 3) 2.
    term = terminal("play", "wazabi", "--players", "3", "--seed", "6", "--delay", "0",
                    "--plain",
                    columns=120)
    screen, start = _screen_after(term, ["2"])
    assert "Left: you give 5 dice to Camille (player 2) and receive 2 dice from Denis " \
           "(player 3)" in screen, screen
    assert "Right: you give 5 dice to Denis (player 3) and receive 4 dice from Camille " \
           "(player 2)" in screen
    # the move itself names whose dice yours go to (not "(next number)")
    assert "everyone passes their dice to the left neighbour: yours go to Camille  [left]" \
        in screen, screen
    assert "everyone passes their dice to the right neighbour: yours go to Denis  [right]" \
        in screen
    assert "next number" not in screen and "number before" not in screen
    after, _ = _screen_after(term, ["1"], start)
    leave(term, "quit")
    term.finish()
    assert "Everyone passes their dice to the left neighbour (dice now: you — 2, Camille — 5, " \
           "Denis — 4)." in after, after
    # A give names both counts: "(3 left)" after "to Denis" read as Denis's dice.
    assert "Camille (heuristic) gives you a die; dice now: Camille — 4, you — 3." in after


def test_wazabi_pass_dice_moves_name_the_receiver_in_french(terminal):
    screen = _one_answer(terminal, "wazabi", 3, 6, "2", "fr")  # the same game as above
    assert "chacun donne ses dés à son voisin de gauche\u00a0: les vôtres vont à Camille" \
        in screen, screen
    assert "chacun donne ses dés à son voisin de droite\u00a0: les vôtres vont à Denis" in screen
    assert "numéro suivant" not in screen and "numéro précédent" not in screen


def test_help_mentions_taking_a_card_back_only_where_a_move_can_be_held(terminal):
    # 17 has no gesture: its help does not offer 'back'; DTC's offers do.
    for game, offered in (("diciassette", False), ("dtc", True)):
        screen = _one_answer(terminal, game, 3, 1, "help")
        assert "'log' shows the whole log, 'cards' the card reference" in screen, screen
        assert ("'back' takes back a card" in screen) is offered, (game, screen)


def test_17_the_double_turn_line_speaks_to_you_in_french(terminal):
    # Seed 3, 4 players: Fanny plays x2, everyone passes the call: you must play two cards.
    screen = _one_answer(terminal, "diciassette", 4, 3, "2", "fr")  # 2: pass the call
    assert "Vous devez jouer deux cartes ce tour-ci." in screen, screen
    assert "Vous doit" not in screen
