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

from ludotheque.core import stand_ins
from ludotheque.core.game import Game
from ludotheque.i18n import t
from ludotheque.kit.narration import winners_line

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
    line = winners_line([names[p] for p in winners], lang, "web.server.result.winners",
                        "web.server.result.none")
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


def update_frame(*, game: Game, table: Mapping[str, Any], seat: int | None,
                 view: Mapping[str, Any], events: Sequence[Mapping[str, Any]], start: int,
                 legal: Sequence[int], to_act: int | None, move: int, names: Sequence[str],
                 lang: str, result: Mapping[str, Any] | None, log_reset: bool = False,
                 with_scene: bool = True, spans: Sequence[Sequence[Any]] = ()
                 ) -> dict[str, Any]:
    """One `update` frame for one seat (None: a spectator) in one language. `spans`, the
    stand-ins' (`core.stand_ins`), name a seat "Ada (bot)" in the log's events its bot
    played, and in the scene, the moves and the turn line while it plays; `result` was
    told the names as they are now (`stand_ins.names_at` at the events told)."""
    now = stand_ins.names_at(names, spans, start + len(events), lang)
    legal_list = legal_entries(game, legal, lang, view, now)
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
                                     stand_ins.names_at(names, spans, start + offset, lang),
                                     seat)}
                   for offset, event in enumerate(events)],
        "log_reset": log_reset,
        "scene": scene_for(game, view, lang, now, legal_list) if with_scene else None,
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
