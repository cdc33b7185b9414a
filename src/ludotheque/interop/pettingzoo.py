"""PettingZoo AEC environments for every ludotheque game.

    from ludotheque.interop.pettingzoo import env
    e = env("dtc", players=3, render_mode="ansi")

Agents are "player_0" .. "player_{n-1}" (seat i is "player_i"). Each agent's
observation is a dict: "observation", the encoding of that seat's view only
(float32 in [0, 1], see `interop.encoding`), and "action_mask", an int8 vector
over the game's whole action space (all zeros when it is not that agent's
turn). The action space is Discrete(game.num_actions).

Chance (shuffles, dice, first player) is resolved inside, from a generator
seeded by `reset(seed=...)`: the same seed and the same actions give the same
game. There are no intermediate rewards: when the game ends every agent gets,
with `rewards="share"` (the default), `state.returns()`, 1/k to each of k
winners (a shared win is split) and 0 to the others; with `rewards="zero_sum"`
(the classic games' scheme), +1/k to each of k winners and -1/(n-k) to each of
the n-k others (±1 with two players). All agents stay in `agents` until the
end, also those out of a round. An illegal action, with `illegal="lose"` (the
default, PettingZoo's classic convention, as in the Gymnasium env): the
offender gets -1, the others 0, the game ends, and the offender's info holds
"illegal_action" and "error". With `illegal="raise"`: IllegalActionError (an
action outside the action space, or neither an integer nor a move's text,
NotationError); the game is unchanged and the same agent is still to act. `render()` with
render_mode="ansi" returns the table as a spectator sees it; with "human" the table is
printed at every reset and step (and by `render()`, which returns None).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ludotheque.core.chance import derive_seed
from ludotheque.core.errors import LudoError
from ludotheque.core.game import Game
from ludotheque.interop.table import (
    ILLEGAL_MODES,
    ILLEGAL_REWARD,
    RENDER_MODES,
    REWARD_SCHEMES,
    Table,
    TableRendering,
    check_choice,
    check_render_mode,
    check_seed,
    final_rewards,
)


class raw_env(TableRendering, AECEnv):  # the PettingZoo naming convention
    """A ludotheque game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES), "name": "ludotheque_v0", "is_parallelizable": False}

    def __init__(self, game_name: str | Game, players: int = 2, render_mode: str | None = None,
                 lang: str = "en", illegal: str = "lose", rewards: str = "share",
                 **options: Any) -> None:
        super().__init__()
        check_render_mode(render_mode)
        check_choice("illegal", illegal, ILLEGAL_MODES)
        check_choice("rewards", rewards, REWARD_SCHEMES)
        self.illegal = illegal
        self.reward_scheme = rewards
        self.table = Table(game_name, players, options, lang)
        self.game = self.table.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ludotheque_{self.game.name}_v0"}
        self.possible_agents = list(self.table.names)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, self.table.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        action = spaces.Discrete(self.game.num_actions)
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: action for agent in self.possible_agents}
        self._seeds = random.Random()  # replaced by reset(seed=...)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. With a seed the game (and the games after it, reset without a
        seed) is reproducible. `options` is ignored: game options are set at creation."""
        seed = check_seed(seed)
        if seed is not None:
            self._seeds = random.Random(derive_seed(seed, "pettingzoo"))
        self.table.new_game(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._select()
        self.render_human()

    def _select(self) -> None:
        state = self.table.state
        if state.is_terminal():
            returns = final_rewards(state.returns(), self.reward_scheme)
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            self.table.play(action)  # raises, with nothing changed, if the move is not legal
        except LudoError as error:
            if self.illegal == "raise":
                raise
            self._lose(agent, action, error)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()
        self.render_human()

    def _lose(self, agent: str, action: Any, error: LudoError) -> None:
        """The classic convention: the offender gets -1, the others 0, and the game ends."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for other in self.agents:
            self.rewards[other] = ILLEGAL_REWARD if other == agent else 0.0
            self.terminations[other] = True
        self.infos[agent] = {"illegal_action": action, "error": error.message(self.table.lang)}
        self._accumulate_rewards()
        self.render_human()


def env(game_name: str | Game, players: int = 2, render_mode: str | None = None,
        lang: str = "en", illegal: str = "lose", rewards: str = "share",
        **options: Any) -> AECEnv:
    """The AEC environment of `game_name` (a name or alias, e.g. "17"), with game options
    as keywords (e.g. `variant_higher=True`); `lang` is the language of `render()`."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(game_name, players=players, render_mode=render_mode, lang=lang, illegal=illegal,
                rewards=rewards, **options))
