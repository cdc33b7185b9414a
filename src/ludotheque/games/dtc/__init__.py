"""DTC, "Donne Tes Cartes" (Reiner Knizia, Ferti 2012): pass cards face down, claim a value,
bluff."""

from ludotheque.core.registry import register
from ludotheque.games.dtc.game import DTC, GAME
from ludotheque.games.dtc.rules import DTCState

register(GAME)

__all__ = ["DTC", "DTCState", "GAME"]
