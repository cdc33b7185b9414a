"""17 / Diciassette: static facts, options and notation.

Notation (language-neutral, parses back):
  cards  1s..5s single-faced numbers, 1d..5d double-faced numbers,
         rev (Reverse), trash, x2, trap
  plays  "<card> up" or "<card> down", e.g. "3s down", "x2 up"
  calls  "call" (call "17") and "pass"
The parser also takes French words (haut/visible, bas/cache, annoncer, passer,
sens, poubelle, piege) and, given the state, a bare number ("3 up") when the
player holds only one kind of 3.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludotheque.core.errors import NotationError, OptionError
from ludotheque.core.game import Game, State, win_shares
from ludotheque.core.options import OptionSpec
from ludotheque.core.parts import GameParts
from ludotheque.games.diciassette import encoding, render, rules_text, scene, stats, wording
from ludotheque.games.diciassette.actions import ACTIONS
from ludotheque.games.diciassette.components import (
    CODES,
    HAND_SIZE,
    IS_DOUBLE,
    KIND_OF_CODE,
    REVERSE,
    TRAP,
    VALUE,
    VICTORIES_TO_WIN,
)
from ludotheque.games.diciassette.heuristic import HeuristicBot
from ludotheque.games.diciassette.observation import DiciassetteObservation
from ludotheque.games.diciassette.rules import (
    CALL,
    NUM_ACTIONS,
    PASS,
    PLAY,
    DiciassetteState,
)
from ludotheque.games.diciassette.views import DiciassetteView

_UP_WORDS = {"up", "u", "+", "faceup", "face-up", "haut", "visible", "recto"}
_DOWN_WORDS = {"down", "-", "facedown", "face-down", "bas", "cache", "caché", "cachée", "cachee",
               "verso"}
_CALL_WORDS = {"call", "17", "annoncer", "annonce", "appel"}
_PASS_WORDS = {"pass", "passer", "passe", "p"}
_CARD_ALIASES = {
    "reverse": "rev", "sens": "rev", "inverse": "rev", "changement": "rev",
    "poubelle": "trash", "×2": "x2", "2x": "x2", "piège": "trap", "piege": "trap",
}

HIDDEN_PLAY = NUM_ACTIONS  # what the others see of a generic-backed card played face down
# The moves the others cannot tell apart: a single-faced or special card played face down.
_LOOK_ALIKE_DOWN = frozenset(move.id for move in ACTIONS
                             if move.kind == "down" and not IS_DOUBLE[KIND_OF_CODE[move.arg]])

OPTIONS = (
    OptionSpec("singles", "ints", (3, 3, 3, 3, 3), "diciassette.option.singles",
               minimum=0, maximum=20, length=5, ruling="S1"),
    OptionSpec("doubles", "ints", (7, 7, 7, 7, 7), "diciassette.option.doubles",
               minimum=0, maximum=20, length=5, ruling="S1"),
    OptionSpec("reverse", "int", 5, "diciassette.option.reverse", minimum=0, maximum=20,
               ruling="S1"),
    OptionSpec("trash", "int", 5, "diciassette.option.trash", minimum=0, maximum=20, ruling="S1"),
    OptionSpec("x2", "int", 5, "diciassette.option.x2", minimum=0, maximum=20, ruling="S1"),
    OptionSpec("trap", "int", 5, "diciassette.option.trap", minimum=0, maximum=20, ruling="S1"),
    OptionSpec("hand_backs_public", "bool", True, "diciassette.option.hand_backs_public",
               ruling="S2"),
    OptionSpec("call_between_x2_cards", "bool", False,
               "diciassette.option.call_between_x2_cards", ruling="S6"),
    OptionSpec("direction_persists", "bool", False, "diciassette.option.direction_persists",
               ruling="S13"),
    OptionSpec("trap_penalty_cap_one", "bool", False, "diciassette.option.trap_penalty_cap_one",
               ruling="S12"),
)


class Diciassette(Game):
    name = "diciassette"
    parts = GameParts(texts=wording, rules_text=rules_text, renderer=render, encoder=encoding,
                      scene=scene.scene,
                      stats=stats, bots={"heuristic": HeuristicBot})
    aliases = ("17", "seventeen", "dix-sept")
    title_key = "diciassette.title"
    card_sections = ("Components", "Special cards")  # the `cards` command
    min_players = 2
    max_players = 6
    default_players = 4
    option_specs = OPTIONS
    num_actions = NUM_ACTIONS
    actions = ACTIONS
    state_class = DiciassetteState
    search_iterations = 130  # the time 60 took before issue 15 (2.18x faster an iteration)
    view_type = DiciassetteView
    observation = DiciassetteObservation

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        total = sum(options["singles"]) + sum(options["doubles"]) + sum(
            options[name] for name in ("reverse", "trash", "x2", "trap")
        )
        if total < HAND_SIZE * players + 1:
            raise OptionError("diciassette.error.deck_too_small", count=total,
                              players=players, needed=HAND_SIZE * players + 1)


    # -------------------------------------------------------------- notation
    def text_to_action(self, text: str, state: State | None = None) -> int:
        words = text.strip().lower().replace("«", " ").replace("»", " ").replace('"', " ").split()
        if len(words) == 1 and words[0] in _CALL_WORDS:
            return ACTIONS.id("call")
        if len(words) == 1 and words[0] in _PASS_WORDS:
            return ACTIONS.id("pass")
        if len(words) == 2:
            first, second = words
            if first in _UP_WORDS | _DOWN_WORDS:
                first, second = second, first
            if second in _UP_WORDS | _DOWN_WORDS:
                kind = self._card(first, state)
                if kind is None:
                    raise self.notation_error(text, "card", first, CODES)
                return ACTIONS.id("down" if second in _DOWN_WORDS else "up", CODES[kind])
        raise self.notation_error(text)

    def _card(self, word: str, state: State | None) -> int | None:
        word = _CARD_ALIASES.get(word, word)
        if word in KIND_OF_CODE:
            return KIND_OF_CODE[word]
        if word in {"1", "2", "3", "4", "5"}:
            single, double = KIND_OF_CODE[word + "s"], KIND_OF_CODE[word + "d"]
            if isinstance(state, DiciassetteState) and state.phase == PLAY:
                hand = state.hands[state.current]
                if hand[single] and hand[double]:
                    raise NotationError("diciassette.error.ambiguous_number", number=word)
                return double if hand[double] else single
            return single
        return None

    def notation_help(self, lang: str = "en") -> str:
        from ludotheque.i18n import t

        return t("diciassette.notation", lang)

    def rollout_action(self, state: State, legal: list[int], rng: random.Random) -> int:
        """A quick public-information policy for search playouts: call when the cards in
        sight plus about 1.3 per hidden card reach 17; otherwise play a random card,
        generic-backed cards face down, Trap face down, other specials face up."""
        assert isinstance(state, DiciassetteState)
        if CALL in legal:
            total = 0.0
            for kind, face_up, _ in state.queue:
                total += VALUE[kind] if face_up or IS_DOUBLE[kind] else 1.3
            return CALL if total >= 17 or PASS not in legal else PASS
        card = ACTIONS[legal[rng.randrange(len(legal))]].arg
        kind = KIND_OF_CODE[card]
        down = kind == TRAP or (kind < REVERSE and not IS_DOUBLE[kind] and rng.random() < 0.7)
        return ACTIONS.id("down" if down else "up", card)

    def playout_value(self, state: State) -> list[float] | None:
        """At a new round: about e^-1 per Victory still missing; a Penalty already held
        (the next one costs a Victory) counts for a third of one."""
        assert isinstance(state, DiciassetteState)
        if state.is_terminal():
            return state.returns()
        return win_shares([-(VICTORIES_TO_WIN - v) - (0.33 * p if v else 0.0)
                           for v, p in zip(state.victory, state.penalty)])

    def observe_action(self, state: State, action: int, observer: int) -> int:
        """A single-faced or special card played face down looks the same to the others."""
        if action in _LOOK_ALIKE_DOWN and observer != state.current_player():
            return HIDDEN_PLAY
        return action

    def rules_summary_fields(self, lang: str, options: Mapping[str, Any]) -> dict[str, Any]:
        from ludotheque.i18n import t

        def each(counts: tuple[int, ...]) -> str:
            if len(set(counts)) == 1:
                return t("diciassette.rules.each", lang, count=counts[0])
            return ", ".join(f"{value + 1}: {count}" for value, count in enumerate(counts))

        specials = ", ".join(
            f"{options[name]} {t('diciassette.card.' + code, lang)}"
            for name, code in (("reverse", "rev"), ("trash", "trash"), ("x2", "x2"),
                               ("trap", "trap"))
        )
        return {"singles": each(options["singles"]), "doubles": each(options["doubles"]),
                "specials": specials}

    def conformance_option_sets(self) -> tuple[dict[str, Any], ...]:
        return (
            {},
            {"hand_backs_public": False},
            {"call_between_x2_cards": True},
            {"direction_persists": True},
            {"trap_penalty_cap_one": True},
            {"singles": "1,1,1,1,1", "doubles": "2,2,2,2,2", "reverse": 3, "trash": 3,
             "x2": 3, "trap": 3},
        )


GAME = Diciassette()
assert all(IS_DOUBLE[k] == CODES[k].endswith("d") for k in range(len(CODES)))
