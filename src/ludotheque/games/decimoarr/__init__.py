"""Décimoarr... (a Memoarrr!-style memory game): turn over cards that share a colour or a value."""

from ludotheque.core.registry import register
from ludotheque.games.decimoarr.game import GAME, Decimoarr
from ludotheque.games.decimoarr.rules import DecimoarrState

register(GAME)

__all__ = ["GAME", "Decimoarr", "DecimoarrState"]
