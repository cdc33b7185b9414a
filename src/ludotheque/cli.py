"""The `ludotheque` (alias `ludo`) command line.

Each command's output, its help and its usage errors follow `--lang` (default: the
locale, LC_ALL / LC_MESSAGES / LANG / LANGUAGE: LANG=fr_FR.UTF-8 gives French);
`--help` and usage errors read `--lang` from the command line before anything is
parsed (`ui.terminal.usage`). Bad input prints one clear message on standard error
and exits with status 2.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markdown import Markdown
from rich.table import Table

# adds openspiel_ismcts to the bots when pyspiel is installed
import ludotheque.interop  # noqa: F401
from ludotheque.bots import bot_names, parse_bot_list
from ludotheque.core import stand_ins
from ludotheque.core.actions import typed_number
from ludotheque.core.errors import LudoError
from ludotheque.core.files import check_writable
from ludotheque.core.options import parse_option_assignments, split_list
from ludotheque.core.record import Record
from ludotheque.core.registry import all_games, get_game
from ludotheque.core.replay import replay
from ludotheque.i18n import (
    LazyText,
    french_typography,
    language_from_environment,
    normalise_language,
    number,
    numbers,
    percent,
    t,
    tn,
)
from ludotheque.ui.terminal.console import LiveConsole
from ludotheque.ui.terminal.encoding import readable_output
from ludotheque.ui.terminal.typography import hanging, keep_no_break_spaces, longest_word
from ludotheque.ui.terminal.usage import (
    OptionsOnce,
    given_host,
    given_path,
    help_language,
    help_text,
)
from ludotheque.ui.terminal.usage import run as run_command

HELP_LANG = language_from_environment()
keep_no_break_spaces()  # rich wraps French lines at their no-break spaces otherwise


def _h(key: str) -> str:
    """A help text: in the locale's language, written again in --lang's by `main`."""
    return help_text(key, HELP_LANG)


class _Command(OptionsOnce, typer.core.TyperCommand):
    pass


class _Group(OptionsOnce, typer.core.TyperGroup):
    pass


class _App(typer.Typer):
    """Every command refuses an option given twice (`OptionsOnce`)."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        return super().command(*args, cls=_Command, **kwargs)


app = _App(help=_h("cli.help"), no_args_is_help=True, add_completion=False,
           rich_markup_mode=None, cls=_Group)
out = LiveConsole(highlight=False)
err = LiveConsole(stderr=True, highlight=False)

GameArgument = Annotated[str, typer.Argument(metavar=_h("cli.metavar.game"),
                                             help=_h("cli.arg.game"))]
LangOption = Annotated[Optional[str], typer.Option("--lang", help=_h("cli.opt.lang"))]
OptionList = Annotated[Optional[list[str]], typer.Option("--option", "-o",
                                                         help=_h("cli.opt.option"))]
JsonFlag = Annotated[bool, typer.Option("--json", help=_h("cli.opt.json"))]
PlayersOption = Annotated[Optional[int], typer.Option("--players", "-p",
                                                      help=_h("cli.opt.players"))]
GamesOption = Annotated[int, typer.Option("--games", "-n", help=_h("cli.opt.games"))]
SeedOption = Annotated[int, typer.Option("--seed", help=_h("cli.opt.seed"))]
IterationsOption = Annotated[Optional[int], typer.Option("--iterations",
                                                         help=_h("cli.opt.iterations"))]
def _path_option(name: str, key: str) -> Any:
    """A file's or folder's option: never an empty path (`given_path`)."""
    return typer.Option(name, help=_h(key), parser=given_path)


BudgetMsOption = Annotated[Optional[float], typer.Option("--budget-ms",
                                                         help=_h("cli.opt.budget_ms"))]


def _budget(iterations: int | None, budget_ms: float | None):
    """The search bots' budget from the command line (None: each game's default)."""
    from ludotheque.core.budget import Budget

    if iterations is None and budget_ms is None:
        return None
    if iterations is not None:
        _positive("--iterations", iterations)
    _span("--budget-ms", budget_ms, 0, MAX_MS, above=True)
    return Budget(iterations=iterations, ms=budget_ms)


class UsageFailure(Exception):
    def __init__(self, error: LudoError) -> None:
        self.error = error


# `ludotheque --lang fr COMMAND`: the language given before the command, for commands
# given none of their own (set at each run by `_before_any_command`).
_GROUP_LANG: list[str | None] = [None]


@app.callback()
def _before_any_command(lang: LangOption = None) -> None:
    _GROUP_LANG[0] = lang


def _lang(lang: str | None) -> str:
    lang = _GROUP_LANG[0] if lang is None else lang
    try:
        return normalise_language(lang)
    except ValueError:
        raise UsageFailure(LudoError("error.language", lang=lang)) from None


def _fail(error: LudoError, lang: str) -> None:
    # markup=False: a message may hold brackets, e.g. pip install 'ludotheque[report]'.
    err.print(error.message(lang), style="red", soft_wrap=True, markup=False)
    raise typer.Exit(2)


def _guard(lang_text: str | None):
    """Run a command body, turning LudoError into a clean message and exit status 2, and
    Ctrl-C that the command did not handle into "Interrupted." and exit status 130."""

    class _Guard:
        def __enter__(self) -> str:
            try:
                self.lang = _lang(lang_text)
            except UsageFailure as failure:
                self.lang = HELP_LANG
                _fail(failure.error, self.lang)
            return self.lang

        def __exit__(self, kind, value, traceback) -> bool:
            if isinstance(value, LudoError):
                _fail(value, self.lang)
            if isinstance(value, KeyboardInterrupt):  # Ctrl-C: said, and status 130
                err.print(t("cli.interrupted", self.lang), markup=False)
                raise typer.Exit(130)
            return False

    return _Guard()


def _options(items: list[str] | None) -> dict[str, str]:
    return parse_option_assignments(items or [])


def _table(game: str, players: int | None, option: list[str] | None):
    """The game, the player count (its default if none is given) and the validated options."""
    chosen = get_game(game)
    count = chosen.default_players if players is None else players
    return chosen, count, chosen.validate(count, _options(option))


def _positive(name: str, value: int, low: int = 1) -> None:
    if value < low:
        raise LudoError("error.positive", name=name, value=value, low=low)


MAX_MS = 3_600_000  # a bot's thinking time: an hour a move at most
MAX_SECONDS = 3_600  # a benchmark's time, a delay
WATCH_PACE = 1.0  # `play --watch` on a terminal: seconds between two moves, time to read them


def _span(name: str, value: float | None, low: float, high: float, above: bool = False) -> None:
    """Refuse a number out of low..high (`above`: more than low): inf (an endless budget
    hangs the bots) and nan (it fails every comparison) too."""
    if value is None or (low < value if above else low <= value) and value <= high:
        return
    key = "error.more_than_up_to" if above else "error.from_to"
    # a whole number as typed ("not 31564", never "not 31564.0")
    shown = int(value) if isinstance(value, float) and value.is_integer() else value
    raise LudoError(key, name=name, value=shown, low=low, high=high)


def _widths(headers: list[str], rows: list[list[str]], room: int,
            wrapping: tuple[int, ...] = ()) -> list[int]:
    """Column widths for a table of texts in `room` characters: each column as wide as its
    longest text, the widest narrowed first, down to its header's longest word and its
    longest cell (a cell of the columns in `wrapping`: its longest word) at the least:
    headers wrap at their spaces, no name, number or word is ever cut."""
    lows, widths = [], []
    for index, header in enumerate(headers):
        cells = [row[index] for row in rows]
        lows.append(max([longest_word(header),
                         *map(longest_word if index in wrapping else len, cells)]))
        widths.append(max([len(header), *map(len, cells)]))
    while sum(widths) > room:
        narrower = [index for index, low in enumerate(lows) if widths[index] > low]
        if not narrower:
            break  # wider than the terminal: _print_uncut prints it whole
        widths[max(narrower, key=lambda index: widths[index])] -= 1
    return widths


def _table_of(headers: list[str], rows: list[list[str]]) -> Table:
    """A table of names and numbers (the first column to the left, the others to the
    right) that fits the terminal if it can, nothing cut (`_widths`)."""
    table = Table(box=None, header_style="bold")
    for index, width in enumerate(_widths(headers, rows, out.width - 2 * len(headers))):
        table.add_column(headers[index], justify="right" if index else "left", width=width)
    for row in rows:
        table.add_row(*row)
    return table


def _print_uncut(shown: Any, needed: int | None = None) -> None:
    """Print a table (or what `needed` columns hold) whole even where the terminal is
    narrower (the terminal wraps its lines): rich would cut its cells ("…") to fit."""
    from rich.measure import Measurement

    if needed is None:
        needed = Measurement.get(out, out.options.update(width=1000), shown).maximum
    saved = out._width
    out.width = max(out.width, needed)
    try:
        out.print(shown)
    finally:
        out._width = saved


# ---------------------------------------------------------------------- games
@app.command(help=_h("cli.games.help"))
def games(lang: LangOption = None, as_json: JsonFlag = False) -> None:
    with _guard(lang) as lang:
        listing = [
            {
                "name": game.name,
                "title": t(game.title_key, lang),
                "aliases": list(getattr(game, "aliases", ())),
                "min_players": game.min_players,
                "max_players": game.max_players,
                "bots": bot_names(game),
                "options": [
                    {"name": spec.name, "default": spec.default_value(),
                     "allowed": spec.allowed(lang),
                     "ruling": spec.ruling, "help": t(spec.help_key, lang)}
                    for spec in game.option_specs
                ],
            }
            for game in all_games()
        ]
        if as_json:
            print(json.dumps(listing, ensure_ascii=False, indent=1, default=list))
            return
        for entry in listing:
            out.print(t("cli.games.line", lang, title=entry["title"], name=entry["name"],
                        low=entry["min_players"], high=entry["max_players"],
                        bots=", ".join(entry["bots"])), style="bold")
            _print_options(entry["options"], lang)


def _print_options(options: list[dict[str, Any]], lang: str) -> None:
    """A game's options under a header line: for each, its name, default and allowed values
    on a line (in columns `_widths` fits to the terminal: a name or a value is typed after
    --option, so never cut nor split), what it does on the lines below, indented."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    def shown(default: Any) -> str:
        return ",".join(map(str, default)) if isinstance(default, tuple) else str(default).lower()

    headers = [t(key, lang) for key in ("cli.col.option", "cli.col.default", "cli.col.allowed")]
    rows = [[option["name"], shown(option["default"]), option["allowed"].replace("|", " | ")]
            for option in options]
    widths = _widths(headers, rows, out.width - 2 * len(headers), wrapping=(2,))

    def line(cells: list[str], style: str = "") -> Table:
        table = Table(box=None, show_header=False)
        for width in widths:
            table.add_column(width=width, overflow="fold")
        table.add_row(*(Text(cell, style=style) for cell in cells))
        return table

    blocks: list[Any] = [line(headers, "bold")]
    for row, option in zip(rows, options):
        blocks += [line(row), Padding(Text(option["help"]), (0, 1, 0, 4))]
    _print_uncut(Group(*blocks), sum(widths) + 2 * len(widths))


# ---------------------------------------------------------------------- rules
@app.command(help=_h("cli.rules.help"))
def rules(
    game: GameArgument,
    lang: LangOption = None,
    option: OptionList = None,
    players: PlayersOption = None,
) -> None:
    with _guard(lang) as lang:
        chosen = get_game(game)
        count = chosen.default_players if players is None else players
        validated = chosen.validate(count, _options(option))
        text = chosen.rules_text(lang, validated)
        out.print(Markdown(french_typography(text) if lang == "fr" else text))


# ----------------------------------------------------------------------- play
@app.command(help=_h("cli.play.help"))
def play(
    game: Annotated[Optional[str], typer.Argument(metavar=_h("cli.metavar.game"),
                                              help=_h("cli.arg.game_play"))] = None,
    players: PlayersOption = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help=_h("cli.opt.seed"))] = None,
    lang: LangOption = None,
    bots: Annotated[Optional[str], typer.Option("--bots", help=_h("cli.opt.bots_play"))] = None,
    seat: Annotated[Optional[int], typer.Option("--seat", help=_h("cli.opt.seat"))] = None,
    humans: Annotated[Optional[str], typer.Option("--humans", help=_h("cli.opt.humans"))] = None,
    watch: Annotated[bool, typer.Option("--watch", help=_h("cli.opt.watch"))] = False,
    save: Annotated[Optional[Path], _path_option("--save", "cli.opt.save")] = None,
    resume: Annotated[Optional[Path], _path_option("--resume", "cli.opt.resume")] = None,
    delay: Annotated[Optional[float], typer.Option("--delay", help=_h("cli.opt.delay"))] = None,
    pace: Annotated[Optional[float], typer.Option("--pace", help=_h("cli.opt.pace"))] = None,
    plain: Annotated[bool, typer.Option("--plain", help=_h("cli.opt.plain"))] = False,
    option: OptionList = None,
    iterations: IterationsOption = None,
    budget_ms: BudgetMsOption = None,
) -> None:
    from ludotheque.ui.terminal.play import TerminalSettings, run

    given_lang = lang or _GROUP_LANG[0]  # `ludotheque --lang en play --resume` wins too
    with _guard(lang) as lang:
        _span("--delay", delay, 0, 60)
        _span("--pace", pace, 0, 60)
        if save is not None:
            check_writable(save)
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        reveal = delay if delay is not None else (0.5 if interactive else 0.0)
        match = None
        if resume is not None:
            from ludotheque.ui.terminal.resume import load_saved_game

            clashing = [name for name, value in (
                ("--players", players), ("--seed", seed), ("--bots", bots), ("--seat", seat),
                ("--humans", humans), ("--watch", watch or None), ("--option", option or None),
                ("--iterations", iterations), ("--budget-ms", budget_ms)) if value is not None]
            if clashing:
                raise LudoError("error.resume_clash", options=", ".join(clashing))
            settings, match = load_saved_game(resume, given_lang and lang)
            if game is not None and get_game(game).name != settings.game.name:
                raise LudoError("error.resume_game", path=str(resume),  # titles, not ids
                                game=LazyText(settings.game.title_key),
                                given=LazyText(get_game(game).title_key))
            settings.save, settings.delay = save, reveal
            settings.pace = pace or 0.0  # a resumed game has a person at the screen
            settings.full_screen = interactive and not plain
            settings.ask_to_save = sys.stdin.isatty()
            lang = settings.lang
        else:
            if game is None:
                raise LudoError("error.play_no_game")
            chosen, count, options = _table(game, players, option)
            seats = _human_seats(seat, humans, watch, count)
            names = parse_bot_list(bots, chosen, count - len(seats), players=count,
                                   options=options)
            by_seat = list(names)
            for human in seats:
                by_seat.insert(human, "human")
            if seed is None:
                seed = random.SystemRandom().randrange(10**6)
            settings = TerminalSettings(
                game=chosen, players=count, seed=seed, lang=lang, humans=seats, bots=by_seat,
                options=dict(options), save=save, delay=reveal,
                pace=pace if pace is not None else (WATCH_PACE if watch and sys.stdout.isatty()
                                                    else 0.0),
                budget=_budget(iterations, budget_ms),
                # TERM=dumb moves no cursor: the layout's redraws would print escape codes
                full_screen=interactive and not plain and not out.is_dumb_terminal,
                ask_to_save=sys.stdin.isatty(),
            )
        code = run(settings, console=out, match=match)
    raise typer.Exit(code)


def _human_seats(seat: int | None, humans: str | None, watch: bool, count: int) -> tuple[int, ...]:
    """The people's seats (from 0): --seat N (one person, 1 by default), --humans 1,3
    (several people at one screen, pass-and-play) or --watch (nobody)."""
    if sum(x is not None and x is not False for x in (seat, humans, watch or None)) > 1:
        raise LudoError("error.seats_clash")
    if watch:
        return ()
    if humans is None:
        seat = 1 if seat is None else seat
        if not 1 <= seat <= count:
            raise LudoError("error.seat", seat=seat, players=count)
        return (seat - 1,)
    seats = [typed_number(part) for part in
             split_list(humans, "--humans", ", ".join(map(str, range(1, count + 1))))]
    if None in seats:
        raise LudoError("error.humans_syntax", given=humans)
    for given in seats:
        if not 1 <= given <= count:
            raise LudoError("error.seat", seat=given, players=count)
    if len(set(seats)) != len(seats):
        raise LudoError("error.humans_twice", given=humans)
    return tuple(sorted(number - 1 for number in seats))


# --------------------------------------------------------------------- replay
@app.command("replay", help=_h("cli.replay.help"))
def replay_command(
    record_path: Annotated[Path, typer.Argument(metavar=_h("cli.metavar.record"),
                                                help=_h("cli.arg.record"), parser=given_path)],
    lang: LangOption = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help=_h("cli.opt.verbose"))] = False,
    as_json: JsonFlag = False,
    step: Annotated[bool, typer.Option("--step", help=_h("cli.opt.step"))] = False,
    seat: Annotated[Optional[int], typer.Option("--seat", help=_h("cli.opt.step_seat"))] = None,
) -> None:
    from ludotheque.ui.terminal.play import GAME_OVER, end_lines

    with _guard(lang) as lang:
        record = Record.load(record_path)
        match = replay(record)
        game = match.game
        names = replay_names(record, match.num_players, lang)
        over = match.is_over()
        if seat is not None and not step:
            raise LudoError("error.seat_needs_step")
        if step:
            from ludotheque.ui.terminal.stepper import key_reader, step_through

            if seat is not None and not 1 <= seat <= match.num_players:
                raise LudoError("error.seat", seat=seat, players=match.num_players)
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
            step_through(record, names, lang, None if seat is None else seat - 1, out,
                         key_reader(sys.stdin, out), clear=interactive)
            return
        summary = {
            "game": game.name,
            "players": match.num_players,
            "seed": record.seed,
            "actions": len(record.actions),
            "finished": over,
            "winners": match.state.winners(),
            "metrics": match.state.metrics(),
        }
        if as_json:
            print(json.dumps(summary))
            return
        # a stand-in's events (a web table's record) name the seat "Ada (bot)"
        spans = stand_ins.valid(record.meta.get("stand_ins"), match.num_players)
        if verbose:
            renderer = game.parts.renderer
            for index, event in enumerate(match.events_for(None)):
                if event["kind"] != GAME_OVER:  # told once, last (end_lines)
                    for line in renderer.event_lines(
                            event, lang, stand_ins.names_at(names, spans, index, lang), None):
                        out.print(line)
        out.print(tn("cli.replay.checked", len(record.actions), lang,
                     game=t(game.title_key, lang)))
        if over:
            *story, last = end_lines(match, None, lang, stand_ins.names_at(
                names, spans, len(match.events or ()), lang))
            for line in story if verbose else []:
                out.print(line)
            out.print(last, style="bold green")
        else:
            out.print(t("cli.replay.unfinished", lang))


def replay_names(record: Record, players: int, lang: str) -> list[str]:
    """Seat names for a replay: the bots and the human seat the record stores, if any."""
    from ludotheque.ui.terminal.play import BOT_NAMES, bot_label

    stored = record.meta.get("names")  # a game exported from the web table names its seats
    if (isinstance(stored, list) and len(stored) == players
            and all(isinstance(n, str) for n in stored)):
        return list(stored)
    bots = record.meta.get("bots")
    humans = record.meta.get("humans")
    if not isinstance(humans, list):
        humans = [record.meta.get("human_seat")]
    names = []
    for seat in range(players):
        if seat in humans:
            names.append(t("cli.human", lang) if len(humans) == 1
                         else t("ui.player_n", lang, number=seat + 1))
        elif isinstance(bots, list) and seat < len(bots):
            names.append(f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({bot_label(str(bots[seat]), lang)})")
        else:
            names.append(f"{t('cli.seat', lang)} {seat + 1}")
    return names


# ------------------------------------------------------------------- simulate
def _default_jobs() -> int:
    """The cores this process may use (its CPU affinity where the system tells it)."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def _jobs(jobs: int | None, lang: str, local: bool = True) -> int:
    """--jobs (default: a process per core), at least 1. More processes than this
    machine's cores (`local`: on this machine) only take turns on them: said, not
    refused (the person may know better)."""
    cores = _default_jobs()
    jobs = cores if jobs is None else jobs
    _positive("--jobs", jobs)
    if local and jobs > cores:
        err.print(t("cli.jobs_over_cores", lang, jobs=jobs, cores=cores), soft_wrap=True,
                  markup=False)
    return jobs


def _run_progress(lang: str, total: int, label_key: str, live):
    """The games' progress bar on standard error (None off a terminal) and the run's
    callback that starts it when the games start (after the workers are forked: a fork
    copies no running thread)."""
    from ludotheque.ui.terminal.progress import run_progress

    bar = run_progress(err, lang, total, t(label_key, lang), live.read)
    return bar, (None if bar is None else bar.advance)


@app.command(help=_h("cli.simulate.help"))
def simulate(
    game: GameArgument,
    players: PlayersOption = None,
    games_count: GamesOption = 100,
    seed: SeedOption = 1,
    bots: Annotated[Optional[str], typer.Option("--bots", help=_h("cli.opt.bots_sim"))] = None,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help=_h("cli.opt.rotate"))] = True,
    option: OptionList = None,
    sweep: Annotated[Optional[list[str]], typer.Option("--sweep", help=_h("cli.opt.sweep"))] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help=_h("cli.opt.jobs"))] = None,
    backend: Annotated[str, typer.Option("--backend", help=_h("cli.opt.backend"))] = "process",
    results_path: Annotated[Optional[Path], _path_option("--out", "cli.opt.out")] = None,
    as_json: JsonFlag = False,
    lang: LangOption = None,
    iterations: IterationsOption = None,
    budget_ms: BudgetMsOption = None,
) -> None:
    from ludotheque.sim.results import check_results_path, write_results
    from ludotheque.sim.simulate import (
        PLAYERS,
        LiveCounts,
        parse_sweep_assignments,
        run_simulation,
        summarise_run,
        sweep_configs,
    )

    with _guard(lang) as lang:
        chosen = get_game(game)
        swept = parse_sweep_assignments(sweep or [], chosen)
        if PLAYERS in swept and players is not None:
            raise LudoError("error.sweep_players_twice")
        # A sweep's options are checked in each of its configurations (sweep_configs), not
        # at a player count it may not play.
        chosen, count, _ = _table(game, players, None if swept else option)
        _positive("--games", games_count)
        # Sweeping the player count: one bot for every seat of every table (checked by
        # sweep_configs), else one per seat.
        seats = 1 if bots is None else bots.count(",") + 1  # an empty name: parse_bot_list
        names = parse_bot_list(bots, chosen, seats if PLAYERS in swept else count,
                               default="heuristic")
        jobs = _jobs(jobs, lang, local=backend.strip().lower() == "process")
        total = games_count * len(sweep_configs(chosen, count, _options(option), swept, names))
        if results_path is not None:
            check_results_path(results_path)
        arguments = {"sweep": swept, "budget": _budget(iterations, budget_ms), "jobs": jobs,
                     "backend": backend.strip().lower(), "rows": results_path is not None,
                     # The summary counts each game as it ends (memory stays flat) and
                     # reads no thinking time.
                     "keep": False, "timed": False}
        live = LiveCounts()
        bar, progress = _run_progress(lang, total, "cli.simulate.progress", live)
        try:
            run = run_simulation(chosen, count, games_count, seed, names, _options(option), rotate,
                                 progress=progress, live=live, **arguments)
        finally:
            if bar is not None:
                bar.stop()
        summary = summarise_run(chosen, count, seed, names, rotate, run)
        if results_path is not None:
            rows = run.rows()
            write_results(rows, results_path)
        notes = []
        if run.finished:
            where = {"process": lambda: t("cli.simulate.where_process", lang,
                                          jobs=run.where["jobs"]),
                     "local": lambda: t("cli.simulate.where_local", lang),
                     "ray": lambda: t("cli.simulate.where_ray", lang)}[run.where["backend"]]()
            notes.append(tn("cli.simulate.throughput", run.finished, lang,
                           seconds=number(run.elapsed, lang, 1),
                           rate=number(run.finished / max(run.elapsed, 1e-9), lang, 1),
                           where=where))
        if results_path is not None:
            notes.append(t("cli.simulate.written", lang, rows=len(rows), path=str(results_path)))
        if run.interrupted:
            notes.append(tn("cli.simulate.interrupted", run.finished, lang, total=total)
                         if run.finished else t("cli.simulate.interrupted_none", lang, total=total))
        if as_json:
            print(json.dumps(summary))
            if sys.stderr.isatty() or run.interrupted:  # scripts often read both streams
                for note in notes:
                    err.print(note, soft_wrap=True, markup=False)
        else:
            if run.finished:
                _print_simulation(summary, chosen, count, seed, lang)
            for note in notes:
                out.print(note, soft_wrap=True, markup=False)
    if run.interrupted:
        raise typer.Exit(130)


def _print_simulation(summary: dict, chosen, count: int, seed: int, lang: str) -> None:
    from ludotheque.sim.lengths import ROUNDS, lengths_text

    swept = len(summary["configs"]) > 1 or summary["configs"][0]["config"] != "default"
    # each configuration its own player count: its label says it
    title = ("cli.simulate.title" if not swept else "cli.simulate.title_sweep"
             if isinstance(summary["players"], int) else "cli.simulate.title_sweep_players")
    out.print(t(title, lang, games=summary["games"], game=t(chosen.title_key, lang),
                players=count, seed=seed, configs=len(summary["configs"])), style="bold")
    for config in summary["configs"]:
        if swept:
            out.print(t("cli.simulate.config", lang, config=config["config"]), style="bold",
                      markup=False)
        if not config["games"]:  # a run stopped before this configuration's first game ended
            out.print(t("cli.simulate.config_none", lang))
            continue
        table = Table(box=None, header_style="bold")
        table.add_column(t("cli.col.bot", lang))
        table.add_column(t("cli.col.wins", lang), justify="right")
        table.add_column(t("cli.col.win_rate", lang), justify="right")
        bots = config["wins_by_bot"]
        wins = numbers([*bots.values(), *config["wins_by_seat"]], lang, 1)  # one format
        for name, won in zip(bots, wins):
            table.add_row(name, won, percent(config["win_rate_by_bot"][name], lang))
        out.print(table)
        seats = " · ".join(t("cli.simulate.seat_wins", lang, seat=i + 1, wins=won)
                           for i, won in enumerate(wins[len(bots):]))
        out.print(t("cli.simulate.seats", lang, seats=seats))
        means = {"decisions": config["mean_decisions"], ROUNDS: config["mean_rounds"]}
        out.print(t("report.summary.length", lang, lengths=lengths_text(chosen, means, lang)))


# ---------------------------------------------------------------------- arena
@app.command(help=_h("cli.arena.help"))
def arena(
    game: GameArgument,
    bots: Annotated[str, typer.Option("--bots", help=_h("cli.opt.bots_arena"))],
    players: PlayersOption = None,
    games_count: GamesOption = 100,
    seed: SeedOption = 1,
    option: OptionList = None,
    iterations: IterationsOption = None,
    budget_ms: BudgetMsOption = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help=_h("cli.opt.jobs"))] = None,
    as_json: JsonFlag = False,
    journal: Annotated[Optional[Path], _path_option("--journal", "cli.opt.journal")] = None,
    lang: LangOption = None,
) -> None:
    from ludotheque.sim.arena import arena as run_arena
    from ludotheque.sim.simulate import LiveCounts

    with _guard(lang) as lang:
        chosen, count, options = _table(game, players, option)
        _positive("--games", games_count)
        jobs = _jobs(jobs, lang)
        names = parse_bot_list(bots, chosen, count, players=count, options=options)
        budget = _budget(iterations, budget_ms)
        live = LiveCounts()
        bar, progress = _run_progress(lang, games_count, "cli.arena.progress", live)
        try:
            summary = run_arena(chosen, count, games_count, seed, names, options, budget,
                                progress=progress, jobs=jobs, live=live, journal=journal)
        finally:
            if bar is not None:
                bar.stop()
        interrupted = summary["interrupted"]
        note = tn("cli.arena.interrupted", summary["games"], lang, total=games_count) \
            if summary["games"] else t("cli.arena.interrupted_none", lang, total=games_count)
        if interrupted and not summary["games"] and not as_json:  # no table to show
            out.print(note, soft_wrap=True, markup=False)
            raise typer.Exit(130)
        if as_json:
            print(json.dumps(summary))
            if interrupted:
                err.print(note, soft_wrap=True, markup=False)
                raise typer.Exit(130)
            return
        out.print(t("cli.simulate.title", lang, games=summary["games"],
                    game=t(chosen.title_key, lang),
                    players=count, seed=seed), style="bold")
        headers = [t(key, lang) for key in (
            "cli.col.bot", "cli.col.win_share", "cli.col.ci95", "cli.col.mean_rank",
            "cli.col.rating", "cli.col.ms_per_move", "cli.col.ms_p95", "cli.col.ms_max")]
        rows = [[row["name"], percent(row["win_rate"], lang),
                 f"{number(100 * row['ci_low'], lang, 1)}–{percent(row['ci_high'], lang)}",
                 number(row["mean_rank"], lang, 2), number(row["rating"], lang, 1),
                 number(row["ms_per_move"], lang, 1), number(row["ms_p95"], lang, 1),
                 number(row["ms_max"], lang, 1)]
                for row in sorted(summary["bots"], key=lambda r: -r["rating"])]
        _print_uncut(_table_of(headers, rows))
        out.print(t("cli.arena.head_to_head", lang), style="bold")
        names_in = [row["name"] for row in summary["bots"]]
        _print_uncut(_table_of(["", *names_in], [
            [a, *["-" if a == b else percent(summary["head_to_head"][a][b], lang)
                  for b in names_in]] for a in names_in]))
        if interrupted:
            out.print(note, soft_wrap=True, markup=False)
            raise typer.Exit(130)


# --------------------------------------------------------------------- report
@app.command("report", help=_h("cli.report.help"))
def report_command(
    results: Annotated[list[Path], typer.Argument(metavar=_h("cli.metavar.results"),
                                                  help=_h("cli.arg.results"), parser=given_path)],
    html_path: Annotated[Optional[Path], _path_option("--html", "cli.opt.html")] = None,
    png: Annotated[Optional[Path], _path_option("--png", "cli.opt.png")] = None,
    lang: LangOption = None,
) -> None:
    from ludotheque.sim.report import (
        build_report,
        check_png_folder,
        load_results,
        write_html,
        write_pngs,
    )

    with _guard(lang) as lang:
        if html_path is not None:
            check_writable(html_path)
        if png is not None:
            check_png_folder(png)
        document = build_report(load_results(results), lang, [str(p) for p in results])
        for line in document.summary:  # wrapped here: rich would not indent the next lines
            out.print(hanging(line, out.width), markup=False, soft_wrap=True)
        if html_path is not None:
            write_html(document, html_path)
            out.print(t("cli.report.written", lang, path=str(html_path)), markup=False)
        if png is not None:
            written = write_pngs(document, png)
            out.print(t("cli.report.pngs", lang, count=len(written), folder=str(png)), markup=False)


# ---------------------------------------------------------------------- bench
@app.command(help=_h("cli.bench.help"))
def bench(
    game: Annotated[Optional[str], typer.Argument(metavar=_h("cli.metavar.game"),
                                              help=_h("cli.arg.game_bench"))] = None,
    every: Annotated[bool, typer.Option("--all", help=_h("cli.opt.all"))] = False,
    players: PlayersOption = None,
    seconds: Annotated[Optional[float], typer.Option("--seconds",
                                                     help=_h("cli.opt.seconds"))] = None,
    repeats: Annotated[int, typer.Option("--repeats", help=_h("cli.opt.repeats"))] = 3,
    seed: Annotated[int, typer.Option("--seed", help=_h("cli.opt.seed"))] = 0,
    ismcts_ms: Annotated[float, typer.Option("--ismcts-ms", help=_h("cli.opt.ismcts_ms"))] = 100.0,
    option: OptionList = None,
    as_json: JsonFlag = False,
    lang: LangOption = None,
) -> None:
    from ludotheque.sim.bench import Interrupted
    from ludotheque.sim.bench import bench as run_bench

    with _guard(lang) as lang:
        _span("--seconds", seconds, 0, MAX_SECONDS, above=True)
        _span("--ismcts-ms", ismcts_ms, 0, MAX_MS, above=True)
        _positive("--repeats", repeats)
        if game is None or every:
            if game is not None:
                raise LudoError("error.bench_game_and_all")
            if option:
                raise LudoError("error.bench_option_all")
            _bench_all(3.0 if seconds is None else seconds, seed, repeats, players, ismcts_ms,
                       as_json, lang)
            return
        chosen, count, options = _table(game, players, option)
        seconds = 6.0 if seconds is None else seconds
        try:
            with _timed(lang, t("cli.bench.progress_one", lang), seconds):
                result = run_bench(chosen, count, seconds, seed, options, repeats)
        except Interrupted as stop:
            if stop.partial is not None:
                _print_bench(stop.partial, chosen, lang, as_json)
            _bench_interrupted(stop, lang)
        _print_bench(result, chosen, lang, as_json)


def _timed(lang: str, label: str, seconds: float):
    """A bar over the planned seconds on standard error (nothing off a terminal)."""
    from contextlib import nullcontext

    from ludotheque.ui.terminal.progress import TimedProgress

    return TimedProgress(err, lang, label, seconds) if err.is_terminal else nullcontext()


def _bench_interrupted(stop, lang: str) -> None:
    """After Ctrl-C: say what the figures shown cover, exit with status 130."""
    if stop.partial:
        err.print(tn("cli.bench.interrupted", stop.done, lang, total=stop.total),
                  soft_wrap=True, markup=False)
    else:
        err.print(t("cli.bench.interrupted_none", lang), soft_wrap=True, markup=False)
    raise typer.Exit(130)


def _print_bench(result: dict, chosen, lang: str, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
        return
    shown = {**result, "game": t(chosen.title_key, lang),
             "decisions_per_s": number(result["decisions_per_s"], lang),
             "games_per_s": number(result["games_per_s"], lang),
             "median": number(result["median_decisions_per_s"], lang),
             "seconds": number(result["seconds"], lang, 1),
             "windows": tn("cli.bench.windows", result["repeats"], lang),
             "games": tn("cli.bench.random_games", result["games"], lang)}
    out.print(t("cli.bench.result", lang, **shown))


def _bench_all(seconds: float, seed: int, repeats: int, players: int | None, ismcts_ms: float,
               as_json: bool, lang: str) -> None:
    """Every game of ours (raw and public paths) and OpenSpiel's, interleaved: one table
    (or a JSON object)."""
    from ludotheque.core.registry import all_games
    from ludotheque.sim.bench import OPENSPIEL_GAMES, Interrupted, bench_all, openspiel_available

    # Ours: the raw and public paths, then search, `seconds` each; OpenSpiel's: playouts.
    planned = seconds * (3 * len(all_games())
                         + (len(OPENSPIEL_GAMES) if openspiel_available() else 0))
    try:
        with _timed(lang, "", planned) as bar:
            def progress(name: str) -> None:
                if bar is not None:
                    bar.step(t("cli.bench.progress", lang, name=name))

            result = bench_all(seconds, seed, repeats, players, ismcts_ms, progress=progress)
    except Interrupted as stop:
        if stop.partial:
            _print_bench_table(stop.partial, repeats, as_json, lang)
        _bench_interrupted(stop, lang)
    _print_bench_table(result, repeats, as_json, lang)


def _print_bench_table(result: dict[str, Any], repeats: int, as_json: bool, lang: str) -> None:
    from ludotheque.sim.bench import REFERENCES, openspiel_available

    if as_json:
        print(json.dumps(result))
        return
    rows = result["rows"]
    references = [name for name in REFERENCES if any(row["name"] == name for row in rows)]
    # Short column names for the reference games (liars_poker -> LP), explained in the title.
    short = {name: "".join(word[0] for word in name.removeprefix("python_").split("_")).upper()
             for name in references}
    out.print(tn("cli.bench.title", repeats, lang,
                seconds=number(result["seconds"], lang, 2)), style="bold")
    if references:
        out.print(t("cli.bench.ratios", lang,
                    legend=", ".join(f"{short[name]} = {name}" for name in references)))

    def load(machine: dict[str, Any]) -> str:
        shown = machine["load_average"]
        return "-" if shown is None else " / ".join(number(x, lang, 2) for x in shown)

    out.print(t("cli.bench.machine", lang, before=load(result["machine_before"]),
                after=load(result["machine_after"]), cores=result["machine_before"]["cores"]
                or "?"))
    headers = [t("cli.col.game_players", lang), t("cli.col.path", lang),
               t("cli.col.decisions_per_s_lowest", lang),
               t("cli.col.chance_per_s", lang), t("cli.col.games_per_s", lang),
               *[t("cli.col.ratio", lang, name=short[name]) for name in references],
               t("cli.col.cpu", lang), t("cli.col.ismcts", lang)]
    cells = [[f"{row['name']} ({row['players']})", t(f"cli.bench.path.{row['path']}", lang),
              f"{number(row['decisions_per_s'], lang)}"
              f" ({number(row['min_decisions_per_s'], lang)})",
              number(row["chance_steps_per_s"], lang), number(row["games_per_s"], lang),
              *[f"{number(row['ratios'][name]['median'], lang, 2)} "
                f"({number(row['ratios'][name]['min'], lang, 2)})" for name in references],
              f"{number(100 * row['cpu_share'], lang, 0)} %",
              "-" if row["ismcts_iterations_per_s"] is None
              else number(row["ismcts_iterations_per_s"], lang)]
             for row in rows]
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column, header in enumerate(headers):
        # Numbers and names keep their width; on a narrow terminal the headers wrap instead.
        table.add_column(header, justify="left" if column < 2 else "right",
                         min_width=max(len(line[column]) for line in cells))
    for line in cells:
        table.add_row(*line)
    _print_uncut(table)
    if not openspiel_available():
        out.print(t("cli.bench.no_openspiel", lang), markup=False)


# ---------------------------------------------------------------------- serve
def _need_web(lang: str) -> None:
    """The web table needs the `web` extra: say so clearly if it is missing."""
    import importlib.util

    from ludotheque.core.errors import MissingExtraError

    for module in ("fastapi", "uvicorn", "sqlalchemy"):
        if importlib.util.find_spec(module) is None:
            raise MissingExtraError("error.missing_extra", feature="ludotheque serve",
                                    module=module, extra="web")


@app.command(help=_h("cli.serve.help"))
def serve(
    host: Annotated[str, typer.Option("--host", help=_h("cli.serve.opt.host"),
                                      parser=given_host)] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=_h("cli.serve.opt.port"))] = 8000,
    database: Annotated[Optional[str], typer.Option("--database",
                                                    help=_h("cli.serve.opt.database"))] = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay",
                                             help=_h("cli.serve.opt.bot_delay"))] = 0.6,
    broker: Annotated[Optional[str], typer.Option("--broker",
                                                  help=_h("cli.serve.opt.broker"))] = None,
    waiting_ttl: Annotated[float, typer.Option("--waiting-ttl",
                                               help=_h("cli.serve.opt.waiting_ttl"))] = 86400.0,
    proxy_headers: Annotated[bool, typer.Option("--proxy-headers/--no-proxy-headers",
                                                help=_h("cli.serve.opt.proxy_headers"))] = True,
    forwarded_allow_ips: Annotated[Optional[str], typer.Option(
        "--forwarded-allow-ips", help=_h("cli.serve.opt.forwarded_allow_ips"))] = None,
    public_url: Annotated[Optional[str], typer.Option(
        "--public-url", help=_h("cli.serve.opt.public_url"))] = None,
    lang: LangOption = None,
) -> None:
    with _guard(lang) as lang:
        _need_web(lang)
        _span("--waiting-ttl", waiting_ttl, 0, 365 * 86400, above=True)
        _span("--bot-delay", bot_delay, 0, 60)
        _span("--port", port, 0, 65535)
        from ludotheque.web.broker import check_broker_url
        from ludotheque.web.server import listen
        from ludotheque.web.server import serve as run_server
        from ludotheque.web.share import public_base, reach_for

        check_broker_url(broker)
        # every option checked before the port is bound (a refusal names what was wrong)
        public = public_base(public_url) if public_url is not None else None
        with listen(host, port) as sock:
            port = sock.getsockname()[1]  # --port 0: the one the system gave
            reach, network = reach_for(host, port, public)
            lines = _serve_lines(host, port, reach, network, lang)
            run_server(sock, database=database, bot_delay=bot_delay,
                       broker=broker, waiting_ttl=waiting_ttl, proxy_headers=proxy_headers,
                       forwarded_allow_ips=forwarded_allow_ips, reach=reach,
                       ready=lambda: out.print("\n".join(lines), soft_wrap=True,
                                               markup=False))


def _serve_lines(host: str, port: int, reach: Any, network: list[str], lang: str) -> list[str]:
    """What `serve` prints: its link here, then where the phones reach it (bound to every
    interface: the local network's links), or how to open it to them (bound to loopback)."""
    from ludotheque.web.share import EVERY_INTERFACE, is_loopback, local_host, url_host

    everywhere = host in EVERY_INTERFACE
    lines = [t("cli.serve.link", lang, url=f"http://{url_host(local_host(host))}:{port}/")]
    if everywhere:
        lines += [t("cli.serve.network_link", lang, url=f"{link}/") for link in network] \
            or [t("cli.serve.no_network", lang)]
    elif is_loopback(host) and reach.public_url is None:
        lines.append(t("cli.serve.loopback_only", lang))
    if reach.public_url is not None:
        lines.append(t("cli.serve.public_link", lang, url=f"{reach.public_url}/"))
    return lines


@app.command(help=_h("cli.worker.help"))
def worker(
    database: Annotated[str, typer.Option("--database", help=_h("cli.worker.opt.database"))],
    broker: Annotated[Optional[str], typer.Option("--broker",
                                                  help=_h("cli.serve.opt.broker"))] = None,
    lease: Annotated[float, typer.Option("--lease", help=_h("cli.worker.opt.lease"))] = 15.0,
    bot_delay: Annotated[float, typer.Option("--bot-delay",
                                             help=_h("cli.serve.opt.bot_delay"))] = 0.6,
    lang: LangOption = None,
) -> None:
    with _guard(lang) as lang:
        _need_web(lang)
        _span("--lease", lease, 0, MAX_SECONDS, above=True)
        _span("--bot-delay", bot_delay, 0, 60)
        from ludotheque.web.broker import check_broker_url
        from ludotheque.web.worker import run as run_worker

        check_broker_url(broker)

        run_worker(database, broker, lease=lease, bot_delay=bot_delay)


@app.command(help=_h("cli.migrate.help"))
def migrate(
    database: Annotated[str, typer.Option("--database", help=_h("cli.worker.opt.database"))],
    lang: LangOption = None,
) -> None:
    with _guard(lang) as lang:
        _need_web(lang)
        from ludotheque.web.db import migrate as run_migrations

        before, after = run_migrations(database)
        out.print(t("cli.migrate.done", lang, before=before or "-", after=after), markup=False)


DURATION_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def _duration(name: str, text: str) -> float:
    """A duration in seconds from `180`, `0.5` (days) or `180d`, `12h`, `30m`, `45s`."""
    import re

    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([dhms]?)\s*", text.lower())
    seconds = float(found[1]) * DURATION_UNITS[found[2] or "d"] if found else -1.0
    if not 0 <= seconds <= 36500 * 86400:
        raise LudoError("cli.prune.bad_duration", name=name, value=text)
    return seconds


@app.command(help=_h("cli.prune.help"))
def prune(
    database: Annotated[Optional[str], typer.Option("--database",
                                                    help=_h("cli.prune.opt.database"))] = None,
    finished_before: Annotated[str, typer.Option(
        "--finished-before", help=_h("cli.prune.opt.finished_before"))] = "180d",
    closed_before: Annotated[str, typer.Option(
        "--closed-before", help=_h("cli.prune.opt.closed_before"))] = "7d",
    dry_run: Annotated[bool, typer.Option("--dry-run", help=_h("cli.prune.opt.dry_run"))] = False,
    lang: LangOption = None,
) -> None:
    with _guard(lang) as lang:
        _need_web(lang)
        import datetime as dt

        from ludotheque.web.db import existing_storage, now

        started = now()
        cuts = {name: started - dt.timedelta(seconds=_duration(name, text))
                for name, text in (("--finished-before", finished_before),
                                   ("--closed-before", closed_before))}
        storage = existing_storage(database)
        try:
            pruned = storage.prune(cuts["--finished-before"], cuts["--closed-before"],
                                   dry_run=dry_run)
        finally:
            storage.close()
        shown = {name: cut.strftime("%Y-%m-%d %H:%M UTC") for name, cut in cuts.items()}
        for line in (t("cli.prune.would" if dry_run else "cli.prune.removed", lang,
                       url=storage.shown_url),
                     t("cli.prune.games", lang, cut=shown["--finished-before"],
                       count=number(pruned.games, lang)),
                     t("cli.prune.closed", lang, cut=shown["--closed-before"],
                       count=number(pruned.closed, lang)),
                     t("cli.prune.rows", lang, moves=number(pruned.moves, lang),
                       chat=number(pruned.chat, lang))):
            out.print(line, markup=False, soft_wrap=True)


@app.command("bench-server", help=_h("cli.bench_server.help"))
def bench_server(
    tables: Annotated[int, typer.Option("--tables", help=_h("cli.bench_server.opt.tables"))] = 200,
    hard_tables: Annotated[int, typer.Option("--hard-tables",
                                             help=_h("cli.bench_server.opt.hard_tables"))] = 20,
    seconds: Annotated[float, typer.Option("--seconds",
                                           help=_h("cli.bench_server.opt.seconds"))] = 20.0,
    think: Annotated[float, typer.Option("--think", help=_h("cli.bench_server.opt.think"))] = 3.0,
    servers: Annotated[int, typer.Option("--servers",
                                         help=_h("cli.bench_server.opt.servers"))] = 1,
    database: Annotated[Optional[str], typer.Option(
        "--database", help=_h("cli.bench_server.opt.database"))] = None,
    broker: Annotated[Optional[str], typer.Option("--broker",
                                                  help=_h("cli.serve.opt.broker"))] = None,
    seed: SeedOption = 0,
    lang: LangOption = None,
    as_json: JsonFlag = False,
) -> None:
    with _guard(lang) as lang:
        _need_web(lang)
        _positive("--tables", tables)
        _positive("--hard-tables", hard_tables, low=0)
        _positive("--servers", servers)
        _span("--seconds", seconds, 0, 600, above=True)
        _span("--think", think, 0, 60)
        from ludotheque.web.bench import run_benchmark

        report = run_benchmark(tables=tables, hard_tables=hard_tables, seconds=seconds,
                               think=think, seed=seed,
                               progress=None if as_json else
                               (lambda line: out.print(line, markup=False, soft_wrap=True)),
                               lang=lang, servers=servers, database=database, broker=broker)
        if as_json:
            print(json.dumps(report))


def main(argv: list[str] | None = None) -> None:
    """The command: help pages and usage errors in the language --lang (or the
    locale) names, exit status 2 for a usage error."""
    args = sys.argv[1:] if argv is None else list(argv)
    readable_output()  # a terminal that is not UTF-8 reads plain letters, not a traceback
    sys.exit(run_command(typer.main.get_command(app), args, help_language(args)))



if __name__ == "__main__":
    main()
