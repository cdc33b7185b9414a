"""The bots' side of the server: a move chosen from a seat's view and legal moves only.

`choose` runs in a worker (a process for `hard`, whose search holds the GIL for up to a
second; a thread for `easy` and `medium`, which answer in a few milliseconds), never on
the event loop. It receives the game's name, the level, `view(seat)` and
`legal_actions()`: nothing else of the match, so a bot cannot cheat either.
"""

from __future__ import annotations

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
