"""Seating: clockwise seats 0..n-1; the next seat in a direction, skipping seats that are out."""

from __future__ import annotations

from collections.abc import Sequence


def next_seat(seat: int, direction: int, players: int, active: Sequence[bool] | None = None) -> int:
    """The next seat from `seat` going `direction` (+1 clockwise, -1 counter-clockwise).

    With `active`, seats whose flag is false are skipped; if no other seat is
    active, `seat` itself is returned.
    """
    for step in range(1, players + 1):
        candidate = (seat + direction * step) % players
        if active is None or active[candidate]:
            return candidate
    return seat


def seats_from(seat: int, direction: int, players: int, active: Sequence[bool] | None = None,
               include_start: bool = False) -> list[int]:
    """Every (active) seat in turn order after `seat` (and `seat` first if `include_start`)."""
    order = [(seat + direction * step) % players
             for step in range(0 if include_start else 1, players)]
    return [s for s in order if active is None or active[s]]
