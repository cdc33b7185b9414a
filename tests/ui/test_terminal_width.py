"""The width the command line draws at follows the terminal: rich took COLUMNS once, when
the console was made, so a window resized afterwards (or a COLUMNS exported before a
resize, read by the next command) kept its old width and the terminal cut every long line
mid-word."""

from __future__ import annotations

import re

import pyte
import pytest

from tests.ui.terminal import ANSI

PROMPT = r"Your move \(number or text; help, quit\): "


def _widest(text: str) -> int:
    return max(len(line.rstrip()) for line in ANSI.sub("", text).split("\n"))


@pytest.mark.parametrize("resized", [False, True], ids=["stale COLUMNS", "resized during a game"])
def test_the_table_is_drawn_at_the_terminal_s_width(terminal, resized):
    """COLUMNS=100 in the environment; the window is 50 columns wide from the start, or
    is 100 wide and then resized to 50 during the game: the table after that fits 50."""
    term = terminal("play", "17", "--plain", "--seed", "3", "--delay", "0", "--pace", "0",
                    "--lang", "en", columns=100 if resized else 50, env={"COLUMNS": "100"})
    start = term.expect(PROMPT)
    if resized:
        assert _widest(term.text[:start]) > 50  # drawn at 100 columns before the resize
        term.resize(50)
    term.send("2\n")  # pass: the table is drawn again
    after = term.expect(PROMPT, after=start)
    drawn = term.text[start:after]
    assert "Penalty" in drawn and _widest(drawn) <= 50, drawn
    term.send("quit\n")
    term.expect(r"leave without saving\):")  # the question, wrapped at 50 columns too
    term.send("\n")
    assert term.finish() == 1


PROMPT_FR = r"Votre coup \(numéro ou texte\s;\saide, quitter\)\s:\s"


def _screen(term, columns: int, rows: int) -> list[str]:
    screen = pyte.Screen(columns, rows)
    pyte.ByteStream(screen).feed(term.raw.encode())
    return [line.replace("\u00a0", " ").rstrip() for line in screen.display]


@pytest.mark.parametrize(("game", "seed", "keys", "whole", "broken"), [
    # Wazabi: a move's hint stays whole ("[jouer⏎garde2]"); a card of the hand too
    ("wazabi", "4", "", ["[jouer garde2]", "[jouer retire1]", "-1 dé (coût 1)",
                         "Autres : 2 cartes (coût 2)"], r"^[^\[\s]*\]|\[[^\]]*$"),
    # DTC: a bot's hand of six backs, your hand of ten after you accept, on one line each
    ("dtc", "2", "accepter", ["Camille (heuristique)  ## ## ## ## ## ##",
                             "Vous                   1 1 3 3 3 3 3 3 4 4"], r"^[│ ]*##"),
])
@pytest.mark.parametrize(("columns", "rows", "plain"), [(80, 24, False), (60, 60, True)])
def test_nothing_breaks_inside_a_card_or_a_hint(terminal, game, seed, keys, whole, broken,
                                                 columns, rows, plain):
    """At 80x24 DTC's bot hands wrapped a lone "##" onto a second line and Wazabi's hints
    broke inside their brackets; at 60 columns (printed line after line) they fit too."""
    term = terminal("play", game, "--players", "4" if game == "dtc" else "3", "--seed", seed,
                    "--lang", "fr", "--delay", "0", *(["--plain"] if plain else []),
                    columns=columns, rows=rows)
    at = term.expect(PROMPT_FR)
    if keys:
        term.send(keys + "\n")
        at = term.expect(PROMPT_FR, after=at)
    if plain:
        lines = [line.replace("\u00a0", " ").rstrip() for line in term.text.splitlines()]
    else:
        lines = _screen(term, columns, rows)
    shown = "\n".join(lines)
    for text in whole:
        assert text in shown, shown
    assert not [line for line in lines if re.search(broken, line.strip("│ "))], shown
    assert max(len(line) for line in lines) <= columns
    term.send("quitter\n")
    term.expect(r"\(Entrée\s?: [^)]*\)\s?:", after=at)  # "Nom du⏎fichier" at 60 columns
    term.send("\n")
    assert term.finish() == 1
