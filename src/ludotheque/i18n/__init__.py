"""French and English texts.

Every text a person reads is a key in a catalog with one entry per language.
Catalogs are plain dictionaries registered by the core and by each game
(`register_texts`); `t(key, lang, **params)` formats one with `str.format`.
A test checks that every key exists in every language with the same fields.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_CATALOG: dict[str, dict[str, str]] = {}


def french_typography(text: str) -> str:
    """Non-breaking spaces where French typography wants them (« 17 », « : », « ! »),
    so that a terminal never wraps a line between a word and its punctuation."""
    return (text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")
            .replace(" :", "\u00a0:").replace(" !", "\u00a0!").replace(" ?", "\u00a0?")
            .replace(" ;", "\u00a0;"))


def register_texts(texts: Mapping[str, Mapping[str, str]]) -> None:
    """Add texts {key: {"en": ..., "fr": ...}} to the catalog.

    A key ending in `.one` / `.other` is a plural pair read with `tn`.
    """
    for key, by_lang in texts.items():
        missing = [lang for lang in LANGUAGES if lang not in by_lang]
        if missing:
            raise ValueError(f"text {key!r} lacks language(s) {missing}")
        entry = dict(by_lang)
        entry["fr"] = french_typography(entry["fr"])
        if key in _CATALOG and _CATALOG[key] != entry:
            raise ValueError(f"text {key!r} registered twice with different content")
        _CATALOG[key] = entry


def catalog() -> dict[str, dict[str, str]]:
    """A copy of the whole catalog (for tests and tools)."""
    return {key: dict(value) for key, value in _CATALOG.items()}


def has_text(key: str) -> bool:
    return key in _CATALOG


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The text `key` in `lang`, formatted with `params`."""
    try:
        template = _CATALOG[key][lang if lang in LANGUAGES else DEFAULT_LANGUAGE]
    except KeyError:
        raise KeyError(f"no text {key!r}") from None
    return template.format(**params) if params else template


def number(value: float, lang: str, decimals: int = 0, whole: bool = False) -> str:
    """1234567.5 -> '1,234,567.5' in English, '1 234 567,5' in French (narrow no-break
    spaces). Halves round up, as people do (5.15 -> 5.2, 0.125 -> 0.13): the value is
    rounded as it is written, not as its binary double. `whole=True` drops a fraction
    that rounds to zeros (300.0 -> '300', 57.5 stays '57.5')."""
    from decimal import ROUND_HALF_UP, Decimal

    if value != value or value in (float("inf"), float("-inf")):
        return "–"
    rounded = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)
    if whole and rounded == rounded.to_integral_value():
        rounded = rounded.quantize(Decimal(1))
    text = f"{rounded:,}" if rounded else f"{abs(rounded):,}"  # no "-0.0"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


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
    """The singular (`key.one`) or plural (`key.other`) text for `count`, with {count} filled.

    French uses the singular for 0 and 1, English for 1 only.
    """
    singular = count <= 1 if lang == "fr" else count == 1
    return t(f"{key}.{'one' if singular else 'other'}", lang, count=count, **params)


class LazyText:
    """A text key to translate later, when the language of the message is known
    (e.g. a game's title inside an error message)."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def message(self, lang: str) -> str:
        return t(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)


def normalise_language(lang: str | None) -> str:
    """'fr', 'fr_FR.UTF-8', 'FR' -> 'fr'; anything not French -> 'en'; None -> the locale's."""
    if lang is None:
        return language_from_environment()
    code = lang.strip().lower()[:2]
    if code not in LANGUAGES:
        raise ValueError(lang)
    return code


def language_from_environment() -> str:
    """The language of the user's locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else DEFAULT_LANGUAGE
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:  # pragma: no cover - broken locale settings
        loc = ""
    return "fr" if loc.lower().startswith("fr") else DEFAULT_LANGUAGE


from ludotheque.i18n import core_texts as _core_texts  # noqa: E402  (the core's texts: data)
from ludotheque.i18n import report_texts as _report_texts  # noqa: E402  (the report's texts)

register_texts(_core_texts.TEXTS)
register_texts(_report_texts.TEXTS)
del _core_texts, _report_texts
