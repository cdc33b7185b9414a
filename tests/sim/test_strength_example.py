"""examples/strength.py (the README's strength table): a cell is one seeded arena run
saved whole, a finished cell is not run again, and the table reads the cells."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "strength.py"


def run(*args: str) -> str:
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True,
                          text=True, timeout=300, check=True).stdout


def test_a_cell_is_an_arena_run_kept_and_tabulated(tmp_path):
    cell = ["--out", str(tmp_path), "--games", "2", "--only", "decimoarr", "--players", "2",
            "--against", "medium"]
    run(*cell)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "decimoarr-2p-hard-vs-medium.json"]  # one cell, its marker gone
    path = tmp_path / "decimoarr-2p-hard-vs-medium.json"
    result = json.loads(path.read_text())
    assert (result["game"], result["players"], result["games"], result["seed"]) == (
        "decimoarr", 2, 2, 1)
    assert [bot["name"] for bot in result["bots"]] == ["hard", "medium"]

    path.write_text(path.read_text().replace('"games": 2', '"games": 2 '))
    kept = path.read_text()
    assert run(*cell) == ""  # finished: not run again
    assert path.read_text() == kept

    table = run("--out", str(tmp_path), "--table").splitlines()
    hard = result["bots"][0]
    assert table[2].startswith(f"| decimoarr | 2 | medium | 2 | {hard['win_rate']:.3f} ")
    assert len(table) == 3
    french = run("--out", str(tmp_path), "--table", "--lang", "fr").splitlines()
    assert french[0].startswith("| jeu | joueurs | contre | parties |")
    assert french[2].startswith(
        f"| decimoarr | 2 | medium | 2 | {hard['win_rate']:.3f} ".replace(".", ","))


def test_a_cell_someone_else_runs_is_left_to_them(tmp_path):
    (tmp_path / "decimoarr-2p-hard-vs-medium.running").touch()
    run("--out", str(tmp_path), "--games", "2", "--only", "decimoarr", "--players", "2",
        "--against", "medium")
    assert not (tmp_path / "decimoarr-2p-hard-vs-medium.json").exists()


CELL = ["--games", "2", "--only", "decimoarr", "--players", "2", "--against", "medium"]


def test_a_mark_whose_campaign_is_gone_is_taken_over_and_a_live_one_respected(tmp_path):
    marker = tmp_path / "decimoarr-2p-hard-vs-medium.running"
    marker.write_text(str(_dead_pid()))
    run("--out", str(tmp_path), *CELL)
    assert (tmp_path / "decimoarr-2p-hard-vs-medium.json").exists() and not marker.exists()

    other = tmp_path / "other"
    other.mkdir()
    (other / "decimoarr-2p-hard-vs-medium.running").write_text(str(os.getpid()))  # alive
    run("--out", str(other), *CELL)
    assert not (other / "decimoarr-2p-hard-vs-medium.json").exists()


def test_a_stopped_cell_goes_on_from_its_journal(tmp_path):
    journal = tmp_path / "decimoarr-2p-hard-vs-medium.jsonl"
    arena = [sys.executable, "-m", "ludotheque", "arena", "decimoarr", "--players", "2",
             "--bots", "hard,medium", "--seed", "1", "--jobs", "1", "--json"]
    subprocess.run([*arena, "--games", "1", "--journal", str(journal)], check=True,
                   capture_output=True, timeout=300)  # a campaign killed after one game
    run("--out", str(tmp_path), *CELL)
    assert not journal.exists()  # the cell written, its journal gone
    cell = json.loads((tmp_path / "decimoarr-2p-hard-vs-medium.json").read_text())
    whole = json.loads(subprocess.run([*arena, "--games", "2"], check=True, capture_output=True,
                                      text=True, timeout=300).stdout)
    assert cell["games"] == 2
    assert [bot["wins"] for bot in cell["bots"]] == [bot["wins"] for bot in whole["bots"]]
    assert cell["head_to_head"] == whole["head_to_head"]


def _dead_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_the_table_leaves_each_bots_longest_move_out_of_its_time(tmp_path):
    """A campaign paused while the tests run on its cores counts the pause in the move under
    way: one move of minutes must not make a bot look slow."""
    run("--out", str(tmp_path), *CELL)
    path = tmp_path / "decimoarr-2p-hard-vs-medium.json"
    cell = json.loads(path.read_text())
    hard, medium = cell["bots"]
    hard.update(moves=4, ms_mean=(3 * 100.0 + 600_000.0) / 4, ms_max=600_000.0)  # paused 10 min
    medium.update(moves=3, ms_mean=2.0, ms_max=4.0)
    path.write_text(json.dumps(cell))
    row = run("--out", str(tmp_path), "--table").splitlines()[2]
    assert row.endswith("| 100 / 1 |")  # (4 x 150,075 - 600,000) / 3 and (3 x 2 - 4) / 2
