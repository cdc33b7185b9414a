"""Why a JSON text was refused, said in each language (what is wrong, and where)."""

from __future__ import annotations

import json

import pytest

from ludotheque.i18n.json_errors import json_reason


def _reason(text: str | bytes):
    try:
        json.loads(text)
    except (ValueError, RecursionError) as error:
        return json_reason(error)
    raise AssertionError(f"{text!r} was read")


@pytest.mark.parametrize("text, english, french", [
    ("", "a JSON value was expected at line 1, column 1",
     "une valeur JSON était attendue à la ligne 1, colonne 1"),
    ('{"a":\n 1 2}', "a comma was expected at line 2, column 4",
     "une virgule était attendue à la ligne 2, colonne 4"),
    ('{"a" 1}', "a colon was expected at line 1, column 6",
     "un deux-points était attendu à la ligne 1, colonne 6"),
    ("{a: 1}", "a property name in double quotes was expected at line 1, column 2",
     "un nom de propriété entre guillemets doubles était attendu à la ligne 1, colonne 2"),
    ('["abc', "a string opened at line 1, column 2 is never closed",
     "une chaîne ouverte à la ligne 1, colonne 2 n'est jamais fermée"),
    ('"a\x01"', "a string holds a control character at line 1, column 3 "
     "(write it as \\n, \\t or \\u00XX)",
     "une chaîne contient un caractère de contrôle à la ligne 1, colonne 3 "
     "(écrivez-le \\n, \\t ou \\u00XX)"),
    ('"\\q"', "a “\\” escape is not valid at line 1, column 2",
     "un échappement «\u00a0\\\u00a0» n'est pas valide à la ligne 1, colonne 2"),
    ('"\\u12"', "a “\\u” escape is not followed by four hexadecimal digits at line 1, column 3",
     "un échappement «\u00a0\\u\u00a0» n'est pas suivi de quatre chiffres hexadécimaux "
     "à la ligne 1, colonne 3"),
    ("[1] x", "something follows the JSON value at line 1, column 5",
     "quelque chose suit la valeur JSON à la ligne 1, colonne 5"),
    (b'{"a": "\x80"}', "it is not UTF-8 text (byte 8)",
     "ce n'est pas du texte UTF-8 (octet 8)"),
    ("[" * 100_000 + "]" * 100_000, "its brackets or braces are nested too deeply",
     "ses crochets ou accolades sont imbriqués trop profondément"),
    ("9" * 5000, "a number has too many digits (at most 4300)",
     "un nombre a trop de chiffres (au plus 4300)"),
])
def test_each_refusal_of_the_decoder_is_said_in_both_languages(text, english, french):
    reason = _reason(text)
    assert reason.message("en") == english
    assert reason.message("fr") == french


def test_a_lone_surrogate_found_after_reading_is_explained():
    try:
        json.dumps(json.loads('"\\ud800"'), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        assert "\\ud800" in json_reason(error).message("fr")
    else:
        raise AssertionError("a lone surrogate was encoded")
