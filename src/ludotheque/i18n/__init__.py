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


def number(value: float, lang: str, decimals: int = 0) -> str:
    """1234567.5 -> '1,234,567.5' in English, '1 234 567,5' in French."""
    text = f"{value:,.{decimals}f}"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


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
