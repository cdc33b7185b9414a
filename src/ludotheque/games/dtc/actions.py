"""DTC's action ids, decoded once: add a card of kind X [0-6], announce V [7-12], accept [13],
challenge [14]. The notation, the parser, the sentences and the bots read this table."""

from __future__ import annotations

from ludotheque.core.actions import ActionTable
from ludotheque.games.dtc.components import CODES, NUM_VALUES
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, CLAIM, NUM_ACTIONS

ACTIONS = ActionTable(
    [("add", code, f"add {code}") for code in CODES]
    + [("as", value, f"as {value}") for value in range(1, NUM_VALUES + 1)]
    + [("accept", None, "accept"), ("challenge", None, "challenge")]
)
assert len(ACTIONS) == NUM_ACTIONS and ACTIONS.id("as", 1) == CLAIM + 1
assert ACTIONS.id("accept") == ACCEPT and ACTIONS.id("challenge") == CHALLENGE
