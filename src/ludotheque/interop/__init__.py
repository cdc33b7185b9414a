"""Bridges to reinforcement-learning toolkits (GitHub issue 7).

* `features`: the pure-Python helper the games' `encoding.py` modules build on.
* `encoding`: every game's view as a fixed-shape numpy vector, and action masks.
* `pettingzoo`: multi-agent AEC environments (`env("dtc", players=3)`).
* `gymnasium`: single-agent environments against ludotheque bots
  (`gymnasium.make("ludotheque/dtc-v0")` once the module is imported).

The numpy, gymnasium and pettingzoo parts need the `rl` extra
(`pip install -e ".[rl]"`); importing this package alone needs nothing.
"""
