"""The translators' side of the gettext catalogs (needs Babel: `pip install -e .[i18n]`).

Layout, under `ludotheque/i18n/locale/` (gettext's own, so Poedit, Weblate and
`pybabel` open it as is):

* `<domain>.pot`: the template, one entry per text: `msgctxt` is the text's key
  (`wazabi.event.give`), `msgid` its English text, `msgid_plural` the English plural;
* `en/LC_MESSAGES/<domain>.po`: the English texts (the source: edit the `msgstr`);
* `fr/LC_MESSAGES/<domain>.po`: the French translation;
* `<lang>/LC_MESSAGES/<domain>.mo`: compiled, read at run time by the standard
  library's `gettext` (so running the games needs no Babel).

`python -m ludotheque.i18n.catalogs` (`make i18n`) makes everything agree with the
English catalogs: the English `msgstr` becomes the `msgid` everywhere, the template
is rewritten, the French catalog is updated from it (a text whose English changed
becomes *fuzzy*, a new text *untranslated*, as `pybabel update` does) and every
catalog is compiled. `--check` only reports what is fuzzy, untranslated or stale.
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
TARGET_LANGUAGES = ("fr",)
PROJECT = "ludotheque"
WIDTH = 100
STABLE_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

# A text: a string, or a (singular, plural) pair for a plural entry.
Text = str | tuple[str, str]

# Each language's plural rule, as gettext and the game texts know it (two forms each).
# Written into every new catalog rather than taken from Babel's CLDR data, which
# changes between versions (Babel 2.19 gives French a third form, "many", for
# millions, which the texts do not have).
PLURAL_FORMS = dict(en="nplurals=2; plural=(n != 1);", fr="nplurals=2; plural=(n > 1);")


def domains() -> list[str]:
    """Every domain that has an English catalog."""
    return sorted(path.stem for path in (LOCALE_DIR / SOURCE_LANGUAGE / "LC_MESSAGES").glob("*.po"))


def po_path(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(domain: str, lang: str) -> Catalog:
    with po_path(domain, lang).open("rb") as fp:
        return read_po(fp, locale=lang, domain=domain)


def _new_catalog(lang: str | None, domain: str) -> Catalog:
    catalog = Catalog(locale=lang, domain=domain, project=PROJECT, version="",
                      copyright_holder="the ludotheque authors", fuzzy=False,
                      msgid_bugs_address="", language_team=f"{lang or 'LANGUAGE'} <none>")
    if lang in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=False, ignore_obsolete=True,
             include_previous=False)
    text = buffer.getvalue()
    # Dates change at every run: left out, so the files only change with their texts.
    text = b"\n".join(line for line in text.split(b"\n")
                          if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))
    path.write_bytes(text)


def _write_mo(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    catalog.creation_date = catalog.revision_date = STABLE_DATE  # the same bytes every time
    write_mo(buffer, catalog, use_fuzzy=False)
    path.write_bytes(buffer.getvalue())


def texts(domain: str, lang: str, fuzzy: bool = True) -> dict[str, Text]:
    """{key: text} of a catalog (translated entries only; fuzzy ones if `fuzzy`)."""
    out: dict[str, Text] = {}
    for message in read(domain, lang):
        if not message.id or not message.context or (message.fuzzy and not fuzzy):
            continue
        if isinstance(message.string, (tuple, list)):
            if all(message.string):
                out[message.context] = tuple(message.string)  # type: ignore[assignment]
        elif message.string:
            out[message.context] = message.string
    return out


def compiled(domain: str, lang: str) -> dict[str, Text]:
    """{key: text} of a compiled catalog, as the games read it (empty if not compiled)."""
    from ludotheque.i18n import read_mo

    path = po_path(domain, lang).with_suffix(".mo")
    return read_mo(path)[0] if path.exists() else {}


def _message(key: str, english: Text, string: Text, fuzzy: bool = False) -> Message:
    flags = ["python-brace-format"] if "{" in str(english) else []
    if fuzzy:
        flags.append("fuzzy")
    return Message(english, string, context=key, flags=flags)


def save(domain: str, entries: Mapping[str, Mapping[str, Text]],
         fuzzy: Iterable[str] = ()) -> None:
    """Write a domain's template, English and French catalogs and their .mo from
    {key: {"en": text, "fr": text}} (in that order); keys in `fuzzy` are marked fuzzy
    in French (their English changed and the French was not reviewed since)."""
    fuzzy = set(fuzzy)
    template = _new_catalog(None, domain)
    by_lang = {lang: _new_catalog(lang, domain) for lang in (SOURCE_LANGUAGE, *TARGET_LANGUAGES)}
    for key, entry in entries.items():
        entry = {lang: tuple(text) if isinstance(text, list) else text
                 for lang, text in entry.items()}
        english = entry[SOURCE_LANGUAGE]
        if not english or (isinstance(english, tuple) and not all(english)):
            raise ValueError(f"{domain}: the text {key!r} has no English")
        empty: Text = ("", "") if isinstance(english, tuple) else ""
        template[english] = _message(key, english, empty)
        for lang, catalog in by_lang.items():
            catalog[english] = _message(key, english, entry.get(lang) or empty,
                                               lang != SOURCE_LANGUAGE and key in fuzzy)
    _write_po(template, LOCALE_DIR / f"{domain}.pot")
    for lang, catalog in by_lang.items():
        _write_po(catalog, po_path(domain, lang))
        _write_mo(catalog, po_path(domain, lang).with_suffix(".mo"))


def load(domain: str) -> dict[str, dict[str, Text]]:
    """{key: {"en": text, "fr": text}} of a domain, in the English catalog's order
    (a text missing from a language is absent from its dict)."""
    entries: dict[str, dict[str, Text]] = {}
    for lang in (SOURCE_LANGUAGE, *TARGET_LANGUAGES):
        if po_path(domain, lang).exists():
            for key, text in texts(domain, lang).items():
                entries.setdefault(key, {})[lang] = text
    return entries


def problems(domain: str) -> list[str]:
    """What keeps a domain from being complete: fuzzy or untranslated entries, texts
    missing from a language, .mo files older than their .po."""
    found = []
    english = read(domain, SOURCE_LANGUAGE)
    keys = {m.context for m in english if m.id}
    for lang in (SOURCE_LANGUAGE, *TARGET_LANGUAGES):
        catalog = english if lang == SOURCE_LANGUAGE else read(domain, lang)
        seen = set()
        for message in catalog:
            if not message.id:
                continue
            seen.add(message.context)
            strings = message.string if isinstance(message.string, (tuple, list)) \
                else (message.string,)
            if message.fuzzy:
                found.append(f"{lang}/{domain}: {message.context} is fuzzy")
            elif not all(strings):
                found.append(f"{lang}/{domain}: {message.context} is untranslated")
            if lang != SOURCE_LANGUAGE and message.context in keys:
                source = english.get(message.id, message.context)
                if source is None:
                    found.append(f"{lang}/{domain}: {message.context} translates an old English")
        found += [f"{lang}/{domain}: {key} is missing" for key in sorted(keys - seen)]
        found += [f"{lang}/{domain}: {key} is not in the English catalog"
                  for key in sorted(seen - keys)]
        if compiled(domain, lang) != texts(domain, lang, fuzzy=False):
            found.append(f"{lang}/{domain}: the .mo differs from the .po (run make i18n)")
    return found


def sync(domain: str) -> None:
    """Make a domain agree with its English catalog (what `make i18n` does)."""
    english = read(domain, SOURCE_LANGUAGE)
    source = _new_catalog(SOURCE_LANGUAGE, domain)
    template = _new_catalog(None, domain)
    for message in english:
        if not message.id:
            continue
        text = message.string if message.string and (
            not isinstance(message.string, (tuple, list)) or all(message.string)) else message.id
        text = tuple(text) if isinstance(text, (tuple, list)) else text
        source[text] = _message(message.context, text, text)
        template[text] = _message(
            message.context, text, ("", "") if isinstance(text, tuple) else "")
    _write_po(template, LOCALE_DIR / f"{domain}.pot")
    _write_po(source, po_path(domain, SOURCE_LANGUAGE))
    _write_mo(source, po_path(domain, SOURCE_LANGUAGE).with_suffix(".mo"))
    for lang in TARGET_LANGUAGES:
        path = po_path(domain, lang)
        catalog = read(domain, lang) if path.exists() else _new_catalog(lang, domain)
        catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
        catalog.obsolete.clear()
        _write_po(catalog, path)
        _write_mo(catalog, path.with_suffix(".mo"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludotheque.i18n.catalogs",
                                     description="Update and compile the gettext catalogs.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing: list fuzzy, untranslated or stale entries")
    args = parser.parse_args(argv)
    found = []
    for domain in domains():
        if not args.check:
            sync(domain)
        found += problems(domain)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} text(s) to translate or review (Poedit, Weblate, or any .po editor).")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
