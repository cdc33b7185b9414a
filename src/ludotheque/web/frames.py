"""The frames a page receives, built from what its seat may know and nothing else.

`update_frame` takes a seat's view, its slice of `events_for(seat)`, its legal moves (only
when it is to act), the public seat list and, once the game is over, the public result.
It never receives the match, the state, the record or the seed: what is not passed in
cannot leak (the no-leak test in tests/web/test_no_leak.py checks the frames themselves).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.core.game import Game
from ludotheque.i18n import t

log = logging.getLogger("ludotheque.web")


def plain(line: Any) -> str:
    """A narrated line as plain text (the terminal's lines may be rich Text)."""
    return line.plain if hasattr(line, "plain") else str(line)


def narrate(game: Game, event: Mapping[str, Any], lang: str, names: Sequence[str],
            seat: int | None) -> list[str]:
    """The terminal's narration of one event (written once, in games/<g>/render.py)."""
    return [plain(line) for line in game.parts.renderer.event_lines(event, lang, names, seat)]


def legal_entries(game: Game, legal: Sequence[int], lang: str,
                  view: Mapping[str, Any] | None = None,
                  names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The reader's legal moves: id, text form and label (seats named as it reads them)."""
    return [{"id": a, "text": game.action_to_text(a),
             "label": game.describe_action(a, lang, view=view, names=names)} for a in legal]


def result_entry(winners: Sequence[int], returns: Sequence[float], names: Sequence[str],
                 lang: str) -> dict[str, Any]:
    """The final result (public once the game is over)."""
    who = t("web.server.and", lang).join(names[p] for p in winners)
    if not winners:
        line = t("web.server.result.none", lang)
    elif len(winners) == 1:
        line = t("web.server.result.winner", lang, players=who)
    else:
        line = t("web.server.result.winners", lang, players=who)
    return {"winners": list(winners), "returns": list(returns), "lines": [line]}


def scene_for(game: Game, view: Mapping[str, Any], lang: str, names: Sequence[str],
              legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """Engineer B's scene (ludotheque.web.scene.build_scene); None if it fails, so that a
    drawing bug never stops the game (the page still has the view, the log and the moves)."""
    try:
        from ludotheque.web.scene import build_scene
    except ImportError:
        return None
    try:
        return build_scene(game, view, lang, names, legal)
    except Exception:  # noqa: BLE001 - logged, the frame goes out without its drawing
        log.exception("scene of %s failed", game.name)
        return None


def names_at(names: Sequence[str], stand_ins: Mapping[int, tuple[int, str]],
             index: int) -> Sequence[str]:
    """The seats' names in event `index`'s narration: a seat whose person left is named
    after its stand-in (seat -> (its first event, its name)) from that event on, so that
    the log never presents the bot as the person, nor the person's own moves as the bot's."""
    if not stand_ins:
        return names
    return [stand_ins[seat][1] if seat in stand_ins and index >= stand_ins[seat][0] else name
            for seat, name in enumerate(names)]


def update_frame(*, game: Game, table: Mapping[str, Any], seat: int | None,
                 view: Mapping[str, Any], events: Sequence[Mapping[str, Any]], start: int,
                 legal: Sequence[int], to_act: int | None, move: int, names: Sequence[str],
                 lang: str, result: Mapping[str, Any] | None, log_reset: bool = False,
                 with_scene: bool = True,
                 stand_ins: Mapping[int, tuple[int, str]] | None = None) -> dict[str, Any]:
    """One `update` frame for one seat (None: a spectator) in one language; `stand_ins`
    (see `names_at`) name the bots playing for people who left, in the log."""
    legal_list = legal_entries(game, legal, lang, view, names)
    return {
        "type": "update",
        "table": dict(table),
        "seat": seat,
        "move": move,
        "view": view,
        "to_act": to_act,
        "legal": legal_list,
        "events": [{"index": start + offset, "event": event,
                    "lines": narrate(game, event, lang,
                                     names_at(names, stand_ins or {}, start + offset), seat)}
                   for offset, event in enumerate(events)],
        "log_reset": log_reset,
        "scene": scene_for(game, view, lang, names, legal_list) if with_scene else None,
        "result": dict(result) if result is not None else None,
    }


def waiting_frame(*, seat: int | None, move: int, log_reset: bool = False) -> dict[str, Any]:
    """The update of a table still waiting for its people: nothing of the game yet (no
    view, no log, no moves), only who sits where (the public table, added by the caller)."""
    return {"type": "update", "table": {}, "seat": seat, "move": move, "view": None,
            "to_act": None, "legal": [], "events": [], "log_reset": log_reset, "scene": None,
            "result": None}


def error_frame(code: str, key: str, lang: str, **params: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": t(key, lang, **params)}
