"""Wazabi (Guilhem Debricon, Gigamic 2007): roll, draw, give dice away; first without dice wins."""

from ludotheque.core.registry import register
from ludotheque.games.wazabi.game import GAME, Wazabi
from ludotheque.games.wazabi.rules import WazabiState

register(GAME)

__all__ = ["GAME", "Wazabi", "WazabiState"]
