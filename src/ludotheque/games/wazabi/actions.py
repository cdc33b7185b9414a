"""Wazabi's action ids, decoded once: give a die to / take a card from / target seat s,
play or keep a card kind, pass, and the direction of "all pass their dice". The notation,
the parser, the sentences and the bots read this table."""

from __future__ import annotations

from ludotheque.core.actions import ActionTable
from ludotheque.games.wazabi.components import CODES
from ludotheque.games.wazabi.rules import (
    GIVE_BASE,
    KEEP_BASE,
    LEFT,
    MAX_SEATS,
    NUM_ACTIONS,
    PASS,
    PLAY_BASE,
    RIGHT,
    TAKE_BASE,
    TARGET_BASE,
)

_ROWS: dict[int, tuple[str, object, str]] = {PASS: ("pass", None, "pass"),
                                            LEFT: ("left", None, "left"),
                                            RIGHT: ("right", None, "right")}
for _base, _verb in ((GIVE_BASE, "give"), (TAKE_BASE, "take"), (TARGET_BASE, "target")):
    _ROWS.update({_base + seat: (_verb, seat, f"{_verb} p{seat + 1}") for seat in range(MAX_SEATS)})
for _base, _verb in ((PLAY_BASE, "play"), (KEEP_BASE, "keep")):
    _ROWS.update({_base + kind: (_verb, code, f"{_verb} {code}")
                  for kind, code in enumerate(CODES)})

ACTIONS = ActionTable(_ROWS)
assert len(ACTIONS) == NUM_ACTIONS
