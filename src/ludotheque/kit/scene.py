"""The table drawn as data (for game authors): what one seat sees, ready for the web
page's generic renderer.

Each game has a pure function `scene(view, lang, names, legal)` (its module
`games/<game>/scene.py`, declared in its `GameParts`); it reads the view (never the
state) and the labels of the legal moves of the seat to act, and returns a JSON-able
dict built with the helpers below. `ludotheque.web.scene.build_scene` calls it for
every update frame.

A scene (every text already in the frame's language)::

    {"game": name, "title": text,
     "header": [text, ...],                 # round, direction, piles...
     "turn": seat|None, "turn_text": text,  # whose turn, as a sentence (not colour only)
     "seats": [{"seat", "name", "you", "turn", "out", "status": text|None,
                "counters": [{"key", "label", "value"}], "cards": [card, ...]}],
     "zones": [{"id", "label", "note": text|None, "layout": "row"|"grid",
                "rows"?, "cols"?, "cards": [card, ...]}],
     "hand": {"label", "cards": [card, ...]} | None,   # the reader's own cards
     "info": [text, ...],                   # private knowledge, reminders
     "prompt": text|None,                   # what the reader must do now
     "actions": [{"id", "label"}],          # legal moves that are not on a card
     "gesture": None | {...},               # DTC's offer: several cards, one gesture
     "reveal": None | {"key", "title", "steps": [text, ...]},  # end of a round
     "result": None | {"title", "lines": [text, ...]}}

A card: ``{"face": code|None (a back), "text": short face text, "label": full name,
"up": bool, "action": id|None, "choices": [{"id", "label"}] (several moves on one
card), "kind": css hint, "pos": [row, col] in a grid zone}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludotheque.i18n import t
from ludotheque.kit.narration import stand_in_or, winners_line


def card(face: str | None, label: str, up: bool = True, text: str | None = None,
         action: int | None = None, choices: Sequence[Mapping[str, Any]] | None = None,
         kind: str | None = None, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"face": face, "text": text if text is not None else (face or ""),
                             "label": label, "up": up, "action": action}
    if choices:
        entry["choices"] = [dict(c) for c in choices]
    if kind:
        entry["kind"] = kind
    entry.update(extra)
    return entry


def back(label: str, kind: str | None = None, **extra: Any) -> dict[str, Any]:
    """A face-down card the reader cannot read."""
    return card(None, label, up=False, text="", kind=kind, **extra)


def counter(key: str, label: str, value: Any) -> dict[str, Any]:
    return {"key": key, "label": label, "value": value}


def seat_entry(view: Mapping[str, Any], seat: int, names: Sequence[str], *,
               counters: Sequence[Mapping[str, Any]] = (), cards: Sequence[Mapping[str, Any]] = (),
               out: bool = False, status: str | None = None) -> dict[str, Any]:
    return {"seat": seat, "name": names[seat], "you": seat == view.get("seat"),
            "turn": seat == view.get("to_act"), "out": out, "status": status,
            "counters": [dict(c) for c in counters], "cards": [dict(c) for c in cards]}


def turn_text(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    to_act = view.get("to_act")
    if to_act is None:
        return t("web.turn.over", lang) if view.get("phase") == "over" else ""
    if to_act == view.get("seat"):
        return t("web.turn.you", lang)
    key, name = stand_in_or("web.turn.other", names[to_act])
    return t(key, lang, player=name)


def rest_actions(labels: Mapping[int, str], used: Iterable[int]) -> list[dict[str, Any]]:
    """The legal moves not already drawn on a card, as buttons."""
    taken = set(used)
    return [{"id": action, "label": label} for action, label in labels.items()
            if action not in taken]


def result_block(view: Mapping[str, Any], lang: str, names: Sequence[str],
                 lines: Sequence[str] = ()) -> dict[str, Any] | None:
    """The final result once the game is over (winners named, then the game's lines)."""
    if view.get("phase") != "over":
        return None
    winners = list(view.get("winners") or [])
    me = view.get("seat")
    if me is not None and me in winners:
        title = t("web.result.you_win", lang) if len(winners) == 1 else \
            t("web.result.you_share", lang)
    else:
        title = winners_line([names[p] for p in winners], lang)
    return {"title": title, "lines": list(lines)}


def base(view: Mapping[str, Any], lang: str, names: Sequence[str], title_key: str,
         ) -> dict[str, Any]:
    """The skeleton every builder fills."""
    return {"game": view.get("game"), "title": t(title_key, lang), "header": [],
            "turn": view.get("to_act"), "turn_text": turn_text(view, lang, names),
            "seats": [], "zones": [], "hand": None, "info": [], "prompt": None,
            "actions": [], "gesture": None, "reveal": None, "result": None}
