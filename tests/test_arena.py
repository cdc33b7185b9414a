"""The arena: seat-rotated games, Wilson intervals, ranks, openskill ratings, head to head."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app
from ludotheque.core import get_game
from ludotheque.sim.arena import arena, entry_names, move_times, wilson


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_duplicate_bots_become_separate_entries():
    assert entry_names(["random", "medium", "random"]) == ["random", "medium", "random#2"]


def _without_timing(summary):
    """Everything but the thinking times (a clock is not reproducible)."""
    for row in summary["bots"]:
        assert row["ms_per_move"] >= 0 and row["moves"] > 0
        assert 0 <= row["ms_p95"] <= row["ms_max"] and row["ms_mean"] <= row["ms_max"]
        for key in ("ms_per_move", "ms_mean", "ms_p95", "ms_max"):
            del row[key]
    return summary


def test_move_times_give_mean_p95_and_max_in_milliseconds():
    assert move_times([]) == {"ms_mean": 0.0, "ms_p95": 0.0, "ms_max": 0.0}
    seconds = [i / 1000 for i in range(1, 101)]  # 1 ms to 100 ms
    assert move_times(seconds) == {"ms_mean": 50.5, "ms_p95": 95.0, "ms_max": 100.0}
    assert move_times([0.002]) == {"ms_mean": 2.0, "ms_p95": 2.0, "ms_max": 2.0}


def test_arena_is_reproducible_and_consistent():
    game = get_game("diciassette")
    first = _without_timing(arena(game, 3, 30, 7, ["medium", "easy", "random"]))
    assert first == _without_timing(arena(game, 3, 30, 7, ["medium", "easy", "random"], jobs=2))
    assert first != _without_timing(arena(game, 3, 30, 8, ["medium", "easy", "random"]))
    rows = {row["name"]: row for row in first["bots"]}
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(30)
    for name, row in rows.items():
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
        assert 1 <= row["mean_rank"] <= 2
        for other, share in first["head_to_head"][name].items():
            assert share + first["head_to_head"][other][name] == pytest.approx(1.0)
            low, high = first["head_to_head_ci"][name][other]
            assert low <= share <= high
            assert [1 - high, 1 - low] == pytest.approx(first["head_to_head_ci"][other][name],
                                                        abs=2e-4)


def test_medium_beats_random_clearly_in_the_arena():
    summary = arena(get_game("diciassette"), 2, 200, 3, ["medium", "random"])
    rows = {row["name"]: row for row in summary["bots"]}
    assert rows["medium"]["ci_low"] > 0.5
    assert rows["medium"]["rating"] > rows["random"]["rating"]
    assert rows["medium"]["mean_rank"] < rows["random"]["mean_rank"]
    low, high = summary["head_to_head_ci"]["medium"]["random"]
    assert 0.5 < low < summary["head_to_head"]["medium"]["random"] <= high
    short = arena(get_game("diciassette"), 2, 20, 3, ["medium", "random"])
    short_low, short_high = short["head_to_head_ci"]["medium"]["random"]
    assert short_high - short_low > high - low


def test_arena_command_json_and_errors():
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "dtc", "--bots", "medium,easy,random", "--players", "3",
                                 "--games", "6", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    for key in ("game", "players", "games", "seed", "bots", "head_to_head"):
        assert key in summary
    for row in summary["bots"]:
        assert set(row) >= {"name", "games", "win_rate", "ci_low", "ci_high", "mean_rank", "rating"}
    wrong = runner.invoke(app, ["arena", "dtc", "--bots", "medium,easy", "--players", "3"])
    assert wrong.exit_code == 2 and "2 bots given for 3 bot seats" in wrong.output
    french = runner.invoke(app, ["arena", "17", "--bots", "medium,random", "--players", "2",
                                 "--games", "4", "--lang", "fr"])
    assert french.exit_code == 0 and "Face à face" in french.output
