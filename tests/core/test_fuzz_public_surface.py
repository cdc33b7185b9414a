"""Fuzzing the whole public surface (issue 14, item 8): random and mutated actions,
seats, sequences, chance outcomes, snapshots and records, against every game.

Every call either succeeds or raises a `LudoError` whose message reads in English and
French; when it raises, the match, state or record it was given is exactly as before.
Anything else (a TypeError, an IndexError, a half-changed state) fails the test.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.core import all_games
from ludotheque.core.chance import SeededChance
from ludotheque.core.errors import LudoError
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.replay import replay

GAMES = [pytest.param(game, id=game.name) for game in all_games()]
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=10,
)
SEATS = st.none() | st.integers(-3, 9) | st.text(max_size=2) | st.booleans() | st.floats(-1, 9)


def _midgame(game, seed: int, steps: int) -> Match:
    match = Match(game, game.default_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over():
            break
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def _fingerprint(match: Match) -> str:
    return json.dumps([match.state.to_json(), match.actions, len(match.events or [])],
                      sort_keys=True)


def _refused_clearly(error: LudoError) -> None:
    assert error.message("en").strip() and error.message("fr").strip()


def _action_forms(game, match: Match):
    legal_texts = [game.action_to_text(a) for a in match.legal_actions()]
    texts = st.sampled_from(legal_texts) if legal_texts else st.just("")
    mutated = st.tuples(texts, st.text(max_size=3), st.integers(0, 8)).map(
        lambda t: t[0][: t[2]] + t[1] + t[0][t[2]:])
    return (st.integers(-5, game.num_actions + 5) | texts | mutated | st.text(max_size=8)
            | JSON | st.sampled_from(match.legal_actions() or [0]))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 50), steps=st.integers(0, 40))
def test_moves_seats_and_sequences_succeed_or_fail_cleanly(game, data, seed, steps):
    match = _midgame(game, seed, steps)
    if match.is_over():
        return
    for _ in range(4):
        before = _fingerprint(match)
        kind = data.draw(st.sampled_from(["apply", "sequence", "view"]))
        try:
            if kind == "apply":
                match.apply(data.draw(_action_forms(game, match)), seat=data.draw(SEATS))
            elif kind == "sequence":
                actions = data.draw(st.lists(_action_forms(game, match), max_size=4) | JSON)
                match.apply_sequence(actions, seat=data.draw(SEATS))
            else:
                view = match.view(data.draw(SEATS))
                json.dumps(view)
        except LudoError as error:
            _refused_clearly(error)
            assert _fingerprint(match) == before, f"a refused {kind} changed the match"
        if match.is_over():
            return


def _near_miss(outcome):
    """A valid outcome with one part changed in type: 2 -> 2.0, "2", None, True, [2]."""
    changes = st.sampled_from([float, str, lambda v: None, lambda v: True, lambda v: [v]])
    if isinstance(outcome, tuple) and outcome:
        return st.tuples(st.integers(0, len(outcome) - 1), changes).map(
            lambda c: outcome[:c[0]] + (c[1](outcome[c[0]]),) + outcome[c[0] + 1:])
    return changes.map(lambda change: change(outcome))


def _chance_point(game, seed: int, skip: int):
    """A state at a chance point of a random game: the deal, or a later one (a reshuffle,
    a roll...) after `skip` chance points, if the game has that many."""
    state = game.new_state(game.default_players)
    chance, rng = SeededChance(seed), random.Random(seed)
    found = state
    while not state.is_terminal():
        if state.is_chance():
            found = state.clone()
            if skip == 0:
                break
            skip -= 1
            state.apply_chance(chance.resolve(state.chance_spec()))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 20), skip=st.integers(0, 6))
def test_chance_outcomes_of_any_shape_are_refused_before_any_change(game, data, seed, skip):
    state = _chance_point(game, seed, skip)
    before = json.dumps(state.to_json(), sort_keys=True)
    valid = SeededChance(seed).resolve(state.chance_spec())
    outcome = data.draw(JSON | st.just(valid).flatmap(_near_miss))
    try:
        state.apply_chance(outcome)
    except LudoError as error:
        _refused_clearly(error)
        assert json.dumps(state.to_json(),
                          sort_keys=True) == before, "a refused outcome changed the state"


def _mutate(value, data, depth=0):
    """A copy of a JSON value with one random change somewhere inside."""
    if isinstance(value, dict) and value and depth < 4 and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        copy = dict(value)
        choice = data.draw(st.sampled_from(["deeper", "delete", "replace", "add"]))
        if choice == "deeper":
            copy[key] = _mutate(value[key], data, depth + 1)
        elif choice == "delete":
            del copy[key]
        elif choice == "replace":
            copy[key] = data.draw(JSON)
        else:
            copy[data.draw(st.text(min_size=1, max_size=5))] = data.draw(JSON)
        return copy
    if isinstance(value, list) and value and depth < 4 and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(value) - 1))
        copy = list(value)
        copy[index] = _mutate(value[index], data,
                              depth + 1) if data.draw(st.booleans()) else data.draw(JSON)
        return copy
    return data.draw(JSON)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 30), steps=st.integers(0, 30))
def test_mutated_snapshots_load_or_are_refused_clearly(game, data, seed, steps):
    state = _midgame(game, seed, steps).state
    snapshot = json.loads(json.dumps(state.to_json()))
    mutated = _mutate(snapshot, data)
    try:
        rebuilt = game.state_from_json(mutated)
    except LudoError as error:
        _refused_clearly(error)
    else:  # accepted: it is a consistent state that plays on
        rebuilt.check_invariants()
        json.dumps(rebuilt.to_json())
        if not rebuilt.is_terminal() and not rebuilt.is_chance():
            assert rebuilt.legal_actions()


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data(), seed=st.integers(0, 30), steps=st.integers(0, 30))
def test_mutated_records_replay_or_are_refused_clearly(game, data, seed, steps):
    record = _midgame(game, seed, steps).record(bots=["random"] * game.default_players)
    text = json.dumps(_mutate(record.to_json(), data))
    try:
        replay(Record.from_text(text))
    except LudoError as error:
        _refused_clearly(error)
