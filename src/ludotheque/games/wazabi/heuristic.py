"""A heuristic bot for Wazabi that plays from its view only.

The race is about dice: the player with the fewest dice is the closest to
winning (the leader). The bot

* gives its dice (Give faces, "Give 1 die") to the leader among its opponents,
  slowing him down (never to its partner in a team game);
* plays the card worth the most, counted in dice: a card that empties its pool
  wins at once; Remove 2 > Remove 1 / Give 1; "all pass" only towards the side
  that brings it fewer dice; Skip on the leader; Play again when it holds many
  dice; hand-limit cards when opponents hold many cards; it keeps cheap cards
  for later rather than wasting them;
* picks targets to hurt the leader (Skip, Keeps 1 card, blind takes);
* keeps the cards it can play most usefully (cheap dice-removers first).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludotheque.games.wazabi.actions import ACTIONS
from ludotheque.games.wazabi.components import (
    ALL_PASS,
    COST,
    DRAW_3,
    GIVE_1,
    KEEP_ONE,
    KIND_OF_CODE,
    OTHERS_KEEP_TWO,
    REMOVE_1,
    REMOVE_2,
    REPLAY,
    SKIP,
    STEAL,
)
from ludotheque.games.wazabi.observation import WazabiObservation
from ludotheque.games.wazabi.rules import (
    LEFT,
    PASS,
    RIGHT,
    TAKE_BASE,
)
from ludotheque.kit.heuristic import ObservationBot

# How much a card is worth keeping in hand (cheap dice-removers first).
KEEP_VALUE = {
    REMOVE_1: 1.0, REMOVE_2: 0.9, GIVE_1: 0.8, REPLAY: 0.75, ALL_PASS: 0.6, SKIP: 0.55,
    STEAL: 0.35, DRAW_3: 0.45, KEEP_ONE: 0.3, OTHERS_KEEP_TWO: 0.4,
}
# A card is played only if it is worth more now than this (else it is kept).
PLAY_THRESHOLD = 0.05


def _next(seat: int, direction: int, active: Sequence[bool]) -> int:
    n = len(active)
    for step in range(1, n + 1):
        candidate = (seat + direction * step) % n
        if active[candidate]:
            return candidate
    return seat


# Each action's kind of move ("give", "play", "keep"...) and argument (a seat, or a card's
# kind for "play" and "keep"), read once from the action table.
_VERB = tuple(ACTIONS[action].kind for action in range(len(ACTIONS)))
_ARG = tuple(KIND_OF_CODE[ACTIONS[action].arg] if ACTIONS[action].kind in ("play", "keep")
             else ACTIONS[action].arg for action in range(len(ACTIONS)))


class HeuristicBot(ObservationBot):
    """Reads the seat's compact observation (`observation.WazabiObservation`)."""

    observation = WazabiObservation

    def act(self, obs: WazabiObservation, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        kind = _VERB[legal[0]]
        if kind == "keep":
            return self._keep(obs, legal)
        if kind in ("left", "right"):
            return self._direction(obs)
        if kind in ("play", "pass"):
            return self._play(obs, legal)
        return self._choose_seat(obs, legal, rng)

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _opponents(obs: WazabiObservation) -> list[int]:
        mine, active = obs.partners, obs.active
        return [s for s in range(obs.players) if active[s] and s not in mine]

    @staticmethod
    def _leader(obs: WazabiObservation, among: Sequence[int]) -> int:
        """The opponent closest to winning: fewest dice, then most cards."""
        dice, sizes = obs.dice, obs.sizes
        return min(among, key=lambda s: (dice[s], -sizes[s], s))

    # ------------------------------------------------------------ seat choices
    def _choose_seat(self, obs: WazabiObservation, legal: Sequence[int],
                     rng: random.Random) -> int:
        verb = _VERB[legal[0]]  # give, take or target: one seat each
        seats = [_ARG[a] for a in legal]
        others = self._opponents(obs)
        opponents = [s for s in seats if s in others] or seats
        dice, sizes = obs.dice, obs.sizes
        if verb in ("give", "target"):
            if verb == "target" and obs.card == KEEP_ONE:
                target = max(opponents, key=lambda s: (sizes[s] - dice[s] * 0.5, -s))
            else:
                target = self._leader(obs, opponents)
        else:  # take: from the leader, else whoever holds most cards
            target = min(opponents, key=lambda s: (dice[s], -sizes[s], s))
        return ACTIONS.id(verb, target)

    # ------------------------------------------------------------ direction
    def _direction(self, obs: WazabiObservation) -> int:
        """Each player hands his pool on; I receive my other neighbour's pool."""
        best, best_score = LEFT, float("-inf")
        dice = obs.dice
        active = obs.active
        mine = obs.partners
        spread = max(1, len(self._opponents(obs)))
        for action, direction in ((LEFT, 1), (RIGHT, -1)):
            score = 0.0
            for seat in range(obs.players):
                if not active[seat]:
                    continue
                giver = _next(seat, -direction, active)
                after = dice[giver]
                gain = dice[seat] - after  # dice lost by this seat
                score += gain if seat in mine else -gain / spread
            if score > best_score:
                best, best_score = action, score
        return best

    # ------------------------------------------------------------ playing a card
    def _play(self, obs: WazabiObservation, legal: Sequence[int]) -> int:
        dice = obs.dice[obs.seat]
        best, best_score = PASS, PLAY_THRESHOLD
        opponents = self._opponents(obs)
        for action in legal:
            if action == PASS:
                continue
            kind = _ARG[action]
            score = self._card_value(obs, opponents, kind, dice) - 0.15 * KEEP_VALUE[kind]
            if score > best_score:
                best, best_score = action, score
        return best

    def _card_value(self, obs: WazabiObservation, opponents: Sequence[int], kind: int,
                    dice: int) -> float:
        sizes = obs.sizes
        if kind in (REMOVE_1, REMOVE_2, GIVE_1):
            count = 2 if kind == REMOVE_2 else 1
            if dice <= count:
                return 100.0  # empties my pool: I win
            return float(count) + (0.2 if kind == GIVE_1 else 0.0)
        if kind == ALL_PASS:
            me = obs.seat
            active = obs.active
            gains = []
            for direction in (1, -1):
                giver = _next(me, -direction, active)
                gains.append(dice - obs.dice[giver])
            return max(gains) * 0.9
        if kind == REPLAY:
            return 0.25 + dice / 6 + 0.3
        if kind == SKIP:
            if not opponents:
                return 0.0
            leader = self._leader(obs, opponents)
            return 0.3 + 0.5 / max(1, obs.dice[leader])
        if kind == KEEP_ONE:
            if not opponents:
                return 0.0
            return 0.12 * max(sizes[s] - 1 for s in opponents)
        if kind == OTHERS_KEEP_TWO:
            return 0.12 * sum(max(0, sizes[s] - 2) for s in opponents)
        if kind == DRAW_3:
            return 0.45
        if kind == STEAL:
            return 0.3
        return 0.0

    # ------------------------------------------------------------ keeping cards
    def _keep(self, obs: WazabiObservation, legal: Sequence[int]) -> int:
        dice = obs.dice[obs.seat]

        def value(action: int) -> float:
            kind = _ARG[action]
            worth = KEEP_VALUE[kind]
            if COST[kind] > dice:  # never playable with so few dice
                worth -= 0.6
            return worth

        return max(legal, key=lambda a: (value(a), -a))


__all__ = ["HeuristicBot", "KIND_OF_CODE", "TAKE_BASE"]
