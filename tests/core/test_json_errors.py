"""Why a JSON text was refused, said in each language (what is wrong, and where):
`core.files.json_reason`, for every error `json.loads` raises."""

from __future__ import annotations

import json

import pytest

from ludotheque.core.files import json_reason


def _reason(text: str | bytes):
    try:
        json.loads(text)
    except (ValueError, RecursionError) as error:
        return json_reason(error)
    raise AssertionError(f"{text!r} was read")


@pytest.mark.parametrize("text, english, french", [
    ("", "a value was expected at line 1, column 1",
     "une valeur était attendue à la ligne 1, colonne 1"),
    ('{"a" 1}', "a colon (:) was expected at line 1, column 6",
     "un deux-points (:) était attendu à la ligne 1, colonne 6"),
    ("[1] x", "more text after the end of the JSON value, at line 1, column 5",
     "du texte en trop après la fin de la valeur JSON, à la ligne 1, colonne 5"),
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
