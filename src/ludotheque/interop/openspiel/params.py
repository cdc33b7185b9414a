"""The OpenSpiel names and parameters of our games, and `load_game`.

A game is `ludotheque_<name>`; its parameters are `players` and the game's options, a
list option written with `;` (`singles=2;3;3;3;4`), since OpenSpiel's game strings split
on commas. `load_game` validates with our rules first, so a mistake reads as our clear
error."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pyspiel

from ludotheque.core.errors import OptionError
from ludotheque.core.game import MAX_DECISIONS, Game
from ludotheque.core.options import integer
from ludotheque.core.registry import get_game

PREFIX = "ludotheque_"
LIST_SEPARATOR = ";"
MAX_GAME_LENGTH = MAX_DECISIONS


def spiel_name(game: Game) -> str:
    """The OpenSpiel short name of a ludotheque game: ludotheque_<name>."""
    return PREFIX + game.name


def _to_param(spec_kind: str, value: Any) -> Any:
    """An option value as an OpenSpiel parameter (bool, int or str)."""
    if spec_kind == "bool":
        return bool(value)
    if spec_kind == "int":
        return int(value)
    if spec_kind == "ints":
        return LIST_SEPARATOR.join(str(v) for v in value)
    return str(value)


def _from_param(value: Any) -> Any:
    """An OpenSpiel parameter back to a value our option validation reads."""
    if isinstance(value, str):
        return value.replace(LIST_SEPARATOR, ",")
    return value


def game_options(game: Game, players: int, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """Our validated options from OpenSpiel parameters. A list refused is refused in
    OpenSpiel's terms: our own message would ask for commas, which a game string cannot
    hold (pyspiel cuts `singles=2,3` at the comma)."""
    try:
        return game.validate(players, {name: _from_param(v) for name, v in params.items()})
    except OptionError as error:
        spec = next((option for option in game.option_specs
                     if option.kind == "ints" and option.name == error.params.get("name")), None)
        if spec is None:
            raise
        raise OptionError("openspiel.error.list_option", name=spec.name, value=params[spec.name],
                          count=spec.length, low=spec.minimum, high=spec.maximum,
                          example=_to_param(spec.kind, spec.default)) from None


def _parameter_specification(game: Game) -> dict[str, Any]:
    spec = {"players": game.default_players}
    for option in game.option_specs:
        spec[option.name] = _to_param(option.kind, option.default)
    return spec


def spiel_params(game: Game, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters for `players` and validated `options`."""
    kinds = {option.name: option.kind for option in game.option_specs}
    return {"players": players, **{name: _to_param(kinds[name], value)
                                   for name, value in options.items()}}


def load_game(name: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """`pyspiel.load_game` for a ludotheque game, checked by our rules first (our clear
    errors for an unknown game or option, a bad value or player count)."""
    game = get_game(name)
    count = game.default_players if players is None else integer(players)
    validated = game.validate(count, options)
    return _load(game.name, json.dumps(spiel_params(game, count, validated), sort_keys=True))


@lru_cache(maxsize=64)
def _load(name: str, params_json: str) -> pyspiel.Game:
    return pyspiel.load_game(PREFIX + name, json.loads(params_json))
