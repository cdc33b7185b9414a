"""The CLI with `time.sleep` written down instead of slept: `python -m tests.ui.recorded_sleep
play ...` prints `[sleep 1.0]` on standard error for each pause the program asks for, so a
test sees which pauses a person would get without waiting for them (no timing)."""

from __future__ import annotations

import sys
import time


def record(seconds: float) -> None:
    print(f"[sleep {seconds}]", file=sys.stderr, flush=True)


if __name__ == "__main__":
    time.sleep = record
    from ludotheque.cli import main

    main(sys.argv[1:])
