"""`ludotheque simulate`: --jobs, --sweep, --out, --backend, and an interrupted run."""

from __future__ import annotations

import csv
import json
import re

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app
from ludotheque.i18n import t
from ludotheque.sim import simulate as simulate_module

RUNNER = CliRunner(env={"COLUMNS": "200"})
# A number as babel writes it, thousands grouped (French: a narrow space, made plain by `flat`).
NUMBER_EN = r"\d{1,3}(?:,\d{3})*(?:\.\d+)?"
NUMBER_FR = r"\d{1,3}(?: \d{3})*(?:,\d+)?"
SIM = ["simulate", "diciassette", "--players", "3", "--games", "12", "--seed", "4",
       "--bots", "heuristic,random,random"]


def invoke(args):
    result = RUNNER.invoke(app, [str(a) for a in args])
    result.flat = " ".join(result.output.replace("\u00a0", " ").replace("\u202f", " ").split())
    return result


def succeeded(result):
    assert result.exit_code == 0, f"{result.exception!r}\n{result.output}"
    return result


def test_json_is_the_same_whatever_the_number_of_jobs():
    one = succeeded(invoke(SIM + ["--jobs", "1", "--json"]))
    two = succeeded(invoke(SIM + ["--jobs", "2", "--json"]))
    local = succeeded(invoke(SIM + ["--jobs", "2", "--backend", "local", "--json"]))
    assert one.stdout == two.stdout == local.stdout
    summary = json.loads(one.stdout)  # stdout holds the JSON only
    assert summary["games"] == 12 and summary["interrupted"] is False
    assert [c["config"] for c in summary["configs"]] == ["default"]
    assert summary["configs"][0]["wins_by_seat"] == summary["wins_by_seat"]
    assert one.stderr == ""  # off a terminal: no progress bar, no notes
    text = succeeded(invoke(SIM + ["--jobs", "2", "--lang", "en"]))
    assert re.search(rf"12 games in {NUMBER_EN} s: {NUMBER_EN} games/s \(2 processes\)",
                     text.flat), text.flat
    text = succeeded(invoke(SIM + ["--jobs", "1", "--lang", "fr"]))
    assert re.search(rf"12 parties en {NUMBER_FR} s : {NUMBER_FR} parties/s \(dans ce processus\)",
                     text.flat), text.flat


def test_the_speed_patterns_accept_grouped_thousands():
    """A fast machine prints 1,007.5 / 1 007,5 games/s (`flat` turns the narrow space into
    a plain one): the patterns above must match those, not only numbers below 1,000."""
    for number in ("0.0", "45.2", "1,007.5", "12,345,678.0"):
        assert re.fullmatch(NUMBER_EN, number), number
    for number in ("0,0", "45,2", "1 007,5", "12 345 678,0"):
        assert re.fullmatch(NUMBER_FR, number), number


def test_out_csv_has_one_row_per_game_and_seat(tmp_path):
    target = tmp_path / "results.csv"
    result = succeeded(invoke(SIM + ["--out", target, "--lang", "en"]))
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 12 * 3
    assert f"36 rows (one per game and seat) written to {target}" in result.flat
    assert sorted({int(r["game_index"]) for r in rows}) == list(range(12))
    summary = json.loads(succeeded(invoke(SIM + ["--json"])).stdout)
    wins = [0.0, 0.0, 0.0]
    for row in rows:
        wins[int(row["seat"])] += float(row["win"])
    assert wins == pytest.approx(summary["wins_by_seat"])


def test_sweep_in_the_summary_and_the_file(tmp_path):
    target = tmp_path / "sweep.parquet"
    args = ["simulate", "wazabi", "--players", "2", "--games", "6", "--bots", "heuristic,random",
            "--sweep", "dice_per_player=2,3", "--sweep",
            "start_direction=clockwise,counterclockwise",
            "--out", target, "--json"]
    summary = json.loads(succeeded(invoke(args)).stdout)
    labels = [c["config"] for c in summary["configs"]]
    assert labels == ["dice_per_player=2 start_direction=clockwise",
                      "dice_per_player=2 start_direction=counterclockwise",
                      "dice_per_player=3 start_direction=clockwise",
                      "dice_per_player=3 start_direction=counterclockwise"]
    assert all(c["games"] == 6 for c in summary["configs"])
    import pyarrow.parquet as pq

    table = pq.read_table(target).to_pylist()
    assert len(table) == 4 * 6 * 2
    assert [row["config"] for row in table[::12]] == labels


@pytest.mark.parametrize(("lang", "wanted"), [("en", "Configuration: dice_per_player="),
                                              ("fr", "Configuration : dice_per_player=")])
def test_sweep_table_shows_each_configuration(lang, wanted):
    result = succeeded(invoke(["simulate", "wazabi", "--players", "2", "--games", "4", "--jobs",
                               "1",
                               "--sweep", "dice_per_player=2,3", "--lang", lang]))
    assert wanted + "2" in result.flat and wanted + "3" in result.flat
    assert ("Wins by seat" if lang == "en" else "Victoires par place") in result.flat
    assert len(re.findall("Configuration", result.flat)) == 2
    # the head says the count is per configuration (8 games were played in all)
    assert result.flat.startswith("4 games of Wazabi in each of 2 configurations" if lang == "en"
                                  else "4 parties de Wazabi dans chacune des 2 configurations")
    # the report calls a configuration by the same word
    from ludotheque.i18n import t

    assert t("report.col.config", lang) == wanted.split(":")[0].strip()


@pytest.mark.parametrize(("args", "fragments"), [
    (["--sweep", "trap"], ["--sweep trap", "name=value1,value2"]),
    (["--sweep", "nope=1,2"], ["Unknown option 'nope'"]),
    (["--sweep", "trap=4,5", "--option", "trap=3"], ["Option 'trap' is given twice"]),
    (["--sweep", "trap=4,99"], ["Option 'trap' cannot be '99'"]),
    (["--out", "results.xlsx"], ["a results file must end in .parquet or .csv"]),
    (["--jobs", "0"], ["--jobs must be at least 1, not 0"]),
    (["--backend", "gpu"], ["Unknown backend 'gpu'", "process, ray, local"]),
    # SIM gives --players and one bot per seat: a sweep of the player count takes neither
    (["--sweep", "players=2,4"], ["The player count is given twice (by --players and --sweep"]),
])
def test_bad_arguments_exit_2_with_a_clear_message(args, fragments, tmp_path):
    result = invoke(SIM + ["--lang", "en"] + [str(tmp_path / a) if a.endswith(".xlsx") else a
                                              for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.flat


def test_errors_in_french():
    result = invoke(SIM + ["--lang", "fr", "--backend", "gpu"])
    assert result.exit_code == 2 and "Moteur d'exécution inconnu « gpu »" in result.flat


def test_an_interrupted_run_keeps_and_writes_the_finished_games(monkeypatch, tmp_path):
    real = simulate_module._play_chunk

    def stop_at_game_5(plan, chunk):
        _, start, stop = chunk  # games start to stop - 1 of a configuration
        if start <= 5 < stop:
            raise KeyboardInterrupt
        return real(plan, chunk)

    monkeypatch.setattr(simulate_module, "_play_chunk", stop_at_game_5)
    target = tmp_path / "partial.csv"
    result = invoke(SIM + ["--jobs", "1", "--out", target, "--lang", "fr"])
    assert result.exit_code == 130, result.output
    assert "Interrompu : 5 parties terminées sur 12" in result.flat
    assert "5 parties de 17 / Diciassette" in result.flat
    with target.open(encoding="utf-8") as handle:
        assert sorted({int(r["game_index"]) for r in csv.DictReader(handle)}) == [0, 1, 2, 3, 4]
    as_json = invoke(SIM + ["--jobs", "1", "--json", "--lang", "en"])
    assert as_json.exit_code == 130
    summary = json.loads(as_json.stdout)
    assert summary["interrupted"] is True
    assert summary["games"] == 5 and summary["games_planned"] == 12
    assert "Interrupted: 5 of 12 games finished" in as_json.stderr


def test_a_configuration_with_no_game_finished_shows_no_numbers(monkeypatch):
    """Stopped before the second configuration's first game ended: it says so, instead of
    a 0 % win rate and a mean length of 0 read as measured (`null` in --json)."""
    real = simulate_module._play_chunk

    def stop_at_the_second_configuration(plan, chunk):
        if chunk[0] == 1:
            raise KeyboardInterrupt
        return real(plan, chunk)

    monkeypatch.setattr(simulate_module, "_play_chunk", stop_at_the_second_configuration)
    sweep = SIM + ["--jobs", "1", "--sweep", "trap=4,5"]
    for lang in ("en", "fr"):
        result = invoke(sweep + ["--lang", lang])
        assert result.exit_code == 130, result.output
        said = " ".join(t("cli.simulate.config_none", lang).replace("\u00a0", " ").split())
        assert result.flat.count(said) == 1
        head = t("cli.simulate.config", lang, config="trap=5").replace("\u00a0", " ")
        second = result.flat.split(head)[1]
        assert second.lstrip().startswith(said) and "%" not in second.split(said)[1]
    summary = json.loads(invoke(sweep + ["--json"]).stdout)
    first, second = summary["configs"]
    assert first["games"] >= 1 and first["mean_decisions"] > 0
    assert second["games"] == 0 and second["mean_decisions"] is None
    assert second["mean_rounds"] is None and set(second["win_rate_by_bot"].values()) == {None}


@pytest.mark.parametrize(("game", "unit"), [("wazabi", {"en": "turns", "fr": "tours"}),
                                            ("17", {"en": "rounds", "fr": "manches"})])
def test_simulate_and_report_name_the_same_length_alike(game, unit, tmp_path):
    """Wazabi's `rounds` metric counts turns: simulate and the report both call that
    number turns (tours), with the mean recomputed from the results file."""
    import pandas as pd

    from ludotheque.i18n import mean

    target = tmp_path / "runs.parquet"
    for lang in ("en", "fr"):
        shown = succeeded(invoke(["simulate", game, "--players", "3", "--games", "30", "--jobs",
                                  "1",
                                  "--out", target, "--lang", lang]))
        games = pd.read_parquet(target).query("seat == 0")
        length = f"{mean(games['m_rounds'].mean(), lang)} {unit[lang]}"
        assert length in shown.flat, shown.flat
        report = succeeded(invoke(["report", target, "--lang", lang]))
        assert length in report.flat, report.flat
        other = {"turns": "rounds", "tours": "manches", "rounds": "turns", "manches": "tours"}
        assert f"{mean(games['m_rounds'].mean(), lang)} {other[unit[lang]]}" not in report.flat


def test_a_sweep_of_the_player_count_plays_each_table_and_the_report_compares_them(tmp_path):
    """`--sweep players=2,5`: each configuration its own seats, in the summary, the results
    file and the report (seat tables, fair shares, summary heads), recomputed with pandas."""
    import pandas as pd

    from ludotheque.i18n import percent, t
    from ludotheque.sim import report as rp

    target = tmp_path / "players.csv"
    summary = json.loads(succeeded(invoke(["simulate", "dtc", "--games", "30", "--jobs", "1",
                                           "--sweep", "players=2,5", "--bots", "easy",
                                           "--out", target, "--json"])).stdout)
    assert summary["players"] == [2, 5] and summary["bots"] == ["easy"]
    frame = pd.read_csv(target)
    for config, players in zip(summary["configs"], (2, 5)):
        assert config["config"] == f"players={players}" and config["players"] == players
        assert config["bots"] == ["easy"] * players and config["games"] == 30
        rows = frame[frame["config"] == config["config"]]
        assert set(rows["players"]) == {players} and len(rows) == 30 * players
        wins = rows.groupby("seat")["win"].sum()
        assert list(wins.index) == list(range(players))
        assert config["wins_by_seat"] == pytest.approx(list(wins), abs=1e-4)
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([target]), lang)
        seats = next(b.table for s in report.sections for b in s.blocks
                     if b.kind == "table" and b.text == t("report.seats_caption", lang))
        for players in (2, 5):
            rows = frame[frame["config"] == f"players={players}"]
            cells = list(seats[f"players={players}"])
            shares = rows.groupby("seat")["win"].mean()
            assert [cell.split(" [")[0] for cell in cells[:players]] == [
                percent(share, lang) for share in shares]
            assert cells[players:-1] == ["–"] * (5 - players)  # the seats it does not have
            assert cells[-1] == percent(rows["win"].sum() / (30 * players), lang)
        heads = [line for line in report.summary if not line.startswith(" ")]
        tail = ": 30 games" if lang == "en" else "\u00a0: 30 parties"
        assert [head.split("· ")[1] for head in heads] == [f"players={n}{tail}" for n in (2, 5)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sweep_of_the_player_count_takes_one_bot_for_every_seat(lang):
    result = invoke(["simulate", "dtc", "--games", "2", "--sweep", "players=2,5", "--bots",
                     "easy,medium", "--lang", lang])
    assert result.exit_code == 2, result.output
    assert ("one bot plays every seat: give one bot (--bots=heuristic), not 2" if lang == "en" else
            "un seul bot joue toutes les places : donnez un bot (--bots=heuristic), pas 2"
            ) in result.flat
    result = invoke(["simulate", "dtc", "--games", "2", "--sweep", "players=2,9", "--lang", lang])
    assert result.exit_code == 2 and ("played by 2 to 6 players, not 9" if lang == "en"
                                      else "se joue de 2 à 6 joueurs, pas 9") in result.flat


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sweep_checks_its_options_in_each_configuration_before_any_game(lang, tmp_path):
    """Wazabi's box holds 24 dice: 8 per player fit 2 or 3 players (never played at the
    default 4, so not refused there), 6 per player do not fit 5; the refusal names the
    configuration, comes before any game and writes no file."""
    from ludotheque.i18n import t

    summary = json.loads(succeeded(invoke(
        ["simulate", "wazabi", "--games", "2", "--jobs", "1", "--sweep", "players=2,3",
         "-o", "dice_per_player=8", "--bots", "random", "--json", "--lang", lang])).stdout)
    assert [(c["config"], c["options"]["dice_per_player"]) for c in summary["configs"]] == [
        ("players=2", 8), ("players=3", 8)]
    target = tmp_path / "never.csv"
    result = invoke(["simulate", "wazabi", "--games", "2", "--jobs", "1", "--sweep",
                     "players=2,5", "-o", "dice_per_player=6", "--out", target, "--lang", lang])
    assert result.exit_code == 2, result.output
    wrong = t("wazabi.error.too_many_dice", lang, players=5, dice=6, total=30, box=24, most=4)
    said = t("error.sweep_config", lang, config="players=5", error=wrong)
    assert " ".join(said.split()) in result.flat, result.flat
    assert not target.exists()


def test_the_python_api_sweeps_the_player_count_too():
    run = simulate_module.run_simulation("dtc", 2, 3, 7, "easy", sweep={"players": [3, 2]})
    assert [(c.label, c.players, c.bots) for c in run.configs] == [
        ("players=3", 3, ("easy",) * 3), ("players=2", 2, ("easy",) * 2)]
    assert [[len(r.ranks) for r in results] for results in run.results] == [[3] * 3, [2] * 3]


@pytest.mark.parametrize(("lang", "written", "read"), [
    ("en", "a results file must end in .parquet or .csv.",
     "a results file ends in .parquet or .csv."),
    ("fr", "un fichier de résultats doit se terminer par .parquet ou .csv.",
     "un fichier de résultats se termine par .parquet ou .csv."),
])
def test_a_results_file_of_another_kind_is_refused_in_a_sentence(lang, written, read, tmp_path):
    other = tmp_path / "results.txt"
    result = invoke(SIM + ["--out", other, "--lang", lang])
    assert result.exit_code == 2 and written in result.flat, result.flat
    other.write_text("game,seat\n", encoding="utf-8")
    result = invoke(["report", other, "--lang", lang])
    assert result.exit_code == 2 and read in result.flat, result.flat


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_wins_are_written_alike_when_some_are_shared(lang):
    """DTC at 3 (seed 3): a shared game makes some seats' wins halves, others whole; all are
    then written with one decimal (5.5 · 4.5 · 2.0, never 5.5 · 4.5 · 2), the file's numbers."""
    args = ["simulate", "dtc", "--players", "3", "--games", "12", "--seed", "3", "--bots", "easy",
            "--jobs", "1", "--lang", lang]
    summary = json.loads(succeeded(invoke(args + ["--json"])).stdout)
    seats = summary["wins_by_seat"]
    assert any(w.is_integer() for w in seats) and not all(w.is_integer() for w in seats)
    point = "." if lang == "en" else ","
    wanted = " · ".join(f"{i + 1}{'' if lang == 'en' else ' '}: {w:.1f}".replace(".", point)
                        for i, w in enumerate(seats))
    shown = succeeded(invoke(args)).flat
    assert wanted in shown, shown
    assert re.search(rf"easy {summary['wins_by_bot']['easy']:.1f}".replace(".", point), shown)


def _words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize(("command", "lang"), [
    (SIM, "en"), (SIM, "fr"),
    (["arena", "wazabi", "-p", "2", "--bots", "random,easy", "-n", "4", "--seed", "1"], "en")])
def test_more_jobs_than_cores_is_said_and_played_all_the_same(command, lang):
    """--jobs above this machine's cores starts as many processes, which only take turns
    on the cores (a run measured 36 % slower): said on standard error, not refused, and
    the results are those of any other number of processes."""
    from ludotheque.cli import _default_jobs

    cores = _default_jobs()
    note = _words(t("cli.jobs_over_cores", lang, jobs=cores + 1, cores=cores))
    over = succeeded(invoke(command + ["--jobs", cores + 1, "--json", "--lang", lang]))
    fitting = succeeded(invoke(command + ["--jobs", cores, "--json", "--lang", lang]))
    assert note in _words(over.stderr)
    assert "--jobs" not in fitting.stderr
    assert untimed(json.loads(over.stdout)) == untimed(json.loads(fitting.stdout))


def untimed(summary: dict) -> dict:
    """A summary without the bots' thinking times (the arena's), which vary run to run."""
    for bot in summary.get("bots", []):
        for key in [key for key in bot if key.startswith("ms_")]:
            del bot[key]
    return summary
