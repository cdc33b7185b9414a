"""Play a game in the terminal: one person (or nobody, with --watch) against bots.

The loop reads only what the person's seat may see: the view of that seat and
the events as that seat reads them (a spectator's view when watching). Moves
are typed as a number from the list or as their text form; anything else
gets a clear message and a new prompt, and the game is unchanged. Standard
input need not be a terminal: a script can pipe moves one per line.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.columns import Columns
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from ludotheque.bots import make_bot
from ludotheque.core.actions import typed_number
from ludotheque.core.chance import derive_seed
from ludotheque.core.errors import LudoError, echo
from ludotheque.core.files import os_reason, writing
from ludotheque.core.game import Game
from ludotheque.core.match import Match
from ludotheque.i18n import french_typography, has_text, t, tn
from ludotheque.kit.narration import winners_line
from ludotheque.ui.terminal.console import LiveConsole
from ludotheque.ui.terminal.gesture import Gesture
from ludotheque.ui.terminal.reference import card_reference
from ludotheque.ui.terminal.screen import FullScreen, PlainScreen, make_screen
from ludotheque.ui.terminal.typography import NO_BREAK_SPACES

# Names that start with a consonant, so French never needs an elision ("de Bruno").
COMPACT_ABOVE = 12  # more legal moves than this are listed in columns, by their text form
BOT_NAMES = ("Bruno", "Camille", "Denis", "Fanny", "Gaspard", "Léa")
GAME_OVER = "game_over"  # the kind of the event that ends a game (its scores and winners)


@dataclass
class TerminalSettings:
    game: Game
    players: int
    seed: int
    lang: str
    humans: tuple[int, ...]  # the seats played by people at this screen (none: watch bots)
    bots: Sequence[str]  # one name per seat ("human" at the people's seats)
    options: Mapping[str, Any] = field(default_factory=dict)
    save: Path | None = None
    delay: float = 0.0  # seconds between the steps of a reveal (0 when not interactive)
    pace: float = 0.0  # seconds after each bot's move shown, for a person to read it (--pace)
    budget: Any = None  # thinking budget of search bots (bots.ismcts.Budget), None: the game's
    full_screen: bool = False  # the layout that stays put (a real terminal), else plain lines
    # `quit` asks for a file (a person types); a script's next line is not one
    ask_to_save: bool = False

    def meta(self) -> dict[str, Any]:
        """What a saved game needs besides its record to go on as it was (`--resume`)."""
        meta: dict[str, Any] = {"bots": list(self.bots), "humans": list(self.humans),
                                "human_seat": self.humans[0] if len(self.humans) == 1 else None,
                                "lang": self.lang}
        if self.budget is not None:
            meta["budget"] = {"iterations": self.budget.iterations, "ms": self.budget.ms}
        return meta


class InputEnded(Exception):
    """Standard input closed before the game ended."""


class QuitGame(Exception):
    """The person asked to leave."""


QUIT_WORDS = {"quit", "quitter", "exit", "q"}
HELP_WORDS = {"help", "aide", "?"}
LOG_WORDS = {"log", "journal", "historique"}
CARDS_WORDS = {"cards", "cartes"}
BACK_WORDS = {"back", "reprendre", "undo", "annuler"}
YES_WORDS = {"yes", "y", "oui", "o"}
NO_WORDS = {"no", "n", "non"}


def bot_label(bot: str, lang: str) -> str:
    """A bot's name for people ("heuristique"), or the name as typed if it has no text."""
    bot = bot.strip().lower()
    return t(f"ui.bot.{bot}", lang) if has_text(f"ui.bot.{bot}") else bot


def seat_names(settings: TerminalSettings) -> list[str]:
    """You (one person), Player 2 (several people at one screen), Camille (heuristic)."""
    names = []
    for seat in range(settings.players):
        if seat in settings.humans:
            names.append(t("ui.you", settings.lang) if len(settings.humans) == 1
                         else t("ui.player_n", settings.lang, number=seat + 1))
        else:
            label = bot_label(settings.bots[seat], settings.lang)
            names.append(f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({label})")
    return names


class _Table:
    """One game at the terminal: the match, the bots, the screen and who is looking at it.

    `reader` is the seat whose eyes are on the screen: the only person at the screen, the
    person whose turn it is in pass-and-play (from the hand-over on), None when watching
    bots. Everything drawn is read from `view(reader)` and `events_for(reader)`.
    """

    def __init__(self, settings: TerminalSettings, match: Match, screen: PlainScreen,
                 names: list[str], resumed: bool) -> None:
        self.settings = settings
        self.lang = settings.lang
        self.match = match
        self.game = match.game
        self.renderer = self.game.parts.renderer
        self.screen = screen
        self.names = names
        self.humans = settings.humans
        self.passing = len(self.humans) > 1  # pass-and-play: several people, one screen
        self.reader: int | None = None if self.passing or not self.humans else self.humans[0]
        self.looking = not self.passing  # someone may read the screen now
        # per reader: the events already shown (a resumed game starts at its end)
        self.shown: dict[int | None, int] = {}
        self.start = len(match.events or []) if resumed else 0
        self.bots = {seat: make_bot(settings.bots[seat], self.game, settings.budget)
                     for seat in range(settings.players) if seat not in self.humans}
        self.rngs = {seat: random.Random(derive_seed(settings.seed, "bot", seat))
                     for seat in self.bots}
        self.saved_for_later = False

    # -- drawing -----------------------------------------------------------
    def header(self) -> str:
        title = t(self.game.title_key, self.lang)
        if self.passing and self.reader is not None:
            return f"{title}  ·  " + t("ui.header.at_screen", self.lang,
                                       player=self.names[self.reader])
        return title

    def table(self) -> Any:
        return self.renderer.table(self.match.view(self.reader), self.lang, self.names)

    def show_events(self) -> None:
        if not self.looking:
            return
        start = self.shown.get(self.reader, self.start)
        events = self.match.events_for(self.reader, start)
        self.shown[self.reader] = start + len(events)
        if not events:
            return
        self.screen.set_table(self.table(), self.header())
        for event in events:
            if event["kind"] == GAME_OVER:  # told once, under the final table (end_lines)
                continue
            step = event["kind"] == "resolution"
            for line in self.renderer.event_lines(event, self.lang, self.names, self.reader):
                self.screen.note(line, "cyan" if step else None)
                if step and self.settings.delay:
                    time.sleep(self.settings.delay)

    def log_lines(self) -> list[str]:
        """The whole log, as the reader may read it."""
        return [line for event in self.match.events_for(self.reader)
                for line in self.renderer.event_lines(event, self.lang, self.names, self.reader)]

    # -- playing -------------------------------------------------------------
    def play(self) -> None:
        while not self.match.is_over():
            player = self.match.current_player()
            if player in self.humans:
                if self.passing and self.reader != player:
                    self.hand_over(player)
                self.show_events()
                self.ask_move(player)
            else:
                action = self.bots[player].choose(self.match.view(player),
                                                  self.match.legal_actions(), self.rngs[player])
                self.match.apply(action)
                if isinstance(self.screen, FullScreen):
                    self.screen.waiting()
                self.show_events()
                if self.settings.pace and self.looking and not self.match.is_over():
                    time.sleep(self.settings.pace)
        self.show_events()

    def hand_over(self, player: int) -> None:
        """Show the person leaving what their move did (what they drew, what it revealed:
        their own view), then clear the screen and wait until the next person has the device."""
        if self.reader is not None:
            self.show_events()
            done = t("ui.turn_done", self.lang, player=self.names[player], number=player + 1)
            self.wait_for(self.screen.outcome(
                self.table(), Text(done, style="bold"), self.header(),
                t("ui.handover_done_prompt", self.lang, player=self.names[self.reader])))
        self.reader, self.looking = None, False
        self.wait_for(self.screen.handover(self.names[player], player + 1))
        self.reader, self.looking = player, True

    @staticmethod
    def wait_for(answer: str) -> None:
        """An Enter between two people: anything goes on, except a word to quit."""
        if answer.strip().lower() in QUIT_WORDS:
            raise QuitGame

    def moves_block(self, legal: Sequence[int], numbers: Mapping[int, int],
                    gesture: Gesture, view: Mapping[str, Any] | None = None) -> Group:
        """The reader's moves, numbered, each with its text form; seats named as the
        reader reads them (`view`: the reader's view)."""
        game, lang = self.game, self.lang

        def describe(action: int) -> str:
            return game.describe_action(action, lang, view=view, names=self.names)
        lines: list[Any] = [Text(t("ui.moves", lang), style="bold")]
        if len(legal) > COMPACT_ABOVE:  # many moves (a grid of cards): compact columns
            lines.append(t("ui.moves_compact", lang, example=describe(legal[0]),
                           form=game.action_hint(legal[0], lang)))
            lines.append(Columns([f"{number:>2}. {game.action_hint(action, lang)}"
                                  for number, action in numbers.items()], padding=(0, 3)))
        else:
            lines.extend(move_line(number, describe(action), game.action_hint(action, lang))
                         for number, action in numbers.items())
        if gesture.moves:
            lines.append(Text(t("ui.held", lang, moves=", ".join(
                game.action_hint(a, lang) for a in gesture.moves)), style="yellow"))
        return Group(*lines)

    def ask_move(self, seat: int) -> None:
        game, lang, screen = self.game, self.lang, self.screen
        builds = type(game).building_moves is not Game.building_moves  # DTC's offers
        gesture = Gesture(self.match, seat, game.building_moves if builds else None)
        # Printed line after line, the table is printed again only when it changed (or a
        # long block pushed it away): printed again under a reply (an error, the help), it
        # pushed that reply out of a small window before it could be read.
        redraw = True
        while True:
            state = gesture.state()
            legal = state.legal_actions()
            numbers = move_numbers(self.renderer, legal)
            view = state.view(seat)
            if redraw or screen.full:
                screen.turn(self.renderer.table(view, lang, self.names),
                            self.moves_block(legal, numbers, gesture, view),
                            self.header() if screen.full or self.passing else "")
            redraw = False
            answer = screen.ask(t("ui.prompt", lang)).strip()
            if not answer:
                continue
            lowered = answer.lower()
            first, _, rest = lowered.partition(" ")
            if lowered in HELP_WORDS:
                help_text = t("ui.help", lang, forms=game.notation_help(lang))
                commands = t("ui.help_commands", lang)
                if gesture.held_moves is not None:  # a game with gestures (DTC's offers)
                    commands += " " + t("ui.help_back", lang)
                if screen.full:
                    self.show_block(Text(help_text + "\n\n" + commands), t("ui.help_title", lang))
                else:
                    screen.message(help_text)
                    screen.message(commands)
                continue
            if lowered in QUIT_WORDS:
                raise QuitGame
            if lowered in LOG_WORDS:
                self.show_block(Group(*[screen.colours.text(line) for line in self.log_lines()]),
                                t("ui.log_title", lang))
                redraw = True
                continue
            if lowered in CARDS_WORDS:
                text = card_reference(game, lang, self.match.state.options)
                self.show_block(Markdown(french_typography(text) if lang == "fr" else text),
                                t("ui.cards_title", lang))
                redraw = True
                continue
            try:
                if first in BACK_WORDS and gesture.held_moves is not None:  # DTC's offers
                    taken = gesture.take_back(
                        game.parse_input(rest, self.match.state) if rest.strip() else None)
                    screen.message(t("ui.taken_back", lang, move=game.action_hint(taken, lang)),
                                   "yellow")
                    redraw = True
                    continue
                typed = typed_number(answer)
                if typed in numbers:
                    actions = [numbers[typed]]
                elif typed is not None:  # a number not in the list may still be a move ("17")
                    try:
                        actions = game.parse_input(answer, state)
                    except LudoError:
                        screen.message(t("ui.bad_number", lang,
                                         allowed=", ".join(map(str, numbers))), "red")
                        continue
                else:
                    actions = game.parse_input(answer, state)
                if gesture.play(actions):
                    return
                redraw = True  # a move held (a card put into an offer)
            except LudoError as error:
                screen.message(error.message(lang), "red")

    def show_block(self, renderable: Any, title: str) -> None:
        """A long text to read now (the log, the card reference); the game waits."""
        self.screen.show(Group(Text(title, style="bold"), renderable))
        if self.screen.full:
            self.screen.pause()

    # -- leaving -------------------------------------------------------------
    def offer_to_save(self, ask: bool = True) -> None:
        """On `quit`: save where --save says, or ask for a file (Enter: do not save).
        `ask=False` (Ctrl-C): no question, even if --save cannot be written."""
        lang, path = self.lang, self.settings.save
        if path is None and not self.settings.ask_to_save:
            return
        if path is None:
            try:
                path = self.ask_for_file(t("ui.save_question", lang))
            except InputEnded:
                return
            if path is None:
                return
        else:
            path = self.keep(path, "ui.save_question", ask)
            if path is None:
                return
        self.saved_for_later = True
        self.screen.console.print(t("ui.saved_resume", lang, path=str(path)), markup=False)

    def ask_for_file(self, question: str) -> Path | None:
        """A file the game is written to, asked until it is written (None: Enter, leave
        without saving); replacing a file is confirmed first. Raises InputEnded."""
        lang = self.lang
        while True:
            answer = self.screen.ask(question).strip()
            if not answer or answer.lower() in NO_WORDS:
                return None
            path = Path(answer).expanduser()
            try:  # is_file: a name too long for the system raises ENAMETOOLONG
                if path.is_file() and not self.confirm(t("ui.save_replace", lang, path=answer)):
                    continue  # another name
                self.save(path)
                return path
            except OSError as error:
                # a file name is repeated whole; a page pasted by mistake is cut
                self.screen.message(t("ui.save_failed", lang, path=echo(answer, 300),
                                      reason=os_reason(error).message(lang)), "red")

    def keep(self, path: Path, question: str, ask: bool = True) -> Path | None:
        """Write the record where --save says. The record is never lost: if that fails, a
        person at a terminal is told why and asked for another file (Enter: leave without
        saving); without one (a script, Ctrl-C, the input ended), the record goes to a file
        of the system's temporary folder (or, failing that, to stderr) and SaveFailed says
        where, after what went wrong. Returns the file written (None: not saved)."""
        try:
            with writing(path):
                self.save(path)
            return path
        except LudoError as error:
            failure = error
        if ask and self.settings.ask_to_save:
            self.screen.message(failure.message(self.lang), "red")
            try:
                return self.ask_for_file(t(question, self.lang))
            except InputEnded:
                pass
        text = self.match.record(**self.settings.meta()).dumps()
        kept = write_elsewhere(text, self.settings.game.name)
        if kept is None:
            if not self.match.is_over() and sys.stderr.isatty():
                # the screen the players share: a game not over must not show its seed
                raise failure
            print(text, file=sys.stderr)
            raise LudoError("error.save_kept_stderr", failure=failure)
        raise LudoError("error.save_kept", failure=failure, path=str(kept))

    def confirm(self, question: str) -> bool:
        """Yes or no (in either language); asked again until it is one of them."""
        while True:
            answer = self.screen.ask(question).strip().lower()
            if answer in YES_WORDS | NO_WORDS:
                return answer in YES_WORDS
            self.screen.message(t("ui.yes_or_no", self.lang), "red")

    def save(self, path: Path) -> None:
        self.match.record(**self.settings.meta()).save(path)


def run(settings: TerminalSettings, console: Console | None = None,
        read_line: Callable[[str], str] | None = None, match: Match | None = None) -> int:
    """Play one game (or go on with `match`, a resumed game); returns the exit code
    (0 finished, 1 abandoned)."""
    console = console or LiveConsole(highlight=False)
    lang = settings.lang
    read_line = read_line or _line_reader(sys.stdin, console)
    game = settings.game
    resumed = match is not None
    if match is None:
        match = Match(game, settings.players, settings.options, seed=settings.seed)
    names = seat_names(settings)
    screen = make_screen(console, names, lang, read_line, settings.full_screen)
    screen.watching = not settings.humans
    table = _Table(settings, match, screen, names, resumed)

    # The seed determines every hidden card: it is shown when the game is over, not before.
    screen.intro(t("ui.welcome", lang, game=t(game.title_key, lang), players=settings.players),
                "bold")
    screen.intro(t("ui.seats", lang, seats=", ".join(
        t("ui.seat_entry", lang, number=i + 1, name=name) for i, name in enumerate(names))))
    if resumed:
        screen.intro(tn("ui.resumed", len(match.actions), lang), "bold")
    exit_code, save_at_end = 0, settings.save is not None
    try:
        table.play()
        if table.passing:  # the end: everyone may look again
            table.reader, table.looking = None, True
            table.show_events()
        screen.game_over()
        console.print()
        console.print(screen.colours.renderable(table.table(), console.width))
        *story, last = end_lines(match, table.reader, lang, names)
        for line in story:
            console.print(screen.colours.text(line))
        console.print(screen.colours.text(last, "bold green"))
    except InputEnded:
        console.print(t("ui.input_ended", lang), style="yellow")
        exit_code = 1
    except QuitGame:
        table.offer_to_save()  # --save settled: saved to go on, or not as the person chose
        save_at_end = False
        console.print(t("ui.quit", lang), style="yellow")
        exit_code = 1
    except KeyboardInterrupt:  # Ctrl-C: kept where --save says, as `quit` keeps it
        if settings.save is not None:
            table.offer_to_save(ask=False)
        raise
    # A game a file can take further (saved now, or resumed from one) keeps its seed secret.
    if match.is_over() or not (resumed or table.saved_for_later or save_at_end):
        console.print(t("ui.seed", lang, seed=settings.seed), style="dim")
    if save_at_end:
        saved = table.keep(settings.save, "ui.save_record_question")
        if saved is not None:  # a game left unfinished (the input ended) can go on
            console.print(t("ui.saved" if match.is_over() else "ui.saved_resume", lang,
                            path=str(saved)), markup=False)
    return exit_code


def end_lines(match: Match, reader: int | None, lang: str, names: Sequence[str]) -> list[str]:
    """How the game ended, as `reader` reads it: the lines of the game's "game_over" event
    (the scores, then one line naming the winners and why), else one line naming them."""
    renderer = match.game.parts.renderer
    lines = [line for event in match.events_for(reader) if event["kind"] == GAME_OVER
             for line in renderer.event_lines(event, lang, names, reader)]
    return lines or [winners_line([names[p] for p in match.state.winners()], lang)]


def write_elsewhere(text: str, game: str) -> Path | None:
    """The record written to a new file of the system's temporary folder, named after
    the game and the time (`ludotheque-wazabi-20260129-143005.json`); None if that
    cannot be written either."""
    folder = Path(tempfile.gettempdir())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        path = folder / f"ludotheque-{game}-{stamp}{f'-{attempt + 1}' if attempt else ''}.json"
        try:  # new, and readable by its owner only: a game not over holds its seed
            with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w",
                           encoding="utf-8") as handle:
                handle.write(text + "\n")
            return path
        except FileExistsError:
            continue
        except OSError:
            path.unlink(missing_ok=True)
            return None
    return None


def move_line(number: int, text: str, hint: str) -> Table:
    """"   2. play 2 face up  [2d up]": a move, then what to type for it. On a narrow screen
    the move's text wraps under itself, not under its number, and the hint moves whole to
    the next line ("[jouer⏎garde2]" broke inside the brackets): its spaces are no-break
    ones, which the parser reads as spaces."""
    line = Table.grid()
    line.add_column(no_wrap=True)
    line.add_column()
    hint = "[" + hint.replace(" ", NO_BREAK_SPACES[0]) + "]"
    line.add_row(f"  {number:>2}. ", Text(text).append("  ").append(hint, style="dim"))
    return line


def move_numbers(renderer: Any, legal: Sequence[int]) -> dict[int, int]:
    """The number a person types for each legal move: 1, 2, 3... by default; a game whose
    moves are numbered things (Décimoarr's positions) gives its own (`renderer.move_number`),
    so typing 3 always means position 3."""
    own = getattr(renderer, "move_number", None)
    if own is None:
        return {number: action for number, action in enumerate(legal, start=1)}
    return {own(action): action for action in legal}


def discard_type_ahead(stream: TextIO) -> None:
    """Drop keys typed before the prompt (during a reveal, a bot's turn): they are not a move."""
    try:
        import termios
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # not a terminal (or not POSIX): nothing to drop
        pass


def _line_reader(stream: TextIO, console: Console) -> Callable[[str], str]:
    interactive = stream.isatty()

    def read(prompt: str) -> str:
        if interactive:
            discard_type_ahead(stream)
            try:
                return console.input(prompt + " ")
            except EOFError:  # Ctrl-D: what follows starts a line, not after the prompt
                console.print()
                raise InputEnded from None
            except KeyboardInterrupt:  # Ctrl-C, likewise
                console.print()
                raise
        console.print(prompt)
        line = stream.readline()
        if not line:
            raise InputEnded
        # what the script typed, as typed: not rich markup ("[/]"), no control characters
        console.print(f"> {echo(line.strip())}", style="dim", markup=False)
        return line

    return read
