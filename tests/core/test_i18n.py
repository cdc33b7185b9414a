"""Two languages: every text exists in English and French, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import ludotheque.games  # noqa: F401  (registers every game's statistics labels)
from ludotheque.i18n import (
    LANGUAGES,
    catalog,
    language_from_environment,
    normalise_language,
    percent_sign,
    t,
)

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

    french_too = {"report.col.config",  # "Configuration": the same word in French
                  "wazabi.count.points.one", "wazabi.count.points.other"}  # "3 points"
    same = [key for key, texts in catalog().items()
            if len(texts["en"]) > 12 and texts["en"] == texts["fr"] and not key.endswith(".title")
            and re.search(r"[^\W\d_]", words(texts["en"])) and key not in french_too]
    assert same == []


def test_a_percentage_is_written_one_way_in_each_language():
    """As `percent` writes it: "95 %" in English too (the arena's "95% CI" beside the
    report's "95 %" was two forms of one thing), with a narrow no-break space in French."""
    glued = {key: texts["en"] for key, texts in catalog().items() if re.search(r"\d%", texts["en"])}
    assert glued == {}
    assert t("cli.col.ci95", "en") == "95 % CI" and t("cli.col.ci95", "fr").endswith(
        "95" + percent_sign("fr"))


def test_every_key_the_code_uses_exists():
    used = set()
    pattern = re.compile(r"""(?:\bt\(|Error\(|LudoError\(|say\()\s*"""
                         r"""f?["']([a-z_0-9]+\.[a-z_0-9.]+)["']""")
    for path in SOURCE.rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    keys = set(catalog())
    missing = sorted(key for key in used if key not in keys and f"{key}.one" not in keys
                     and not key.endswith("."))  # an error's text may have plural forms
    assert len(used) > 40  # the scan found the texts
    assert missing == []


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "fr_CA"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LC_ALL": "de_DE", "LANG": "fr_FR"}, "en"),
    ({"LC_MESSAGES": "fr_BE@euro"}, "fr"),
    # a language counts by its primary subtag: North Frisian is no French
    ({"LANG": "frr_DE.UTF-8"}, "en"), ({"LC_ALL": "frr_DE", "LANG": "fr_FR"}, "en"),
    # LANGUAGE, a list of languages by preference, comes first (as gettext reads them):
    # its first one of ours, whatever the locale; none of ours, English
    ({"LANGUAGE": "de:fr"}, "fr"), ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LANGUAGE": "en:fr", "LANG": "fr_FR.UTF-8"}, "en"), ({"LANGUAGE": ":fr_CA:"}, "fr"),
    ({"LANGUAGE": "frr:de", "LANG": "fr_FR.UTF-8"}, "en"), ({"LANGUAGE": "C:fr"}, "en"),
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


# -- the gettext catalogs (i18n/locale/): what translators edit, what the games read

def test_every_domain_has_a_complete_catalog_in_each_language():
    """The .po files parse, hold the same keys in English and French, have no fuzzy or
    untranslated entry, and their compiled .mo say exactly what they say."""
    from ludotheque.i18n import catalogs

    domains = catalogs.domains()
    assert {"core", "report", "web", "server", "diciassette", "wazabi", "dtc", "decimoarr"} <= \
        set(domains)
    problems = [problem for domain in domains for problem in catalogs.problems(domain)]
    assert problems == []


def test_each_language_catalog_declares_its_plural_rule():
    from ludotheque.i18n import catalogs

    for domain in catalogs.domains():
        assert catalogs.read(domain, "fr").plural_expr == "(n > 1)", domain
        assert catalogs.read(domain, "en").plural_expr == "(n != 1)", domain


def test_the_catalogs_are_the_only_home_of_the_texts():
    """No text dictionary left in the package (tools/dict2po.py moved them to the .po)."""
    leftovers = [path.relative_to(SOURCE) for path in [
        SOURCE / "i18n" / "core_texts.py", SOURCE / "i18n" / "report_texts.py",
        SOURCE / "web" / "texts.py", SOURCE / "web" / "server_texts.py",
        *SOURCE.glob("games/*/texts.py")] if path.exists()]
    assert leftovers == []
    pair = re.compile(r"""\{\s*["']en["']\s*:\s*["'][^"']+["']\s*,\s*["']fr["']\s*:""")
    holders = sorted(str(path.relative_to(SOURCE)) for path in SOURCE.rglob("*.py")
                     if pair.search(path.read_text(encoding="utf-8")))
    assert holders == []


def test_a_plural_text_reads_as_one_entry_with_its_forms():
    from ludotheque.i18n import catalogs

    english = catalogs.load("diciassette")["diciassette.table.discard"]
    assert english["en"] == ("Discard: {count} card", "Discard: {count} cards")
    assert t("diciassette.table.discard.other", "fr") == "Défausse\u00a0: {count} cartes"


def test_a_new_english_text_makes_the_french_fuzzy_until_reviewed(tmp_path, monkeypatch):
    """`make i18n` after an English change: the French entry is flagged for the translator."""
    import shutil

    from ludotheque.i18n import catalogs

    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    english = catalogs.po_path("diciassette", "en")
    text = english.read_text(encoding="utf-8")
    english.write_text(text.replace('msgstr "{player} passes."',
                                    'msgstr "{player} passes, silent."'),
                       encoding="utf-8")
    assert catalogs.main([]) == 1
    french = {m.context: m for m in catalogs.read("diciassette", "fr")}
    assert french["diciassette.event.pass"].fuzzy
    assert french["diciassette.event.pass"].id == "{player} passes, silent."
    assert [p for p in catalogs.problems("diciassette")] == \
        ["fr/diciassette: diciassette.event.pass is fuzzy"]


def test_a_saved_catalog_keeps_each_language_two_plural_forms(tmp_path, monkeypatch):
    """`save` writes new catalogs: their plural rule is gettext's two forms, whatever
    CLDR rule the installed Babel knows (2.19 gives French a third form, for millions)."""
    import shutil

    from ludotheque.i18n import catalogs

    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    catalogs.save("diciassette", catalogs.load("diciassette"))
    for lang, rule in (("fr", "(n > 1)"), ("en", "(n != 1)")):
        saved = catalogs.read("diciassette", lang)
        assert (saved.num_plurals, saved.plural_expr) == (2, rule)
        forms = saved.get("Discard: {count} card", "diciassette.table.discard").string
        assert len(forms) == 2
    assert catalogs.problems("diciassette") == []
