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
from functools import lru_cache
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
from ludotheque.games.diciassette.observation import DiciassetteObservation
from ludotheque.games.diciassette.rules import CALL, NUM_PLAY_ACTIONS, PASS
from ludotheque.kit.heuristic import ObservationBot

# Worth of keeping a card for later (a low card is a safe move in a tight spot).
_KEEP = {1: 0.10, 2: 0.07, 3: 0.04, 4: 0.015, 5: 0.0}
_KEEP_SPECIAL = {REVERSE: 0.03, TRASH: 0.12, X2: 0.06, TRAP: 0.20}


@lru_cache(maxsize=4096)
def _value_law(unseen: tuple[int, ...]) -> tuple[tuple[float, ...], float]:
    """(distribution of the value of one hidden generic-backed card, chance it is a Trap),
    from the unseen counts per kind."""
    generic = [max(0, unseen[k]) for k in range(NUM_KINDS) if not IS_DOUBLE[k]]
    kinds = [k for k in range(NUM_KINDS) if not IS_DOUBLE[k]]
    total = sum(generic) or 1
    value_probs = [0.0] * 6
    for kind, count in zip(kinds, generic):
        value_probs[VALUE[kind]] += count / total
    if not sum(generic):
        value_probs = [1.0, 0, 0, 0, 0, 0]
    trap_prob = max(0, unseen[TRAP]) / total if sum(generic) else 0.0
    return tuple(value_probs), trap_prob


@lru_cache(maxsize=65536)
def _prob_reached(unseen: tuple[int, ...], known: int, hidden: int) -> float:
    """P(known + hidden unknown cards >= 17), the cards treated as independent draws."""
    need = TARGET - known
    if need <= 0:
        return 1.0
    dist = _sum_distribution(_value_law(unseen)[0], hidden)
    return sum(dist[need:]) if need < len(dist) else 0.0


@lru_cache(maxsize=65536)
def _sum_distribution(value_probs: tuple[float, ...], hidden: int) -> tuple[float, ...]:
    """P(sum of `hidden` cards = s), each card's value drawn from `value_probs`: the
    distribution of one card fewer (cached too), convolved once more."""
    if hidden <= 0:
        return (1.0,)
    dist = _sum_distribution(value_probs, hidden - 1)
    new = [0.0] * (len(dist) + 5)
    for s, p in enumerate(dist):
        if p:
            for v, q in enumerate(value_probs):
                if q:
                    new[s + v] += p * q
    return tuple(new)


class UnseenCards:
    """The generic-backed cards (single numbers, specials) a seat has not seen: read from
    its observation (or its view)."""

    def __init__(self, seen_from: DiciassetteObservation | Mapping[str, Any]) -> None:
        if not isinstance(seen_from, DiciassetteObservation):
            seen_from = DiciassetteObservation.of_view(seen_from)
        self.unseen = seen_from.unseen
        # Distribution of the value of one hidden generic-backed card.
        self.value_probs, self.trap_prob = _value_law(self.unseen)

    def sum_distribution(self, hidden: int) -> list[float]:
        """P(sum of `hidden` unknown cards = s), cards treated as independent draws."""
        return list(_sum_distribution(self.value_probs, hidden))

    def prob_reached(self, known: int, hidden: int) -> float:
        """P(known + hidden cards >= 17)."""
        return _prob_reached(self.unseen, known, hidden)


def _queue_as_known(obs: DiciassetteObservation, for_others: bool) -> tuple[int, int]:
    """(sum of the values I know, number of cards I do not know) in the queue.

    With `for_others`, my own face-down generic cards count as unknown: that is
    the queue as the other seats see it.
    """
    known = hidden = 0
    me = obs.seat
    for kind, face_up, by in obs.queue:
        generic_down = not face_up and (kind < 0 or not IS_DOUBLE[kind])
        if kind < 0 or (for_others and by == me and generic_down):
            hidden += 1
        else:
            known += VALUE[kind]
    return known, hidden


# Each play action's (kind, face up).
_MOVES = {action: (KIND_OF_CODE[ACTIONS[action].arg], ACTIONS[action].kind == "up")
          for action in range(NUM_PLAY_ACTIONS)}


class HeuristicBot(ObservationBot):
    """Reads the seat's compact observation (`observation.DiciassetteObservation`)."""

    observation = DiciassetteObservation
    # `choose` is `act` on the view's observation, nothing else: a simulation asks `act`
    # with the observation made from the state, and builds no view (sim.simulate).
    acts_on_observation = True

    def act(self, obs: DiciassetteObservation, legal: Sequence[int], rng: random.Random) -> int:
        unseen = UnseenCards(obs)
        if CALL in legal:
            return self._call_or_pass(obs, legal, unseen)
        return self._play(obs, legal, unseen, rng)

    # ------------------------------------------------------------ the call
    def _call_or_pass(self, obs: DiciassetteObservation, legal: Sequence[int],
                      unseen: UnseenCards) -> int:
        if PASS not in legal:
            return CALL
        n = obs.players
        known, hidden = _queue_as_known(obs, for_others=False)
        p = unseen.prob_reached(known, hidden)
        traps = hidden * unseen.trap_prob
        other = 1.0 / (n - 1)
        call = p * (1 + 0.5 * other) - (1 - p) * (0.5 + other) - traps * (0.5 + other)
        me = obs.seat
        next_to_play = (obs.last_player + obs.direction) % n == me
        pass_value = -0.5 * p if next_to_play and not obs.second_card_pending else 0.0
        return CALL if call > pass_value else PASS

    # ------------------------------------------------------------ the play
    def _play(self, obs: DiciassetteObservation, legal: Sequence[int], unseen: UnseenCards,
              rng: random.Random) -> int:
        known, hidden = _queue_as_known(obs, for_others=False)
        seen_known, seen_hidden = _queue_as_known(obs, for_others=True)
        queue = obs.queue
        last = queue[-1] if queue else None
        best, best_score = legal[0], float("-inf")
        for action in legal:
            kind, face_up = _MOVES[action]
            value = VALUE[kind]
            mine, theirs = (known + value, hidden), (seen_known, seen_hidden)
            if face_up or IS_DOUBLE[kind]:
                theirs = (seen_known + value, seen_hidden)
            else:
                theirs = (seen_known, seen_hidden + 1)
            bonus = 0.0
            if face_up and kind == TRASH:
                mine, theirs, bonus = self._after_trash(obs, last, mine, theirs, value)
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
    def _after_trash(obs: DiciassetteObservation, last: tuple[int, bool, int] | None,
                     mine: tuple[int, int], theirs: tuple[int, int], value: int):
        """The queue without the Trash and the card it removes; a bonus if that card hurt me."""
        if last is None:
            return (mine[0] - value, mine[1]), (theirs[0] - value, theirs[1]), 0.0
        kind, face_up, by = last
        me = obs.seat
        bonus = 0.0
        if kind < 0:  # someone else's hidden card: maybe a Trap
            mine = (mine[0], mine[1] - 1)
            theirs = (theirs[0], theirs[1] - 1)
            bonus = 0.1
        else:
            removed = VALUE[kind]
            mine = (mine[0] - removed, mine[1])
            if by == me and not face_up and not IS_DOUBLE[kind]:
                theirs = (theirs[0], theirs[1] - 1)
            else:
                theirs = (theirs[0] - removed, theirs[1])
            if kind == TRAP and by == me:
                bonus = -0.5
        return mine, theirs, bonus


__all__ = ["HeuristicBot", "UnseenCards", "CODES"]
