"""Why a JSON text could not be read, in the reader's language.

Python's `json` says why in English ("Expecting value"). `json_reason(error)` turns what
`json.loads` raised (a JSONDecodeError; the UnicodeDecodeError of bytes that are no UTF-8;
the ValueError of a number too long; the RecursionError of brackets nested too deeply;
the UnicodeEncodeError of a lone surrogate, found by the caller afterwards) into a text
that says what is wrong and where (line and column), to put in a message:
`json_reason(error).message(lang)`. Its texts are the `json` catalog's (`json.error.*`),
for every reader of JSON (the web server, the command line).
"""

from __future__ import annotations

import json
import sys

from ludotheque.i18n import LazyText

# The start of each message of Python's decoder (C and Python alike) -> its text's key.
_REASONS = (
    ("Expecting value", "expecting_value"),
    ("Expecting property name", "property_name"),
    ("Expecting ':'", "colon"),
    ("Expecting ','", "comma"),
    ("Illegal trailing comma", "trailing_comma"),  # Python 3.13 and later
    ("Unterminated string", "unterminated_string"),
    ("Invalid control character", "control_character"),
    ("Invalid \\uXXXX escape", "unicode_escape"),
    ("Invalid \\escape", "bad_escape"),
    ("Extra data", "extra_data"),
)


def json_reason(error: BaseException) -> LazyText:
    """What is wrong in a JSON text that `json.loads` refused with `error`, and where."""
    if isinstance(error, json.JSONDecodeError):
        name = next((key for start, key in _REASONS if error.msg.startswith(start)), "other")
        return LazyText(f"json.error.{name}", line=error.lineno, column=error.colno)
    if isinstance(error, UnicodeDecodeError):
        return LazyText("json.error.encoding", position=error.start + 1)
    if isinstance(error, UnicodeEncodeError):
        return LazyText("json.error.surrogate")
    if isinstance(error, RecursionError):
        return LazyText("json.error.nested")
    if isinstance(error, ValueError):  # a whole number longer than Python converts
        return LazyText("json.error.long_number", high=sys.get_int_max_str_digits())
    raise TypeError(f"not an error of json.loads: {error!r}")


__all__ = ["json_reason"]
