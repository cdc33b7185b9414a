"""Where the terminal draws: a scrolling transcript, or a layout that stays put.

`PlainScreen` prints one line after another (standard output is a pipe, a file, a test,
or `--plain`): what a script reads. `FullScreen` (a real terminal, tall enough) redraws
one fixed layout at every change: the table at the top, the reader's moves under it
beside the last moves, a message line, and the prompt on the last line, so that nothing
moves when the game goes on (unless it would cut what the reader needs: see `draw`). Both colour
each seat's name (its own
colour, always next to the written name: colour is never the only signal).

Between two people at one screen (pass-and-play), `handover` clears the screen and its
scrollback, so the previous person's hand cannot be scrolled back to.
"""

from __future__ import annotations

import io
import re
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.layout import Layout
from rich.panel import Panel
from rich.text import Text

from ludotheque.i18n import t
from ludotheque.ui.terminal.typography import keep_no_break_spaces

keep_no_break_spaces()  # French « Fin de la partie : … » never wraps before its colon

# One colour per seat (bold, bright: readable on dark and light backgrounds).
SEAT_COLOURS = ("bold bright_cyan", "bold bright_magenta", "bold bright_yellow",
                "bold bright_green", "bold bright_blue", "bold bright_red")
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"  # cursor home, erase the screen and the scrollback
FULL_MIN_ROWS = 24
STATUS_ROWS = 2  # the message line(s) above the prompt: a longer message is cut (help: a page)
FULL_MIN_COLUMNS = 70


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class Colours:
    """Colours every seat's name (and "you", for the reader) wherever it is written."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.names = list(names)
        self.lang = lang
        self.reader: int | None = None
        self._pattern_cache: dict[int | None, list[tuple[re.Pattern[str], str]]] = {}

    def _patterns(self) -> list[tuple[re.Pattern[str], str]]:
        if self.reader not in self._pattern_cache:
            pairs = [(name, seat_colour(seat)) for seat, name in enumerate(self.names)]
            if self.reader is not None:
                you = seat_colour(self.reader)
                pairs += [(t("ui.you", self.lang), you), (t("ui.you_mid", self.lang), you)]
            # longest first: "Camille (heuristic)" before a shorter name inside it
            pairs.sort(key=lambda pair: -len(pair[0]))
            self._pattern_cache[self.reader] = [
                (re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)"), style)
                for name, style in pairs]
        return self._pattern_cache[self.reader]

    def text(self, line: str | Text, style: str | None = None) -> Text:
        text = Text(line, style=style or "") if isinstance(line, str) else line.copy()
        for pattern, colour in self._patterns():
            text.highlight_regex(pattern, colour)
        return text

    def renderable(self, renderable: RenderableType, width: int) -> Text:
        """A rich renderable (a game's table) drawn, then its names coloured."""
        if isinstance(renderable, (str, Text)):
            return self.text(renderable)
        buffer = io.StringIO()
        Console(file=buffer, width=width, force_terminal=True, color_system="truecolor",
                highlight=False, legacy_windows=False).print(renderable)
        return self.text(Text.from_ansi(buffer.getvalue().rstrip("\n")))


class PlainScreen:
    """One line after another: for pipes, files, tests and `--plain`."""

    full = False
    watching = False  # nobody plays at this screen (--watch): no "your turn"

    def __init__(self, console: Console, colours: Colours, lang: str,
                 read_line: Callable[[str], str]) -> None:
        self.console = console
        self.colours = colours
        self.lang = lang
        self.read_line = read_line

    def note(self, line: str | Text, style: str | None = None) -> None:
        """A line of the story (an event, the welcome). The whole log is not kept here: the
        `log` command reads it again as its reader may (pass-and-play has several readers)."""
        self.console.print(self.colours.text(line, style))

    def intro(self, line: str | Text, style: str | None = None) -> None:
        """A line before the game starts (the seats): printed whole, then part of the log."""
        self.note(line, style)

    def message(self, line: str, style: str | None = None) -> None:
        """A reply to the reader (an error, a hint): not part of the story."""
        self.console.print(line, style=style, markup=False)

    def show(self, renderable: RenderableType) -> None:
        """A block to read now (the whole log, the card reference)."""
        self.console.print(renderable)

    def set_table(self, table: RenderableType | None, header: str = "") -> None:
        """The table as the reader sees it now: printed at each turn only."""
        self.table = table

    def turn(self, table: RenderableType, moves: RenderableType, header: str = "",
             title: str = "ui.panel.moves") -> None:
        """The table and the reader's moves (`title`: the key of the moves panel's title)."""
        self.console.print()
        if header:
            self.console.print(self.colours.text(header, "bold"))
        self.console.print(self.colours.renderable(table, self.console.width))
        self.console.print(moves)

    def ask(self, prompt: str) -> str:
        return self.read_line(prompt)

    def outcome(self, table: RenderableType, note: RenderableType, header: str, prompt: str) -> str:
        """The table as the person leaving sees it after their move, `note` in place of their
        moves, then an Enter before the device changes hands."""
        self.turn(table, note, header, "ui.panel.turn_over")
        return self.read_line(prompt)

    def handover(self, name: str, number: int) -> str:
        self.console.print()
        self.console.rule()
        self.console.print(self.colours.text(
            t("ui.handover", self.lang, player=name, number=number), "bold"))
        return self.read_line(t("ui.handover_prompt", self.lang, player=name))

    def pause(self) -> str:
        return self.read_line(t("ui.back_to_game", self.lang))

    def game_over(self) -> None:
        """The game is over: the last moves are already printed whole."""


class FullScreen(PlainScreen):
    """A layout that stays put, redrawn whole at every change (a real terminal)."""

    full = True

    def __init__(self, console: Console, colours: Colours, lang: str,
                 read_line: Callable[[str], str]) -> None:
        super().__init__(console, colours, lang, read_line)
        self.table: RenderableType | None = None
        self.header = ""
        self.moves: RenderableType = Text("")
        self.moves_title = "ui.panel.moves"
        self.status: Text = Text("")
        self.recent: deque[Text] = deque(maxlen=200)
        self.since_turn: deque[Text] = deque(maxlen=200)  # the lines since the reader's turn

    # the regions, from the top: header (1 line), the table (full width), the reader's moves
    # beside the last moves, a message line, and the prompt on the last line. The sizes stay
    # put from turn to turn unless what the reader needs would be cut: a taller table takes
    # rows from the moves and the log, moves that do not fit beside the log take its place,
    # and a screen too small for both is printed line after line (it scrolls, nothing is cut).
    def _lines(self, renderable: RenderableType, width: int) -> int:
        """How many lines `renderable` takes at `width` columns."""
        return len(self.console.render_lines(renderable, self.console.options.update_width(
            max(1, width)), pad=False))

    def draw(self) -> None:
        rows, width = self.console.size.height, self.console.size.width
        log_width = width if self.watching else max(30, width * 2 // 5)
        table = Text("") if self.table is None else self.colours.renderable(self.table, width - 4)
        status_rows = max(STATUS_ROWS, self._lines(self.status, width))
        room = rows - 1 - status_rows - 1  # under the header, over the message and the prompt
        bottom = max(8, min(16, rows // 2 - 2))
        table_rows = max(room - bottom, self._lines(table, width - 4) + 2)
        moves_rows = 0 if self.watching else self._lines(self.moves, width - log_width - 4) + 2
        if room - table_rows < moves_rows:  # the moves first: the table shrinks to fit
            table_rows = max(self._lines(table, width - 4) + 2, room - moves_rows)
        bottom = room - table_rows
        beside = bottom >= moves_rows  # else the moves take the whole width, without the log
        if not beside and (self.watching or bottom < self._lines(self.moves, width - 4) + 2):
            return self._draw_lines(table)
        layout = Layout()
        layout.split_column(Layout(name="header", size=1), Layout(name="table", size=table_rows),
                            Layout(name="bottom", size=bottom),
                            Layout(name="status", size=status_rows))
        layout["header"].update(self.colours.text(self.header, "bold reverse"))
        layout["table"].update(self._panel(table, "ui.panel.table"))
        if self.watching:  # nobody plays at this screen: the last moves take the whole width
            layout["bottom"].update(self._log(bottom, log_width))
        elif beside:
            layout["bottom"].split_row(Layout(name="moves"), Layout(name="log", size=log_width))
            layout["log"].update(self._log(bottom, log_width))
            layout["moves"].update(self._panel(self.moves, self.moves_title))
        else:
            layout["bottom"].update(self._panel(self.moves, self.moves_title))
        layout["status"].update(self.status)
        self.console.file.write(CLEAR_ALL)
        self.console.print(layout, height=rows - 1)

    def _draw_lines(self, table: Text) -> None:
        """A screen too small for the layout: the same regions one under the other."""
        self.console.file.write(CLEAR_ALL)
        self.console.print(self.colours.text(self.header, "bold reverse"))
        self.console.print(self._panel(table, "ui.panel.table"))
        if not self.watching:
            self.console.print(self._panel(self.moves, self.moves_title))
        self.console.print(self.status)

    def _log(self, rows: int, width: int) -> Panel:
        """The last moves: the newest lines, folded to fit `rows` by `width`."""
        wrapped: list[Text] = []
        for line in list(self.recent)[-(rows - 2):]:
            wrapped.extend(line.wrap(self.console, width - 4))
        return self._panel(Group(*wrapped[-(rows - 2):]), "ui.panel.log")

    def _panel(self, renderable: RenderableType, title: str) -> Panel:
        return Panel(renderable, title=t(title, self.lang), title_align="left")

    def note(self, line: str | Text, style: str | None = None) -> None:
        text = self.colours.text(line, style)
        self.recent.append(text)
        self.since_turn.append(text)
        self.draw()

    def game_over(self) -> None:
        """The last moves since the reader's turn (the last round's reveal, the end), shown
        whole in place of the layout: its log panel holds only the last few lines."""
        self.console.file.write(CLEAR_ALL)
        for line in self.since_turn:
            self.console.print(line)

    def intro(self, line: str | Text, style: str | None = None) -> None:
        text = self.colours.text(line, style)
        self.recent.append(text)
        self.console.print(text)

    def message(self, line: str, style: str | None = None) -> None:
        self.status = Text(line, style=style or "", overflow="ellipsis")
        self.draw()

    def show(self, renderable: RenderableType) -> None:
        self.console.file.write(CLEAR_ALL)
        self.console.print(renderable)

    def set_table(self, table: RenderableType | None, header: str = "") -> None:
        self.table = table
        self.header = header

    def turn(self, table: RenderableType, moves: RenderableType, header: str = "",
             title: str = "ui.panel.moves") -> None:
        self.table, self.moves, self.header, self.moves_title = table, moves, header, title
        self.since_turn.clear()
        self.draw()
        self.status = Text("")  # a message stays for one prompt

    def waiting(self) -> None:
        """Between the reader's turns: no moves to offer."""
        if not self.watching:
            self.moves = Text(t("ui.waiting", self.lang), style="dim")

    def handover(self, name: str, number: int) -> str:
        self.table, self.moves, self.status = None, Text(""), Text("")
        self.recent.clear()
        self.since_turn.clear()
        self.console.file.write(CLEAR_ALL)
        self.console.print(Panel(self.colours.text(
            t("ui.handover", self.lang, player=name, number=number), "bold"), expand=False))
        return self.read_line(t("ui.handover_prompt", self.lang, player=name))


def make_screen(console: Console, names: Sequence[str], lang: str, read_line: Callable[[str], str],
                full: bool) -> PlainScreen:
    colours = Colours(names, lang)
    size = console.size
    if full and size.height >= FULL_MIN_ROWS and size.width >= FULL_MIN_COLUMNS:
        return FullScreen(console, colours, lang, read_line)
    return PlainScreen(console, colours, lang, read_line)


def moves_block(lines: Sequence[Any]) -> Group:
    return Group(*lines)
