"""One game in progress, as the environments need it (shared by the PettingZoo and
Gymnasium adapters): the state, its seeded chance, observations, masks and the
spectator's text.

Chance points are resolved at once from a `SeededChance`, so the environments
only ever stop at a decision. Actions are checked by the engine: an action that
is not a move of the game raises NotationError, a move that is not legal now
raises IllegalActionError, and in both cases nothing changes.
"""

from __future__ import annotations

import io
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ludotheque.core.chance import SeededChance, settle
from ludotheque.core.errors import NotationError, OptionError, described
from ludotheque.core.game import Game, MoveForms, State
from ludotheque.core.options import integer
from ludotheque.core.registry import get_game
from ludotheque.i18n import LANGUAGES
from ludotheque.interop.encoding import action_mask, encode, feature_names, observation_shape
from ludotheque.kit.narration import winners_line

RENDER_MODES = ("human", "ansi")
ILLEGAL_MODES = ("lose", "raise")  # an illegal move: -1 and the game ends (classic), or raise
ILLEGAL_REWARD = -1.0
REWARD_SCHEMES = ("share", "zero_sum")


def action_number(action: Any, game: Game, legal: Callable[[], Sequence[int]],
                  kind: type[NotationError] = NotationError) -> int:
    """An action given as a number, as every environment takes it: an int or a numpy
    integer (as pyspiel takes them). A bool (True is no action 1), a float (3.0 is no
    action 3), None or a list is refused: `kind` naming the legal actions."""
    if type(action) is int:
        return action
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise kind("error.action_type", given=described(action),
               legal=MoveForms(game, legal(), ids=True))


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None:
        check_choice("render_mode", render_mode, RENDER_MODES, ("None",))


def check_choice(name: str, value: Any, allowed: tuple[str, ...],
                 also: tuple[str, ...] = ()) -> None:
    """OptionError naming `name`, `value` and the allowed values (`also` first) unless
    `value` is one. A value that is no text is refused too (`in` would compare a numpy
    array element by element)."""
    if not isinstance(value, str) or value not in allowed:
        raise OptionError("error.option_value", name=name, value=value,
                          allowed=", ".join([*also, *allowed]))


def check_seed(seed: Any) -> int | None:
    """`reset`'s seed: None or an integer of any kind (numpy's too), as a Python int.
    Anything else (1.5, "x", True) is refused: it would seed another game than any
    integer's, or Gymnasium would refuse it in its own words."""
    seed = integer(seed)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionError("error.option_value", name="seed", value=seed, allowed="None, int")
    return seed


def final_rewards(returns: list[float], scheme: str) -> list[float]:
    """Each seat's reward at the end. "share": `State.returns()`, 1/k to each of k winners
    and 0 to the others (constant-sum 1). "zero_sum" (PettingZoo's classic games): +1/k to
    each of k winners and -1/(n-k) to each of the n-k others, so the rewards sum to 0 (±1
    with two players); everyone 0 if all win."""
    if scheme == "share":
        return [float(r) for r in returns]
    winners = sum(1 for r in returns if r > 0)
    losers = len(returns) - winners
    if not winners or not losers:
        return [0.0] * len(returns)
    return [1.0 / winners if r > 0 else -1.0 / losers for r in returns]


class Table:
    """A game of `game` for `players` seats with the given options (validated here)."""

    def __init__(self, game: str | Game, players: int, options: Mapping[str, Any] | None,
                 lang: str = "en") -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        check_choice("lang", lang, tuple(LANGUAGES))
        players = integer(players)
        self.options = self.game.validate(players, options)
        self.players = players
        self.lang = lang
        self.shape = observation_shape(self.game, players, self.options)
        self.names = [f"player_{seat}" for seat in range(players)]
        self.state: State | None = None
        self.chance: SeededChance | None = None

    def new_game(self, seed: int) -> None:
        """Deal a new game whose chance comes from `seed`, and play on to the first decision."""
        self.state = self.game._new_state(self.players, self.options)  # options validated above
        self.chance = SeededChance(seed)
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        settle(self.state, self.chance)

    def action_id(self, action: Any) -> int:
        """An action id from an id (a numpy integer too) or a text form; NotationError otherwise."""
        if not isinstance(action, str):
            action = action_number(action, self.game, self.state.legal_actions)
        return self.game.parse_action(action, self.state)

    def play(self, action: Any) -> int:
        """Apply the current seat's move (then any chance); raises with nothing changed if
        it is not a legal move. Returns the action id."""
        action = self.action_id(action)
        self.state.apply_action(action)
        self._resolve_chance()
        return action

    def observation(self, seat: int) -> np.ndarray:
        return encode(self.game, self.state.view(seat), self.players, self.options)

    def feature_names(self) -> list[str]:
        """A name for every index of the observation vector (`interop.encoding`)."""
        return feature_names(self.game, self.players, self.options)

    def mask(self, seat: int) -> np.ndarray:
        """The legal moves of `seat` (all zeros when it is not its turn)."""
        state = self.state
        legal = state.legal_actions() if state.current_player() == seat else ()
        return action_mask(self.game, legal)

    def render(self) -> str:
        """The table as a spectator sees it (no hidden information), as plain text."""
        from rich.console import Console

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, highlight=False)
        state = self.state
        console.print(self.game.parts.renderer.table(state.view(None), self.lang, self.names))
        if state.is_terminal():
            console.print(winners_line([self.names[p] for p in state.winners()], self.lang))
        return buffer.getvalue()


class TableRendering:
    """render() and close() as both environments define them: the spectator's table as
    text when a render mode is set (nothing hidden), nothing to release."""

    render_mode: str | None
    table: Table

    def render(self) -> str | None:
        """"ansi": the table as text; "human": the same text printed, None returned."""
        if self.render_mode is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text, end="", flush=True)
            return None
        return text

    def render_human(self) -> None:
        """In "human" mode the table is printed at every reset and step without a call to
        render(): Gymnasium's and PettingZoo's convention for that mode."""
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        pass

    def feature_names(self) -> list[str]:
        """A name for every index of the observation vector, e.g.
        `seat(view["to_act"])[1]` (the seat to act is the next one); the blocks are those of
        the game's `encoding.py`."""
        return self.table.feature_names()
