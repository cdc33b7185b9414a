"""How a game declares and computes its statistics (the report's columns).

A game's statistics part (`GameParts.stats`, usually `games/<game>/stats.py`) gives:

* `STATS`: a tuple of `Stat` and `Ratio` (name, level, kind), registered with
  `register_stats`; the report reads it to know how to show each column. Each
  label is a text of the game's gettext catalog (`i18n/locale/<lang>/LC_MESSAGES/
  <game>.po`) whose key is `stats.<game>.<level>.<name>` (`label_key`), where
  translators find it beside the game's other texts;
* `collect(events, view, players) -> (game, seats)`: the values, from the
  public events (dicts) and the spectator view. `game` must hold `turns` and
  `starter` (the seat that played first), each seat `order` (0 for the
  starting player, then in turn order: `set_order`), so that the report can
  tell a first *seat* from a first *player*.

Aggregating over games is the simulations' job (`ludotheque.sim.stats`, the report).
No third-party dependency.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.i18n import has_text

GAME, SEAT = "game", "seat"
NUMBER, VALUES, SERIES = "number", "values", "series"

# Statistics every game gives (their labels are in the `report` catalog, i18n/locale/).
TURNS, STARTER, ORDER = "turns", "starter", "order"


@dataclass(frozen=True)
class Stat:
    """A statistic stored in results files.

    kind: NUMBER (one number per game or per seat: shown as a mean with its interval),
    VALUES (game level: a list of observations, e.g. the sum at each call, pooled
    over games into a distribution), SERIES (seat level: one value after each turn,
    e.g. dice held, shown as a mean curve over the turns).
    """

    name: str
    level: str
    kind: str


@dataclass(frozen=True)
class Ratio:
    """A rate the report derives from two NUMBER statistics of the same level, pooled
    over all games: sum(numerator) / sum(denominator), with a Wilson interval. The
    numerator must count successes among the denominator's trials."""

    name: str
    level: str
    numerator: str
    denominator: str


def label_key(game_name: str, spec: Stat | Ratio) -> str:
    """The text key of a game's statistic's label, in the game's catalog."""
    return f"stats.{game_name}.{spec.level}.{spec.name}"


def register_stats(game_name: str, specs: Iterable[Stat | Ratio]) -> tuple[Stat | Ratio, ...]:
    """Check a game's statistics (each declared once, at a known level, with its label
    in the catalogs); returns the specs."""
    specs = tuple(specs)
    names = [(spec.level, spec.name) for spec in specs]
    if len(set(names)) != len(names):
        raise ValueError(f"{game_name}: a statistic is declared twice in {names}")
    if any(spec.level not in (GAME, SEAT) for spec in specs):
        raise ValueError(f"{game_name}: a statistic's level is neither {GAME!r} nor {SEAT!r}")
    unlabelled = [label_key(game_name, spec) for spec in specs
                  if not has_text(label_key(game_name, spec))]
    if unlabelled:
        raise ValueError(f"{game_name}: no label in the catalogs for {unlabelled}")
    return specs


def seat_table(players: int, names: Sequence[str]) -> list[dict[str, Any]]:
    """One dict per seat with every counter at zero (so every row has every column)."""
    return [dict.fromkeys(names, 0) for _ in range(players)]


def count(events: Iterable[Mapping[str, Any]], *kinds: str) -> int:
    """How many events are of one of `kinds`."""
    return sum(1 for event in events if event["kind"] in kinds)


def set_order(seats: Sequence[dict[str, Any]], starter: int | None, direction: int = 1) -> None:
    """Each seat's place in the turn order of the first round: 0 for `starter`, 1 for
    the next seat in `direction` (+1: seat + 1), ...; None if nobody started."""
    players = len(seats)
    for seat, values in enumerate(seats):
        values[ORDER] = None if starter is None else ((seat - starter) * direction) % players
