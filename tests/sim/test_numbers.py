"""Issue 17: numbers as people read them, the same in every command (real subprocesses)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.i18n import mean, number, numbers, percent
from ludotheque.sim import report as rp

SRC = Path(os.environ.get("LUDO_TEST_SRC") or Path(__file__).resolve().parents[2] / "src")


def test_number_rounds_halves_up_writes_numbers_side_by_side_alike_and_writes_french():
    assert numbers([300.0, 12.0], "en", 1) == ["300", "12"]
    assert numbers([300.5, 12.0], "en", 1) == ["300.5", "12.0"]  # not "300.5 · 12"
    assert number(5.15, "en", 1) == "5.2" and number(5.125, "en", 2) == "5.13"
    assert number(1234567.5, "fr", 1) == "1\u202f234\u202f567,5"
    assert number(-0.04, "en", 1) == "0.0"
    assert percent(0.575, "en") == "57.5 %" and percent(0.575, "fr") == "57,5\u202f%"
    assert mean(4.149, "en") == "4.1" and mean(5.15, "fr") == "5,2"


def _run(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "ludotheque", *args], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": str(SRC)},
                          ).stdout


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    path = tmp_path_factory.mktemp("numbers") / "d.csv"
    shown = _run("simulate", "diciassette", "--players", "3", "--games", "120", "--jobs", "1",
                 "--bots", "heuristic,random,random", "--out", str(path), "--lang", "en")
    return path, shown


def test_simulate_whole_wins_without_zero_decimals_and_the_same_mean_rounds_as_report(results):
    path, shown = results
    flat = " ".join(shown.split())
    assert not re.search(r"\b\d+\.0\b(?! %)", flat.split("Mean length")[0]), shown  # no 300.0
    rounds = re.search(r"Mean length: [\d.]+ decisions, ([\d.]+) rounds\.", flat)
    assert rounds, shown
    report = " ".join(_run("report", str(path), "--lang", "en").split())
    assert f"{rounds.group(1)} rounds" in report, (rounds.group(1), report)


def test_report_per_player_rates_have_one_bar_per_seat(results):
    path, _ = results
    document = rp.build_report(rp.load_results([path]), "en", [str(path)])
    figure = next(block.figure for block in document.figures() if block.name.endswith("rates-seat"))
    axes = figure.axes[0]
    assert [tick.get_text() for tick in axes.get_xticklabels()] == ["1", "2", "3"]
    bots = len(axes.get_legend_handles_labels()[1])  # one series per bot: heuristic, random
    assert bots == 2 and len(axes.patches) == 3 * bots
