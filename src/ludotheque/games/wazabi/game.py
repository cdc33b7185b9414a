"""Wazabi (Guilhem Debricon, Gigamic 2007): static facts, options and notation.

Notation (language-neutral, parses back). Seats are written p1..p6 (the
numbers the terminal shows, seat index + 1); cards by their code:
remove1, passdice, remove2, give1, steal, keep1, draw3, keep2, skip, replay.

  give pN      give one die to player N (a GIVE face, or the "Give 1 die" card)
  take pN      take a blind card from player N ("Take 1 card", or drawing from
               an empty pile and discard)
  target pN    player N is the target ("keeps only 1 card", "skips their turn")
  play CARD    play that card, e.g. "play remove2"
  pass         play no card this turn
  keep CARD    keep that card (a "keeps 1 / 2 cards" effect; one decision per card)
  left, right  "all pass their dice": to the left (clockwise) or right neighbour

The parser also takes "N" or "jN" for pN and French verbs: donner, prendre,
cibler/viser, jouer/poser, passer, garder/conserver, gauche, droite.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.core.actions import typed_number
from ludotheque.core.errors import OptionError
from ludotheque.core.game import Game, State
from ludotheque.core.options import OptionName, OptionSpec
from ludotheque.core.parts import GameParts
from ludotheque.games.wazabi import encoding, render, rules_text, scene, stats, wording
from ludotheque.games.wazabi.actions import ACTIONS
from ludotheque.games.wazabi.components import CODES, NUM_KINDS, TOTAL_DICE
from ludotheque.games.wazabi.heuristic import HeuristicBot
from ludotheque.games.wazabi.observation import WazabiObservation
from ludotheque.games.wazabi.rules import (
    KEEP,
    MAX_SEATS,
    NUM_ACTIONS,
    WazabiState,
)
from ludotheque.games.wazabi.views import WazabiView

_KEEP_IDS = frozenset(ACTIONS.ids("keep"))
# "a card was set aside", as the other seats see it (outside the action space)
HIDDEN_KEEP = NUM_ACTIONS

# Words a person may type for each kind of move of the action table (games/wazabi/actions.py).
_SEAT_VERBS = {
    "give": "give", "donner": "give", "donne": "give",
    "take": "take", "prendre": "take", "prends": "take", "steal": "take",
    "target": "target", "cibler": "target", "cible": "target", "viser": "target",
}
_CARD_VERBS = {
    "play": "play", "jouer": "play", "joue": "play", "poser": "play",
    "pose": "play", "keep": "keep", "garder": "keep", "garde": "keep",
    "conserver": "keep",
}
_PASS_WORDS = {"pass", "passer", "passe", "none", "rien"}
_LEFT_WORDS = {"left", "gauche", "l", "g"}
_RIGHT_WORDS = {"right", "droite", "r", "d"}

OPTIONS = (
    OptionSpec("dice_per_player", "int", 4, "wazabi.option.dice_per_player",
               minimum=1, maximum=TOTAL_DICE, ruling="W22"),
    OptionSpec("neighbour_give_variant", "bool", False, "wazabi.option.neighbour_give_variant",
               ruling="W15"),
    OptionSpec("teams", "bool", False, "wazabi.option.teams", ruling="W19"),
    OptionSpec("continue_until_one_left", "bool", False,
               "wazabi.option.continue_until_one_left", ruling="W20"),
    OptionSpec("tournament_games", "int", 1, "wazabi.option.tournament_games",
               minimum=1, maximum=50),
    # The rules file's [ASSUMED] setup rulings (section 1.2, steps 3-5).
    OptionSpec("start_tie_reroll", "choice", "tied", "wazabi.option.start_tie_reroll",
               choices=("tied", "all"), ruling="W6"),
    OptionSpec("start_direction", "choice", "clockwise", "wazabi.option.start_direction",
               choices=("clockwise", "counterclockwise"), ruling="W6b"),
    OptionSpec("first_turn_uses_start_roll", "bool", False,
               "wazabi.option.first_turn_uses_start_roll", ruling="W6c"),
)


class Wazabi(Game):
    name = "wazabi"
    parts = GameParts(texts=wording, rules_text=rules_text, renderer=render, encoder=encoding,
                      scene=scene.scene,
                      stats=stats, bots={"heuristic": HeuristicBot})
    aliases = ("wasabi",)
    title_key = "wazabi.title"
    card_sections = ("Components", "Card effects")  # the `cards` command
    min_players = 2
    max_players = 6
    default_players = 4
    option_specs = OPTIONS
    num_actions = NUM_ACTIONS
    actions = ACTIONS
    state_class = WazabiState
    view_type = WazabiView
    observation = WazabiObservation
    # A dice race: 100 iterations could not tell moves apart (0.54 vs medium), 400 won 0.585;
    # 520 take the time 400 took before issue 15 (1.30x faster an iteration).
    search_iterations = 520
    rounds_count = "turns"  # its `rounds` metric counts turns: no rounds in Wazabi
    reveals = False  # a card kept is never shown: no `reveal` block on the web page

    def observe_action(self, state: State, action: int, observer: int) -> int:
        """The card a keeper sets aside is hidden from the other seats (one shared key)."""
        if action in _KEEP_IDS and observer != state.current_player():
            return HIDDEN_KEEP
        return action

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        dice = options["dice_per_player"]
        if dice * players > TOTAL_DICE:  # W22
            raise OptionError("wazabi.error.too_many_dice", players=players, dice=dice,
                              total=dice * players, box=TOTAL_DICE, most=TOTAL_DICE // players)
        if options["teams"] and players not in (4, 6):
            raise OptionError("wazabi.error.teams_players", players=players)
        if options["teams"] and options["continue_until_one_left"]:
            raise OptionError("wazabi.error.teams_continue",
                              option=OptionName("continue_until_one_left"))
        if options["continue_until_one_left"] and options["tournament_games"] > 1:
            raise OptionError("wazabi.error.continue_tournament",
                              option=OptionName("continue_until_one_left"))

    # -------------------------------------------------------------- notation
    def text_to_action(self, text: str, state: State | None = None) -> int:
        if not isinstance(text, str):
            raise self.notation_error(text)
        words = text.strip().lower().split()
        if len(words) == 1:
            word = words[0]
            if word in _PASS_WORDS:
                return ACTIONS.id("pass")
            if word in _LEFT_WORDS:
                return ACTIONS.id("left")
            if word in _RIGHT_WORDS:
                return ACTIONS.id("right")
            code = wording.card_code(word)
            if code is not None:  # a bare card: keep it when keeping, else play it
                keeping = isinstance(state, WazabiState) and state.phase == KEEP
                return ACTIONS.id("keep" if keeping else "play", code)
        if len(words) == 2:
            verb, arg = words
            number = _seat_number(arg)
            if verb in _SEAT_VERBS and number is not None:
                seats = state.num_players if state is not None else MAX_SEATS
                if not 1 <= number <= seats:
                    raise self.notation_error(text, "seat", arg,
                                              [f"p{n}" for n in range(1, seats + 1)])
                return ACTIONS.id(_SEAT_VERBS[verb], number - 1)
            if verb in _CARD_VERBS:
                code = wording.card_code(arg)
                if code is None:
                    raise self.notation_error(text, "card", arg, CODES)
                return ACTIONS.id(_CARD_VERBS[verb], code)
        raise self.notation_error(text)

    def notation_help(self, lang: str = "en") -> str:
        from ludotheque.i18n import t

        return t("wazabi.notation", lang,
                 cards=", ".join(wording.code_word(code, lang) for code in CODES))

    def rules_summary_fields(self, lang: str, options: Mapping[str, Any]) -> dict[str, Any]:
        from ludotheque.games.wazabi.components import COPIES, COST
        from ludotheque.i18n import t

        card_name = wording.card_name
        cards = "\n".join(
            t("wazabi.rules.card_line", lang, copies=COPIES[k], card=card_name(CODES[k], lang),
              cost=COST[k], code=wording.code_word(CODES[k], lang))
            for k in range(NUM_KINDS))
        return {"dice": options["dice_per_player"], "cards": cards}

    def rules_sections(self, lang: str, options: Mapping[str, Any]) -> list[str]:
        from ludotheque.i18n import t

        variants = []
        if options["neighbour_give_variant"]:
            variants.append(t("wazabi.rules.variant_neighbour", lang))
        if options["teams"]:
            variants.append(t("wazabi.rules.variant_teams", lang))
        if options["continue_until_one_left"]:
            variants.append(t("wazabi.rules.variant_continue", lang))
        if options["tournament_games"] > 1:
            variants.append(t("wazabi.rules.variant_tournament", lang,
                              games=options["tournament_games"]))
        if not variants:
            return []
        return ["## " + t("wazabi.rules.variants_in_force", lang),
                *[f"- {text}" for text in variants], ""]

    def conformance_option_sets(self) -> tuple[dict[str, Any], ...]:
        # Teams need 4 or 6 players: the conformance test runs each set only for the
        # player counts it is valid for.
        return (
            {},
            {"neighbour_give_variant": True},
            {"continue_until_one_left": True},
            {"dice_per_player": 2, "tournament_games": 3},
            {"dice_per_player": 3, "tournament_games": 2, "neighbour_give_variant": True},
            {"teams": True},
            {"teams": True, "neighbour_give_variant": True, "tournament_games": 2},
            {"start_tie_reroll": "all", "start_direction": "counterclockwise",
             "first_turn_uses_start_roll": True},
            {"first_turn_uses_start_roll": True, "continue_until_one_left": True,
             "neighbour_give_variant": True},
        )


def _seat_number(word: str) -> int | None:
    """The number of a seat word ("p2", "j2", "2"), whether or not the table has it."""
    if word[:1] in ("p", "j"):
        word = word[1:]
    return typed_number(word)


GAME = Wazabi()
