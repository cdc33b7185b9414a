"""A new table's request (the lobby's, the API's `POST /api/tables`, a rematch's) checked
field by field, its options exactly as the command line checks them: a refusal says what
was wrong and what is allowed, and nothing is made.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, NamedTuple

from ludotheque.core.errors import LudoError, OptionError
from ludotheque.core.game import Game
from ludotheque.core.registry import get_game
from ludotheque.i18n import LazyText
from ludotheque.web.db import SeatRow, name_key
from ludotheque.web.names import LEVELS, checked_name
from ludotheque.web.refusals import Refused, option_refusal, quoted, unknown_fields

TIMER_RANGE = (10, 3600)  # a turn timer's seconds (tests may go lower: `min_turn_timer`)
TABLE_FIELDS = ("game", "players", "options", "seats", "turn_timer")  # POST /api/tables
SEAT_FIELDS = {"human": ("kind", "name"), "bot": ("kind", "level")}  # a seat of its `seats`


def new_token() -> str:
    """A link's secret token: a seat's, an invite's, a spectator's."""
    return secrets.token_urlsafe(24)


class TableRequest(NamedTuple):
    game: Game
    players: int
    options: Mapping[str, Any]  # validated: each option given or its default
    seats: list[SeatRow]  # each human seat with its token
    turn_timer: float | None


def table_request(body: Any, min_turn_timer: float) -> TableRequest:
    """The request's table, or Refused at its first wrong field; the turn timer at least
    `min_turn_timer` seconds (tests use a fraction of a second)."""
    if not isinstance(body, Mapping):
        raise Refused("bad_request", reason=LazyText("web.server.error.body_object"))
    unknown_fields(body, TABLE_FIELDS)
    name = body.get("game")
    if not isinstance(name, str):
        raise Refused("bad_request", reason=LazyText(
            "web.server.error.field_type", field="game",
            kind=LazyText("web.server.kind.string")))
    try:
        game = get_game(quoted(name))  # no game's name is longer
    except LudoError as error:
        raise Refused("unknown_game", error=error) from None
    players = body.get("players", game.default_players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise Refused("player_count", key="web.server.error.players_type", field="players",
                      game=LazyText(game.title_key), low=game.min_players,
                      high=game.max_players, value=quoted(json.dumps(players)))
    options = body.get("options")
    options = {} if options is None else options  # an empty list or 0 is no object
    if not isinstance(options, Mapping):
        raise Refused("bad_request", reason=LazyText("web.server.error.field_type",
                                                  field="options",
                                                  kind=LazyText("web.server.kind.object")))
    try:
        validated = game.validate(players, options)
    except OptionError as error:
        raise option_refusal(game, error) from None
    except LudoError as error:
        raise Refused("player_count", error=error) from None
    seat_specs = body.get("seats")
    if seat_specs is None:
        seat_specs = [{"kind": "human"}] * players
    if not isinstance(seat_specs, list) or len(seat_specs) != players:
        raise Refused("seats", players=players,
                      count=len(seat_specs) if isinstance(seat_specs, list) else 0)
    seat_rows: list[SeatRow] = []
    named: dict[str, int] = {}  # name_key -> the first seat with that name
    for index, spec in enumerate(seat_specs):
        kind = spec.get("kind") if isinstance(spec, Mapping) else None
        if kind not in ("human", "bot"):
            raise Refused("seats", key="web.server.error.seat_kind", seat=index + 1,
                          kind=quoted(kind))
        unknown_fields(spec, SEAT_FIELDS[kind], prefix=f"seats[{index}].", at_seat=index)
        level = name = None
        if kind == "human" and "name" in spec:  # a person at the creator's screen
            name = checked_name(spec["name"], seat=index)
            first = named.setdefault(name_key(name), index)
            if first != index:
                raise Refused("name_taken", key="web.server.error.seat_names_alike",
                              at_seat=index, a=first + 1, b=index + 1, name=name)
        if kind == "bot":
            level = spec.get("level", "medium")
            if level not in LEVELS:
                raise Refused("bot_level", seat=index + 1, level=quoted(level))
        seat_rows.append(SeatRow(seat=index, kind=kind, level=level, name=name,
                                 token=new_token() if kind == "human" else None,
                                 taken=name is not None))
    timer = body.get("turn_timer")
    if timer is not None:
        if isinstance(timer, bool) or not isinstance(timer, (int, float)) or not (
                min_turn_timer <= timer <= TIMER_RANGE[1]):
            raise Refused("turn_timer", low=min_turn_timer, high=TIMER_RANGE[1],
                          value=json.dumps(timer))
        timer = float(timer)
    return TableRequest(game, players, validated, seat_rows, timer)
