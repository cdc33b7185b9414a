"""DTC ("Donne Tes Cartes", Reiner Knizia, Ferti 2012): static facts, options and notation.

An offer is built one card at a time, then handed over with an announced
value; the receiver accepts or challenges. Notation (language-neutral, parses
back; ids in brackets):

  cards      1 2 3 4 5 6 (number cards) and J (joker)
  add X      put one card of kind X from your hand into the offer you are
             building, e.g. "add 4", "add J"                        [0-6]
  as V       hand the offer over announcing that all its cards are V
             (1..6); the count is always the true count, e.g. "as 4" [7-12]
  accept     take the offered cards into your hand (then you must raise) [13]
  challenge  turn the offered cards over                            [14]

A person may type a whole offer at once (`Game.parse_input`): "offer 4 4 J as 4"
(also "4 4 J as 4", "4,4,J as 4", "44J as 4", French "offre 4 4 J comme 4")
stands for "add 4", "add 4", "add J", "as 4", applied all or nothing. The
parser also takes French words: ajouter, comme/pour/annoncer, accepter/prendre,
contester/défi/refuser/dtc, and a bare card ("J") for "add J".

In a whole offer every card is written once, and a number is always a card:
"2 J as 4" is a 2 and a joker, announced as 4s; two jokers are "J J" (or "JJ",
"joker joker"). A plural in place of cards ("2 jokers", "jokers", "3 4s") is
refused with a NotationError that says how to write it, never read as fewer or
other cards. Only the announced value may be written as a plural ("as 4s").
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from ludotheque.core.errors import NotationError, OptionError
from ludotheque.core.game import Game, State, win_shares
from ludotheque.core.options import OptionName, OptionSpec
from ludotheque.core.parts import GameParts
from ludotheque.games.dtc import encoding, render, rules_text, scene, stats, wording
from ludotheque.games.dtc.actions import ACTIONS
from ludotheque.games.dtc.components import (
    CODES,
    COPIES_PER_VALUE,
    FULL_DECK,
    HAND_SIZE,
    JOKERS,
    NUM_KINDS,
    NUM_VALUES,
    deck_of,
)
from ludotheque.games.dtc.heuristic import HeuristicBot
from ludotheque.games.dtc.observation import DTCObservation
from ludotheque.games.dtc.rules import (
    NUM_ACTIONS,
    DTCState,
    lean_offer_to_truth,
)
from ludotheque.games.dtc.views import DTCView

_ADD_WORDS = {"add", "+", "ajouter", "ajoute", "mettre", "put"}
_CLAIM_WORDS = {"as", "announce", "claim", "=", "comme", "pour", "annoncer", "annonce", "en"}
_OFFER_WORDS = {"offer", "give", "offre", "offrir", "donne", "donner", "propose", "proposer"}
_ACCEPT_WORDS = {"accept", "accepter", "accepte", "prendre", "take", "ok", "oui"}
_CHALLENGE_WORDS = {"challenge", "contester", "conteste", "bluff", "defi", "défi", "refuser",
                    "refuse", "dtc", "relever",
                    "reveal", "retourner"}
_JOKER_WORDS = {"j", "joker"}
# A plural in place of cards ("jokers", "2jokers", "js", "4s"): refused, never guessed at.
_CARDS_WORD = re.compile(r"\+?([0-9j]+)")  # cards written together ("44j"): one a character
_PLURAL_CARD = re.compile(r"\+?[0-9]*(?:jokers|js|[1-6]s)")

_ADD_IDS = frozenset(ACTIONS.ids("add"))
HIDDEN_ADD = NUM_ACTIONS  # "a card was added", as the other seats see it (outside the action space)

OPTIONS = (
    OptionSpec("variant_higher", "bool", False, "dtc.option.variant_higher", ruling="D12"),
    OptionSpec("variant_literal", "bool", False, "dtc.option.variant_literal", ruling="D12"),
    # A smaller deck (not in the rulebook): a game small enough to solve (see components).
    OptionSpec("values", "int", NUM_VALUES, "dtc.option.values", minimum=2, maximum=NUM_VALUES),
    OptionSpec("copies", "int", COPIES_PER_VALUE, "dtc.option.copies", minimum=1,
               maximum=COPIES_PER_VALUE),
    OptionSpec("jokers", "int", JOKERS, "dtc.option.jokers", minimum=0, maximum=JOKERS),
    OptionSpec("hand_size", "int", HAND_SIZE, "dtc.option.hand_size", minimum=1,
               maximum=HAND_SIZE),
)


def _card_kind(word: str) -> int | None:
    """The id of "add <card>" for a card word ("4", "J", "joker"), or None."""
    if word in _JOKER_WORDS:
        return ACTIONS.id("add", "J")
    if len(word) == 1 and word in "123456":
        return ACTIONS.id("add", word)
    return None


def _value(word: str) -> int | None:
    if len(word) == 1 and word in "123456":
        return int(word)
    if len(word) == 2 and word[1] == "s" and word[0] in "123456":  # "4s"
        return int(word[0])
    return None


class DTC(Game):
    name = "dtc"
    parts = GameParts(texts=wording, rules_text=rules_text, renderer=render, encoder=encoding,
                      scene=scene.scene,
                      stats=stats, bots={"heuristic": HeuristicBot})
    aliases = ("donne-tes-cartes", "donnetescartes")
    chance_slot_from_view = True  # two chance points a game: the deal, the first giver
    title_key = "dtc.title"
    min_players = 2
    max_players = 6
    default_players = 4
    option_specs = OPTIONS
    num_actions = NUM_ACTIONS
    actions = ACTIONS
    # 78 fit in the time 30 took before issue 15. At 78 and one standard error, hard left
    # its heuristic's move on chance more often and won 0.399 of 400 games against medium
    # with 2 players (0.539 at 30); asking two standard errors makes the extra iterations
    # pay (README, issue 15).
    search_iterations = 78
    search_confidence = 2.0
    state_class = DTCState
    view_type = DTCView
    observation = DTCObservation

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        if options["variant_literal"] and not options["variant_higher"]:
            raise OptionError("dtc.error.literal_without_variant",
                              literal=OptionName("variant_literal"),
                              higher=OptionName("variant_higher", True))
        deck = deck_of(options)
        if deck.size < players * deck.hand:
            raise OptionError("dtc.error.deck_too_small", cards=deck.size, players=players,
                              hand=deck.hand, needed=players * deck.hand,
                              hand_size=OptionName("hand_size"))

    @staticmethod
    def search_belief(state: State, view: DTCView,
                      rng: random.Random) -> None:  # type: ignore[override]
        """A pending offer hidden from the seat is made true as often as the heuristic
        believes it is (a uniform deal would make nearly every offer look false)."""
        truth = _hidden_offer_truth(view)
        if truth is not None:
            assert isinstance(state, DTCState)
            lean_offer_to_truth(state, view["seat"], truth, rng)

    def sampler(self, view: Mapping[str, Any],  # type: ignore[override]
                belief: Any = None) -> Callable[[random.Random], State]:
        """`Game.sampler`, and with the game's own belief the chance that the pending offer
        is true worked out once per view (it depends on the view only), not per sample."""
        if belief is not DTC.search_belief:
            return super().sampler(view, belief)
        deal = DTCState.dealer(self, view)
        truth = _hidden_offer_truth(view)
        if truth is None:
            return deal  # the belief leaves such a sample as dealt
        seat = view["seat"]

        def leaning(rng: random.Random) -> State:
            state = deal(rng)
            lean_offer_to_truth(state, seat, truth, rng)
            return state

        return leaning

    def playout_value(self, state: State) -> list[float] | None:
        """At a new chain: fewer penalty cards is better, about e^-0.3 a card (the cards in
        hand count too once the draw pile is empty)."""
        assert isinstance(state, DTCState)
        if state.is_terminal():
            return state.returns()
        hands = state.hands if not state.pile else [()] * state.num_players
        return win_shares([-0.3 * (sum(m) + sum(h)) for m, h in zip(state.malus, hands)])

    def building_moves(self, view: Mapping[str, Any]) -> frozenset[int]:
        """Adding a card to one's own offer (the announce completes it)."""
        if view["phase"] == "offer" and view["seat"] is not None and view["to_act"] == view["seat"]:
            return _ADD_IDS
        return frozenset()

    def observe_action(self, state: State, action: int, observer: int) -> int:
        """Another seat sees that a card went into the offer, not which (one shared key)."""
        if action in _ADD_IDS and observer != state.current_player():
            return HIDDEN_ADD
        return action

    # -------------------------------------------------------------- notation
    def text_to_action(self, text: str, state: State | None = None) -> int:
        words = _words(text)
        self._refuse_missing(text, words, state)
        action = _single(words)
        if action is None:
            self._refuse_plurals(text, words)
            raise self.notation_error(text)
        return action

    def _refuse_missing(self, text: str, words: list[str], state: State | None) -> None:
        """A number this deck has no card or value of ("add 9", "as 14"; "add 6" when the
        options keep 4 values): say which, and what the deck has. A word of digits alone
        ("99", "10") is named as typed, since it reads as one number; in cards written
        with a joker ("44j") the missing card is named."""
        deck = deck_of(state.options) if state is not None else FULL_DECK
        values = [str(value) for value in range(1, deck.values + 1)]
        for index, word in enumerate(words):
            if index and words[index - 1] in _CLAIM_WORDS:
                number = word[:-1] if word.endswith("s") else word
                if number.isdigit() and number not in values:
                    raise self.notation_error(text, "value", word, values)
                continue
            together = _CARDS_WORD.fullmatch(word)
            for card in "j" if word in _JOKER_WORDS else together[1] if together else "":
                if card not in values and (card != "j" or not deck.jokers):
                    typed = together[1] if together and together[1].isdigit() else card.upper()
                    raise self.notation_error(text, "card", typed,
                                              values + ["J"] * bool(deck.jokers))

    def _refuse_plurals(self, text: str, words: list[str]) -> None:
        """A plural where cards are written ("2 jokers") would be read as other cards than
        meant: refuse it, saying how to write it (the announced value may be "4s")."""
        for index, word in enumerate(words):
            if index and words[index - 1] in _CLAIM_WORDS:
                continue
            if _PLURAL_CARD.fullmatch(word):
                raise NotationError("dtc.error.plural", text=text, word=word)

    def parse_input(self, text: str, state: State) -> list[int]:
        """One atomic action, or a whole offer typed at once ("offer 4 4 J as 4")."""
        words = _words(text)
        self._refuse_missing(text, words, state)
        single = _single(words)
        if single is not None:
            return [single]
        self._refuse_plurals(text, words)
        if words and words[0] in _OFFER_WORDS:
            words = words[1:]
        cards: list[int] = []
        claim: list[int] = []
        index = 0
        while index < len(words):
            word = words[index]
            if word in _CLAIM_WORDS and index == len(words) - 2 and _value(words[-1]):
                claim = [ACTIONS.id("as", _value(words[-1]))]
                break
            if word in _ADD_WORDS:
                index += 1
                continue
            kinds = [_card_kind(ch) for ch in word] if len(word) > 1 and word not in _JOKER_WORDS \
                else [_card_kind(word)]
            if not kinds or None in kinds:
                raise self.notation_error(text)
            cards.extend(kinds)  # type: ignore[arg-type]
            index += 1
        if not cards and not claim:
            raise self.notation_error(text)
        return cards + claim

    def notation_help(self, lang: str = "en") -> str:
        from ludotheque.i18n import t

        return t("dtc.notation", lang)

    def rules_summary_fields(self, lang: str, options: Mapping[str, Any]) -> dict[str, Any]:
        from ludotheque.i18n import t, tn

        if not options["variant_higher"]:
            settle = "dtc.rules.settle_exact"
        elif options["variant_literal"]:
            settle = "dtc.rules.settle_literal"
        else:
            settle = "dtc.rules.settle_higher"
        deck = deck_of(options)
        copies = ("une" if lang == "fr" and deck.copies == 1
                  else t(f"dtc.number.{deck.copies}", lang))
        jokers = (tn("dtc.rules.jokers", deck.jokers, lang, noun=t("dtc.rules.joker_noun", lang))
                  if deck.jokers else t("dtc.rules.no_joker", lang))
        return {"settlement": t(settle, lang), "total": deck.size, "hand": deck.hand,
                "components": t("dtc.rules.components", lang, numbers=deck.values * deck.copies,
                                values=deck.values, copies=copies, jokers=jokers,
                                total=deck.size),
                "refill": tn("dtc.rules.refill", deck.hand, lang)}

    def rules_sections(self, lang: str, options: Mapping[str, Any]) -> list[str]:
        from ludotheque.i18n import t

        deck = deck_of(options)
        if deck == FULL_DECK:
            return []
        return [t("dtc.rules.small_deck", lang, hand=deck.hand, values=deck.values), ""]

    # ---------------------------------------------------------------- extras
    def conformance_option_sets(self) -> tuple[dict[str, Any], ...]:
        return (
            {},
            {"variant_higher": True},
            {"variant_higher": True, "variant_literal": True},
            {"values": 2, "copies": 1, "jokers": 1, "hand_size": 1},  # the solved game (2 players)
            {"values": 4, "copies": 5, "jokers": 3, "hand_size": 3, "variant_higher": True},
        )


def _words(text: str) -> list[str]:
    cleaned = text.strip().lower()
    for ch in ",;«»\"'()":
        cleaned = cleaned.replace(ch, " ")
    cleaned = cleaned.replace("=", " = ")
    return cleaned.split()


def _single(words: list[str]) -> int | None:
    """The action of a one-action text form, or None."""
    if len(words) == 1:
        word = words[0]
        if word in _ACCEPT_WORDS:
            return ACTIONS.id("accept")
        if word in _CHALLENGE_WORDS:
            return ACTIONS.id("challenge")
        kind = _card_kind(word)
        if kind is not None:
            return kind
        if word.startswith("+") and _card_kind(word[1:]) is not None:
            return _card_kind(word[1:])
    if len(words) == 2:
        first, second = words
        if first in _ADD_WORDS and _card_kind(second) is not None:
            return _card_kind(second)
        if first in _CLAIM_WORDS and _value(second) is not None:
            return ACTIONS.id("as", _value(second))
    return None


GAME = DTC()
assert len(CODES) == NUM_KINDS and NUM_VALUES == 6


def _hidden_offer_truth(view: Mapping[str, Any]) -> float | None:
    """How likely the heuristic believes the pending offer is true, when the seat has one
    before it that it cannot see (None otherwise: the search belief leaves the sample)."""
    pending = view["pending"]
    if pending is None or "cards" in pending or view["seat"] is None:
        return None
    return HeuristicBot().truth_probability(DTCObservation.of_view(view))
