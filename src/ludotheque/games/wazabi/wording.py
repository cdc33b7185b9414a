"""Wazabi in words, for people: card, face and count names, moves (the texts themselves
are in the `wazabi` gettext catalog, `i18n/locale/`)."""

from __future__ import annotations

from ludotheque.games.wazabi.actions import ACTIONS
from ludotheque.games.wazabi.components import SYMBOLS
from ludotheque.i18n import t, tn


def count_text(what: str, count: int, lang: str) -> str:
    """"1 card" / "3 cards", "1 dé" / "2 dés": `what` is cards, dice, draw or give."""
    return tn(f"wazabi.count.{what}", count, lang)


def card_name(code: str, lang: str) -> str:
    return t(f"wazabi.card.{code}", lang)


def short_name(code: str, lang: str) -> str:
    return t(f"wazabi.short.{code}", lang)


def face_name(symbol: str, lang: str) -> str:
    return t(f"wazabi.face.{symbol}", lang)


def faces_text(faces: list[int], lang: str) -> str:
    """Die faces as the words a player knows: "W W Draw Give" / "W W Carte Dé"."""
    from ludotheque.games.wazabi.components import FACE

    return " ".join(face_name(SYMBOLS[FACE[f]], lang) for f in faces) or "-"


def describe_action(action: int, lang: str) -> str:
    move = ACTIONS[action]
    if move.kind in ("keep", "play"):
        return t(f"wazabi.move.{move.kind}", lang, card=card_name(move.arg, lang))
    if move.kind in ("give", "take", "target"):
        return t(f"wazabi.move.{move.kind}", lang, seat=move.arg + 1)
    return t(f"wazabi.move.{move.kind}", lang)  # pass, left, right
