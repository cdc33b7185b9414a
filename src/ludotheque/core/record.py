"""Game records: game, players, options, seed and the decisions as text forms.

A record replays bit for bit: the seed regenerates every chance outcome
(scripted outcomes, when a match used them, are stored in `chance`). Loading
checks everything and names the first thing wrong.

A record holds the seed, hence every hidden card: it is for after the game,
or for the server, never for a player's eyes during play.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludotheque.core.errors import RecordError
from ludotheque.core.files import MAX_RECORD_BYTES, bad_byte, json_reason, read_text
from ludotheque.core.options import options_to_json
from ludotheque.i18n import LazyText

FORMAT = "ludotheque-record"
VERSION = 1


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[str]
    chance: list[Any] | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": options_to_json(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.chance is not None:
            data["chance"] = self.chance
        if self.result is not None:
            data["result"] = self.result
        if self.meta:
            data["meta"] = self.meta
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, Mapping):
            raise RecordError("error.record_not_object")
        if data.get("format") != FORMAT:
            raise RecordError("error.record_format", expected=FORMAT)
        if data.get("version") != VERSION:
            raise RecordError("error.record_version", version=data.get("version"), expected=VERSION)
        checks = {
            "game": (str, "text"),
            "players": (int, "int"),
            "options": (Mapping, "object"),
            "seed": (int, "int"),
            "actions": (list, "moves"),
        }
        for name, (kind, expected) in checks.items():
            if name not in data:
                raise RecordError("error.record_missing", field=name)
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise wrong_type(name, expected, data[name])
        for action in data["actions"]:
            if not isinstance(action, (str, int)) or isinstance(action, bool):
                raise wrong_type("actions", "moves", action)
        chance = data.get("chance")
        if chance is not None:
            if not isinstance(chance, list):
                raise wrong_type("chance", "list", chance)
            for index, outcome in enumerate(chance):
                if not _is_outcome(outcome):
                    raise RecordError("error.record_outcome", index=index + 1)
        result = data.get("result")
        if result is not None:
            _check_result(result)
        meta = data.get("meta")
        if meta is not None and not isinstance(meta, Mapping):
            raise wrong_type("meta", "object", meta)
        return cls(
            game=data["game"],
            players=data["players"],
            options=dict(data["options"]),
            seed=data["seed"],
            actions=list(data["actions"]),
            chance=chance,
            result=dict(result) if result is not None else None,
            meta=dict(meta or {}),
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = read_text(path, RecordError, LazyText("files.wanted.record"), MAX_RECORD_BYTES)
        except UnicodeDecodeError:
            raise RecordError("error.record_encoding", path=str(path),
                              position=bad_byte(path)) from None
        return cls.from_text(text, str(path))

    @classmethod
    def from_text(cls, text: str, source: str = "record") -> Record:
        """A record from its JSON text (a file's, or one sent to the server)."""
        try:
            data = json.loads(text, parse_int=_whole_number)
        except json.JSONDecodeError as exc:
            raise RecordError("error.record_json", path=source, reason=json_reason(exc)) from None
        except RecursionError:
            raise RecordError("error.record_nested", path=source) from None
        return cls.from_json(data)


def _whole_number(text: str) -> int | str:
    """A JSON whole number; one too long for `int` (over 4,300 digits) stays text, which
    no number field takes: the record is refused naming the field, or the move."""
    return int(text) if len(text) <= 1000 else text


def _is_outcome(outcome: Any, depth: int = 0) -> bool:
    """A chance outcome as JSON: a whole number or a text code, or a list of them
    (one level of nesting at most: a shuffle of pairs)."""
    if isinstance(outcome, bool):
        return False
    if isinstance(outcome, (int, str)):
        return True
    return isinstance(outcome, list) and depth < 2 and all(_is_outcome(o, depth + 1)
                                                           for o in outcome)


def wrong_type(field: str, expected: str, given: Any) -> RecordError:
    """A record's field of the wrong kind: what it should be (`record.kind.<expected>`: a
    whole number, a list of moves...) and what it holds, as JSON ("abc" with its quotes)."""
    return RecordError("error.record_field", field=field,
                       expected=LazyText(f"record.kind.{expected}"),
                       given=json.dumps(given, ensure_ascii=False, default=str))


def _check_result(result: Any) -> None:
    """A stored result: the winners (seats), and the returns (numbers) if given. Whether
    they are the right ones is checked by replaying the game."""
    if not isinstance(result, Mapping):
        raise wrong_type("result", "object", result)
    winners = result.get("winners")
    if not isinstance(winners, list) or any(type(p) is not int or p < 0 for p in winners):
        raise RecordError("error.record_winners")
    returns = result.get("returns")
    if returns is not None and (not isinstance(returns, list) or any(
            isinstance(r, bool) or not isinstance(r, (int, float)) for r in returns)):
        raise wrong_type("result.returns", "numbers", returns)
