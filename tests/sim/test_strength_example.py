"""examples/strength.py (the README's strength table): a cell is one seeded arena run
saved whole, a finished cell is not run again, and the table reads the cells."""

from __future__ import annotations

import json
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
    assert french[2].startswith(f"| decimoarr | 2 | medium | 2 | {hard['win_rate']:.3f} ".replace(".", ","))


def test_a_cell_someone_else_runs_is_left_to_them(tmp_path):
    (tmp_path / "decimoarr-2p-hard-vs-medium.running").touch()
    run("--out", str(tmp_path), "--games", "2", "--only", "decimoarr", "--players", "2",
        "--against", "medium")
    assert not (tmp_path / "decimoarr-2p-hard-vs-medium.json").exists()
