"""Wazabi: the state machine (rules file section 1.4, rulings W1-W22).

Phases. Chance: DEAL (shuffle the 36 cards, 3 each), START (everyone still in
contention rolls: most W starts, ties re-roll, W5/W6), ROLL (the current
player's dice), RESHUFFLE (the discard becomes the pile), PICK (a blind card
taken from a hand). Decisions: GIVE (a recipient for one die), PLAY (a card
or pass), DIRECTION (left/right for "all pass their dice"), TARGET (the
player hit by "keeps 1 card" or "skips his turn"), TAKE (the player a card
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
from collections.abc import Mapping
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any

from ludotheque.core.chance import Pick, Roll, Shuffle
from ludotheque.core.errors import ChanceError, SnapshotError, reading_snapshot
from ludotheque.core.events import Event
from ludotheque.core.game import CHANCE, TERMINAL, State
from ludotheque.core.seats import next_seat
from ludotheque.core.zones import codes_to_counts, counts_to_codes
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

# -- action ids (fixed space; the notation is in game.py) -------------------
MAX_SEATS = 6
GIVE_BASE = 0  # give one die to seat s: GIVE_BASE + s
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
_KIND_SET = frozenset(range(NUM_KINDS))
# _BY_COST[w]: the card kinds whose cost is at most w (W10: a threshold, not spent).
_BY_COST = tuple(tuple(k for k in range(NUM_KINDS) if COST[k] <= w) for w in range(3))
_PLAY_IDS = tuple(PLAY_BASE + k for k in range(NUM_KINDS))
_KEEP_IDS = tuple(KEEP_BASE + k for k in range(NUM_KINDS))
_PLAY_IDS_BY_COST = tuple(tuple(PLAY_BASE + k for k in kinds) for kinds in _BY_COST)
_HAND_BY_COST = tuple(itemgetter(*kinds) for kinds in _BY_COST)  # each picks 2+ kinds
_PLAY_LEGAL: dict[tuple, list[int]] = {}  # see WazabiState._play_legal

# What follows a run of draws.
AFTER_DRAWS_GIVE, AFTER_DRAWS_CARD = 0, 1
# Why a blind card is taken.
TAKE_FOR_DRAW, TAKE_FOR_STEAL = 0, 1


class WazabiState(State):
    __slots__ = (
        "game", "num_players", "options", "dice", "removed", "hands", "pile", "discard",
        "skips", "active", "finished", "direction", "current", "phase", "contenders",
        "faces", "roll", "draws_left", "after_draws", "gives_left", "card", "take_from",
        "take_reason", "keepers", "keep_index", "keep_count", "kept", "game_no", "scores",
        "results", "final_winners", "turns", "decisions", "last_play", "others", "ring", "_legal",
    )

    def __init__(self, game: Any, num_players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.game_no = 1
        self.scores = [0] * num_players
        self.results: list[tuple] = []  # per finished game: (winners, points, dice left)
        self.final_winners: list[int] = []
        self.turns = 0
        self.decisions = 0
        self._reset_table()

    def _reset_table(self) -> None:
        """A new game of the match: every card back in the box (the pile), dice dealt."""
        n = self.num_players
        self.dice = [self.options["dice_per_player"]] * n
        self.removed = 0
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.pile = _DECK_LIST[:]  # before the deal: the box, in kind order
        self.discard: list[int] = []
        self.skips = [0] * n
        self.active = [True] * n
        self._seat_others()
        self._legal: list[int] | None = None
        self.finished: list[int] = []
        self.direction = 1 if self.options["start_direction"] == "clockwise" else -1  # W6b
        self.current = 0
        self.phase = DEAL
        self.contenders: tuple[int, ...] = tuple(range(n))
        self.faces: tuple[int, ...] = ()
        self.roll = (0, 0, 0)
        self.draws_left = 0
        self.after_draws = AFTER_DRAWS_GIVE
        self.gives_left = 0
        self.card = -1
        self.take_from = -1
        self.take_reason = TAKE_FOR_DRAW
        self.keepers: tuple[int, ...] = ()
        self.keep_index = 0
        self.keep_count = 0
        self.kept: list[int] = []
        # The last card played, in public: (player, kind, detail), detail being the
        # target seat, the side of "all pass" (+1 left, -1 right), or None.
        self.last_play: tuple[int, int, int | None] | None = None

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
            # The common case, checked without building a spec: a tuple of face indices.
            # (Only ints and bools sum to an int: a float face 1.0 is refused.)
            me = self.current
            dice = self.dice[me]
            if type(outcome) is not tuple or len(outcome) != dice or \
                    not _FACE_SET.issuperset(outcome) or type(sum(outcome)) is not int:
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
                    self._settle(None)
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
        if phase == START:
            # As for a roll: a tuple of face indices, checked without building a spec.
            if type(outcome) is not tuple or \
                    len(outcome) != self.options["dice_per_player"] * len(self.contenders) or \
                    not _FACE_SET.issuperset(outcome) or type(sum(outcome)) is not int:
                outcome = self.chance_spec().check(outcome)
        elif phase == RESHUFFLE:
            if type(outcome) is not tuple or len(outcome) != len(self.discard) or \
                    not _KIND_SET.issuperset(outcome) or sorted(outcome) != sorted(self.discard):
                outcome = self.chance_spec().check(outcome)
        elif phase != DEAL or type(outcome) is not tuple or len(outcome) != len(_DECK) or \
                sorted(outcome) != _DECK_LIST:  # the deck is in kind order: one sort checks it
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
        if self.phase == PLAY:
            self._play(action - PLAY_BASE, events)
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
                    self._legal = [GIVE_BASE + s for s in recipients]
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
    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator): everything but the hands' contents,
        the pile order and the cards being kept (rules 1.3)."""
        phase = self.phase
        keeper = self.keepers[self.keep_index] if phase == KEEP else None
        hands = []
        for seat, hand in enumerate(self.hands):
            size = sum(hand)
            if seat == keeper:
                size += len(self.kept)
            entry: dict[str, Any] = {"size": size}
            if seat == player:
                entry["cards"] = _codes(hand)
            hands.append(entry)
        keeping = None
        if phase == KEEP:
            keeping = {"player": keeper, "count": self.keep_count, "chosen": len(self.kept),
                       "waiting": list(self.keepers[self.keep_index + 1:])}
            if keeper == player:
                keeping["cards"] = [CODES[k] for k in self.kept]
        w, draw, give = self.roll
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
            "roll": {"faces": list(self.faces), "w": w, "draw": draw, "give": give},
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
            "results": [_result_json(r) for r in self.results],
            "last_play": _last_play_json(self.last_play),
            "winners": list(self.final_winners),
            "options": dict(self.options),
        }

    def determinize(self, player: int | None, rng: random.Random) -> WazabiState:
        """Resample what `player` cannot know: the other hands (and the cards a keeper has
        already set aside) and the pile order, keeping every size."""
        state = self.clone()
        keeper = state.keepers[state.keep_index] if state.phase == KEEP else None
        pool = list(state.pile)
        for seat, hand in enumerate(state.hands):
            if seat != player:
                pool.extend(counts_to_codes(hand, range(NUM_KINDS)))
        if keeper is not None and keeper != player:
            pool.extend(state.kept)
        rng.shuffle(pool)
        take = iter(pool)
        for seat, hand in enumerate(state.hands):
            if seat == player:
                continue
            size = sum(hand)
            for k in range(NUM_KINDS):
                hand[k] = 0
            for _ in range(size):
                hand[next(take)] += 1
        if keeper is not None and keeper != player:
            state.kept = [next(take) for _ in state.kept]
        state.pile = [next(take) for _ in state.pile]
        return state

    # -------------------------------------------------------------- copying
    def clone(self) -> WazabiState:
        other = object.__new__(WazabiState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.dice = self.dice[:]
        other.removed = self.removed
        other.hands = [hand[:] for hand in self.hands]
        other.pile = self.pile[:]
        other.discard = self.discard[:]
        other.skips = self.skips[:]
        other.active = self.active[:]
        other.others = self.others
        other.ring = self.ring
        other._legal = None
        other.finished = self.finished[:]
        other.direction = self.direction
        other.current = self.current
        other.phase = self.phase
        other.contenders = self.contenders
        other.faces = self.faces
        other.roll = self.roll
        other.draws_left = self.draws_left
        other.after_draws = self.after_draws
        other.gives_left = self.gives_left
        other.card = self.card
        other.take_from = self.take_from
        other.take_reason = self.take_reason
        other.keepers = self.keepers
        other.keep_index = self.keep_index
        other.keep_count = self.keep_count
        other.kept = self.kept[:]
        other.game_no = self.game_no
        other.scores = self.scores[:]
        other.results = self.results[:]
        other.final_winners = self.final_winners[:]
        other.turns = self.turns
        other.decisions = self.decisions
        other.last_play = self.last_play
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "wazabi",
            "players": self.num_players,
            "options": dict(self.options),
            "phase": PHASE_NAMES[self.phase],
            "dice": list(self.dice),
            "removed": self.removed,
            "hands": [_codes(hand) for hand in self.hands],
            "pile": [CODES[k] for k in self.pile],
            "discard": [CODES[k] for k in self.discard],
            "skips": list(self.skips),
            "active": list(self.active),
            "finished": list(self.finished),
            "direction": self.direction,
            "current": self.current,
            "contenders": list(self.contenders),
            "faces": list(self.faces),
            "roll": list(self.roll),
            "draws_left": self.draws_left,
            "after_draws": self.after_draws,
            "gives_left": self.gives_left,
            "card": CODES[self.card] if self.card >= 0 else None,
            "take_from": self.take_from,
            "take_reason": self.take_reason,
            "keepers": list(self.keepers),
            "keep_index": self.keep_index,
            "keep_count": self.keep_count,
            "kept": [CODES[k] for k in self.kept],
            "game_no": self.game_no,
            "scores": list(self.scores),
            "results": [_result_json(r) for r in self.results],
            "winners": list(self.final_winners),
            "turns": self.turns,
            "decisions": self.decisions,
            "last_play": _last_play_json(self.last_play),
        }

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


@lru_cache(maxsize=256)
def _seating(active: tuple[bool, ...]) -> tuple[tuple, tuple]:
    n = len(active)
    others = tuple(tuple(s for s in range(n) if s != me and active[s]) for me in range(n))
    clockwise = tuple(next_seat(s, 1, n, active) for s in range(n))
    counter = tuple(next_seat(s, -1, n, active) for s in range(n))
    return others, (None, clockwise, counter)


def sample_from_view(game: Any, view: Mapping[str, Any], rng: random.Random) -> WazabiState:
    """A full state consistent with `view` (a seat's, or a spectator's): what the view
    shows is kept; the cards it does not show (other hands, cards a keeper set aside,
    the pile) are dealt at random from the cards unseen. A search bot imagines the game
    this way, without the true state."""
    try:
        players = view["players"]
        state = WazabiState(game, players, game.validate(players, view["options"]))
        seat = view["seat"]
        unseen = list(COPIES)

        def known(code: str) -> int:
            kind = KIND_OF_CODE[code]
            unseen[kind] -= 1
            return kind

        phase = PHASE_NAMES.index(view["phase"])
        keeping = view["keeping"]
        keeper = keeping["player"] if keeping else None
        hidden = []
        for q, entry in enumerate(view["hands"]):
            size = entry["size"]
            if q == keeper:
                size -= keeping["chosen"]
            if q == seat:
                for code in entry["cards"]:
                    state.hands[q][known(code)] += 1
                hidden.append(0)
            else:
                hidden.append(size)
        if keeping is not None and keeper == seat:
            state.kept = [known(code) for code in keeping["cards"]]
        state.discard = [known(code) for code in view["discard"]]
        state.skips = list(view["skips"])
        unseen[SKIP] -= sum(state.skips)
        state.card = known(view["card"]) if view["card"] is not None else -1
        if min(unseen) < 0:
            raise SnapshotError("error.snapshot_inconsistent", reason="the view shows too many cards")
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
        state.phase = phase
        state.dice = list(view["dice"])
        state.removed = view["removed"]
        state.active = list(view["active"])
        state._seat_others()
        state.finished = list(view["finished"])
        state.direction = view["direction"]
        state.current = view["turn"]
        roll = view["roll"]
        state.faces = tuple(roll["faces"])
        state.roll = (roll["w"], roll["draw"], roll["give"])
        state.gives_left = view["gives_left"]
        state.draws_left = view["draws_left"]
        state.after_draws = AFTER_DRAWS_GIVE if state.card < 0 else AFTER_DRAWS_CARD
        state.take_from = -1 if view["take_from"] is None else view["take_from"]
        state.take_reason = TAKE_FOR_STEAL if view["taking"] == "steal" else TAKE_FOR_DRAW
        if keeping is not None:
            state.keepers = (keeper, *keeping["waiting"])
            state.keep_index = 0
            state.keep_count = keeping["count"]
        state.game_no = view["game_no"]
        state.scores = list(view["scores"])
        state.results = [(tuple(r["winners"]), r["points"], tuple(r["dice"]), tuple(r["ranking"]))
                         for r in view["results"]]
        last = view["last_play"]
        if last is not None:
            detail = None
            if "side" in last:
                detail = 1 if last["side"] == "left" else -1
            elif "target" in last:
                detail = last["target"]
            state.last_play = (last["player"], KIND_OF_CODE[last["card"]], detail)
        state.final_winners = list(view["winners"])
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as exc:
        raise SnapshotError("error.snapshot_field", field=str(exc).strip("'")) from None
    return state


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


def _result_json(result: tuple) -> dict[str, Any]:
    winners, points, dice, ranking = result
    return {"winners": list(winners), "points": points, "dice": list(dice),
            "ranking": list(ranking)}


def state_from_json(game: Any, data: Mapping[str, Any]) -> WazabiState:
    """Rebuild a snapshot, checking every field (SnapshotError names the first bad one)."""

    def fail(field: str) -> SnapshotError:
        return SnapshotError("error.snapshot_field", field=field)

    def kinds(codes: Any, field: str) -> list[int]:
        if not isinstance(codes, list) or any(c not in KIND_OF_CODE for c in codes):
            raise fail(field)
        return [KIND_OF_CODE[c] for c in codes]

    def integer(name: str) -> int:
        value = data[name]
        if type(value) is not int:
            raise fail(name)
        return value

    def ints(name: str, length: int | None = None) -> list[int]:
        values = data[name]
        if not isinstance(values, list) or any(type(v) is not int for v in values) or (
                length is not None and len(values) != length):
            raise fail(name)
        return list(values)

    with reading_snapshot():
        if not isinstance(data, Mapping) or data.get("game") != "wazabi":
            raise fail("game")
        players = data["players"]
        options = game.validate(players, data.get("options") or {})
        state = WazabiState(game, players, options)
        if data["phase"] not in PHASE_NAMES:
            raise fail("phase")
        state.phase = PHASE_NAMES.index(data["phase"])
        state.dice = ints("dice", players)
        state.removed = integer("removed")
        if not isinstance(data["hands"], list) or len(data["hands"]) != players:
            raise fail("hands")
        state.hands = []
        for cards in data["hands"]:
            kinds(cards, "hands")
            state.hands.append(codes_to_counts(cards, KIND_OF_CODE, NUM_KINDS))
        state.pile = kinds(data["pile"], "pile")
        state.discard = kinds(data["discard"], "discard")
        state.skips = ints("skips", players)
        active = data["active"]
        if not isinstance(active, list) or len(active) != players or \
                any(type(a) is not bool for a in active):
            raise fail("active")
        state.active = list(active)
        state._seat_others()
        seats = range(players)
        state.finished = ints("finished")
        state.direction = integer("direction")
        if state.direction not in (1, -1):
            raise fail("direction")
        state.current = integer("current")
        state.contenders = tuple(ints("contenders"))
        faces = ints("faces")
        if any(not 0 <= f < NUM_FACES for f in faces):
            raise fail("faces")
        state.faces = tuple(faces)
        roll = ints("roll", 3)
        if tuple(roll) != roll_counts(state.faces):
            raise fail("roll")
        state.roll = tuple(roll)
        state.draws_left = integer("draws_left")
        state.after_draws = integer("after_draws")
        state.gives_left = integer("gives_left")
        card = data["card"]
        if card is not None and card not in KIND_OF_CODE:
            raise fail("card")
        state.card = KIND_OF_CODE[card] if card is not None else -1
        state.take_from = integer("take_from")
        state.take_reason = integer("take_reason")
        state.keepers = tuple(ints("keepers"))
        state.keep_index = integer("keep_index")
        state.keep_count = integer("keep_count")
        state.kept = kinds(data["kept"], "kept")
        state.game_no = integer("game_no")
        state.scores = ints("scores", players)
        results = data["results"]
        if not isinstance(results, list):
            raise fail("results")
        state.results = [(tuple(int(s) for s in r["winners"]), int(r["points"]),
                          tuple(int(d) for d in r["dice"]), tuple(int(s) for s in r["ranking"]))
                         for r in results]
        state.final_winners = ints("winners")
        state.turns = integer("turns")
        state.decisions = integer("decisions")
        last = data.get("last_play")
        if last is not None:
            if last.get("card") not in KIND_OF_CODE or type(last.get("player")) is not int:
                raise fail("last_play")
            detail = None
            if "side" in last:
                if last["side"] not in ("left", "right"):
                    raise fail("last_play")
                detail = 1 if last["side"] == "left" else -1
            elif "target" in last:
                detail = int(last["target"])
            state.last_play = (last["player"], KIND_OF_CODE[last["card"]], detail)
        for name, values in (("finished", state.finished), ("contenders", state.contenders),
                             ("keepers", state.keepers), ("winners", state.final_winners)):
            if any(s not in seats for s in values):
                raise fail(name)
        if state.take_from != -1 and state.take_from not in seats:
            raise fail("take_from")
        if state.after_draws not in (AFTER_DRAWS_GIVE, AFTER_DRAWS_CARD):
            raise fail("after_draws")
        if state.take_reason not in (TAKE_FOR_DRAW, TAKE_FOR_STEAL):
            raise fail("take_reason")
        if min(state.draws_left, state.gives_left, state.keep_count, state.keep_index) < 0:
            raise fail("counters")
        if state.phase == START and not state.contenders:
            raise fail("contenders")
        if state.phase == ROLL and not state.dice[state.current]:
            raise fail("dice")
        if state.phase == GIVE and state.card != GIVE_1 and not state.gives_left:
            raise fail("gives_left")
        state.check_invariants()
        if state.phase in DECISION_PHASES and not state.legal_actions():
            raise fail("phase")
    return state
