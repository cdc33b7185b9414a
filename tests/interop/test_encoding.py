"""The observation encoding (games/<game>/encoding.py, ludotheque.interop.encoding):
fixed shape, numbers in [0, 1], nothing a seat may not know, and what a seat
knows does show."""

from __future__ import annotations

import random
import re
import sys

import numpy as np
import pytest

from ludotheque.core import all_games, get_game
from ludotheque.core.chance import derive_seed
from ludotheque.interop.encoding import action_mask, encode, observation_shape
from ludotheque.interop.pettingzoo import env as pettingzoo_env
from ludotheque.testing.conformance import fits, random_states, spaced_states

# Every game at its smallest and largest player count with its default options, and
# every rule-changing option set at one player count (some change the shape: Décimoarr's
# number of cards).
CASES = [
    pytest.param(game, players, {}, id=f"{game.name}-{players}p")
    for game in all_games()
    for players in sorted({game.min_players, game.max_players})
] + [
    pytest.param(game, 4, options, id=f"{game.name}-4p-options{index}")
    for game in all_games()
    for index, options in enumerate(game.conformance_option_sets())
    if options and fits(game, 4, options)
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_encoding_has_a_fixed_shape_and_cannot_tell_determinised_twins_apart(
        game, players, options):
    """For seat p, a twin state with everything p cannot know resampled gives p the same
    observation; for another seat q, whose hidden cards the twin changed, the observation
    shows the change (the encoding does carry private information)."""
    options = game.validate(players, options)
    shape = observation_shape(game, players, options)
    assert len(shape) == 1 and shape[0] > 0
    compared = private_changes = 0
    for index, (state, _, rng) in spaced_states(game, players, options, 3, games=3, every=2):
        seat = rng.randrange(players)
        twin = state.game.sample(state.view(seat), random.Random(derive_seed(3, index)))
        mine = encode(game, state.view(seat), players, options)
        assert mine.shape == shape and mine.dtype == np.float32
        assert np.all(np.isfinite(mine)) and mine.min() >= 0.0 and mine.max() <= 1.0
        assert np.array_equal(mine, encode(game, twin.view(seat), players, options)), \
            f"{game.name}: seat {seat} reads two states it cannot tell apart differently"
        compared += 1
        for other in range(players):
            if other != seat and _private(state.view(other)) != _private(twin.view(other)):
                private_changes += 1
                ours = encode(game, state.view(other), players, options)
                assert not np.array_equal(ours, encode(game, twin.view(other), players, options)), \
                    f"{game.name}: seat {other}'s observation does not show its own cards"
    assert compared > 10
    assert private_changes > 0, "the twins never differed for another seat: nothing was proved"


def _private(view):
    """What a view holds of its seat's own secrets: its hand (or Décimoarr's memory; for a
    game whose view has no such hand, the whole view)."""
    seat = view["seat"]
    if view["game"] == "decimoarr":
        return view["memory"]
    hands = view.get("hands")
    if hands and isinstance(hands[seat], dict):
        return hands[seat].get("cards")
    return view  # another game's shape: the whole view (its encoding must show all of it)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_observations_are_read_from_the_view_only(game):
    """The encoding takes a view (a plain dict), not a state: the same view, rebuilt from
    JSON, gives the same numbers, and so does a spectator's view at any moment."""
    import json

    players = game.min_players + 1
    options = game.validate(players, {})
    for index, (state, _, _) in enumerate(random_states(game, players, options, seed=5, games=1)):
        if index % 5:
            continue
        view = state.view(state.current_player())
        again = json.loads(json.dumps(view))
        assert np.array_equal(encode(game, view, players, options),
                              encode(game, again, players, options))
        spectator = encode(game, state.view(None), players, options)
        assert spectator.shape == observation_shape(game, players, options)


def test_action_mask_marks_exactly_the_legal_moves():
    game = get_game("dtc")
    mask = action_mask(game, [0, 3, 14])
    assert mask.dtype == np.int8 and mask.shape == (game.num_actions,)
    assert np.flatnonzero(mask).tolist() == [0, 3, 14]
    assert action_mask(game, []).sum() == 0


def test_game_encoder_hook_finds_each_games_module():
    for game in all_games():
        encoder = game.parts.encoder
        assert encoder.__name__ == f"ludotheque.games.{game.name}.encoding"
        options = game.validate(game.min_players, {})
        assert encoder.observation_size(game.min_players, options) == \
            observation_shape(game, game.min_players, options)[0]


def test_seats_are_relative_to_the_reader():
    """Two seats holding the same cards in the same situation read alike: a seat always
    finds itself first (here: at the start of 17, both hands dealt three double-faced 1s)."""
    game = get_game("diciassette")
    options = game.validate(2, {})
    deck = list(game.new_state(2, options).chance_spec().items)
    deck.sort(key=lambda kind: kind != 5)  # 1d first: seats 0 and 1 both get three
    views = []
    for starter in (0, 1):
        state = game.new_state(2, options)
        state.apply_chance(tuple(deck))
        state.apply_chance(starter)
        views.append((state.view(0), state.view(1)))
    (first_0, first_1), (second_0, second_1) = [
        [encode(game, view, 2, options) for view in pair] for pair in views]
    assert not np.array_equal(first_0, first_1)  # to play or not: the seats read differently
    assert np.array_equal(first_0, second_1)  # the starter reads the same whichever seat it is
    assert np.array_equal(first_1, second_0)


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_pettingzoo_observation_is_the_encoding_of_the_agents_view(name):
    env = pettingzoo_env(name, players=3)
    env.reset(seed=4)
    raw = env.unwrapped
    game = raw.game
    rng = np.random.default_rng(4)
    steps = 0
    while raw.agents and steps < 60:
        table = raw.table
        for seat, agent in enumerate(raw.possible_agents):
            seen = env.observe(agent)
            expected = encode(game, table.state.view(seat), 3, table.options)
            assert np.array_equal(seen["observation"], expected)
            legal = table.state.legal_actions() if table.state.current_player() == seat else []
            assert np.flatnonzero(seen["action_mask"]).tolist() == legal
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert steps > 0


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_feature_names_name_every_index_once(name, players):
    from ludotheque.interop.encoding import feature_names
    from ludotheque.interop.gymnasium import LudothequeEnv
    from ludotheque.interop.pettingzoo import raw_env

    game = get_game(name)
    options = game.validate(players, {})
    names = feature_names(game, players, options)
    assert len(names) == observation_shape(game, players, options)[0] == len(set(names))
    assert all(isinstance(n, str) and n for n in names)
    assert LudothequeEnv(name, players=players).feature_names() == names
    assert raw_env(name, players=players).feature_names() == names


# A readable feature name (`feature_names`' docstring): words joined by dots, each with
# its position in a loop in brackets, then a one-hot's `=label` or the slots' `[label]`s.
_LABEL = r"[^\[\]=(){}\s]+"
_READABLE = re.compile(rf"[a-z_]+(\[{_LABEL}\])*(\.[a-z_]+(\[{_LABEL}\])*)*(={_LABEL})?")


def _phase_names(game_name):
    import importlib

    return importlib.import_module(f"ludotheque.games.{game_name}.rules").PHASE_NAMES


def _some_names(game_name, players, positions):
    """A few exact names per game, at their index where it is fixed by the blocks before."""
    phases = len(_phase_names(game_name))
    last = f"+{players - 1}"
    return {
        "dtc": {phases: "to_act=self", phases + 1: "to_act=+1", "hand[joker]": None,
                f"chain[-1].giver={last}": None, f"malus[{last}][joker]": None, "pile": None,
                "to_beat.value=5": None, "hands.size[self]": None},
        "diciassette": {phases: "to_act=self", "hand[trap]": None, "queue.sum=21+": None,
                        f"doubles[{last}][5d]": None, "queue[-6].card=x2": None,
                        f"penalty[{last}]": None},
        "wazabi": {0: "seat=0", players - 1: f"seat={players - 1}", players: "phase=deal",
                   "own_dice=8+": None, "roll.w=3+": None, "hand[replay]": None,
                   f"last_play.target={last}": None},
        "decimoarr": {0: "pos[0].up", 1: "pos[0].up.colour=red",
                      f"pos[{positions - 1}].connects": None, "reference.value=0.25": None,
                      f"rounds_won[{last}]": None, "last_flip.success": None},
    }[game_name]


@pytest.mark.parametrize("end", ["min", "max"])
@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_feature_names_read_as_the_game_words_them(name, end):
    """Every name is readable (`phase=offer`, `hand[joker]`, `to_act=+1`), none is the
    encoder's source text (the names of a block left unnamed); the phases are the game's
    own, seats read from the reader, loops hold their position; stable across calls."""
    from ludotheque.interop.encoding import feature_names

    game = get_game(name)
    players = game.min_players if end == "min" else game.max_players
    options = game.validate(players, {})
    names = feature_names(game, players, options)
    assert [n for n in names if not _READABLE.fullmatch(n) or "view[" in n] == []
    phases = [f"phase={phase}" for phase in _phase_names(name)]
    assert [n for n in names if n.startswith("phase=")] == phases
    first = names.index(phases[0])
    assert names[first:first + len(phases)] == phases
    positions = options.get("colours", 0) * options.get("values", 0) - 1
    for where, expected in _some_names(name, players, positions).items():
        if expected is None:
            assert where in names, f"{name}: no feature {where!r}"
        else:
            assert names[where] == expected
    assert feature_names(game, players, options) == names


def _dtc_encoded_by(tmp_path, monkeypatch, importing, edit):
    """DTC with its `encoding.py` rewritten (`edit` of its source, `importing` in place of
    its import of `Features`), imported as a game's module is."""
    import dataclasses
    import importlib.util
    import inspect

    game = get_game("dtc")
    source = inspect.getsource(game.parts.encoder)
    assert source.count("from ludotheque.kit.features import Features\n") == 1
    path = tmp_path / f"edited_{abs(hash((importing, edit(source))))}.py"
    path.write_text(edit(source.replace("from ludotheque.kit.features import Features\n",
                                        importing + "\n")), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    encoder = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, path.stem, encoder)  # as an imported game's module is
    spec.loader.exec_module(encoder)
    return type("Edited", (type(game),), {
        "name": f"dtc-{path.stem}", "parts": dataclasses.replace(game.parts, encoder=encoder)})()


@pytest.mark.parametrize("spelling", [
    ("from ludotheque.kit import features as kit_features", "kit_features.Features("),
    ("from ludotheque.kit.features import Features as Slots", "Slots("),
])
def test_feature_names_do_not_depend_on_how_the_encoder_imports_features(
        tmp_path, monkeypatch, spelling):
    """The names follow `Features` however a game's `encoding.py` imports it (they used to
    swap the module's `Features`, so any other spelling named nothing)."""
    from ludotheque.interop.encoding import feature_names

    importing, building = spelling
    game = get_game("dtc")
    aliased = _dtc_encoded_by(tmp_path, monkeypatch, importing,
                              lambda source: source.replace("Features(", building))
    options = game.validate(3, {})
    assert feature_names(aliased, 3, options) == feature_names(game, 3, options)


def test_a_block_left_unnamed_is_named_by_its_source_and_labels_must_cover_the_slots(
        tmp_path, monkeypatch):
    """A game in progress: a block without a name is named by its call as written; a
    block whose labels are fewer than its slots is refused, saying which block."""
    from ludotheque.interop.encoding import feature_names

    game = get_game("dtc")
    options = game.validate(2, {})
    importing = "from ludotheque.kit.features import Features"
    named = 'f.number(view["pile"], DECK_SIZE, "pile")'
    unnamed = _dtc_encoded_by(tmp_path, monkeypatch, importing, lambda source: source.replace(
        named, 'f.number(view["pile"], DECK_SIZE)'))
    expected = feature_names(game, 2, options)
    expected[expected.index("pile")] = 'number(view["pile"], DECK_SIZE)'
    assert feature_names(unnamed, 2, options) == expected
    short = _dtc_encoded_by(tmp_path, monkeypatch, importing, lambda source: source.replace(
        '"phase", PHASE_NAMES)', '"phase", PHASE_NAMES[:2])'))
    with pytest.raises(AssertionError, match="phase: 2 labels for 5 numbers"):
        feature_names(short, 2, options)
