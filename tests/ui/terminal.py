"""A real terminal for tests: `python -m ludotheque ...` (the CLI) in a pseudo-terminal.

The child runs as a person would run it (its standard input and output are a terminal of
a known size); the test types into it and reads what it printed. Waiting has a generous
limit only so that a broken program fails instead of hanging: no pass/fail depends on time.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

# LUDO_TEST_SRC: run these tests against another tree (e.g. to see them fail before a fix).
SRC = Path(os.environ.get("LUDO_TEST_SRC") or Path(__file__).resolve().parents[2] / "src")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
LIMIT = float(os.environ.get("LUDO_TEST_LIMIT", 120))  # seconds: a safety net against a hung child


class Terminal:
    def __init__(self, *args: str, columns: int = 100, rows: int = 40,
                 env: dict[str, str] | None = None, module: str = "ludotheque") -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "xterm",
                       "COLUMNS": str(columns), "LINES": str(rows), **(env or {})}
        environment.pop("NO_COLOR", None)
        self.process = subprocess.Popen([sys.executable, "-m", module, *args],
                                        stdin=slave, stdout=slave, stderr=slave,
                                        env=environment, start_new_session=True)
        os.close(slave)
        self.master = master
        self.raw = ""
        # a character may span reads
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    @property
    def text(self) -> str:
        """Everything printed so far, without colours and cursor moves."""
        return ANSI.sub("", self.raw)

    def _read_once(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not chunk:
            return False
        self.raw += self._decoder.decode(chunk)
        return True

    def expect(self, pattern: str, after: int = 0, count: int = 1) -> int:
        """Wait until `pattern` (a regex) has appeared `count` times in the text from `after`;
        returns the end of the last match."""
        import time
        end = time.monotonic() + LIMIT
        while True:
            found = list(re.finditer(pattern, self.text[after:]))
            if len(found) >= count:
                return after + found[count - 1].end()
            if time.monotonic() > end or not self._read_once(0.2):
                raise AssertionError(f"{pattern!r} not seen; output:\n{self.text[-3000:]}")

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def resize(self, columns: int, rows: int = 40) -> None:
        """The window resized, as a terminal does it: the new size, then SIGWINCH."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.killpg(self.process.pid, signal.SIGWINCH)

    def interrupt(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)

    def finish(self) -> int:
        """Read to the end; returns the exit code."""
        import time
        end = time.monotonic() + LIMIT
        while self._read_once(0.5):
            if self.process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
            if time.monotonic() > end:  # still waiting for input: a failure, not a hang
                raise AssertionError(f"the program did not end; output:\n{self.text[-3000:]}")
        code = self.process.wait(timeout=LIMIT)
        return code

    def close(self) -> None:
        """Stop the child if a failed test left it running."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        try:
            os.close(self.master)
        except OSError:
            pass


def leave(term: Terminal, word: str = "quit") -> None:
    """Quit, then answer the save question with Enter (leave without saving). The Enter is
    typed once the question is asked: keys typed before a prompt are dropped."""
    term.send(word + "\n")
    term.expect(r"(File name|Nom du fichier) \((Enter|Entrée)\s?: [^)]*\)\s?:")
    term.send("\n")
