"""Wazabi: a seat's view as a fixed-length vector of numbers in [0, 1].

Reads the view only (so it cannot leak what the seat may not know). Seats are
relative to the reader (0: itself). Blocks, in order:

  the reader's own seat number (absolute, since the action ids name seats
  absolutely: "give a die to seat 2"); phase (one-hot); seat to act and seat
  whose turn it is; direction; dice per seat, own dice (one-hot 0..8+), dice
  removed; own hand (count per kind); every hand's size; the pile and the
  discard (count per kind); skips, still in, finished per seat; the roll (W
  as one-hot 0..3+, W, draw and give faces); gives and draws left; the card
  being resolved; the seat to take from and why; the keeping in progress
  (keeper, count, chosen, the reader's kept cards); teams, tournament game and
  scores; the last card played (by whom, which, its target or side).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import truediv
from typing import Any

from ludotheque.games.wazabi.components import CODES, COPIES, KIND_OF_CODE, NUM_KINDS, TOTAL_DICE
from ludotheque.games.wazabi.rules import PHASE_NAMES
from ludotheque.games.wazabi.views import WazabiView
from ludotheque.kit.features import Features, up_to

OWN_DICE_SLOTS = 9  # own dice as a one-hot 0..8 (8: eight or more)
W_SLOTS = 4  # W rolled as a one-hot 0..3 (3: three or more; no card costs more)
HAND_SCALE = 12
_OWN_DICE, _WS = up_to(OWN_DICE_SLOTS), up_to(W_SLOTS)  # slot labels
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_START, _ROLL = _PHASE["start"], _PHASE["roll"]
_DECK = sum(COPIES)
_KIND_COPIES = tuple(zip(CODES, COPIES))
_ALL_DICE = (TOTAL_DICE,) * 3  # a roll's W, draw and give counts: shares of all the dice


def observation_size(players: int, options: Mapping[str, Any]) -> int:
    n, k = players, NUM_KINDS
    dice = n + OWN_DICE_SLOTS + 1
    cards = k + n + 1 + k
    seats = 3 * n
    turn = (W_SLOTS + 3) + 2 + k + n + 2 + (3 + n + k)
    tournament = 1 + 1 + n
    last = 1 + n + k + n + 2
    return n + len(PHASE_NAMES) + 2 * n + 1 + dice + cards + seats + turn + tournament + last


# Every seat but the mover sees each move alike (`observe_action`: a card set aside by a
# keeper is hidden from every other seat alike): the OpenSpiel information state's log
# asks how one of them sees it.
MOVES_SEEN_ALIKE = True


def history_bound(players: int, options: Mapping[str, Any]) -> tuple[int, int]:
    """The longest history an information state holds: (decisions, completed chance points).

    Dice travel back and forth, so the rules give no bound; per seat, about twice the
    longest game met: 417 decisions and 284 chance points (5 players, play on until one is
    left) over 1,000 random games of every player count and option set of the conformance
    kit, times the tournament's games. A longer game is refused clearly
    (`openspiel.error.history_moves`, `history_chance`).
    """
    games = options.get("tournament_games", 1)
    return 160 * players * games, 120 * players * games


def encode_view(view: WazabiView, players: int, options: Mapping[str, Any]) -> list[float]:
    f = Features(view, players)
    f.one_hot(f.me, players, "seat")
    f.one_hot(_PHASE[view["phase"]], len(PHASE_NAMES), "phase", PHASE_NAMES)
    f.seat(view["to_act"], "to_act")
    f.seat(view["turn"], "turn")
    f.flag(view["direction"] == 1, "direction")
    dice = view["dice"]
    f.per_seat(dice, TOTAL_DICE, "dice")
    f.one_hot(dice[f.me], OWN_DICE_SLOTS, "own_dice", _OWN_DICE)
    f.number(view["removed"], TOTAL_DICE, "removed")

    hands = view["hands"]
    f.shares(_shares(hands[f.me].get("cards", [])), "hand", CODES)
    f.per_seat([hand["size"] for hand in hands], HAND_SCALE, "hands.size")
    f.number(view["pile"], _DECK, "pile")
    f.shares(_shares(view["discard"]), "discard", CODES)

    f.per_seat(view["skips"], 2, "skips")
    f.per_seat(view["active"], None, "active")
    finished = set(view["finished"])
    f.per_seat([seat in finished for seat in range(players)], None, "finished")

    roll = view["roll"]
    f.one_hot(roll["w"], W_SLOTS, "roll.w", _WS)
    f.number(roll["w"], TOTAL_DICE, "roll.w.scaled")
    f.number(roll["draw"], TOTAL_DICE, "roll.draw")
    f.number(roll["give"], TOTAL_DICE, "roll.give")
    f.number(view["gives_left"], 6, "gives_left")
    f.number(view["draws_left"], 6, "draws_left")
    f.one_hot(KIND_OF_CODE[view["card"]] if view["card"] else None, NUM_KINDS, "card",
              CODES)
    f.seat(view["take_from"], "take_from")
    f.flag(view["taking"] == "steal", "taking=steal")
    f.flag(view["taking"] == "draw", "taking=draw")
    keeping = view["keeping"] or {}
    f.flag(keeping, "keeping")
    f.seat(keeping.get("player"), "keeping.player")
    f.number(keeping.get("count"), 2, "keeping.count")
    f.number(keeping.get("chosen"), 2, "keeping.chosen")
    f.counts(keeping.get("cards", []), KIND_OF_CODE, NUM_KINDS, 2, "keeping.cards",
             CODES)

    f.flag(view["teams"], "teams")
    f.number(view["game_no"], view["games"], "game_no")
    # points: the dice left to the others
    f.per_seat(view["scores"], TOTAL_DICE * view["games"], "scores")

    last = view["last_play"] or {}
    f.flag(last, "last_play")
    f.seat(last.get("player"), "last_play.player")
    f.one_hot(KIND_OF_CODE[last["card"]] if last else None, NUM_KINDS, "last_play.card",
              CODES)
    f.seat(last.get("target"), "last_play.target")
    f.flag(last.get("side") == "left", "last_play.side=left")
    f.flag(last.get("side") == "right", "last_play.side=right")
    return f.finish(observation_size(players, options))


def chance_size(players: int, options: Mapping[str, Any]) -> int:
    return NUM_KINDS + 4 + players


ChanceKey = tuple[tuple[int, ...], tuple[int, int, int], bool, int]


def encode_chance(view: WazabiView, players: int, options: Mapping[str, Any]) -> list[float]:
    """What the reader saw of a chance point, from its view just after it (a slot of its
    OpenSpiel information state): its own hand (the deal, a blind card taken or lost),
    the roll (W, draw and give faces), the seat whose turn it is (the start roll) and
    whether the start roll is to roll again (a tie). The rest of that view follows from
    the view before and the moves."""
    return encode_chance_key(chance_key(view, players), players, options)


def chance_key(view: WazabiView, players: int) -> ChanceKey:
    """The plain values `encode_chance` reads of a view, as `WazabiState.chance_key` gives
    them from the state (a roll comes at every turn: the OpenSpiel adapter builds no view
    for it): the reader's cards (a count per kind), the roll's W, draw and give faces,
    whether the start roll is on and whose turn it is (relative to the reader)."""
    me = view["seat"] if isinstance(view["seat"], int) else 0  # a spectator reads as seat 0
    cards = view["hands"][me].get("cards", [])
    roll = view["roll"]
    return (tuple(map(cards.count, CODES)), (roll["w"], roll["draw"], roll["give"]),
            view["phase"] == "start", (view["turn"] - me) % players)


def encode_chance_key(key: ChanceKey, players: int, options: Mapping[str, Any]) -> list[float]:
    """`encode_chance` from its key (`chance_key`): the hand as shares of each kind's
    copies, the roll's faces as shares of all the dice, the start roll flag, whose turn
    it is as a one-hot."""
    hand, roll, start, turn = key
    values = list(map(truediv, hand, COPIES))  # in C: a slot after every roll
    values += map(truediv, roll, _ALL_DICE)  # at most all the dice: within [0, 1]
    values.append(1.0 if start else 0.0)
    turns = [0.0] * players
    turns[turn] = 1.0
    values += turns
    return values


def _shares(codes: list[str]) -> list[float]:
    """How many cards of each kind `codes` holds, as a share of that kind's copies."""
    count = codes.count  # one pass in C per kind (a discard pile holds dozens of cards)
    return [count(code) / copies for code, copies in _KIND_COPIES]


# ------------------------------------------------------------------ a finite start roll
class StartRollFold:
    """The start roll with its tie rerolls folded in (W5/W6), for tree walkers (OpenSpiel).

    A tie makes the contenders roll again, so the start can repeat without end. What a
    start leaves in the game is only who starts and, by option (W6c), that seat's faces:
    this gives that result's exact distribution in a few small chance nodes. The seat to
    start is even among the contenders (the rules treat them alike); with
    `first_turn_uses_start_roll`, then its W count (the distribution of the winner's W
    count in the last roll, rerolls of a subset of tied seats included) and its faces one
    die at a time given that count. `complete` gives the engine a roll with that result:
    the starter's faces, and no W for the others."""

    def __init__(self, contenders: tuple[int, ...], dice: int, tied_only: bool,
                 uses_roll: bool) -> None:
        self.contenders = contenders
        self.dice = dice
        self.uses_roll = uses_roll
        self.w_odds = _winner_w_odds(len(contenders), dice, tied_only) if uses_roll else ()
        self.label = "start roll (ties folded)"

    def outcomes(self, draws: list[int]) -> list[tuple[int, float]]:
        if not draws:
            return [(index, 1.0 / len(self.contenders)) for index in range(len(self.contenders))]
        if len(draws) == 1:
            return [(w, p) for w, p in enumerate(self.w_odds) if p > 0]
        w, faces = draws[1], draws[2:]
        needed, left = w - sum(1 for face in faces if face < 3), self.dice - len(faces)
        chance_w = needed / left
        return [(face, (chance_w if face < 3 else 1.0 - chance_w) / 3)
                for face in range(6) if (face < 3 and needed) or (face >= 3 and needed < left)]

    def complete(self, draws: list[int]) -> list[tuple[int, ...]] | None:
        """The engine's outcomes for these draws (one roll), or None if more are needed."""
        wanted = 2 + self.dice if self.uses_roll else 1
        if len(draws) < wanted:
            return None
        faces = tuple(draws[2:]) if self.uses_roll else (0,) * self.dice
        roll: list[int] = []
        for index in range(len(self.contenders)):
            roll.extend(faces if index == draws[0] else (3,) * self.dice)
        return [tuple(roll)]

    def text(self, draws: list[int], outcome: int) -> str:
        if not draws:
            return f"{self.label}: seat {self.contenders[outcome]} starts"
        if len(draws) == 1:
            return f"{self.label}: {outcome} W"
        return f"{self.label} die {len(draws) - 1}/{self.dice}: face {outcome}"


def _winner_w_odds(contenders: int, dice: int, tied_only: bool) -> tuple[float, ...]:
    """P(the starter rolled w W in the roll that decided the start), w = 0..dice, exact
    (fractions) for `contenders` seats rolling `dice` dice each (a W: 3 faces of 6)."""
    from fractions import Fraction
    from math import comb

    b = [Fraction(comb(dice, w), 2 ** dice) for w in range(dice + 1)]
    below = [sum(b[:w], Fraction(0)) for w in range(dice + 1)]
    odds: dict[int, list[Fraction]] = {}
    for k in range(2, contenders + 1):
        # One roll of k seats: a single best seat ends it; a tie among j < k seats goes on
        # with those j (tied_only) and a tie among all k is the same start again: dropped
        # by conditioning on not repeating. Without tied_only every tie repeats.
        total = [k * b[w] * below[w] ** (k - 1) for w in range(dice + 1)]
        if tied_only:
            for j in range(2, k):
                for v in range(dice + 1):
                    share = comb(k, j) * b[v] ** j * below[v] ** (k - j)
                    total = [t + share * o for t, o in zip(total, odds[j])]
        norm = sum(total, Fraction(0))
        odds[k] = [t / norm for t in total]
    return tuple(float(p) for p in odds[contenders])


class IdleRollsFold:
    """Rolls while no seat holds a card, folded (for tree walkers: OpenSpiel).

    With every hand empty (and no skipped turn waiting), a roll of W only does nothing:
    the turn passes, and all W again for everyone would go round for ever. The fold draws
    which seat of the round is the first to roll something else (its odds: every seat
    before it rolled W only, on its own dice), then that seat's dice one at a time, given
    they are not all W. `complete` gives the engine the rolls in order: W only for the
    seats before it, then its roll. What a seat can see is exactly as in play; only the
    turn counter (a statistic nobody sees) counts the passed turns of the first round."""

    def __init__(self, seats: tuple[int, ...], dice: tuple[int, ...]) -> None:
        self.seats = seats
        self.dice = dice
        all_w = [0.5 ** count for count in dice]
        never = 1.0
        for chance in all_w:
            never *= chance
        odds, before = [], 1.0
        for chance in all_w:
            odds.append(before * (1.0 - chance) / (1.0 - never))
            before *= chance
        self.odds = odds
        self.label = "roll (W-only rolls folded)"

    def outcomes(self, draws: list[int]) -> list[tuple[int, float]]:
        if not draws:
            return [(index, p) for index, p in enumerate(self.odds) if p > 0]
        faces = draws[1:]
        if any(face >= 3 for face in faces):
            return [(face, 1.0 / 6) for face in range(6)]
        left = self.dice[draws[0]] - len(faces)  # this die and the ones after it
        not_w = 0.5 / (1.0 - 0.5 ** left)
        return [(face, ((1.0 - not_w) if face < 3 else not_w) / 3)
                for face in range(6) if face >= 3 or left > 1]

    def complete(self, draws: list[int]) -> list[tuple[int, ...]] | None:
        if not draws or len(draws) < 1 + self.dice[draws[0]]:
            return None
        rolls = [(0,) * self.dice[index] for index in range(draws[0])]
        return [*rolls, tuple(draws[1:])]

    def text(self, draws: list[int], outcome: int) -> str:
        if not draws:
            return f"{self.label}: seat {self.seats[outcome]} rolls first without W only"
        return f"{self.label} die {len(draws)}/{self.dice[draws[0]]}: face {outcome}"


def _idle_round(state: Any) -> IdleRollsFold | None:
    """The fold of the rolls to come if no seat holds a card nor waits to skip a turn:
    the round of seats in turn order, found by playing W-only rolls on copies. Reads the
    state's public fields (no view: this runs at every roll)."""
    if any(map(any, state.hands)) or any(state.skips):
        return None
    seats: list[int] = []
    dice: list[int] = []
    probe = state.clone()
    while True:
        seat = probe.current
        if seat in seats:
            break
        seats.append(seat)
        dice.append(probe.dice[seat])
        probe.apply_chance((0,) * probe.dice[seat])
        if not probe.is_chance() or probe.phase != _ROLL:
            return None
    return IdleRollsFold(tuple(seats), tuple(dice))


def finite_chance(state: Any) -> StartRollFold | IdleRollsFold | None:
    """The start roll folded (`StartRollFold`), the rolls while nobody holds a card folded
    (`IdleRollsFold`), None elsewhere (every other chance point of Wazabi ends). Reads the
    state's public fields (no view: this runs at every chance point)."""
    phase = state.phase
    options = state.options
    if phase == _START:
        return StartRollFold(tuple(state.contenders), options["dice_per_player"],
                             options["start_tie_reroll"] == "tied",
                             options["first_turn_uses_start_roll"])
    if phase == _ROLL:
        return _idle_round(state)
    return None
