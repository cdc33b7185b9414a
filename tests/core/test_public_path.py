"""The public path is the fast path (issue 15): a match hands out views built on first
read, that still describe the moment they were asked for; events are immutable tuples
read through copies; outcomes the seeded generator drew are not checked again, every
other outcome is; validated options are remembered; new states share nothing."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from ludotheque.core.chance import Drawn, Pick, Roll, ScriptedChance, SeededChance, Shuffle
from ludotheque.core.errors import (
    ChanceError,
    IllegalActionError,
    NoSuchSeatError,
    NotationError,
    OptionError,
    PlayerCountError,
)
from ludotheque.core.events import Event
from ludotheque.core.match import Match
from ludotheque.core.registry import all_games, get_game
from ludotheque.core.replay import replay

GAMES = [game.name for game in all_games()]


def _twin_views(name: str, seed: int, steps: int) -> tuple[list, list]:
    """Views a match handed out at each of `steps` decisions (held, read only at the end),
    and the ones a twin match built at once."""
    game = get_game(name)
    lazy, eager = Match(game, 4, seed=seed), Match(game, 4, seed=seed)
    held, built = [], []
    for _ in range(steps):
        if lazy.is_over():
            break
        held.append(lazy.view(lazy.current_player()))
        held.append(lazy.view(None))
        built.append(eager.state.view(eager.current_player()))
        built.append(eager.state.view(None))
        action = lazy.legal_actions()[-1]
        lazy.apply(action)
        eager.apply(action)
    return held, built


@pytest.mark.parametrize("name", GAMES)
def test_a_view_held_and_read_later_shows_the_moment_it_was_asked_for(name):
    held, built = _twin_views(name, seed=11, steps=25)
    assert held == built
    assert [json.dumps(v, sort_keys=True) for v in held] == \
        [json.dumps(v, sort_keys=True) for v in built]


def test_a_view_is_a_plain_dict_to_every_reader():
    match = Match(get_game("wazabi"), 4, seed=2)
    view = match.view(match.current_player())
    expected = match.state.view(match.current_player())
    assert isinstance(view, dict) and len(view) == len(expected) and dict(view) == expected
    assert json.loads(json.dumps(view)) == json.loads(json.dumps(expected))
    for clone in (pickle.loads(pickle.dumps(view)), copy.copy(view), copy.deepcopy(view),
                  view.copy()):
        assert type(clone) is dict and clone == expected
    assert {**view} == expected and sorted(view) == sorted(expected)


def test_two_unread_views_compare_by_their_contents():
    """view == view with neither read yet (the web's no-leak test compares twins so)."""
    match, twin = Match(get_game("dtc"), 3, seed=4), Match(get_game("dtc"), 3, seed=4)
    seat = match.current_player()
    assert match.view(seat) == twin.view(seat)
    assert not match.view(seat) != twin.view(seat)
    other = Match(get_game("dtc"), 3, seed=5)
    assert match.view(seat) != other.view(seat)


def test_a_reader_editing_its_view_changes_nobody_elses():
    match = Match(get_game("diciassette"), 4, seed=4)
    seat = match.current_player()
    mine, yours = match.view(seat), match.view(seat)
    mine["hands"][seat]["cards"].append("X")
    mine["round"] = 99
    assert yours == match.state.view(seat) and mine != yours
    match.apply(match.legal_actions()[0])
    assert mine["round"] == 99  # kept as the reader left it, not rebuilt


def test_a_view_for_no_seat_is_refused_at_once():
    match = Match(get_game("dtc"), 4, seed=1)
    with pytest.raises(NoSuchSeatError):
        match.view(4)


def test_events_are_immutable_and_read_through_copies():
    event = Event("play", {"player": 1, "cards": ["a"]}, {1: {"hand": ["b"]}})
    with pytest.raises(AttributeError):
        event.kind = "other"  # type: ignore[misc]
    seen = event.for_player(1)
    seen["cards"].append("z")
    seen["hand"].clear()
    assert event.for_player(1) == {"kind": "play", "player": 1, "cards": ["a"], "hand": ["b"]}
    assert event.for_player(0) == {"kind": "play", "player": 1, "cards": ["a"]}
    assert Event("start").for_player(None) == {"kind": "start"}


# ------------------------------------------------------------------- chance
def test_seeded_outcomes_are_drawn_tuples_equal_to_plain_ones():
    chance = SeededChance(3)
    deck = Shuffle(tuple(range(10)) * 2)
    dealt = chance.resolve(deck)
    rolled = chance.resolve(Roll(5, 6))
    assert type(dealt) is Drawn and type(rolled) is Drawn
    assert deck.check(dealt) is dealt and Roll(5, 6).check(rolled) is rolled
    assert sorted(dealt) == sorted(deck.items) and dealt == tuple(dealt)
    assert all(0 <= face < 6 for face in rolled) and len(rolled) == 5
    assert type(chance.resolve(Pick(4))) is int


def test_the_seeded_stream_is_unchanged():
    """The same seed deals the same cards as before the draws were made faster (records
    replay from their seed)."""
    chance = SeededChance(20261125)
    assert chance.resolve(Shuffle(tuple(range(8)))) == (1, 4, 3, 5, 2, 6, 7, 0)
    assert chance.resolve(Roll(4, 6)) == (0, 5, 2, 4)
    assert chance.resolve(Pick(10)) == 9


@pytest.mark.parametrize("bad", [(0, 1, 2, 2), [0, 1, 2], (0.0, 1, 2, 3), ("0", 1, 2, 3)])
def test_outcomes_from_anywhere_else_are_still_checked(bad):
    with pytest.raises(ChanceError):
        Shuffle((0, 1, 2, 3)).check(bad)


def test_a_scripted_deal_is_still_checked_by_the_match():
    game = get_game("diciassette")
    with pytest.raises(ChanceError):
        Match(game, 4, seed=1, chance=ScriptedChance([(0,) * 71]))


# -------------------------------------------------------- validation, states
def test_validated_options_are_remembered_and_still_checked():
    game = get_game("wazabi")
    first = game.validate(4, {"dice_per_player": 3})
    assert game.validate(4, {"dice_per_player": 3}) is first
    assert game.validate(4, {"dice_per_player": "3"}) == first
    assert game.validate(4, None) is game.validate(4, {})
    with pytest.raises(TypeError):
        first["dice_per_player"] = 5  # type: ignore[index]
    for _ in range(2):  # a refusal is never remembered as an answer
        with pytest.raises(OptionError):
            game.validate(4, {"dice_per_player": 0})
        with pytest.raises(OptionError):
            game.validate(4, {"no_such_option": 1})


@pytest.mark.parametrize("name", GAMES)
def test_new_states_share_no_mutable_field(name):
    game = get_game(name)
    one, two = game.new_state(4), game.new_state(4)
    for field in type(one).declared_fields:
        value = getattr(one, field.name)
        if isinstance(value, (list, dict, set)):
            assert value is not getattr(two, field.name), field.name


def test_an_action_id_takes_the_short_way_and_is_still_checked():
    game = get_game("diciassette")
    match = Match(game, 4, seed=9)
    before = json.dumps(match.state.to_json())
    illegal = next(a for a in range(game.num_actions) if a not in match.legal_actions())
    with pytest.raises(IllegalActionError):
        match.apply(illegal)
    for wrong in (-1, game.num_actions, True):
        with pytest.raises(NotationError):
            match.apply(wrong)
    assert json.dumps(match.state.to_json()) == before and match.actions == []
    legal = match.legal_actions()[0]
    assert match.apply(legal) == legal and match.actions == [legal]


def test_a_drawn_outcome_out_of_place_is_still_refused():
    game = get_game("diciassette")
    match = Match(game, 4, seed=2)
    before = json.dumps(match.state.to_json())
    drawn = SeededChance(1).resolve(Shuffle(tuple(range(71))))
    with pytest.raises(ChanceError):  # a decision point, not a chance point
        match.state.apply_chance(drawn)
    with pytest.raises(ChanceError):  # a Drawn of the wrong size is checked like any outcome
        Shuffle((0, 1, 2)).check(drawn)
    assert json.dumps(match.state.to_json()) == before


# ------------------------------------------- nothing built for nobody (issue 15)
def _eager_twin(game, players: int, seed: int, chance=None) -> Match:
    """A match that writes its events at each move, as every match did before: a log
    handed in through the events setter is appended to by the state itself."""
    twin = Match(game, players, seed=seed, chance=chance)
    twin.events = list(twin.events)
    return twin


@pytest.mark.parametrize("name", GAMES)
def test_events_are_written_when_read_and_are_the_ones_the_moves_made(name, monkeypatch):
    game = get_game(name)
    given = []
    apply_action = type(game.new_state(4)).apply_action

    def spy(state, action, events=None):
        given.append(events)
        return apply_action(state, action, events)

    match, twin = Match(game, 4, seed=21), _eager_twin(game, 4, seed=21)
    monkeypatch.setattr(game.state_class, "apply_action", spy)
    for step in range(60):
        if match.is_over():
            break
        action = match.legal_actions()[step % len(match.legal_actions())]
        del given[:]
        match.apply(action)
        assert given == [None]  # the match's own state writes no event
        twin.apply(action)
        if step % 7 == 3:  # read now and then: the log catches up from where it stopped
            assert len(match.events) == len(twin.events)
    assert len(match.events) == len(twin.events) > 0
    for seat in [None, *range(4)]:
        assert match.events_for(seat) == twin.events_for(seat)
    assert [e.kind for e in match.events] == [e.kind for e in twin.events]


def test_events_written_late_follow_scripted_chance_and_replays():
    game = get_game("diciassette")

    def scripted():  # outcomes given by a script (a record's), then by a seed
        return ScriptedChance([], fallback=SeededChance(8))

    match, twin = Match(game, 4, seed=8, chance=scripted()), _eager_twin(game, 4, 8, scripted())
    for _ in range(40):
        if match.is_over():
            break
        match.apply(match.legal_actions()[0])
        twin.apply(twin.legal_actions()[0])
    assert match.record().chance and match.record().chance == twin.record().chance
    again = replay(match.record())
    for seat in (None, 0, 2):
        assert match.events_for(seat) == twin.events_for(seat) == again.events_for(seat)


def test_a_match_keeping_no_events_has_none_to_write():
    match = Match(get_game("dtc"), 3, seed=1, keep_events=False)
    match.apply(match.legal_actions()[0])
    assert match.events is None and match.events_for(0) == []


def test_a_view_held_unread_is_not_built_until_read(monkeypatch):
    game = get_game("wazabi")
    match = Match(game, 4, seed=3)
    built = []
    view_of = game.state_class.view

    def counting(state, player):
        built.append(player)
        return view_of(state, player)

    seat = match.current_player()
    expected, spectator = view_of(match._state, seat), view_of(match._state, None)
    monkeypatch.setattr(game.state_class, "view", counting)
    held, other = match.view(seat), match.view(None)
    for _ in range(2):
        match.apply(match.legal_actions()[0])
    assert built == []  # two moves later, nothing built yet
    assert held == expected and built == [seat]  # built on reading, as it was asked for
    assert other == spectator and built == [seat, None]


@pytest.mark.parametrize("seed", [0, 1, 20261125, 2**62 + 3, -5, 2**80])
def test_a_generator_seeded_in_c_is_the_seeded_stream(seed):
    import random

    from ludotheque.core.chance import seeded_random

    made, expected = seeded_random(seed), random.Random(seed)
    assert type(made) is random.Random
    assert [made.random() for _ in range(5)] == [expected.random() for _ in range(5)]
    assert made.randrange(17) == expected.randrange(17) and made.gauss(0, 1) == expected.gauss(0, 1)


def test_a_state_edited_by_hand_writes_its_own_events_from_then_on():
    """Reading `match.state` hands out the means to edit it: the match then writes its
    events at each move from the state itself, so the log tells what the edited state did."""
    game = get_game("diciassette")
    match = Match(game, 4, seed=6)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    before = len(match.events)
    match.state.victory[:] = [2, 2, 2, 2]  # anyone's next Victory ends the game
    while not match.is_over():
        match.apply(match.legal_actions()[0])
    assert len(match.events) > before and match.events[-1].kind == "game_over"
    assert match.events_for(None)[-1] == {"kind": "game_over", "winners": match.state.winners()}


@pytest.mark.parametrize("name", GAMES)
def test_validated_options_given_back_are_a_fixed_point(name):
    """`validate` returns its own answer as it is (a bench or a simulation passes it to
    every new game): that is what validating it afresh gives; another player count is
    checked anew, and unhashable input is still refused clearly."""
    game = get_game(name)
    for options in game.conformance_option_sets():
        for players in range(game.min_players, game.max_players + 1):
            try:
                answer = game.validate(players, options)
            except OptionError:
                continue
            assert game.validate(players, answer) is answer
            assert dict(game._validate(players, answer)) == dict(answer)
    with pytest.raises(PlayerCountError):
        game.validate(game.max_players + 1, game.validate(game.min_players, None))
    with pytest.raises(PlayerCountError):
        game.validate([4], None)  # type: ignore[arg-type]


def _counting_clones(monkeypatch, game) -> list[int]:
    made = []
    clone = game.state_class.clone

    def counting(state):
        made.append(1)
        return clone(state)

    monkeypatch.setattr(game.state_class, "clone", counting)
    return made


def test_a_dropped_view_costs_no_copy_and_a_held_one_keeps_its_moment(monkeypatch):
    """The match tells a view nobody holds from one somebody holds (by its reference
    count): the first is forgotten at the next move, the second gets its copy of the
    state, one copy for all the views held at that moment."""
    game = get_game("wazabi")
    match = Match(game, 4, seed=5)
    made = _counting_clones(monkeypatch, game)
    for _ in range(5):
        match.view(match.current_player())  # dropped at once, as the bench does
        match.apply(match.legal_actions()[0])
    assert made == []
    seat = match.current_player()
    expected = match._state.view(seat)
    held, also = match.view(seat), match.view(None)
    box = {"kept": match.view(seat)}  # held by a container, not a variable
    match.view(None)
    match.apply(match.legal_actions()[0])
    assert len(made) == 1  # one copy for the three held views
    assert held == expected == box["kept"] and also["seat"] is None
    assert match._state.view(seat) != expected or match.current_player() != seat


def test_many_views_between_two_moves_are_not_all_kept():
    """A server may ask for a view at every request between two moves: the match keeps
    only the ones still held and unread, not one per request."""
    match = Match(get_game("dtc"), 4, seed=3)
    seat = match.current_player()
    held = [match.view(seat) for _ in range(3)]
    for _ in range(1000):
        match.view(None)
    read = match.view(seat)
    read["seat"]  # built: it needs nothing from the match any more
    match.view(None)
    assert len(match._pending) <= len(held) + 3
    expected = match._state.view(seat)
    match.apply(match.legal_actions()[0])
    assert held == [expected] * 3 and read == expected


@pytest.mark.parametrize("seed", [0, 7, 20261125])
def test_seeded_rolls_and_shuffles_are_the_reference_stream(seed):
    """Rolls and shuffles drawn the fast way are the ones of the plain formulas: a die is
    int(random() * faces), a shuffle sorts the items by one random() key each."""
    import random

    fast, plain = SeededChance(seed), random.Random(seed)
    for size, faces in [(0, 6), (1, 6), (4, 6), (16, 6), (3, 2), (5, 20)]:
        assert fast.resolve(Roll(size, faces)) == tuple(int(plain.random() * faces)
                                                        for _ in range(size))
    for items in [(), ("a",), (3, 1, 2), tuple(range(36)) * 2, ("x", "y") * 9]:
        keys = [plain.random() for _ in items]
        expected = tuple(items[i] for i in sorted(range(len(items)), key=keys.__getitem__))
        drawn = fast.resolve(Shuffle(items))
        assert drawn == expected and type(drawn) is Drawn


def test_a_view_dropped_unread_may_be_handed_out_again_but_never_a_held_one():
    """The match hands out again the one view dropped unread before a move (nobody can
    tell); a view somebody holds, or one already read, is never handed out again."""
    game = get_game("wazabi")
    match = Match(game, 4, seed=9)
    for _ in range(6):
        seat = match.current_player()
        match.view(seat)  # dropped unread
        match.apply(match.legal_actions()[0])
        spare = match._spare
        held = match.view(match.current_player())
        assert held is spare and spare is not None  # the dropped one, made new again
        del spare
        expected = match._state.view(match.current_player())
        read = match.view(None)
        read["seat"]
        del read
        match.apply(match.legal_actions()[-1])
        assert held == expected
        again = match.view(None)
        assert again is not held and again == match._state.view(None)
        del again
        match.apply(match.legal_actions()[0])
        if match.is_over():
            break
