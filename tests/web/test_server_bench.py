"""Smoke test of `ludotheque bench-server` with a tiny load (no timing is checked)."""

from __future__ import annotations

import json
import subprocess
import sys


def bench(*args: str) -> dict:
    """`ludotheque bench-server` with a tiny load and `args` more: its JSON report."""
    done = subprocess.run(
        [sys.executable, "-m", "ludotheque", "bench-server", "--tables", "2", "--hard-tables", "1",
         "--seconds", "1", "--think", "0.05", "--json", *args],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_bench_server_runs_and_reports_its_numbers():
    report = bench()
    for label in ("people", "people_with_hard_bots", "hard_tables"):
        entry = report[label]
        assert {"moves", "moves_per_s", "p50_ms", "p95_ms", "p99_ms"} <= set(entry)
    assert report["people"]["moves"] > 0


def test_bench_server_runs_on_two_servers_sharing_postgresql():
    """Two servers on a throw-away PostgreSQL and Redis, with the `ludotheque worker` it
    starts for the bots: people's moves go through both. (How many bot moves fall in a
    one-second window depends on the machine's load: not asserted.)"""
    report = bench("--servers", "2")
    assert (report["servers"], report["database"]) == (2, "postgresql")
    assert report["people"]["moves"] > 0


def test_the_tables_rotate_through_every_registered_game_that_seats_three():
    """No list of games in the bench: a game registered later is played too, one that
    cannot seat three people is not."""
    from ludotheque.core import registry
    from ludotheque.games.dtc.game import DTC
    from ludotheque.web.bench import bench_games

    class Copy(DTC):
        name = "dtc_copy"

    class Duel(DTC):
        name = "dtc_duel"
        max_players = 2

    for game in (Copy(), Duel()):
        registry.register(game)
    try:
        games = bench_games()
    finally:
        for name in ("dtc_copy", "dtc_duel"):
            registry._GAMES.pop(name)
    assert "dtc_copy" in games and "dtc_duel" not in games
    assert {"diciassette", "wazabi", "dtc", "decimoarr"} <= set(games)
