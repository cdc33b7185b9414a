"""Perfect-recall information states in OpenSpiel (issue 18): the tensor has the declared
fixed size, is the same wherever the information state is the same (resampled twins) and
differs where it differs, keeps what a seat saw after chance points its view forgets, and
refuses clearly what it cannot hold. Every tree is finite: fixed paths (the first chance
outcome and the first move at every node, and others) reach the end under a node bound,
and Wazabi's folded start roll has the exact distribution of the rerolls it replaces."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import numpy as np
import pyspiel
import pytest

from ludotheque.core import LudoError, all_games
from ludotheque.core.chance import derive_seed
from ludotheque.interop import openspiel as adapter
from ludotheque.interop.openspiel.chance import _distinct, _redraw_next, _WholeChance
from ludotheque.interop.openspiel.information import (
    _as_list,
    _chance_slot,
    _ChanceSeen,
    _History,
    _Meta,
)
from ludotheque.interop.openspiel.rl_env import _Episode, _move_key
from ludotheque.interop.openspiel.state import _Core
from test_openspiel import _play_randomly, _valid  # tests/interop is on sys.path

GAMES = all_games()
CASES = [pytest.param(game, players, id=f"{game.name}-{players}p")
         for game in GAMES for players in (2, 3) if game.min_players <= players <= game.max_players]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_tensor_sizes_are_declared_and_fixed(game, players):
    spiel_game = adapter.load_game(game.name, players)
    assert spiel_game.get_type().provides_information_state_tensor
    size = spiel_game.information_state_tensor_size()
    encoder, options = game.parts.encoder, spiel_game.meta.options
    moves, chances = encoder.history_bound(players, options)
    observation = spiel_game.observation_tensor_size()
    slot = encoder.chance_size(players, options)
    assert 0 < slot < observation  # a chance slot holds what the seat saw of it, not its view
    assert size == observation + moves * (players + 1) + chances * (1 + slot)
    assert spiel_game.information_state_tensor_shape() == [size]
    for state in _play_randomly(spiel_game.new_initial_state(), np.random.RandomState(players)):
        for seat in range(players):
            tensor = np.asarray(state.information_state_tensor(seat))
            assert tensor.shape == (size,) and 0.0 <= tensor.min() and tensor.max() <= 1.0
            assert np.array_equal(tensor[:observation], state.observation_tensor(seat))


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_the_python_answers_are_pyspiels(game):
    """The state answers tensors and strings from Python (pyspiel's own path builds a new
    initial state at every tensor call to learn its size): the same values as through
    pyspiel's C++ methods."""
    spiel_game = adapter.load_game(game.name, 2)
    for state in _play_randomly(spiel_game.new_initial_state(), np.random.RandomState(6), 12):
        for seat in range(2):
            for method in ("observation_tensor", "information_state_tensor",
                           "observation_string", "information_state_string"):
                ours = getattr(state, method)(seat)
                assert ours == getattr(pyspiel.State, method)(state, seat), method
        assert state.information_state_tensor() == state.information_state_tensor(
            state.current_player())


@pytest.mark.parametrize(("game", "players"), CASES)
def test_twins_share_the_tensor_and_a_seats_successive_states_do_not(game, players):
    """A resampled twin (everything seat p cannot know drawn again) gives p the same
    information-state string and tensor: the tensor holds nothing hidden from p. Two
    decision states of p in one game differ in both."""
    spiel_game = adapter.load_game(game.name, players)
    rng = np.random.RandomState(derive_seed(5, game.name, players) % 2**32)
    earlier: dict[int, list[tuple[str, tuple]]] = {seat: [] for seat in range(players)}
    twins = differs = 0
    pick = random.Random(5)  # the first state and a third of the others, not every third:
    # a stride would meet the same moment of a game's cycle each time
    for index, state in enumerate(_play_randomly(spiel_game.new_initial_state(), rng, 60)):
        seat = state.current_player()
        string = state.information_state_string(seat)
        tensor = tuple(state.information_state_tensor(seat))
        for past_string, past_tensor in earlier[seat]:
            assert past_string != string and past_tensor != tensor
        earlier[seat].append((string, tensor))
        if index and pick.randrange(3):
            continue
        for reader in range(players):
            twin = state.resample_from_infostate(reader, random.Random(index).random)
            assert twin.information_state_string(reader) == state.information_state_string(reader)
            assert twin.information_state_tensor(reader) == state.information_state_tensor(reader)
            differs += str(twin) != str(state)
            twins += 1
    assert twins and differs


def test_a_roll_the_view_forgets_stays_in_the_information_state():
    """Perfect recall: Wazabi's view shows only the last roll, the information state every
    roll a seat saw. Its history only grows: each earlier one is a prefix of the next."""
    spiel_game = adapter.load_game("wazabi", 2)
    rng = np.random.RandomState(3)
    histories: list[list] = []
    for state in _play_randomly(spiel_game.new_initial_state(), rng, 30):
        histories.append(state._core.history(0))
    for before, after in zip(histories, histories[1:]):
        assert after[:len(before)] == before
    chance_points = sum(1 for item in histories[-1] if isinstance(item, _ChanceSeen))
    assert chance_points >= 3  # the deal, the start and rolls after it


def test_a_history_longer_than_the_bound_and_an_unknown_past_are_refused_clearly():
    spiel_game = adapter.load_game("dtc", 2)
    state = spiel_game.new_initial_state()
    for _ in _play_randomly(state, np.random.RandomState(1), 6):
        pass
    bound = spiel_game.meta.history_bound
    spiel_game.meta.history_bound = (3, bound[1])
    try:
        short = spiel_game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    finally:
        spiel_game.meta.history_bound = bound
    with pytest.raises(LudoError, match="at most 3 decisions") as error:
        short.set_from(state, 0)
    assert "au plus 3 décisions" in error.value.message("fr")
    assert short.string_from(state, 0)  # the string has no bound
    twin = state.resample_from_infostate(0, random.Random(1).random)
    with pytest.raises(LudoError, match="past is unknown to seat 1") as error:
        twin.information_state_tensor(1)
    assert "son passé lui est donc inconnu" in error.value.message("fr")


@pytest.mark.parametrize(("name", "cut", "match"), [
    ("dtc", 0, "at most 5 decisions"), ("wazabi", 1, "more chance points than"),
    ("wazabi", 0, "at most 5 decisions")])
def test_our_environment_refuses_a_history_longer_than_the_bound_clearly(name, cut, match):
    """`openspiel.environment` writes a seat's tensor from the episode's log without
    `_History.write`'s calls, but a history longer than the game's bound (its moves, or
    its chance points) is refused with the same clear error, whether the seat reads at
    every decision or only once past the bound."""
    spiel_game = adapter.load_game(name, 2)
    meta = spiel_game.meta
    bound, readers = meta.history_bound, meta.readers
    meta.history_bound = tuple(5 if index == cut else value
                               for index, value in enumerate(bound))
    meta.readers = {}
    try:
        for every in (True, False):
            env, rng = adapter.environment(spiel_game, seed=4), random.Random(4)
            time_step = env.reset()
            with pytest.raises(LudoError, match=match):
                for _ in range(200):
                    if time_step.last():
                        time_step = env.reset()
                    player = time_step.observations["current_player"]
                    if every or env._episode.moves and len(env._episode.moves) % 12 == 0:
                        np.asarray(time_step.observations["info_state"][player])
                    legal = time_step.observations["legal_actions"][player]
                    time_step = env.step([legal[rng.randrange(len(legal))]])
    finally:
        meta.history_bound, meta.readers = bound, readers


# ---------------------------------------------------------------- finite trees
PATHS = {"first": lambda items: items[0], "last": lambda items: items[-1],
         "middle": lambda items: items[len(items) // 2]}
NODE_BOUND = 20_000  # nodes (chance and moves) of one walk


def _option_sets(game):
    return [options for options in game.conformance_option_sets()
            if _valid(game, 2, options)]


def _walk(state, chance_pick, move_pick) -> int:
    nodes = 0
    while not state.is_terminal():
        if nodes >= NODE_BOUND:
            return nodes
        if state.is_chance_node():
            state.apply_action(chance_pick(state.chance_outcomes())[0])
        else:
            state.apply_action(move_pick(state.legal_actions()))
        nodes += 1
    return nodes


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_the_first_outcome_path_reaches_the_end(game):
    """The first chance outcome and the first legal move at every node, for every option
    set of the kit: the game ends within the node bound (Wazabi's start roll and its
    W-only rolls while nobody holds a card used to go round for ever)."""
    first = PATHS["first"]
    for options in _option_sets(game):
        state = adapter.load_game(game.name, 2, **options).new_initial_state()
        assert _walk(state, first, first) < NODE_BOUND, f"{game.name} {options}: no end"


def _seeded_chance(seed: int):
    rng = random.Random(seed)

    def pick(outcomes):
        return rng.choices(outcomes, weights=[p for _, p in outcomes])[0]
    return pick


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_other_fixed_paths_reach_the_end(game):
    """Fixed paths beside the first: the last chance outcome everywhere with seeded moves,
    and seeded chance (by its probabilities) with the first move everywhere. (Not every
    fixed path ends: with the middle face, a draw face, at every Wazabi roll nobody ever
    gives a die, and 17's penalties can take Victory tokens back for ever: the rules allow
    endless play, that no representation of chance can fold.)"""
    for options in _option_sets(game):
        seed = derive_seed(3, game.name, repr(sorted(options.items())))
        walks = [(PATHS["last"], random.Random(seed).choice),
                 (_seeded_chance(seed), PATHS["first"])]
        for chance_pick, move_pick in walks:
            state = adapter.load_game(game.name, 2, **options).new_initial_state()
            assert _walk(state, chance_pick, move_pick) < NODE_BOUND, f"{game.name} {options}"


def _engine_start_distribution(state) -> dict[tuple, Fraction]:
    """Who starts (and their faces) after Wazabi's start roll, by enumerating our engine's
    rolls and rerolls: a roll that starts the same contest again is dropped by
    conditioning (the rerolls end with probability 1)."""
    spec = state.chance_spec()
    weight = Fraction(1, spec.faces ** spec.count)
    results: dict[tuple, Fraction] = {}
    repeat = Fraction(0)
    for roll in product(range(spec.faces), repeat=spec.count):
        after = state.clone()
        after.apply_chance(roll)
        if after.phase == state.phase and after.is_chance():
            if after.contenders == state.contenders:
                repeat += weight
                continue
            for key, p in _engine_start_distribution(after).items():
                results[key] = results.get(key, Fraction(0)) + weight * p
            continue
        key = (after.current, tuple(after.faces))
        results[key] = results.get(key, Fraction(0)) + weight
    return {key: p / (1 - repeat) for key, p in results.items()}


def _adapter_start_distribution(spiel_state) -> dict[tuple, float]:
    results: dict[tuple, float] = {}

    def walk(node, probability):
        ludo = node.ludo_state
        if not node._core.draws and ludo.view(None)["phase"] != "start":
            key = (ludo.current, tuple(ludo.faces))
            results[key] = results.get(key, 0.0) + probability
            return
        for outcome, p in node.chance_outcomes():
            walk(node.child(outcome), probability * p)

    walk(spiel_state, 1.0)
    return results


@pytest.mark.parametrize("options", [
    {"dice_per_player": 2, "first_turn_uses_start_roll": True},
    {"dice_per_player": 2, "first_turn_uses_start_roll": True, "start_tie_reroll": "all"},
    {"dice_per_player": 1, "first_turn_uses_start_roll": True},
    {"dice_per_player": 2},
], ids=["tied", "all", "one-die-3p", "faces-unused"])
def test_wazabi_folded_start_roll_has_the_engines_exact_distribution(options):
    players = 3 if options["dice_per_player"] == 1 else 2
    spiel_game = adapter.load_game("wazabi", players, **options)
    state = spiel_game.new_initial_state()
    while state.is_chance_node() and state.ludo_state.view(None)["phase"] != "start":
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.ludo_state.view(None)["phase"] == "start"
    expected = _engine_start_distribution(state.ludo_state)
    got = _adapter_start_distribution(state)
    assert set(got) == set(expected)
    for key, p in expected.items():
        assert got[key] == pytest.approx(float(p), abs=1e-12)


def _idle_wazabi(spiel_game):
    """A 2-player Wazabi state at a roll with no card in any hand (seat 1 holds 2 dice,
    seat 0 one): W-only rolls would pass the turn for ever."""
    state = spiel_game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    data = state.ludo_state.to_json()
    cards = sorted(data["pile"] + [card for hand in data["hands"] for card in hand])
    data.update(phase="roll", dice=[1, 2], removed=5, hands=[[], []], pile=cards, discard=[],
                current=1, faces=[], roll=[0, 0, 0], contenders=[], turns=10)
    return spiel_game.state_from(spiel_game.meta.game.state_from_json(data))


def _without_turns(ludo) -> str:
    data = ludo.to_json()
    del data["turns"]  # the fold counts the passed turns of one round only (nobody sees it)
    return repr(sorted(data.items()))


def test_wazabi_folded_idle_rolls_have_the_engines_exact_distribution():
    spiel_game = adapter.load_game("wazabi", 2)
    root = _idle_wazabi(spiel_game)
    assert type(root._core.chance_spec()).__name__ == "IdleRollsFold"
    start = root.ludo_state

    expected: dict[str, Fraction] = {}
    repeat = Fraction(0)

    def engine(state, weight):
        nonlocal repeat
        dice = state.dice[state.current]
        for roll in product(range(6), repeat=dice):
            after = state.clone()
            after.apply_chance(roll)
            chance = weight / 6 ** dice
            if all(face < 3 for face in roll):  # W only, no card: the turn passes
                if after.current == start.current:
                    repeat += chance
                else:
                    engine(after, chance)
                continue
            key = _without_turns(after)
            expected[key] = expected.get(key, Fraction(0)) + chance

    engine(start.clone(), Fraction(1))
    got: dict[str, float] = {}

    def walk(node, probability):
        for outcome, p in node.chance_outcomes():
            child = node.child(outcome)
            if child._core.draws:
                walk(child, probability * p)
            else:
                key = _without_turns(child.ludo_state)
                got[key] = got.get(key, 0.0) + probability * p

    walk(root, 1.0)
    assert set(got) == set(expected)
    for key, p in expected.items():
        assert got[key] == pytest.approx(float(p / (1 - repeat)), abs=1e-12)


# ---------------------------------------------------------------- rl_environment
class _Recorded:
    """`environment`'s whole-chance source, noting every chance point it draws (our outcome,
    or a fold's node draws) so that rl_environment can be given the same outcomes."""

    def __init__(self, inner: _WholeChance) -> None:
        self.inner = inner
        self.points: list[tuple[object, object]] = []

    def resolve(self, spec):
        outcome = self.inner.resolve(spec)
        self.points.append((spec, outcome))
        return outcome

    def fold(self, spec):
        draws: list[int] = []
        while (outcomes := spec.complete(draws)) is None:
            draws.append(_redraw_next(spec, draws, self.inner._rng))
        self.points.append((spec, list(draws)))
        return outcomes


def _replaying(recorded: _Recorded):
    """A chance sampler for rl_environment that answers each chance node with the node's
    part of the outcome `recorded` drew for that chance point (the k-th point of a game is
    the k-th recorded since its reset): the item drawn next, the next die, the pick."""
    from ludotheque.core.chance import Pick, Shuffle

    def sampler(state) -> int:
        core = state._core
        history = core.seen[0]
        spec, outcome = recorded.points[history.chances if history is not None else 0]
        assert type(spec) is type(core.chance_spec())
        drawn = len(core.draws)
        if isinstance(spec, Shuffle):
            return _distinct(spec.items).index(outcome[drawn])
        if isinstance(spec, Pick):
            return outcome
        return outcome[drawn]  # a die of a roll, a fold's node

    return sampler


@pytest.mark.parametrize(("name", "players"), [("dtc", 2), ("diciassette", 2), ("wazabi", 2),
                                               ("decimoarr", 2), ("wazabi", 4)])
@pytest.mark.parametrize("kind", ["OBSERVATION", "INFORMATION_STATE"])
@pytest.mark.parametrize("chance", ["whole", "sampler"])
def test_our_environment_is_rl_environment_with_tensors_built_when_read(name, players, kind,
                                                                         chance):
    """`openspiel.environment` gives exactly OpenSpiel's rl_environment time steps (same
    chance outcomes, same moves: its own time steps, built from our state, are compared
    with rl_environment's), each seat's tensor built only when read, from the state of its
    own time step even when read steps later. Chance "whole": ours draws each chance
    point in one go and rl_environment is given the same outcomes node by node;
    "sampler": both draw node by node from the same seeded sampler."""
    from open_spiel.python import rl_environment

    spiel_game = adapter.load_game(name, players)
    observation_type = getattr(rl_environment.ObservationType, kind)
    if chance == "whole":
        ours = adapter.environment(spiel_game, observation_type=observation_type, seed=4)
        recorded = ours._whole = _Recorded(ours._whole)
        sampler = _replaying(recorded)
    else:
        ours = adapter.environment(spiel_game, observation_type=observation_type,
                                   chance_event_sampler=adapter.ChanceSampler(4))
        sampler = adapter.ChanceSampler(4)
    theirs = rl_environment.Environment(spiel_game, observation_type=observation_type,
                                        chance_event_sampler=sampler)
    assert ours.observation_spec() == theirs.observation_spec()
    rng = random.Random(2)
    kept = []
    for _ in range(2):
        if chance == "whole":
            recorded.points.clear()
        mine, reference = ours.reset(), theirs.reset()
        while True:
            assert mine.observations["legal_actions"] == reference.observations["legal_actions"]
            assert mine.observations["current_player"] == reference.observations["current_player"]
            assert mine.observations["serialized_state"] == []
            assert mine.rewards == reference.rewards and mine.step_type == reference.step_type
            assert mine.discounts == reference.discounts
            seat = rng.randrange(players)
            tensor = mine.observations["info_state"][seat]
            kept.append((tensor, reference.observations["info_state"][seat]))
            if mine.last():
                break
            player = mine.observations["current_player"]
            action = rng.choice(mine.observations["legal_actions"][player])
            mine, reference = ours.step([action]), theirs.step([action])
        if chance == "whole":
            assert ours.get_state.information_state_string(0) == \
                theirs.get_state.information_state_string(0)
    for tensor, expected in kept[::7]:  # read long after their step
        assert len(tensor) == len(expected)
        assert list(tensor) == expected and tensor == expected
        assert np.array_equal(np.asarray(tensor, np.float32), np.asarray(expected, np.float32))


@pytest.mark.parametrize(("name", "players"), [("dtc", 2), ("wazabi", 4), ("diciassette", 2)])
@pytest.mark.parametrize("kind", ["INFORMATION_STATE", "OBSERVATION"])
def test_a_time_step_held_unread_across_moves_reads_its_own_moment_and_costs_no_copy(
        name, players, kind, monkeypatch):
    """Our state is not copied for a time step: a time step held unread while the game
    moves on still reads its own moment (its tensors, read steps later, equal those read
    at once in the same seeded game), and playing copies the state only for the chance
    points the seats' histories keep (none with the observation tensor)."""
    from open_spiel.python import rl_environment

    observation_type = getattr(rl_environment.ObservationType, kind)
    spiel_game = adapter.load_game(name, players)
    state_class = type(spiel_game.meta.initial)
    clones = []
    clone = state_class.clone
    monkeypatch.setattr(state_class, "clone", lambda self: clones.append(1) or clone(self))

    def game(read_late: bool) -> tuple[list[list[list[float]]], int, int]:
        env = adapter.environment(spiel_game, seed=5, observation_type=observation_type)
        rng = random.Random(3)
        time_step, held, read = env.reset(), [], []
        clones.clear()
        while True:
            held.append(time_step)
            if not read_late:  # every seat's tensor, at its own step
                read.append([list(tensor) for tensor in time_step.observations["info_state"]])
            if time_step.last():
                break
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([legal[rng.randrange(len(legal))]])
        chance_points = sum(type(item) is _ChanceSeen for item in env._episode.log)
        made = len(clones)
        if read_late:  # newest first, each held time step read after the game
            read = [[list(tensor) for tensor in step.observations["info_state"]]
                    for step in reversed(held)][::-1]
        return read, made, chance_points

    late, made, chance_points = game(read_late=True)
    at_once, _, _ = game(read_late=False)
    assert len(late) > 10 and late == at_once
    assert made <= chance_points  # the histories' copies only (one for the first deal too)


@pytest.mark.parametrize(("name", "players"), [("dtc", 2), ("wazabi", 4), ("decimoarr", 3)])
def test_an_episodes_tensor_is_written_from_its_log_each_from_the_seats_last(name, players):
    """In our environment a seat's information-state tensor is written from the episode's
    log into a copy of the seat's last tensor (no per-seat history nodes, no state copied
    to read it): still its definition, the tensor of the pyspiel state built
    from the same moves, at every step of seeded games and for every seat."""
    spiel_game = adapter.load_game(name, players)
    env, rng = adapter.environment(spiel_game, seed=8), random.Random(8)
    checked = 0
    for _ in range(2):
        time_step = env.reset()
        while not time_step.last():
            episode = env._episode
            player = time_step.observations["current_player"]
            tensors = [np.asarray(tensor) for tensor in time_step.observations["info_state"]]
            expected = episode.spiel_state(spiel_game)  # a state of its own, replayed
            for seat in range(players):
                assert np.array_equal(tensors[seat], expected.information_state_tensor(seat))
                checked += 1
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([legal[rng.randrange(len(legal))]])
    assert checked


@pytest.mark.parametrize("kind", ["INFORMATION_STATE", "OBSERVATION"])
def test_a_time_step_builds_a_tensor_only_for_a_seat_read_and_reads_as_a_list(kind,
                                                                               monkeypatch):
    """A time step's `info_state` makes a seat's tensor only when that seat is indexed (a
    learner reading its own seat: one tensor per step, none for the other seats), and
    reads as rl_environment's list of tensors: its length, an index (negative too), a
    slice, iteration, `==` and `str`; beyond the seats, an IndexError as a list gives."""
    from open_spiel.python import rl_environment

    made = []
    init = adapter.SeatTensor.__init__
    monkeypatch.setattr(adapter.SeatTensor, "__init__",
                        lambda self, *args: made.append(args[1]) or init(self, *args))
    observation_type = getattr(rl_environment.ObservationType, kind)
    env = adapter.environment(adapter.load_game("wazabi", 3), seed=2,
                              observation_type=observation_type)
    rng, time_step, steps = random.Random(2), env.reset(), 0
    while not time_step.last():
        info_state = time_step.observations["info_state"]
        assert info_state[0] is info_state[0]  # made once
        steps += 1
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        time_step = env.step([legal[rng.randrange(len(legal))]])
    assert steps > 10 and made == [0] * steps
    info_state = time_step.observations["info_state"]
    lists = [list(tensor) for tensor in info_state]
    assert len(info_state) == 3 and len(lists) == 3 and made[steps:] == [0, 1, 2]
    assert info_state[-1] is info_state[2] and info_state[1:] == lists[1:]
    assert info_state == lists and str(info_state) == str(lists)
    with pytest.raises(IndexError):
        info_state[3]


@pytest.mark.parametrize(("name", "players"), [("wazabi", 3), ("decimoarr", 3)])
def test_chance_points_keep_no_copy_once_a_seat_reads_and_late_readers_replay(name,
                                                                               players):
    """Once a seat has read a tensor, a chance point keeps no copy of our state, only the
    slot of each seat that has read; a seat reading for the first time later (seat 1,
    halfway), and every time step read once past (each seat's, after the game), have the
    game replayed: every tensor still equals the pyspiel state's at its step."""
    spiel_game = adapter.load_game(name, players)
    env, rng = adapter.environment(spiel_game, seed=9), random.Random(9)
    time_step, held, expected, first = env.reset(), [], [], None
    while True:
        episode = env._episode
        state = episode.spiel_state(spiel_game)  # a state of its own, replayed
        expected.append([state.information_state_tensor(seat) for seat in range(players)])
        held.append(time_step)
        player = time_step.observations["current_player"]
        if player == 0 or time_step.last():
            np.asarray(time_step.observations["info_state"][0])
            first = len(episode.log) if first is None else first
        if len(held) == 8:
            np.asarray(time_step.observations["info_state"][1])  # seat 1's first read
        if time_step.last():
            break
        legal = time_step.observations["legal_actions"][player]
        time_step = env.step([legal[rng.randrange(len(legal))]])
    chance = [item for item in episode.log[first:] if type(item) is _ChanceSeen]
    assert len(held) > 16 and chance and all(item.state is None for item in chance)
    for seat in range(players):
        for time_step, tensors in list(zip(held, expected))[::-3]:
            tensor = time_step.observations["info_state"][seat]
            assert np.array_equal(np.asarray(tensor), tensors[seat])


def test_a_finished_episode_is_freed_without_the_garbage_collector():
    """Games played and left behind (the environment reset, their time steps dropped)
    are freed at once: nothing in them holds itself in a cycle only `gc` would find."""
    import gc

    env, rng = adapter.environment(adapter.load_game("dtc", 2), seed=6), random.Random(6)
    gc.collect()
    gc.disable()
    try:
        for _ in range(4):
            time_step = env.reset()
            for _ in range(30):
                player = time_step.observations["current_player"]
                list(time_step.observations["info_state"][player])
                legal = time_step.observations["legal_actions"][player]
                time_step = env.step([legal[rng.randrange(len(legal))]])
        del time_step
        episodes = [each for each in gc.get_objects() if type(each) is _Episode]
        assert episodes == [env._episode]
    finally:
        gc.enable()


def test_whole_chance_is_seeded_and_reseeded():
    """Chance drawn whole comes from `seed`: two environments with the same seed play the
    same games, and `seed(s)` starts the same stream again."""
    spiel_game = adapter.load_game("wazabi", 2)

    def games(env, count: int = 3) -> list[list[object]]:
        rng, played = random.Random(0), []
        for _ in range(count):
            time_step, moves = env.reset(), []
            while not time_step.last():
                player = time_step.observations["current_player"]
                legal = time_step.observations["legal_actions"][player]
                moves.append((player, tuple(legal)))
                time_step = env.step([legal[rng.randrange(len(legal))]])
            played.append([*moves, tuple(time_step.rewards),
                           env.get_state.information_state_string(0)])
        return played

    first = adapter.environment(spiel_game, seed=7)
    reference = games(first)
    assert games(adapter.environment(spiel_game, seed=7)) == reference
    assert games(adapter.environment(spiel_game, seed=8)) != reference
    first.seed(7)
    assert games(first) == reference


def test_whole_chance_points_have_the_trees_distribution():
    """Drawn whole, a deal has the distribution the tree's item-by-item nodes give it: a
    17 deal's first card (seeded, 4,000 deals) against the first chance node's odds."""
    spiel_game = adapter.load_game("diciassette", 2)
    node = dict(spiel_game.new_initial_state().chance_outcomes())
    env = adapter.environment(spiel_game, seed=11)
    spec = spiel_game.new_initial_state()._core.chance_spec()
    distinct = _distinct(spec.items)
    counts = dict.fromkeys(node, 0)
    draws = 4000
    for _ in range(draws):
        counts[distinct.index(env._whole.resolve(spec)[0])] += 1
    for outcome, probability in node.items():
        assert abs(counts[outcome] / draws - probability) < 4 * (probability / draws) ** 0.5 + 1e-3


def test_our_environment_deals_again_a_game_over_before_any_move():
    """With one die each, a Wazabi game often ends in its chance nodes (a give face hands
    the only die over with no choice): OpenSpiel's rl_environment would start an episode
    with nobody to move; ours deals again, as the Gymnasium env does."""
    from open_spiel.python import rl_environment

    spiel_game = adapter.load_game("wazabi", 2, dice_per_player=1)
    theirs = rl_environment.Environment(spiel_game, seed=1)
    assert any(theirs.reset().observations["current_player"] < 0 for _ in range(200))
    ours = adapter.environment(spiel_game, seed=1)
    for _ in range(200):
        time_step = ours.reset()
        assert time_step.first() and time_step.observations["current_player"] in (0, 1)


def test_our_environment_keeps_rl_environments_options_and_errors():
    """With `include_full_state` the time steps are rl_environment's own (the serialized
    state included); a wrong number of actions and an illegal move fail as there."""
    from open_spiel.python import rl_environment

    spiel_game = adapter.load_game("dtc", 2)
    full = adapter.environment(spiel_game, seed=3, include_full_state=True)
    time_step = full.reset()
    assert time_step.observations["serialized_state"]
    player = time_step.observations["current_player"]
    time_step = full.step([time_step.observations["legal_actions"][player][0]])
    assert time_step.observations["serialized_state"] and not time_step.first()
    ours = adapter.environment(spiel_game, seed=3, enable_legality_check=True)
    time_step = ours.reset()
    with pytest.raises(rl_environment.InvalidParameterError):
        ours.step([0, 0])
    player = time_step.observations["current_player"]
    illegal = next(action for action in range(spiel_game.num_distinct_actions())
                   if action not in time_step.observations["legal_actions"][player])
    with pytest.raises(rl_environment.IllegalActionError):
        ours.step([illegal])


def test_a_seat_tensor_reads_as_an_array_without_a_list():
    """`numpy.asarray` of a `SeatTensor` is float32, equal to the list, without building
    the list (30,000 Python floats for Wazabi), and a copy: changing it changes nothing
    (OpenSpiel's PyTorch agents wrap it without copying). With `copy=False` it is the
    array the seat's history keeps, read-only."""
    spiel_game = adapter.load_game("wazabi", 2)
    time_step = adapter.environment(spiel_game, seed=5).reset()
    tensor = time_step.observations["info_state"][0]
    shared = np.asarray(tensor, np.float32, copy=False)
    assert shared.dtype == np.float32 and shared.shape == (len(tensor),)
    assert tensor._list is None
    assert np.asarray(tensor, copy=False) is shared and not shared.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        shared[:] = 0.5
    array = np.asarray(tensor, np.float32)
    assert array is not shared and array.flags.writeable
    array[:] = 0.5
    again = np.asarray(tensor)
    assert not np.array_equal(again, array)
    assert list(tensor) == again.tolist() == tensor
    assert str(tensor) == str(again.tolist())  # e.g. tabular learners key on str()


@pytest.mark.parametrize("density", [0.0, 0.01, 0.2, 0.9])
def test_tensors_as_lists_are_exactly_tolist(density):
    rng = np.random.RandomState(int(density * 100))
    vector = np.where(rng.random_sample(3000) < density, rng.random_sample(3000), 0.0)
    vector = vector.astype(np.float32)
    values = _as_list(vector)
    assert values == vector.tolist() and all(type(value) is float for value in values)


def _reference_tensor(spiel_game, state, seat: int) -> np.ndarray:
    """Seat `seat`'s information-state tensor by its definition (`_History`), computed
    from scratch: its view now, encoded, then every move as it saw it and its view after
    each chance point (the game's `encode_chance` of its view then), read from the history
    the state keeps (no cache)."""
    from ludotheque.interop.encoding import encode

    meta = spiel_game.meta
    encoder = meta.game.parts.encoder
    slot = encoder.chance_size(meta.players, meta.options)
    players, observation = meta.players, spiel_game.observation_tensor_size()
    moves_bound, _ = meta.history_bound
    tensor = np.zeros(spiel_game.information_state_tensor_size(), np.float32)
    tensor[:observation] = encode(meta.game, state.ludo_state.view(seat), players, meta.options)
    history = tensor[observation:]
    moves = chances = 0
    for item in state._core.history(seat):
        if isinstance(item, _ChanceSeen):
            at = moves_bound * (players + 1) + chances * (1 + slot)
            history[at] = (1 + moves) / (moves_bound + 1)
            history[at + 1:at + 1 + slot] = encoder.encode_chance(
                item.state.view(seat), players, meta.options)
            chances += 1
        else:
            actor, key = item
            at = moves * (players + 1)
            history[at + (actor - seat) % players] = 1.0
            history[at + players] = key / meta.game.num_actions
            moves += 1
    return tensor


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_tensors_read_from_caches_are_their_definition_across_copies(game):
    """The tensor is built step by step and shared (an encoded view read once per state,
    right after a chance point the one the history keeps for it, history vectors shared
    by copies, a list copied from the seat's last list): it is still, for every seat, its
    definition computed from scratch, in a game and in copies that went another way (as
    OpenSpiel's algorithms clone states), and a new list of floats at every call."""
    spiel_game = adapter.load_game(game.name, 2)
    rng = np.random.RandomState(derive_seed(9, game.name) % 2**32)
    checked = fresh = 0
    for index, state in enumerate(_play_randomly(spiel_game.new_initial_state(), rng, 40)):
        fresh += state._core.fresh
        copies = [state]
        if index % 4 == 0:
            other = state.clone()
            for _ in _play_randomly(other, np.random.RandomState(index), 3):
                pass
            copies.append(other)
        for copy in copies:
            for seat in range(2):
                expected = _reference_tensor(spiel_game, copy, seat)
                values = copy.information_state_tensor(seat)
                assert type(values) is list and all(type(value) is float for value in values)
                assert np.array_equal(np.asarray(values, np.float32), expected)
                values[:] = [0.5] * len(values)  # a list of the caller's own: changes nothing
                assert np.array_equal(np.asarray(copy.information_state_tensor(seat),
                                                 np.float32), expected)
                checked += 1
    assert checked and fresh  # the shared view right after a chance point was read


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_chance_slot_and_the_view_before_tell_the_view_after(game, players):
    """A chance slot holds what the seat saw of the chance point (`encode_chance`), not its
    whole view: what it leaves out must follow from before. Over seeded random games of
    our engine, each chance point drawn six times from the same state: the seat's encoded
    view just before it and its slot after it always give the same encoded view after it
    (a seat drawn to start, a roll, a blind card: the same slot met again and again)."""
    from ludotheque.core.chance import SeededChance, settle

    encoder = game.parts.encoder
    options = game.validate(players, {})
    after: dict[tuple, bytes] = {}
    repeats = 0
    for seed in range(40):
        state, move_rng = game._new_state(players, options), random.Random(seed)
        for step in range(60):
            if state.is_terminal():
                break
            if not state.is_chance():
                legal = state.legal_actions()
                state.apply_action(legal[move_rng.randrange(len(legal))])
                continue
            before = [tuple(encoder.encode_view(state.view(seat), players, options))
                      for seat in range(players)]
            for draw in range(6):
                drawn = state.clone()
                settle(drawn, SeededChance(derive_seed(seed, step, draw)), at_most=1)
                for seat in range(players):
                    view = drawn.view(seat)
                    key = (seat, before[seat],
                           tuple(encoder.encode_chance(view, players, options)))
                    seen = np.asarray(encoder.encode_view(view, players, options)).tobytes()
                    repeats += key in after
                    assert after.setdefault(key, seen) == seen, f"seat {seat}, seed {seed}"
            state = drawn
    assert repeats  # the same view before and slot met again


def _cases_with(method: str) -> list:
    """(game, players) for every game whose state has `method`, at every player count."""
    return [pytest.param(game, players, id=f"{game.name}-{players}p") for game in GAMES
            if hasattr(game._new_state(game.default_players, game.validate(
                game.default_players, {})), method)
            for players in range(game.min_players, game.max_players + 1)]


CHANCE_VIEW_CASES = _cases_with("chance_view")
CHANCE_KEY_CASES = _cases_with("chance_key")


def _is_part(part, whole) -> bool:
    """`part` is `whole` or, for a dict, some of its keys with parts of their values."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and _is_part(value, whole[key]) for key, value in part.items())
    return part == whole


def _random_states(game, players, seeds):
    """Every state (decisions and just after each chance point) of seeded random games of
    our engine, with its options."""
    from ludotheque.core.chance import SeededChance, settle

    options = game.validate(players, {})
    for seed in seeds:
        state, rng = game._new_state(players, options), random.Random(seed)
        chance = SeededChance(derive_seed(seed, "chance view"))
        while not state.is_terminal():
            if state.is_chance():
                settle(state, chance, at_most=1)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            yield state, options


ALIKE_CASES = [pytest.param(game, players, id=f"{game.name}-{players}p") for game in GAMES
               if getattr(game.parts.encoder, "MOVES_SEEN_ALIKE", False)
               for players in (game.min_players, game.max_players)]


def test_the_games_with_their_own_observe_action_declare_moves_seen_alike():
    """DTC, 17 and Wazabi hide a detail of some moves from the other seats, alike: every
    game with its own `observe_action` says so (any game added later included)."""
    from ludotheque.core.game import Game

    own = {game.name for game in GAMES if type(game).observe_action is not Game.observe_action}
    assert {"diciassette", "dtc", "wazabi"} <= own
    assert sorted(param.values[0].name for param in ALIKE_CASES) == sorted(
        name for name in own for _ in range(2))


@pytest.mark.parametrize(("game", "players"), ALIKE_CASES)
def test_a_game_declaring_moves_seen_alike_shows_a_move_alike_to_every_other_seat(game,
                                                                                 players):
    """`MOVES_SEEN_ALIKE` (the information state's log then asks one seat how it sees a
    move): every legal move of every decision of seeded random games is seen the same by
    every seat but the mover, and some are seen otherwise than by the mover."""
    hidden = 0
    for state, _ in _random_states(game, players, range(6)):
        if state.is_chance() or state.is_terminal():
            continue
        mover = state.current_player()
        for action in state.legal_actions():
            seen = {game.observe_action(state, action, seat) for seat in range(players)
                    if seat != mover}
            assert len(seen) == 1, (state.to_json(), action, seen)
            hidden += seen != {action}
    assert hidden


@pytest.mark.parametrize("name", ["dtc", "wazabi"])
def test_the_log_asks_one_seat_how_it_sees_a_move_and_keeps_each_seats_key(name,
                                                                           monkeypatch):
    """With `MOVES_SEEN_ALIKE`, `openspiel.environment` asks `observe_action` once per
    move (not once per other seat), and its log holds every seat's key all the same: the
    keys each seat's `observe_action` gives."""
    spiel_game = adapter.load_game(name, 4)
    game = spiel_game.meta.game
    asked, keys = [], []
    observe = type(game).observe_action

    def counted(self, state, action, seat):
        asked.append(seat)
        return observe(self, state, action, seat)

    env, rng = adapter.environment(spiel_game, seed=3), random.Random(3)
    time_step = env.reset()
    monkeypatch.setattr(type(game), "observe_action", counted)
    env._episode.observe = game.observe_action  # the method patched, as the episode asks it
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        action = legal[rng.randrange(len(legal))]
        state = env._episode.state
        keys.append((player, tuple(observe(game, state, action, seat) if seat != player
                                   else action for seat in range(4))))
        time_step = env.step([action])
    assert len(asked) == len(keys) > 20
    moves = [item for item in env._episode.log if type(item) is tuple]
    assert [(actor, tuple(_move_key(item, seat) for seat in range(4)))
            for item in moves for actor in [item[0]]] == keys
    assert all(type(seen) is int for _, _, seen in moves)  # one key for the other seats
    assert any(len(set(seen)) > 1 for _, seen in keys)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_game_has_a_chance_view_or_a_chance_key_unless_it_reads_slots_from_the_view(game):
    """The part of the view a chance slot reads, built alone (`chance_view`) or as plain
    values (`chance_key`): every game but one that declares `chance_slot_from_view` (DTC,
    two chance points a game). Wazabi, a roll at every turn, gives plain values."""
    state = game._new_state(game.default_players, game.validate(game.default_players, {}))
    parts = [method for method in ("chance_view", "chance_key") if hasattr(state, method)]
    assert len(parts) == (not game.chance_slot_from_view), parts


@pytest.mark.parametrize(("game", "players"), CHANCE_VIEW_CASES)
def test_a_chance_view_is_the_part_of_the_view_the_slot_reads(game, players):
    """`State.chance_view(seat)` (the adapter reads a chance slot from it) is a part of
    `view(seat)`: some of its keys, the same values (a dict: some of its keys); so it shows
    nothing the view hides. And the game's `encode_chance` reads the same slot from it as
    from the whole view, for every seat of every state of seeded random games."""
    encoder = game.parts.encoder
    checked = 0
    for state, options in _random_states(game, players, range(12)):
        for seat in range(players):
            part, view = state.chance_view(seat), state.view(seat)
            assert _is_part(part, view), f"seat {seat}: {part}"
            assert encoder.encode_chance(part, players, options) == encoder.encode_chance(
                view, players, options)
            checked += 1
    assert checked


@pytest.mark.parametrize(("game", "players"), CHANCE_VIEW_CASES)
def test_a_chance_view_is_the_same_in_every_state_the_seat_cannot_tell_apart(game, players):
    """No leak, by resampling: states drawn from seat p's view (`Game.sample`: everything p
    cannot know drawn again) give p the same chance view as the true state."""
    checked = differs = 0
    for index, (state, _) in enumerate(_random_states(game, players, range(4))):
        if index % 3:
            continue
        for seat in range(players):
            rng = random.Random(derive_seed(index, seat))
            for _ in range(3):
                twin = game.sample(state.view(seat), rng)
                assert twin.chance_view(seat) == state.chance_view(seat)
                differs += twin.to_json() != state.to_json()
                checked += 1
    assert checked and differs  # the twins did differ in what was hidden


@pytest.mark.parametrize("name", ["wazabi", "diciassette", "decimoarr"])
def test_a_chance_slot_is_read_from_the_chance_view_without_a_whole_view(name, monkeypatch):
    """The adapter reads a seat's chance slot from the game's `chance_view` (the part of the
    view it needs, built alone) or `chance_key` (Wazabi): no whole view is built for it,
    and the slot is the game's `encode_chance` of the whole view all the same."""
    spiel_game = adapter.load_game(name, 2)
    meta = spiel_game.meta
    core = _Core(meta, meta.initial.clone(), [], [None, None])
    core.settle_whole(_WholeChance(3))
    seen = core.history(0)[-1]
    state_type = type(seen.state)
    expected = [meta.encode_chance(seen.state.view(seat), 2, meta.options) for seat in (0, 1)]

    def no_view(self, player):
        raise AssertionError("a whole view built for a chance slot")

    monkeypatch.setattr(state_type, "view", no_view)
    for seat in (0, 1):
        assert seen.slot_of(seat).tolist() == pytest.approx(expected[seat])


def test_a_game_without_encode_chance_keeps_its_whole_view_in_a_chance_slot(monkeypatch):
    """The generic default (a fifth game's `encoding.py` with no `encode_chance`): a chance
    slot holds the seat's whole encoded view after the chance point."""
    game = adapter.load_game("dtc", 2).meta.game
    monkeypatch.delattr(game.parts.encoder, "encode_chance")
    meta = _Meta(game, 2, game.validate(2, {}))
    observation = meta.shape[0]
    assert meta.chance_size == observation
    history = _History(meta, observation)
    assert history.chance_width == 1 + observation
    state = meta.initial.clone()
    settle_state = _Core(meta, state, [], [None, None])
    settle_state.settle_whole(_WholeChance(1))
    seen = settle_state.history(0)[-1]
    assert np.array_equal(seen.slot_of(0), seen.seen_by(0))


@pytest.mark.parametrize("name", ["wazabi", "dtc"])
def test_our_environments_pyspiel_state_is_built_when_asked_and_the_game_goes_on_in_it(name):
    """The environment plays on our state directly and builds its pyspiel state only when
    asked (`get_state`): that state holds the moves so far as its `history()`, every
    seat's information state as the game was played, and the game goes on in it, with the
    same chance outcomes and time steps as in an environment nobody asked."""
    spiel_game = adapter.load_game(name, 2)
    asked, plain = adapter.environment(spiel_game, seed=6), adapter.environment(spiel_game,
                                                                                seed=6)
    rng = random.Random(3)
    for _ in range(3):
        mine, reference = asked.reset(), plain.reset()
        assert asked._episode is not None  # no pyspiel state built yet
        moves, step = [], 0
        while not reference.last():
            assert mine.observations["legal_actions"] == reference.observations["legal_actions"]
            assert list(mine.observations["info_state"][0]) == \
                list(reference.observations["info_state"][0])
            if step == 5:
                state = asked.get_state
                assert asked._episode is None and asked.get_state is state
                assert state.history() == moves
                for seat in range(2):
                    twin = spiel_game.new_initial_state()
                    assert state.information_state_string(seat) != \
                        twin.information_state_string(seat)
                    assert state.information_state_tensor(seat) == list(
                        mine.observations["info_state"][seat])
            player = reference.observations["current_player"]
            action = rng.choice(reference.observations["legal_actions"][player])
            moves.append(action)
            mine, reference = asked.step([action]), plain.step([action])
            step += 1
        assert mine.rewards == reference.rewards and mine.last()
        assert asked.get_state.history() == moves == plain.get_state.history()
        assert asked.get_state.information_state_string(1) == \
            plain.get_state.information_state_string(1)


def test_a_game_seen_differently_by_each_seat_logs_each_seats_key(monkeypatch):
    """A game whose moves are not declared seen alike (a fifth game's own
    `observe_action`) has each seat's key asked and logged (`_move_key` reads it): every
    seat's tensor is the same as with DTC's `MOVES_SEEN_ALIKE` at every time step."""
    spiel_game = adapter.load_game("dtc", 4)
    encoder = spiel_game.meta.game.parts.encoder

    def tensors(alike: bool) -> list[list[np.ndarray]]:
        monkeypatch.setattr(encoder, "MOVES_SEEN_ALIKE", alike)
        env, rng, read = adapter.environment(spiel_game, seed=8), random.Random(8), []
        time_step = env.reset()
        assert env._episode.alike is alike
        while True:
            read.append([np.asarray(tensor) for tensor in time_step.observations["info_state"]])
            if time_step.last():
                break
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([legal[rng.randrange(len(legal))]])
        moves = [item for item in env._episode.log if type(item) is tuple]
        assert all((type(seen) is tuple) is not alike for _, _, seen in moves)
        return read

    alike, each = tensors(True), tensors(False)
    assert len(alike) == len(each) > 20
    for step, (ours, theirs) in enumerate(zip(alike, each)):
        for seat in range(4):
            assert np.array_equal(ours[seat], theirs[seat]), (step, seat)


@pytest.mark.parametrize(("game", "players"), CHANCE_KEY_CASES)
def test_a_chance_key_gives_the_slot_encoded_from_the_view(game, players):
    """`State.chance_key(seat)` gives the values the game's `encode_chance` reads of the
    view (its `encoding.chance_key` of the view: the same key), so the adapter's slot,
    `encode_chance_key` of it (`_chance_slot`, no view built), is the slot encoded from
    the whole view: every seat of every state of seeded random games, the start roll and
    a keeper's choice among them."""
    encoder = game.parts.encoder
    meta = adapter.load_game(game.name, players).meta
    phases, checked = set(), 0
    for state, options in _random_states(game, players, range(6)):
        for seat in range(players):
            view = state.view(seat)
            key = state.chance_key(seat)
            assert key == encoder.chance_key(view, players), (seat, view)
            slot = encoder.encode_chance(view, players, options)
            assert encoder.encode_chance_key(key, players, options) == slot
            assert len(slot) == encoder.chance_size(players, options)
            assert _chance_slot(meta, state, seat).tolist() == pytest.approx(slot)
            phases.add(view["phase"])
            checked += 1
    assert checked > 100 and {"start", "keep"} <= phases, phases


def test_wazabi_chance_slot_values():
    """The slot's numbers themselves (`encode_chance` is `encode_chance_key` of the view's
    key: this pins what both give): each kind's share of its copies (W3: 7, 3, 5, 3, 3, 4,
    3, 4, 2, 2), the roll's W, draw and give as shares of the 24 dice, the start roll
    flag, whose turn it is relative to the reader (one-hot)."""
    encoder = adapter.load_game("wazabi", 3).meta.game.parts.encoder
    key = ((7, 0, 1, 0, 0, 2, 0, 0, 1, 0), (3, 1, 0), True, 2)
    expected = [1.0, 0.0, 0.2, 0.0, 0.0, 0.5, 0.0, 0.0, 0.5, 0.0,
                3 / 24, 1 / 24, 0.0, 1.0, 0.0, 0.0, 1.0]
    assert encoder.encode_chance_key(key, 3, {}) == pytest.approx(expected)


@pytest.mark.parametrize(("game", "players"), CHANCE_KEY_CASES)
def test_a_chance_key_is_the_same_in_every_state_the_seat_cannot_tell_apart(game, players):
    """No leak, by resampling: a state drawn from seat p's view (the other hands, a card
    drawn by another seat, the pile drawn again) gives p the same chance key, and so the
    same slot; the seats' own parts do differ (a card drawn is in its drawer's only)."""
    checked = differs = private = 0
    for index, (state, _) in enumerate(_random_states(game, players, range(4))):
        if index % 3:
            continue
        keys = [state.chance_key(seat) for seat in range(players)]
        private += len({key[0] for key in keys}) > 1
        for seat in range(players):
            rng = random.Random(derive_seed(index, seat, "key"))
            for _ in range(3):
                twin = game.sample(state.view(seat), rng)
                assert twin.chance_key(seat) == keys[seat]
                differs += twin.chance_key((seat + 1) % players) != keys[(seat + 1) % players]
                checked += 1
    assert checked and differs and private
