"""Core engine: options, chance, records, registry: clear errors, nothing changed."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core import (
    ChanceError,
    Match,
    OptionError,
    PlayerCountError,
    Record,
    RecordError,
    ScriptedChance,
    SeededChance,
    Shuffle,
    UnknownGameError,
    get_game,
    replay,
)
from ludotheque.core.chance import Pick, Roll, derive_seed
from ludotheque.core.options import OptionSpec, parse_option_assignments, validate_options

GAME = get_game("diciassette")


# ------------------------------------------------------------------ options
def test_defaults_come_from_the_rules_file():
    options = GAME.validate(4, {})
    assert options["singles"] == (3, 3, 3, 3, 3)
    assert options["doubles"] == (7, 7, 7, 7, 7)
    assert [options[k] for k in ("reverse", "trash", "x2", "trap")] == [5, 5, 5, 5]
    assert options["hand_backs_public"] is True
    assert options["call_between_x2_cards"] is False
    assert options["direction_persists"] is False
    assert options["trap_penalty_cap_one"] is False


def test_unknown_option_names_the_allowed_ones_in_both_languages():
    with pytest.raises(OptionError) as error:
        GAME.validate(4, {"jokers": 2})
    assert "jokers" in str(error.value) and "trap_penalty_cap_one" in str(error.value)
    assert "Option inconnue" in error.value.message("fr")


@pytest.mark.parametrize(("name", "value"), [
    ("trap", "many"), ("trap", -1), ("trap", 21), ("singles", "1,2"), ("singles", "1,2,3,4,x"),
    ("hand_backs_public", "maybe"), ("hand_backs_public", 3), ("reverse", True),
])
def test_bad_option_values_say_what_is_allowed(name, value):
    with pytest.raises(OptionError) as error:
        GAME.validate(4, {name: value})
    message = str(error.value)
    assert name in message and "Allowed" in message


def test_option_values_are_read_from_command_line_strings():
    options = GAME.validate(3, parse_option_assignments(
        ["singles=2", "doubles=1,2,3,4,5", "trap=0", "hand_backs_public=non"]))
    assert options["singles"] == (2, 2, 2, 2, 2)
    assert options["doubles"] == (1, 2, 3, 4, 5)
    assert options["trap"] == 0 and options["hand_backs_public"] is False


def test_option_assignment_without_equals_is_an_error():
    with pytest.raises(OptionError, match="name=value"):
        parse_option_assignments(["trap"])


def test_validated_options_are_read_only():
    options = GAME.validate(4, {})
    with pytest.raises(TypeError):
        options["trap"] = 0  # type: ignore[index]


@pytest.mark.parametrize("change", [
    lambda o: o.__ior__({"trap": 0}),
    lambda o: o.__init__({"trap": 0}),
    lambda o: setattr(o, "_sealed", False),
    lambda o: copy.copy(o).__init__({"trap": 0}),
    lambda o: pickle.loads(pickle.dumps(o)).__init__({"trap": 0}),
], ids=["ior", "__init__", "setattr", "copy", "pickle"])
def test_validated_options_stay_as_validated_through_every_door(change):
    """No way round read-only through their own methods: `|=`, their `__init__` called
    again (on a copy or an unpickled one too, which stay read-only) changes nothing."""
    options = GAME.validate(4, {})
    before = dict(options)
    with pytest.raises(TypeError):
        change(options)
    assert dict(options) == before and options["trap"] == before["trap"] != 0
    assert options | {"trap": 0} == {**before, "trap": 0}  # a new plain dict, as dicts do
    assert json.loads(json.dumps(options)) == json.loads(json.dumps(before))


def test_deck_too_small_for_the_players_is_refused():
    tiny = {"singles": "0", "doubles": "1,1,1,1,0", "reverse": 0, "trash": 0, "x2": 0, "trap": 0}
    with pytest.raises(OptionError, match="too small"):
        GAME.validate(2, tiny)


@pytest.mark.parametrize("players", [0, 1, 7, 100, -3])
def test_wrong_player_counts_are_refused(players):
    with pytest.raises(PlayerCountError) as error:
        GAME.validate(players, {})
    assert "2 to 6" in str(error.value) and "2 à 6" in error.value.message("fr")


def test_option_spec_ints_broadcast_and_bounds():
    spec = OptionSpec("v", "ints", (1, 1, 1), "error.generic", minimum=0, maximum=3, length=3)
    assert validate_options([spec], {"v": "2"})["v"] == (2, 2, 2)
    with pytest.raises(OptionError):
        validate_options([spec], {"v": "4"})


# ------------------------------------------------------------------- chance
def test_same_seed_same_game_different_seed_different_deal():
    deal = lambda seed: Match(GAME, 4, seed=seed).state.to_json()  # noqa: E731
    assert deal(12) == deal(12)
    assert deal(12) != deal(13)


SMALL = {"singles": "1", "doubles": "1", "reverse": 1, "trash": 1, "x2": 1, "trap": 1}


def test_scripted_chance_gives_the_written_deck_order():
    """A scripted deal: the deck top first, 3 cards per seat, then the pile; then the starter."""
    order = tuple(reversed(GAME.new_state(2, SMALL).chance_spec().items))  # kinds 13, 12, ... 0
    match = Match(GAME, 2, SMALL, chance=ScriptedChance([order, 1]))
    assert match.current_player() == 1
    assert match.view(0)["hands"][0]["cards"] == ["trash", "x2", "trap"]
    assert match.view(1)["hands"][1]["cards"] == ["4d", "5d", "rev"]
    assert match.state.pile[-1] == order[6]


def test_a_shuffle_outcome_that_is_not_a_permutation_is_refused():
    state = GAME.new_state(3, {})
    before = state.to_json()
    items = state.chance_spec().items
    for outcome in (items[:-1], items[:-1] + (0 if items[-1] != 0 else 1,), "abc", None):
        with pytest.raises(ChanceError):
            state.apply_chance(outcome)
    assert state.to_json() == before


def test_chance_specs_check_their_outcomes():
    assert Pick(3).check(2) == 2
    with pytest.raises(ChanceError):
        Pick(3).check(3)
    assert Roll(2, 6).check([0, 5]) == (0, 5)
    with pytest.raises(ChanceError):
        Roll(2, 6).check([0, 6])
    with pytest.raises(ChanceError):
        Shuffle((1, 2)).check((2, 2))


def test_scripted_chance_runs_out_with_a_clear_error():
    with pytest.raises(ChanceError, match="No scripted outcome"):
        ScriptedChance([]).resolve(Pick(2, label="starting player"))


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**40), size=st.integers(1, 80))
def test_seeded_shuffle_is_a_reproducible_permutation(seed, size):
    items = tuple(i % 7 for i in range(size))
    first = SeededChance(seed).resolve(Shuffle(items))
    assert sorted(first) == sorted(items)
    assert SeededChance(seed).resolve(Shuffle(items)) == first


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**62 + 7])
def test_seeded_outcomes_are_the_streams_of_random_random(seed):
    """A shuffle sorts the items by one random() key each, a pick is randrange(n), all from
    random.Random(seed), in order: the same deals and starters as ever for a seed (records
    and simulations replay them), however the engine computes them."""
    reference = random.Random(seed)
    chance = SeededChance(seed)
    for size in (0, 1, 2, 5, 70, 71):
        items = tuple(sorted(i % 14 for i in range(size)))
        keys = [reference.random() for _ in items]
        expected = tuple(items[i] for i in sorted(range(size), key=lambda i: keys[i]))
        assert chance.resolve(Shuffle(items)) == expected
        for n in (1, 2, 3, 4, 6, 7, 9):
            assert chance.resolve(Pick(n)) == reference.randrange(n)
    with pytest.raises(ValueError):
        chance.resolve(Pick(0))


def test_seeded_shuffle_is_roughly_uniform():
    """Each of 4 items lands in first place about a quarter of the time."""
    counts = [0] * 4
    chance = SeededChance(1)
    for _ in range(4000):
        counts[chance.resolve(Shuffle((0, 1, 2, 3)))[0]] += 1
    assert all(850 < count < 1150 for count in counts), counts


def test_derived_seeds_are_stable_and_distinct():
    assert derive_seed(1, 2) == derive_seed(1, 2)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000


# ------------------------------------------------------------------ records
def _finished_match(seed: int = 5) -> Match:
    match = Match(GAME, 3, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def test_record_round_trip_and_replay(tmp_path):
    match = _finished_match()
    path = tmp_path / "game.json"
    match.record().save(path)
    again = replay(Record.load(path))
    assert again.state.to_json() == match.state.to_json()
    assert again.state.winners() == match.state.winners()


def test_a_scripted_match_records_its_chance_and_replays():
    state = GAME.new_state(2, {})
    order = state.chance_spec().items
    match = Match(GAME, 2, chance=ScriptedChance([order, 0]), seed=9)
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    record = match.record()
    assert record.chance is not None and record.chance[1] == 0
    replayed = replay(Record.from_json(json.loads(record.dumps())))
    assert replayed.state.to_json() == match.state.to_json()


@pytest.mark.parametrize(("change", "fragment"), [
    (lambda d: d.update(format="something"), "not a game record"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.pop("seed"), "'seed'"),
    (lambda d: d.update(players="four"), "'players'"),
    (lambda d: d.update(game="chess"), "Unknown game"),
    (lambda d: d.update(players=9), "2 to 6 players"),
    (lambda d: d["actions"].__setitem__(0, "banana"), "Move 1"),
    (lambda d: d["actions"].__setitem__(2, "trap up"), "Move 3"),
    (lambda d: d["result"].update(winners=[7]), "winners"),
    (lambda d: d["actions"].pop(), "do not finish"),
    (lambda d: d["options"].update(trap="x"), "trap"),
])
def test_corrupt_records_are_refused_with_the_reason(change, fragment):
    data = _finished_match(seed=8).record().to_json()
    change(data)
    with pytest.raises(RecordError) as error:
        replay(Record.from_json(data))
    assert fragment in str(error.value)
    assert error.value.message("fr") != str(error.value)


def test_unreadable_and_non_json_record_files(tmp_path):
    with pytest.raises(RecordError, match="Cannot read"):
        Record.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(bad)
    listing = tmp_path / "list.json"
    listing.write_text("[1, 2]")
    with pytest.raises(RecordError, match="JSON object"):
        Record.load(listing)


# ----------------------------------------------------------------- registry
def test_games_are_found_by_name_and_alias():
    assert get_game("diciassette") is get_game("17") is get_game(" Diciassette ")
    with pytest.raises(UnknownGameError) as error:
        get_game("chess")
    assert "diciassette" in str(error.value)


def test_a_move_out_of_turn_names_no_hidden_card():
    match = Match(GAME, 3, seed=4)
    actor = match.current_player()
    other = (actor + 1) % 3
    before = match.state.to_json()
    with pytest.raises(Exception) as error:
        match.apply(match.legal_actions()[0], seat=other)
    assert "not the turn" in str(error.value)
    for code in match.view(actor)["hands"][actor]["cards"]:
        assert code not in str(error.value) and code not in error.value.message("fr")
    assert match.state.to_json() == before


def test_settle_is_the_one_chance_loop():
    """settle resolves every chance point in a row, in order, logging the outcomes; it does
    nothing at a decision point, stops after `at_most` outcomes, and gives the match's deal."""
    from ludotheque.core.chance import SeededChance, settle

    game = get_game("diciassette")
    state = game.new_state(4)
    log: list = []
    events: list = []
    applied = settle(state, SeededChance(5), events, log)
    assert applied == len(log) >= 1 and not state.is_chance() and events
    assert settle(state, SeededChance(5)) == 0
    assert state.to_json() == Match(game, 4, seed=5).state.to_json()
    step = game.new_state(4)
    assert settle(step, SeededChance(5), at_most=1) == 1
    assert step.to_json() != state.to_json() or len(log) == 1


@pytest.mark.parametrize(("players", "english", "french"), [
    (True, "not the truth value True.", "pas le booléen True."),
    (None, "not None (no value).", "pas None (aucune valeur)."),
    ([3], "not a list ([3]).", "pas une liste ([3])."),
    ((3,), "not a tuple ((3,)).", "pas un n-uplet ((3,))."),
    ({"players": 3}, "not a dictionary ({'players': 3}).", "pas un dictionnaire ({'players': 3})."),
    (b"3", "not bytes (b'3').", "pas des octets (b'3')."),
    (object(), "not a value of type object.", "pas une valeur de type object."),
    (list(range(100)), "not a list ([0, 1, 2, 3,", "…)."),
    ("3", "not the text '3'.", "pas le texte « 3 »."),
    (3.0, "not 3.0.", "pas 3.0."),
])
def test_a_player_count_of_an_odd_type_is_said_in_words_in_each_language(players, english, french):
    """True was "2 to 6 players, not True" (a bool is an int to Python), None, a list or
    a dict their Python repr."""
    for lang, said in (("en", english), ("fr", french)):
        with pytest.raises(PlayerCountError) as error:
            get_game("dtc").validate(players, {})
        text = error.value.message(lang).replace("\u00a0", " ")
        assert text.startswith(("DTC (Donne Tes Cartes) is played by 2 to 6 players: give a whole "
                                "number, ", "DTC (Donne Tes Cartes) se joue de 2 à 6 joueurs : "
                                "donnez un nombre entier, ")) and said in text, text
        assert len(text) < 200


def test_a_numpy_integer_is_a_player_count():
    import numpy as np
    state = get_game("dtc").new_state(np.int64(3))
    assert type(state.num_players) is int and state.num_players == 3
