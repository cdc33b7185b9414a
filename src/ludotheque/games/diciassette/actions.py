"""Diciassette's action ids, decoded once: play card kind k face up (2k) or face down
(2k + 1), call 17, pass. The notation, the parser, the sentences and the bots read this
table."""

from __future__ import annotations

from ludotheque.core.actions import ActionTable
from ludotheque.games.diciassette.components import CODES
from ludotheque.games.diciassette.rules import CALL, NUM_ACTIONS, PASS

ACTIONS = ActionTable(
    [(face, code, f"{code} {face}") for code in CODES for face in ("up", "down")]
    + [("call", None, "call"), ("pass", None, "pass")]
)
assert len(ACTIONS) == NUM_ACTIONS and ACTIONS.id("call") == CALL and ACTIONS.id("pass") == PASS
