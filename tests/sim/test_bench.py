"""`ludotheque bench`: every game of ours next to OpenSpiel's, and ISMCTS iterations/s."""

from __future__ import annotations

import json
import random
import sys

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app
from ludotheque.core.registry import all_games, get_game
from ludotheque.sim.bench import (
    OPENSPIEL_GAMES,
    REFERENCES,
    _openspiel_window,
    bench_all,
    bench_ismcts,
    bench_openspiel,
)

RUNNER = CliRunner(env={"COLUMNS": "200"})
OURS = [game.name for game in all_games()]
QUICK = {"seconds": 0.1, "repeats": 2, "ismcts_ms": 5.0}


@pytest.fixture(scope="module")
def measured():
    return bench_all(**QUICK)


@pytest.fixture(scope="module")
def rows(measured):
    return measured["rows"]


def test_every_game_on_both_paths_then_openspiels(rows):
    assert [(row["name"], row["path"]) for row in rows] == (
        [(name, path) for name in OURS for path in ("raw", "public")]
        + [(name, "openspiel") for name in OPENSPIEL_GAMES])
    for row in rows:
        assert row["decisions_per_s"] >= row["min_decisions_per_s"] > 0 and row["games_per_s"] > 0
        assert row["decisions"] >= row["games"] > 0
        assert row["players"] == (get_game(row["name"]).default_players if row["name"] in OURS
                                  else 2)
        assert 0 < row["cpu_share"] <= 1.5  # CPU over wall time (a little more: clock grain)


def test_chance_steps_are_counted_apart_from_decisions(rows):
    for row in rows:
        # Every game of ours starts with a deal; so does every OpenSpiel game measured.
        assert row["chance_steps"] >= row["games"] and row["chance_steps_per_s"] > 0


def test_ratios_per_round_median_and_lowest(measured, rows):
    assert measured["rounds"] == QUICK["repeats"]
    for row in rows:
        assert set(row["ratios"]) == set(REFERENCES)
        for ratio in row["ratios"].values():
            assert 0 < ratio["min"] <= ratio["median"]
    assert all(row["ratios"][row["name"]] == {"median": 1.0, "min": 1.0}
               for row in rows if row["name"] in REFERENCES)


def test_the_machine_load_is_reported(measured):
    for key in ("machine_before", "machine_after"):
        assert measured[key]["cores"] >= 1
        assert measured[key]["load_average"] is None or len(measured[key]["load_average"]) == 3


def test_ismcts_iterations_for_our_games_on_the_public_path_only(rows):
    for row in rows:
        if row["source"] == "ludotheque" and row["path"] == "public":
            assert row["ismcts_iterations_per_s"] > 0
        else:
            assert row["ismcts_iterations_per_s"] is None
        if row["source"] == "open_spiel":
            assert row["implementation"] in ("python", "c++")


def test_bench_ismcts_counts_the_bots_iterations():
    assert bench_ismcts(get_game("dtc"), 2, seconds=0.05, repeats=2, budget_ms=5) > 0


def test_openspiel_chance_outcomes_follow_their_probabilities():
    class State:
        def __init__(self):
            self.history = []

        def is_terminal(self):
            return len(self.history) == 3

        def is_chance_node(self):
            return len(self.history) in (0, 2)

        def chance_outcomes(self):
            return [(7, 0.0), (8, 1.0), (9, 0.0)]

        def legal_actions(self):
            return [0, 1]

        def apply_action(self, action):
            self.history.append(action)
            played.append(tuple(self.history))

    class Game:
        def new_initial_state(self):
            return State()

    played = []
    decisions, games, chance_steps, _, _ = _openspiel_window(Game(), 0.01, random.Random(1))
    finished = [h for h in played if len(h) == 3]
    assert len(finished) == games and chance_steps == 2 * games and decisions == games
    assert all(h[0] == 8 and h[2] == 8 and h[1] in (0, 1) for h in finished)
    assert {h[1] for h in finished} == {0, 1}


def test_kuhn_poker_deals_two_cards_then_two_or_three_decisions():
    row = bench_openspiel("python_kuhn_poker", seconds=0.05, repeats=1)
    assert row["chance_steps"] == 2 * row["games"]
    assert 2 <= row["mean_decisions"] <= 3


def test_without_openspiel_only_our_games(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    rows = bench_all(**QUICK)["rows"]
    assert [row["name"] for row in rows] == [name for name in OURS for _ in ("raw", "public")]
    assert all(row["ratios"] == {} for row in rows)
    result = RUNNER.invoke(app, ["bench", "--seconds", "0.05", "--repeats", "1", "--ismcts-ms", "5",
                                 "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "pip install 'ludotheque[rl]'" in result.output and "÷" not in result.output


# ---------------------------------------------------------------- command line
def _bench(*args):
    """A short bench; `args` may set one of these options again (given once: an option
    given twice is refused)."""
    short = {"--seconds": "0.05", "--repeats": "1", "--ismcts-ms": "5"}
    kept = [item for name, value in short.items() if name not in args for item in (name, value)]
    return RUNNER.invoke(app, ["bench", *kept, *args])


def test_bench_without_a_game_is_bench_all_as_json():
    for args in ([], ["--all"]):
        result = _bench(*args, "--json")
        assert result.exit_code == 0, result.output
        listing = json.loads(result.stdout)["rows"]
        assert [row["name"] for row in listing
                if row["path"] != "raw"] == OURS + list(OPENSPIEL_GAMES)
        assert all({"name", "path", "decisions_per_s", "min_decisions_per_s", "chance_steps_per_s",
                    "games_per_s", "cpu_share", "ismcts_iterations_per_s", "ratios"} <= set(row)
                   for row in listing)


@pytest.mark.parametrize(("lang", "wanted"), [
    ("en", ["game (players)", "path", "decisions/s (lowest)", "chance steps/s", "games/s",
            "÷ LP", "÷ KP", "CPU", "ISMCTS it/s", "LP = python_liars_poker", "diciassette (4)",
            "liars_dice (2)", "raw", "public", "Machine load (1, 5, 15 min)"]),
    ("fr", ["jeu (joueurs)", "chemin", "décisions/s (minimum)", "coups du hasard/s", "parties/s",
            "÷ LP", "it. ISMCTS/s", "KP = python_kuhn_poker", "wazabi (4)", "brut", "public",
            "Charge de la machine (1, 5, 15 min)"]),
])
def test_bench_all_table_in_each_language(lang, wanted):
    result = _bench("--lang", lang)
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.replace("\u00a0", " ").split())
    for text in wanted:
        assert text in flat


def test_bench_one_game_keeps_its_json():
    result = _bench("17", "--players", "3", "--json")
    data = json.loads(result.stdout)
    assert data["game"] == "diciassette" and data["players"] == 3 and data["decisions"] > 0


@pytest.mark.parametrize(("args", "fragment"), [
    (["17", "--all"], "Give a game or --all, not both."),
    (["--option", "trap=3"], "--option needs a game"),
    (["--players", "9"], "2 to 5 players, not 9"),  # Décimoarr, the first game
    (["--ismcts-ms", "0"], "--ismcts-ms must be a number more than 0"),
])
def test_bench_refuses_bad_arguments(args, fragment):
    result = _bench(*args, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert fragment in " ".join(result.output.split())
