"""No-break spaces stay unbroken when rich wraps a line.

French typography puts a no-break space before `:` `;` `?` `!` and inside « »
(`i18n.french_typography`: U+00A0, U+202F in numbers), so that a line never starts
with a colon. Rich wraps text at every character its word pattern calls a space,
`\\s`, which in Python's regular expressions includes the no-break spaces (rich issues
#3545 and #4196, open; rich 15 still does it): a narrow terminal printed
"Dernière contestation" on one line and ": oui" on the next.

Rich has no setting for it, so `keep_no_break_spaces` gives rich's wrapper (its
`_wrap.re_word`, the one pattern every wrap goes through: text, tables, panels,
markdown) a word pattern whose spaces exclude the no-break ones. It checks first that
the installed rich still breaks there, and changes nothing once a rich version keeps
them together (or names that pattern differently).
"""

from __future__ import annotations

import re
import textwrap

NO_BREAK_SPACES = "\u00a0\u202f\u2007\u2060\ufeff"  # no-break, narrow, figure; joiners
_SPACE = rf"[^\S{NO_BREAK_SPACES}]"
_NOT_SPACE = rf"[\S{NO_BREAK_SPACES}]"
WORD = re.compile(rf"{_SPACE}*{_NOT_SPACE}+{_SPACE}*")


def rich_breaks_no_break_spaces() -> bool:
    """Whether rich's wrapper would break a line at a no-break space."""
    from rich import _wrap

    return len(list(_wrap.words("ab\u00a0cd"))) > 1


def keep_no_break_spaces() -> bool:
    """Make rich's wrapper keep no-break spaces whole (if it breaks them): True if changed."""
    try:
        from rich import _wrap
    except ImportError:  # pragma: no cover - rich without its wrapper module
        return False
    if not isinstance(getattr(_wrap, "re_word", None), re.Pattern):
        return False
    if _wrap.re_word.pattern == WORD.pattern or not rich_breaks_no_break_spaces():
        return False
    _wrap.re_word = WORD
    return True


def longest_word(text: str) -> int:
    """The length of the longest part of `text` a wrapped line never cuts (its words, with
    their no-break spaces inside: '95 %' in French is one)."""
    return max((len(word) for word in re.split(f"{_SPACE}+", text)), default=0)


def hanging(line: str, width: int, step: int = 2) -> str:
    """`line` wrapped at `width` columns, its continuation lines indented `step` columns
    more than its first (so that a wrapped finding stays apart from the next one); it
    breaks at plain spaces only, never at a no-break space nor before a % sign."""
    indent = line[:len(line) - len(line.lstrip(" "))]
    words = line.strip().replace(" %", "\u00a0%")
    return "\n".join(textwrap.wrap(words, width=max(width, 20), initial_indent=indent,
                                    subsequent_indent=indent + " " * step,
                                    break_long_words=False, break_on_hyphens=False)) or line
