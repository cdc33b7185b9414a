"""A heuristic bot for 17 that plays from its view only.

It counts the cards it has not seen (deck composition minus its hand, the
visible queue, the doubles it can see, the known discard) and models each
hidden face-down card in the queue as a draw from the unseen generic-backed
cards (single-faced numbers and specials). From that it gets the chance that
the queue has reached 17 and:

* calls when a call is worth more than passing (a right call is a Victory, a
  wrong one a Penalty plus a Victory for the last player, every hidden Trap a
  Penalty), and more readily when it would otherwise play next on a high sum;
* plays the card that makes its position safest if someone calls now, seen
  from what the others can see (a low card face down looks dangerous: a bluff
  that invites a wrong call), keeps low cards and specials for later, plays a
  Trap face down (any later call rewards it), x2 face up when the sum is
  high, Trash face up to remove a dangerous card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.diciassette.actions import ACTIONS
from ludotheque.games.diciassette.components import (
    CODES,
    IS_DOUBLE,
    KIND_OF_CODE,
    NUM_KINDS,
    REVERSE,
    TARGET,
    TRAP,
    TRASH,
    VALUE,
    X2,
)
from ludotheque.games.diciassette.rules import CALL, PASS

# Worth of keeping a card for later (a low card is a safe move in a tight spot).
_KEEP = {1: 0.10, 2: 0.07, 3: 0.04, 4: 0.015, 5: 0.0}
_KEEP_SPECIAL = {REVERSE: 0.03, TRASH: 0.12, X2: 0.06, TRAP: 0.20}


def _composition(options: Mapping[str, Any]) -> list[int]:
    return [*options["singles"], *options["doubles"], options["reverse"], options["trash"],
            options["x2"], options["trap"]]


class UnseenCards:
    """The generic-backed cards (single numbers, specials) a seat has not seen."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        unseen = _composition(view["options"])
        me = view["seat"]

        def seen(code: str) -> None:
            unseen[KIND_OF_CODE[code]] -= 1

        for code in view["hands"][me]["cards"]:
            seen(code)
        for seat, hand in enumerate(view["hands"]):
            if seat != me:
                for code in hand.get("doubles", []):
                    seen(code)
        for entry in view["queue"]:
            if entry["card"] is not None:
                seen(entry["card"])
        for code in view["discard"]["cards"]:
            seen(code)
        if view["pile"]["top"] is not None:
            seen(view["pile"]["top"])
        generic = [max(0, unseen[k]) for k in range(NUM_KINDS) if not IS_DOUBLE[k]]
        kinds = [k for k in range(NUM_KINDS) if not IS_DOUBLE[k]]
        total = sum(generic) or 1
        # Distribution of the value of one hidden generic-backed card.
        self.value_probs = [0.0] * 6
        for kind, count in zip(kinds, generic):
            self.value_probs[VALUE[kind]] += count / total
        if not sum(generic):
            self.value_probs = [1.0, 0, 0, 0, 0, 0]
        self.trap_prob = max(0, unseen[TRAP]) / total if sum(generic) else 0.0

    def sum_distribution(self, hidden: int) -> list[float]:
        """P(sum of `hidden` unknown cards = s), cards treated as independent draws."""
        dist = [1.0]
        for _ in range(hidden):
            new = [0.0] * (len(dist) + 5)
            for s, p in enumerate(dist):
                if p:
                    for v, q in enumerate(self.value_probs):
                        if q:
                            new[s + v] += p * q
            dist = new
        return dist

    def prob_reached(self, known: int, hidden: int) -> float:
        """P(known + hidden cards >= 17)."""
        need = TARGET - known
        if need <= 0:
            return 1.0
        dist = self.sum_distribution(hidden)
        return sum(dist[need:]) if need < len(dist) else 0.0


def _queue_as_known(view: Mapping[str, Any], for_others: bool) -> tuple[int, int]:
    """(sum of the values I know, number of cards I do not know) in the queue.

    With `for_others`, my own face-down generic cards count as unknown: that is
    the queue as the other seats see it.
    """
    known = hidden = 0
    me = view["seat"]
    for entry in view["queue"]:
        code = entry["card"]
        generic_down = not entry["face_up"] and (code is None or not IS_DOUBLE[KIND_OF_CODE[code]])
        if code is None or (for_others and entry["by"] == me and generic_down):
            hidden += 1
        else:
            known += VALUE[KIND_OF_CODE[code]]
    return known, hidden


class HeuristicBot:
    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[int], rng: random.Random) -> int:
        unseen = UnseenCards(view)
        if CALL in legal:
            return self._call_or_pass(view, legal, unseen)
        return self._play(view, legal, unseen, rng)

    # ------------------------------------------------------------ the call
    def _call_or_pass(self, view: Mapping[str, Any], legal: Sequence[int],
                      unseen: UnseenCards) -> int:
        if PASS not in legal:
            return CALL
        n = view["players"]
        known, hidden = _queue_as_known(view, for_others=False)
        p = unseen.prob_reached(known, hidden)
        traps = hidden * unseen.trap_prob
        other = 1.0 / (n - 1)
        call = p * (1 + 0.5 * other) - (1 - p) * (0.5 + other) - traps * (0.5 + other)
        me = view["seat"]
        next_to_play = (view["last_player"] + view["direction"]) % n == me
        pass_value = -0.5 * p if next_to_play and not view.get("second_card_pending") else 0.0
        return CALL if call > pass_value else PASS

    # ------------------------------------------------------------ the play
    def _play(self, view: Mapping[str, Any], legal: Sequence[int], unseen: UnseenCards,
              rng: random.Random) -> int:
        known, hidden = _queue_as_known(view, for_others=False)
        seen_known, seen_hidden = _queue_as_known(view, for_others=True)
        queue = view["queue"]
        last = queue[-1] if queue else None
        best, best_score = legal[0], float("-inf")
        for action in legal:
            move = ACTIONS[action]
            kind, face_up = KIND_OF_CODE[move.arg], move.kind == "up"
            value = VALUE[kind]
            mine, theirs = (known + value, hidden), (seen_known, seen_hidden)
            if face_up or IS_DOUBLE[kind]:
                theirs = (seen_known + value, seen_hidden)
            else:
                theirs = (seen_known, seen_hidden + 1)
            bonus = 0.0
            if face_up and kind == TRASH:
                mine, theirs, bonus = self._after_trash(view, last, mine, theirs, value)
            p_mine = unseen.prob_reached(*mine)
            p_theirs = unseen.prob_reached(*theirs)
            call_chance = 0.15 + 0.7 * p_theirs
            if kind == TRAP and not face_up:
                bonus += 0.45  # any later call this round gives me a Victory
                payoff = (1 - p_mine) + p_mine * 0.5
            else:
                payoff = (1 - p_mine) - 0.5 * p_mine
            score = call_chance * payoff - 0.6 * p_mine + bonus
            if face_up and kind == X2:
                score += 0.25 * p_mine + 0.05
            if face_up and kind == REVERSE:
                score += 0.01
            score -= _KEEP_SPECIAL.get(kind, 0.0) if kind >= REVERSE else _KEEP[value]
            if kind == TRAP and face_up:
                score -= 0.3  # a Trap face up wastes it
            score += rng.random() * 1e-6  # break ties at random
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _after_trash(view: Mapping[str, Any], last: Mapping[str, Any] | None,
                     mine: tuple[int, int], theirs: tuple[int, int], value: int):
        """The queue without the Trash and the card it removes; a bonus if that card hurt me."""
        if last is None:
            return (mine[0] - value, mine[1]), (theirs[0] - value, theirs[1]), 0.0
        code = last["card"]
        me = view["seat"]
        bonus = 0.0
        if code is None:  # someone else's hidden card: maybe a Trap
            mine = (mine[0], mine[1] - 1)
            theirs = (theirs[0], theirs[1] - 1)
            bonus = 0.1
        else:
            removed = VALUE[KIND_OF_CODE[code]]
            mine = (mine[0] - removed, mine[1])
            if last["by"] == me and not last["face_up"] and not IS_DOUBLE[KIND_OF_CODE[code]]:
                theirs = (theirs[0], theirs[1] - 1)
            else:
                theirs = (theirs[0] - removed, theirs[1])
            if KIND_OF_CODE[code] == TRAP and last["by"] == me:
                bonus = -0.5
        return mine, theirs, bonus


__all__ = ["HeuristicBot", "UnseenCards", "CODES"]
