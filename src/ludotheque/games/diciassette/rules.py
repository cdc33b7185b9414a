"""17 / Diciassette: the state machine (rules file section 2, rulings S1-S20).

Phases: DEAL and STARTER (chance, once), PLAY (the current seat plays a card),
RESHUFFLE (chance, when a draw finds the pile empty), CALL (the serialised
call window: one seat at a time answers call or pass), OVER.

The state is small and cheap to copy: hands are counts per card kind, the
queue a list of (kind, face_up, seat), the pile a list of kinds (top last).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from ludotheque.core.chance import Drawn, Pick, Shuffle
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
from ludotheque.core.seats import seats_from
from ludotheque.core.zones import counts_to_codes
from ludotheque.games.diciassette.components import (
    CODES,
    HAND_SIZE,
    IS_DOUBLE,
    NUM_KINDS,
    REVERSE,
    TARGET,
    TRAP,
    TRASH,
    VALUE,
    VICTORIES_TO_WIN,
    X2,
    _deck,
    composition,
)
from ludotheque.games.diciassette.views import DiciassetteView

# Action ids: a card kind k played face up is 2k, face down 2k+1; then call and pass.
NUM_PLAY_ACTIONS = 2 * NUM_KINDS
CALL = NUM_PLAY_ACTIONS
PASS = NUM_PLAY_ACTIONS + 1
NUM_ACTIONS = NUM_PLAY_ACTIONS + 2

DEAL, STARTER, PLAY, RESHUFFLE, CALLS, OVER = range(6)
_CHANCE_PHASES = (DEAL, STARTER, RESHUFFLE)  # current_player() is CHANCE
PHASE_NAMES = ("deal", "starter", "play", "reshuffle", "call", "over")

TOP_NONE, TOP_KNOWN, TOP_GENERIC, TOP_FREE = range(4)

# A card in the queue or the discard: (kind, face up / seen by all, the seat that played it).
_QUEUED = TupleOf(Card(CODES), Flag(), Seat())
# The public account of the last round's end (see resolution_to_json).
_RESOLUTION = Custom(lambda r: resolution_to_json(r), lambda data, ctx: _read_resolution(data, ctx),
                     "the account of a round's end")


class HiddenLayout(NamedTuple):
    """The places a seat cannot see (see DiciassetteState._hidden_layout)."""

    backs_public: bool
    hands: list[int]  # hidden cards per seat
    queue: list[int]  # indices of hidden queue cards
    discard: list[int]  # indices of hidden discard cards
    top: int  # TOP_NONE (no pile), TOP_KNOWN (value on its back), TOP_GENERIC, TOP_FREE
    below_top: int  # pile cards under the top


class DiciassetteState(State):
    """The state: every field declared once (shape, initial value, who cannot see it)."""

    hands = Field(PerSeat(Counts(CODES)), lambda s: [[0] * NUM_KINDS for _ in s.seats],
                  hidden=OTHERS + " (with public backs, double-faced cards show their value)")
    queue = Field(ListOf(_QUEUED), list,
                  hidden="face-down single-faced cards: from all but the seat that played them")
    pile = Field(ListOf(Card(CODES)), list,
                 hidden=EVERYONE + " (the top's back may show its value)",
                 doc="top of the pile last")
    discard = Field(ListOf(_QUEUED), list,
                    hidden="cards never shown: from all but the seat that played them",
                    doc="(kind, seen by all, who played it)")
    direction = Field(Int(-1, 1), 1)
    current = Field(Seat(), 0)
    phase = Field(Choice(PHASE_NAMES), DEAL)
    plays_required = Field(Int(1, 2), 1)
    plays_done = Field(Int(0, 2), 0)
    next_plays_required = Field(Int(1, 2), 1)
    draws_pending = Field(Int(0, 3), 0)
    last_player = Field(Seat(none=-1), -1)
    poll = Field(ListOf(Seat(), frozen=True), ())
    poll_index = Field(Int(0), 0)
    resume_play = Field(Flag(), False)
    victory = Field(PerSeat(Int(0)), lambda s: [0] * s.num_players)
    penalty = Field(PerSeat(Int(0, 1)), lambda s: [0] * s.num_players)
    round = Field(Int(0), 0)
    decisions = Field(Int(0), 0)
    final_winners = Field(ListOf(Seat()), list, json="winners")
    last_resolution = Field(Maybe(_RESOLUTION), None)

    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        phase = self.phase
        if phase == CALLS:  # the most common: every card played opens a call window
            return self.poll[self.poll_index]
        if phase == PLAY:
            return self.current
        if phase == OVER:
            return TERMINAL
        return CHANCE

    # ---------------------------------------------------------------- chance
    def chance_spec(self) -> Shuffle | Pick:
        if self.phase == DEAL:
            return _deal_spec(composition(self.options))
        if self.phase == STARTER:
            return _starter_spec(self.num_players)
        if self.phase == RESHUFFLE:
            return Shuffle(tuple(sorted(kind for kind, _, _ in self.discard)), label="reshuffle")
        raise ChanceError("error.no_chance")

    def apply_chance(self, outcome: Any, events: list[Event] | None = None) -> None:
        """Deal: outcome is the shuffled deck top first; seat p gets cards 3p..3p+2,
        the rest is the pile. Starter: a seat. Reshuffle: the new pile top first."""
        phase = self.phase
        if type(outcome) is not Drawn or phase not in _CHANCE_PHASES:  # Drawn: made for this spec
            outcome = self.chance_spec().check(outcome)
        if phase == DEAL:
            n = self.num_players
            if len(outcome) < HAND_SIZE * n:
                raise ChanceError("error.chance_shuffle", label="deal", size=HAND_SIZE * n)
            for seat in range(n):
                hand = self.hands[seat]
                for kind in outcome[HAND_SIZE * seat: HAND_SIZE * (seat + 1)]:
                    hand[kind] += 1
            self.pile = list(outcome[:HAND_SIZE * n - 1:-1])  # the rest, reversed: top last
            self.phase = STARTER
            if events is not None:
                events.append(Event(
                    "deal",
                    {"hand_size": HAND_SIZE, "pile": len(self.pile)},
                    {seat: {"hand": _codes(self.hands[seat])} for seat in range(n)},
                ))
        elif phase == STARTER:
            if events is not None:
                events.append(Event("starter", {"player": outcome}))
            self._start_round(outcome, events)
        else:  # RESHUFFLE
            self.pile = list(reversed(outcome))
            self.discard = []
            if events is not None:
                events.append(Event("reshuffle", {"pile": len(self.pile)}))
            self._continue_draw(events)

    # ------------------------------------------------------------- decisions
    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == CALLS:  # the most common (see current_player)
            if self.poll_index or self.pile or not self._call_forced():
                return [CALL, PASS]
            return [CALL]
        if phase == PLAY:
            return list(_plays_for(tuple(self.hands[self.current])))
        return []

    def _call_forced(self) -> bool:
        """S15: nobody holds a card and nothing can be drawn: the first seat polled must call
        (never once a seat has passed: `apply_action` reads poll_index first)."""
        return (
            self.poll_index == 0
            and not self.pile
            and not self.discard
            and not any(any(hand) for hand in self.hands)
        )

    def apply_action(self, action: int, events: list[Event] | None = None) -> None:
        phase = self.phase
        if phase == CALLS:  # the most common decision: a pass
            if type(action) is int:
                if action == PASS:
                    index = self.poll_index
                    if index or self.pile or not self._call_forced():
                        self.decisions += 1
                        poll = self.poll
                        if events is not None:
                            events.append(Event("pass", {"player": poll[index]}))
                        index += 1
                        self.poll_index = index
                        if index == len(poll):
                            self._nobody_called(events)
                        return
                elif action == CALL:
                    self.decisions += 1
                    caller = self.poll[self.poll_index]
                    if events is not None:
                        events.append(Event("call", {"player": caller}))
                    self._resolve(caller, events)
                    return
            raise self.reject(action)
        if phase == PLAY:
            if (
                type(action) is not int
                or not 0 <= action < NUM_PLAY_ACTIONS
                or not self.hands[self.current][action >> 1]
            ):
                raise self.reject(action)
            self.decisions += 1
            self._play(action >> 1, not (action & 1), events)
            return
        raise self.reject(action)

    # ----------------------------------------------------------- transitions
    def _start_round(self, starter: int, events: list[Event] | None) -> None:
        self.round += 1
        self.current = starter
        self.resume_play = False
        self.plays_required = 1
        self.next_plays_required = 1
        self.last_player = -1
        if not self.options["direction_persists"]:  # S13
            self.direction = 1
        if events is not None:
            events.append(Event("round", {"round": self.round, "starter": starter,
                                          "direction": self.direction}))
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event] | None) -> None:
        self.plays_done = 0
        if any(self.hands[self.current]):
            self.phase = PLAY
        else:  # S15: no card to play, the turn is only the draw
            if events is not None:
                events.append(Event("skip", {"player": self.current}))
            self._start_draw(events)

    def _play(self, kind: int, face_up: bool, events: list[Event] | None) -> None:
        seat = self.current
        hand = self.hands[seat]
        hand[kind] -= 1
        self.queue.append((kind, face_up, seat))
        if events is not None:
            shown = CODES[kind] if face_up or IS_DOUBLE[kind] else None
            events.append(Event(
                "play",
                {"player": seat, "face_up": face_up, "card": shown},
                {seat: {"card": CODES[kind]}},
            ))
        if face_up:
            if kind == REVERSE:
                self.direction = -self.direction
            elif kind == X2:
                self.next_plays_required = 2  # S7: never more than two; S10: survives a Trash
            elif kind == TRASH:
                self._trash(seat, events)
        self.plays_done += 1
        required = self.plays_required
        if required > 1:  # an x2 turn (S7)
            more = self.plays_done < required and any(hand)
            if self.options["call_between_x2_cards"]:
                # S6 option: each card of a double play is followed by its draw and a call window.
                self.resume_play = more
                self.draws_pending = 1 if more else required - self.plays_done + 1
                self._continue_draw(events)
                return
            if more:
                return
        self.draws_pending = required  # _start_draw, written out: once per card played
        self.resume_play = False
        self._continue_draw(events)

    def _trash(self, seat: int, events: list[Event] | None) -> None:
        """Trash face up: it and the card just before it go to the discard (S9, S10)."""
        trash = self.queue.pop()
        removed = self.queue.pop() if self.queue else None
        if removed is not None:
            kind, face_up, by = removed
            self.discard.append((kind, face_up or IS_DOUBLE[kind], by))
        self.discard.append((trash[0], True, trash[2]))
        if events is not None:
            public: dict[str, Any] = {"player": seat, "removed": None, "removed_by": None}
            private: dict[int, dict[str, Any]] = {}
            if removed is not None:
                kind, face_up, by = removed
                public["removed_by"] = by
                public["removed_face_up"] = face_up
                public["removed"] = CODES[kind] if face_up or IS_DOUBLE[kind] else None
                private = {by: {"removed": CODES[kind]}}
            events.append(Event("trash", public, private))

    def _start_draw(self, events: list[Event] | None) -> None:
        self.draws_pending = self.plays_required
        self.resume_play = False
        self._continue_draw(events)

    def _continue_draw(self, events: list[Event] | None) -> None:
        seat = self.current
        hand = self.hands[seat]
        pile = self.pile
        pending = self.draws_pending
        while pending:
            if pile:
                kind = pile.pop()
                hand[kind] += 1
                pending -= 1
                if events is not None:
                    back = (CODES[kind] if IS_DOUBLE[kind] and self.options["hand_backs_public"]
                            else None)
                    events.append(Event("draw", {"player": seat, "back": back},
                                        {seat: {"card": CODES[kind]}}))
            elif self.discard:
                self.draws_pending = pending
                self.phase = RESHUFFLE
                return
            else:  # S15: nothing left to draw
                pending = 0
        self.draws_pending = 0
        self.last_player = seat
        # S4/S5: the call window polls every seat but the last player, nearest first in the
        # current direction.
        self.poll = _poll_order(seat, self.direction, self.num_players)
        self.poll_index = 0
        self.phase = CALLS

    def _nobody_called(self, events: list[Event] | None) -> None:
        if self.resume_play:  # S6 option: the x2 player now plays his second card
            self.phase = PLAY
            return
        self.current = (self.current + self.direction) % self.num_players  # S8
        self.plays_required = self.next_plays_required
        self.next_plays_required = 1
        if events is not None:
            events.append(Event("turn", {"player": self.current,
                                         "plays_required": self.plays_required}))
        self._begin_turn(events)

    def _resolve(self, caller: int, events: list[Event] | None) -> None:
        """Rules 2.7: reveal, sum, traps, normal resolution; penalties first, one Victory at
        most."""
        queue = self.queue
        last = self.last_player
        total = 0
        trap_owners = []
        for kind, face_up, by in queue:
            total += VALUE[kind]
            if kind == TRAP and not face_up:
                trap_owners.append(by)
        reached = total >= TARGET
        starter = caller if reached else last  # S14
        if not trap_owners:  # the common case: one Penalty and one Victory
            loser, winner = (last, caller) if reached else (caller, last)
            tokens = [self._give_tokens(loser, 1, loser == winner)]
            if winner != loser:
                tokens.append(self._give_tokens(winner, 0, True))
            tokens.sort()
        else:
            trap_penalties = len(trap_owners)
            if self.options["trap_penalty_cap_one"]:  # S12 option
                trap_penalties = 1
            penalties = {caller: trap_penalties}
            winners_of_a_token = set(trap_owners)
            if reached:
                penalties[last] = penalties.get(last, 0) + 1
                winners_of_a_token.add(caller)
            else:
                winners_of_a_token.add(last)
                penalties[caller] += 1
            tokens = [self._give_tokens(p, penalties.get(p, 0), p in winners_of_a_token)
                      for p in sorted(penalties.keys() | winners_of_a_token)
                      if penalties.get(p, 0) or p in winners_of_a_token]
        # Kept compact (tuples); `resolution_to_json` spells it out for views and events.
        # (The queue list is not copied: this state replaces it with a new one below.)
        self.last_resolution = (self.round, caller, last, queue, total,
                                tuple(trap_owners), tuple(tokens), starter)
        self.discard += [(kind, True, by) for kind, _, by in queue]
        self.queue = []
        self.poll = ()
        self.poll_index = 0
        # Only a seat given a token this round can have reached the Victories to win (the
        # game ends at the first): look at them only then.
        winners = (None if max(self.victory) < VICTORIES_TO_WIN
                   else [token[0] for token in tokens if token[4][0] >= VICTORIES_TO_WIN])
        if winners:
            fewest = min(self.penalty[p] for p in winners)
            self.final_winners = [p for p in winners if self.penalty[p] == fewest]
            self.phase = OVER
            self.last_resolution = self.last_resolution[:-1] + (None,)
        if events is not None:
            events.append(Event("resolution", resolution_to_json(self.last_resolution)))
            if winners:
                events.append(Event("game_over", {"winners": list(self.final_winners)}))
        if not winners:
            self._start_round(starter, events)

    def _give_tokens(self, player: int, penalties: int, victory: bool) -> tuple:
        """Penalties first, one at a time (S20: two make a Victory go); then at most one
        Victory (the one-per-round cap). Returns (player, penalties, victory, before, after)."""
        victories, penalty_tokens = self.victory, self.penalty
        won, lost = before = (victories[player], penalty_tokens[player])
        for _ in range(penalties):
            lost += 1
            if lost == 2:
                lost = 0
                if won:
                    won -= 1
        if victory:
            won += 1
        victories[player], penalty_tokens[player] = won, lost
        return (player, penalties, victory, before, (won, lost))

    # ------------------------------------------------------------ end of game
    def winners(self) -> list[int]:
        return list(self.final_winners)

    def metrics(self) -> dict[str, int]:
        return {"rounds": self.round, "decisions": self.decisions}

    # ----------------------------------------------------------- information
    def chance_view(self, player: int) -> dict[str, Any]:
        """The part of `view(player)` a chance point shows, built alone (what
        `encoding.encode_chance` reads: the reader's seat, the hands, whose turn it is, who
        acts, the pile), the same values as the whole view's: the OpenSpiel information
        state reads it after every chance point."""
        self._check_seat(player)
        return {"seat": player, "players": self.num_players,
                "to_act": self.current_player() if self.phase in (PLAY, CALLS) else None,
                "turn": self.current, "hands": self._hands_view(player),
                "pile": self._pile_view()}

    def _hands_view(self, player: int | None) -> list[dict[str, Any]]:
        """Every hand's size, `player`'s cards, the double-faced backs it may see."""
        backs_public = self.options["hand_backs_public"]
        hands = []
        for seat, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"size": sum(hand)}
            if seat == player:
                entry["cards"] = _codes(hand)
            if seat == player or backs_public:
                entry["doubles"] = [CODES[k] for k in range(5, 10) for _ in range(hand[k])]
            hands.append(entry)
        return hands

    def _pile_view(self) -> dict[str, Any]:
        """The pile's size and its top card where its back shows it (a double)."""
        top = self.pile[-1] if self.pile else None
        return {"size": len(self.pile),
                "top": CODES[top] if top is not None and IS_DOUBLE[top]
                and self.options["hand_backs_public"] else None}

    def view(self, player: int | None) -> DiciassetteView:
        """What `player` may see (None: a spectator). Rules 2.2."""
        self._check_seat(player)
        queue = []
        for kind, face_up, by in self.queue:
            visible = face_up or IS_DOUBLE[kind] or by == player
            queue.append({
                "by": by,
                "face_up": face_up,
                "card": CODES[kind] if visible else None,
            })
        known_discard = [CODES[k] for k, seen, by in self.discard if seen or by == player]
        return {
            "game": "diciassette",
            "seat": player,
            "players": self.num_players,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player() if self.phase in (PLAY, CALLS) else None,
            "turn": self.current,
            "round": self.round,
            "decisions": self.decisions,
            "direction": self.direction,
            "plays_required": self.plays_required,
            "plays_done": self.plays_done,
            "next_plays_required": self.next_plays_required,
            "second_card_pending": self.phase == CALLS and self.resume_play,
            "last_player": self.last_player if self.last_player >= 0 else None,
            "queue": queue,
            "hands": self._hands_view(player),
            "pile": self._pile_view(),
            "discard": {
                "size": len(self.discard),
                "cards": sorted(known_discard, key=CODES.index),
                "hidden": len(self.discard) - len(known_discard),
            },
            "victory": list(self.victory),
            "penalty": list(self.penalty),
            "last_resolution": resolution_to_json(self.last_resolution),
            "winners": list(self.final_winners),
            "options": self.options_view(),
        }

    def _deal_hidden(self, layout: HiddenLayout, pool: list[int], rng: random.Random) -> None:
        """Deal `pool` into the hidden slots at random; generic-backed cards first go to
        the slots known to hold one (every assignment consistent with the view is equally
        likely)."""
        generic = [k for k in pool if not IS_DOUBLE[k]]
        doubles = [k for k in pool if IS_DOUBLE[k]]
        constrained = (len(layout.queue) + len(layout.discard) + (layout.top == TOP_GENERIC)
                       + (sum(layout.hands) if layout.backs_public else 0))
        if len(generic) < constrained:
            raise SnapshotError("error.snapshot_inconsistent", reason="hidden cards do not fit")
        rng.shuffle(generic)
        rest = generic[constrained:] + doubles
        rng.shuffle(rest)
        take_c, take_r = iter(generic[:constrained]), iter(rest)
        for seat, count in enumerate(layout.hands):
            source = take_c if layout.backs_public else take_r
            for _ in range(count):
                self.hands[seat][next(source)] += 1
        for i in layout.queue:
            _, up, by = self.queue[i]
            self.queue[i] = (next(take_c), up, by)
        for i in layout.discard:
            _, seen, by = self.discard[i]
            self.discard[i] = (next(take_c), seen, by)
        below = [next(take_r) for _ in range(layout.below_top)]
        if layout.top == TOP_GENERIC:
            below.append(next(take_c))
        elif layout.top == TOP_FREE:
            below.append(next(take_r))
        elif layout.top == TOP_KNOWN:
            below.append(self.pile[-1])
        self.pile = below
        if next(take_c, None) is not None or next(take_r, None) is not None:
            raise SnapshotError("error.snapshot_inconsistent",
                                reason="more cards than hidden places")

    # ------------------------------------------------------------ sampling
    @classmethod
    def from_view(cls, game: Any, view: Mapping[str, Any], rng: random.Random) -> DiciassetteState:
        """A full state consistent with `view` (a seat's, or a spectator's): what the view
        shows is kept, the cards it does not show are dealt at random from those unseen.

        This is how a search bot imagines the game: it never touches the true state.
        """
        from ludotheque.games.diciassette.components import KIND_OF_CODE

        players = view["players"]
        state = cls(game, players, game.validate(players, view["options"]))
        seat = view["seat"]
        backs_public = state.options["hand_backs_public"]
        unseen = list(composition(state.options))

        def known(code: str) -> int:
            kind = KIND_OF_CODE[code]
            unseen[kind] -= 1
            return kind

        hidden_hands = []
        for q, entry in enumerate(view["hands"]):
            shown = entry["cards"] if q == seat else (entry.get("doubles") or [])
            for code in shown:
                state.hands[q][known(code)] += 1
            hidden_hands.append(entry["size"] - len(shown))
        queue_slots = []
        for index, entry in enumerate(view["queue"]):
            if entry["card"] is None:
                queue_slots.append(index)
                state.queue.append((0, entry["face_up"], entry["by"]))
            else:
                state.queue.append((known(entry["card"]), entry["face_up"], entry["by"]))
        someone_else = 0 if seat is None else (seat + 1) % players
        state.discard = [(known(code), True, someone_else) for code in view["discard"]["cards"]]
        discard_slots = list(range(len(state.discard),
                                   len(state.discard) + view["discard"]["hidden"]))
        state.discard += [(0, False, someone_else)] * view["discard"]["hidden"]
        size, top_code = view["pile"]["size"], view["pile"]["top"]
        if not size:
            top = TOP_NONE
        elif not backs_public:
            top = TOP_FREE
        elif top_code is not None:
            top = TOP_KNOWN
            state.pile = [known(top_code)]
        else:
            top = TOP_GENERIC
        if min(unseen) < 0:
            raise SnapshotError("error.snapshot_inconsistent",
                                reason="the view shows too many cards")
        layout = HiddenLayout(backs_public, hidden_hands, queue_slots, discard_slots, top,
                              max(0, size - 1))
        pool = [kind for kind in range(NUM_KINDS) for _ in range(unseen[kind])]
        state._deal_hidden(layout, pool, rng)

        state.phase = PHASE_NAMES.index(view["phase"])
        state.current = view["turn"]
        state.direction = view["direction"]
        state.plays_required = view["plays_required"]
        state.plays_done = view["plays_done"]
        state.next_plays_required = view["next_plays_required"]
        state.last_player = -1 if view["last_player"] is None else view["last_player"]
        state.round = view["round"]
        state.decisions = view["decisions"]
        state.victory = list(view["victory"])
        state.penalty = list(view["penalty"])
        state.final_winners = list(view["winners"])
        state.last_resolution = resolution_from_json(view["last_resolution"])
        if state.phase == CALLS:
            state.resume_play = view["second_card_pending"]
            state.poll = _poll_order(state.last_player, state.direction, players)
            state.poll_index = state.poll.index(view["to_act"])
        return state

    # ------------------------------------------------------------ checking
    def after_load(self) -> None:
        super().after_load()
        if self.poll_index > len(self.poll) or (self.phase == CALLS
                                                and self.poll_index >= len(self.poll)):
            raise SnapshotError("error.snapshot_value", field="poll_index", problem=Problem(
                "snapshot.out_of_range", value=self.poll_index, low=0, high=len(self.poll) - 1))

    def component_counts(self) -> dict[str, int]:
        counts = [0] * NUM_KINDS
        for hand in self.hands:
            for kind in range(NUM_KINDS):
                counts[kind] += hand[kind]
        for kind, _, _ in self.queue:
            counts[kind] += 1
        for kind in self.pile:
            counts[kind] += 1
        for kind, _, _ in self.discard:
            counts[kind] += 1
        return {CODES[kind]: counts[kind] for kind in range(NUM_KINDS)}

    def check_invariants(self) -> None:
        expected = composition(self.options)
        counts = self.component_counts()
        if self.phase != DEAL:
            assert tuple(counts[c] for c in CODES) == expected, "cards are not conserved"
        n = self.num_players
        for hand in self.hands:
            assert min(hand) >= 0, "negative card count"
            assert sum(hand) <= HAND_SIZE, "a hand holds more than three cards"
        assert min(self.victory) >= 0 and min(self.penalty) >= 0, "negative tokens"
        assert max(self.penalty) <= 1, "two penalty tokens were not converted"
        if self.phase != OVER:
            assert max(self.victory) < VICTORIES_TO_WIN, "a winner is still playing"
        assert self.direction in (1, -1)
        assert 0 <= self.current < n
        assert self.plays_required in (1, 2) and self.next_plays_required in (1, 2)
        if self.phase == CALLS:
            assert self.last_player not in self.poll and len(self.poll) == n - 1
        if self.phase == OVER:
            assert self.final_winners and all(self.victory[p] >= VICTORIES_TO_WIN
                                              for p in self.final_winners)


@lru_cache(maxsize=4096)
def _plays_for(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Every card kind in the hand, face up (2k) and face down (2k+1)."""
    return tuple(action for kind in range(NUM_KINDS) if hand[kind]
                 for action in (2 * kind, 2 * kind + 1))


@lru_cache(maxsize=64)
def _deal_spec(counts: tuple[int, ...]) -> Shuffle:
    """The deal of a deck of these counts per kind (made once: a game starts with it)."""
    return Shuffle(_deck(counts), label="deal")


@lru_cache(maxsize=None)
def _starter_spec(players: int) -> Pick:
    return Pick(players, label="starting player")


@lru_cache(maxsize=None)
def _poll_order(last: int, direction: int, players: int) -> tuple[int, ...]:
    return tuple(seats_from(last, direction, players))


def resolution_to_json(resolution: tuple | None) -> dict[str, Any] | None:
    """The public account of a round's end: every card revealed, the sum, the tokens."""
    if resolution is None:
        return None
    round_, caller, last, queue, total, traps, tokens, starter = resolution
    return {
        "round": round_,
        "caller": caller,
        "last_player": last,
        "cards": [{"card": CODES[k], "face_up": up, "by": by} for k, up, by in queue],
        "sum": total,
        "reached": total >= TARGET,
        "traps": list(traps),
        "tokens": [
            {"player": p, "penalties": pen, "victory": vic, "before": list(bef), "after": list(aft)}
            for p, pen, vic, bef, aft in tokens
        ],
        "next_starter": starter,
    }


def _read_resolution(data: Any, ctx: Context) -> tuple:
    resolution = resolution_from_json(data)
    seats = range(ctx.players)
    _, caller, last, cards, _, traps, tokens, starter = resolution
    if {caller, last, *traps, *(by for _, _, by in cards), *(t[0] for t in tokens)} - set(seats) \
            or (starter is not None and starter not in seats):
        raise ValueError("a seat out of range")
    return resolution


def resolution_from_json(data: Mapping[str, Any] | None) -> tuple | None:
    from ludotheque.games.diciassette.components import KIND_OF_CODE

    if data is None:
        return None
    return (
        int(data["round"]), int(data["caller"]), int(data["last_player"]),
        tuple((KIND_OF_CODE[c["card"]], bool(c["face_up"]), int(c["by"])) for c in data["cards"]),
        int(data["sum"]), tuple(int(p) for p in data["traps"]),
        tuple((int(e["player"]), int(e["penalties"]), bool(e["victory"]),
               tuple(e["before"]), tuple(e["after"])) for e in data["tokens"]),
        data["next_starter"],
    )


def _codes(hand: list[int]) -> list[str]:
    return counts_to_codes(hand, CODES)
