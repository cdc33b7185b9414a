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
from typing import Any

from ludotheque.games.wazabi.components import COPIES, KIND_OF_CODE, NUM_KINDS, TOTAL_DICE
from ludotheque.games.wazabi.rules import PHASE_NAMES
from ludotheque.games.wazabi.views import WazabiView
from ludotheque.kit.features import Features

OWN_DICE_SLOTS = 9  # own dice as a one-hot 0..8 (8: eight or more)
W_SLOTS = 4  # W rolled as a one-hot 0..3 (3: three or more; no card costs more)
HAND_SCALE = 12
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_DECK = sum(COPIES)


def observation_size(players: int, options: Mapping[str, Any]) -> int:
    n, k = players, NUM_KINDS
    dice = n + OWN_DICE_SLOTS + 1
    cards = k + n + 1 + k
    seats = 3 * n
    turn = (W_SLOTS + 3) + 2 + k + n + 2 + (3 + n + k)
    tournament = 1 + 1 + n
    last = 1 + n + k + n + 2
    return n + len(PHASE_NAMES) + 2 * n + 1 + dice + cards + seats + turn + tournament + last


def encode_view(view: WazabiView, players: int, options: Mapping[str, Any]) -> list[float]:
    f = Features(view, players)
    f.one_hot(f.me, players)
    f.one_hot(_PHASE[view["phase"]], len(PHASE_NAMES))
    f.seat(view["to_act"])
    f.seat(view["turn"])
    f.flag(view["direction"] == 1)
    dice = view["dice"]
    f.per_seat(dice, TOTAL_DICE)
    f.one_hot(dice[f.me], OWN_DICE_SLOTS)
    f.number(view["removed"], TOTAL_DICE)

    hands = view["hands"]
    own = _per_kind(hands[f.me].get("cards", []))
    f.values.extend(count / COPIES[kind] for kind, count in enumerate(own))
    f.per_seat([hand["size"] for hand in hands], HAND_SCALE)
    f.number(view["pile"], _DECK)
    discard = _per_kind(view["discard"])
    f.values.extend(count / COPIES[kind] for kind, count in enumerate(discard))

    f.per_seat(view["skips"], 2)
    f.per_seat(view["active"])
    finished = set(view["finished"])
    f.per_seat([seat in finished for seat in range(players)])

    roll = view["roll"]
    f.one_hot(roll["w"], W_SLOTS)
    f.number(roll["w"], TOTAL_DICE)
    f.number(roll["draw"], TOTAL_DICE)
    f.number(roll["give"], TOTAL_DICE)
    f.number(view["gives_left"], 6)
    f.number(view["draws_left"], 6)
    f.one_hot(KIND_OF_CODE[view["card"]] if view["card"] else None, NUM_KINDS)
    f.seat(view["take_from"])
    f.flag(view["taking"] == "steal")
    f.flag(view["taking"] == "draw")
    keeping = view["keeping"] or {}
    f.flag(keeping)
    f.seat(keeping.get("player"))
    f.number(keeping.get("count"), 2)
    f.number(keeping.get("chosen"), 2)
    f.counts(keeping.get("cards", []), KIND_OF_CODE, NUM_KINDS, 2)

    f.flag(view["teams"])
    f.number(view["game_no"], view["games"])
    f.per_seat(view["scores"], TOTAL_DICE * view["games"])  # points: dice left to the others

    last = view["last_play"] or {}
    f.flag(last)
    f.seat(last.get("player"))
    f.one_hot(KIND_OF_CODE[last["card"]] if last else None, NUM_KINDS)
    f.seat(last.get("target"))
    f.flag(last.get("side") == "left")
    f.flag(last.get("side") == "right")
    return f.finish(observation_size(players, options))


def _per_kind(codes: list[str]) -> list[int]:
    counts = [0] * NUM_KINDS
    for code in codes:
        counts[KIND_OF_CODE[code]] += 1
    return counts
