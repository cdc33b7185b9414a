"""The names of a game's length measures (columns of the results file: `decisions`,
`g_turns`, `m_rounds`...) in each language, and the "mean length" text that simulate's
summary and the report's both print, so that one number has one name everywhere."""

from __future__ import annotations

from collections.abc import Mapping

from ludotheque.core.game import Game
from ludotheque.i18n import has_text, mean, t

ROUNDS = "m_rounds"  # State.metrics()["rounds"]


def measure_label(game: Game, column: str, lang: str) -> str:
    """A length measure's name ("Turns"), or the column itself when it has none. The
    `rounds` metric is named after what the game counts there (`Game.rounds_count`)."""
    if column == ROUNDS and game.rounds_count == "turns":
        column = "g_turns"
    key = "report.measure." + column
    return t(key, lang) if has_text(key) else column


def lengths_text(game: Game, means: Mapping[str, float], lang: str) -> str:
    """'23.0 decisions, 14.5 turns' from {column: mean over games}."""
    return ", ".join(f"{mean(value, lang)} {measure_label(game, column, lang).lower()}"
                     for column, value in means.items())
