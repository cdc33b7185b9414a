"""DTC: the state machine (rules file 3.4, rulings D1-D15).

Phases: DEAL and FIRST (chance, once: the shuffle, then the first player),
OFFER (the giver builds an offer one card at a time, then announces a value),
DECIDE (the target, the giver's left neighbour, accepts or challenges), OVER.

An offer is a sequence of atomic decisions (design principle 2): "add a card
of this kind" as often as wanted, then "announce value v", which hands the
cards over with the claim (count, v) (the count is always the true count, D2)
and refills the giver's hand to 6 (D3). Only continuations that can still end
in a legal offer are offered: adds while the hand has cards, an announcement
once the offer beats the last accepted one.

Every zone is a list of 7 counts (values 1-6, joker); the pile is a list of
kinds (top last). The chain keeps the accepted offers since the last
challenge: (giver, count, value, cards), the cards being known to that giver
and to the seat that accepted them (D15).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any

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
from ludotheque.core.zones import codes_to_counts, counts_to_codes
from ludotheque.games.dtc.components import (
    CODES,
    JOKER,
    KIND_OF_CODE,
    NUM_KINDS,
    NUM_VALUES,
    deck_of,
    is_all_higher_or_equal,
    is_all_strictly_higher,
    is_exact,
)
from ludotheque.games.dtc.views import DTCView

# Action ids: add a card of kind k (0-5: values 1-6, 6: joker), announce a value v
# (1-6) as id 6 + v, accept, challenge.
ADD = 0
CLAIM = NUM_KINDS - 1  # CLAIM + v for v in 1..6: ids 7..12
ACCEPT = CLAIM + NUM_VALUES + 1  # 13
CHALLENGE = ACCEPT + 1  # 14
NUM_ACTIONS = CHALLENGE + 1

DEAL, FIRST, OFFER, DECIDE, OVER = range(5)
PHASE_NAMES = ("deal", "first", "offer", "decide", "over")

# _CLAIMS[top][above]: the announcements of a value above `above`, with values 1..top.
_CLAIMS = tuple(tuple(tuple(CLAIM + v for v in range(above + 1, top + 1))
                      for above in range(NUM_VALUES + 1))
                for top in range(NUM_VALUES + 1))
_KINDS = tuple(range(NUM_KINDS))

# How a challenge is settled (D1, D12), read from the options.
EXACT, HIGHER_OR_EQUAL, LITERAL = range(3)


def settlement(options: Mapping[str, Any]) -> int:
    if not options["variant_higher"]:
        return EXACT
    return LITERAL if options["variant_literal"] else HIGHER_OR_EQUAL


def challenger_takes(cards: list[int] | tuple[int, ...], value: int, mode: int) -> bool:
    """True when the challenger (the target) takes the cards: the offer holds (D1), or
    with the variant, the cards are all higher (D12)."""
    if is_exact(cards, value):
        return True
    if mode == HIGHER_OR_EQUAL:
        return is_all_higher_or_equal(cards, value)
    if mode == LITERAL:
        return is_all_strictly_higher(cards, value)
    return False


def min_count(last_count: int, last_value: int, top: int = NUM_VALUES) -> int:
    """The fewest cards a legal offer may hold: 1 on a fresh chain, else the same count
    if a higher value exists (values 1..top), else one more card."""
    if not last_count:
        return 1
    return last_count + 1 if last_value >= top else last_count


def _no_cards(state: State) -> list[int]:
    return [0] * NUM_KINDS


def _per_seat_no_cards(state: State) -> list[list[int]]:
    return [[0] * NUM_KINDS for _ in state.seats]


# A chain offer, (giver, count, value, cards as counts); JSON [giver, value, cards]
# (the count is the number of cards).
_CHAIN_JSON = TupleOf(Seat(), Int(1, NUM_VALUES), Counts(CODES, frozen=True))
_CHAIN_ENTRY = Custom(lambda e: [e[0], e[2], counts_to_codes(e[3], CODES)],
                      lambda data, ctx: _read_chain_entry(data, ctx),
                      "[giver, value, cards]")
# The last challenge, (giver, target, cards, value, true, taker); JSON: see reveal_to_json.
_REVEAL = Custom(lambda r: reveal_to_json(r), lambda data, ctx: _read_reveal(data, ctx),
                 "the account of the last challenge")


_GIVER_ONLY = "hidden from all but the giver"


class DTCState(State):
    """DTC's state: every field declared once (shape, initial value, who cannot see it)."""

    phase = Field(Choice(PHASE_NAMES), DEAL)
    hands = Field(PerSeat(Counts(CODES)), _per_seat_no_cards, hidden=OTHERS)
    pile = Field(ListOf(Card(CODES)), list, hidden=EVERYONE, doc="top last")
    malus = Field(PerSeat(Counts(CODES)), _per_seat_no_cards, doc="penalty piles, face up")
    giver = Field(Seat(), 0,
                  doc="OFFER: the seat building; DECIDE: the seat whose offer is pending")
    building = Field(Counts(CODES), _no_cards, hidden=_GIVER_ONLY,
                     doc="the offer being built (OFFER)")
    pending = Field(Counts(CODES), _no_cards, hidden=_GIVER_ONLY,
                    doc="the offer on the table (DECIDE)")
    pvalue = Field(Int(0, NUM_VALUES), 0, json="pending_value", doc="its announced value")
    phad = Field(Int(0), 0, json="pending_had",
                 doc="the giver's cards (hand + offer) when he announced: public")
    last_count = Field(Int(0), 0, doc="the last accepted offer of the chain; 0: a fresh chain")
    last_value = Field(Int(0, NUM_VALUES), 0)
    chain = Field(ListOf(_CHAIN_ENTRY), list,
                  hidden="an offer's cards: from all but its giver and the seat that accepted it "
                         "(D15)",
                  doc="the accepted offers since the last challenge")
    reveal = Field(Maybe(_REVEAL), None, doc="the last challenge (public)")
    chains = Field(Int(0), 0)
    offers = Field(Int(0), 0)
    decisions = Field(Int(0), 0)
    final_winners = Field(ListOf(Seat()), list, json="winners")

    mode = Derived(lambda s: settlement(s.options))  # how a challenge is settled
    deck = Derived(lambda s: deck_of(s.options))  # the cards in play (components.Deck)
    claims = Derived(lambda s: _CLAIMS[s.options["values"]])  # _CLAIMS[top], by value to beat
    actor = Derived(CHANCE)  # current_player(), kept up to date by every transition
    bsize = Derived(0)  # sum(building)
    psize = Derived(0)  # sum(pending)


    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        return self.actor

    def _actor_of_phase(self) -> int:
        phase = self.phase
        if phase == OFFER:
            return self.giver
        if phase == DECIDE:
            return (self.giver + 1) % self.num_players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    # ---------------------------------------------------------------- chance
    def chance_spec(self) -> Shuffle | Pick:
        if self.phase == DEAL:
            return Shuffle(self.deck.cards, label="deal")
        if self.phase == FIRST:
            return Pick(self.num_players, label="first player")
        raise ChanceError("error.no_chance")

    def apply_chance(self, outcome: Any, events: list[Event] | None = None) -> None:
        """Deal: outcome is the shuffled deck top first; seat p gets cards 6p..6p+5, the
        rest is the pile. First: the seat that makes the first offer (D9). A wrong outcome
        (not a permutation of the deck's kinds, not a seat) raises ChanceError, unchanged."""
        if type(outcome) is not Drawn or not self.is_chance():  # Drawn: made for this spec
            outcome = self.chance_spec().check(outcome)
        if self.phase == DEAL:
            n = self.num_players
            size = self.deck.hand
            for seat in range(n):
                hand = self.hands[seat]
                for kind in outcome[size * seat: size * (seat + 1)]:
                    hand[kind] += 1
            self.pile = list(reversed(outcome[size * n:]))
            self.phase = FIRST
            self.actor = CHANCE
            if events is not None:
                events.append(Event(
                    "deal", {"hand_size": size, "pile": len(self.pile)},
                    {seat: {"hand": counts_to_codes(self.hands[seat], CODES)} for seat in range(n)},
                ))
        else:
            self._start_chain(outcome, "first", events)

    # ------------------------------------------------------------- decisions
    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OFFER:
            hand = self.hands[self.giver]
            actions = list(compress(_KINDS, hand))
            size = self.bsize
            if size:
                if size > self.last_count:
                    actions.extend(self.claims[0])
                elif size == self.last_count:
                    actions.extend(self.claims[self.last_value])
            return actions
        if phase == DECIDE:
            return [ACCEPT, CHALLENGE] if self._may_accept() else [CHALLENGE]
        return []

    def _may_accept(self) -> bool:
        """D5: accepting is legal only if a raise will be possible: a higher value exists,
        or the target holds a card of his own to add."""
        return (self.pvalue < self.deck.values
                or any(self.hands[(self.giver + 1) % self.num_players]))

    def apply_action(self, action: int, events: list[Event] | None = None) -> None:
        phase = self.phase
        if type(action) is int:
            if phase == OFFER:
                if 0 <= action < NUM_KINDS:
                    hand = self.hands[self.giver]
                    if hand[action]:
                        self.decisions += 1
                        hand[action] -= 1
                        self.building[action] += 1
                        self.bsize += 1
                        if events is not None:
                            events.append(Event("add", {"player": self.giver, "count": self.bsize},
                                                {self.giver: {"card": CODES[action]}}))
                        return
                else:
                    value = action - CLAIM
                    size = self.bsize
                    if 1 <= value <= self.deck.values and size and (
                        size > self.last_count or (size == self.last_count
                                                   and value > self.last_value)
                    ):
                        self.decisions += 1
                        self._announce(value, events)
                        return
            elif phase == DECIDE:
                if action == CHALLENGE:
                    self.decisions += 1
                    self._challenge(events)
                    return
                if action == ACCEPT and self._may_accept():
                    self.decisions += 1
                    self._accept(events)
                    return
        raise self.reject(action)

    # ----------------------------------------------------------- transitions
    def _start_chain(self, seat: int, reason: str, events: list[Event] | None) -> None:
        """D11: the seat that took the cards starts a fresh chain. D6 (defensive): if it
        has no card, the next seat on the left with cards starts; if none has, the game ends."""
        n = self.num_players
        for step in range(n):
            candidate = (seat + step) % n
            if any(self.hands[candidate]):
                break
        else:
            self._end_game("no_cards", events)
            return
        self.chains += 1
        self.giver = candidate
        self.last_count = self.last_value = 0
        self.chain = []
        self.phase = OFFER
        self.actor = candidate
        if events is not None:
            events.append(Event("chain", {"player": candidate, "chain": self.chains,
                                          "reason": reason if candidate == seat else "skipped",
                                          "skipped": seat if candidate != seat else None}))

    def _announce(self, value: int, events: list[Event] | None) -> None:
        giver = self.giver
        hand = self.hands[giver]
        self.phad = self.bsize + sum(hand)
        self.pending = self.building
        self.psize = self.bsize
        self.pvalue = value
        self.building = [0] * NUM_KINDS
        self.bsize = 0
        self.offers += 1
        self.phase = DECIDE
        self.actor = (giver + 1) % self.num_players
        # D3: the giver refills to 6 right away, before the target decides (D8: never discards).
        missing = self.deck.hand - (self.phad - self.psize)
        pile = self.pile
        drawn: list[int] = []
        while missing > 0 and pile:
            kind = pile.pop()
            hand[kind] += 1
            drawn.append(kind)
            missing -= 1
        if events is not None:
            target = (giver + 1) % self.num_players
            events.append(Event(
                "offer",
                {"giver": giver, "target": target, "count": self.psize, "value": value},
                {giver: {"cards": counts_to_codes(self.pending, CODES)}},
            ))
            if drawn:
                events.append(Event(
                    "refill", {"player": giver, "count": len(drawn), "pile": len(pile)},
                    {giver: {"cards": sorted((CODES[k] for k in drawn), key=CODES.index)}},
                ))

    def _accept(self, events: list[Event] | None) -> None:
        giver = self.giver
        target = (giver + 1) % self.num_players
        cards = self.pending
        hand = self.hands[target]
        for kind in _KINDS:
            hand[kind] += cards[kind]
        self.chain.append((giver, self.psize, self.pvalue, tuple(cards)))
        self.last_count, self.last_value = self.psize, self.pvalue
        if events is not None:
            codes = counts_to_codes(cards, CODES)
            events.append(Event(
                "accept",
                {"player": target, "giver": giver, "count": self.psize, "value": self.pvalue},
                {target: {"cards": codes}, giver: {"cards": codes}},
            ))
        self._clear_pending()
        self.giver = target
        self.phase = OFFER
        self.actor = target

    def _clear_pending(self) -> None:
        self.pending = [0] * NUM_KINDS
        self.psize = 0
        self.pvalue = 0
        self.phad = 0

    def _challenge(self, events: list[Event] | None) -> None:
        giver = self.giver
        target = (giver + 1) % self.num_players
        cards = self.pending
        value = self.pvalue
        exact = is_exact(cards, value)
        taker = target if challenger_takes(cards, value, self.mode) else giver
        malus = self.malus[taker]
        for kind in _KINDS:
            malus[kind] += cards[kind]
        self.reveal = (giver, target, tuple(cards), value, exact, taker)
        if events is not None:
            events.append(Event("challenge", {
                "player": target, "giver": giver, "count": self.psize, "value": value,
                "cards": counts_to_codes(cards, CODES), "true": exact,
                "higher": taker == target and not exact, "taker": taker,
            }))
        self._clear_pending()
        self.chain = []
        self.last_count = self.last_value = 0
        if not self.pile:  # D4: the first challenge once the pile is empty ends the game
            self._end_game("pile", events)
        else:
            self._start_chain(taker, "took", events)

    def _end_game(self, reason: str, events: list[Event] | None) -> None:
        """3.5: every hand joins its owner's penalty pile; fewest cards wins (D13: ties share).
        `reason`: "pile" (D4, a challenge with the pile empty) or "no_cards" (D6)."""
        shown = []
        for seat in range(self.num_players):
            hand = self.hands[seat]
            malus = self.malus[seat]
            if events is not None:
                shown.append(counts_to_codes(hand, CODES))
            for kind in _KINDS:
                malus[kind] += hand[kind]
                hand[kind] = 0
        scores = [sum(m) for m in self.malus]
        best = min(scores)
        self.final_winners = [seat for seat, score in enumerate(scores) if score == best]
        self.phase = OVER
        self.actor = TERMINAL
        if events is not None:
            events.append(Event("game_over", {"reason": reason, "hands": shown, "scores": scores,
                                              "winners": list(self.final_winners)}))

    # ------------------------------------------------------------ end of game
    def winners(self) -> list[int]:
        return list(self.final_winners)

    def metrics(self) -> dict[str, int]:
        return {"rounds": self.chains, "offers": self.offers, "decisions": self.decisions}

    def scores(self) -> list[int]:
        """Penalty cards per seat (hands included once the game is over)."""
        return [sum(m) for m in self.malus]

    # ----------------------------------------------------------- information
    def view(self, player: int | None) -> DTCView:
        """What `player` may see (None: a spectator), rules file D15."""
        self._check_seat(player)
        n = self.num_players
        phase = self.phase
        giver = self.giver
        hands = []
        for seat, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"size": sum(hand)}
            if seat == player:
                entry["cards"] = counts_to_codes(hand, CODES)
            hands.append(entry)
        building = None
        if phase == OFFER:
            building = {"player": giver, "size": self.bsize}
            if player == giver:
                building["cards"] = counts_to_codes(self.building, CODES)
        pending = None
        if phase == DECIDE:
            pending = {"giver": giver, "target": (giver + 1) % n, "count": self.psize,
                       "value": self.pvalue, "had": self.phad}
            if player == giver:
                pending["cards"] = counts_to_codes(self.pending, CODES)
        chain = []
        for by, count, value, cards in self.chain:
            entry = {"giver": by, "target": (by + 1) % n, "count": count, "value": value}
            if player is not None and player in (by, (by + 1) % n):
                entry["cards"] = counts_to_codes(cards, CODES)
            chain.append(entry)
        in_play = phase in (OFFER, DECIDE)
        return {
            "game": "dtc",
            "seat": player,
            "players": n,
            "phase": PHASE_NAMES[phase],
            "to_act": self.current_player() if in_play else None,
            "giver": giver if in_play else None,
            "target": (giver + 1) % n if in_play else None,
            "hands": hands,
            "building": building,
            "to_beat": {"count": self.last_count, "value": self.last_value}
            if self.last_count else None,
            "pending": pending,
            "chain": chain,
            "chain_number": self.chains,
            "malus": [{"size": sum(m), "cards": counts_to_codes(m, CODES)} for m in self.malus],
            "pile": len(self.pile),
            "last_reveal": reveal_to_json(self.reveal),
            "winners": list(self.final_winners),
            "options": self.options_view(),
        }

    # ------------------------------------------------------------ sampling
    @classmethod
    def from_view(cls, game: Any, view: Mapping[str, Any], rng: random.Random) -> DTCState:
        """A full state that gives `view` back, everything it hides dealt at random.

        Hidden from the reader: the pile, every other seat's hand, the offer another
        seat is building, the pending offer unless the reader made it, and the cards of
        chain offers the reader neither gave nor accepted. Kept: what the reader holds,
        builds or offered, the penalty piles (public), and the cards the reader handed
        to the seat now building or offering (that seat still holds them among its hand
        and its offer). Older knowledge of cards that have moved on since is not kept.
        At the deal (a chance point) nothing is dealt yet: the sample is a new game.
        """
        return cls.dealer(game, view)(rng)

    @classmethod
    def dealer(cls, game: Any, view: Mapping[str, Any]) -> Callable[[random.Random], DTCState]:
        """`from_view` as a function of the generator alone: the view is read once (what it
        shows, the cards it does not place, the sizes of the zones it hides), each call
        deals those cards with the generator's draws (the same as `from_view`'s)."""
        players = view["players"]
        state = cls(game, players, game.validate(players, view["options"]))
        state.phase = PHASE_NAMES.index(view["phase"])
        if state.phase == DEAL:
            return lambda rng: state.clone()
        player = view["seat"]
        if view["giver"] is not None:
            state.giver = view["giver"]
        state.malus = [_codes_counts(m["cards"]) for m in view["malus"]]
        beat = view["to_beat"]
        if beat is not None:
            state.last_count, state.last_value = beat["count"], beat["value"]
        building = view["building"]
        if building is not None:
            state.bsize = building["size"]
            if "cards" in building:
                state.building = _codes_counts(building["cards"])
        pending = view["pending"]
        if pending is not None:
            state.psize, state.pvalue, state.phad = (pending["count"], pending["value"],
                                                     pending["had"])
            if "cards" in pending:
                state.pending = _codes_counts(pending["cards"])
        if player is not None:
            state.hands[player] = _codes_counts(view["hands"][player]["cards"])
        state.chain = [(entry["giver"], entry["count"], entry["value"],
                        tuple(_codes_counts(entry["cards"])) if "cards" in entry else _NONE)
                       for entry in view["chain"]]
        reveal = view["last_reveal"]
        if reveal is not None:
            state.reveal = (reveal["giver"], reveal["target"],
                            tuple(_codes_counts(reveal["cards"])),
                            reveal["value"], reveal["true"], reveal["taker"])
        state.chains = view["chain_number"]
        state.final_winners = list(view["winners"])
        state.actor = state._actor_of_phase()
        known = _known(state, player)
        # Every card not seen by the reader, minus those he knows the giver holds.
        pool_counts = list(state.deck.composition)
        seen = [*state.malus]
        if player is not None:
            seen += _zones(state, player)
        if known is not None:
            seen.append(list(known))
        for zone in seen:
            for kind in _KINDS:
                pool_counts[kind] -= zone[kind]
        # Per seat hidden from the reader: the sizes of its zones (see _zones).
        offer = {OFFER: [state.bsize], DECIDE: [state.psize]}.get(state.phase, [])
        sizes = {seat: [view["hands"][seat]["size"], *(offer if seat == state.giver else [])]
                 for seat in range(players) if seat != player}
        hidden = sum(map(sum, sizes.values())) - (sum(known) if known is not None else 0)
        if min(pool_counts) < 0 or sum(pool_counts) != hidden + view["pile"]:
            raise SnapshotError("error.snapshot_inconsistent", reason="the view does not add up")
        pool = [kind for kind in _KINDS for _ in range(pool_counts[kind])]

        def deal(rng: random.Random) -> DTCState:
            sample = state.clone()
            _redeal(sample, player, known, list(pool), sizes, rng)
            return sample

        return deal

    # ------------------------------------------------------------ checking
    def after_load(self) -> None:
        """The derived attributes from the fields; what the codecs cannot check."""
        super().after_load()
        self.bsize = sum(self.building)
        self.psize = sum(self.pending)
        self.actor = self._actor_of_phase()
        if self.phase == DEAL and (self.pile or any(map(any, self.hands + self.malus))):
            raise SnapshotError("error.snapshot_value", field="phase", problem=Problem(
                "snapshot.not_choice", value="'deal'", allowed=", ".join(PHASE_NAMES[1:])))
        scores = self.scores()
        if self.phase != OVER and self.final_winners:
            raise SnapshotError("error.snapshot_value", field="winners", problem=Problem(
                "snapshot.length", count=len(self.final_winners), expected=0))
        if self.phase == OVER and self.final_winners != [p for p in self.seats
                                                         if scores[p] == min(scores)]:
            raise SnapshotError("error.snapshot_value", field="winners", problem=Problem(
                "snapshot.custom", value=repr(self.final_winners)))

    def component_counts(self) -> dict[str, int]:
        counts = [0] * NUM_KINDS
        for zone in (*self.hands, *self.malus, self.building, self.pending):
            for kind in _KINDS:
                counts[kind] += zone[kind]
        for kind in self.pile:
            counts[kind] += 1
        return {CODES[kind]: counts[kind] for kind in _KINDS}

    def check_invariants(self) -> None:
        counts = self.component_counts()
        if self.phase != DEAL:
            assert tuple(counts[c]
                         for c in CODES) == self.deck.composition, "cards are not conserved"
        zones = (*self.hands, *self.malus, self.building, self.pending)
        assert all(min(zone) >= 0 for zone in zones), "negative card count"
        n = self.num_players
        assert 0 <= self.giver < n
        assert self.actor == self._actor_of_phase(), "the seat to act does not match the phase"
        assert self.bsize == sum(self.building) and self.psize == sum(self.pending)
        if self.phase != OFFER:
            assert not self.bsize, "an offer is being built outside the offer phase"
        if self.phase != DECIDE:
            assert not self.psize and not self.pvalue, "an offer is pending outside a decision"
        if self.phase == OFFER:
            need = min_count(self.last_count, self.last_value, self.deck.values)
            assert self.bsize + sum(self.hands[self.giver]) >= need, \
                "the giver cannot make a legal offer"
        if self.phase == DECIDE:
            assert self.psize >= 1 and 1 <= self.pvalue <= self.deck.values
            assert self.psize >= min_count(self.last_count, self.last_value, self.deck.values)
            assert self.psize > self.last_count or self.pvalue > self.last_value, \
                "the offer does not raise"
        previous = (0, 0)
        for by, count, value, cards in self.chain:
            assert 0 <= by < n and sum(cards) == count and 1 <= value <= self.deck.values
            assert (count, value) > previous, "the chain does not raise"
            previous = (count, value)
        assert previous == (self.last_count,
                            self.last_value), "the chain and the offer to beat differ"
        if self.chain:
            assert (self.chain[-1][0] + 1) % n == self.giver, "the last accepter is not the giver"
            group = [sum(zone[k] for zone in _zones(self, self.giver)) for k in _KINDS]
            assert all(c <= g for c, g in zip(self.chain[-1][3], group)), \
                "the giver no longer holds the cards he accepted"
        if self.phase == OVER:
            assert self.final_winners and not any(any(hand) for hand in self.hands)


_NONE = (0,) * NUM_KINDS


def _known(state: DTCState, player: int | None) -> tuple[int, ...] | None:
    """The cards `player` handed to the seat now building or offering, if any (that seat
    still holds them, in its hand or its offer)."""
    if player is not None and state.chain and state.chain[-1][0] == player:
        return state.chain[-1][3]
    return None


def _redeal(state: DTCState, player: int | None, known: tuple[int, ...] | None,
            pool: list[int], sizes: Mapping[int, list[int]], rng: random.Random) -> None:
    """Deal `pool` (every card `player` cannot place) into the zones hidden from him:
    each other seat's hand (and the offer it builds or has pending, unless `player`
    made it) with the sizes given, `known` cards going to the current giver; the
    rest is the pile. Then resample the chain offers `player` was no party to."""
    n = state.num_players
    giver = state.giver
    rng.shuffle(pool)
    taken = 0
    for seat in range(n):
        if seat == player:
            continue
        zones = _zones(state, seat)
        fixed = known if known is not None and seat == giver else _NONE
        need = sum(sizes[seat]) - sum(fixed)
        cards = [kind for kind in _KINDS for _ in range(fixed[kind])] + pool[taken:taken + need]
        taken += need
        rng.shuffle(cards)
        start = 0
        for zone, size in zip(zones, sizes[seat]):
            for kind in _KINDS:
                zone[kind] = 0
            for kind in cards[start:start + size]:
                zone[kind] += 1
            start += size
    state.pile = pool[taken:]
    last = len(state.chain) - 1
    for index, (by, count, value, _cards) in enumerate(state.chain):
        if player is not None and player in (by, (by + 1) % n):
            continue
        if index == last:  # they are among the current giver's cards
            drawn = _draw_from_giver(state, count, rng)
        else:
            drawn = rng.choices(state.deck.cards, k=count)
        new = [0] * NUM_KINDS
        for kind in drawn:
            new[kind] += 1
        state.chain[index] = (by, count, value, tuple(new))


def _draw_from_giver(state: DTCState, count: int, rng: random.Random) -> list[int]:
    """`count` cards drawn from what the current giver holds (hand and offer)."""
    holder = [sum(zone[k] for zone in _zones(state, state.giver)) for k in _KINDS]
    return rng.sample([kind for kind in _KINDS for _ in range(holder[kind])], count)


def lean_offer_to_truth(state: DTCState, player: int, belief: float, rng: random.Random) -> None:
    """With chance `belief`, make the pending offer of a sampled state (hidden from
    `player`) true, by swapping its other cards for cards of the announced value or
    jokers from the giver's hand, then from the pile. A search's samples then weigh an
    offer as a player would (offers are true far more often than a random deal says).
    Nothing `player` sees changes; cards `player` handed the giver stay with him."""
    if state.phase != DECIDE or player == state.giver or rng.random() >= belief:
        return
    goods = (state.pvalue - 1, JOKER)
    hand, pending, pile = state.hands[state.giver], state.pending, state.pile
    known = _known(state, player) or _NONE
    changed = False
    bad = [kind for kind in _KINDS if kind not in goods for _ in range(pending[kind])]
    for kind in bad:
        good = next((g for g in goods if hand[g]), None)
        if good is not None:  # within the giver's cards
            hand[good] -= 1
            hand[kind] += 1
        else:
            spots = [i for i, card in enumerate(pile) if card in goods]
            if not spots or hand[kind] + pending[kind] - 1 < known[kind]:
                break  # as true as the hidden cards allow
            spot = spots[rng.randrange(len(spots))]
            good, pile[spot] = pile[spot], kind
            changed = True
        pending[kind] -= 1
        pending[good] += 1
    if changed and state.chain:
        by, count, value, _ = state.chain[-1]
        if player not in (by, (by + 1) % state.num_players):
            drawn = _draw_from_giver(state, count, rng)
            state.chain[-1] = (by, count, value, tuple(drawn.count(k) for k in _KINDS))


def _codes_counts(codes: Any) -> list[int]:
    return codes_to_counts(codes, KIND_OF_CODE, NUM_KINDS)


def _zones(state: DTCState, seat: int) -> list[list[int]]:
    """A seat's cards in play: its hand, plus the offer it is building or has pending."""
    zones = [state.hands[seat]]
    if seat == state.giver and state.phase == OFFER:
        zones.append(state.building)
    elif seat == state.giver and state.phase == DECIDE:
        zones.append(state.pending)
    return zones


def reveal_to_json(reveal: tuple | None) -> dict[str, Any] | None:
    """The public account of the last challenge."""
    if reveal is None:
        return None
    giver, target, cards, value, exact, taker = reveal
    return {"giver": giver, "target": target, "cards": counts_to_codes(cards, CODES),
            "count": sum(cards), "value": value, "true": exact, "taker": taker}


def _read_chain_entry(data: Any, ctx: Context) -> tuple[int, int, int, tuple[int, ...]]:
    giver, value, cards = _CHAIN_JSON.from_json(data, ctx)
    return giver, sum(cards), value, cards


_REVEAL_JSON = TupleOf(Seat(), Seat(), Counts(CODES, frozen=True), Int(1), Int(1, NUM_VALUES),
                       Flag(), Seat(), names=("giver", "target", "cards", "count", "value", "true",
                                              "taker"))


def _read_reveal(data: Any, ctx: Context) -> tuple:
    giver, target, cards, count, value, exact, taker = _REVEAL_JSON.from_json(data, ctx)
    for key, wrong in (("target", target != (giver + 1) % ctx.players),
                       ("taker", taker not in (giver, target)), ("count", count != sum(cards)),
                       ("true", exact != is_exact(cards, value))):
        if wrong:  # a value of the right type that contradicts the others
            raise Problem("snapshot.custom", "." + key, value=repr(data[key]))
    return giver, target, cards, value, exact, taker


__all__ = ["ACCEPT", "ADD", "CHALLENGE", "CLAIM", "DTCState", "JOKER", "NUM_ACTIONS",
           "challenger_takes", "lean_offer_to_truth", "min_count"]
