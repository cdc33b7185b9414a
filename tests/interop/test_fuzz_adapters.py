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
    st.lists(st.integers(0, 5), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from([np.int8(-1), np.int64(2**62), np.uint8(3), np.float32(1.0), np.bool_(True),
                     np.array(1), np.array([1]), np.array([1, 2]), np.array(1.5), np.array("x"),
                     np.int64(0), np.intp(1)]),
)


def _legal_id(action, legal: list[int], text_of) -> bool:
    """Whether `action` names a legal move: an integer (numpy's too, not a bool) or a
    move's text form."""
    if isinstance(action, (bool, np.bool_)):
        return False
    if isinstance(action, str):
        return action in {text_of(a) for a in legal}
    if isinstance(action, (int, np.integer)) or (isinstance(action, np.ndarray)
                                                 and action.shape == () and action.dtype.kind in "iu"):
        return int(action) in legal
    return False


def _refused_clearly(error: LudoError) -> None:
    english, french = error.message("en"), error.message("fr")
    assert english.strip() and french.strip()


def _fingerprint(env) -> str:
    return json.dumps(env.table.state.to_json(), sort_keys=True)


@pytest.mark.parametrize("illegal", ["raise", "lose"])
@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 40))
def test_gymnasium_steps_with_odd_actions_play_or_refuse_as_documented(game, illegal, data, seed):
    env = LudothequeEnv(game, players=3, illegal=illegal)
    _, info = env.reset(seed=seed)
    text_of = env.game.action_to_text
    for _ in range(6):
        legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
        action = data.draw(ODD | st.sampled_from(legal) | st.sampled_from(legal).map(text_of))
        before = _fingerprint(env)
        try:
            _, reward, terminated, truncated, info = env.step(action)
        except LudoError as error:
            assert illegal == "raise" and not _legal_id(action, legal, text_of), (action, error)
            _refused_clearly(error)
            assert _fingerprint(env) == before, f"a refused {action!r} changed the game"
            continue
        if "illegal_action" in info:
            assert illegal == "lose" and not _legal_id(action, legal, text_of), action
            assert (reward, terminated, truncated) == (-1.0, True, False) and info["error"]
            assert info["action_mask"].sum() == 0 and _fingerprint(env) == before
            with pytest.raises(IllegalActionError):
                env.step(legal[0])
            _, info = env.reset()  # a new episode
            continue
        assert _legal_id(action, legal, text_of), f"{action!r} was played"
        if terminated:
            _, info = env.reset()


@pytest.mark.parametrize("illegal", ["raise", "lose"])
@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 40))
def test_pettingzoo_steps_with_odd_actions_play_or_refuse_as_documented(game, illegal, data, seed):
    aec = pettingzoo_env(game, players=3, illegal=illegal)
    raw = aec.unwrapped
    aec.reset(seed=seed)
    text_of = raw.game.action_to_text
    for _ in range(6):
        agent = aec.agent_selection
        if raw.terminations[agent]:
            aec.reset()
            continue
        legal = [int(a) for a in np.flatnonzero(aec.observe(agent)["action_mask"])]
        action = data.draw(ODD | st.sampled_from(legal) | st.sampled_from(legal).map(text_of))
        before = _fingerprint(raw)
        try:
            aec.step(action)
        except LudoError as error:
            assert illegal == "raise" and not _legal_id(action, legal, text_of), (action, error)
            _refused_clearly(error)
            assert _fingerprint(raw) == before and aec.agent_selection == agent
            continue
        if "illegal_action" in raw.infos[agent]:
            assert illegal == "lose" and not _legal_id(action, legal, text_of), action
            assert raw.rewards[agent] == -1.0 and all(raw.terminations.values())
            assert _fingerprint(raw) == before
            continue
        assert _legal_id(action, legal, text_of), f"{action!r} was played"


SEEDS = st.one_of(st.none(), st.integers(-5, 2**70), st.floats(allow_nan=True), st.text(max_size=3),
                  st.booleans(), st.sampled_from([np.int64(3), np.uint8(1), np.array(2)]))


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=10)
@given(seed=SEEDS, options=st.none() | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
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
            continue  # the Gymnasium env's own keywords (a PettingZoo env takes options as keywords)
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
