"""One table of a game's action ids, read in both directions.

A game builds its `ActionTable` once, from its components: for each id, what the
move is (`kind`, e.g. "add", "claim", "up") and its argument (`arg`, e.g. a card
code, a value, a seat), and the canonical text form. The notation
(`Game.action_to_text`), the parser (synonyms and shortcuts mapped to
`(kind, arg)`), the sentences for people and the bots all decode through it,
so the action layout is written down in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ludotheque.core.errors import NotationError

MAX_DIGITS = 9  # no number typed in a game (a move, a seat, a step) is longer


def typed_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number a person typed (ASCII digits only, at most `digits` of them), or
    None: "²" or "٣" pass `str.isdigit` but `int` refuses the first, and a pasted number
    of thousands of digits is no move either."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


@dataclass(frozen=True)
class Action:
    """One action id, decoded: its kind, its argument and its canonical text form."""

    id: int
    kind: str
    arg: Any
    text: str


class ActionTable:
    """Every action id of a game: id -> `Action` (kind, arg, text), text -> id and
    (kind, arg) -> id. Ids run from 0 to `len(table) - 1`; texts and parts are unique."""

    def __init__(self, actions: Mapping[int, tuple[str, Any, str]]
                 | Iterable[tuple[str, Any, str]]) -> None:
        rows = sorted(actions.items()) if isinstance(actions, Mapping) else list(enumerate(actions))
        if [action_id for action_id, _ in rows] != list(range(len(rows))):
            raise ValueError("action ids must run from 0 without a gap")
        self.actions = tuple(Action(action_id, kind, arg, text)
                             for action_id, (kind, arg, text) in rows)
        self._by_text = {action.text: action.id for action in self.actions}
        self._by_parts = {(action.kind, action.arg): action.id for action in self.actions}
        if len(self._by_text) != len(self.actions) or len(self._by_parts) != len(self.actions):
            raise ValueError("two actions share a text form or their parts")

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        """The decoded action (NotationError for anything but a valid id)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int) \
                or not 0 <= action_id < len(self.actions):
            raise NotationError("error.action_id", action=action_id, high=len(self.actions) - 1)
        return self.actions[action_id]

    def text(self, action_id: int) -> str:
        """The canonical text form of an id."""
        return self[action_id].text

    def find(self, text: str) -> int | None:
        """The id of a canonical text form (spaces and case aside), or None."""
        return self._by_text.get(" ".join(text.lower().split()))

    def get(self, kind: str, arg: Any = None) -> int | None:
        """The id of the action with these parts, or None."""
        return self._by_parts.get((kind, arg))

    def id(self, kind: str, arg: Any = None) -> int:
        """The id of the action with these parts (KeyError if the game has none)."""
        return self._by_parts[(kind, arg)]

    def ids(self, kind: str) -> tuple[int, ...]:
        """Every id of one kind, ascending."""
        return tuple(action.id for action in self.actions if action.kind == kind)
