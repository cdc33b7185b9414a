"""Progress bars of the long commands (simulate, arena, bench) on a terminal.

A bar that tells the truth: the speed and the time left are measured on games
that finished, not guessed from the first burst of results. Once a few games
have finished, the time left is the decisions still to take (the finished
games' mean length times the games left, minus what the running games already
took) over the decisions taken per second; the games per second follow. Until
then the bar shows the decisions taken so far, so it moves even with slow bots.
rich's own thread redraws it four times a second, each time from fresh counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn
from rich.text import Text

from ludotheque.i18n import number, t

MIN_GAMES = 3  # games finished before a speed is shown


@dataclass(frozen=True)
class Pace:
    done: int  # games finished
    total: int
    elapsed: float  # seconds
    decisions: int  # decisions taken, running games included
    per_second: float | None  # games per second (None: not measured yet)
    left: float | None  # seconds left (None: not measured yet)


def pace(total: int, elapsed: float, done: int, decisions: int = 0,
         finished_decisions: int = 0) -> Pace:
    """Games per second and seconds left from what finished (see the module's note).
    Without decision counts (decisions=0), from finished games alone."""
    if done < min(MIN_GAMES, total) or elapsed <= 0:
        return Pace(done, total, elapsed, decisions, None, None)
    if decisions > 0 and finished_decisions > 0:
        per_game = finished_decisions / done
        per_second = decisions / elapsed / per_game
        left = max(0.0, total * per_game - decisions) / (decisions / elapsed)
        if done >= total:
            left = 0.0
    else:
        per_second = done / elapsed
        left = (total - done) / per_second
    return Pace(done, total, elapsed, decisions, per_second, left)


def clock_text(seconds: float) -> str:
    """0:00:13, 1:02:03."""
    whole = int(round(seconds))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def pace_text(now: Pace, lang: str) -> str:
    """What the bar shows after its count: speed and time left, or the decisions so far."""
    if now.per_second is None:
        if now.decisions:
            return t("progress.measuring_decisions", lang, decisions=number(now.decisions, lang),
                     elapsed=clock_text(now.elapsed))
        return t("progress.measuring", lang, elapsed=clock_text(now.elapsed))
    decimals = 2 if now.per_second < 1 else 1
    return t("progress.pace", lang, rate=number(now.per_second, lang, decimals),
             left=clock_text(now.left or 0.0), elapsed=clock_text(now.elapsed))


class _Pace(ProgressColumn):
    def __init__(self, bar: RunProgress) -> None:
        super().__init__()
        self.bar = bar

    def render(self, task) -> Text:
        return Text(pace_text(self.bar.now(), self.bar.lang))


class _LiveProgress(Progress):
    """A rich Progress whose task reads its owner's counts each time it is drawn."""

    def __init__(self, owner: RunProgress, *columns, **kwargs) -> None:
        self.owner = owner
        super().__init__(*columns, **kwargs)

    def get_renderables(self):
        if self.tasks:
            self.owner.sync()
        yield from super().get_renderables()


class RunProgress:
    """A bar on `console` over `total` games. `read()` gives (games finished, decisions
    taken, decisions of the finished games) while the run goes (None: only `advance`)."""

    def __init__(self, console: Console, lang: str, total: int, label: str,
                 read: Callable[[], tuple[int, int, int]] | None = None) -> None:
        self.lang = lang
        self.total = total
        self.read = read
        self.reported = 0  # games the run's own callback reported (chunks of games)
        self.started = time.perf_counter()
        self.progress = _LiveProgress(self, TextColumn("{task.description}"), BarColumn(),
                                      MofNCompleteColumn(), _Pace(self), console=console,
                                      transient=True, refresh_per_second=4)
        self.task = self.progress.add_task(label, total=total)
        self.running = False

    def now(self) -> Pace:
        done, decisions, finished = self.read() if self.read else (0, 0, 0)
        if self.reported > done:  # counts not shared (e.g. on Ray): the callback's
            done, decisions, finished = self.reported, 0, 0
        return pace(self.total, time.perf_counter() - self.started, done, decisions, finished)

    def sync(self) -> None:
        self.progress.update(self.task, completed=self.now().done)

    def advance(self, done: int) -> None:
        """The run's callback: `done` games finished (the first call starts the bar)."""
        if not self.running:
            self.started = time.perf_counter()
            self.progress.start()
            self.running = True
        self.reported = done

    def stop(self) -> None:
        if self.running:
            self.progress.stop()
            self.running = False


def run_progress(console: Console, lang: str, total: int, label: str,
                 read: Callable[[], tuple[int, int, int]] | None = None) -> RunProgress | None:
    """A RunProgress when `console` is a terminal, else None."""
    return RunProgress(console, lang, total, label, read) if console.is_terminal else None


class _Seconds(ProgressColumn):
    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task) -> Text:
        return Text(t("progress.seconds", self.lang, done=int(task.completed),
                      total=number(task.total or 0, self.lang)))


class TimedProgress:
    """A bar for a measure that lasts a known time (bench): the seconds gone of the
    planned ones, redrawn by rich's thread; `step(label)` names what is measured now."""

    def __init__(self, console: Console, lang: str, label: str, seconds: float) -> None:
        self.seconds = seconds
        self.started = time.perf_counter()
        self.progress = _LiveProgress(self, TextColumn("{task.description}"), BarColumn(),
                                      _Seconds(lang), console=console, transient=True,
                                      refresh_per_second=4)
        self.task = self.progress.add_task(label, total=seconds)

    def sync(self) -> None:
        gone = min(self.seconds, time.perf_counter() - self.started)
        self.progress.update(self.task, completed=gone)

    def step(self, label: str) -> None:
        self.progress.update(self.task, description=label)

    def __enter__(self) -> TimedProgress:
        self.started = time.perf_counter()
        self.progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self.progress.stop()
