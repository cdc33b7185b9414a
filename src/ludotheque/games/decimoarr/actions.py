"""Décimoarr's action ids, decoded once: action i turns over the card at position i
(text "p<i+1>"). The notation, the parser and the sentences read this table."""

from __future__ import annotations

from ludotheque.core.actions import ActionTable
from ludotheque.games.decimoarr.rules import NUM_ACTIONS

ACTIONS = ActionTable([("flip", position, f"p{position + 1}") for position in range(NUM_ACTIONS)])
