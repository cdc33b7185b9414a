"""Per-game statistics from what a spectator saw of one game (issue 8).

`game_statistics(game, final_state, events)` reads only public facts: each
event's public part (`Event.for_player(None)`) and the final state's spectator
view (`view(None)`). It returns `{"game": {name: value}, "seats": [{name: value},
...]}`, values being numbers or short lists of numbers; a results file stores
them as `g_<name>` and `s_<name>` columns.

Each game declares and computes its own statistics (`STATS` and `collect`, written
with `ludotheque.kit.stats`) and wires them as `Game.parts.stats`; this module
runs them on a finished game, and the report aggregates them.

This module has no third-party dependency: simulations use it without pandas.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ludotheque.core.events import Event
from ludotheque.core.game import Game, State
from ludotheque.core.registry import get_game
from ludotheque.kit.stats import Ratio, Stat


def stats_module(game: Game | str) -> Any:
    """The statistics the game declares (`Game.parts.stats`), or None if it has none."""
    chosen = get_game(game) if isinstance(game, str) else game
    return chosen.parts.stats


def stat_specs(game: Game | str) -> tuple[Stat | Ratio, ...]:
    """What the game declares (empty if it has no stats module)."""
    module = stats_module(game)
    return tuple(module.STATS) if module is not None else ()


def public_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    """What a spectator reads of each event."""
    return [event.for_player(None) for event in events]


def game_statistics(game: Game | str, final_state: State,
                    events: Sequence[Event]) -> dict[str, Any]:
    """The statistics of one game: {"game": {...}, "seats": [{...} per seat]}.

    `events` are all the events the game's `apply_action` / `apply_chance`
    appended, in order. Only public parts and the spectator view are read.
    """
    module = stats_module(game)
    players = final_state.num_players
    if module is None:
        return {"game": {}, "seats": [{} for _ in range(players)]}
    game_stats, seat_stats = module.collect(public_events(events), final_state.view(None), players)
    return {"game": game_stats, "seats": seat_stats}
