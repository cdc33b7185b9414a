"""The names people read at a table: the bots', a seat's default, and a person's.

A person's name is shown as people see it (`clean_name`) and refused (`checked_name`) if
it is empty or too long, or if it reads as a bot's ("Denis (easy)", "Bob (bot)") or as a
seat's default name in any language ("Seat 3", « Joueuse 2 »): the log would name the
wrong seat, or a seat with nobody.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from ludotheque.i18n import LANGUAGES, t
from ludotheque.web.db import TableRow, name_key
from ludotheque.web.refusals import Refused

BOT_NAMES = ("Bruno", "Camille", "Denis", "Fanny", "Gaspard", "Léa")
LEVELS = ("easy", "medium", "hard")
NAME_MAX = 24


def seat_names(row: TableRow, lang: str) -> list[str]:
    """A table's seat names in `lang`, read from its row alone."""
    names = []
    for s in row.seats:
        if s.kind == "bot":
            names.append(t("web.server.bot_name", lang, name=BOT_NAMES[s.seat % len(BOT_NAMES)],
                           level=t(f"web.server.level.{s.level}", lang)))
        elif s.name:  # sat down, or a rematch seat kept for its person
            names.append(s.name)
        else:
            names.append(t("web.server.seat_name", lang, seat=s.seat + 1))
    return names


# Letters and a symbol to Unicode that draw nothing: the Hangul fillers, the blank Braille
# pattern (a name of them reads as empty)
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def clean_name(text: str) -> str:
    """A display name as people see it: without control or format characters (Unicode
    Cc, Cf: bidi overrides, zero-width spaces and joiners, soft hyphens) nor characters
    drawn as nothing (BLANK_CHARACTERS), its spaces collapsed and trimmed. An empty
    result is no name, and so is one of combining marks alone (no letter to sit on)."""
    visible = " ".join("".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf")
                               and c not in BLANK_CHARACTERS).split())
    return visible if draws_something(visible) else ""


def draws_something(text: str) -> bool:
    """Whether a text shows anything: a character that is no control, format, blank
    (BLANK_CHARACTERS) or space character, nor a combining mark (alone, it sits on
    nothing)."""
    return any(unicodedata.category(c)[0] not in "MZ" and c not in BLANK_CHARACTERS
               and unicodedata.category(c) not in ("Cc", "Cf") for c in text)


def checked_name(name: Any, seat: int | None = None) -> str:
    """A person's display name as people will see it (`clean_name`), or Refused saying why
    not; `seat` (from 0: a name given with the table's seats) is named in the message and
    sent with the error, for the lobby to point at its field."""
    cleaned = clean_name(name) if isinstance(name, str) else ""
    if not 1 <= len(cleaned) <= NAME_MAX:
        key, params = "bad_name", {"high": NAME_MAX}
    elif _looks_like_a_bot(cleaned):
        key, params = "name_bot", {"name": cleaned}
    elif _seat_name_form().fullmatch(name_key(cleaned)):
        key, params = "name_seat", {"name": cleaned}
    else:
        return cleaned
    if seat is None:
        raise Refused("bad_name", key=f"web.server.error.{key}", **params)
    raise Refused("bad_name", key=f"web.server.error.seat_{key}", at_seat=seat, seat=seat + 1,
                  **params)


def _looks_like_a_bot(name: str) -> bool:
    """A name ending with a bot's level in brackets, in any language ("Denis (easy)",
    "Léa (difficile)"): the bots' names read that way; or as a stand-in's does ("Bob (bot)"
    is how the log names Bob's seat while a bot plays for him)."""
    key = name_key(name)
    return any(key.endswith(f"({name_key(t(f'web.server.level.{level}', lang))})")
               for level in LEVELS for lang in LANGUAGES) \
        or any(key.endswith(name_key(t("ui.stand_in_name", lang, name="")))
               for lang in LANGUAGES)


# The texts naming a seat by its number where nobody is named: the web's ("Seat 3", « Place
# 3 ») and the terminal's ("Player 3", « Joueur 3 »)
SEAT_NAME_KEYS = ("web.server.seat_name", "web.seat_n", "ui.player_n")
# How people vary those names, under `name_key`: a default's feminine (« Joueuse 2 »), and
# a sign or a word before the number ("Seat #3", « Place n° 3 », « Place nº 3 », « Place
# n.3 », "Player No. 3", « Joueur numéro 3 », typed « numero » too)
SEAT_WORD_FEMININES = {"joueur": "joueuse"}
NUMBER_SIGN = r"(?:#|n°|n\.|no\.?|number|num[ée]ro)?"  # NFKC writes « nº » and "№" as "no"


@functools.cache
def _seat_name_form() -> re.Pattern[str]:
    """What a seat's default name reads as, in any language, under `name_key` (case, width
    and spaces aside) and with any number, as people vary it (SEAT_WORD_FEMININES,
    NUMBER_SIGN): a person so named would make the log read as if the seat had nobody, or
    name another seat ("Seat 3 plays" about seat 1)."""
    mark = "\ue000"  # a private-use character standing for the number
    forms = {name_key(t(key, lang, seat=mark, n=mark, number=mark))
             for key in SEAT_NAME_KEYS for lang in LANGUAGES}

    def pattern(form: str) -> str:
        words = re.escape(form)
        for word, feminine in SEAT_WORD_FEMININES.items():
            words = words.replace(word, f"(?:{word}|{feminine})")
        return words.replace(re.escape(mark), NUMBER_SIGN + r"\d+")

    return re.compile("|".join(map(pattern, sorted(forms))))
