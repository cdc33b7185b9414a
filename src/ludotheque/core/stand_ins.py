"""Stand-ins: a bot that plays a person's seat for a while (the web table's, once its
person left or while their turn timer ran out and they are not back).

A span `[seat, first, end]` says the stand-in played `seat` from event `first` to the
event before `end` (`end` None: to the game's end). Every text about those events (the
log, the replay, the record's narration) names the seat "Ada (bot)", never as the person
who did not play them; the person's own events, before and after, keep their name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ludotheque.i18n import t

Span = tuple[int, int, "int | None"]


class StandInName(str):
    """A stand-in's name, "Ada (bot)": whole even in a short mention (`first_name` keeps
    it, where "Camille (easy)", a bot's own, reads "Camille"), never just "Ada". `person`
    is "Ada", for a turn's texts: "A bot plays for Ada" reads better than "Ada (bot)'s turn"."""

    person: str

    @classmethod
    def of(cls, person: str, lang: str) -> StandInName:
        made = cls(t("ui.stand_in_name", lang, name=person))
        made.person = person
        return made


def playing(spans: Iterable[Sequence[Any]], index: int) -> set[int]:
    """The seats a stand-in plays at event `index`."""
    return {seat for seat, first, end in spans
            if first <= index and (end is None or index < end)}


def names_at(names: Sequence[str], spans: Iterable[Sequence[Any]], index: int,
             lang: str) -> list[str]:
    """The seats' names in event `index`'s narration (or, `index` being the events told
    so far, on the table as it is now): a stand-in's seat reads "Ada (bot)"."""
    standing = playing(spans, index)
    return [StandInName.of(name, lang) if seat in standing else name
            for seat, name in enumerate(names)]


def moved(spans: Iterable[Sequence[Any]], absent_before: Iterable[int],
          absent_after: Iterable[int], event: int) -> list[list[Any]]:
    """The spans once the absent seats went from `absent_before` to `absent_after` at
    event `event`: a seat gone absent opens a span there, a seat back closes its own (an
    empty span, back before the stand-in played, is dropped)."""
    before, after = set(absent_before), set(absent_after)
    spans = [list(span) for span in spans]
    for span in spans:
        if span[2] is None and span[0] in before - after:
            span[2] = event
    spans += [[seat, event, None] for seat in sorted(after - before)]
    return [span for span in spans if span[1] != span[2]]


def valid(spans: Any, players: int) -> list[list[Any]]:
    """Spans as a record stores them (`meta.stand_ins`), or none if they are not spans
    (an older record has none; a hand-edited one is narrated with the seats' names)."""
    if not isinstance(spans, list):
        return []

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    good = all(isinstance(span, list) and len(span) == 3 and whole(span[0])
               and span[0] < players and whole(span[1])
               and (span[2] is None or whole(span[2])) for span in spans)
    return [list(span) for span in spans] if good else []
