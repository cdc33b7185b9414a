"""The `cards` command: the card reference of the game being played, in its language.

Taken from the game's own rules summary (`Game.rules_text`, both languages, the options
in force), so that the reference never disagrees with the rules: its components section
and the section on what cards do (`Game.card_sections`: Wazabi's card effects, 17's
special cards). The
summaries have the same sections in the same order in every language; they are found by
their place in the English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.core.game import Game


def _sections(markdown: str) -> list[tuple[str, list[str]]]:
    """The `## ` sections of a rules summary: (heading, lines)."""
    sections: list[tuple[str, list[str]]] = []
    for line in markdown.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif sections:
            sections[-1][1].append(line)
    return sections


def card_reference(game: Game, lang: str, options: Mapping[str, Any]) -> str:
    """The card reference as Markdown, in `lang`."""
    english = [heading for heading, _ in _sections(game.rules_text("en", options))]
    local = _sections(game.rules_text(lang, options))
    parts = []
    for heading in game.card_sections:
        if heading in english and english.index(heading) < len(local):
            title, lines = local[english.index(heading)]
            parts.append("## " + title + "\n" + "\n".join(lines).strip())
    return "\n\n".join(parts)
