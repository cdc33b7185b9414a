"""French no-break spaces (before : ; ? ! and inside « ») never become line breaks when
rich wraps: in plain text, in a table cell and in a panel, at many narrow widths."""

from __future__ import annotations

import io
import re
import string

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

import ludotheque.ui.terminal.screen  # noqa: F401  (the terminal: what makes rich keep them)
from ludotheque.core.registry import all_games
from ludotheque.i18n import catalog, t
from ludotheque.ui.terminal.typography import keep_no_break_spaces, rich_breaks_no_break_spaces

# a line that starts with what a no-break space holds to the word before, or ends with «
BROKEN = re.compile(r"^\s*[:;?!»%]|«\s*$", re.M)


class _Any(dict):
    def __missing__(self, key):
        return "Camille"


def french_texts_with_no_break_spaces():
    all_games()
    texts = []
    for entry in catalog().values():
        text = entry["fr"]
        if "\u00a0" not in text and "\u202f" not in text:
            continue
        try:
            texts.append(string.Formatter().vformat(text, (), _Any()))
        except (ValueError, IndexError, KeyError):
            continue
    return texts


def printed(renderable, width):
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    return console.file.getvalue()


def test_rich_keeps_no_break_spaces_once_the_terminal_is_loaded():
    assert not rich_breaks_no_break_spaces()
    assert keep_no_break_spaces() is False  # already done: changes nothing more
    sample = ("Dernière contestation\u00a0: «\u00a017\u00a0» était faux\u00a0; "
              "Fanny a\u00a0perdu\u00a0!")
    for width in range(15, 40):
        assert not BROKEN.search(printed(sample, width)), width


def test_no_french_text_wraps_before_its_punctuation():
    texts = french_texts_with_no_break_spaces()
    assert len(texts) > 200
    for width in (22, 29, 37, 51):
        bad = [(width, text) for text in texts
               if max(map(len, text.split()), default=0) < width - 4
               and BROKEN.search(printed(text, width))]
        assert bad == []


def test_a_table_cell_and_a_panel_keep_them_too():
    line = t("error.unknown_game", "fr", name="wazabi2", allowed="diciassette, wazabi")
    for width in range(24, 60, 3):
        table = Table("Message")
        table.add_row(line)
        assert not BROKEN.search(printed(table, width)), width
        assert not BROKEN.search(printed(Panel(line), width)), width
