"""The `cards` command shows the sections of the rules summary a game names in
`Game.card_sections`: no list of games in the terminal's code, so a game added later
chooses its own."""

from __future__ import annotations

from ludotheque.games.diciassette.game import Diciassette
from ludotheque.games.wazabi.game import GAME as WAZABI
from ludotheque.ui.terminal.reference import card_reference


class GoalFirst(Diciassette):
    """17 whose card reference is its goal and its special cards (any game may choose)."""

    card_sections = ("Goal", "Special cards")


def test_the_card_reference_is_the_sections_the_game_names():
    game = GoalFirst()
    options = game.validate(4, {})
    for lang, goal, specials in (("en", "## Goal", "## Special cards"),
                                 ("fr", "## But du jeu", "## Cartes spéciales")):
        reference = card_reference(game, lang, options)
        assert reference.startswith(goal + "\n") and "\n" + specials + "\n" in reference
        assert "## Components" not in reference and "## Matériel" not in reference


def test_wazabi_keeps_its_card_effects():
    reference = card_reference(WAZABI, "en", WAZABI.validate(4, {}))
    assert reference.startswith("## Components\n") and "\n## Card effects\n" in reference
