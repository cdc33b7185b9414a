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
from collections.abc import Mapping
from typing import Any

from ludotheque.core.chance import Pick, Shuffle
from ludotheque.core.errors import ChanceError, IllegalActionError, SnapshotError, reading_snapshot
from ludotheque.core.events import Event
from ludotheque.core.game import CHANCE, TERMINAL, State
from ludotheque.core.seats import next_seat
from ludotheque.games.decimoarr.components import (
    MAX_POSITIONS,
    PERDU_CARDS,
    Deck,
    Layout,
    deck_for,
    layout_for,
)

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
                 "fixed_starter", "same_starter")

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


class DecimoarrState(State):
    __slots__ = (
        "game", "num_players", "options", "cfg", "deck", "layout", "cards", "aside", "up", "down",
        "seen", "last_seen", "flips", "perdu_pile", "perdu_held", "perdu_box", "perdu_revealed",
        "winner_pile", "winner_held", "winner_box", "phase", "current", "starter",
        "next_starter", "active", "n_active", "reference", "connect_mask", "first_flip",
        "round", "final_winners", "last_flip", "last_round",
    )

    def __init__(self, game: Any, num_players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.cfg = cfg = config_for(options, num_players)
        self.deck: Deck = cfg.deck
        self.layout: Layout = cfg.layout
        self.cards: list[int] = []  # card id per position (empty before the deal)
        self.aside = -1  # the card set aside unseen (E1, setup step 1)
        self.up = [False] * cfg.positions
        self.down = list(cfg.all_positions)  # the face-down positions, ascending
        self.seen = 0
        self.last_seen = [-1] * self.layout.positions
        self.flips = 0
        self.perdu_pile: list[int] = []  # top last
        self.perdu_held = [-1] * num_players
        self.perdu_box: list[int] = []
        self.perdu_revealed = 0  # bitmask of perdu cards ever shown to all
        self.winner_pile: list[int] = []  # diamonds, top last
        self.winner_held: list[list[int]] = [[] for _ in range(num_players)]
        self.winner_box: list[int] = []  # exhausted_table=no_winner: cards nobody won
        self.phase = DEAL
        self.current = 0
        self.starter = 0
        self.next_starter = 0
        self.active = [True] * num_players
        self.n_active = num_players
        self.reference = -1  # the position of the card to connect to, -1: free flip
        self.connect_mask = -1  # the cards that connect to the reference (bitmask)
        self.first_flip = True
        self.round = 0
        self.final_winners: list[int] = []
        self.last_flip: tuple[int, int, int, bool] | None = None  # seat, position, card, success
        self.last_round: tuple | None = None

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
        spec = self.chance_spec()
        outcome = spec.check(outcome)
        phase = self.phase
        if phase == DEAL:
            positions = self.layout.positions
            self.cards = list(outcome[:positions])
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
        return self.down[:]

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
            down.remove(action)
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
        self.down = list(cfg.all_positions)
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

    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator). Rules 4.4, "Information"."""
        layout, codes, cards = self.layout, self.deck.codes, self.cards
        positions = layout.positions
        up, last_seen, flips, seen = self.up, self.last_seen, self.flips, self.seen
        known = self.memory_mask(player)
        dealt = bool(cards)
        table = [codes[cards[i]] if up[i] else None for i in range(positions)]
        memory: list[str | None] = [None] * positions
        ages: list[int | None] = [None] * positions
        if dealt:
            for i in range(positions):
                if known >> i & 1:
                    memory[i] = codes[cards[i]]
                    ages[i] = 0 if up[i] else flips - (last_seen[i] if seen >> i & 1 else 0)
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
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
        }

    def determinize(self, player: int | None, rng: random.Random) -> DecimoarrState:
        """Resample everything `player` has never seen, keeping every card and his view.

        Hidden: the décimal cards at positions outside his memory and the card set
        aside; the order of the perdu pile, the perdu cards other seats hold this
        round and the ones in the box (a perdu card ever shown stays in play); the
        winner pile, the winner cards of the others (until the end) and those in
        the box.
        """
        state = self.clone()
        if self.cards:
            known = self.memory_mask(player)
            hidden = [i for i in range(self.layout.positions) if not known >> i & 1]
            pool = [self.cards[i] for i in hidden] + [self.aside]
            rng.shuffle(pool)
            for slot, pos in enumerate(hidden):
                state.cards[pos] = pool[slot]
            state.aside = pool[-1]
        if self.phase > PERDU:
            holders = [p for p in range(self.num_players) if p != player and self.perdu_held[p] >= 0]
            in_play = [self.perdu_held[p] for p in holders] + self.perdu_pile
            shown = [k for k in in_play if self.perdu_revealed >> k & 1]
            unknown = [k for k in in_play if not self.perdu_revealed >> k & 1]
            if self.cfg.perdu_in_play is None:  # E8: which cards are in play is hidden too
                unknown += self.perdu_box
            rng.shuffle(unknown)
            cut = len(in_play) - len(shown)
            new_in_play = shown + unknown[:cut]
            rng.shuffle(new_in_play)
            for index, p in enumerate(holders):
                state.perdu_held[p] = new_in_play[index]
            state.perdu_pile = new_in_play[len(holders):]
            if self.cfg.perdu_in_play is None:
                state.perdu_box = unknown[cut:]
        if self.phase > WINNERS:
            others = [] if self.phase == OVER else [
                p for p in range(self.num_players) if p != player]
            pool = [d for p in others for d in self.winner_held[p]]
            pool += self.winner_pile + self.winner_box
            rng.shuffle(pool)
            take = iter(pool)
            for p in others:
                state.winner_held[p] = [next(take) for _ in self.winner_held[p]]
            state.winner_pile = [next(take) for _ in self.winner_pile]
            state.winner_box = [next(take) for _ in self.winner_box]
        return state

    # -------------------------------------------------------------- copying
    def clone(self) -> DecimoarrState:
        other = object.__new__(DecimoarrState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.cfg = self.cfg
        other.deck = self.deck
        other.layout = self.layout
        other.cards = self.cards[:]
        other.aside = self.aside
        other.up = self.up[:]
        other.down = self.down[:]
        other.seen = self.seen
        other.last_seen = self.last_seen[:]
        other.flips = self.flips
        other.perdu_pile = self.perdu_pile[:]
        other.perdu_held = self.perdu_held[:]
        other.perdu_box = self.perdu_box[:]
        other.perdu_revealed = self.perdu_revealed
        other.winner_pile = self.winner_pile[:]
        other.winner_held = [held[:] for held in self.winner_held]
        other.winner_box = self.winner_box[:]
        other.phase = self.phase
        other.current = self.current
        other.starter = self.starter
        other.next_starter = self.next_starter
        other.active = self.active[:]
        other.n_active = self.n_active
        other.reference = self.reference
        other.connect_mask = self.connect_mask
        other.first_flip = self.first_flip
        other.round = self.round
        other.final_winners = self.final_winners[:]
        other.last_flip = self.last_flip  # immutable tuples
        other.last_round = self.last_round
        return other

    def to_json(self) -> dict[str, Any]:
        codes = self.deck.codes
        last_flip = None
        if self.last_flip is not None:
            by, pos, card, ok = self.last_flip
            last_flip = [by, pos, codes[card], ok]
        return {
            "game": "decimoarr",
            "players": self.num_players,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "phase": PHASE_NAMES[self.phase],
            "cards": [codes[c] for c in self.cards],
            "aside": codes[self.aside] if self.aside >= 0 else None,
            "up": [i for i, face_up in enumerate(self.up) if face_up],
            "seen": [i for i in range(self.layout.positions) if self.seen >> i & 1],
            "last_seen": list(self.last_seen),
            "flips": self.flips,
            "perdu_pile": list(self.perdu_pile),
            "perdu_held": list(self.perdu_held),
            "perdu_box": list(self.perdu_box),
            "perdu_revealed": [k for k in range(PERDU_CARDS) if self.perdu_revealed >> k & 1],
            "winner_pile": list(self.winner_pile),
            "winner_held": [list(h) for h in self.winner_held],
            "winner_box": list(self.winner_box),
            "current": self.current,
            "starter": self.starter,
            "next_starter": self.next_starter,
            "active": list(self.active),
            "reference": self.reference,
            "first_flip": self.first_flip,
            "round": self.round,
            "winners": list(self.final_winners),
            "last_flip": last_flip,
            "last_round": round_to_json(self.last_round, self.options["skulls"]),
        }

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
        assert self.down == [i for i in range(positions) if not self.up[i]], \
            "face-down list out of step"
        for i in range(positions):
            assert not self.up[i] or self.seen >> i & 1, "a face-up card nobody saw"
            assert (self.last_seen[i] >= 0) == bool(self.seen >> i & 1), "last_seen out of step"
            assert self.last_seen[i] <= self.flips
        if self.phase > DEAL:
            assert len(self.cards) == positions, "cards missing from the table"
            assert sorted(self.cards + [self.aside]) == list(range(self.deck.size)), \
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


def round_to_json(last_round: tuple | None, skulls: Any) -> dict[str, Any] | None:
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


def state_from_json(game: Any, data: Mapping[str, Any]) -> DecimoarrState:
    """Rebuild a snapshot, checking every field (SnapshotError names the first bad one)."""

    def fail(field: str) -> SnapshotError:
        return SnapshotError("error.snapshot_field", field=field)

    def integer(value: Any, field: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise fail(field)
        return value

    def flag(value: Any, field: str) -> bool:
        if type(value) is not bool:
            raise fail(field)
        return value

    def int_list(values: Any, field: str, low: int, high: int) -> list[int]:
        if not isinstance(values, list):
            raise fail(field)
        return [integer(v, field, low, high) for v in values]

    with reading_snapshot():
        if data.get("game") != "decimoarr":
            raise fail("game")
        players = data["players"]
        options = game.validate(players, data.get("options") or {})
        state = DecimoarrState(game, players, options)
        deck, positions = state.deck, state.layout.positions
        if data["phase"] not in PHASE_NAMES:
            raise fail("phase")
        state.phase = PHASE_NAMES.index(data["phase"])
        cards = data["cards"]
        if not isinstance(cards, list) or any(c not in deck.index for c in cards):
            raise fail("cards")
        state.cards = [deck.index[c] for c in cards]
        aside = data["aside"]
        if aside is not None and aside not in deck.index:
            raise fail("aside")
        state.aside = deck.index[aside] if aside is not None else -1
        if (state.phase > DEAL) != (len(state.cards) == positions) or \
                (state.phase > DEAL) != (state.aside >= 0):
            raise fail("cards")
        state.up = [False] * positions
        for i in int_list(data["up"], "up", 0, positions - 1):
            state.up[i] = True
        state.down = [i for i in range(positions) if not state.up[i]]
        state.seen = sum(1 << i for i in set(int_list(data["seen"], "seen", 0, positions - 1)))
        state.last_seen = int_list(data["last_seen"], "last_seen", -1, 10**9)
        if len(state.last_seen) != positions:
            raise fail("last_seen")
        seats = players - 1
        state.flips = integer(data["flips"], "flips", 0, 10**9)
        state.perdu_pile = int_list(data["perdu_pile"], "perdu_pile", 0, PERDU_CARDS - 1)
        state.perdu_held = int_list(data["perdu_held"], "perdu_held", -1, PERDU_CARDS - 1)
        state.perdu_box = int_list(data["perdu_box"], "perdu_box", 0, PERDU_CARDS - 1)
        if len(state.perdu_held) != players:
            raise fail("perdu_held")
        state.perdu_revealed = sum(
            1 << k for k in set(int_list(data["perdu_revealed"], "perdu_revealed", 0,
                                         PERDU_CARDS - 1)))
        state.winner_pile = int_list(data["winner_pile"], "winner_pile", 0, 99)
        held = data["winner_held"]
        if not isinstance(held, list) or len(held) != players:
            raise fail("winner_held")
        state.winner_held = [int_list(h, "winner_held", 0, 99) for h in held]
        state.winner_box = int_list(data["winner_box"], "winner_box", 0, 99)
        state.current = integer(data["current"], "current", 0, seats)
        state.starter = integer(data["starter"], "starter", 0, seats)
        state.next_starter = integer(data["next_starter"], "next_starter", 0, seats)
        active = data["active"]
        if not isinstance(active, list) or len(active) != players:
            raise fail("active")
        state.active = [flag(a, "active") for a in active]
        state.n_active = sum(state.active)
        state.reference = integer(data["reference"], "reference", -1, positions - 1)
        state.first_flip = flag(data["first_flip"], "first_flip")
        state.round = integer(data["round"], "round", 0, len(options["diamonds"]))
        if state.reference >= 0 and state.phase == FLIP:
            state.connect_mask = deck.partners[state.cards[state.reference]]
        state.final_winners = int_list(data["winners"], "winners", 0, seats)
        last_flip = data["last_flip"]
        if last_flip is not None:
            if not isinstance(last_flip, list) or len(last_flip) != 4 or \
                    last_flip[2] not in deck.index:
                raise fail("last_flip")
            state.last_flip = (integer(last_flip[0], "last_flip", 0, seats),
                               integer(last_flip[1], "last_flip", 0, positions - 1),
                               deck.index[last_flip[2]], flag(last_flip[3], "last_flip"))
        state.last_round = _round_from_json(data["last_round"], options["skulls"], players)
        state.check_invariants()
    return state


def _round_from_json(data: Any, skulls: Any, players: int) -> tuple | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or data["reason"] not in (LAST_IN, EXHAUSTED):
        raise SnapshotError("error.snapshot_field", field="last_round")
    losers = []
    for entry in data["perdu"]:
        if entry["skulls"] not in skulls or not 0 <= entry["player"] < players:
            raise SnapshotError("error.snapshot_field", field="last_round")
        losers.append((int(entry["player"]), list(skulls).index(entry["skulls"])))
    winner = data["winner"]
    next_starter = data["next_starter"]
    return (int(data["round"]), -1 if winner is None else int(winner), data["reason"],
            tuple(losers), -1 if next_starter is None else int(next_starter))


def sample_from_view(game: Any, view: Mapping[str, Any], rng: random.Random) -> DecimoarrState:
    """A full state consistent with `view` (a seat's, or a spectator's): what the view
    shows is kept, everything else is dealt at random from what it does not show.

    The décimal cards the view remembers stay at their places, the others (and
    the card set aside) are shuffled; perdu cards shown at an earlier round's end
    stay in play; the winner cards the view does not show are shuffled among the
    other seats, the pile and the box. This is how a search bot imagines the
    game: it never touches the true state.
    """
    players = view["players"]
    state = DecimoarrState(game, players, game.validate(players, view["options"]))
    seat = view["seat"]
    deck, layout, cfg = state.deck, state.layout, state.cfg
    positions = layout.positions
    phase = state.phase = PHASE_NAMES.index(view["phase"])
    flips = state.flips = view["flips"]
    if phase > DEAL:
        memory, ages, table = view["memory"], view["memory_age"], view["table"]
        cards = [-1] * positions
        for i in range(positions):
            code = memory[i]
            if code is None:
                continue
            cards[i] = deck.index[code]
            if table[i] is not None:
                state.up[i] = True
                state.seen |= 1 << i
                state.last_seen[i] = flips  # in sight now: when it was turned is not needed
            elif seat is not None and layout.home_of[i] == seat and ages[i] == flips:
                pass  # only peeked at (a public sight is at flip 1 or later)
            else:
                state.seen |= 1 << i
                state.last_seen[i] = flips - ages[i]
        shown = set(cards)
        pool = [c for c in range(deck.size) if c not in shown]
        rng.shuffle(pool)
        deal = iter(pool)
        state.cards = [c if c >= 0 else next(deal) for c in cards]
        state.aside = next(deal)
        state.down = [i for i in range(positions) if not state.up[i]]
    seats = view["seats"]
    if phase == FLIP:
        state.active = [bool(entry["active"]) for entry in seats]
        state.n_active = sum(state.active)
        state.current = view["to_act"]
    state.round = view["round"]
    state.starter = view["starter"] if view["starter"] is not None else 0
    state.first_flip = view["first_flip"] if phase == FLIP else True
    if view["reference"] is not None:
        state.reference = view["reference"]
        state.connect_mask = deck.partners[state.cards[state.reference]]
    skulls = cfg.skulls
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
        rng.shuffle(unknown)
        cut = slots - len(shown_in_play)
        in_play = shown_in_play + unknown[:cut]
        rng.shuffle(in_play)
        for index, p in enumerate(holders):
            state.perdu_held[p] = in_play[index]
        state.perdu_pile = in_play[len(holders):]
        state.perdu_box = unknown[cut:] if fixed is None else \
            [k for k in range(PERDU_CARDS) if k not in fixed]
    if phase > WINNERS:
        pool = sorted(state.options["diamonds"])
        shown_seats = [p for p in range(players) if seats[p]["diamonds"] is not None]
        for p in shown_seats:
            state.winner_held[p] = list(seats[p]["diamonds"])
            for d in seats[p]["diamonds"]:
                pool.remove(d)
        rng.shuffle(pool)
        deal = iter(pool)
        for p in range(players):
            if p not in shown_seats:
                state.winner_held[p] = [next(deal) for _ in range(seats[p]["rounds_won"])]
        state.winner_pile = [next(deal) for _ in range(view["winner_pile"])]
        state.winner_box = [next(deal) for _ in range(view["winner_box"])]
    if view["last_flip"] is not None:
        last = view["last_flip"]
        state.last_flip = (last["player"], last["position"], deck.index[last["card"]],
                           last["success"])
    state.last_round = _round_from_json(view["last_round"], skulls, players)
    if state.last_round is not None and state.last_round[4] >= 0:
        state.next_starter = state.last_round[4]
    state.final_winners = list(view["winners"])
    return state
