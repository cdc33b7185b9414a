"""Per-game statistics (ludotheque.kit.stats, ludotheque.sim.stats and games/<game>/stats.py): what
they count,
checked against independent sources (the decisions taken, the final state, the metrics),
and that they read only public facts."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

import ludotheque.games  # noqa: F401  (registers the games)
from ludotheque.core import all_games, get_game
from ludotheque.core.chance import SeededChance
from ludotheque.i18n import t
from ludotheque.kit.stats import (
    GAME,
    NUMBER,
    SEAT,
    SERIES,
    VALUES,
    Ratio,
    Stat,
    label_key,
    register_stats,
)
from ludotheque.sim import stats as stats_module
from ludotheque.sim.stats import game_statistics, stat_specs

GAMES = [game.name for game in all_games()]  # every registered game, added ones too


def play(game, players, options=None, seed=0):
    """A game between random players, with every event: (state, events, [(seat, move text)])."""
    state = game._new_state(players, game.validate(players, options or {}))
    chance = SeededChance(seed)
    rng = random.Random(seed)
    events, moves = [], []
    while True:
        seat = state.current_player()
        if seat >= 0:
            action = rng.choice(state.legal_actions())
            moves.append((seat, game.action_to_text(action)))
            state.apply_action(action, events)
        elif state.is_chance():
            state.apply_chance(chance.resolve(state.chance_spec()), events)
        else:
            return state, events, moves


def games_of(name, seeds=range(6)):
    game = get_game(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in seeds:
            yield (game, players, seed, *play(game, players, seed=seed))


def moves_by_seat(moves, players, wanted):
    counts = Counter(seat for seat, text in moves if wanted(text))
    return [counts[seat] for seat in range(players)]


@pytest.mark.parametrize("name", GAMES)
def test_statistics_have_the_declared_shape_and_common_facts(name):
    declared = {level: {s.name: s.kind for s in stat_specs(name)
                        if isinstance(s, Stat) and s.level == level} for level in (GAME, SEAT)}
    assert declared[GAME] or declared[SEAT]
    for game, players, _, state, events, moves in games_of(name, seeds=range(3)):
        result = game_statistics(game, state, events)
        json.dumps(result)  # a results file can hold it
        assert set(result["game"]) == set(declared[GAME]) | {"turns", "starter"}
        assert len(result["seats"]) == players
        for seat in result["seats"]:
            assert set(seat) == set(declared[SEAT]) | {"order"}
        for level, values in ((GAME, [result["game"]]), (SEAT, result["seats"])):
            for entry in values:
                for stat, kind in declared[level].items():
                    if kind == NUMBER:
                        assert isinstance(entry[stat], int) and entry[stat] >= 0
                    else:
                        assert all(isinstance(v, int) for v in entry[stat])
        # The starting player made the first decision; turn order counts from him.
        assert result["game"]["starter"] == moves[0][0]
        orders = [seat["order"] for seat in result["seats"]]
        assert sorted(orders) == list(range(players))
        assert orders[result["game"]["starter"]] == 0
        assert result["game"]["turns"] > 0


def test_diciassette_counts_calls_sums_and_traps():
    for game, players, _, state, events, moves in games_of("diciassette"):
        result = game_statistics(game, state, events)
        g, seats = result["game"], result["seats"]
        calls = moves_by_seat(moves, players, lambda text: text == "call")
        assert [s["calls"] for s in seats] == calls
        assert g["calls"] == sum(calls) == state.metrics()["rounds"] == len(g["call_sums"])
        assert all(s["calls_right"] + s["calls_wrong"] == s["calls"] for s in seats)
        assert g["calls_right"] == sum(1 for total in g["call_sums"] if total >= 17)
        # Without the cap option, each face-down Trap revealed costs the caller one Penalty.
        assert sum(s["trap_penalties"] for s in seats) == g["traps"] == sum(s["traps"]
                                                                            for s in seats)
        # A turn is a play (or a skip): at least one card per turn, two after an x2.
        plays = sum(1 for _, text in moves if text not in ("call", "pass"))
        assert g["turns"] <= plays <= 2 * g["turns"]


def test_diciassette_trap_cap_option_caps_the_penalties_per_call():
    game = get_game("diciassette")
    capped = seen = 0
    for seed in range(40):
        state, events, _ = play(game, 5, {"trap_penalty_cap_one": True}, seed)
        result = game_statistics(game, state, events)
        seen += result["game"]["traps"]
        capped += sum(s["trap_penalties"] for s in result["seats"])
        assert capped <= seen
        resolutions = [e.public for e in events if e.kind == "resolution"]
        with_traps = sum(1 for r in resolutions if r["traps"])
        assert sum(s["trap_penalties"] for s in result["seats"]) == with_traps
    assert seen > 0


def test_wazabi_follows_the_dice_and_the_cards():
    for game, players, _, state, events, moves in games_of("wazabi"):
        result = game_statistics(game, state, events)
        g, seats = result["game"], result["seats"]
        assert g["turns"] == state.metrics()["rounds"]
        final = state.view(None)["dice"]
        for seat, entry in enumerate(seats):
            assert entry["dice"][0] == game.validate(players, {})["dice_per_player"]
            assert entry["dice"][-1] == final[seat]
            assert len(entry["dice"]) == g["turns"] + 1  # the deal, then after each turn
        played = moves_by_seat(moves, players, lambda text: text.startswith("play "))
        assert [s["cards_played"] for s in seats] == played and g["cards_played"] == sum(played)
        winner = state.winners()[0]
        assert g["dice_left"] == sum(final) - final[winner]


def test_wazabi_turn_order_follows_the_starting_direction():
    game = get_game("wazabi")
    for seed in range(4):
        state, events, _ = play(game, 4, {"start_direction": "counterclockwise"}, seed)
        seats = game_statistics(game, state, events)["seats"]
        starter = next(s for s, entry in enumerate(seats) if entry["order"] == 0)
        assert seats[(starter - 1) % 4]["order"] == 1


def test_dtc_counts_challenges_bluffs_and_penalty_piles():
    for game, players, _, state, events, moves in games_of("dtc"):
        result = game_statistics(game, state, events)
        g, seats = result["game"], result["seats"]
        assert g["turns"] == state.metrics()["offers"] == sum(s["offers"] for s in seats)
        challenges = moves_by_seat(moves, players, lambda text: text == "challenge")
        assert [s["challenges"] for s in seats] == challenges
        assert sum(s["challenged"] for s in seats) == g["challenges"] == sum(challenges)
        assert sum(g["chain_offers"]) <= g["turns"] and len(g["chain_offers"]) == g["challenges"]
        assert [s["penalty"] for s in seats] == state.scores()
        for entry in seats:
            assert entry["challenges_won"] <= entry["challenges"]
            assert entry["bluffs"] <= entry["challenged"]
        # A challenge of a true offer is lost, of a false one won (the default variant).
        assert g["challenges_won"] == g["bluffs"]


def test_decimoarr_counts_flips_and_failures_per_round():
    for game, players, _, state, events, moves in games_of("decimoarr"):
        result = game_statistics(game, state, events)
        g, seats = result["game"], result["seats"]
        metrics = state.metrics()
        assert len(g["round_flips"]) == len(g["round_failures"]) == metrics["rounds"]
        assert sum(g["round_flips"]) == g["turns"] == metrics["decisions"] == len(moves)
        assert [s["flips"] for s in seats] == moves_by_seat(moves, players, lambda text: True)
        assert sum(g["round_failures"]) == sum(s["failures"] for s in seats)
        assert all(f <= n for f, n in zip(g["round_failures"], g["round_flips"]))
        assert [s["diamonds"] for s in seats] == state.view(None)["scores"]
        assert sum(s["rounds_won"] for s in seats) + g["rounds_without_winner"] == metrics["rounds"]


class _PublicOnly:
    """A final state that answers only what a spectator may ask."""

    def __init__(self, state):
        self.num_players = state.num_players
        self._view = state.view(None)

    def view(self, player):
        assert player is None, "statistics asked for a seat's view"
        return self._view


@pytest.mark.parametrize("name", GAMES)
def test_statistics_read_only_public_facts(name):
    game = get_game(name)
    for seed in range(3):
        state, events, _ = play(game, game.max_players, seed=seed)
        expected = game_statistics(game, state, events)
        scrambled = [e._replace(private={seat: {k: "hidden" for k in part}
                                         for seat, part in e.private.items()})
                     for e in events]
        assert game_statistics(game, _PublicOnly(state), scrambled) == expected


@pytest.mark.parametrize("name", GAMES)
def test_every_statistic_is_labelled_in_both_languages(name):
    from ludotheque.i18n import catalogs

    specs = stat_specs(name)
    in_catalog = catalogs.load(name)  # the game's own .po files, where translators work
    for spec in specs:
        english, french = t(label_key(name, spec), "en"), t(label_key(name, spec), "fr")
        assert english and french and english != french
        assert set(in_catalog[label_key(name, spec)]) == {"en", "fr"}
        if isinstance(spec, Ratio):  # a ratio is made of two numbers of its level
            numbers = {s.name for s in specs if isinstance(s, Stat) and s.level == spec.level
                       and s.kind == NUMBER}
            assert {spec.numerator, spec.denominator} <= numbers
        else:
            assert spec.kind in (NUMBER, VALUES, SERIES)
            assert spec.kind != SERIES or spec.level == SEAT
            assert spec.kind != VALUES or spec.level == GAME


def test_a_statistic_declared_twice_is_refused():
    twice = (Stat("calls", GAME, NUMBER), Stat("calls", GAME, NUMBER))
    with pytest.raises(ValueError, match="twice"):
        register_stats("diciassette", twice)
    with pytest.raises(ValueError, match="level"):
        register_stats("diciassette", (Stat("calls", "table", NUMBER),))


def test_a_statistic_without_a_label_in_the_catalogs_is_refused():
    assert register_stats("diciassette", (Stat("calls", GAME, NUMBER),))
    with pytest.raises(ValueError,
                       match=r"no label in the catalogs .*stats\.diciassette\.game\.unknown"):
        register_stats("diciassette", (Stat("unknown", GAME, NUMBER),))


def test_a_game_without_a_stats_module_gives_empty_statistics(monkeypatch):
    game = get_game("dtc")
    state, events, _ = play(game, 3)

    monkeypatch.setattr(game, "parts", replace(game.parts, stats=None))
    assert stats_module.stat_specs(game) == ()
    assert game_statistics(game, state, events) == {"game": {}, "seats": [{}, {}, {}]}
