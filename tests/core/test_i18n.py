"""Two languages: every text exists in English and French, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import ludotheque.games  # noqa: F401  (registers every game's texts)
import ludotheque.web.server_texts  # noqa: F401  (the web server's and `serve`'s texts)
import ludotheque.web.texts  # noqa: F401  (the web pages' and scenes' texts)
from ludotheque.i18n import LANGUAGES, catalog, language_from_environment, normalise_language, t

SOURCE = Path(__file__).resolve().parents[2] / "src" / "ludotheque"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_text_has_both_languages_with_the_same_fields():
    for key, texts in catalog().items():
        assert set(texts) == set(LANGUAGES), key
        assert _fields(texts["en"]) == _fields(texts["fr"]), key


def test_french_texts_are_translated():
    """Long texts must differ between the languages (short ones like 'x2', and titles, may not)."""
    def words(text: str) -> str:  # what is left to translate once the {fields} are out
        return re.sub(r"\{[^}]*\}", "", text)

    same = [key for key, texts in catalog().items()
            if len(texts["en"]) > 12 and texts["en"] == texts["fr"] and not key.endswith(".title")
            and re.search(r"[^\W\d_]", words(texts["en"]))]
    assert same == []


def test_every_key_the_code_uses_exists():
    used = set()
    pattern = re.compile(r"""(?:\bt\(|Error\(|LudoError\(|say\()\s*f?["']([a-z_0-9]+\.[a-z_0-9.]+)["']""")
    for path in SOURCE.rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    keys = set(catalog())
    missing = sorted(key for key in used if key not in keys and not key.endswith("."))
    assert len(used) > 40  # the scan found the texts
    assert missing == []


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "fr_CA"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LC_ALL": "de_DE", "LANG": "fr_FR"}, "en"),
])
def test_language_follows_the_locale(monkeypatch, env, expected):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert language_from_environment() == expected


def test_language_names_are_normalised_and_checked():
    assert normalise_language("FR") == "fr" and normalise_language("en_US") == "en"
    with pytest.raises(ValueError):
        normalise_language("de")


def test_formatting_fills_parameters():
    assert t("error.unknown_game", "fr", name="x", allowed="y") == \
        "Jeu inconnu «\u00a0x\u00a0». Jeux disponibles\u00a0: y."


def test_plurals_follow_each_language():
    from ludotheque.i18n import tn

    assert tn("diciassette.table.discard", 1, "en") == "Discard: 1 card"
    assert tn("diciassette.table.discard", 0, "en") == "Discard: 0 cards"
    assert tn("diciassette.table.discard", 0, "fr") == "Défausse\u00a0: 0 carte"
    assert tn("diciassette.table.discard", 2, "fr") == "Défausse\u00a0: 2 cartes"
