"""17 / Diciassette (Munetoshi Harigaya, Helvetiq): play cards into a queue and call "17"."""

from ludotheque.core.registry import register
from ludotheque.games.diciassette.game import GAME, Diciassette
from ludotheque.games.diciassette.rules import DiciassetteState

register(GAME)

__all__ = ["GAME", "Diciassette", "DiciassetteState"]
