"""How strong `hard` is: its arena cells against `medium` and OpenSpiel's ISMCTS.

Each cell is one `ludotheque arena` run (400 seat-rotated games, `--seed 1`, every
bot at its default budget) saved as its `--json` answer in a directory; a cell
already there is not run again, and a cell being run keeps each finished game in its
journal (`arena --journal`, `CELL.jsonl`, removed once the cell is written), so a
campaign stopped, even killed, picks up where it stopped, game by game, with the
results of one run. At 4 players `hard` plays against three copies of the other bot (0.25 is a
fair share). A cell being run is marked by a `.running` file holding its campaign's
process id, so that two campaigns (one per core) can share a directory; a mark whose
process is gone (a campaign killed) is taken over. `--table` prints the Markdown table of the cells
found.

    python examples/strength.py --out docs/strength            # run what is missing
    python examples/strength.py --out docs/strength --table    # the table
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

GAMES = ("diciassette", "wazabi", "dtc", "decimoarr")
OPPONENTS = ("medium", "openspiel_ismcts")
# Cheapest first: the 4-player cells against OpenSpiel's ISMCTS (three Python
# searches a round) come last.
CELLS = [(game, players, opponent) for opponent in OPPONENTS for players in (2, 4)
         for game in GAMES]


def cell_path(out: Path, game: str, players: int, opponent: str) -> Path:
    return out / f"{game}-{players}p-hard-vs-{opponent}.json"


def claim(path: Path) -> bool:
    """Whether this campaign takes the cell (not done, nobody else running it)."""
    if path.exists():
        return False
    marker = path.with_suffix(".running")
    try:
        handle = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        if running(marker):
            return False
        marker.unlink(missing_ok=True)  # its campaign was killed: taken over
        return claim(path)
    os.write(handle, str(os.getpid()).encode())
    os.close(handle)
    return True


def running(marker: Path) -> bool:
    """Whether the campaign that marked a cell still runs (a mark without a process id, from
    before marks held one, counts as running)."""
    try:
        pid = int(marker.read_text() or "0")
    except (OSError, ValueError):
        return True
    if not pid:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run_cell(out: Path, game: str, players: int, opponent: str, games: int, jobs: int) -> None:
    bots = ",".join(["hard"] + [opponent] * (players - 1))
    command = [sys.executable, "-m", "ludotheque", "arena", game, "--players", str(players),
               "--bots", bots, "--games", str(games), "--seed", "1", "--jobs", str(jobs),
               "--json"]
    path = cell_path(out, game, players, opponent)
    journal = path.with_suffix(".jsonl")
    try:
        answer = subprocess.run([*command, "--journal", str(journal)], check=True,
                                capture_output=True, text=True).stdout
        path.write_text(answer)  # written whole once the run is over: a file is a finished cell
        journal.unlink()
    finally:
        path.with_suffix(".running").unlink()
    print(f"{path.name}: hard {json.loads(answer)['bots'][0]['win_rate']:.3f}", flush=True)


HEADERS = {
    "en": "| game | players | against | games | `hard` win rate [95%] | `hard` ahead of each"
          " (mean) | ms a move, `hard` / other (longest left out) |",
    "fr": "| jeu | joueurs | contre | parties | taux de victoire de `hard` [95 %] | `hard` devant"
          " chacun (moyenne) | ms par coup, `hard` / l'autre (le plus long exclu) |",
}


def usual_ms(bot: dict) -> float:
    """A bot's mean time a move without its longest move: a campaign paused (while the tests
    ran on the same cores, or to leave its core to another cell) counts the whole pause,
    minutes, in the move under way."""
    moves = bot["moves"]
    if moves < 2:
        return bot["ms_mean"]
    return (bot["ms_mean"] * moves - bot["ms_max"]) / (moves - 1)


def table(out: Path, lang: str = "en") -> str:
    lines = [HEADERS[lang], "|---|---|---|---|---|---|---|"]
    for game, players, opponent in sorted(CELLS, key=lambda cell: (GAMES.index(cell[0]),
                                                                  cell[2], cell[1])):
        path = cell_path(out, game, players, opponent)
        if not path.exists():
            continue
        result = json.loads(path.read_text())
        hard, *others = result["bots"]
        ahead = result["head_to_head"]["hard"]
        lines.append(
            f"| {game} | {players} | {opponent} | {result['games']} | {hard['win_rate']:.3f}"
            f" [{hard['ci_low']:.3f}–{hard['ci_high']:.3f}]"
            f" | {sum(ahead.values()) / len(ahead):.3f}"
            f" | {usual_ms(hard):.0f} / {sum(map(usual_ms, others)) / len(others):.0f} |")
    text = "\n".join(lines)
    return re.sub(r"(\d)\.(\d)", r"\1,\2", text) if lang == "fr" else text  # decimal commas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="directory of the cells' JSON")
    parser.add_argument("--games", type=int, default=400, help="games per cell (400)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes of each arena run (1)")
    parser.add_argument("--only", default="", help="games to run, comma separated")
    parser.add_argument("--players", default="", help="player counts to run, comma separated")
    parser.add_argument("--against", default="", help="opponents to run, comma separated")
    parser.add_argument("--table", action="store_true", help="print the table and stop")
    parser.add_argument("--lang", choices=sorted(HEADERS), default="en",
                        help="the table's language")
    args = parser.parse_args()
    if args.table:
        print(table(args.out, args.lang))
        return
    args.out.mkdir(parents=True, exist_ok=True)
    wanted = [set(filter(None, text.split(",")))
              for text in (args.only, args.players, args.against)]
    for cell in CELLS:
        if all(not keep or str(part) in keep for keep, part in zip(wanted, cell)) \
                and claim(cell_path(args.out, *cell)):
            run_cell(args.out, *cell, args.games, args.jobs)


if __name__ == "__main__":
    main()
