"""Gymnasium single-agent environments: one seat of a ludotheque game against its bots.

Importing this module registers "ludotheque/<game>-v0" for every game:

    import gymnasium
    import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
    env = gymnasium.make("ludotheque/dtc-v0", players=3, opponents="medium", seat=0)

`make("dtc", players=3, ...)` does the same, and says clearly a game that does not exist.

* `players`: the player count; `options`: the game options (a dict), or give them as
  keywords (`variant_higher=True`), as in the PettingZoo env.
* `opponents`: the bots in the other seats, one name for all ("random", "easy",
  "medium", a game's own bots) or a comma list (or a list) with one name per
  other seat, in seat order. A callable in place of a name is a policy:
  `policy(observation, action_mask) -> action id`, given that seat's own
  observation and mask (self-play against a frozen copy of the learner).
* `seat`: the agent's seat (0-based), or "random" for a new seat every episode.
* Observation: the encoding of the agent's view only (float32 in [0, 1], see
  `interop.encoding`); the action space is Discrete(game.num_actions) and
  `info["action_mask"]` (int8) marks the legal moves.
* An episode has at least one decision: a game the bots end before the agent's
  first move (rare: e.g. Wazabi with one die each) is dealt again.
* Reward: 0 until the end, then, with `rewards="share"` (the default), the
  agent's return (1/k for one of k winners, 0 for a loss); with
  `rewards="zero_sum"` (PettingZoo's classic games), +1/k for one of k winners
  and -1/(n-k) for one of n-k losers (±1 with two players). Chance and the bots are seeded from
  `reset(seed=...)`.
* An illegal action, with `illegal="lose"` (the default): the episode ends at
  once (terminated), the reward is -1 and `info["illegal_action"]` holds the
  action and `info["error"]` the reason (in `lang`). With `illegal="raise"`:
  IllegalActionError (NotationError for an id outside the action space, or for
  an action that is neither an integer nor a move's text: a bool, a float, a list)
  and nothing changes. Stepping after the end raises IllegalActionError.
* `render_mode`: "ansi", `render()` returns the table as a spectator sees it; "human", the
  table is printed at every reset and step (and by `render()`, which returns None).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ludotheque.bots import bot_names, make_bot, parse_bot_list
from ludotheque.core.chance import derive_seed
from ludotheque.core.errors import BotError, IllegalActionError, LudoError, OptionError
from ludotheque.core.game import Game
from ludotheque.core.options import integer
from ludotheque.core.registry import all_games, get_game
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


class LudothequeEnv(TableRendering, gymnasium.Env):
    """One seat of a ludotheque game; the other seats are bots (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: str | Game, players: int = 2,
                 opponents: str | Sequence[str] = "random",
                 seat: int | str = 0, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal: str = "lose", lang: str = "en",
                 budget: Any = None, rewards: str = "share", **game_options: Any) -> None:
        check_render_mode(render_mode)
        if options is not None and not isinstance(options, Mapping):
            raise OptionError("error.option_value", name="options", value=options,
                              allowed="None, dict")
        # Game options as a dict or as keywords, as in the PettingZoo env (`variant_higher=True`).
        self.table = Table(game, players, {**(options or {}), **game_options}, lang)
        self.game = self.table.game
        check_choice("illegal", illegal, ILLEGAL_MODES)
        check_choice("rewards", rewards, REWARD_SCHEMES)
        self.reward_scheme = rewards
        players, seat = self.table.players, integer(seat)
        seats = [str(s) for s in range(players)]
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < players):
            raise OptionError("error.option_value", name="seat", value=seat,
                              allowed=", ".join([*seats, "random"]))
        self.opponents = _opponents(opponents, self.game, players - 1, players,
                                    self.table.options)
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.budget = budget
        self.observation_space = spaces.Box(0.0, 1.0, self.table.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._bots: dict[int, Any] = {}
        self._rngs: dict[int, random.Random] = {}
        self._over = True

    # ------------------------------------------------------------------ API
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game. `options` is ignored: game options are set at creation."""
        super().reset(seed=check_seed(seed))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.table.players))
        others = [s for s in range(self.table.players) if s != self.seat]
        self._bots = {seat: _Policy(opponent) if callable(opponent)
                      else make_bot(opponent, self.game, self.budget)
                      for seat, opponent in zip(others, self.opponents)}
        while True:  # a game the bots finish before the agent's first move is dealt again
            game_seed = int(self.np_random.integers(2**62))
            self._rngs = {s: random.Random(derive_seed(game_seed, "bot", s)) for s in others}
            self.table.new_game(game_seed)
            self._play_others()
            if not self.table.state.is_terminal():
                break
        self._over = False
        self.render_human()
        return self.table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        result = self._step(action)
        self.render_human()
        return result

    def _step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.table.state
        if self._over:
            raise IllegalActionError("error.game_over")
        try:
            self.table.play(action)
        except LudoError as error:
            if self.illegal == "raise":
                raise
            self._over = True
            info = self._info()
            info["action_mask"][:] = 0  # the episode is over: no move is legal any more
            info["illegal_action"] = action
            info["error"] = error.message(self.table.lang)
            return self.table.observation(self.seat), ILLEGAL_REWARD, True, False, info
        self._play_others()
        reward = (final_rewards(state.returns(), self.reward_scheme)[self.seat]
                  if state.is_terminal() else 0.0)
        self._over = state.is_terminal()
        return self.table.observation(self.seat), reward, self._over, False, self._info()

    # --------------------------------------------------------------- helpers
    def action_masks(self) -> np.ndarray:
        """The legal moves now, as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        return self.table.mask(self.seat).astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}

    def _play_others(self) -> None:
        """The bots play (and chance is resolved) until the agent must decide or the game ends."""
        state = self.table.state
        while not state.is_terminal():
            player = state.current_player()
            if player == self.seat:
                return
            bot = self._bots[player]
            if isinstance(bot, _Policy):
                action = bot(self.table, player, self._rngs[player])
            else:  # a bot that never reads its view (random) is not given one
                view = state.view(player) if getattr(bot, "reads_view", True) else None
                action = bot.choose(view, state.legal_actions(), self._rngs[player])
            self.table.play(action)


class _Policy:
    """A callable opponent: `policy(observation, action_mask)` -> an action id, with the
    observation and mask of the seat it plays (what the agent itself gets), e.g. a frozen
    copy of the learner for self-play. An illegal answer raises IllegalActionError."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy

    def __call__(self, table: Table, seat: int, rng: random.Random) -> int:
        return int(self.policy(table.observation(seat), table.mask(seat)))


def _opponents(opponents: Any, game: Game, seats: int, players: int,
               options: Mapping[str, Any]) -> list[Any]:
    """One opponent per other seat: bot names (checked, also against this table: the
    `solver` plays only its solved variant) or callables (policies)."""
    if callable(opponents):
        return [opponents] * seats
    if isinstance(opponents, str):
        return parse_bot_list(opponents, game, seats, default="random", players=players,
                              options=options, name="opponents")
    if not isinstance(opponents, Iterable):  # None, a number: no bot
        raise OptionError("error.option_value", name="opponents", value=opponents,
                          allowed=", ".join(bot_names(game)))
    opponents = list(opponents)
    if len(opponents) == 1:
        opponents = opponents * seats
    names = [o for o in opponents if not callable(o)]
    if names:
        parse_bot_list(",".join(map(str, names)), game, len(names), default="random",
                       players=players, options=options, name="opponents")
    if len(opponents) != seats:
        raise BotError("error.bot_count", given=len(opponents), count=seats)
    return [o if callable(o) else str(o).strip().lower() for o in opponents]


def make(game: str, **kwargs: Any) -> gymnasium.Env:
    """`gymnasium.make("ludotheque/<game>-v0", **kwargs)`; an unknown game is our clear
    error (which names the games there are), not Gymnasium's NameNotFound."""
    return gymnasium.make(f"ludotheque/{get_game(game).name}-v0", **kwargs)


# A "module:class" string rather than the class, so that `env.spec.to_json()` works (Gymnasium
# serialises no callable) and a process given the spec imports the module itself.
ENTRY_POINT = f"{__name__}:LudothequeEnv"


def register_all() -> None:
    """Register "ludotheque/<game>-v0" for every game (done when this module is imported)."""
    for game in all_games():
        env_id = f"ludotheque/{game.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game": game.name},
                               disable_env_checker=False)


register_all()
