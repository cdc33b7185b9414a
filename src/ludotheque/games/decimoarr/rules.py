"""Décimoarr...: the state machine (rules file section 4, rulings E1-E14).

Phases: DEAL, PERDU, WINNERS, STARTER (the four chance points of the setup),
FLIP (the current seat turns a face-down card over), RESHUFFLE (chance: the
perdu cards are shuffled between rounds), OVER.

Information. Cards never move: a position, once seen, is known for the whole
game. `seen` (a bitmask) holds the positions every player has seen (every flip,
failed flips included); a seat's memory is `seen` plus its own home positions
after the peek (E11: one peek, before the first round). `last_seen[i]` is the
flip count when position i was last in sight, so views can give the age of a
memory (bots use it to forget). Perdu cards are secret until the round ends,
winner cards until the game ends (their owner knows them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ludotheque.core.chance import Drawn, Pick, Shuffle
from ludotheque.core.errors import ChanceError, IllegalActionError, SnapshotError
from ludotheque.core.events import Event
from ludotheque.core.fields import (
    EVERYONE,
    OTHERS,
    Card,
    Choice,
    Codec,
    Context,
    Custom,
    Derived,
    Field,
    Flag,
    Int,
    ListOf,
    PerSeat,
    Problem,
    Seat,
    TupleOf,
)
from ludotheque.core.game import CHANCE, TERMINAL, State
from ludotheque.core.seats import next_seat
from ludotheque.games.decimoarr.components import (
    MAX_POSITIONS,
    PERDU_CARDS,
    WINNER_CARDS,
    deck_for,
    layout_for,
)
from ludotheque.games.decimoarr.views import DecimoarrView, RoundView

NUM_ACTIONS = MAX_POSITIONS  # action i: turn over the card at position i

DEAL, PERDU, WINNERS, STARTER, FLIP, RESHUFFLE, OVER = range(7)
PHASE_NAMES = ("deal", "perdu", "winners", "starter", "flip", "reshuffle", "over")

# Why a round ended.
LAST_IN, EXHAUSTED = "last_in", "exhausted"


class Config:
    """Everything a state reads from its options and player count, computed once."""

    __slots__ = ("deck", "layout", "positions", "excludes_homes", "last_flipped", "no_winner",
                 "rounds_won_tie", "skulls", "rounds", "deal_spec", "perdu_spec", "winner_spec",
                 "starter_spec", "reshuffle_specs", "all_positions", "perdu_in_play",
                 "fixed_starter", "same_starter", "card_codecs")

    def __init__(self, options: Mapping[str, Any], players: int) -> None:
        self.deck = deck_for(options)
        self.layout = layout_for(options, players)
        self.positions = self.layout.positions
        self.excludes_homes = bool(options["first_flip_excludes_homes"])  # E6
        self.last_flipped = options["reference_after_fail"] == "last_flipped"  # E4
        self.no_winner = options["exhausted_table"] == "no_winner"  # E7
        self.rounds_won_tie = options["tie_break"] == "rounds_won"  # E13
        self.skulls = tuple(options["skulls"])
        # E8: the perdu cards in play are drawn at random (None), or are the N-1 with the
        # fewest skulls (option perdu_cards=fewest_skulls).
        self.perdu_in_play: frozenset[int] | None = None
        if options["perdu_cards"] == "fewest_skulls":
            ranked = sorted(range(PERDU_CARDS), key=lambda k: self.skulls[k])
            self.perdu_in_play = frozenset(ranked[:players - 1])
        self.fixed_starter = options["first_player"] == "first_seat"  # E12
        self.same_starter = options["starter_if_no_perdu"] == "same_seat"  # E15
        self.rounds = len(options["diamonds"])
        self.deal_spec = Shuffle(tuple(range(self.deck.size)), label="deal")
        self.perdu_spec = Shuffle(tuple(range(PERDU_CARDS)), label="perdu cards")
        self.winner_spec = Shuffle(tuple(sorted(options["diamonds"])), label="winner cards")
        self.starter_spec = Pick(players, label="first player")
        self.reshuffle_specs: dict[tuple[int, ...], Shuffle] = {}
        self.all_positions = tuple(range(self.positions))
        # Snapshots write décimal cards as codes of this deck (None: no card, -1).
        self.card_codecs = (Card(self.deck.codes), Card(self.deck.codes, none=-1))


    def reshuffle_spec(self, pile: list[int]) -> Shuffle:
        key = tuple(sorted(pile))
        spec = self.reshuffle_specs.get(key)
        if spec is None:
            spec = self.reshuffle_specs[key] = Shuffle(key, label="perdu cards")
        return spec


_CONFIGS: dict[tuple, Config] = {}


def config_for(options: Mapping[str, Any], players: int) -> Config:
    key = (players, *options.items())
    config = _CONFIGS.get(key)
    if config is None:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        config = _CONFIGS[key] = Config(options, players)
    return config


def _config(state: Any) -> Config:
    """The Config of a state (or of a snapshot's Context) from its options and seats."""
    return config_for(state.options, state.num_players if isinstance(state, State)
                      else state.players)


def _positions(state: Any) -> int:
    return _config(state).positions


# ------------------------------------------------------------ snapshot shapes
class DeckCard(Codec):
    """A décimal card: its id in the state, its code in JSON ("R1"). The deck is set by
    the options, so the JSON is written in their context. `optional`: -1 is no card (None)."""

    def __init__(self, optional: bool = False) -> None:
        self.optional = optional

    def to_json_in(self, value: int, ctx: Context) -> str | None:
        return _config(ctx).card_codecs[self.optional].to_json(value)

    def from_json(self, data: Any, ctx: Context) -> int:
        return _config(ctx).card_codecs[self.optional].from_json(data, ctx)

    def describe(self) -> str:
        return "a card code (R1, B5...)" + (" or null" if self.optional else "")


class DeckCards(ListOf):
    """The card at each position: a tuple, shared by copies (cards never move)."""

    def __init__(self) -> None:
        super().__init__(DeckCard(), frozen=True)

    def to_json_in(self, value: tuple[int, ...], ctx: Context) -> list[str]:
        codes = _config(ctx).deck.codes
        return [codes[card] for card in value]


class Position(Codec):
    """A table position 0..positions-1 (`low=-1`: also -1, none)."""

    def __init__(self, low: int = 0) -> None:
        self.low = low

    def from_json(self, data: Any, ctx: Context) -> int:
        return Int(self.low, _positions(ctx) - 1).from_json(data, ctx)

    def describe(self) -> str:
        return "a position" + (" or -1" if self.low < 0 else "")


class NumberSet(Codec):
    """A set of numbers 0..size-1 (positions, perdu cards): JSON lists them, ascending.
    Kept as a bitmask (an int), or with `flags` as a list of flags (copied)."""

    def __init__(self, size: int | Callable[[Context], int], flags: bool = False) -> None:
        self.size = size
        self.flags = self.mutable = flags

    def copy_code(self, expr: str) -> str:
        return f"{expr}[:]" if self.flags else expr

    def to_json(self, value: Any) -> list[int]:
        if self.flags:
            return [i for i, on in enumerate(value) if on]
        return [i for i in range(value.bit_length()) if value >> i & 1]

    def from_json(self, data: Any, ctx: Context) -> Any:
        size = self.size(ctx) if callable(self.size) else self.size
        members = set(ListOf(Int(0, size - 1)).from_json(data, ctx))
        if self.flags:
            return [i in members for i in range(size)]
        return sum(1 << i for i in members)

    def describe(self) -> str:
        if callable(self.size):
            return "a list of positions"
        return f"a list of numbers 0..{self.size - 1}"


class LastFlip(TupleOf):
    """The last flip: (seat, position, card, success); JSON [seat, position, code, success]."""

    def __init__(self) -> None:
        super().__init__(Seat(), Position(), DeckCard(), Flag())

    def to_json_in(self, value: tuple | None, ctx: Context) -> list[Any] | None:
        if value is None:
            return None
        return [item.to_json_in(part, ctx) for item, part in zip(self.items, value)]

    def from_json(self, data: Any, ctx: Context) -> tuple | None:
        return None if data is None else super().from_json(data, ctx)

    def describe(self) -> str:
        return "[seat, position, card code, success] or null"


class LastRound(Custom):
    """The account of the last round's end (see round_to_json): the skulls are written
    as the option gives them."""

    def __init__(self) -> None:
        super().__init__(lambda value: value, lambda data, ctx: _round_from_json(
            data, ctx.options["skulls"], ctx.players), "the account of a round's end")

    def to_json_in(self, value: tuple | None, ctx: Context) -> RoundView | None:
        return round_to_json(value, ctx.options["skulls"])


def _connect_mask(state: DecimoarrState) -> int:
    """The cards that connect to the reference (bitmask); -1: anything (a free flip)."""
    if state.phase != FLIP or state.reference < 0:
        return -1
    return state.deck.partners[state.cards[state.reference]]


class DecimoarrState(State):
    """Décimoarr's state: every field declared once (shape, initial value, who cannot see
    it)."""

    phase = Field(Choice(PHASE_NAMES), DEAL)
    cards = Field(DeckCards(), (), hidden="a position's card: from every seat that never saw it",
                  doc="the card at each position (none before the deal)")
    aside = Field(DeckCard(optional=True), -1, hidden=EVERYONE,
                  doc="the card set aside unseen (E1, setup step 1); -1 before the deal")
    up = Field(NumberSet(_positions, flags=True), lambda s: [False] * _positions(s),
               doc="per position: face up")
    seen = Field(NumberSet(_positions), 0, doc="the positions every player has seen (bitmask)")
    last_seen = Field(ListOf(Int(-1), length=_positions), lambda s: [-1] * _positions(s),
                      doc="per position: the flip count when last in sight (-1: never)")
    flips = Field(Int(0), 0)
    perdu_pile = Field(ListOf(Int(0, PERDU_CARDS - 1)), list, hidden=EVERYONE, doc="top last")
    perdu_held = Field(PerSeat(Int(-1, PERDU_CARDS - 1)), lambda s: [-1] * s.num_players,
                       hidden=OTHERS + " until the round ends (holding one is public)",
                       doc="per seat: its perdu card this round, -1: none")
    perdu_box = Field(ListOf(Int(0, PERDU_CARDS - 1)), list, hidden=EVERYONE,
                      doc="the perdu cards out of play (E8)")
    perdu_revealed = Field(NumberSet(PERDU_CARDS), 0,
                           doc="the perdu cards ever shown to all (bitmask)")
    winner_pile = Field(ListOf(Int(0, 99)), list, hidden=EVERYONE, doc="diamonds, top last")
    winner_held = Field(PerSeat(ListOf(Int(0, 99))), lambda s: [[] for _ in s.seats],
                        hidden=OTHERS + " until the game ends (how many is public)")
    winner_box = Field(ListOf(Int(0, 99)), list, hidden=EVERYONE,
                       doc="exhausted_table=no_winner: the winner cards nobody won")
    current = Field(Seat(), 0)
    starter = Field(Seat(), 0)
    next_starter = Field(Seat(), 0)
    active = Field(PerSeat(Flag()), lambda s: [True] * s.num_players)
    reference = Field(Position(low=-1), -1,
                      doc="the position of the card to connect to, -1: free flip")
    first_flip = Field(Flag(), True)
    round = Field(Int(0, WINNER_CARDS), 0)
    final_winners = Field(ListOf(Seat()), list, json="winners")
    last_flip = Field(LastFlip(), None, doc="(seat, position, card, success)")
    last_round = Field(LastRound(), None,
                       doc="(round, winner or -1, reason, ((seat, perdu card), ...), next starter "
                           "or -1)")

    cfg = Derived(_config)
    deck = Derived(lambda s: s.cfg.deck)
    layout = Derived(lambda s: s.cfg.layout)
    # The face-down positions, ascending: a tuple, replaced and never changed in place.
    down = Derived(lambda s: tuple([i for i, up in enumerate(s.up) if not up]))
    n_active = Derived(lambda s: sum(s.active))
    connect_mask = Derived(_connect_mask)

    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        phase = self.phase
        if phase == FLIP:
            return self.current
        if phase == OVER:
            return TERMINAL
        return CHANCE

    # ---------------------------------------------------------------- chance
    def chance_spec(self) -> Shuffle | Pick:
        phase = self.phase
        if phase == DEAL:
            return self.cfg.deal_spec
        if phase == PERDU:
            return self.cfg.perdu_spec
        if phase == WINNERS:
            return self.cfg.winner_spec
        if phase == STARTER:
            return self.cfg.starter_spec
        if phase == RESHUFFLE:
            return self.cfg.reshuffle_spec(self.perdu_pile)
        raise ChanceError("error.no_chance")

    def apply_chance(self, outcome: Any, events: list[Event] | None = None) -> None:
        """Deal: outcome[i] lies at position i, the last card is set aside unseen.
        Perdu: the first N-1 cards form the pile (top first), the rest go back to the box (E8;
        with perdu_cards=fewest_skulls the cards in play are fixed and the outcome only orders
        them). Winners: the pile, top first. Starter: a seat (E12; no chance point with
        first_player=first_seat). Reshuffle: the perdu pile, top first (with 2 players the
        pile is a single card: no chance point)."""
        if type(outcome) is not Drawn or not self.is_chance():  # Drawn: made for this spec
            # wrong types (0.0 or True for the card 0 or 1) too
            outcome = self.chance_spec().check(outcome)
        phase = self.phase
        if phase == DEAL:
            positions = self.layout.positions
            self.cards = outcome[:positions]
            self.aside = outcome[positions]
            self.phase = PERDU
            if events is not None:
                events.append(Event("deal", {"positions": positions, "layout": self.layout.kind}))
        elif phase == PERDU:
            in_play = self.num_players - 1
            fixed = self.cfg.perdu_in_play
            if fixed is not None:  # E8 option: the N-1 cards with the fewest skulls
                self.perdu_pile = [k for k in reversed(outcome) if k in fixed]
                self.perdu_box = [k for k in outcome if k not in fixed]
            else:
                self.perdu_pile = list(reversed(outcome[:in_play]))
                self.perdu_box = list(outcome[in_play:])
            self.phase = WINNERS
            if events is not None:
                events.append(Event("perdu_setup", {"in_play": in_play,
                                                    "box": len(self.perdu_box)}))
        elif phase == WINNERS:
            self.winner_pile = list(reversed(outcome))
            self.phase = STARTER
            if events is not None:
                events.append(Event("winner_setup", {"cards": len(outcome)}))
            if self.cfg.fixed_starter:  # E12 option: the first seat starts, no draw
                self._begin(0, False, events)
        elif phase == STARTER:
            self._begin(outcome, True, events)
        else:  # RESHUFFLE
            self.perdu_pile = list(reversed(outcome))
            if events is not None:
                events.append(Event("reshuffle", {"cards": len(outcome)}))
            self._start_round(self.next_starter, events)

    def _begin(self, starter: int, drawn: bool, events: list[Event] | None) -> None:
        """The first player is known (E12): the peek (E11), then the first round."""
        if events is not None:
            events.append(Event("starter", {"player": starter, "drawn": drawn}))
            codes, cards = self.deck.codes, self.cards
            events.append(Event("peek", {"players": self.num_players}, {
                seat: {"positions": list(home), "cards": [codes[cards[i]] for i in home]}
                for seat, home in enumerate(self.layout.homes)
            }))
        self._start_round(starter, events)

    # ------------------------------------------------------------- decisions
    def reject(self, action: Any) -> IllegalActionError:
        """Why a position may not be turned over: face up already, or a home card at the
        first flip of a round (E6); otherwise the generic error."""
        if self.phase == FLIP and type(action) is int and 0 <= action < len(self.up):
            allowed = ", ".join(self.game.action_to_text(a) for a in self.legal_actions())
            shown = self.game.action_to_text(action)
            if self.up[action]:
                return IllegalActionError("decimoarr.error.face_up", action=shown,
                                          allowed=allowed)
            owner = self.layout.home_of[action]
            if self.first_flip and self.cfg.excludes_homes and owner >= 0:
                return IllegalActionError("decimoarr.error.first_flip_home", action=shown,
                                          owner=owner + 1, allowed=allowed)
        return super().reject(action)

    def legal_actions(self) -> list[int]:
        if self.phase != FLIP:
            return []
        if self.first_flip and self.cfg.excludes_homes:  # E6: every card is face down now
            return list(self.layout.not_home)
        return list(self.down)

    def apply_action(self, action: int, events: list[Event] | None = None) -> None:
        up = self.up
        if (
            self.phase != FLIP
            or type(action) is not int
            or not 0 <= action < len(up)
            or up[action]
            or (self.first_flip and self.cfg.excludes_homes and self.layout.home_of[action] >= 0)
        ):
            raise self.reject(action)
        flips = self.flips = self.flips + 1
        seat = self.current
        card = self.cards[action]
        reference = self.reference
        # E14: the first flip connects to anything (mask -1). E2, E4: the partners of the
        # reference card, which never include the card itself.
        ok = self.connect_mask >> card & 1 == 1
        self.seen |= 1 << action
        self.last_seen[action] = flips
        self.last_flip = (seat, action, card, ok)
        if events is not None:
            codes = self.deck.codes
            events.append(Event("flip", {
                "player": seat, "position": action, "card": codes[card], "success": ok,
                "reference": codes[self.cards[reference]] if reference >= 0 else None,
            }))
        self.first_flip = False
        if ok:
            up[action] = True
            down = self.down
            at = down.index(action)
            down = self.down = down[:at] + down[at + 1:]
            self.reference = action
            self.connect_mask = self.deck.partners[card]
            if not down:  # E7: no face-down card left
                self._end_round(EXHAUSTED, events, seat)
                return
        else:  # E5: shown, then turned face down again; the player is out (rules 4.4 FAIL)
            if self.cfg.last_flipped:  # E4 option
                self.reference = action
                self.connect_mask = self.deck.partners[card]
            perdu = self.perdu_pile.pop()
            self.perdu_held[seat] = perdu
            self.active[seat] = False
            self.n_active -= 1
            if events is not None:
                events.append(Event("perdu", {"player": seat, "left": len(self.perdu_pile)},
                                    {seat: {"skulls": self.cfg.skulls[perdu]}}))
            if self.n_active == 1:
                self._end_round(LAST_IN, events)
                return
        self.current = next_seat(seat, 1, self.num_players, self.active)  # E3

    # ----------------------------------------------------------- transitions
    def _start_round(self, starter: int, events: list[Event] | None) -> None:
        self.round += 1
        self.starter = self.current = starter
        self.active = [True] * self.num_players
        self.n_active = self.num_players
        self.reference = -1
        self.connect_mask = -1  # E14: the first flip connects to anything
        self.first_flip = True
        self.phase = FLIP
        if events is not None:
            events.append(Event("round", {"round": self.round, "starter": starter,
                                          "rounds": self.cfg.rounds}))

    def _end_round(self, reason: str, events: list[Event] | None, last_flipper: int = -1) -> None:
        """Rules 4.4 ROUND_END: the winner card, the perdu cards shown, the next starter."""
        n = self.num_players
        cfg = self.cfg
        if reason == LAST_IN:
            winner = self.active.index(True)
        elif not cfg.no_winner:  # E7: the player who turned the last card over
            winner = last_flipper
        else:
            winner = -1
        skulls = cfg.skulls
        held = self.perdu_held
        losers = [(p, held[p]) for p in range(n) if held[p] >= 0]
        # E15: if nobody took a perdu card, the seat after this round's starter opens the
        # next round (option starter_if_no_perdu=same_seat: the same starter again).
        next_starter = self.starter if cfg.same_starter else (self.starter + 1) % n
        most = -1
        for p, perdu in losers:
            if skulls[perdu] > most:
                most, next_starter = skulls[perdu], p
        diamonds = self.winner_pile.pop()
        if winner >= 0:
            self.winner_held[winner].append(diamonds)
        else:
            self.winner_box.append(diamonds)
        for _, perdu in losers:
            self.perdu_revealed |= 1 << perdu
            self.perdu_pile.append(perdu)
        self.perdu_held = [-1] * n
        up, last_seen, flips = self.up, self.last_seen, self.flips
        for i in range(len(up)):  # every card face down again, at its place
            if up[i]:
                last_seen[i] = flips
        self.up = [False] * len(up)
        self.down = cfg.all_positions
        self.reference = -1
        over = not self.winner_pile
        self.next_starter = next_starter
        self.last_round = (self.round, winner, reason, tuple(losers),
                           -1 if over else next_starter)
        if events is not None:
            public = round_to_json(self.last_round, skulls)
            public["rounds_won"] = [len(h) for h in self.winner_held]
            private = {winner: {"diamonds": diamonds}} if winner >= 0 else {}
            events.append(Event("round_end", public, private))
        if over:
            self._end_game(events)
        elif len(self.perdu_pile) > 1:
            self.phase = RESHUFFLE
        else:  # a single perdu card in play (2 players): nothing to shuffle
            self._start_round(next_starter, events)

    def _end_game(self, events: list[Event] | None) -> None:
        """Most diamonds wins; E13: ties by rounds won (option), then shared."""
        held = self.winner_held
        if self.cfg.rounds_won_tie:
            keys = [(sum(h), len(h)) for h in held]
        else:
            keys = [(sum(h), 0) for h in held]
        best = max(keys)
        self.final_winners = [p for p in range(self.num_players) if keys[p] == best]
        self.phase = OVER
        if events is not None:
            events.append(Event("game_over", {
                "winners": list(self.final_winners),
                "scores": [sum(h) for h in held],
                "diamonds": [sorted(h) for h in held],
                "rounds_won": [len(h) for h in held],
            }))

    # ------------------------------------------------------------ end of game
    def winners(self) -> list[int]:
        return list(self.final_winners)

    def metrics(self) -> dict[str, int]:
        return {"rounds": self.round, "decisions": self.flips}

    # ----------------------------------------------------------- information
    def memory_mask(self, player: int | None) -> int:
        """The positions `player` has seen (None: what everyone has seen)."""
        if player is None or self.phase < FLIP:
            return self.seen
        return self.seen | self.layout.home_masks[player]

    def chance_view(self, player: int) -> dict[str, Any]:
        """The part of `view(player)` a chance point shows, built alone (what
        `encoding.encode_chance` reads: the reader's seat, the starter, the seat to act,
        its memory, the layout's homes), the same values as the whole view's: the OpenSpiel
        information state reads it after every chance point."""
        self._check_seat(player)
        return {"seat": player, "players": self.num_players,
                "starter": self.starter if self.round else None,
                "to_act": self.current if self.phase == FLIP else None,
                "memory": self._memory_view(player)[0],
                "layout": {"homes": [list(home) for home in self.layout.homes]}}

    def _memory_view(self, player: int | None) -> tuple[list[str | None], list[int | None]]:
        """The card `player` knows at each position (None: not known), and how many flips
        ago it last saw it (0: face up)."""
        codes, cards, up = self.deck.codes, self.cards, self.up
        last_seen, flips, seen = self.last_seen, self.flips, self.seen
        positions = self.layout.positions
        known = self.memory_mask(player)
        memory: list[str | None] = [None] * positions
        ages: list[int | None] = [None] * positions
        if cards:
            for i in range(positions):
                if known >> i & 1:
                    memory[i] = codes[cards[i]]
                    ages[i] = 0 if up[i] else flips - (last_seen[i] if seen >> i & 1 else 0)
        return memory, ages

    def view(self, player: int | None) -> DecimoarrView:
        """What `player` may see (None: a spectator). Rules 4.4, "Information"."""
        self._check_seat(player)  # before any list is read with it (-1 is not seat 2)
        layout, codes, cards = self.layout, self.deck.codes, self.cards
        positions = layout.positions
        up, flips = self.up, self.flips
        table = [codes[cards[i]] if up[i] else None for i in range(positions)]
        memory, ages = self._memory_view(player)
        over = self.phase == OVER
        skulls = self.options["skulls"]
        players = []
        for seat in range(self.num_players):
            held = self.perdu_held[seat]
            won = self.winner_held[seat]
            players.append({
                "active": self.active[seat] if self.phase == FLIP else None,
                "perdu": held >= 0,
                "skulls": skulls[held] if held >= 0 and seat == player else None,
                "rounds_won": len(won),
                "diamonds": sorted(won) if over or seat == player else None,
            })
        reference = self.reference
        last_flip = None
        if self.last_flip is not None:
            by, pos, card, ok = self.last_flip
            last_flip = {"player": by, "position": pos, "card": codes[card], "success": ok}
        return {
            "game": "decimoarr",
            "seat": player,
            "players": self.num_players,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current if self.phase == FLIP else None,
            "round": self.round,
            "rounds": len(self.options["diamonds"]),
            "starter": self.starter if self.round else None,
            "first_flip": self.phase == FLIP and self.first_flip,
            "reference": reference if reference >= 0 else None,
            # E4 option last_flipped: a failed reference lies face down; its place is
            # shown, its face only in the seat's memory (remembering is the game).
            "reference_card": codes[cards[reference]] if reference >= 0 and up[reference]
            else None,
            "table": table,
            "memory": memory,
            "memory_age": ages,
            "flips": flips,
            "layout": {
                "kind": layout.kind,
                "positions": positions,
                "rows": layout.rows,
                "cols": layout.cols,
                "cells": [list(cell) for cell in layout.cells],
                "homes": [list(home) for home in layout.homes],
                "sides": list(layout.sides),
            },
            "seats": players,
            "perdu_pile": len(self.perdu_pile),
            "perdu_seen": sorted(skulls[k] for k in range(PERDU_CARDS)
                                 if self.perdu_revealed >> k & 1),
            "winner_pile": len(self.winner_pile),
            "winner_box": len(self.winner_box),
            "last_flip": last_flip,
            "last_round": round_to_json(self.last_round, skulls),
            "scores": [sum(h) for h in self.winner_held] if over else None,
            "winners": list(self.final_winners),
            "options": self.options_view(),
        }


    # ------------------------------------------------------------ sampling
    @classmethod
    def from_view(cls, game: Any, view: DecimoarrView, rng: random.Random) -> DecimoarrState:
        """A full state consistent with `view` (a seat's, or a spectator's; at any phase,
        chance points included): what the view shows is kept, everything else is dealt at
        random from what it does not show.

        The décimal cards the view remembers stay at their places, the others (and
        the card set aside) are shuffled; perdu cards shown at an earlier round's end
        stay in play; the winner cards the view does not show are shuffled among the
        other seats, the pile and the box. This is how a search bot imagines the
        game: it never touches the true state.
        """
        return cls.dealer(game, view)(rng)

    @classmethod
    def dealer(cls, game: Any, view: DecimoarrView) -> Callable[[random.Random], DecimoarrState]:
        """`from_view` as a function of the generator alone: the view is read once (what it
        shows, and what is left to deal), each call deals with the generator's draws (the
        same as `from_view`'s: the décimal cards, then the perdu cards, then the winners)."""
        players = view["players"]
        state = cls(game, players, game.validate(players, view["options"]))
        seat = view["seat"]
        deck, layout, cfg = state.deck, state.layout, state.cfg
        positions = layout.positions
        phase = state.phase = PHASE_NAMES.index(view["phase"])
        flips = state.flips = view["flips"]
        placed: list[int] | None = None  # per position: its card if the view shows it, else -1
        if phase > DEAL:
            memory, ages, table = view["memory"], view["memory_age"], view["table"]
            placed = [-1] * positions
            for i in range(positions):
                code = memory[i]
                if code is None:
                    continue
                placed[i] = deck.index[code]
                if table[i] is not None:
                    state.up[i] = True
                    state.seen |= 1 << i
                    state.last_seen[i] = flips  # in sight now: when it was turned is not needed
                elif seat is not None and layout.home_of[i] == seat and ages[i] == flips:
                    pass  # only peeked at (a public sight is at flip 1 or later)
                else:
                    state.seen |= 1 << i
                    state.last_seen[i] = flips - ages[i]
            shown = set(placed)
            unplaced = [c for c in range(deck.size) if c not in shown]
        seats = view["seats"]
        if phase == FLIP:
            state.active = [bool(entry["active"]) for entry in seats]
            state.current = view["to_act"]
        state.round = view["round"]
        state.starter = view["starter"] if view["starter"] is not None else 0
        state.first_flip = view["first_flip"] if phase == FLIP else True
        if view["reference"] is not None:
            state.reference = view["reference"]
        skulls = cfg.skulls
        perdu: tuple[Any, ...] | None = None
        if phase > PERDU:
            own = -1
            if seat is not None and seats[seat]["perdu"]:
                own = skulls.index(seats[seat]["skulls"])
                state.perdu_held[seat] = own
            state.perdu_revealed = sum(1 << skulls.index(k) for k in view["perdu_seen"])
            holders = [p for p in range(players) if p != seat and seats[p]["perdu"]]
            slots = len(holders) + view["perdu_pile"]
            fixed = cfg.perdu_in_play  # E8 option: the cards in play are known
            candidates = [k for k in range(PERDU_CARDS) if fixed is None or k in fixed]
            shown_in_play = [k for k in candidates if k != own and state.perdu_revealed >> k & 1]
            unknown = [k for k in candidates if k != own and not state.perdu_revealed >> k & 1]
            perdu = (holders, shown_in_play, unknown, slots - len(shown_in_play))
            if fixed is not None:
                state.perdu_box = [k for k in range(PERDU_CARDS) if k not in fixed]
        winners: tuple[Any, ...] | None = None
        if phase > WINNERS:
            diamonds = sorted(state.options["diamonds"])
            shown_seats = [p for p in range(players) if seats[p]["diamonds"] is not None]
            for p in shown_seats:
                state.winner_held[p] = list(seats[p]["diamonds"])
                for d in seats[p]["diamonds"]:
                    diamonds.remove(d)
            winners = (diamonds, [(p, seats[p]["rounds_won"]) for p in range(players)
                                  if p not in shown_seats],
                       view["winner_pile"], view["winner_box"])
        if view["last_flip"] is not None:
            last = view["last_flip"]
            state.last_flip = (last["player"], last["position"], deck.index[last["card"]],
                               last["success"])
        state.last_round = _round_from_json(view["last_round"], skulls, players)
        if state.last_round is not None and state.last_round[4] >= 0:
            state.next_starter = state.last_round[4]
        state.final_winners = list(view["winners"])

        def deal(rng: random.Random) -> DecimoarrState:
            sample = state.clone()
            if placed is not None:
                pool = unplaced.copy()
                rng.shuffle(pool)
                cards = iter(pool)
                sample.cards = tuple([c if c >= 0 else next(cards) for c in placed])
                sample.aside = next(cards)
            if perdu is not None:
                holders, shown_in_play, unknown, cut = perdu
                unknown = unknown.copy()
                rng.shuffle(unknown)
                in_play = shown_in_play + unknown[:cut]
                rng.shuffle(in_play)
                for index, p in enumerate(holders):
                    sample.perdu_held[p] = in_play[index]
                sample.perdu_pile = in_play[len(holders):]
                if cfg.perdu_in_play is None:
                    sample.perdu_box = unknown[cut:]
            if winners is not None:
                diamonds, hidden, pile, box = winners
                pool = diamonds.copy()
                rng.shuffle(pool)
                dealt = iter(pool)
                for p, won in hidden:
                    sample.winner_held[p] = [next(dealt) for _ in range(won)]
                sample.winner_pile = [next(dealt) for _ in range(pile)]
                sample.winner_box = [next(dealt) for _ in range(box)]
            sample.after_load()  # the face-down positions, the seats still in, the connections
            return sample

        return deal

    # ------------------------------------------------------------ checking
    def after_load(self) -> None:
        """The cards are on the table from the deal on (a snapshot could say otherwise);
        then the derived attributes."""
        dealt = self.phase > DEAL
        expected = self.layout.positions if dealt else 0
        if len(self.cards) != expected:
            raise SnapshotError("error.snapshot_value", field="cards", problem=Problem(
                "snapshot.length", count=len(self.cards), expected=expected))
        if dealt != (self.aside >= 0):
            raise SnapshotError("error.snapshot_value", field="aside", problem=Problem(
                "snapshot.not_card" if dealt else "snapshot.custom",
                value=repr(self.deck.codes[self.aside]) if self.aside >= 0 else "null",
                allowed=", ".join(self.deck.codes)))
        super().after_load()

    def component_counts(self) -> dict[str, int]:
        codes = self.deck.codes
        counts = {code: 0 for code in codes}
        for card in self.cards:
            counts[codes[card]] += 1
        if self.aside >= 0:
            counts[codes[self.aside]] += 1
        for k in range(PERDU_CARDS):
            counts[f"perdu{k}"] = 0
        for k in self.perdu_pile + self.perdu_box + [k for k in self.perdu_held if k >= 0]:
            counts[f"perdu{k}"] += 1
        for d in sorted(set(self.options["diamonds"])):
            counts[f"winner{d}"] = 0
        for d in self.winner_pile + self.winner_box + [d for h in self.winner_held for d in h]:
            counts[f"winner{d}"] += 1
        return counts

    def check_invariants(self) -> None:
        n = self.num_players
        positions = self.layout.positions
        assert len(self.up) == positions and len(self.last_seen) == positions
        assert self.down == tuple(i for i in range(positions) if not self.up[i]), \
            "face-down list out of step"
        for i in range(positions):
            assert not self.up[i] or self.seen >> i & 1, "a face-up card nobody saw"
            assert (self.last_seen[i] >= 0) == bool(self.seen >> i & 1), "last_seen out of step"
            assert self.last_seen[i] <= self.flips
        if self.phase > DEAL:
            assert len(self.cards) == positions, "cards missing from the table"
            assert sorted((*self.cards, self.aside)) == list(range(self.deck.size)), \
                "décimal cards are not conserved"
        if self.phase > PERDU:
            held = [k for k in self.perdu_held if k >= 0]
            assert sorted(self.perdu_pile + held + self.perdu_box) == list(range(PERDU_CARDS)), \
                "perdu cards are not conserved"
            assert len(self.perdu_box) == PERDU_CARDS - (n - 1), "wrong number of perdu cards"
            assert not any(self.perdu_revealed >> k & 1 for k in self.perdu_box), \
                "a perdu card seen in play is in the box"
            if self.cfg.perdu_in_play is not None:
                assert not set(self.perdu_box) & self.cfg.perdu_in_play, "E8: wrong cards in play"
        if self.phase > WINNERS:
            held = [d for h in self.winner_held for d in h]
            assert sorted(self.winner_pile + held + self.winner_box) == \
                sorted(self.options["diamonds"]), "winner cards are not conserved"
        rounds = len(self.options["diamonds"])
        if self.phase == FLIP:
            assert 1 <= self.round <= rounds
            assert len(self.winner_pile) == rounds - self.round + 1, "winner pile out of step"
            assert self.active[self.current], "the current seat is out"
            assert self.n_active == sum(self.active) >= 2, "active count"
            for p in range(n):
                assert (self.perdu_held[p] >= 0) == (not self.active[p]), "perdu card holders"
            assert self.down, "no face-down card left"
            if self.first_flip:
                assert not any(self.up) and self.reference < 0 and self.n_active == n
            else:
                assert 0 <= self.reference < positions, "no reference card"
                assert self.connect_mask == self.deck.partners[self.cards[self.reference]]
                if not self.cfg.last_flipped:
                    assert self.up[self.reference], "the reference is face down"
        elif self.phase in (RESHUFFLE, OVER):
            assert not any(self.up) and all(k < 0 for k in self.perdu_held)
        if self.phase == OVER:
            assert not self.winner_pile and self.final_winners, "the game ended early"
        else:
            assert not self.final_winners


def round_to_json(last_round: tuple | None, skulls: Any) -> RoundView | None:
    """The public account of a round's end: its winner, the perdu cards shown, the next starter."""
    if last_round is None:
        return None
    round_, winner, reason, losers, next_starter = last_round
    return {
        "round": round_,
        "winner": winner if winner >= 0 else None,
        "reason": reason,
        "perdu": [{"player": p, "skulls": skulls[k]} for p, k in losers],
        "next_starter": next_starter if next_starter >= 0 else None,
    }


def _round_from_json(data: Any, skulls: Any, players: int) -> tuple | None:
    """Back from round_to_json (a snapshot's or a view's); ValueError on a bad account."""
    if data is None:
        return None

    def seat(value: Any, none: bool = False) -> int:
        if value is None and none:
            return -1
        if type(value) is not int or not 0 <= value < players:
            raise ValueError(value)
        return value

    if type(data["round"]) is not int or data["reason"] not in (LAST_IN, EXHAUSTED):
        raise ValueError(data)
    losers = tuple((seat(entry["player"]), list(skulls).index(entry["skulls"]))
                   for entry in data["perdu"])
    return (data["round"], seat(data["winner"], none=True), data["reason"], losers,
            seat(data["next_starter"], none=True))
