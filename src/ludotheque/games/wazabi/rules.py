"""Wazabi: the state machine (rules file section 1.4, rulings W1-W22).

Phases. Chance: DEAL (shuffle the 36 cards, 3 each), START (everyone still in
contention rolls: most W starts, ties re-roll, W5/W6), ROLL (the current
player's dice), RESHUFFLE (the discard becomes the pile), PICK (a blind card
taken from a hand). Decisions: GIVE (a recipient for one die), PLAY (a card
or pass), DIRECTION (left/right for "all pass their dice"), TARGET (the
player hit by "keeps 1 card" or "skips their turn"), TAKE (the player a card
is taken from, blind), KEEP (the affected player keeps one card, one
decision per card kept). OVER at the end.

A decision whose only legal move is known to everyone (one possible
recipient or target, "all pass" with two players left) is applied at once and
reported as an event; a decision that depends on hidden cards (play, keep) is
always asked, even when forced, so that its timing reveals nothing.

The state is small: hands are counts per kind, the pile and discard lists of
kinds (pile top last), dice counts per seat.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any

from ludotheque.core.chance import Drawn, Pick, Roll, Shuffle
from ludotheque.core.errors import ChanceError, SnapshotError
from ludotheque.core.events import Event
from ludotheque.core.fields import (
    EVERYONE,
    OTHERS,
    Card,
    Choice,
    Context,
    Counts,
    Custom,
    Derived,
    Field,
    Flag,
    Int,
    ListOf,
    Maybe,
    PerSeat,
    Problem,
    Seat,
    TupleOf,
)
from ludotheque.core.game import CHANCE, TERMINAL, State
from ludotheque.core.seats import next_seat
from ludotheque.core.zones import counts_to_codes
from ludotheque.games.wazabi.components import (
    ALL_PASS,
    CODES,
    COPIES,
    COST,
    DRAW_3,
    GIVE_1,
    HAND_SIZE,
    KEEP_ONE,
    KIND_OF_CODE,
    NUM_FACES,
    NUM_KINDS,
    OTHERS_KEEP_TWO,
    REMOVE_1,
    REMOVE_2,
    REPLAY,
    SKIP,
    STEAL,
    TOTAL_DICE,
    deck,
    roll_counts,
)
from ludotheque.games.wazabi.views import HandView, KeepingView, RollView, WazabiView

# -- action ids (fixed space; the notation is in game.py) -------------------
MAX_SEATS = 6
GIVE_BASE = 0  # give one die to seat s: GIVE_BASE + s (the seat itself: see _settle)
TAKE_BASE = 6  # take a blind card from seat s
TARGET_BASE = 12  # choose seat s as the card's target
PLAY_BASE = 18  # play card kind k: PLAY_BASE + k
PASS = 28  # play no card this turn
KEEP_BASE = 29  # keep one card of kind k
LEFT = 39  # "all pass their dice" to the left neighbour (clockwise, +1)
RIGHT = 40  # ... to the right neighbour (counter-clockwise, -1)
NUM_ACTIONS = 41

(DEAL, START, ROLL, RESHUFFLE, PICK, GIVE, PLAY, DIRECTION, TARGET, TAKE, KEEP,
 OVER) = range(12)
PHASE_NAMES = ("deal", "start", "roll", "reshuffle", "pick", "give", "play", "direction",
               "target", "take", "keep", "over")
DECISION_PHASES = frozenset((GIVE, PLAY, DIRECTION, TARGET, TAKE, KEEP))
# Decisions whose legal list is public: applied at once when only one move is legal.
_AUTO_PHASES = frozenset((GIVE, DIRECTION, TARGET, TAKE))

_DECK = deck()
_DECK_LIST = list(_DECK)
_ROLLS = tuple(Roll(count, NUM_FACES, label="roll") for count in range(TOTAL_DICE + 1))
_START_ROLLS = tuple(Roll(count, NUM_FACES, label="start roll") for count in range(TOTAL_DICE + 1))
_DEAL = Shuffle(_DECK, label="deal")
_FACE_SET = frozenset(range(NUM_FACES))
_INT_ONLY = frozenset((int,))
# _BY_COST[w]: the card kinds whose cost is at most w (W10: a threshold, not spent).
_BY_COST = tuple(tuple(k for k in range(NUM_KINDS) if COST[k] <= w) for w in range(3))
_PLAY_IDS = tuple(PLAY_BASE + k for k in range(NUM_KINDS))
_KEEP_IDS = tuple(KEEP_BASE + k for k in range(NUM_KINDS))
_PLAY_IDS_BY_COST = tuple(tuple(PLAY_BASE + k for k in kinds) for kinds in _BY_COST)
_HAND_BY_COST = tuple(itemgetter(*kinds) for kinds in _BY_COST)  # each picks 2+ kinds
_PLAY_LEGAL: dict[tuple, list[int]] = {}  # see WazabiState._play_legal
assert GIVE_BASE == 0  # a GIVE decision's id is its recipient's seat (WazabiState._settle)

# What follows a run of draws.
AFTER_DRAWS_GIVE, AFTER_DRAWS_CARD = 0, 1
# Why a blind card is taken.
TAKE_FOR_DRAW, TAKE_FOR_STEAL = 0, 1


# A finished game of a tournament: (winners, points, dice left per seat, ranking).
_RESULT = TupleOf(ListOf(Seat(), frozen=True), Int(0), PerSeat(Int(0, TOTAL_DICE), frozen=True),
                  ListOf(Seat(), frozen=True), names=("winners", "points", "dice", "ranking"))
_RESULTS = ListOf(_RESULT)
# The last card played, in public: (player, kind, detail), detail being the target
# seat, the side of "all pass" (+1 left, -1 right), or None (see _last_play_json).
_LAST_PLAY = Custom(lambda last: _last_play_json(last),
                    lambda data, ctx: _read_last_play(data, ctx),
                    "the last card played: {player, card, and its target or side}")


class WazabiState(State):
    """Wazabi's state: every field declared once (shape, initial value, who cannot see it).

    The fields of the table belong to one game of a tournament: `_reset_table` sets
    them back to their initial values for the next game; those of the match stay.
    """

    # -- the table (one game)
    phase = Field(Choice(PHASE_NAMES), DEAL)
    dice = Field(PerSeat(Int(0, TOTAL_DICE)),
                 lambda s: [s.options["dice_per_player"]] * s.num_players)
    removed = Field(Int(0, TOTAL_DICE), 0, doc="dice out of the game")
    hands = Field(PerSeat(Counts(CODES)), lambda s: [[0] * NUM_KINDS for _ in s.seats],
                  hidden=OTHERS)
    pile = Field(ListOf(Card(CODES)), lambda s: _DECK_LIST[:],
                 hidden=EVERYONE + " (its size is public)",
                 doc="top last; before the deal, the box in kind order")
    discard = Field(ListOf(Card(CODES)), list)
    skips = Field(PerSeat(Int(0)), lambda s: [0] * s.num_players, doc="Skip cards waiting per seat")
    active = Field(PerSeat(Flag()), lambda s: [True] * s.num_players, doc="still in the game")
    finished = Field(ListOf(Seat()), list, doc="seats out, in the order they left")
    direction = Field(Int(-1, 1), lambda s: 1 if s.options["start_direction"] == "clockwise"
                      else -1,
                      doc="1: clockwise (W6b)")
    current = Field(Seat(), 0)
    contenders = Field(ListOf(Seat(), frozen=True), lambda s: tuple(s.seats),
                       doc="who rolls for the start")
    faces = Field(ListOf(Int(0, NUM_FACES - 1), frozen=True), (), doc="the last roll")
    roll = Field(TupleOf(Int(0), Int(0), Int(0)), (0, 0, 0), doc="its (W, draw, give) counts")
    draws_left = Field(Int(0), 0)
    after_draws = Field(Int(AFTER_DRAWS_GIVE, AFTER_DRAWS_CARD), AFTER_DRAWS_GIVE)
    gives_left = Field(Int(0), 0)
    card = Field(Card(CODES, none=-1), -1, doc="the card being resolved (-1: none)")
    take_from = Field(Seat(none=-1), -1)
    take_reason = Field(Int(TAKE_FOR_DRAW, TAKE_FOR_STEAL), TAKE_FOR_DRAW)
    keepers = Field(ListOf(Seat(), frozen=True), ())
    keep_index = Field(Int(0), 0)
    keep_count = Field(Int(0, 2), 0)
    kept = Field(ListOf(Card(CODES)), list, hidden=OTHERS + " (the keeper's cards set aside)")
    last_play = Field(Maybe(_LAST_PLAY), None)
    # -- the match (a tournament lasts several games)
    game_no = Field(Int(1), 1)
    scores = Field(PerSeat(Int(0)), lambda s: [0] * s.num_players)
    results = Field(_RESULTS, list, doc="per finished game")
    final_winners = Field(ListOf(Seat()), list, json="winners")
    turns = Field(Int(0), 0)
    decisions = Field(Int(0), 0)
    # Computed from `active` (see _seat_others), and the legal moves' cache (None: not
    # known yet). None of them is ever changed in place: a clone shares them.
    others = Derived(lambda s: _seating(tuple(s.active))[0])
    ring = Derived(lambda s: _seating(tuple(s.active))[1])
    _legal = Derived(None)


    def _reset_table(self) -> None:
        """A new game of the match: every card back in the box (the pile), dice dealt."""
        for field in _TABLE_FIELDS:
            setattr(self, field.name, field.initial(self))
        self._seat_others()
        self._legal = None

    def _seat_others(self) -> None:
        """For each seat, the other seats still in the game, and ring[d][s], the next seat
        still in the game after s in direction d (+1 or -1). They change only when a
        player leaves in "continue" mode."""
        self.others, self.ring = _seating(tuple(self.active))

    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        phase = self.phase
        if phase < GIVE:
            return CHANCE
        if phase == KEEP:
            return self.keepers[self.keep_index]
        if phase == OVER:
            return TERMINAL
        return self.current

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # ---------------------------------------------------------------- chance
    def chance_spec(self) -> Shuffle | Pick | Roll:
        phase = self.phase
        if phase == ROLL:
            return _ROLLS[self.dice[self.current]]
        if phase == DEAL:
            return _DEAL
        if phase == START:
            return _START_ROLLS[self.options["dice_per_player"] * len(self.contenders)]
        if phase == RESHUFFLE:
            return Shuffle(tuple(sorted(self.discard)), label="reshuffle")
        if phase == PICK:
            return Pick(sum(self.hands[self.take_from]), label="blind card")
        raise ChanceError("error.no_chance")

    def apply_chance(self, outcome: Any, events: list[Event] | None = None) -> None:
        """Deal: the shuffled deck top first, seat p gets cards 3p..3p+2, the rest is the
        pile. Start: the contenders' dice in seat order. Roll: the current player's dice.
        Reshuffle: the new pile top first. Pick: the index of the card taken in the
        victim's hand listed in kind order."""
        phase = self.phase
        if phase == ROLL:
            # The common case, checked without building a spec: a tuple of face indices
            # (ints only: not 1.0, not True, not a list; hashable, then, for the faces' set).
            # A roll the seeded generator drew for this spec (Drawn, of this size) fits.
            me = self.current
            dice = self.dice[me]
            kind = type(outcome)
            if kind is not Drawn and (kind is not tuple
                                      or not _INT_ONLY.issuperset(map(type, outcome))
                                      or not _FACE_SET.issuperset(outcome)) or len(outcome) != dice:
                outcome = _ROLLS[dice].check(outcome)
            self._legal = None
            if events is not None:
                self._rolled(outcome, events)
                if self.phase in _AUTO_PHASES:
                    self._settle(events)
                return
            # _rolled without events, its usual case inlined (the pile has the cards).
            count = outcome.count
            give = count(5)
            draw = count(3) + count(4)
            self.faces = outcome
            self.roll = (dice - draw - give, draw, give)
            self.gives_left = give
            self.after_draws = AFTER_DRAWS_GIVE
            hand = self.hands[me]
            if draw:
                pile = self.pile
                if len(pile) < draw:
                    self.draws_left = draw
                    self._continue_draws(None)
                    if self.phase in _AUTO_PHASES:
                        self._settle(None)
                    return
                pop = pile.pop
                for _ in range(draw):
                    hand[pop()] += 1
            if give:
                others = self.others[me]
                if len(others) != 1:  # a decision per die (or a forced neighbour: _settle)
                    self.phase = GIVE
                    if self.options["neighbour_give_variant"]:
                        self._settle(None)
                    else:  # _settle's usual case: anyone else may receive it
                        self._legal = list(others)
                    return
                # One player to give to (even in the neighbour variant): _give, inlined.
                to = others[0]
                dice_left = self.dice
                for _ in range(give):
                    dice_left[me] -= 1
                    dice_left[to] += 1
                    self.gives_left -= 1
                    if not dice_left[me]:  # W18: the game ends at once
                        self.phase = GIVE
                        self._out(me, None)
                        return
                self._start_play(None)
            elif draw or any(hand):
                self.phase = PLAY
            else:
                self._start_play(None)
            return
        if phase not in (DEAL, START, RESHUFFLE, PICK):
            raise ChanceError("error.no_chance")
        # As for a roll: what the seeded generator drew for this spec (Drawn, of its size)
        # fits; tuples of ints are checked without building a spec; the rest by the spec.
        drawn = type(outcome) is Drawn
        if phase == START:
            size = self.options["dice_per_player"] * len(self.contenders)
            if not (drawn and len(outcome) == size) and (
                    not _ints(outcome, size) or not _FACE_SET.issuperset(outcome)):
                outcome = self.chance_spec().check(outcome)
        elif phase == RESHUFFLE:
            if not (drawn and len(outcome) == len(self.discard)) and (
                    not _ints(outcome, len(self.discard))
                    or sorted(outcome) != sorted(self.discard)):
                outcome = self.chance_spec().check(outcome)
        elif phase == PICK:
            if type(outcome) is not int or not 0 <= outcome < sum(self.hands[self.take_from]):
                outcome = self.chance_spec().check(outcome)
        elif not (drawn and len(outcome) == len(_DECK)) and (
                not _ints(outcome, len(_DECK)) or sorted(outcome) != _DECK_LIST):
            # the deck is in kind order: one sort checks it
            outcome = self.chance_spec().check(outcome)
        self._legal = None
        if phase == DEAL:
            self._deal(outcome, events)
        elif phase == START:
            self._start_roll(outcome, events)
        elif phase == RESHUFFLE:
            self.pile = list(reversed(outcome))
            self.discard = []
            if events is not None:
                events.append(Event("reshuffle", {"pile": len(self.pile)}))
            self._continue_draws(events)
        else:
            self._picked(outcome, events)
        self._settle(events)

    def _deal(self, outcome: tuple, events: list[Event] | None) -> None:
        n = self.num_players
        for seat in range(n):
            hand = self.hands[seat]
            for kind in outcome[HAND_SIZE * seat: HAND_SIZE * (seat + 1)]:
                hand[kind] += 1
        self.pile = list(reversed(outcome[HAND_SIZE * n:]))
        self.phase = START
        self.contenders = tuple(range(n))
        if events is not None:
            events.append(Event(
                "deal",
                {"game": self.game_no, "cards": HAND_SIZE, "dice": self.options["dice_per_player"],
                 "pile": len(self.pile)},
                {seat: {"hand": _codes(self.hands[seat])} for seat in range(n)},
            ))

    def _start_roll(self, outcome: tuple, events: list[Event] | None) -> None:
        """W5/W6: most W starts; on a tie the tied players (or, by option, everyone) roll
        again. W6c: by option the starter's first turn uses this roll."""
        per = self.options["dice_per_player"]
        contenders = self.contenders
        rolls = [outcome[per * index: per * (index + 1)] for index in range(len(contenders))]
        counts = [faces.count(0) + faces.count(1) + faces.count(2) for faces in rolls]
        best = max(counts)
        top = tuple(seat for seat, w in zip(contenders, counts) if w == best)
        if events is not None:
            events.append(Event("start_roll", {
                "rolls": [[seat, list(faces), w]
                          for seat, faces, w in zip(contenders, rolls, counts)],
                "tied": list(top) if len(top) > 1 else [],
                "starter": top[0] if len(top) == 1 else None,
            }))
        if len(top) > 1:
            if self.options["start_tie_reroll"] == "tied":
                self.contenders = top
            return
        self.contenders = ()
        self.current = top[0]
        self.turns += 1
        if events is not None:
            events.append(Event("turn", {"player": self.current, "direction": self.direction}))
        self.phase = ROLL
        if self.options["first_turn_uses_start_roll"]:
            self._rolled(rolls[contenders.index(self.current)], events)

    def _rolled(self, faces: tuple, events: list[Event] | None) -> None:
        count = faces.count
        w = count(0) + count(1) + count(2)
        give = count(5)
        draw = len(faces) - w - give
        self.faces = faces
        self.roll = (w, draw, give)
        if events is not None:
            events.append(Event("roll", {"player": self.current, "faces": list(faces),
                                         "w": w, "draw": draw, "give": give}))
        self.gives_left = give
        self.after_draws = AFTER_DRAWS_GIVE
        if draw:
            self.draws_left = draw
            self._continue_draws(events)  # W7: draw, then give, then play
        elif give:
            self.phase = GIVE
        elif any(self.hands[self.current]):
            self.phase = PLAY
        else:
            self._start_play(events)

    def _picked(self, index: int, events: list[Event] | None) -> None:
        victim = self.take_from
        hand = self.hands[victim]
        kind = 0
        while index >= hand[kind]:
            index -= hand[kind]
            kind += 1
        hand[kind] -= 1
        taker = self.current
        self.hands[taker][kind] += 1
        self.take_from = -1
        if events is not None:
            code = CODES[kind]
            events.append(Event(
                "take",
                {"player": taker, "from": victim,
                 "reason": "steal" if self.take_reason == TAKE_FOR_STEAL else "draw"},
                {taker: {"card": code}, victim: {"card": code}},
            ))
        if self.take_reason == TAKE_FOR_DRAW:
            self.draws_left -= 1
            self._continue_draws(events)
        else:
            self._finish_card(events)

    # ------------------------------------------------------------- decisions
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            if self.phase == PLAY:
                legal = self._legal = self._play_legal()
            else:
                legal = self._legal = self._compute_legal()
        return legal[:]

    def _play_legal(self) -> list[int]:
        """The cards the current player may play, then PASS. The list for a hand, a roll's
        W (3 or more: any card) and its Give faces is cached, shared and never changed."""
        hand = self.hands[self.current]
        w, _, give = self.roll
        if w > 3:  # noqa: PLR1730  (cheaper than min() on this hot path)
            w = 3
        key = (w, give > 1, *hand)
        actions = _PLAY_LEGAL.get(key)
        if actions is None:
            if w == 3:
                actions = list(compress(_PLAY_IDS, hand))
            else:
                actions = list(compress(_PLAY_IDS_BY_COST[w], _HAND_BY_COST[w](hand)))
            if give > 1 and hand[REMOVE_1] and w:  # W4
                actions.remove(PLAY_BASE + REMOVE_1)
            actions.append(PASS)
            if len(_PLAY_LEGAL) >= 100_000:
                _PLAY_LEGAL.clear()
            _PLAY_LEGAL[key] = actions
        if hand[KEEP_ONE] and w:  # W13: an opponent must hold 2 cards or more
            hands = self.hands
            for seat in self.others[self.current]:
                if sum(hands[seat]) >= 2:
                    break
            else:
                actions = actions[:]
                actions.remove(PLAY_BASE + KEEP_ONE)
        return actions

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            return self._play_legal()
        if phase == GIVE:
            return [GIVE_BASE + s for s in self._recipients()]
        if phase == KEEP:
            hand = self.hands[self.keepers[self.keep_index]]
            return list(compress(_KEEP_IDS, hand))
        if phase == TARGET:
            least = 2 if self.card == KEEP_ONE else 0
            return [TARGET_BASE + s for s in self._opponents() if sum(self.hands[s]) >= least]
        if phase == TAKE:
            return [TAKE_BASE + s for s in self._opponents() if any(self.hands[s])]
        if phase == DIRECTION:
            return [LEFT] if sum(self.active) == 2 else [LEFT, RIGHT]
        return []

    def _someone_has_two(self) -> bool:
        """W13: "keeps only 1 card" needs an opponent holding 2 cards or more.
        (W4, the other restriction: no "Remove 1 die" with 2 GIVE faces or more.)"""
        hands = self.hands
        return any(sum(hands[s]) >= 2 for s in self.others[self.current])

    def _opponents(self) -> tuple[int, ...]:
        """Every other seat still in the game (W12, W20)."""
        return self.others[self.current]

    def _recipients(self) -> list[int]:
        """Who may receive a die: anyone else (W9), or only the neighbours for a GIVE face
        in the neighbour variant (W15), neighbours counted among players still in (W20)."""
        if self.card == GIVE_1 or not self.options["neighbour_give_variant"]:
            return self.others[self.current]
        left = self.ring[1][self.current]
        right = self.ring[-1][self.current]
        return sorted({left, right})

    def apply_action(self, action: int, events: list[Event] | None = None) -> None:
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        if type(action) is not int or action not in legal or self.phase not in DECISION_PHASES:
            raise self.reject(action)
        self._legal = None
        self.decisions += 1
        if action == PASS:  # the most common decision, kept short
            if events is not None:
                events.append(Event("pass", {"player": self.current}))
                self._end_turn(events)
                return
            seat = self.ring[self.direction][self.current]
            if self.skips[seat]:
                self._end_turn(None)
            else:  # _end_turn, its usual case inlined
                self.turns += 1
                self.current = seat
                self.phase = ROLL
            return
        phase = self.phase
        if phase == PLAY:
            self._play(action - PLAY_BASE, events)
        elif phase == GIVE:  # the next most common decision
            self._give(action - GIVE_BASE, events)
        else:
            self._act(action, events)
        if self.phase in _AUTO_PHASES:
            self._settle(events)

    def _settle(self, events: list[Event] | None) -> None:
        """Apply at once the decisions everyone knows to be forced (one public option)."""
        while True:
            phase = self.phase
            if phase == GIVE:  # the usual case, without building the legal list
                if self.card == GIVE_1 or not self.options["neighbour_give_variant"]:
                    recipients = self.others[self.current]
                else:
                    recipients = self._recipients()
                if len(recipients) != 1:
                    self._legal = list(recipients)  # the ids are the seats (GIVE_BASE 0)
                    return
                self._give(recipients[0], events)
            elif phase in _AUTO_PHASES:
                legal = self._compute_legal()
                if len(legal) != 1:
                    self._legal = legal
                    return
                self._act(legal[0], events)
            else:
                return

    def _act(self, action: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == PLAY:
            if action == PASS:
                if events is not None:
                    events.append(Event("pass", {"player": self.current}))
                self._end_turn(events)
            else:
                self._play(action - PLAY_BASE, events)
        elif phase == GIVE:
            self._give(action - GIVE_BASE, events)
        elif phase == KEEP:
            self._keep(action - KEEP_BASE, events)
        elif phase == TARGET:
            self._target(action - TARGET_BASE, events)
        elif phase == TAKE:
            self.take_from = action - TAKE_BASE
            self.phase = PICK
            if events is not None:
                events.append(Event("take_from", {
                    "player": self.current, "from": self.take_from,
                    "reason": "steal" if self.take_reason == TAKE_FOR_STEAL else "draw"}))
        else:  # DIRECTION
            self._pass_dice(1 if action == LEFT else -1, events)

    # ----------------------------------------------------------- transitions
    def _continue_draws(self, events: list[Event] | None) -> None:
        """DRAW_ONE as many times as needed: the pile, else the reshuffled discard, else a
        blind card from an opponent of the drawer's choice, else nothing (W14)."""
        me = self.current
        hand = self.hands[me]
        pile = self.pile
        drawn: list[int] = []
        while self.draws_left:
            if pile:
                kind = pile.pop()
                hand[kind] += 1
                self.draws_left -= 1
                drawn.append(kind)
                continue
            if drawn and events is not None:
                _draw_event(me, drawn, events)
                drawn = []
            if self.discard:
                self.phase = RESHUFFLE
                return
            elif any(any(self.hands[s]) for s in self._opponents()):
                self.take_reason = TAKE_FOR_DRAW
                self.phase = TAKE
                return
            else:
                if events is not None:
                    events.append(Event("no_draw", {"player": me, "count": self.draws_left}))
                self.draws_left = 0
        if drawn and events is not None:
            _draw_event(me, drawn, events)
        if self.after_draws == AFTER_DRAWS_GIVE:
            if self.gives_left:
                self.phase = GIVE
            else:
                self._start_play(events)
        else:
            self._finish_card(events)

    def _start_play(self, events: list[Event] | None) -> None:
        if any(self.hands[self.current]):
            self.phase = PLAY
        else:  # no card at all (public): nothing to decide
            if events is not None:
                events.append(Event("no_card", {"player": self.current}))
            self._end_turn(events)

    def _give(self, to: int, events: list[Event] | None) -> None:
        me = self.current
        self.dice[me] -= 1
        self.dice[to] += 1
        by_card = self.card == GIVE_1
        if events is not None:
            events.append(Event("give", {"player": me, "to": to, "card": by_card,
                                         "dice": self.dice[me], "to_dice": self.dice[to]}))
        if by_card:
            self._finish_card(events)
            return
        self.gives_left -= 1
        if not self.dice[me]:  # W18: the game ends at once
            self._out(me, events)
        elif not self.gives_left:
            self._start_play(events)

    def _play(self, kind: int, events: list[Event] | None) -> None:
        me = self.current
        self.hands[me][kind] -= 1
        self.card = kind
        self.last_play = (me, kind, None)
        if events is not None:
            events.append(Event("play", {"player": me, "card": CODES[kind]}))
        if kind == REMOVE_1 or kind == REMOVE_2:
            count = 1 if kind == REMOVE_1 else 2
            dice = self.dice
            dice[me] -= count
            self.removed += count
            if events is not None:
                events.append(Event("remove", {"player": me, "count": count,
                                               "dice": dice[me]}))
                self._finish_card(events)
                return
            seat = self.ring[self.direction][me]
            if not dice[me] or self.skips[seat]:
                self._finish_card(None)
            else:  # _finish_card and _end_turn, their usual case inlined
                self.card = -1
                self.discard.append(kind)
                self.turns += 1
                self.current = seat
                self.phase = ROLL
        elif kind == GIVE_1:
            self.phase = GIVE
        elif kind == ALL_PASS:
            self.phase = DIRECTION
        elif kind == STEAL:
            if any(any(self.hands[s]) for s in self._opponents()):  # W11
                self.take_reason = TAKE_FOR_STEAL
                self.phase = TAKE
            else:
                if events is not None:
                    events.append(Event("steal_none", {"player": me}))
                self.draws_left = 1
                self.after_draws = AFTER_DRAWS_CARD
                self._continue_draws(events)
        elif kind == DRAW_3:
            self.draws_left = 3
            self.after_draws = AFTER_DRAWS_CARD
            self._continue_draws(events)
        elif kind == OTHERS_KEEP_TWO:
            # The other players still in, in turn order from the next one (rules 1.5).
            ring = self.ring[self.direction]
            hands = self.hands
            keepers = []
            seat = ring[me]
            while seat != me:
                if sum(hands[seat]) > 2:
                    keepers.append(seat)
                seat = ring[seat]
            keepers = tuple(keepers)
            if keepers:
                self._start_keeping(keepers, 2)
            else:
                if events is not None:
                    events.append(Event("keep_none", {"player": me}))
                self._finish_card(events)
        elif kind == REPLAY:
            self._finish_card(events)
        else:  # KEEP_ONE, SKIP: choose the target
            self.phase = TARGET

    def _start_keeping(self, keepers: tuple[int, ...], count: int) -> None:
        self.keepers = keepers
        self.keep_index = 0
        self.keep_count = count
        self.kept = []
        self.phase = KEEP

    def _keep(self, kind: int, events: list[Event] | None) -> None:
        keeper = self.keepers[self.keep_index]
        hand = self.hands[keeper]
        hand[kind] -= 1
        self.kept.append(kind)
        if events is not None:
            events.append(Event("keep", {"player": keeper, "kept": len(self.kept),
                                         "of": self.keep_count},
                                {keeper: {"card": CODES[kind]}}))
        if len(self.kept) < self.keep_count:
            return
        if events is not None:
            thrown = _codes(hand)
        for k in range(NUM_KINDS):
            if hand[k]:
                self.discard.extend([k] * hand[k])
                hand[k] = 0
        for k in self.kept:
            hand[k] += 1
        self.kept = []
        if events is not None:
            events.append(Event("discard_rest", {"player": keeper, "cards": thrown,
                                                 "kept": self.keep_count}))
        self.keep_index += 1
        if self.keep_index == len(self.keepers):
            self.keepers = ()
            self.keep_index = 0
            self.keep_count = 0
            self._finish_card(events)

    def _target(self, target: int, events: list[Event] | None) -> None:
        self.last_play = (self.current, self.card, target)
        if events is not None:
            events.append(Event("target", {"player": self.current, "target": target,
                                           "card": CODES[self.card]}))
        if self.card == SKIP:
            self.skips[target] += 1  # W17: they accumulate
            if events is not None:
                events.append(Event("skip_card", {"player": self.current, "target": target,
                                                  "pending": self.skips[target]}))
            self._finish_card(events)
        else:  # KEEP_ONE
            self._start_keeping((target,), 1)

    def _pass_dice(self, direction: int, events: list[Event] | None) -> None:
        n = self.num_players
        active = self.active
        new = self.dice[:]
        for seat in range(n):
            if active[seat]:
                new[self.ring[direction][seat]] = self.dice[seat]
        self.dice = new
        self.last_play = (self.current, ALL_PASS, direction)
        if events is not None:
            events.append(Event("pass_dice", {"player": self.current,
                                              "side": "left" if direction == 1 else "right",
                                              "dice": list(new)}))
        self._finish_card(events)

    def _finish_card(self, events: list[Event] | None) -> None:
        """The card goes to the discard after its effect (a Skip stays before its target)."""
        kind = self.card
        self.card = -1
        if kind != SKIP:
            self.discard.append(kind)
        me = self.current
        if not self.dice[me]:  # W18
            self._out(me, events)
        elif kind == REPLAY:  # W16: the extra turn, then the other direction
            self.direction = -self.direction
            if events is not None:
                events.append(Event("replay", {"player": me, "direction": self.direction}))
            self.turns += 1
            self.phase = ROLL
        else:
            self._end_turn(events)

    def _end_turn(self, events: list[Event] | None) -> None:
        ring = self.ring[self.direction]
        seat = self.current
        while True:
            seat = ring[seat]
            self.turns += 1
            if self.skips[seat]:  # W17: one Skip card cancels one whole turn
                self.skips[seat] -= 1
                self.discard.append(SKIP)
                if events is not None:
                    events.append(Event("skipped", {"player": seat, "pending": self.skips[seat]}))
                continue
            break
        self.current = seat
        self.phase = ROLL
        if events is not None:
            events.append(Event("turn", {"player": seat, "direction": self.direction}))

    def _out(self, seat: int, events: list[Event] | None) -> None:
        """A player has no die left: he wins (W18), or leaves the table in "continue" mode."""
        if not self.options["continue_until_one_left"]:
            if self.options["teams"]:
                partner = (seat + self.num_players // 2) % self.num_players
                winners = sorted((seat, partner))
            else:
                winners = [seat]
            if events is not None:
                events.append(Event("out", {"player": seat, "place": 1, "ranked": False}))
            self._game_won(winners, events)
            return
        self.finished.append(seat)
        self.active[seat] = False
        self._seat_others()
        hand = self.hands[seat]
        for k in range(NUM_KINDS):  # W20: his cards and Skip cards go to the discard
            self.discard.extend([k] * hand[k])
            hand[k] = 0
        self.discard.extend([SKIP] * self.skips[seat])
        self.skips[seat] = 0
        if events is not None:
            events.append(Event("out", {"player": seat, "place": len(self.finished),
                                         "ranked": True}))
        left = [s for s in range(self.num_players) if self.active[s]]
        if len(left) == 1:
            self.finished.append(left[0])
            self._game_won([self.finished[0]], events)
        else:
            self._end_turn(events)

    def _game_won(self, winners: list[int], events: list[Event] | None) -> None:
        n = self.num_players
        points = sum(self.dice[s] for s in range(n) if s not in winners)
        tournament = self.options["tournament_games"] > 1
        if tournament:
            for seat in winners:
                self.scores[seat] += points
        self.results.append((tuple(winners), points, tuple(self.dice), tuple(self.finished)))
        if events is not None:
            events.append(Event("game_end", {
                "game": self.game_no, "winners": list(winners), "points": points,
                "tournament": tournament, "scores": list(self.scores),
                "ranking": list(self.finished)}))
        if tournament and self.game_no < self.options["tournament_games"]:
            self.game_no += 1
            self._reset_table()
            return
        if tournament:
            best = max(self.scores)
            self.final_winners = [s for s in range(n) if self.scores[s] == best]
        else:
            self.final_winners = list(winners)
        self.phase = OVER
        self.card = -1
        if events is not None:
            events.append(Event("game_over", {"winners": list(self.final_winners),
                                              "scores": list(self.scores),
                                              "tournament": tournament}))

    # ------------------------------------------------------------ end of game
    def winners(self) -> list[int]:
        return list(self.final_winners)

    def metrics(self) -> dict[str, int]:
        return {"rounds": self.turns, "decisions": self.decisions, "games": self.game_no}

    # ----------------------------------------------------------- information
    def view(self, player: int | None) -> WazabiView:
        """What `player` may see (None: a spectator): everything but the hands' contents,
        the pile order and the cards being kept (rules 1.3). Shape: views.WazabiView."""
        self._check_seat(player)
        phase = self.phase
        keeper = self.keepers[self.keep_index] if phase == KEEP else None
        hands = self._hands_view(player, keeper)
        keeping: KeepingView | None = None
        if phase == KEEP:
            keeping = {"player": keeper, "count": self.keep_count, "chosen": len(self.kept),
                       "waiting": list(self.keepers[self.keep_index + 1:])}
            if keeper == player:
                keeping["cards"] = [CODES[k] for k in self.kept]
        n = self.num_players
        return {
            "game": "wazabi",
            "seat": player,
            "players": n,
            "phase": PHASE_NAMES[phase],
            "to_act": self.current_player() if phase in DECISION_PHASES else None,
            "turn": self.current,
            "direction": self.direction,
            "dice": list(self.dice),
            "removed": self.removed,
            "hands": hands,
            "pile": len(self.pile),
            "discard": [CODES[k] for k in self.discard],
            "skips": list(self.skips),
            "active": list(self.active),
            "finished": list(self.finished),
            "contenders": list(self.contenders),
            "roll": self._roll_view(),
            "gives_left": self.gives_left,
            "draws_left": self.draws_left,
            "card": CODES[self.card] if self.card >= 0 else None,
            "take_from": self.take_from if self.take_from >= 0 else None,
            "taking": (("steal" if self.take_reason == TAKE_FOR_STEAL else "draw")
                       if phase in (TAKE, PICK) else None),
            "keeping": keeping,
            "teams": [[s, s + n // 2] for s in range(n // 2)] if self.options["teams"] else None,
            "game_no": self.game_no,
            "games": self.options["tournament_games"],
            "scores": list(self.scores),
            "results": _RESULTS.to_json(self.results),
            "last_play": _last_play_json(self.last_play),
            "winners": list(self.final_winners),
            "options": self.options_view(),
        }

    def chance_key(self, player: int) -> tuple[tuple[int, ...], tuple[int, int, int], bool, int]:
        """What `player` sees of a chance point, as the plain values
        `encoding.encode_chance` reads of its view (`encoding.chance_key`, the same values),
        read without building a view: the OpenSpiel information state reads it after every
        roll. Its own cards (counts per kind), the roll's W, draw and give faces, whether
        the start roll is on and whose turn it is (relative to `player`): nothing it cannot
        see."""
        return (tuple(self.hands[player]), self.roll, self.phase == START,
                (self.current - player) % self.num_players)

    def _hands_view(self, player: int | None, keeper: int | None) -> list[HandView]:
        """Every hand's size (the keeper's with the cards it set aside), `player`'s cards."""
        hands = []
        kept = len(self.kept)
        for seat, hand in enumerate(self.hands):
            entry: HandView = {"size": sum(hand) + kept if seat == keeper else sum(hand)}
            if seat == player:
                entry["cards"] = _codes(hand)
            hands.append(entry)
        return hands

    def _roll_view(self) -> RollView:
        w, draw, give = self.roll
        return {"faces": list(self.faces), "w": w, "draw": draw, "give": give}

    # ------------------------------------------------------------ sampling
    @classmethod
    def from_view(cls, game: Any, view: WazabiView, rng: random.Random) -> WazabiState:
        """A full state consistent with `view` (a seat's, or a spectator's): what the view
        shows is kept; the cards it does not show (other hands, cards a keeper set aside,
        the pile) are dealt at random from the cards unseen. A search bot imagines the game
        this way, without the true state."""
        try:
            return cls._from_view(game, view, rng)
        except SnapshotError:
            raise
        except Problem as problem:
            raise SnapshotError("error.snapshot_value", field="view" + problem.path,
                                problem=problem) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, StopIteration) as exc:
            raise SnapshotError("error.snapshot_field", field=str(exc).strip("'")) from None

    @classmethod
    def _from_view(cls, game: Any, view: WazabiView, rng: random.Random) -> WazabiState:
        players = view["players"]
        state = cls(game, players, game.validate(players, view["options"]))
        seat = view["seat"]
        unseen = list(COPIES)

        def known(code: str) -> int:
            kind = KIND_OF_CODE[code]
            unseen[kind] -= 1
            return kind

        keeping = view["keeping"]
        keeper = keeping["player"] if keeping else None
        hidden = []
        for q, entry in enumerate(view["hands"]):
            if q == seat:
                for code in entry["cards"]:
                    state.hands[q][known(code)] += 1
                hidden.append(0)
            else:
                hidden.append(entry["size"] - (keeping["chosen"] if q == keeper else 0))
        if keeping is not None and keeper == seat:
            state.kept = [known(code) for code in keeping["cards"]]
        state.discard = [known(code) for code in view["discard"]]
        state.skips = list(view["skips"])
        unseen[SKIP] -= sum(state.skips)
        state.card = known(view["card"]) if view["card"] is not None else -1
        if min(unseen) < 0:
            raise SnapshotError("error.snapshot_inconsistent",
                                reason="the view shows too many cards")
        pool = [kind for kind in range(NUM_KINDS) for _ in range(unseen[kind])]
        rng.shuffle(pool)
        take = iter(pool)
        for q, count in enumerate(hidden):
            for _ in range(count):
                state.hands[q][next(take)] += 1
        if keeping is not None and keeper != seat:
            state.kept = [next(take) for _ in range(keeping["chosen"])]
        state.pile = list(take)
        if len(state.pile) != view["pile"]:
            raise SnapshotError("error.snapshot_inconsistent", reason="pile size")

        state.phase = PHASE_NAMES.index(view["phase"])
        state.dice = list(view["dice"])
        state.removed = view["removed"]
        state.active = list(view["active"])
        state._seat_others()
        state.finished = list(view["finished"])
        state.direction = view["direction"]
        state.current = view["turn"]
        state.contenders = tuple(view["contenders"])
        roll = view["roll"]
        state.faces = tuple(roll["faces"])
        state.roll = (roll["w"], roll["draw"], roll["give"])
        state.gives_left = view["gives_left"]
        state.draws_left = view["draws_left"]
        # Draws are for a card being resolved (Take 1 card, Draw 3) or else for the roll.
        state.after_draws = AFTER_DRAWS_GIVE if state.card < 0 else AFTER_DRAWS_CARD
        state.take_from = -1 if view["take_from"] is None else view["take_from"]
        state.take_reason = TAKE_FOR_STEAL if view["taking"] == "steal" else TAKE_FOR_DRAW
        if keeping is not None:
            state.keepers = (keeper, *keeping["waiting"])
            state.keep_count = keeping["count"]
        state.game_no = view["game_no"]
        state.scores = list(view["scores"])
        ctx = Context(players, state.options)
        state.results = _RESULTS.from_json(view["results"], ctx)
        state.last_play = (None if view["last_play"] is None
                           else _read_last_play(view["last_play"], ctx))
        state.final_winners = list(view["winners"])
        return state

    # ------------------------------------------------------------ checking
    def after_load(self) -> None:
        """What the field codecs cannot check alone (the old snapshot reader's checks)."""
        super().after_load()
        if self.direction not in (1, -1):
            raise _bad("direction", "snapshot.not_choice", value=self.direction, allowed="1, -1")
        if self.roll != roll_counts(self.faces):
            raise _bad("roll", "snapshot.not_choice", value=list(self.roll),
                       allowed=list(roll_counts(self.faces)))
        if self.phase == START and not self.contenders:
            raise _bad("contenders", "snapshot.length", count=0, expected="1+")
        if self.phase == ROLL and not self.dice[self.current]:
            raise _bad("dice", "snapshot.out_of_range", value=0, low=1, high=TOTAL_DICE)
        if self.phase == GIVE and self.card != GIVE_1 and not self.gives_left:
            raise _bad("gives_left", "snapshot.out_of_range", value=0, low=1, high="")
        if self.phase in DECISION_PHASES:
            self.check_invariants()  # the legal moves below need a consistent table
            if not self.legal_actions():
                raise SnapshotError("error.snapshot_inconsistent", reason="no legal move")

    def component_counts(self) -> dict[str, int]:
        counts = [0] * NUM_KINDS
        for hand in self.hands:
            for kind in range(NUM_KINDS):
                counts[kind] += hand[kind]
        for kind in self.pile:
            counts[kind] += 1
        for kind in self.discard:
            counts[kind] += 1
        for kind in self.kept:
            counts[kind] += 1
        counts[SKIP] += sum(self.skips)
        if self.card >= 0:
            counts[self.card] += 1
        result = {CODES[kind]: counts[kind] for kind in range(NUM_KINDS)}
        in_box = TOTAL_DICE - self.num_players * self.options["dice_per_player"]
        result["dice"] = sum(self.dice) + self.removed + in_box
        return result

    def check_invariants(self) -> None:
        counts = self.component_counts()
        assert tuple(counts[c] for c in CODES) == COPIES, "cards are not conserved"
        n = self.num_players
        assert sum(self.dice) + self.removed == n * self.options["dice_per_player"], \
            "dice are not conserved"
        assert min(self.dice) >= 0 and self.removed >= 0, "negative dice"
        for hand in self.hands:
            assert min(hand) >= 0, "negative card count"
        assert min(self.skips) >= 0, "negative skip count"
        assert self.direction in (1, -1)
        assert 0 <= self.current < n
        for seat in range(n):
            if not self.active[seat]:
                assert seat in self.finished and not self.dice[seat] and not any(self.hands[seat]) \
                    and not self.skips[seat], "a finished player still holds something"
            elif self.phase in DECISION_PHASES:
                assert self.dice[seat] >= 1, "a player without dice is still playing"
        if self.phase in DECISION_PHASES:
            assert self.active[self.current], "the current player is out"
            assert sum(self.active) >= 2
        if self.phase == KEEP:
            assert 0 <= self.keep_index < len(self.keepers) and len(self.kept) < self.keep_count
        else:
            assert not self.kept, "cards set aside outside a keep decision"
        if self.phase in (PICK, TAKE) or self.take_from >= 0:
            assert self.phase in (PICK, TAKE)
        if self.phase == PICK:
            assert 0 <= self.take_from < n and self.take_from != self.current \
                and any(self.hands[self.take_from]), "a blind card from an empty hand"
        if self.phase == OVER:
            assert self.final_winners, "a finished game without winners"
        assert 1 <= self.game_no <= self.options["tournament_games"]


# What `_reset_table` sets back for each game of a tournament: all but the match's fields.
_MATCH_FIELDS = frozenset(("game_no", "scores", "results", "final_winners", "turns", "decisions"))
_TABLE_FIELDS = tuple(f for f in WazabiState.declared_fields if f.name not in _MATCH_FIELDS)


@lru_cache(maxsize=256)
def _seating(active: tuple[bool, ...]) -> tuple[tuple, tuple]:
    n = len(active)
    others = tuple(tuple(s for s in range(n) if s != me and active[s]) for me in range(n))
    clockwise = tuple(next_seat(s, 1, n, active) for s in range(n))
    counter = tuple(next_seat(s, -1, n, active) for s in range(n))
    return others, (None, clockwise, counter)


def _ints(outcome: Any, size: int) -> bool:
    """A tuple of `size` ints (not bools, floats or lists): what a chance outcome is here."""
    return (type(outcome) is tuple and len(outcome) == size
            and _INT_ONLY.issuperset(map(type, outcome)))


def _draw_event(seat: int, drawn: list[int], events: list[Event]) -> None:
    """Cards drawn in a row from the pile: their number is public, the cards (in kind
    order, so the order of the draw tells nothing more than the hand) are the drawer's."""
    events.append(Event("draw", {"player": seat, "count": len(drawn)},
                        {seat: {"cards": [CODES[k] for k in sorted(drawn)]}}))


def _codes(hand: list[int]) -> list[str]:
    return counts_to_codes(hand, CODES)


def _last_play_json(last: tuple[int, int, int | None] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    player, kind, detail = last
    entry: dict[str, Any] = {"player": player, "card": CODES[kind]}
    if detail is None:  # no detail (yet): the card has no target or side
        pass
    elif kind == ALL_PASS:
        entry["side"] = "left" if detail == 1 else "right"
    else:
        entry["target"] = detail
    return entry


def _read_last_play(data: Any, ctx: Context) -> tuple[int, int, int | None]:
    """`_last_play_json` read back (from a snapshot or a view), seats checked."""
    player, card = Seat().from_json(data["player"], ctx), KIND_OF_CODE[data["card"]]
    if set(data) - {"player", "card", "side", "target"} or ("side" in data and "target" in data):
        raise ValueError("unknown detail")
    detail = None
    if "side" in data:
        detail = {"left": 1, "right": -1}[data["side"]]
    elif "target" in data:
        detail = Seat().from_json(data["target"], ctx)
    return player, card, detail


def _bad(field: str, key: str, **params: Any) -> SnapshotError:
    """A snapshot field that its codec accepted but the rest of the state contradicts."""
    return SnapshotError("error.snapshot_value", field=field, problem=Problem(key, **params))
