"""The command line's rich console, whose size follows the terminal.

rich reads COLUMNS and LINES once, when a Console is made, and keeps them: a window
resized afterwards (during a game, or between two commands of a session that exported
COLUMNS) kept being drawn at its old width, its lines cut by the terminal mid-word.
Where the output is a terminal, its own size is asked at each drawing instead (COLUMNS
is only a copy of it, taken when the process started). Where it is not (a pipe, a file,
a test's runner), COLUMNS still sets the width, read when drawing too.
"""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console, ConsoleDimensions


class LiveConsole(Console):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # forget what rich took from COLUMNS and LINES (a width given here stays)
        self._width, self._height = kwargs.get("width"), kwargs.get("height")

    @property
    def size(self) -> ConsoleDimensions:
        if self._width is None and self._height is None and self.is_terminal:
            try:
                return ConsoleDimensions(*os.get_terminal_size(self.file.fileno()))
            except (AttributeError, ValueError, OSError):  # no descriptor: rich's own way
                pass
        return Console.size.fget(self)  # type: ignore[attr-defined]

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]
