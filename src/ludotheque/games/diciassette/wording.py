"""17 / Diciassette in words, for people: card names and moves (the texts themselves are
in the `diciassette` gettext catalog, `i18n/locale/`)."""

from __future__ import annotations

from ludotheque.games.diciassette.actions import ACTIONS
from ludotheque.i18n import t


def card_name(code: str, lang: str) -> str:
    return t(f"diciassette.card.{code}", lang)


def describe_action(action: int, lang: str) -> str:
    move = ACTIONS[action]
    if move.arg is None:  # call, pass
        return t(f"diciassette.move.{move.kind}", lang)
    return t(f"diciassette.move.{move.kind}", lang, card=card_name(move.arg, lang))  # up, down
