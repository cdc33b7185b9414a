"""DTC in words, for people: cards, claims ("four 2s", "quatre 2"), moves (the texts
themselves are in the `dtc` gettext catalog, `i18n/locale/`, with the numbers in words
`dtc.number.N` up to the deck's size)."""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.games.dtc.actions import ACTIONS
from ludotheque.games.dtc.components import DECK_SIZE
from ludotheque.i18n import t

MAX_WORDS = DECK_SIZE  # a claim never holds more cards than the deck


def card_name(code: str, lang: str) -> str:
    return t("dtc.card.joker", lang) if code == "J" else code


def cards_text(codes: Sequence[str], lang: str) -> str:
    """'4, 4, joker' (or 'no card')."""
    if not codes:
        return t("dtc.cards.none", lang)
    return ", ".join(card_name(code, lang) for code in codes)


def claim_text(count: int, value: int, lang: str) -> str:
    """'four 2s' / 'quatre 2', 'twenty-five 6s' / 'vingt-cinq 6': the count in words, as
    a player says it (any claim fits: it never holds more cards than the deck)."""
    if count == 1:
        return t("dtc.claim.one", lang, value=value)
    number = t(f"dtc.number.{count}", lang) if count <= MAX_WORDS else str(count)
    return t("dtc.claim.many", lang, number=number, value=value)


def describe_action(action: int, lang: str) -> str:
    if not 0 <= action < len(ACTIONS):
        return str(action)
    move = ACTIONS[action]
    if move.kind == "add":
        if move.arg == "J":
            return t("dtc.move.add_joker", lang)
        return t("dtc.move.add", lang, card=move.arg)
    if move.kind == "as":
        return t("dtc.move.claim", lang, value=move.arg)
    return t(f"dtc.move.{move.kind}", lang)  # accept, challenge
