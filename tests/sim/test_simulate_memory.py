"""Simulations keep no per-game result unless asked (issue 15): a summary is counted game
by game, the same as one computed from every game; bots' generators are the same streams
as before they were made faster."""

from __future__ import annotations

import random
import statistics

from ludotheque.bots import make_bot
from ludotheque.core.chance import derive_seed
from ludotheque.core.registry import get_game
from ludotheque.sim.simulate import (
    Tally,
    _bot_rng,
    _distribution,
    run_simulation,
    summarise,
    summarise_run,
)

DICI = get_game("diciassette")
BOTS = ["heuristic", "random", "random"]


def test_a_summary_without_kept_games_is_the_summary_of_every_game():
    kept = run_simulation(DICI, 3, 40, 9, BOTS, jobs=1)
    counted = run_simulation(DICI, 3, 40, 9, BOTS, jobs=1, keep=False)
    assert counted.results == [[]] and counted.finished == 40 == kept.finished
    assert summarise_run(DICI, 3, 9, BOTS, True, counted) == summarise_run(DICI, 3, 9, BOTS, True,
                                                                           kept)
    by_list = summarise(DICI, 3, 9, BOTS, kept.configs[0].options, True, kept.results[0])
    whole = summarise_run(DICI, 3, 9, BOTS, True, kept)
    assert by_list == {key: value for key, value in whole.items()
                       if key not in ("configs", "interrupted")}


def test_pooled_and_local_counts_agree_to_the_last_digit():
    local = run_simulation(DICI, 3, 24, 5, BOTS, jobs=1, keep=False)
    pooled = run_simulation(DICI, 3, 24, 5, BOTS, jobs=2, backend="process", keep=False)
    assert summarise_run(DICI, 3, 5, BOTS, True, local) == summarise_run(DICI, 3, 5, BOTS, True,
                                                                         pooled)


def test_a_distribution_from_counts_is_the_one_from_the_values():
    rng = random.Random(4)
    values = [rng.randrange(5, 90) for _ in range(500)]
    tally = Tally(2, ["a", "b"])
    for value in values:
        tally.decisions[value] += 1
    shown = _distribution(tally.decisions)
    ordered = sorted(values)
    assert shown["min"] == ordered[0] and shown["max"] == ordered[-1]
    for key, q in (("p10", 0.1), ("p50", 0.5), ("p90", 0.9)):
        assert shown[key] == ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    assert shown["stdev"] == round(statistics.pstdev(values), 3)
    assert shown["histogram"] is None  # more than 40 distinct values
    assert _distribution(Tally(2, ["a", "b"]).rounds) == {}


def test_bot_generators_are_the_seeded_streams():
    for seed in (0, 7, 2**62 + 3):
        made = [_bot_rng(seed, seat) for seat in range(4)]
        assert len(made) == 4 and len({id(rng) for rng in made}) == 4
        for seat, rng in enumerate(made):
            expected = random.Random(derive_seed(seed, "bot", seat))
            assert [rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]
            assert rng.randrange(17) == expected.randrange(17) and rng.gauss(0,
                                                                             1) == expected.gauss(0,
                                                                                                  1)


def test_random_seats_drawn_in_the_loop_play_the_games_random_bot_choose_plays(monkeypatch):
    """The simulation draws a random bot's move itself (no call per decision): the same
    moves as RandomBot.choose from the same generator, so the same games and results."""
    from ludotheque.bots import RandomBot
    from ludotheque.sim import simulate as sim

    class ChoosingRandom(RandomBot):  # not the RandomBot type: asked through choose
        pass

    fast = [sim._play(DICI, ["random", "heuristic", "random"], DICI.validate(3, None), seed,
                      None, None)[0].to_json() for seed in range(12)]
    monkeypatch.setattr(sim, "_BOTS", {})
    monkeypatch.setattr(sim, "_SEATINGS", {})
    monkeypatch.setattr(sim, "make_bot", lambda name, game, budget=None:
                        ChoosingRandom() if name == "random" else make_bot(name, game, budget))
    slow = [sim._play(DICI, ["random", "heuristic", "random"], DICI.validate(3, None), seed,
                      None, None)[0].to_json() for seed in range(12)]
    assert fast == slow
