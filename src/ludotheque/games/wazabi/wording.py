"""Wazabi in words, for people: card, face and count names, moves (the texts themselves
are in the `wazabi` gettext catalog, `i18n/locale/`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.wazabi.actions import ACTIONS
from ludotheque.games.wazabi.components import SYMBOLS
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator, first_name


def count_text(what: str, count: int, lang: str) -> str:
    """"1 card" / "3 cards", "1 dé" / "2 dés": `what` is cards, dice or points."""
    return tn(f"wazabi.count.{what}", count, lang)


def code_word(code: str, lang: str) -> str:
    """The word a player of `lang` types for a card (its code in the text form: "remove1";
    in French "retire1"), from the texts `wazabi.word.<code>`."""
    return t(f"wazabi.word.{code}", lang)


def card_code(word: str) -> str | None:
    """The card code a typed word names, in any language ("retire1" -> "remove1"), or None."""
    from ludotheque.games.wazabi.components import CODES
    from ludotheque.i18n import LANGUAGES

    for code in CODES:
        if word == code or any(word == code_word(code, lang) for lang in LANGUAGES):
            return code
    return None


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


def neighbour(active: Sequence[bool], seat: int, step: int) -> int:
    """The next seat still in the game after `seat`, going `step` (+1: left, -1: right)."""
    n = len(active)
    other = (seat + step) % n
    while not active[other]:
        other = (other + step) % n
    return other


def describe_action(action: int, lang: str, view: Mapping[str, Any] | None = None,
                    names: Sequence[str] | None = None) -> str:
    """The move in words; with the reader's view and the seats' names, the seat a move
    gives to, takes from or chooses is named as the reader reads it ("Denis", "you"),
    and passing the dice says whose dice the reader's go to."""
    move = ACTIONS[action]
    if move.kind in ("keep", "play"):
        return t(f"wazabi.move.{move.kind}", lang, card=card_name(move.arg, lang))
    reader = view.get("seat") if view is not None else None
    if names is not None and move.kind in ("give", "take", "target"):
        who = Narrator(lang, names, reader).who(move.arg)
        return t(f"wazabi.move.{move.kind}_named", lang, name=first_name(who))
    if move.kind in ("give", "take", "target"):
        return t(f"wazabi.move.{move.kind}", lang, seat=move.arg + 1)
    if names is not None and reader is not None and move.kind in ("left", "right"):
        to = neighbour(view["active"], reader, 1 if move.kind == "left" else -1)
        return t(f"wazabi.move.{move.kind}_named", lang, name=first_name(names[to]))
    return t(f"wazabi.move.{move.kind}", lang)  # pass, left, right
