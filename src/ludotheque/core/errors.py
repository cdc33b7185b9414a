"""Errors a person may see. Each carries a text key and parameters so it reads
in French or English (`err.message("fr")`); `str(err)` is the English text.

Every error is raised *before* anything changes: a caller that catches one
holds the state, match or record exactly as it was.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ludotheque.i18n import is_plural, language_from_environment, t, tn


class LudoError(Exception):
    """Base class: a clear, translatable message about bad input; a text with plural
    forms takes the form its `count` parameter asks for."""

    key = "error.generic"

    def __init__(self, key: str | None = None, /, **params: object) -> None:
        self.key = key or self.key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        # a text given (a game's or a bot's name), or a list or dict given where a value
        # was expected, is cut at TEXT_LIMIT characters and shows its control characters
        # (`echo`); a number keeps its own format
        params = {
            name: (value.message(lang) if hasattr(value, "message")
                   else echo(str(value), TEXT_LIMIT)
                   if isinstance(value, str) or type(value) in CONTAINERS else value)
            for name, value in self.params.items()
        }
        if is_plural(self.key):
            return tn(self.key, params.pop("count"), lang, **params)
        return t(self.key, lang, **params)


class UnknownGameError(LudoError):
    key = "error.unknown_game"


class PlayerCountError(LudoError):
    key = "error.player_count"


class OptionError(LudoError):
    key = "error.option"


class IllegalActionError(LudoError):
    key = "error.illegal_action"


class NoSuchSeatError(LudoError):
    """A seat number that is not a seat of the game (nor None, the spectator)."""

    key = "error.no_such_seat"


ECHO_LIMIT = 80  # characters of a typed move an error message repeats
TEXT_LIMIT = 1000  # of any other text it repeats (a name, a file's path): a page pasted is cut
# a value given as one of these is repeated as its text, cut as a text is (a caller's list
# of a million items); exact types: `Names`, a tuple, formats itself
CONTAINERS = (list, tuple, dict, set, frozenset)


def echo(text: Any, limit: int = ECHO_LIMIT) -> Any:
    """What a person typed, as an error message repeats it: a text longer than `limit`
    characters is cut there and ends in "…" (a pasted page is not repeated whole), and
    its invisible characters are shown (`visible`)."""
    if not isinstance(text, str):
        return text
    return visible(text[:limit]) + ("…" if len(text) > limit else "")


_KINDS = ((bool, "value.truth"), (str, "value.text"), (list, "value.list"), (tuple, "value.tuple"),
          (dict, "value.dict"), ((set, frozenset), "value.set"), (bytes, "value.bytes"))


def described(value: Any) -> Any:
    """A value given where a number or a text was wanted, said in words for an error
    message (a LazyText: "the truth value True", "a list", "the text '3'"; not its Python
    repr); a number as itself."""
    from ludotheque.i18n import LazyText

    if value is None:
        return LazyText("value.nothing")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    for kind, key in _KINDS:
        if isinstance(value, kind):
            return LazyText(key, value=echo(str(value)))
    return LazyText("value.type", type=type(value).__name__)


def visible(text: str) -> str:
    """`text` with its control and format characters shown, not sent to the terminal: an
    escape sequence repeated as is would be run by it, a backspace or a byte order mark
    would hide what made a move unreadable ("Cannot read the move '1'"). C0 controls
    become their pictures ("␛", "␈"), the others their code point ("<U+FEFF>"); a line
    break stays one (a message may hold several lines)."""
    if text.isprintable():
        return text
    return "".join(_shown(char) for char in text)


def _shown(char: str) -> str:
    code = ord(char)
    if char == "\n":
        return char
    if code < 0x20 or code == 0x7F:
        return chr(0x2400 + code) if code < 0x20 else "\u2421"
    if unicodedata.category(char) in ("Cc", "Cf"):
        return f"<U+{code:04X}>"
    return char


class NotationError(LudoError):
    """A move that cannot be read: the texts it repeats (what was typed) are cut at
    ECHO_LIMIT characters."""

    key = "error.notation"

    def __init__(self, key: str | None = None, /, **params: object) -> None:
        super().__init__(key, **{name: echo(value) for name, value in params.items()})


class ChanceError(LudoError):
    key = "error.chance"


class RecordError(LudoError):
    key = "error.record"


class SnapshotError(LudoError):
    key = "error.snapshot"


class BotError(LudoError):
    key = "error.unknown_bot"


class MissingExtraError(LudoError):
    """An optional dependency is not installed; the message names the extra to install."""

    key = "error.missing_extra"


@contextmanager
def reading_snapshot() -> Iterator[None]:
    """Inside, anything that goes wrong while rebuilding a snapshot becomes one clear
    SnapshotError: a bad field is named, an inconsistency is described."""
    try:
        yield
    except SnapshotError:
        raise
    except LudoError as exc:
        raise SnapshotError("error.snapshot_inconsistent", reason=exc) from None
    except AssertionError as exc:
        raise SnapshotError("error.snapshot_inconsistent", reason=str(exc)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SnapshotError("error.snapshot_field", field=str(exc).strip("'")) from None


def require_extra(module: str, extra: str, feature: str) -> Any:
    """Import an optional dependency, or say which extra installs it (MissingExtraError)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError("error.missing_extra", feature=feature, module=module,
                                extra=extra) from None


def run_script(main: Callable[[], object]) -> None:
    """Run a script's `main` (examples/*.py) as the `ludotheque` command runs its own: bad
    input (a LudoError) ends it with the message alone, in the locale's language, on
    stderr, and exit status 2, not a traceback."""
    try:
        main()
    except LudoError as error:
        print(error.message(language_from_environment()), file=sys.stderr)
        raise SystemExit(2) from None
