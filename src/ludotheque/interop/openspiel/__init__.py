"""Every ludotheque game as an OpenSpiel Python game (GitHub issue 7, part 2).

Importing this package registers `ludotheque_<game>` with `pyspiel` for every
registered game, so `pyspiel.load_game("ludotheque_wazabi(players=4)")` works
and OpenSpiel's own algorithms (MCTS, ISMCTS, `evaluate_bots`, the random
simulation test) run on our rules. Parameters: `players` and the game's
options; a list option is written with `;` (`singles=2;3;3;3;4`), since
OpenSpiel's game strings split on commas. `load_game(name, players, **options)`
validates first, so a mistake reads as our clear error.

How the engine maps onto OpenSpiel:

* **Chance.** One of our chance points may be a whole shuffle (far too many
  outcomes) or several dice at once. The adapter splits it into a sequence of
  small OpenSpiel chance nodes: the next item of a shuffle among the items
  left (probability proportional to how many copies are left), one die at a
  time, a pick in one node. The partial outcome waits in the adapter and
  reaches our state when complete; a forced remainder (all the items left
  alike) is filled in without a node. Chance action ids are item indices, so
  `max_chance_outcomes` is bounded by the number of components. The RL
  environment (`environment`) draws each of our chance points whole instead, on
  our state directly (`_Episode`).
* **Decisions** keep our fixed action ids (`Game.num_actions`, ascending legal
  lists, `Game.action_to_text` as the action string).
* **Information.** The observation string is seat p's view as canonical JSON
  (sorted keys), the observation tensor is `interop.encoding` of that view. The
  information state (perfect recall) adds p's history: the moves as p saw them
  (`Game.observe_action`: a card played face down is the same key whatever the
  card) and, after each chance point, what it saw of it (the deal, the roll, the
  draw): as a string, p's encoded view then; as a tensor of fixed size (the
  game's `history_bound`, see `_History`), the game's `encode_chance` of that
  view (of the part of it `State.chance_view(seat)` builds alone, or of the
  plain values `State.chance_key(seat)` gives, where the game has one). Nothing
  else of the state is read, so they leak exactly what the views leak: nothing
  (tests/interop/test_openspiel.py checks it).
* **Finite trees.** Where chance could repeat for ever (Wazabi's start roll,
  rerolled on a tie), the game's `finite_chance` draws the final result in a
  few small nodes with the exact distribution (see `_Meta.chance_spec`).
* **Resampling.** `resample_from_infostate(p, sampler)` draws a full state from
  p's view (`Game.sample`, seeded from the sampler), which is what OpenSpiel's
  ISMCTS needs. The moves before a resampled state are unknown for the other
  seats: their information strings start with "?" there.
* **Returns** are our `State.returns()`: 1/k to each of k winners, so the
  games are constant-sum (1).
* **Length.** Not every game has a small hard bound on its length (17's
  penalties take Victory tokens back, Wazabi's dice travel back and forth), so
  `max_game_length` is the engine's limit `MAX_DECISIONS` (50,000 decisions),
  which the conformance kit enforces on every random game. Measured maxima are
  far below: 473 decisions at most (Wazabi, 6 players, played on to the last)
  over 1,000 random games of each game, player count and option set of the kit.

The bots that run on this adapter (OpenSpiel's ISMCTS seeded, with our engine's
playouts, and as one of our bots) are in `ludotheque.interop.openspiel_bots`.

Where things are: `params` (names, parameters, `load_game`), `chance` (our chance points
as small nodes, the chance sources), `information` (a seat's history, the information
tensor's layout and strings, the observer), `state` (`LudothequeGame`, `LudothequeState`
and `_Core`, the Python side of a state), `rl_env` (`environment` and its time steps);
the registration is here.
"""

from __future__ import annotations

import pyspiel

from ludotheque.core.game import Game
from ludotheque.core.registry import all_games
from ludotheque.interop.openspiel.params import (
    LIST_SEPARATOR,
    MAX_GAME_LENGTH,
    PREFIX,
    _load,  # noqa: F401  (pickles made before the package was split name it here)
    _parameter_specification,
    load_game,
    spiel_name,
    spiel_params,
)
from ludotheque.interop.openspiel.rl_env import (
    ActionCountError,
    ChanceSampler,
    SeatTensor,
    environment,
)
from ludotheque.interop.openspiel.state import (
    ActionTypeError,
    LudothequeGame,
    LudothequeState,
    _rebuild_core,  # noqa: F401  (the same: older pickles name it here)
)

__all__ = [
    "LIST_SEPARATOR", "MAX_GAME_LENGTH", "PREFIX", "ActionCountError", "ActionTypeError",
    "ChanceSampler", "LudothequeGame", "LudothequeState", "SeatTensor", "environment",
    "load_game", "register", "spiel_name", "spiel_params",
]


def _game_type(game: Game) -> pyspiel.GameType:
    from ludotheque.i18n import t

    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"ludotheque {t(game.title_key, 'en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(game),
    )


_REGISTERED: set[str] = set()


def register(game: Game) -> None:
    """Register `game` with pyspiel (once)."""
    if game.name in _REGISTERED:
        return
    game_type = _game_type(game)
    # A class, as in OpenSpiel's own Python games: pyspiel keeps the factory until after the
    # interpreter stops, and a plain function freed then aborts the process.
    factory = type(f"Ludotheque_{game.name}", (LudothequeGame,),
                   {"ludo_game": game, "game_type": game_type, "__module__": __name__})
    pyspiel.register_game(game_type, factory)
    _REGISTERED.add(game.name)


for _game in all_games():
    register(_game)
