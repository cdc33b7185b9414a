"""Fuzzing the RL adapters' calls: actions of every odd type and value to `step` (numpy
scalars and arrays, floats, bools, negative, too large, None, texts), `reset` with odd
seeds and options, and odd constructor keywords, in every game.

A step is played (a legal move, as an id or its text form) or refused as
docs/interop/*.md say: with `illegal="raise"` a LudoError in English and French and
nothing changed, the same seat still to move; with `illegal="lose"` the episode ends
with -1 and the reason in `info["error"]`. Either way the environment goes on (the next
legal move, or a new episode). A refused constructor keyword is a LudoError naming it.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.core import all_games
from ludotheque.core.errors import IllegalActionError, LudoError
from ludotheque.interop.gymnasium import LudothequeEnv
from ludotheque.interop.pettingzoo import env as pettingzoo_env

GAMES = [pytest.param(game.name, id=game.name) for game in all_games()]
FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 400), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True), st.text(max_size=8), st.sampled_from(["", " ", "pass", "1", "p1"]),
    st.lists(st.integers(0, 5), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(),
                                                             max_size=2),
    st.sampled_from([np.int8(-1), np.int64(2**62), np.uint8(3), np.float32(1.0), np.bool_(True),
                     np.array(1), np.array([1]), np.array([1, 2]), np.array(1.5), np.array("x"),
                     np.int64(0), np.intp(1)]),
)


def _legal_id(action, legal: list[int], game, state) -> bool:
    """Whether `action` names a legal move: an integer (numpy's too, not a bool) or a
    text the game reads as one."""
    if isinstance(action, (bool, np.bool_)):
        return False
    if isinstance(action, str):
        try:
            return game.parse_action(action, state) in legal
        except LudoError:
            return False
    if isinstance(action, (int, np.integer)) or (isinstance(action, np.ndarray)
                                                 and action.shape == ()
                                                 and action.dtype.kind in "iu"):
        return int(action) in legal
    return False


def _refused_clearly(error: LudoError) -> None:
    english, french = error.message("en"), error.message("fr")
    assert english.strip() and french.strip()


def _fingerprint(env) -> str:
    return json.dumps(env.table.state.to_json(), sort_keys=True)


REFUSED = object()  # what `_odd_step` returns for a step refused by raising


def each_game_and_mode(test):
    """`test` for each game and both `illegal` modes, with hypothesis data and a seed."""
    test = FUZZ(given(data=st.data(), seed=st.integers(0, 40))(test))
    return pytest.mark.parametrize("illegal", ["raise", "lose"])(
        pytest.mark.parametrize("game", GAMES)(test))


def _odd_step(data, env, mask, illegal: str, step):
    """At a decision whose legal moves `mask` marks, an action drawn (odd, or legal as an
    id or a text) given to `step`: (the action, the first legal id, whether the action was
    legal, what `step` returned, or REFUSED when it raised: a clear LudoError with
    illegal="raise", nothing changed). `env`: the environment (its `game` and `table`)."""
    game = env.game
    legal = [int(a) for a in np.flatnonzero(mask)]
    action = data.draw(ODD | st.sampled_from(legal)
                       | st.sampled_from(legal).map(game.action_to_text))
    before, legal_now = _fingerprint(env), _legal_id(action, legal, game, env.table.state)
    try:
        result = step(action)
    except LudoError as error:
        assert illegal == "raise" and not legal_now, (action, error)
        _refused_clearly(error)
        assert _fingerprint(env) == before, f"a refused {action!r} changed the game"
        return action, legal[0], False, REFUSED
    if not legal_now:  # illegal="lose": the game ends as it was, the reason said
        assert illegal == "lose" and _fingerprint(env) == before, f"{action!r} was played"
    return action, legal[0], legal_now, result


@each_game_and_mode
def test_gymnasium_steps_with_odd_actions_play_or_refuse_as_documented(game, illegal, data, seed):
    env = LudothequeEnv(game, players=3, illegal=illegal)
    _, info = env.reset(seed=seed)
    for _ in range(6):
        action, first, legal, result = _odd_step(data, env, info["action_mask"], illegal, env.step)
        if result is REFUSED:
            continue
        _, reward, terminated, truncated, info = result
        assert ("illegal_action" in info) != legal, action
        if not legal:
            assert (reward, terminated, truncated) == (-1.0, True, False) and info["error"]
            assert info["action_mask"].sum() == 0
            with pytest.raises(IllegalActionError):
                env.step(first)
        if terminated:
            _, info = env.reset()  # a new episode


@each_game_and_mode
def test_pettingzoo_steps_with_odd_actions_play_or_refuse_as_documented(game, illegal, data, seed):
    aec = pettingzoo_env(game, players=3, illegal=illegal)
    raw = aec.unwrapped
    aec.reset(seed=seed)
    for _ in range(6):
        agent = aec.agent_selection
        if raw.terminations[agent]:
            aec.reset()
            continue
        action, _, legal, result = _odd_step(data, raw, aec.observe(agent)["action_mask"],
                                             illegal, aec.step)
        if result is REFUSED:
            assert aec.agent_selection == agent
        elif not legal:
            assert "illegal_action" in raw.infos[agent] and raw.rewards[agent] == -1.0
            assert all(raw.terminations.values())


SEEDS = st.one_of(st.none(), st.integers(-5, 2**70), st.floats(allow_nan=True), st.text(max_size=3),
                  st.booleans(), st.sampled_from([np.int64(3), np.uint8(1), np.array(2)]))


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=10)
@given(seed=SEEDS, options=st.none() | st.dictionaries(st.text(max_size=3), st.integers(),
                                                       max_size=2))
def test_reset_with_odd_seeds_and_options_deals_or_refuses_and_the_env_goes_on(game, seed, options):
    for make in (lambda: LudothequeEnv(game, players=3), lambda: pettingzoo_env(game, players=3)):
        env = make()
        try:
            env.reset(seed=seed, options=options)
        except LudoError as error:
            _refused_clearly(error)
        except Exception as error:  # noqa: BLE001 - which errors: the assertion says
            pytest.fail(f"reset(seed={seed!r}) raised {type(error).__name__}: {error}")
        env.reset(seed=1)  # still usable


KEYWORDS = {"players": ODD, "opponents": ODD, "seat": ODD, "options": ODD, "render_mode": ODD,
            "illegal": ODD, "lang": ODD, "rewards": ODD}


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=25)
@given(data=st.data())
def test_odd_constructor_keywords_are_refused_naming_them(game, data):
    name = data.draw(st.sampled_from(sorted(KEYWORDS)))
    value = data.draw(KEYWORDS[name])
    for make in (LudothequeEnv, pettingzoo_env):
        if make is pettingzoo_env and name in ("opponents", "seat", "options"):
            # the Gymnasium env's own keywords (a PettingZoo env takes options as keywords)
            continue
        try:
            env = make(game, **{name: value})
        except LudoError as error:
            _refused_clearly(error)
            continue
        except Exception as error:  # noqa: BLE001 - which errors: the assertion says
            pytest.fail(f"{make.__name__}({name}={value!r}) raised {type(error).__name__}: {error}")
        env.reset(seed=1)



@pytest.mark.parametrize("checked", [False, True])
@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=10)
@given(data=st.data())
def test_openspiel_environment_steps_with_odd_actions_play_or_refuse_and_go_on(game, checked, data):
    """OpenSpiel's conventions: a move not legal raises IllegalActionError (ours, or
    rl_environment's with its legality check); a value no integer (1.5, None, "x") raises
    TypeError, as pyspiel's `apply_action` does; a bool is the integer it is to pyspiel."""
    from open_spiel.python import rl_environment

    from ludotheque.interop import openspiel

    env = openspiel.environment(game, players=3, enable_legality_check=checked)
    step = env.reset()
    for _ in range(6):
        if step.last():
            step = env.reset()
        player = step.observations["current_player"]
        legal = list(step.observations["legal_actions"][player])
        action = data.draw(ODD | st.sampled_from(legal))
        before = list(env.get_state.history())
        try:
            step = env.step([action])
        except (LudoError, rl_environment.IllegalActionError, TypeError) as error:
            if isinstance(error, LudoError):
                _refused_clearly(error)
            assert list(env.get_state.history()) == before, f"a refused {action!r} changed the game"
            step = env.step([legal[0]])  # the game goes on
            continue
        assert int(action) in legal, f"{action!r} was played"
