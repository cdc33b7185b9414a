"""A heuristic bot for DTC that plays from its view only.

It counts the cards it has not seen (the deck minus its hand, its offer and
the public penalty piles) and, when the giver of an offer is the seat it just
handed cards to, keeps those cards apart as known. From that:

* **Challenge or accept.** The chance that an offer is true is the chance
  that the giver could have made it honestly (a hypergeometric tail: did his
  hand hold enough cards of the announced value and jokers?), weighted by a
  prior on honesty, plus the chance that a bluff came out true anyway. A
  challenge costs the cards if the offer was true and hurts the giver if not;
  accepting costs the cards of the next offer if that one has to be a bluff
  and is caught, which depends on the cards in hand (a true offer taken plus
  one matching card of one's own gives a true raise). Once the draw pile is
  empty, a challenge ends the game: it compares the final counts.
* **Offer.** It plans a whole offer from its hand and the cards already put
  in, then plays it one atomic step at a time (re-planning at each step gives
  the same plan). A true offer is preferred, as large as its cards of that
  value allow (jokers only when needed): a challenger then takes many cards.
  With no true raise it bluffs with the fewest cards allowed, the cards it
  needs least, and the value the others find most plausible given the cards
  still unseen by all.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ludotheque.games.dtc.actions import ACTIONS
from ludotheque.games.dtc.components import (
    CODES,
    JOKER,
    NUM_KINDS,
    NUM_VALUES,
)
from ludotheque.games.dtc.observation import DTCObservation
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE
from ludotheque.kit.heuristic import ObservationBot

HONESTY = 0.8  # prior: how often an offer that could be true is true
TAKEN_TRUE = 0.85  # prior: how often an offer someone accepted (then raised on) was true
_KINDS = tuple(range(NUM_KINDS))
_NO_CARDS = (0,) * NUM_KINDS
_ADD = tuple(ACTIONS.id("add", code) for code in CODES)  # by kind
_AS = {value: ACTIONS.id("as", value) for value in range(1, NUM_VALUES + 1)}


@lru_cache(maxsize=65536)
def tail(total: int, good: int, draws: int, at_least: int) -> float:
    """P(at least `at_least` good cards among `draws` drawn without replacement)."""
    if at_least <= 0:
        return 1.0
    draws = min(draws, total)
    if at_least > min(draws, good):
        return 0.0
    denominator = comb(total, draws)
    return sum(comb(good, k) * comb(total - good, draws - k)
               for k in range(at_least, min(draws, good) + 1)) / denominator


def good_kinds(value: int, higher: bool, top: int = NUM_VALUES) -> tuple[int, ...]:
    """Kinds that make an offer of `value` hold: the value and jokers (and, with the
    variant, any higher value up to `top`)."""
    if higher:
        return (*range(value - 1, top), JOKER)
    return (value - 1, JOKER)


class HeuristicBot(ObservationBot):
    """Reads the seat's compact observation (`observation.DTCObservation`)."""

    observation = DTCObservation

    def act(self, obs: DTCObservation, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        if CHALLENGE in legal:
            return self._decide(obs)
        return self._offer(obs, legal)

    # ---------------------------------------------------------- knowledge
    @staticmethod
    def _unseen(obs: DTCObservation) -> list[int]:
        """The public pool minus what I hold, build or offered."""
        pool = list(obs.pool)
        for zone in (obs.hand, obs.building, obs.pending_cards):
            if zone is not None:
                for kind in _KINDS:
                    pool[kind] -= zone[kind]
        return pool

    # ------------------------------------------------ accept or challenge
    def truth_probability(self, obs: DTCObservation) -> float:
        """The chance, for the receiver, that the pending offer is true."""
        _, count, value, had = obs.pending
        goods = good_kinds(value, obs.higher, obs.top)
        unseen = self._unseen(obs)
        known = _NO_CARDS
        chain = obs.last_link
        if chain and chain[0] == obs.seat and chain[3] is not None:
            known = chain[3]  # I handed these to the giver
        for kind in _KINDS:
            unseen[kind] -= known[kind]
        total = max(0, sum(unseen))
        good = sum(max(0, unseen[k]) for k in goods)
        known_good = sum(known[k] for k in goods)
        unknown_draws = max(0, had - sum(known))
        possible = tail(total, good, unknown_draws, count - known_good) if total else 0.0
        if chain and not any(known) and chain[2] == value:
            # He accepted "c0 x value" and raises on the same value: if what he took was
            # true, he only needed count - c0 more good cards of his own.
            taken = chain[1]
            possible = TAKEN_TRUE * tail(total, good, unknown_draws - taken, count - taken) \
                + (1 - TAKEN_TRUE) * possible
        by_chance = (good / total) ** count if total else 0.0
        return HONESTY * possible + (1 - HONESTY) * by_chance

    def _decide(self, obs: DTCObservation) -> int:
        me = obs.seat
        n = obs.players
        giver, count, value, _ = obs.pending
        goods = good_kinds(value, obs.higher, obs.top)
        p_true = self.truth_probability(obs)

        if obs.pile == 0:  # a challenge ends the game: compare the final counts
            scores = [m + h for m, h in zip(obs.malus_sizes, obs.sizes)]
            win_true = _share(scores, me, me, count)
            win_false = _share(scores, me, giver, count)
            value_now = p_true * win_true + (1 - p_true) * win_false
            return CHALLENGE if value_now >= 1.0 / n else ACCEPT

        weight = 1.0 / (n - 1)  # another seat's penalty cards, as seen from my seat
        hand = obs.hand
        raise_false = self._can_raise(hand, count, value, obs.top)
        raise_true = raise_false or any(hand[k] for k in goods)
        p_raise = p_true * raise_true + (1 - p_true) * raise_false
        catch = 0.5  # chance the next seat challenges my next offer
        accept_value = catch * (count + 1) * (p_raise * weight - (1 - p_raise))
        challenge_value = -p_true * count + (1 - p_true) * count * weight
        return CHALLENGE if challenge_value > accept_value else ACCEPT

    @staticmethod
    def _can_raise(hand: Sequence[int], count: int, value: int, top: int) -> bool:
        """Whether `hand` alone holds a true raise on (count, value), with values 1..top."""
        jokers = hand[JOKER]
        for higher in range(value + 1, top + 1):
            if hand[higher - 1] + jokers >= count:
                return True
        return any(hand[v] + jokers >= count + 1 for v in range(top))

    # ------------------------------------------------------------ offer
    def _offer(self, obs: DTCObservation, legal: Sequence[int]) -> int:
        building = obs.building
        plan = _plan_offer(building, tuple([h + b for h, b in zip(obs.hand, building)]),
                           obs.to_beat, obs.pool, obs.players, obs.higher, obs.literal, obs.top)
        if plan is None:
            return legal[0]
        value, cards = plan
        for kind in _KINDS:
            if cards[kind] > building[kind]:
                return _ADD[kind]
        action = _AS[value]
        return action if action in legal else legal[-1]


@lru_cache(maxsize=65536)
def _plan_offer(building: tuple[int, ...], total: tuple[int, ...], last: tuple[int, int],
                pool: tuple[int, ...], n: int, higher: bool, literal: bool,
                top: int = NUM_VALUES) -> tuple[int, tuple[int, ...]] | None:
    """The best whole offer (value, cards) from these cards: a pure function, cached
    (search bots ask it again and again from the same hands). What does not depend on the
    cards already put in (`building`) is worked out once per hand (`_offer_table`), and the
    true offers once per hand and number of jokers put in (`_true_offers`): the best true
    offer is then the first of them whose good kinds hold every kind put in."""
    pool_size, my_size, weight, order, table, trues = _offer_table(total, last, pool, n, higher,
                                                                   literal, top)
    put_in = sum(building)
    put_jokers = building[JOKER]
    in_building = 0  # the kinds put in, as a bit mask
    for kind in _KINDS:
        if building[kind]:
            in_building |= 1 << kind
    best: tuple[float, int, tuple[int, ...]] | None = None
    offers = trues.get(put_jokers)
    if offers is None:
        offers = trues[put_jokers] = _true_offers(table, total[JOKER], put_jokers, pool_size,
                                                  my_size, weight)
    for goods, plan in offers:
        if not in_building & ~goods:
            best = plan
            break
    # A bluff: the fewest cards allowed, those I need least.
    bluffs: dict[int, tuple[tuple[int, ...], int]] = {}
    for value, need, _, goods, bluff_good, odds in table:
        count = need if need > put_in else put_in
        if count <= my_size:
            made = bluffs.get(count)
            if made is None:
                filled = list(building)
                missing = count - put_in
                for kind in order:
                    if missing <= 0:
                        break
                    take = total[kind] - filled[kind]
                    if missing < take:
                        take = missing
                    filled[kind] += take
                    missing -= take
                kinds = 0
                for kind in _KINDS:
                    if filled[kind]:
                        kinds |= 1 << kind
                made = bluffs[count] = (tuple(filled), kinds)
            bluff, kinds = made
            q = odds[count]
            if q is None:
                plaus = tail(pool_size, bluff_good, my_size, count)
                q = odds[count] = min(0.9, max(0.1, 0.15 + 0.7 * (1 - plaus)))
            score = (q * count * weight) if not kinds & ~goods else -q * count - 0.05 * bluff[JOKER]
            plan = (score + 0.001 * value, value, bluff)
            if best is None or plan > best:
                best = plan
    if best is None:
        return None
    return best[1], best[2]


def _true_offers(table: tuple[Any, ...], jokers_held: int, put_jokers: int, pool_size: int,
                 my_size: int,
                 weight: float) -> list[tuple[int, tuple[float, int, tuple[int, ...]]]]:
    """Every true offer of a hand with `put_jokers` jokers already put in, best first, each
    as (its good kinds as a bit mask, (score, value, cards per kind)): every number card of
    the good kinds, jokers only as needed."""
    offers = []
    for value, need, settlements, _, _, _ in table:
        for _goods, plaus_good, numbers, cards, mask in settlements:
            jokers = max(put_jokers, need - numbers)
            if jokers <= jokers_held:
                count = numbers + jokers
                plaus = tail(pool_size, plaus_good, my_size, count)
                q = min(0.9, max(0.1, 0.15 + 0.7 * (1 - plaus)))
                score = q * count * weight - 0.4 * max(0, jokers - put_jokers) + 0.01 * value
                offers.append((mask, (score, value, (*cards, jokers))))
    offers.sort(key=lambda offer: offer[1], reverse=True)
    return offers


def _mask(kinds: Sequence[int]) -> int:
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


@lru_cache(maxsize=None)
def _settlements(higher: bool, literal: bool, top: int) -> tuple[Any, ...]:
    """Per value 1..top, the kinds that make an offer of it true under each settlement
    (the first is the bluff's): (good kinds, the same as a bit mask, whether each number
    kind is good)."""
    table = []
    for value in range(1, top + 1):
        settlements = [good_kinds(value, False)]
        if higher:
            if literal:
                settlements.append((*range(value, top), JOKER))
            else:
                settlements = [good_kinds(value, True, top)]
        table.append(tuple((goods, _mask(goods), tuple(k in goods for k in _KINDS if k != JOKER))
                           for goods in settlements))
    return tuple(table)


@lru_cache(maxsize=4096)
def _offer_table(total: tuple[int, ...], last: tuple[int, int], pool: tuple[int, ...], n: int,
                 higher: bool, literal: bool, top: int):
    """What `_plan_offer` needs from a hand, whatever is already in the offer: the pool's
    size, the hand's, a card's weight, the order cards go into a bluff, per value
    (value, the count it needs, its settlements (good kinds, their cards in the pool,
    their number cards in hand, those cards per kind without the jokers, the good kinds as
    a bit mask), the first settlement's good kinds as a bit mask, its cards in the pool,
    a bluff's odds by count (filled as asked)), and the true offers by jokers put in
    (filled by `_plan_offer` as asked)."""
    last_count, last_value = last
    my_size = sum(total)
    # Cards I need least come first into a bluff: lone number cards, then pairs..., jokers last.
    order = (*sorted(range(top), key=lambda k: (total[k], k)), JOKER)
    table = []
    for value, settlements in enumerate(_settlements(higher, literal, top), 1):
        if not last_count:
            need = 1
        else:
            need = last_count if value > last_value else last_count + 1
        rows = []
        for goods, mask, good_numbers in settlements:
            cards = tuple([held if good else 0 for held, good in zip(total, good_numbers)])
            rows.append((goods, sum([pool[k] for k in goods]), sum(cards), cards, mask))
        first = rows[0]
        table.append((value, need, tuple(rows), first[4], first[1], [None] * (my_size + 1)))
    trues: dict[int, list[Any]] = {}
    return sum(pool), my_size, 1.0 / (n - 1), order, tuple(table), trues


def _share(scores: Sequence[int], me: int, taker: int, count: int) -> float:
    final = list(scores)
    final[taker] += count
    best = min(final)
    winners = [p for p, s in enumerate(final) if s == best]
    return 1.0 / len(winners) if me in winners else 0.0


__all__ = ["HeuristicBot", "good_kinds", "tail"]
