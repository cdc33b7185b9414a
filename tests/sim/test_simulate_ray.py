"""`--backend ray`: the same games on a (local) Ray cluster as on a pool or in this process."""

from __future__ import annotations

import ray

from ludotheque.core.registry import get_game
from ludotheque.sim.simulate import run_simulation


def _games(run):
    return [(r.config, r.index, r.seed, r.bots, r.winners, r.ranks, r.decisions, r.metrics, r.rows)
            for per_config in run.results for r in per_config]


def test_ray_plays_the_same_games_as_a_pool_and_this_process():
    game = get_game("wazabi")
    arguments = {"game": game, "players": 2, "games": 10, "seed": 9, "bots": ["heuristic", "random"],
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
