"""French and English texts.

Every text a person reads is a key with one text per language. The texts live in
gettext catalogs, one domain per area (`core`, `report`, each game, `web`,
`server`): `i18n/locale/<lang>/LC_MESSAGES/<domain>.po`, where translators edit
them (docs/translating.md), compiled to `.mo` files that this module reads with
the standard library, all at once on the first lookup. A text's key is its
entry's `msgctxt`; its English text the `msgid`; plurals use each language's
gettext plural rule. `t(key, lang, **params)` formats a text with `str.format`;
`tn` picks the plural form. In French a default seat name is a common noun and takes
an article, a person's name none: `{player:to}` writes « au joueur 2 », « à la place 2 »,
« à Ada » (`{player:To}` at a sentence's start) and `{player:the}` « le joueur 2 »,
« la place 2 », « Ada » after another preposition (« par », « pour », « devant »...):
see `french_name`; `Names` (several in one field) takes it on each one. A test checks
that every key exists in every language with the same fields.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
import string
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# key -> {lang: text}; a plural text is a tuple of forms, chosen by _PLURAL[lang].
_CATALOG: dict[str, dict[str, str | tuple[str, ...]]] = {}
_PLURAL: dict[str, Callable[[int], int]] = {
    "en": lambda n: int(n != 1), "fr": lambda n: int(n > 1)}
_LOADED = False
_LOCK = threading.Lock()
_CONTEXT = "\x04"  # gettext's separator between msgctxt and msgid in a .mo


def french_typography(text: str) -> str:
    """Non-breaking spaces where French typography wants them (« 17 », « : », « ! »,
    a narrow one in « 95 % »), so that a terminal never wraps a line between a word and
    its punctuation (rich needs `ui.terminal.typography` for that)."""
    return (text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")
            .replace(" :", "\u00a0:").replace(" !", "\u00a0!").replace(" ?", "\u00a0?")
            .replace(" ;", "\u00a0;").replace(" %", "\u202f%"))


# French default seat names ("Joueur 2", "Place 2": `ui.player_n`, `web.seat_n`,
# `web.server.seat_name`, `report.seat`), bare and as a field's spec writes them.
_FRENCH_DEFAULT_NAMES = {"Joueur ": {"to": "au joueur ", "the": "le joueur "},
                         "Place ": {"to": "à la place ", "the": "la place "}}
_BEFORE_A_NAME = {"to": "à ", "the": ""}


def french_name(name: str, spec: str) -> str:
    """A name after a preposition, `spec` being `to` (« à » and the name) or `the` (the
    name as « par », « pour »... take it): a default seat name is a common noun and takes
    its article (« au joueur 2 », « par le joueur 2 »; « À Joueur 2 de jouer » is not
    French), a person's name none (« à Ada », « par Ada »)."""
    for bare, forms in _FRENCH_DEFAULT_NAMES.items():
        number, _, rest = name[len(bare):].partition(" ")
        # a stand-in's or a bot's bracket after it: « au joueur 2 (bot) »
        if name.startswith(bare) and number.isdigit() and (not rest or rest.startswith("(")):
            return forms[spec] + name[len(bare):]
    return _BEFORE_A_NAME[spec] + name


def name_forms() -> dict[str, dict[str, object]]:
    """What `french_name` knows, for the pages' twin (`asSpecSays` in common.js)."""
    return {"defaults": _FRENCH_DEFAULT_NAMES, "before": _BEFORE_A_NAME}


def _as_spec_says(name: str, spec: str) -> str:
    """`name` as the spec `to`/`the` writes it (`To`/`The`: at a sentence's start, with
    a capital on what the spec put before it, « Le joueur 2 », « À ada », never on a
    person's own name: « ada pioche une carte », as she typed it)."""
    lowered = spec.lower()
    if lowered not in _BEFORE_A_NAME:
        return format(name, spec)
    text = french_name(name, lowered)
    return text[0].upper() + text[1:] if spec != lowered and text != name else text


def join_names(names: Iterable[object], lang: str) -> str:
    """Names in a sentence, as a person writes them: "Ada", "Ada and Bob", "Ada, Bob and
    Camille" (« Ada, Bob et Camille »). The pages' twin: `joinNames` in common.js."""
    names = [str(name) for name in names]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + t("list.and", lang) + names[-1]


class Names(tuple):
    """Several names in one field, written "A, B and C" in `lang` (`join_names`), each one
    as the field's spec asks (`{players:the}`: « le joueur 1 et Ada »)."""

    lang: str

    def __new__(cls, names: Iterable[str], lang: str) -> Names:
        made = super().__new__(cls, names)
        made.lang = lang
        return made

    def __format__(self, spec: str) -> str:
        # `The`/`To` (a sentence's start) is the first name's alone: « La place 2 et la place 3 »
        return join_names((_as_spec_says(str(name), spec if i == 0 else spec.lower())
                           for i, name in enumerate(self)), self.lang)


class _Formatter(string.Formatter):
    """`str.format`, plus the specs `to`/`To` and `the`/`The` (see `french_name`)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec.lower() in _BEFORE_A_NAME and not isinstance(value, Names):
            return _as_spec_says(str(value), format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def _format(template: str, params: dict[str, object]) -> str:
    lowered = template.lower()
    return _FORMATTER.vformat(template, (), params) if ":to}" in lowered \
        or ":the}" in lowered else template.format(**params)


def read_mo(path: Path) -> tuple[dict[str, str | tuple[str, ...]], Callable[[int], int]]:
    """{key: text} of a compiled catalog, and its plural rule.

    Keys are the entries' `msgctxt`: the stdlib's `GNUTranslations` looks texts up by
    (context, English), and we only know the key, so we read its parsed table.
    """
    with path.open("rb") as fp:
        translations = gettext.GNUTranslations(fp)
    texts: dict[str, str | tuple[str, ...]] = {}
    forms: dict[str, dict[int, str]] = {}
    for msgid, text in translations._catalog.items():  # noqa: SLF001 (see above)
        if isinstance(msgid, tuple):  # (context + \x04 + English, plural index)
            key = msgid[0].split(_CONTEXT, 1)[0]
            forms.setdefault(key, {})[msgid[1]] = text
        elif _CONTEXT in msgid:
            texts[msgid.split(_CONTEXT, 1)[0]] = text
    for key, by_index in forms.items():
        texts[key] = tuple(by_index[i] for i in sorted(by_index))
    return texts, translations.plural


def _load() -> None:
    """Read every compiled catalog (once)."""
    global _LOADED
    with _LOCK:
        if _LOADED:
            return
        for lang in LANGUAGES:
            for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo")):
                texts, plural = read_mo(path)
                _PLURAL[lang] = plural
                for key, text in texts.items():
                    if lang == "fr":
                        text = (tuple(map(french_typography, text)) if isinstance(text, tuple)
                                else french_typography(text))
                    _CATALOG.setdefault(key, {})[lang] = text
        _LOADED = True


def _entries() -> dict[str, dict[str, str | tuple[str, ...]]]:
    if not _LOADED:
        _load()
    return _CATALOG


def catalog() -> dict[str, dict[str, str]]:
    """A copy of the whole catalog (for tests and tools): a plural text `k` appears as
    `k.one` (its singular) and `k.other` (its plural)."""
    out: dict[str, dict[str, str]] = {}
    for key, by_lang in _entries().items():
        if any(isinstance(text, tuple) for text in by_lang.values()):
            out[f"{key}.one"] = {lang: text[0] for lang, text in by_lang.items()}
            out[f"{key}.other"] = {lang: text[-1] for lang, text in by_lang.items()}
        else:
            out[key] = dict(by_lang)  # type: ignore[arg-type]
    return out


def has_text(key: str) -> bool:
    return key in _entries()


def is_plural(key: str) -> bool:
    """Whether `key` has plural forms (read with `tn`)."""
    return any(isinstance(text, tuple) for text in _entries().get(key, {}).values())


def text_keys(prefix: str) -> list[str]:
    """Every key that starts with `prefix` (e.g. a game's rulings), in catalog order."""
    return [key for key in _entries() if key.startswith(prefix)]


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The text `key` in `lang`, formatted with `params`."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    try:
        template = _entries()[key][lang]
    except KeyError:
        base, _, form = key.rpartition(".")  # `k.one` / `k.other` of a plural text
        try:
            forms = _entries()[base][lang]
        except KeyError:
            raise KeyError(f"no text {key!r}") from None
        if not isinstance(forms, tuple) or form not in ("one", "other"):
            raise KeyError(f"no text {key!r}") from None
        template = forms[0] if form == "one" else forms[-1]
    if isinstance(template, tuple):
        raise KeyError(f"text {key!r} has plural forms: read it with tn")
    if params:
        return _format(template, params)
    # a doubled brace is a brace, with or without parameters (`{field}`s stay as they are)
    return template.replace("{{", "{").replace("}}", "}") if "{{" in template \
        or "}}" in template else template


def number(value: float, lang: str, decimals: int = 0) -> str:
    """1234567.5 -> '1,234,567.5' in English, '1 234 567,5' in French (narrow no-break
    spaces). Halves round up, as people do (5.15 -> 5.2, 0.125 -> 0.13): the value is
    rounded as it is written, not as its binary double."""
    from decimal import ROUND_HALF_UP, Decimal

    if value != value or value in (float("inf"), float("-inf")):
        return "–"
    rounded = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)
    text = f"{rounded:,}" if rounded else f"{abs(rounded):,}"  # no "-0.0"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def numbers(values: Sequence[float], lang: str, decimals: int) -> list[str]:
    """Numbers read side by side, written alike: with `decimals` decimals, or none when
    every one is whole (wins counting shared games as fractions: '59.7 · 59.0', else
    '60 · 59'; never '59.7 · 59')."""
    whole = all(float(value).is_integer() for value in values)
    return [number(value, lang, 0 if whole else decimals) for value in values]


def percent(share: float, lang: str, decimals: int = 1) -> str:
    """A share as a percentage: 0.575 -> '57.5 %' ('57,5 %' in French, the space before
    % a narrow no-break one)."""
    shown = number(100 * share, lang, decimals)
    return shown if shown == "–" else shown + percent_sign(lang)


def percent_sign(lang: str) -> str:
    """' %' (in French with a narrow no-break space: never alone at a line's start)."""
    return "\u202f%" if lang == "fr" else " %"


MEAN_DECIMALS = 1  # means of games (decisions, turns, rounds): the same in every output


def mean(value: float, lang: str) -> str:
    """A mean over games (decisions, turns, rounds), as every command shows it."""
    return number(value, lang, MEAN_DECIMALS)


def tn(key: str, count: int, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The form of the plural text `key` for `count` (the language's gettext rule:
    French uses the singular for 0 and 1, English for 1 only), with {count} filled."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    try:
        forms = _entries()[key][lang]
    except KeyError:
        raise KeyError(f"no text {key!r}") from None
    if not isinstance(forms, tuple):
        raise KeyError(f"text {key!r} has no plural forms: read it with t")
    template = forms[min(_PLURAL[lang](count), len(forms) - 1)]
    return _format(template, {"count": count, **params})


def tn_names(key: str, names: Iterable[str], lang: str = DEFAULT_LANGUAGE, /,
             **params: object) -> str:
    """The plural text `key` naming `names` as `players`, in the form for that many (one
    winner "wins", two "share the win")."""
    players = Names(names, lang)
    return tn(key, len(players), lang, players=players, **params)


class LazyMessage:
    """A text written only once the reader's language is known: `write(*args, lang=lang,
    **kwargs)`, called by `message(lang)` (a seat's name, what an option allows).

    An error or a refusal is made where the bad input is found, but its message is
    written later, in the language of whoever reads it: the web knows it only when the
    refusal is sent to a page, the command line when it shows the error. A parameter of
    that message that is a text itself is kept as one of these (or a `LazyText`), and
    every message writes it in its own language (`in_language`)."""

    def __init__(self, write: Callable[..., str], /, *args: Any, **kwargs: Any) -> None:
        self.write, self.args, self.kwargs = write, args, kwargs

    def message(self, lang: str) -> str:
        return self.write(*self.args, lang=lang, **self.kwargs)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)


class LazyText:
    """A text key to translate later, when the language of the message is known (e.g. a
    game's title inside an error message); its parameters may be texts themselves
    (`LazyMessage`, `LazyText`), written in that language too."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def message(self, lang: str) -> str:
        return t(self.key, lang, **in_language(self.params, lang))

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)


def in_language(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A message's parameters, those that are texts themselves (`.message(lang)`: a
    `LazyMessage`, a `LazyText`) written in the message's language."""
    return {k: (v.message(lang) if hasattr(v, "message") else v) for k, v in params.items()}


def language_of(tag: str) -> str | None:
    """The language of ours a tag names by its primary subtag, whatever its region,
    script or encoding: 'fr', 'FR', 'fr-CA', 'fr_FR.UTF-8' -> 'fr'; None for any other
    ('frog', 'frr' North Frisian, 'f', '')."""
    primary = re.split(r"[-_.@:]", tag.strip(), maxsplit=1)[0].lower()
    return primary if primary in LANGUAGES else None


def normalise_language(lang: str | None) -> str:
    """'fr', 'fr_FR.UTF-8', 'FR' -> 'fr'; ValueError for a language not ours; None -> the
    locale's."""
    if lang is None:
        return language_from_environment()
    code = language_of(lang)
    if code is None:
        raise ValueError(lang)
    return code


def language_from_environment() -> str:
    """The language of the user's locale, read as Python's gettext reads it: the first of
    LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set, a list of languages by preference
    (`de:fr`) whose first of ours wins (each by its primary subtag: `language_of`), up to
    a `C` or `POSIX` (none: English). None set: the process's locale, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            for tag in value.split(":"):
                if tag.split(".")[0] in ("C", "POSIX"):
                    break
                if code := language_of(tag):
                    return code
            return DEFAULT_LANGUAGE
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:  # pragma: no cover - broken locale settings
        loc = ""
    return language_of(loc) or DEFAULT_LANGUAGE
