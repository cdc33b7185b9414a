"""Files a person names (records, saved games, journals, results): read and written with
errors said in the reader's language.

The system's own reasons (`strerror`: "Permission denied") and the `json` module's
("Expecting value") are English whatever the locale: `os_reason` and `json_reason` turn
them into catalog texts (`error.os.*`, `error.json.*`), passed as the `reason` of a
LudoError and translated with it. Text files are read as UTF-8 with or without the byte
order mark that some editors put at their start (`utf-8-sig`).

A file to read must be a regular file: a device (/dev/zero), a FIFO or a socket may
never end, or wait forever for a writer; they are refused before anything is read
(`check_readable`). What is read is bounded (`MAX_TEXT_BYTES`): a huge file is refused
with its size rather than filling the memory. A file of lines (an arena's journal) is read
a line at a time (`read_lines`), whatever its size; only its lines are bounded.
"""

from __future__ import annotations

import codecs
import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ludotheque.core.errors import LudoError
from ludotheque.i18n import LazyText

ENCODING = "utf-8-sig"  # UTF-8; a byte order mark at the start is read and left out
MEGABYTE = 2**20
# A text read whole (`read_text`); more is not one of ours. A journal is read a line at
# a time: a million games are some hundreds of megabytes, and it has no size limit.
MAX_TEXT_BYTES = 512 * MEGABYTE
MAX_RECORD_BYTES = 64 * MEGABYTE  # one game's record (a long one: some hundred kilobytes)
MAX_LINE_BYTES = 64 * MEGABYTE  # one line of a file of lines (a journal's game: a kilobyte)

_OS_REASONS = {
    errno.ENOENT: "error.os.not_found",
    errno.EACCES: "error.os.permission",
    errno.EPERM: "error.os.permission",
    errno.EISDIR: "error.os.is_folder",
    errno.ENOTDIR: "error.os.not_folder",
    errno.ENOSPC: "error.os.disk_full",
    errno.EROFS: "error.os.read_only",
    errno.ENAMETOOLONG: "error.os.name_too_long",
    errno.EIO: "error.os.input_output",
    errno.ELOOP: "error.os.link_loop",
}
if hasattr(errno, "EDQUOT"):  # not on every system
    _OS_REASONS[errno.EDQUOT] = "error.os.quota"

# The start of each message of the standard `json` module -> its text.
_JSON_REASONS = (
    ("Expecting value", "error.json.value"),
    ("Expecting property name", "error.json.name"),
    ("Expecting ':'", "error.json.colon"),
    ("Expecting ','", "error.json.comma"),
    ("Unterminated string", "error.json.unterminated"),
    ("Invalid control character", "error.json.control"),
    ("Invalid \\", "error.json.escape"),  # "Invalid \escape", "Invalid \uXXXX escape"
    ("Extra data", "error.json.extra"),
    ("Illegal trailing comma", "error.json.trailing_comma"),  # Python 3.13 and later
)


def os_reason(error: OSError) -> LazyText:
    """Why the system refused, as a text in the reader's language: the common cases by
    name (no such file, permission, a folder, the disk full...), else the error's code."""
    key = _OS_REASONS.get(error.errno or 0)
    if key is not None:
        return LazyText(key)
    code = errno.errorcode.get(error.errno or 0) or type(error).__name__
    return LazyText("error.os.other", code=code)


def json_reason(error: BaseException) -> LazyText:
    """What is wrong in a JSON text and where (line and column, from 1): the error of
    `json.loads` (a JSONDecodeError; the UnicodeDecodeError of bytes that are no UTF-8;
    the ValueError of a number too long; the RecursionError of brackets nested too
    deeply), or the UnicodeEncodeError of a lone surrogate the caller found in it."""
    if isinstance(error, json.JSONDecodeError):
        key = next((key for start, key in _JSON_REASONS if error.msg.startswith(start)),
                   "error.json.other")
        return LazyText(key, line=error.lineno, column=error.colno)
    if isinstance(error, UnicodeDecodeError):
        return LazyText("error.json.encoding", position=error.start + 1)
    if isinstance(error, UnicodeEncodeError):
        return LazyText("error.json.surrogate")
    if isinstance(error, RecursionError):
        return LazyText("error.json.nested")
    if isinstance(error, ValueError):  # a whole number longer than Python converts
        return LazyText("error.json.long_number", high=sys.get_int_max_str_digits())
    raise TypeError(f"not an error of json.loads: {error!r}")


def check_readable(path: str | Path, wanted: LazyText, kind: type[LudoError] = LudoError,
                   limit: int | None = MAX_TEXT_BYTES) -> os.stat_result:
    """Refuse, before reading it, what a person named as a file to read but is none: it
    does not exist or cannot be reached, it is a folder, or it is not a regular file (a
    device, a FIFO, a socket: reading it may never end); or it is bigger than `limit`
    bytes (None: no limit). `wanted` says what to give instead ("a record file")."""
    path = _named(path, kind)
    with reading(path, kind):
        found = os.stat(path)
    _check_stat(path, found, wanted, kind, limit)
    return found


def _check_stat(path: str | Path, found: os.stat_result, wanted: LazyText,
                kind: type[LudoError], limit: int | None) -> None:
    if stat.S_ISDIR(found.st_mode):
        raise kind("error.file_unreadable", path=str(path), reason=LazyText("error.os.is_folder"))
    if not stat.S_ISREG(found.st_mode):
        raise kind("error.file_not_regular", path=str(path), wanted=wanted)
    if limit is not None and found.st_size > limit:
        raise kind("error.file_too_big", path=str(path), size=-(-found.st_size // MEGABYTE),
                   limit=limit // MEGABYTE)


def _open_regular(path: str | Path, kind: type[LudoError], wanted: LazyText,
                  limit: int | None) -> int:
    """A file descriptor to read `path`, refused as `check_readable` says; opened without
    blocking (a FIFO put in the file's place since is opened, not waited on) and checked
    again once open."""
    check_readable(path, wanted, kind, limit)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        _check_stat(path, os.fstat(descriptor), wanted, kind, limit)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def read_text(path: str | Path, kind: type[LudoError] = LudoError,
              wanted: LazyText | None = None, limit: int = MAX_TEXT_BYTES) -> str:
    """The text of a file (UTF-8, with or without a byte order mark); a file that cannot
    be read, is not a regular file or is bigger than `limit` bytes raises `kind` saying
    why (`wanted`: what to give instead). A file that is not UTF-8 raises
    UnicodeDecodeError: each caller says what the file should be."""
    wanted = wanted or LazyText("files.wanted.text")
    with reading(path, kind), open(_open_regular(path, kind, wanted, limit),
                                   encoding=ENCODING) as handle:
        text = handle.read(limit + 1)  # characters: at most as many as bytes
    if len(text) > limit:  # the file grew since
        raise kind("error.file_too_big", path=str(path), size=-(-len(text) // MEGABYTE),
                   limit=limit // MEGABYTE)
    return text


def bad_byte(path: str | Path, piece_size: int = MEGABYTE) -> int | None:
    """Where a file stops being UTF-8: its first bad byte's position, counted from 1 as
    editors count (None: it is all UTF-8). A text handle's or pandas' UnicodeDecodeError
    says where in the piece it was decoding, not in the file: this reads the file in
    pieces of its own and counts."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    done = 0  # bytes handed to the decoder so far
    with open(path, "rb") as handle:
        while True:
            piece = handle.read(piece_size)
            waiting = len(decoder.getstate()[0])  # a character's first bytes, held back
            try:
                decoder.decode(piece, final=not piece)
            except UnicodeDecodeError as exc:  # its `object`: the bytes held back, then piece
                return done - waiting + exc.start + 1
            if not piece:
                return None
            done += len(piece)


def read_lines(path: str | Path, kind: type[LudoError] = LudoError,
               wanted: LazyText | None = None) -> Iterator[bytes]:
    """The lines of a file one at a time, never the whole file at once (a file of any
    size is read): bytes, each with its newline but the last if the file does not end
    with one; a byte order mark at the start left out. Refused as `read_text` says,
    but for the size: a line longer than MAX_LINE_BYTES raises `kind` naming it. Each
    caller decodes its lines (and says which line is not UTF-8)."""
    wanted = wanted or LazyText("files.wanted.text")
    limit = MAX_LINE_BYTES
    with reading(path, kind), open(_open_regular(path, kind, wanted, None), "rb") as handle:
        number, line = 1, handle.readline(limit + 1).removeprefix(codecs.BOM_UTF8)
        while line:
            if len(line) > limit:
                raise kind("error.line_too_long", path=str(path), line=number,
                           limit=limit // MEGABYTE)
            yield line
            number, line = number + 1, handle.readline(limit + 1)


@contextmanager
def reading(path: str | Path, kind: type[LudoError] = LudoError) -> Iterator[None]:
    """Inside, a file that cannot be read raises `kind` naming it and saying why."""
    with _refused(path, "error.file_unreadable", kind):
        yield


@contextmanager
def writing(path: str | Path) -> Iterator[None]:
    """Inside, a file that cannot be written (a full disk, no permission...) raises a
    LudoError naming it and saying why."""
    with _refused(path, "error.file_unwritable", LudoError):
        yield


@contextmanager
def _refused(path: str | Path, key: str, kind: type[LudoError]) -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        raise kind(key, path=str(path), reason=os_reason(exc)) from None


def _named(path: str | Path, kind: type[LudoError] = LudoError) -> Path:
    """`path` as a Path, refused if it is an empty text (Path("") is ".", the current
    folder, which no one means by it)."""
    if isinstance(path, str) and not path:
        raise kind("error.path_empty")
    return Path(path)


def check_writable(path: str | Path, folder: bool = False) -> Path:
    """Refuse, before any work, a file (`folder`: a folder, made if missing) that could not
    be written at its end: an empty name, a missing folder above it, a folder where a file
    is wanted (or the reverse), or a place the system does not let us write, found by
    trying (permission bits do not say it for root, a read-only disk or /proc): an
    existing file is opened to append, nothing written; a new one is made and removed."""
    path = _named(path)
    with writing(path):  # a name the system refuses (too long...) is said, not a traceback
        parent = path.expanduser().resolve().parent
        if not parent.is_dir():
            raise LudoError("error.save_folder", path=str(path), folder=str(parent))
        if path.is_dir() != folder and path.exists():
            raise LudoError("error.report_png_folder" if folder else "error.save_is_folder",
                            path=str(path))
        if path.exists() and not folder:
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)))
        else:
            try:
                with tempfile.TemporaryFile(dir=path if path.exists() else parent):
                    pass
            except FileNotFoundError:  # the folder is there but takes no file (/proc)
                raise LudoError("error.file_unwritable", path=str(path),
                                reason=LazyText("error.os.no_new_files")) from None
    return path
