"""Issue 17, driven through a real terminal (a pseudo-terminal running the CLI)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from tests.ui.terminal import SRC, leave

PROMPT_EN = r"Your move \(number or text; help, quit\): "


def test_keys_typed_before_the_prompt_are_not_taken_as_a_move(terminal):
    term = terminal("play", "diciassette", "--players", "3", "--seed", "4", "--delay", "0")
    term.send("1\n")  # typed while the game starts (as during a reveal): must be dropped
    term.expect(PROMPT_EN)
    leave(term, "quit")
    assert term.finish() == 1
    text = term.text
    assert text.count("Your move (") == 1, text  # the "1" made no move and asked nothing
    assert "Game abandoned." in text


def test_decimoarr_number_typed_is_the_position(terminal):
    # Seed 1, seat 1: p16 is not offered at the first prompt (it is one of the home cards
    # or face up), so the list's ranks and the positions differ from 16 on.
    term = terminal("play", "decimoarr", "--players", "3", "--seed", "1", "--delay", "0")
    start = term.expect(PROMPT_EN)
    listed = term.text[:start]
    assert re.search(r"\b17\. p17\b", listed), listed[-800:]
    assert not re.search(r"\b16\. p16\b", listed)  # p16 not offered: no number 16
    term.send("17\n")
    term.expect(r"You turn over p17")
    term.expect(PROMPT_EN, after=start)
    leave(term, "quit")
    term.finish()
    assert "You turn over p18" not in term.text


def test_decimoarr_number_of_a_position_not_offered_is_refused(terminal):
    term = terminal("play", "decimoarr", "--players", "3", "--seed", "1", "--delay", "0")
    start = term.expect(PROMPT_EN)
    term.send("16\n")
    term.expect(r"That number is not in the list; allowed: ", after=start)
    term.expect(PROMPT_EN, after=start)
    leave(term, "quit")
    term.finish()
    assert "You turn over" not in term.text[start:]


def test_games_never_cuts_option_names_or_values_at_80_columns(terminal):
    listing = json.loads(subprocess.run(
        [sys.executable, "-m", "ludotheque", "games", "--json"], capture_output=True,
        text=True, check=True, env={"PYTHONPATH": str(SRC), "PATH": ""}).stdout)
    term = terminal("games", columns=80)
    assert term.finish() == 0
    text = term.text
    assert "…" not in text
    words = set(re.findall(r"[\w.-]+", text))
    for game in listing:
        for option in game["options"]:
            assert option["name"] in words, option["name"]


def test_french_seats_typography_and_translated_bot_levels(terminal):
    term = terminal("play", "dtc", "--players", "3", "--seed", "2", "--lang", "fr",
                    "--delay", "0")
    start = term.expect(r"Votre coup")
    term.expect(r": ", after=start)
    text = term.text[:start].replace("\u00a0", " ").replace("\u202f", " ")
    assert "1 : Vous" in text
    assert "2 : Camille (heuristique)" in text
    assert "(heuristic)" not in text
    assert "tiré au sort" not in text and "relever le défi" not in text
    leave(term, "quitter")
    term.finish()
