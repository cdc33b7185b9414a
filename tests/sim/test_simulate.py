"""Simulations at speed: the same games whatever runs them, per-seat rows, sweeps, Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

import ludotheque.sim as sim_package
from ludotheque.core.chance import derive_seed
from ludotheque.core.errors import LudoError, MissingExtraError, OptionError
from ludotheque.core.events import Event
from ludotheque.core.options import options_to_json
from ludotheque.core.registry import get_game
from ludotheque.sim import simulate as simulate_module
from ludotheque.sim.results import FIXED_COLUMNS, check_results_path, columns, write_results
from ludotheque.sim.simulate import (
    parse_sweep_assignments,
    play_bot_game,
    run_simulation,
    seats_for_game,
    simulate,
    summarise_run,
    sweep_configs,
)

DICI = get_game("diciassette")
WAZABI = get_game("wazabi")
BOTS = ["heuristic", "random", "random"]


def _games(run):
    """Every finished game as plain data, in order (what must not depend on how it ran)."""
    return [(result.config, result.index, result.seed, result.bots, result.winners, result.ranks,
             result.decisions, result.metrics, result.rows)
            for per_config in run.results for result in per_config]


@pytest.fixture(scope="module")
def local_run():
    return run_simulation(DICI, 3, 24, 5, BOTS, jobs=1, rows=True)


def test_results_are_the_same_in_process_and_on_a_pool(local_run):
    pooled = run_simulation(DICI, 3, 24, 5, BOTS, jobs=2, backend="process", rows=True)
    assert pooled.where == {"backend": "process", "jobs": 2}
    assert local_run.where == {"backend": "local", "jobs": 1}
    assert _games(pooled) == _games(local_run)
    assert [r.index for r in pooled.results[0]] == list(range(24))
    assert summarise_run(DICI, 3, 5, BOTS, True, pooled) == summarise_run(DICI, 3, 5, BOTS, True,
                                                                          local_run)


def test_game_i_has_its_derived_seed_and_rotation(local_run):
    options = DICI.validate(3, None)
    for result in local_run.results[0]:
        i = result.index
        assert result.seed == derive_seed(5, i)
        assert result.bots == seats_for_game(BOTS, i, True)
        alone = play_bot_game(DICI, result.bots, options, result.seed)
        assert (alone.winners, alone.ranks, alone.decisions) == (result.winners, result.ranks,
                                                                  result.decisions)
    other = run_simulation(DICI, 3, 24, 6, BOTS)
    assert [r.winners for r in other.results[0]] != [r.winners for r in local_run.results[0]]


def test_one_row_per_seat_with_the_schema(local_run):
    rows = local_run.rows()
    assert len(rows) == 24 * 3
    names = columns(rows)
    assert names[:len(FIXED_COLUMNS)] == list(FIXED_COLUMNS)
    prefixes = [name[:2] for name in names[len(FIXED_COLUMNS):]]
    assert prefixes == sorted(prefixes, key=["m_", "g_", "s_"].index)
    expected_options = json.dumps(options_to_json(DICI.validate(3, None)), sort_keys=True)
    for result in local_run.results[0]:
        seat_rows = result.rows
        assert [row["seat"] for row in seat_rows] == [0, 1, 2]
        assert [row["bot"] for row in seat_rows] == result.bots
        assert sum(row["win"] for row in seat_rows) == pytest.approx(1.0)
        assert [row["rank"] for row in seat_rows] == result.ranks
        for row in seat_rows:
            assert row["game"] == "diciassette" and row["config"] == "default"
            assert row["options"] == expected_options
            assert (row["game_index"], row["seed"], row["players"]) == (result.index, result.seed,
                                                                        3)
            assert row["decisions"] == result.decisions
            assert row["m_rounds"] == result.metrics["rounds"]
            assert row["win"] == (1 / len(result.winners) if row["seat"] in result.winners else 0.0)
            for name, value in row.items():
                assert value is None or isinstance(value, (bool, int, float, str)), name
        shared = [{k: v for k, v in row.items() if k.startswith("g_")} for row in seat_rows]
        assert shared[0] == shared[1] == shared[2]


def test_statistics_get_every_event_and_only_when_rows_are_wanted(monkeypatch):
    calls = []

    def statistics(game, state, events):
        calls.append((game, state.is_terminal(), events))
        return {"game": {"events": len(events), "kinds": sorted({e.kind for e in events})},
                "seats": [{"seat_twice": 2 * seat} for seat in range(state.num_players)]}

    monkeypatch.setattr(simulate_module, "_statistics_function", lambda: statistics)
    run = run_simulation(DICI, 3, 2, 1, BOTS, rows=True)
    assert len(calls) == 2
    for game, terminal, events in calls:
        assert game is DICI and terminal
        assert events and all(isinstance(e, Event) for e in events)
    row = run.rows()[4]  # game 1, seat 1
    assert row["g_events"] == len(calls[1][2])
    assert json.loads(row["g_kinds"]) == sorted({e.kind for e in calls[1][2]})
    assert row["s_seat_twice"] == 2
    calls.clear()
    run_simulation(DICI, 3, 2, 1, BOTS, rows=False)
    assert calls == []


def test_no_statistics_columns_while_the_stats_module_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "ludotheque.sim.stats", None)
    monkeypatch.delattr(sim_package, "stats", raising=False)
    rows = run_simulation(DICI, 3, 2, 1, BOTS, rows=True).rows()
    assert rows and not any(name.startswith(("g_", "s_")) for name in rows[0])
    assert "m_rounds" in rows[0]


# ----------------------------------------------------------------------- sweeps
def test_sweep_is_the_cartesian_product_each_validated():
    configs = sweep_configs(WAZABI, 3, {"teams": "false"},
                            {"dice_per_player": ["3", "4"], "start_direction": ["clockwise",
                                                                                "counterclockwise"]})
    assert [c.label for c in configs] == [
        "dice_per_player=3 start_direction=clockwise",
        "dice_per_player=3 start_direction=counterclockwise",
        "dice_per_player=4 start_direction=clockwise",
        "dice_per_player=4 start_direction=counterclockwise",
    ]
    assert configs[3].options["dice_per_player"] == 4 and configs[0].options["teams"] is False
    assert [c.label for c in sweep_configs(WAZABI, 3)] == ["default"]


def test_sweep_parsing_and_list_options():
    assert parse_sweep_assignments(["dice_per_player=3,4,5"],
                                   WAZABI) == {"dice_per_player": ["3", "4", "5"]}
    swept = parse_sweep_assignments(["singles=2,3,3,3,4;3,3,3,3,3", "trap=4;5"], DICI)
    assert swept == {"singles": ["2,3,3,3,4", "3,3,3,3,3"], "trap": ["4", "5"]}
    labels = [c.label for c in sweep_configs(DICI, 4, None, swept)]
    assert labels[0] == "singles=2,3,3,3,4 trap=4" and len(labels) == 4


@pytest.mark.parametrize(("items", "options", "key"), [
    (["dice_per_player"], None, "error.sweep_syntax"),
    (["dice_per_player=3,,4"], None, "error.list_empty_item"),  # the rule of every list
    (["nope=1,2"], None, "error.option_unknown"),
    (["dice_per_player=3,99"], None, "error.option_value"),  # in the configuration's words
    (["dice_per_player=3,13"], None,
     "wazabi.error.too_many_dice"),  # 2 x 13 dice: more than the box
    (["dice_per_player=3", "dice_per_player=4"], None, "error.sweep_twice"),
    (["dice_per_player=3,4"], {"dice_per_player": "3"}, "error.sweep_twice"),
    (["start_direction=clockwise,CLOCKWISE"], None, "error.sweep_duplicate"),
])
def test_bad_sweeps_are_refused_before_any_game(items, options, key):
    with pytest.raises(OptionError) as caught:
        run_simulation(WAZABI, 2, 1, 1, ["random", "random"], options,
                       sweep=parse_sweep_assignments(items, WAZABI))
    error = caught.value
    if error.key == "error.sweep_config":  # a configuration refused: the error it met
        assert error.params["config"] == "dice_per_player=" + items[0].rsplit(",", 1)[1]
        error = error.params["error"]
    assert error.key == key
    assert caught.value.message("fr") != caught.value.message("en")


def test_a_sweep_plays_the_same_games_under_each_configuration():
    run = run_simulation(WAZABI, 2, 5, 3, ["heuristic", "random"],
                         sweep={"dice_per_player": [3, 5]}, rows=True)
    assert [len(r) for r in run.results] == [5, 5]
    for per_config in run.results:
        assert [r.seed for r in per_config] == [derive_seed(3, i) for i in range(5)]
    rows = run.rows()
    assert {row["config"] for row in rows} == {"dice_per_player=3", "dice_per_player=5"}
    assert {json.loads(row["options"])["dice_per_player"] for row in rows} == {3, 5}
    summary = summarise_run(WAZABI, 2, 3, ["heuristic", "random"], True, run)
    assert [c["config"] for c in summary["configs"]] == ["dice_per_player=3", "dice_per_player=5"]
    assert [c["options"]["dice_per_player"] for c in summary["configs"]] == [3, 5]
    assert "wins_by_seat" not in summary and summary["games"] == 5
    assert all(sum(c["wins_by_seat"]) == pytest.approx(5) for c in summary["configs"])


def test_without_a_sweep_the_summary_keeps_its_keys_and_lists_one_config():
    summary = simulate(DICI, 3, 6, 2, BOTS)
    assert summary["interrupted"] is False and "games_planned" not in summary
    (config,) = summary["configs"]
    assert config["config"] == "default"
    assert {k: v for k, v in config.items() if k != "config"} == \
        {k: v for k, v in summary.items() if k not in ("configs", "interrupted")}


# ------------------------------------------------------------------- Ctrl-C
@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interruption_keeps_the_finished_games(jobs, local_run):
    seen = []

    def progress(done):
        seen.append(done)
        if done >= 5:
            raise KeyboardInterrupt

    run = run_simulation(DICI, 3, 24, 5, BOTS, jobs=jobs, rows=True, progress=progress)
    assert run.interrupted and 5 <= run.finished < 24 and seen[-1] == run.finished
    by_index = {r.index: r for r in local_run.results[0]}
    indices = [r.index for r in run.results[0]]
    assert indices == sorted(indices)
    for result in run.results[0]:
        assert result.rows == by_index[result.index].rows
    summary = summarise_run(DICI, 3, 5, BOTS, True, run)
    assert summary["interrupted"] and summary["games"] == run.finished
    assert summary["games_planned"] == 24


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sweep_stopped_early_compares_its_configurations_on_the_same_games(jobs):
    """A sweep's configurations take turns: stopped after 8 of its 2 x 40 games, each has
    played some of the same first games (all 8 used to be the first configuration's, and
    the partial results compared nothing)."""
    def progress(done):
        if done >= 8:
            raise KeyboardInterrupt

    wazabi = get_game("wazabi")
    run = run_simulation(wazabi, 3, 40, 5, ["heuristic"] * 3, jobs=jobs, progress=progress,
                         sweep={"dice_per_player": [3, 4]})
    assert run.interrupted and run.finished >= 8
    indexes = [{result.index for result in per_config} for per_config in run.results]
    assert all(len(played) >= 2 for played in indexes)
    assert len(indexes[0] & indexes[1]) >= 2 and max(indexes[0] | indexes[1]) < 8


def test_ctrl_c_on_a_pool_stops_every_worker_and_keeps_the_finished_games(tmp_path):
    """A real SIGINT to the whole process group, as a terminal sends it."""
    script = textwrap.dedent("""
        import json, signal
        from ludotheque.core.registry import get_game
        from ludotheque.sim.simulate import run_simulation

        signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with it ignored

        def progress(done):
            print("done", done, flush=True)

        run = run_simulation(get_game("diciassette"), 3, 100000, 5,
                             ["heuristic", "random", "random"], jobs=2, progress=progress)
        print(json.dumps({"interrupted": run.interrupted,
                          "games": [(r.index, r.seed, r.winners) for r in run.results[0]]}))
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        first = child.stdout.readline()
        while first == "done 0\n":  # the workers are ready; wait for finished games
            first = child.stdout.readline()
        assert first.startswith("done"), first + child.stderr.read()
        os.killpg(child.pid, signal.SIGINT)
        rest, errors = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, errors
    result = json.loads(rest.strip().splitlines()[-1])
    assert result["interrupted"] is True
    games = result["games"]
    assert len(games) >= int(first.split()[1]) > 0
    assert [g[0] for g in games] == sorted(g[0] for g in games)
    options = DICI.validate(3, None)
    for index, seed, winners in games[:8]:  # the same games as played alone
        assert seed == derive_seed(5, index)
        assert play_bot_game(DICI, seats_for_game(BOTS, index, True), options,
                             seed).winners == winners
    with pytest.raises(ProcessLookupError):  # no worker left behind
        os.killpg(child.pid, 0)


# -------------------------------------------------------------------- files
def test_csv_and_parquet_files_hold_the_same_rows(local_run, tmp_path):
    import pyarrow.parquet as pq

    rows = local_run.rows()
    write_results(rows, tmp_path / "r.csv")
    write_results(rows, tmp_path / "r.parquet")
    with (tmp_path / "r.csv").open(encoding="utf-8") as handle:
        read = list(csv.DictReader(handle))
    table = pq.read_table(tmp_path / "r.parquet")
    assert table.column_names == columns(rows) == list(read[0])
    assert table.num_rows == len(read) == len(rows)
    assert str(table.schema.field("game_index").type) == "int64"
    assert str(table.schema.field("win").type) == "double"
    assert table.to_pylist() == rows
    assert [int(r["seed"]) for r in read] == [r["seed"] for r in rows]
    assert [float(r["win"]) for r in read] == [r["win"] for r in rows]


@pytest.mark.parametrize(("name", "key"), [("r.json", "error.out_format"),
                                           ("r", "error.out_format"),
                                           ("missing/r.csv", "error.save_folder")])
def test_a_results_path_that_cannot_be_written_is_refused(tmp_path, name, key):
    with pytest.raises(LudoError) as caught:
        check_results_path(tmp_path / name)
    assert caught.value.key == key


def test_missing_extras_name_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MissingExtraError) as caught:
        check_results_path(tmp_path / "r.parquet")
    assert "pip install 'ludotheque[report]'" in caught.value.message("en")
    check_results_path(tmp_path / "r.csv")  # CSV needs nothing
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtraError) as caught:
        run_simulation(DICI, 3, 2, 1, BOTS, backend="ray", jobs=2)
    assert "pip install 'ludotheque[ray]'" in caught.value.message("fr")


@pytest.mark.parametrize(("kwargs", "key"), [({"backend": "gpu"}, "error.backend"),
                                             ({"jobs": 0}, "error.positive")])
def test_bad_backend_or_jobs(kwargs, key):
    with pytest.raises(LudoError) as caught:
        run_simulation(DICI, 3, 2, 1, BOTS, **kwargs)
    assert caught.value.key == key


def test_python_api_takes_a_game_name_and_one_bot_for_all_as_the_command_line_does():
    from ludotheque.sim.simulate import simulate

    game = get_game("wazabi")
    full = simulate(game, 3, 12, 5, ["random", "random", "random"])
    assert simulate("wazabi", 3, 12, 5, ["random"]) == full
    assert simulate("wazabi", 3, 12, 5, "random") == full
    assert full["games"] == 12 and sum(full["wins_by_seat"]) == pytest.approx(12)
    with pytest.raises(LudoError) as error:
        simulate("wazabi", 3, 12, 5, ["random", "random"])
    assert error.value.key == "error.bot_count"
