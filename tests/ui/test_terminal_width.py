"""The width the command line draws at follows the terminal: rich took COLUMNS once, when
the console was made, so a window resized afterwards (or a COLUMNS exported before a
resize, read by the next command) kept its old width and the terminal cut every long line
mid-word."""

from __future__ import annotations

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
