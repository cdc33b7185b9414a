"""`ludotheque replay game.json --step [--seat N]`: walk a game move by move.

From one seat's view (`--seat N`: its table and the events as it read them), from the
spectator's (an unfinished game without `--seat`: the public part only), or, once the
game is over and no seat is chosen, with everything revealed: every seat's own view of
the table, and each event as the public read it plus each seat's private part of it.
A move is never named by its text form (DTC's "add 4" would show a hidden card): what a
move did is told by its events, as the chosen reader read them.

Keys: Enter or n next, b back, a number goes to that move (ended by Enter), s the start,
e the end, q quits. On a terminal a key acts at once (`key_reader`); from a pipe, a line each.
"""

from __future__ import annotations

import dataclasses
import os
import select
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from rich.console import Console, Group
from rich.text import Text

from ludotheque.core import stand_ins
from ludotheque.core.actions import typed_number
from ludotheque.core.game import State
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.replay import replay
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import first_name
from ludotheque.ui.terminal.play import InputEnded, _line_reader
from ludotheque.ui.terminal.screen import CLEAR_ALL, Colours

RIGHT, LEFT = "\x1b[c", "\x1b[d"  # the arrow keys (lowered, as every answer is)
# The keys of each language, as its prompt names them ("s" is "suivant" in French, "start"
# in English): next, back, start, end, quit.
KEYS = {
    "en": {"next": {"", "n", "next", "+", RIGHT}, "back": {"b", "back", "p", "-", "prev", LEFT},
           "start": {"s", "start"}, "end": {"e", "end"}, "quit": {"q", "quit", "exit"}},
    "fr": {"next": {"", "s", "suivant", "n", "+", RIGHT},
           "back": {"r", "retour", "p", "-", "b", LEFT},
           "start": {"d", "début", "debut"}, "end": {"f", "fin"},
           "quit": {"q", "quitter", "quit"}},
}
LOG_TAIL = 12  # event lines shown under the table at each step


@dataclasses.dataclass
class Frame:
    state: State
    events: int  # events in the log after this move
    actor: int | None  # the seat that made the move leading here (None: the start)


def frames_of(record: Record) -> tuple[Match, list[Frame]]:
    """Every position of the game: before the first move, then after each move."""
    match = replay(dataclasses.replace(record, actions=[], result=None))
    frames = [Frame(match.state.clone(), len(match.events or []), None)]
    for action in record.actions:
        actor = match.current_player()
        match.apply(action)
        frames.append(Frame(match.state.clone(), len(match.events or []), actor))
    return match, frames


def event_lines(match: Match, start: int, end: int, reader: int | None, revealed: bool,
                lang: str, people: Sequence[str], spans: Sequence[Sequence] = ()) -> list[Text]:
    """The events [start, end) as `reader` read them; revealed: the public sentence, then
    each seat's private part as that seat read it. `spans`: the stand-ins' (the record's,
    `core.stand_ins`), whose events name the seat "Ada (bot)"."""
    renderer = match.game.parts.renderer
    lines: list[Text] = []
    for index, event in enumerate((match.events or [])[start:end], start):
        names = stand_ins.names_at(people, spans, index, lang)
        if not revealed:
            lines += [Text(line) for line in
                      renderer.event_lines(event.for_player(reader), lang, names, reader)]
            continue
        public = renderer.event_lines(event.for_player(None), lang, names, None)
        lines += [Text(line) for line in public]
        for seat in sorted(event.private):
            own = renderer.event_lines(event.for_player(seat), lang, names, seat)
            for line in own:
                if line not in public:
                    lines.append(Text(t("ui.step.private", lang, player=first_name(names[seat]),
                                        line=line),
                                      style="dim"))
    return lines


def _one_key(fd: int) -> str:
    """One key press: a character (UTF-8: one to four bytes), or an arrow's escape sequence."""
    first = os.read(fd, 1)
    if first == b"\x1b":  # an arrow sends ESC [ D at once; Escape alone, nothing after it
        ready, _, _ = select.select([fd], [], [], 0.05)
        return (first + (os.read(fd, 2) if ready else b"")).decode("ascii", "replace")
    more = 0 if first < b"\xc0" else 1 if first < b"\xe0" else 2 if first < b"\xf0" else 3
    return (first + (os.read(fd, more) if more else b"")).decode("utf-8", "replace")


def key_reader(stream: TextIO, console: Console) -> Callable[[str], str]:
    """One key at a time, without Enter, from a terminal; a digit starts a move number, read
    to Enter. Not a terminal (a pipe, a test): a line each. Raises InputEnded (Ctrl-D)."""
    if not stream.isatty():
        return _line_reader(stream, console)
    import termios
    import tty

    def read(prompt: str) -> str:
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
        try:  # no Enter, no echo, keys typed ahead kept; Ctrl-C still interrupts
            tty.setcbreak(fd, termios.TCSANOW)
            console.print(prompt + " ", end="")
            console.file.flush()
            key = _one_key(fd)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        if key in ("", "\x04"):
            raise InputEnded
        if key.isdigit():  # the rest of the number, the terminal echoing it, then Enter
            console.print(key, end="")
            console.file.flush()
            return key + os.read(fd, 64).decode("utf-8", "replace")
        console.print(key if key.isprintable() else "")
        return key.strip("\r\n")

    return read


def step_through(record: Record, names: Sequence[str], lang: str, seat: int | None,
                 console: Console, read_line: Callable[[str], str], clear: bool) -> int:
    match, frames = frames_of(record)
    spans = stand_ins.valid(record.meta.get("stand_ins"), match.num_players)
    game = match.game
    renderer = game.parts.renderer
    over = frames[-1].state.is_terminal()
    revealed = seat is None and over
    colours = Colours(names, lang)
    colours.reader = seat
    last = len(frames) - 1
    index = 0
    if seat is not None:
        reading = t("ui.step.reading_seat", lang, player=first_name(names[seat]), number=seat + 1)
    else:
        reading = t("ui.step.reading_all" if revealed else "ui.step.reading_public", lang)
    while True:
        frame = frames[index]
        if clear:
            console.file.write(CLEAR_ALL)
        if index == 0:
            title = tn("ui.step.start", last, lang)
        else:
            title = t("ui.step.move", lang, number=index, total=last, player=stand_ins.names_at(
                names, spans, frames[index - 1].events, lang)[frame.actor])
        console.print(colours.text(f"{t(game.title_key, lang)}  ·  {title}  ·  {reading}",
                                   "bold reverse"))
        readers: list[int | None] = list(range(frame.state.num_players)) if revealed else [seat]
        tables: list[Any] = []
        for reader in readers:
            if revealed:
                tables.append(Text(t("ui.step.as_seen_by", lang, player=names[reader]),
                                   style="bold underline"))
            tables.append(renderer.table(frame.state.view(reader), lang, names))
        console.print(colours.renderable(Group(*tables), console.width))
        before = frames[index - 1].events if index else 0
        shown = event_lines(match, before, frame.events, seat, revealed, lang, names, spans)
        room = LOG_TAIL - len(shown)  # earlier lines, dimmed, fill the rest of the tail
        older = event_lines(match, 0, before, seat, revealed, lang, names,
                            spans)[-room:] if room > 0 else []
        console.print(Text(t("ui.panel.log", lang), style="bold"))
        for line in older:
            console.print(colours.text(line, "dim"))
        for line in shown[-LOG_TAIL:]:
            console.print(colours.text(line, "bold"))
        if index == last:
            console.print(t("ui.step.at_end", lang), style="yellow")
        try:
            answer = read_line(t("ui.step.prompt", lang, number=index, total=last)).strip().lower()
        except (EOFError, InputEnded):
            return 0
        keys = KEYS.get(lang, KEYS["en"])
        if answer in keys["quit"]:
            return 0
        if answer in keys["next"]:
            index = min(last, index + 1)
        elif answer in keys["back"]:
            index = max(0, index - 1)
        elif answer in keys["start"]:
            index = 0
        elif answer in keys["end"]:
            index = last
        elif (typed := typed_number(answer)) is not None and typed <= last:
            index = typed
        else:
            console.print(t("ui.step.bad_key", lang, total=last), style="red")

