"""The registry of games: name -> Game. Games register when their package is imported."""

from __future__ import annotations

from ludotheque.core.errors import UnknownGameError, described
from ludotheque.core.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_builtin_games() -> None:
    import ludotheque.games  # noqa: F401  (imports register every built-in game)


def get_game(name: str) -> Game:
    _load_builtin_games()
    if not isinstance(name, str):  # None, a number: said as such, not an AttributeError
        raise UnknownGameError("error.game_name_type", given=described(name),
                               allowed=", ".join(sorted(_GAMES)))
    key = name.strip().lower()
    for game in _GAMES.values():
        if key in getattr(game, "aliases", ()):
            return game
    if key not in _GAMES:
        raise UnknownGameError("error.unknown_game", name=name, allowed=", ".join(sorted(_GAMES)))
    return _GAMES[key]


def all_games() -> list[Game]:
    _load_builtin_games()
    return [_GAMES[name] for name in sorted(_GAMES)]
