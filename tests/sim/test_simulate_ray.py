"""`--backend ray`: the same games on a (local) Ray cluster as on a pool or in this process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import ray

from ludotheque.core.registry import get_game
from ludotheque.sim import simulate
from ludotheque.sim.simulate import run_simulation


def _games(run):
    return [(r.config, r.index, r.seed, r.bots, r.winners, r.ranks, r.decisions, r.metrics, r.rows)
            for per_config in run.results for r in per_config]


def test_ray_plays_the_same_games_as_a_pool_and_this_process():
    game = get_game("wazabi")
    arguments = {"game": game, "players": 2, "games": 10, "seed": 9,
                 "bots": ["heuristic", "random"],
                 "sweep": {"dice_per_player": [3, 4]}, "rows": True}
    local = run_simulation(**arguments, jobs=1)
    pooled = run_simulation(**arguments, jobs=2, backend="process")
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        on_ray = run_simulation(**arguments, jobs=2, backend="ray")
        assert ray.is_initialized()  # a cluster it did not start is left running
    finally:
        ray.shutdown()
    assert on_ray.where["backend"] == "ray" and not on_ray.interrupted
    assert len(_games(local)) == 20
    assert _games(on_ray) == _games(pooled) == _games(local)


SRC = Path(__file__).resolve().parents[2] / "src"


def _simulate_on_ray(address: str, lang: str) -> str:
    """`simulate --backend ray` with RAY_ADDRESS set, as a subprocess (the timeout is a
    safety net: before the fix it waited for the cluster without end); its error output."""
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "simulate", "wazabi", "--players", "2", "--games",
         "2", "--backend", "ray", "--lang", lang], capture_output=True, text=True, timeout=120,
        stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(SRC),
                                       "RAY_ADDRESS": address})
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    return " ".join(result.stderr.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("lang, says", [
    ("en", "No Ray cluster answers at {address} (RAY_ADDRESS): start that cluster (ray start "
           "--head on its machine), or unset RAY_ADDRESS to run the games on a local Ray "
           "cluster started for them."),
    ("fr", "Aucune grappe Ray ne répond à l'adresse {address} (RAY_ADDRESS) : démarrez cette "
           "grappe (ray start --head sur sa machine), ou retirez la variable RAY_ADDRESS (unset "
           "RAY_ADDRESS) pour jouer les parties sur une grappe Ray locale, démarrée pour elles.")])
def test_a_ray_address_nobody_answers_at_is_said_not_waited_on(lang, says):
    with socket.socket() as silent:  # bound, never listening: a connection there is refused
        silent.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        for given in (address, f"ray://{address}"):  # a cluster's address, a Ray Client's
            said = _simulate_on_ray(given, lang)
            assert says.format(address=given) in said, said


def test_a_ray_address_that_is_no_address_is_said():
    said = _simulate_on_ray("my-cluster", "en")
    assert "RAY_ADDRESS is my-cluster, which is not the address of a Ray cluster (host:port, " \
        "ray://host:port, auto or local): correct it, or unset RAY_ADDRESS" in said, said


@pytest.mark.parametrize("lang, says", [
    ("en", "Something answers at {address} (RAY_ADDRESS), but it is not a Ray cluster: give the "
           "address that ray start --head printed on the cluster's machine, or unset RAY_ADDRESS "
           "to run the games on a local Ray cluster started for them."),
    ("fr", "Quelque chose répond à l'adresse {address} (RAY_ADDRESS), mais ce n'est pas une "
           "grappe Ray : donnez l'adresse qu'a affichée ray start --head sur la machine de la "
           "grappe, ou retirez la variable RAY_ADDRESS (unset RAY_ADDRESS) pour jouer les parties "
           "sur une grappe Ray locale, démarrée pour elles.")])
def test_a_ray_address_where_a_web_server_listens_is_said_not_waited_on(lang, says):
    """A plain web server at RAY_ADDRESS: the connection is accepted, so ray.init retried
    for minutes; it is now refused at once, in words."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        address = f"127.0.0.1:{server.server_address[1]}"
        for given in (address, f"ray://{address}"):
            said = _simulate_on_ray(given, lang)
            assert says.format(address=given) in said, said
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_ray_cluster_s_own_address_passes_the_check(monkeypatch):
    """The check that refuses a web server lets a real cluster's address through."""
    ray.init(num_cpus=1, include_dashboard=False)
    try:
        monkeypatch.setenv("RAY_ADDRESS", ray.get_runtime_context().gcs_address)
        simulate._check_ray_address()  # no error
    finally:
        ray.shutdown()
