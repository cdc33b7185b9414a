"""The game-agnostic engine: protocol, registry, options, chance, records, errors."""

from ludotheque.core.budget import Budget
from ludotheque.core.chance import Pick, Roll, ScriptedChance, SeededChance, Shuffle, settle
from ludotheque.core.errors import (
    ChanceError,
    IllegalActionError,
    LudoError,
    NotationError,
    OptionError,
    PlayerCountError,
    RecordError,
    SnapshotError,
    UnknownGameError,
)
from ludotheque.core.events import Event
from ludotheque.core.game import CHANCE, TERMINAL, Game, State
from ludotheque.core.match import Match
from ludotheque.core.options import OptionSpec
from ludotheque.core.record import Record
from ludotheque.core.registry import all_games, get_game, register
from ludotheque.core.replay import replay

__all__ = [
    "Budget", "CHANCE", "TERMINAL", "ChanceError", "Event", "Game", "IllegalActionError",
    "LudoError",
    "Match", "NotationError", "OptionError", "OptionSpec", "Pick", "PlayerCountError", "Record",
    "RecordError", "Roll", "ScriptedChance", "SeededChance", "Shuffle", "SnapshotError", "State",
    "UnknownGameError", "all_games", "get_game", "register", "replay", "settle",
]
