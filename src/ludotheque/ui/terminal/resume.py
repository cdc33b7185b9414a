"""`ludotheque play --resume game.json`: a saved game, checked move by move, ready to go on.

A saved game is an ordinary record (`core.record`: seed, options, moves) whose `meta`
says who sat where: `bots` (one name per seat, "human" at the people's seats), `humans`
(the seats of the people at the screen), `lang` and the search budget. Every move is
replayed and checked (`core.replay`): a corrupt or tampered file is refused with the
first move that does not fit, and nothing starts.

The record holds the seed, hence every hidden card: a person who opens the file can
read them. It is a bookmark for the people at the table, not a sealed envelope.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludotheque.bots import make_bot
from ludotheque.core.errors import RecordError
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.replay import replay
from ludotheque.i18n import LANGUAGES
from ludotheque.ui.terminal.play import TerminalSettings

HUMAN = "human"


def load_saved_game(path: Path, lang: str | None) -> tuple[TerminalSettings, Match]:
    """The settings and the match of a saved game; `lang` (if given) overrides the saved one.
    Raises RecordError naming what is wrong (the file, a field, the move that fails)."""
    record = Record.load(path)
    match = replay(record)
    if match.is_over():
        raise RecordError("error.resume_over", path=str(path))
    meta = record.meta
    players = match.num_players
    bots = meta.get("bots")
    if not isinstance(bots, list) or len(bots) != players or \
            not all(isinstance(b, str) for b in bots):
        raise RecordError("error.resume_meta", field="meta.bots", players=players)
    humans = meta.get("humans")
    if humans is None and isinstance(meta.get("human_seat"), int):  # saved by an older version
        humans = [meta["human_seat"]]
    if not isinstance(humans, list) or not humans or \
            any(type(s) is not int or not 0 <= s < players for s in humans) or \
            len(set(humans)) != len(humans):
        raise RecordError("error.resume_meta", field="meta.humans", players=players)
    for seat, name in enumerate(bots):
        if (name == HUMAN) != (seat in humans):
            raise RecordError("error.resume_meta", field="meta.bots", players=players)
        if name != HUMAN:
            make_bot(name, match.game)  # an unknown bot: BotError lists the allowed ones
    saved_lang = meta.get("lang")
    chosen_lang = lang or (saved_lang if saved_lang in LANGUAGES else "en")
    settings = TerminalSettings(
        game=match.game, players=players, seed=record.seed, lang=chosen_lang,
        humans=tuple(sorted(humans)), bots=list(bots), options=dict(match.state.options),
        budget=_budget(meta.get("budget")))
    return settings, match


def _budget(data: Any) -> Any:
    if data is None:
        return None
    from ludotheque.core.budget import Budget

    iterations = data.get("iterations") if isinstance(data, Mapping) else 0
    ms = data.get("ms") if isinstance(data, Mapping) else 0
    good = (iterations is None or (type(iterations) is int and iterations > 0)) and \
        (ms is None or (type(ms) in (int, float) and 0 < ms < math.inf)) and \
        (iterations, ms) != (None, None)
    if not good:
        raise RecordError("error.resume_budget")
    return Budget(iterations=iterations, ms=ms)
