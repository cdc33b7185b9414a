"""Output to a terminal that is not UTF-8 (a Latin-1 or an ASCII locale): readable, not a crash.

Python writes to such a terminal in its encoding, and a character it lacks ("▶", "·",
French quotes and no-break spaces, in ASCII every accent) raised UnicodeEncodeError: the
command died with a traceback before its first line. `readable_output` has the standard
streams write such a character as its nearest plain letters instead ("é" -> "e",
"«" -> '"', "▶" -> ">"); rich already draws its boxes with ASCII there.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata

from ludotheque.ui.terminal.typography import NO_BREAK_SPACES

HANDLER = "ludotheque-readable"
_NEAREST = {"«": '"', "»": '"', "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'",
            "▶": ">", "●": "o", "·": ".", "—": "-", "–": "-", "…": "...", "→": "->",
            "←": "<-", "×": "x", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"}


def nearest(char: str) -> str:
    """Plain ASCII for `char`: its letters without accents, a look-alike, or "?"."""
    if char in _NEAREST:
        return _NEAREST[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):  # rules and corners drawn by hand
        return "|" if "VERTICAL" in name and "HORIZONTAL" not in name else \
            "-" if "HORIZONTAL" in name and "VERTICAL" not in name else "+"
    plain = "".join(c for c in unicodedata.normalize("NFKD", char)
                    if not unicodedata.combining(c)).encode("ascii", "ignore").decode()
    return plain or "?"


def _readable(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    run = error.object[error.start:error.end]
    for space in NO_BREAK_SPACES:  # « deux 4 » -> "deux 4", not " deux 4 "
        run = run.replace("«" + space, "«").replace(space + "»", "»")
    return "".join(nearest(c) for c in run), error.end


def readable_output() -> None:
    """Standard output and error in a non-UTF encoding write what they cannot as its
    nearest plain letters."""
    codecs.register_error(HANDLER, _readable)
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if not encoding.startswith("utf") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=HANDLER)
