"""Décimoarr... in words, for people: card and colour names, positions, moves (the texts
themselves are in the `decimoarr` gettext catalog, `i18n/locale/`)."""

from __future__ import annotations

from ludotheque.games.decimoarr.actions import ACTIONS
from ludotheque.games.decimoarr.components import COLOUR_CODES, COLOUR_NAMES, value_label
from ludotheque.i18n import t


def colour_short(code: str, lang: str) -> str:
    """"P2" -> "P" / "Vi": the colour's short label, distinct within a language."""
    return t(f"decimoarr.colour_short.{COLOUR_NAMES[COLOUR_CODES.index(code[0])]}", lang)


def card_name(code: str, lang: str) -> str:
    """"R2" -> "red 0.25" / "rouge 0,25"."""
    colour = t(f"decimoarr.colour.{COLOUR_NAMES[COLOUR_CODES.index(code[0])]}", lang)
    return f"{colour} {value_label(int(code[1:]) - 1, lang)}"  # the same order in both languages


def position_name(position: int) -> str:
    """Position index 6 -> "p7" (the notation)."""
    return f"p{position + 1}"


def describe_action(action: int, lang: str) -> str:
    """"Turn over the card at p7", for people."""
    return t("decimoarr.move.flip", lang, position=position_name(ACTIONS[action].arg))
