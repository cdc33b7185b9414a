"""17 / Diciassette (Munetoshi Harigaya, Helvetiq): play cards into a queue and call "17"."""

from ludotheque.core.registry import register
from ludotheque.games.diciassette import texts as _texts  # noqa: F401  (registers the texts)
from ludotheque.games.diciassette.game import GAME, Diciassette
from ludotheque.games.diciassette.rules import DiciassetteState

register(GAME)

__all__ = ["GAME", "Diciassette", "DiciassetteState"]
