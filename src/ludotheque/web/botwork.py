"""The bots' side of the server: a move chosen from a seat's view and legal moves only.

`choose` runs in a worker (a process for `hard`, whose search holds the GIL for up to a
second; a thread for `easy` and `medium`, which answer in a few milliseconds), never on
the event loop. It receives the game's name, the level, `view(seat)` and
`legal_actions()`: nothing else of the match, so a bot cannot cheat either. `Pools` holds
those workers for a server.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

_BOTS: dict[tuple[str, str], Any] = {}


def _bot(game_name: str, level: str) -> Any:
    key = (game_name, level)
    if key not in _BOTS:
        from ludotheque.bots import make_bot
        from ludotheque.core.registry import get_game

        _BOTS[key] = make_bot(level, get_game(game_name))
    return _BOTS[key]


def choose(game_name: str, level: str, view: Mapping[str, Any], legal: Sequence[int],
           seed: int) -> int:
    """The bot's move; `seed` drives its own randomness (not the table's seed)."""
    return _bot(game_name, level).choose(view, list(legal), random.Random(seed))


class Pools:
    """Where a server's bots think: threads for `easy` and `medium`, processes (started
    when a `hard` bot first plays, `hard_workers` of them) for `hard`."""

    def __init__(self, hard_workers: int | None = None) -> None:
        self._threads = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="bot")
        self._processes: concurrent.futures.ProcessPoolExecutor | None = None
        self._hard_workers = hard_workers or max(1, min(2, os.cpu_count() or 1))

    async def choose(self, game_name: str, level: str, view: Mapping[str, Any],
                     legal: Sequence[int], seed: int) -> int:
        """The bot's move (`choose`), computed in the level's pool without blocking the loop."""
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._executor(level), choose, game_name, level, view, legal, seed)
        except concurrent.futures.process.BrokenProcessPool:
            self._processes = None  # a worker died (killed?): a new pool, one more try
            return await asyncio.get_running_loop().run_in_executor(
                self._executor(level), choose, game_name, level, view, legal, seed)

    def _executor(self, level: str) -> concurrent.futures.Executor:
        if level != "hard":
            return self._threads
        if self._processes is None:
            self._processes = concurrent.futures.ProcessPoolExecutor(
                self._hard_workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_setup)
        return self._processes

    def shutdown(self) -> None:
        """Work not begun is dropped; a bot thinking is not waited for."""
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)


def worker_setup() -> None:
    """Process-pool initializer.

    * Search bots yield the CPU to the server answering people (on a 2-core machine, two
      thinking bots would otherwise slow every table down): lowest priority.
    * A worker ends with its server, however the server ends (even kill -9): a pool worker
      blocks on its task queue forever otherwise, since it holds both ends of that pipe.
    """
    try:
        os.nice(19)
        # Linux: run only when a core would otherwise idle (stronger than nice 19)
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # pragma: no cover - not on every system
        pass
    parent = os.getppid()
    try:  # Linux: the kernel kills this process when the server process dies
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not on Linux
        pass
    if os.getppid() != parent:  # the server died before prctl took effect
        os._exit(0)

    def watch() -> None:  # elsewhere (and as a second guard): poll the parent
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
