"""Play a game in the terminal: one person (or nobody, with --watch) against bots.

The loop reads only what the person's seat may see: the view of that seat and
the events as that seat reads them (a spectator's view when watching). Moves
are typed as a number from the list or as their text form; anything else
gets a clear message and a new prompt, and the game is unchanged. Standard
input need not be a terminal: a script can pipe moves one per line.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.columns import Columns
from rich.console import Console

from ludotheque.bots import make_bot
from ludotheque.core.chance import derive_seed
from ludotheque.core.errors import LudoError
from ludotheque.core.game import Game
from ludotheque.core.match import Match
from ludotheque.i18n import has_text, t

# Names that start with a consonant, so French never needs an elision ("de Bruno").
COMPACT_ABOVE = 12  # more legal moves than this are listed in columns, by their text form
BOT_NAMES = ("Bruno", "Camille", "Denis", "Fanny", "Gaspard", "Léa")


@dataclass
class TerminalSettings:
    game: Game
    players: int
    seed: int
    lang: str
    human_seat: int | None  # None: watch bots only
    bots: Sequence[str]  # one name per seat (the human seat's entry is ignored)
    options: Mapping[str, Any] = field(default_factory=dict)
    save: Path | None = None
    delay: float = 0.0  # seconds between the steps of a reveal (0 when not interactive)
    budget: Any = None  # thinking budget of search bots (bots.ismcts.Budget), None: the game's


class InputEnded(Exception):
    """Standard input closed before the game ended."""


class QuitGame(Exception):
    """The person asked to leave."""


def bot_label(bot: str, lang: str) -> str:
    """A bot's name for people ("heuristique"), or the name as typed if it has no text."""
    bot = bot.strip().lower()
    return t(f"ui.bot.{bot}", lang) if has_text(f"ui.bot.{bot}") else bot


def seat_names(settings: TerminalSettings) -> list[str]:
    names = []
    for seat in range(settings.players):
        if seat == settings.human_seat:
            names.append(t("ui.you", settings.lang))
        else:
            label = bot_label(settings.bots[seat], settings.lang)
            names.append(f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({label})")
    return names


def run(settings: TerminalSettings, console: Console | None = None,
        read_line: Callable[[str], str] | None = None) -> int:
    """Play one game; returns the exit code (0 finished, 1 abandoned)."""
    console = console or Console(highlight=False)
    lang = settings.lang
    read_line = read_line or _line_reader(sys.stdin, console)
    game = settings.game
    renderer = game.parts.renderer
    match = Match(game, settings.players, settings.options, seed=settings.seed)
    names = seat_names(settings)
    bots = {seat: make_bot(settings.bots[seat], game, settings.budget)
            for seat in range(settings.players) if seat != settings.human_seat}
    rngs = {seat: random.Random(derive_seed(settings.seed, "bot", seat)) for seat in bots}
    seat = settings.human_seat

    # The seed determines every hidden card: it is shown when the game is over, not before.
    console.print(t("ui.welcome", lang, game=t(game.title_key, lang), players=settings.players),
                  style="bold")
    console.print(t("ui.seats", lang, seats=", ".join(
        t("ui.seat_entry", lang, number=i + 1, name=name) for i, name in enumerate(names))))
    shown = 0
    exit_code = 0
    try:
        while not match.is_over():
            shown = _show_events(console, match, renderer, lang, names, seat, shown, settings.delay)
            player = match.current_player()
            if player == seat:
                console.print()
                console.print(renderer.table(match.view(seat), lang, names))
                _ask_move(console, match, game, lang, read_line, seat)
            else:
                bot_view = match.view(player)
                action = bots[player].choose(bot_view, match.legal_actions(), rngs[player])
                match.apply(action)
        _show_events(console, match, renderer, lang, names, seat, shown, settings.delay)
        console.print()
        console.print(renderer.table(match.view(seat), lang, names))
        winners = ", ".join(names[p] for p in match.state.winners())
        console.print(t("ui.winners", lang, players=winners), style="bold green")
    except InputEnded:
        console.print(t("ui.input_ended", lang), style="yellow")
        exit_code = 1
    except QuitGame:
        console.print(t("ui.quit", lang), style="yellow")
        exit_code = 1
    console.print(t("ui.seed", lang, seed=settings.seed), style="dim")
    if settings.save is not None:
        record = match.record(bots=list(settings.bots), human_seat=seat)
        record.save(settings.save)
        console.print(t("ui.saved", lang, path=str(settings.save)))
    return exit_code


def _show_events(console: Console, match: Match, renderer: Any, lang: str,
                 names: Sequence[str], seat: int | None, start: int, delay: float) -> int:
    events = match.events_for(seat, start)
    for event in events:
        lines = renderer.event_lines(event, lang, names, seat)
        step = event["kind"] == "resolution"
        for line in lines:
            console.print(line, style="cyan" if step else None)
            if step and delay:
                time.sleep(delay)
    return start + len(events)


def move_numbers(renderer: Any, legal: Sequence[int]) -> dict[int, int]:
    """The number a person types for each legal move: 1, 2, 3... by default; a game whose
    moves are numbered things (Décimoarr's positions) gives its own (`renderer.move_number`),
    so typing 3 always means position 3."""
    own = getattr(renderer, "move_number", None)
    if own is None:
        return {number: action for number, action in enumerate(legal, start=1)}
    return {own(action): action for action in legal}


def _ask_move(console: Console, match: Match, game: Game, lang: str,
              read_line: Callable[[str], str], seat: int) -> None:
    legal = match.legal_actions()
    numbers = move_numbers(game.parts.renderer, legal)
    console.print(t("ui.moves", lang), style="bold")
    if len(legal) > COMPACT_ABOVE:  # many moves (a grid of cards): compact columns
        console.print(t("ui.moves_compact", lang, example=game.describe_action(legal[0], lang),
                        form=game.action_hint(legal[0], lang)))
        console.print(Columns([f"{number:>2}. {game.action_hint(action, lang)}"
                               for number, action in numbers.items()],
                              padding=(0, 3)))
    else:
        for number, action in numbers.items():
            console.print(f"  {number:>2}. {game.describe_action(action, lang)}"
                          f"  [dim]\\[{game.action_hint(action, lang)}][/dim]")
    while True:
        answer = read_line(t("ui.prompt", lang)).strip()
        if not answer:
            continue
        lowered = answer.lower()
        if lowered in {"help", "aide", "?"}:
            console.print(t("ui.help", lang, forms=game.notation_help(lang)))
            continue
        if lowered in {"quit", "quitter", "exit", "q"}:
            raise QuitGame
        try:
            if answer.isdigit() and int(answer) in numbers:
                match.apply(numbers[int(answer)], seat=seat)
            elif answer.isdigit():  # a number not in the list may still be a move ("17")
                try:
                    actions = game.parse_input(answer, match.state)
                except LudoError:
                    console.print(t("ui.bad_number", lang,
                                    allowed=", ".join(map(str, numbers))), style="red")
                    continue
                match.apply_sequence(actions, seat=seat)
            else:
                match.apply_sequence(game.parse_input(answer, match.state), seat=seat)
            return
        except LudoError as error:
            console.print(error.message(lang), style="red")


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
            except EOFError:
                raise InputEnded from None
        console.print(prompt)
        line = stream.readline()
        if not line:
            raise InputEnded
        console.print(f"> {line.strip()}", style="dim")
        return line

    return read
