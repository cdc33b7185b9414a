"""Replaying a game record: the match it describes, every action checked."""

from __future__ import annotations

from ludotheque.core.chance import ScriptedChance, SeededChance, normalise_outcome
from ludotheque.core.errors import LudoError, RecordError, echo
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.registry import get_game


def replay(record: Record, keep_events: bool = True) -> Match:
    """Rebuild the match of `record`, checking every action; returns the Match.

    Raises RecordError naming the first action that does not fit, and whether
    the stored result disagrees with the replayed one.
    """
    try:
        game = get_game(record.game)
        chance = None
        if record.chance is not None:
            chance = ScriptedChance(
                [normalise_outcome(o) for o in record.chance], fallback=SeededChance(record.seed)
            )
        match = Match(game, record.players, record.options, seed=record.seed, chance=chance,
                      keep_events=keep_events)
    except RecordError:
        raise
    except LudoError as exc:
        raise RecordError("error.record_setup", reason=exc) from None
    for index, action in enumerate(record.actions):
        try:
            match.apply(action)
        except LudoError as exc:
            raise RecordError("error.record_action", index=index + 1, action=echo(action),
                              reason=exc) from None
    if record.result is not None:
        if not match.is_over():
            raise RecordError("error.record_unfinished", count=len(record.actions))
        if list(record.result.get("winners", [])) != match.state.winners():
            raise RecordError(
                "error.record_result", stored=record.result.get("winners"),
                replayed=match.state.winners()
            )
    return match
