"""The French review of issue 17, as rules over every French text of the catalog."""

import re

from ludotheque.core.registry import all_games
from ludotheque.i18n import catalog

NAMED = r"\{(?:player|giver|target|caller|skipped|name)\}"


def french():
    all_games()  # the games register their texts when loaded
    return {key: entry["fr"] for key, entry in catalog().items()}


def test_no_past_participle_agrees_with_a_name_of_unknown_gender():
    # "Camille est tiré au sort", "Fanny éliminé": the sentence must not need a gender.
    bad = {key: text for key, text in french().items()
           if re.search(NAMED + r" (?:est|a été) \w+é\b", text)
           or re.search(r"\bVous êtes \w+é\b", text)}
    assert not bad


def test_calling_a_bluff_uses_the_usual_french_word():
    bad = {key: text for key, text in french().items() if "relever le défi" in text
           or "relève le défi" in text or "relevez le défi" in text}
    assert not bad


def test_a_status_shown_next_to_a_name_has_no_gender():
    assert french()["decimoarr.table.out"] == "hors jeu"
