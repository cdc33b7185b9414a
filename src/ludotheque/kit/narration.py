"""Sentences about seats, as one reader reads them.

Each event text about a seat exists in two forms: `key` ("{player} passes.")
and `key_you` ("You pass." / "Vous passez."), since French verbs agree with
"vous". A Narrator picks the right one for the reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheque.core.stand_ins import StandInName
from ludotheque.i18n import Names, has_text, t, tn, tn_names


class Narrator:
    def __init__(self, lang: str, names: Sequence[str], seat: int | None) -> None:
        self.lang = lang
        self.names = names
        self.seat = seat

    def say(self, key: str, player: int, **params: Any) -> str:
        """The sentence about `player`, in the second person when it is the reader."""
        if player == self.seat:
            return t(key + "_you", self.lang, **params)
        key, name = stand_in_or(key, self.names[player])
        return t(key, self.lang, player=name, **params)

    def say_to(self, key: str, player: int, other: int, field: str, **params: Any) -> str:
        """A sentence about `player` acting on `other` (named by `field`): `key_you` when
        the reader is `player`, `key_yours` when it is `other`, else `key` naming both."""
        if player == self.seat:
            return t(key + "_you", self.lang, **{field: self.names[other]}, **params)
        if other == self.seat:
            return t(key + "_yours", self.lang, player=self.names[player], **params)
        return t(key, self.lang, player=self.names[player], **{field: self.names[other]}, **params)

    def say_n(self, key: str, player: int, count: int, **params: Any) -> str:
        """The same, singular or plural for `count`."""
        if player == self.seat:
            return tn(key + "_you", count, self.lang, **params)
        return tn(key, count, self.lang, player=self.names[player], **params)

    def winners(self, key: str, winners: Sequence[int], **params: Any) -> str:
        """The end of a game: `key_you` when the reader alone wins, `key_you_too` when the
        reader shares the win (`players`: "you" first, then the others, one list: « vous,
        Bob et Cy gagnez », never « gagnent »), else `key` (singular or plural) naming the
        winners as `players`."""
        if self.seat not in winners:
            return tn_names(key, (self.names[p] for p in winners), self.lang, **params)
        if len(winners) == 1:
            return t(key + "_you", self.lang, **params)
        together = Names([t("ui.you_mid", self.lang),
                          *(self.names[p] for p in winners if p != self.seat)], self.lang)
        return t(key + "_you_too", self.lang, players=together, **params)

    def who(self, player: int) -> str:
        """The seat's name, or "you"/"vous" inside a sentence."""
        return t("ui.you_mid", self.lang) if player == self.seat else self.names[player]


def winners_line(names: Sequence[str], lang: str, key: str = "ui.winners",
                 none: str = "ui.no_winner") -> str:
    """Who won, in one sentence: `key`'s form for one winner or several ("Ada wins.", "Ada
    and Bob share the win."), or `none` when nobody did."""
    return tn_names(key, names, lang) if names else t(none, lang)


def stand_in_or(key: str, name: str) -> tuple[str, str]:
    """`key` and the name it writes, or `key_stand_in` and the person a stand-in plays for
    where the text has that form ("A bot plays for Ada", not "Ada (bot)'s turn")."""
    if isinstance(name, StandInName) and has_text(key + "_stand_in"):
        return key + "_stand_in", name.person
    return key, name


def first_name(name: str) -> str:
    """"Camille (heuristic)" -> "Camille": for short mentions (a queue, counts); a
    stand-in's "Ada (bot)" stays whole (the bot is not Ada)."""
    return name if isinstance(name, StandInName) else name.split(" (")[0]
