"""The OpenSpiel adapters (ludotheque.interop.openspiel): every game loads in pyspiel,
passes OpenSpiel's random simulation test, is played to the end by OpenSpiel's MCTS
and ISMCTS bots, leaks nothing through its observations and information states, and
resamples from an information state; bad parameters give our errors."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

from ludotheque.bots import make_bot
from ludotheque.bots.ismcts import Budget
from ludotheque.core import (
    LudoError,
    OptionError,
    PlayerCountError,
    UnknownGameError,
    all_games,
    get_game,
)
from ludotheque.core.chance import Pick, Roll, SeededChance, Shuffle, derive_seed
from ludotheque.core.errors import ChanceError, IllegalActionError
from ludotheque.interop import openspiel as adapter
from ludotheque.interop import openspiel_bots as spiel_bots
from ludotheque.interop.encoding import encode
from ludotheque.interop.openspiel.chance import _chance_outcomes, _complete
from ludotheque.sim.arena import arena

GAMES = all_games()
CASES = [pytest.param(game, players, id=f"{game.name}-{players}p")
         for game in GAMES for players in (2, 4) if game.min_players <= players <= game.max_players]


def _play_randomly(state: pyspiel.State, rng: np.random.RandomState, stop_after: int | None = None):
    """Random moves (chance by its probabilities) until the end, or until `stop_after`
    decisions; yields every decision state on the way."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            assert abs(sum(probabilities) - 1.0) < 1e-9
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        if stop_after is not None and decisions >= stop_after:
            return
        yield state
        state.apply_action(int(rng.choice(state.legal_actions())))
        decisions += 1


# ---------------------------------------------------------------- loading, simulation
@pytest.mark.parametrize(("game", "players"), CASES)
def test_loads_and_passes_openspiel_random_simulation_test(game, players):
    spiel_game = pyspiel.load_game(f"ludotheque_{game.name}(players={players})")
    assert spiel_game.num_players() == players
    assert spiel_game.num_distinct_actions() == game.num_actions
    assert spiel_game.get_type().short_name in pyspiel.registered_names()
    assert spiel_game.observation_tensor_shape() == [
        len(encode(game, game.new_state(players).view(0), players, game.validate(players, {})))]
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_simulation_with_serialisation_and_rule_changing_options(game):
    """OpenSpiel's serialisation round trip, and option sets other than the defaults."""
    for index, options in enumerate(game.conformance_option_sets()[:3]):
        players = next(n for n in (3, 2, 4, 5, 6) if _valid(game, n, options))
        spiel_game = adapter.load_game(game.name, players, **options)
        pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=index == 0, verbose=False)


def _valid(game, players, options) -> bool:
    try:
        game.validate(players, options)
    except LudoError:
        return False
    return True


def test_parameters_round_trip_through_openspiel_game_strings():
    spiel_game = adapter.load_game("17", 3, singles=(2, 3, 3, 3, 4), trap_penalty_cap_one=True)
    assert "singles=2;3;3;3;4" in str(spiel_game)
    again = pyspiel.load_game(str(spiel_game))
    assert str(again) == str(spiel_game)
    assert again.meta.options["singles"] == (2, 3, 3, 3, 4)
    assert again.meta.options["trap_penalty_cap_one"] is True


# ---------------------------------------------------------------- chance decomposition
def _path_distribution(spec):
    """Every complete outcome the adapter's sequence of small chance nodes can reach,
    with its probability (a product along the path)."""
    reached: Counter = Counter()

    def walk(draws, probability):
        outcome = _complete(spec, list(draws))
        if outcome is not None:
            reached[outcome] += probability
            return
        outcomes = _chance_outcomes(spec, draws)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        for index, p in outcomes:
            walk([*draws, index], probability * p)

    walk([], 1.0)
    return reached


def test_sequential_chance_nodes_give_our_chance_points_their_distribution():
    # A shuffle of a multiset: every distinct order equally likely (3!/2! = 3 orders).
    shuffle = _path_distribution(Shuffle(("b", "a", "a", "c")))
    orders = set(itertools.permutations(("b", "a", "a", "c")))
    assert set(shuffle) == orders
    assert all(abs(p - 1 / len(orders)) < 1e-12 for p in shuffle.values())
    # Two dice, one node each: 36 outcomes of 1/36; a pick: n outcomes of 1/n.
    dice = _path_distribution(Roll(2, 6))
    assert set(dice) == set(itertools.product(range(6), repeat=2))
    assert all(abs(p - 1 / 36) < 1e-12 for p in dice.values())
    assert _path_distribution(Pick(5)) == Counter({i: 0.2 for i in range(5)})
    # Forced outcomes take no node at all.
    assert _complete(Shuffle(("x", "x", "x")), []) == ("x", "x", "x")
    assert _complete(Pick(1), []) == 0
    assert _complete(Roll(0, 6), []) == ()


def test_a_deal_is_many_small_chance_nodes_and_reaches_our_state_whole():
    spiel_game = adapter.load_game("dtc", 2)
    state = spiel_game.new_initial_state()
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) <= spiel_game.max_chance_outcomes()
        assert state.ludo_state.is_chance()  # nothing reaches our state before the deal is whole
        state.apply_action(outcomes[nodes % len(outcomes)][0])
        nodes += 1
    assert nodes > 10 and not state.ludo_state.is_chance()


def test_impossible_moves_are_refused_and_change_nothing():
    spiel_game = adapter.load_game("wazabi", 2)
    state = spiel_game.new_initial_state()
    before = str(state)
    with pytest.raises(ChanceError):
        state.apply_action(spiel_game.max_chance_outcomes() + 5)
    assert str(state) == before
    for decision in _play_randomly(state, np.random.RandomState(1), stop_after=3):
        before = str(decision)
        illegal = next(a for a in range(spiel_game.num_distinct_actions())
                       if a not in decision.legal_actions())
        with pytest.raises(IllegalActionError):
            decision.apply_action(illegal)
        assert str(decision) == before


# ---------------------------------------------------------------- OpenSpiel's algorithms
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_openspiel_ismcts_and_mcts_play_full_games_through_evaluate_bots(game):
    spiel_game = adapter.load_game(game.name, 2)
    generator = np.random.RandomState(5)
    ismcts = spiel_bots.ismcts_bot(spiel_game, simulations=2, seed=7, evaluator="openspiel")
    uct = mcts.MCTSBot(spiel_game, 2.0, 2, mcts.RandomRolloutEvaluator(1, generator),
                       random_state=generator)
    state = spiel_game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, [ismcts, uct], generator)
    assert state.is_terminal()
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])
    assert returns == state.ludo_state.returns()


def test_openspiel_ismcts_searches_from_resampled_states_and_is_reproducible():
    spiel_game = adapter.load_game("diciassette", 2)
    state = next(_play_randomly(spiel_game.new_initial_state(), np.random.RandomState(2), 5))
    choices = [spiel_bots.ismcts_bot(spiel_game, 30, seed=11).step(state) for _ in range(2)]
    assert choices[0] == choices[1] and choices[0] in state.legal_actions()


# ---------------------------------------------------------------- no leak, resampling
@pytest.mark.parametrize(("game", "players"), CASES)
def test_observations_and_information_states_leak_nothing(game, players):
    """For seat p, a twin state with everything p cannot know resampled (our Game.sample)
    gives p the same observation string and tensor and information-state string; moves
    that leave another seat with the same view give it the same information state."""
    spiel_game = adapter.load_game(game.name, players)
    generator = np.random.RandomState(derive_seed(9, game.name, players) % 2**32)
    compared = grouped = differs = 0
    for index, state in enumerate(_play_randomly(spiel_game.new_initial_state(), generator)):
        if index % 3:
            continue
        for seat in range(players):
            twin = state.resample_from_infostate(
                seat, random.Random(derive_seed(9, index, seat)).random)
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            differs += str(twin) != str(state)
            compared += 1
        actor = state.current_player()
        for seat in range(players):
            if seat == actor:
                continue
            by_view: dict[str, set[str]] = {}
            for action in state.legal_actions():
                after = state.child(action)
                by_view.setdefault(after.observation_string(seat), set()).add(
                    after.information_state_string(seat))
            for strings in by_view.values():
                assert len(strings) == 1, f"seat {seat} tells apart moves its view cannot"
                grouped += 1
    assert compared and grouped and differs  # the twins did differ in what was hidden


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_resample_from_infostate_keeps_the_information_state_and_varies_the_rest(game):
    spiel_game = adapter.load_game(game.name, 3)
    generator = np.random.RandomState(4)
    sampler = random.Random(8).random
    checked = varied = 0
    for index, state in enumerate(_play_randomly(spiel_game.new_initial_state(), generator, 40)):
        if index % 4:
            continue
        seat = state.current_player()
        samples = [state.resample_from_infostate(seat, sampler) for _ in range(3)]
        for sample in samples:
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.legal_actions() == state.legal_actions()
            other = (seat + 1) % 3
            assert json.loads(sample.information_state_string(other))["moves"][0] == "?"
        varied += len({str(sample) for sample in samples}) > 1
        checked += 1
    assert checked and varied


def test_resampling_in_the_middle_of_a_deal_draws_the_hidden_part_again():
    """Half-way through a deal (cards drawn in the adapter, not yet in our state), a seat's
    resample keeps its information state and draws the cards again: nobody saw them."""
    spiel_game = adapter.load_game("dtc", 2)
    state = spiel_game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.chance_outcomes()[0][0])  # the lowest cards first
    assert state.is_chance_node()
    sampler = random.Random(2).random
    samples = [state.resample_from_infostate(1, sampler) for _ in range(4)]
    for sample in samples:
        assert sample.is_chance_node()
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert len(sample.chance_outcomes()) <= spiel_game.max_chance_outcomes()
    assert len({str(sample) for sample in samples}) > 1
    sample = samples[0]
    while sample.is_chance_node():
        sample.apply_action(sample.chance_outcomes()[-1][0])
    assert sample.legal_actions() and not sample.ludo_state.is_chance()


# ---------------------------------------------------------------- bad input
def test_bad_parameters_give_our_clear_errors():
    with pytest.raises(PlayerCountError):
        pyspiel.load_game("ludotheque_wazabi(players=9)")
    with pytest.raises(OptionError):
        pyspiel.load_game("ludotheque_wazabi(dice_per_player=99)")
    with pytest.raises(OptionError):
        pyspiel.load_game("ludotheque_diciassette(singles=1;2)")
    with pytest.raises(OptionError) as unknown:
        adapter.load_game("wazabi", 2, colour="red")
    assert "colour" in unknown.value.message("fr")
    assert "dice_per_player" in unknown.value.message("en")
    with pytest.raises(UnknownGameError):
        adapter.load_game("chess", 2)
    with pytest.raises(pyspiel.SpielError):  # OpenSpiel checks parameter names itself
        pyspiel.load_game("ludotheque_wazabi(colour=red)")
    state = adapter.load_game("dtc", 2).new_initial_state()
    with pytest.raises(LudoError):
        state.resample_from_infostate(2, random.random)
    with pytest.raises(LudoError):
        spiel_bots.ismcts_bot(state.get_game(), simulations=0, seed=1)
    with pytest.raises(OptionError):
        spiel_bots.OpenSpielISMCTS(get_game("dtc"), 10, evaluator="oracle")
    every_hand = pyspiel.IIGObservationType(perfect_recall=False,
                                            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(LudoError):
        state.get_game().make_py_observer(every_hand)


@pytest.mark.parametrize("value", ["1;2", "2;;3;3;4", "2;3;3;3;99"])
def test_a_list_option_refused_in_a_game_string_asks_for_semicolons(value):
    """A list refused in an OpenSpiel game string once got our usual message, which asks
    for commas: written so, pyspiel cuts the list at the commas and refuses it. The
    message now repeats the value as written and asks for ';', in both languages."""
    with pytest.raises(OptionError) as refused:
        pyspiel.load_game(f"ludotheque_diciassette(singles={value})")
    english = refused.value.message("en")
    french = refused.value.message("fr").replace("\xa0", " ")  # French spacing
    assert f"'{value}'" in english and f"« {value} »" in french
    assert "separated by ';'" in english and "séparés par « ; »" in french
    default = next(o.default for o in get_game("diciassette").option_specs if o.name == "singles")
    assert "comma-separated" not in english and f"singles={';'.join(map(str, default))}" in english
    assert pyspiel.load_game("ludotheque_diciassette(singles=2;3;3;3;4)")  # as asked: loads


def test_the_public_observation_is_the_spectators_view():
    spiel_game = adapter.load_game("diciassette", 3)
    public = spiel_game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    state = next(_play_randomly(spiel_game.new_initial_state(), np.random.RandomState(3), 9))
    strings = {public.string_from(state, seat) for seat in range(3)}
    assert strings == {json.dumps(state.ludo_state.view(None), sort_keys=True,
                                  separators=(",", ":"))}
    assert all(state.observation_string(seat) not in strings for seat in range(3))


# ---------------------------------------------------------------- our bot around it
def test_openspiel_ismcts_is_one_of_our_bots_with_the_search_budget():
    game = get_game("decimoarr")
    bot = make_bot("openspiel_ismcts", game, Budget(iterations=12))
    assert bot.simulations == 12
    state = game.new_state(2)
    while state.is_chance():
        state.apply_chance(SeededChance(3).resolve(state.chance_spec()))
    view, legal = state.view(state.current_player()), state.legal_actions()
    first = bot.choose(view, legal, random.Random(1))
    assert first in legal and bot.choose(view, legal, random.Random(1)) == first


@pytest.mark.parametrize(("game_name", "opponent"), [("wazabi", "medium"), ("decimoarr", "ismcts")])
def test_openspiel_ismcts_plays_our_arena(game_name, opponent):
    summary = arena(get_game(game_name), 2, 2, 1, [opponent, "openspiel_ismcts"],
                    budget=Budget(iterations=10))
    rows = {row["name"]: row for row in summary["bots"]}
    assert set(rows) == {opponent, "openspiel_ismcts"}
    assert rows[opponent]["wins"] + rows["openspiel_ismcts"]["wins"] == pytest.approx(2.0)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_the_public_tensor_is_refused_clearly_not_empty(game):
    """The public observation is a string only: asking for its tensor raises our error, in
    both languages, instead of returning []. (The information-state tensor exists:
    tests/interop/test_openspiel_infostate.py.)"""
    spiel_game = adapter.load_game(game.name, 2)
    state = next(_play_randomly(spiel_game.new_initial_state(), np.random.RandomState(1), 3))
    public = spiel_game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 0)
    with pytest.raises(LudoError, match="no public tensor") as error:
        public.set_from(state, 0)
    assert "pas de tenseur public" in error.value.message("fr")
    assert len(state.observation_tensor(0)) == spiel_game.observation_tensor_size() > 0
    assert len(state.information_state_tensor(0)) == spiel_game.information_state_tensor_size()


def test_the_environment_refuses_an_array_of_actions_as_an_illegal_action():
    # found by tests/interop/test_fuzz_adapters.py: with the legality check, an array of
    # several values raised numpy's "truth value of an array is ambiguous"
    from open_spiel.python import rl_environment

    env = adapter.environment("dtc", players=3, enable_legality_check=True)
    env.reset()
    before = list(env.get_state.history())
    with pytest.raises(rl_environment.IllegalActionError,
                       match=r"An action is a whole number \(an action id\), not a value of type "
                             r"ndarray\. Legal actions now: \d+ \(add "):
        env.step([np.array([1, 2])])
    assert list(env.get_state.history()) == before


@pytest.mark.parametrize(("call", "english", "french"), [
    (lambda: adapter.load_game("dtc", players=9), "DTC (Donne Tes Cartes) is played by 2 to 6 "
     "players, not 9.", "DTC (Donne Tes Cartes) se joue de 2 à 6 joueurs, pas 9."),
    (lambda: adapter.load_game("dtc", nope=1), "Unknown option 'nope'. Options of this game: "
     "copies, hand_size,", "Option inconnue « nope ». Options de ce jeu : copies, hand_size,"),
    (lambda: adapter.load_game("dtc", hand_size="x"), "Allowed: an integer from 1 to 6.",
     "Valeurs permises : un entier de 1 à 6."),
    (lambda: adapter.load_game(None), "A game is named by a text, not None (no value). "
     "Available games: decimoarr,",
     "Un jeu se désigne par son nom (un texte), pas par None (aucune valeur)."),
    (lambda: adapter.environment("dtc", players=3, nope=1), "Unknown keyword 'nope'. The "
     "environment takes: chance_event_sampler, copies, discount,", "Mot-clé inconnu « nope »."),
    (lambda: adapter.environment(adapter.load_game("dtc"), hand_size=4), "'hand_size' is set "
     "when the game is loaded: give it to load_game, or give the game's name here.",
     "« hand_size » se fixe au chargement du jeu : donnez-le à load_game"),
], ids=["players", "unknown option", "option type", "name type", "environment keyword",
        "a loaded game's parameter"])
def test_a_bad_game_parameter_is_a_ludotheque_error_in_each_language_saying_what_is_allowed(
        call, english, french):
    """As every error of the Python API (`str` English, `message(lang)` in each language):
    a name that is no text was an AttributeError ('NoneType' object has no attribute
    'strip'); a keyword the environment does not take was dropped unsaid (rl_environment
    reads its other keywords as a game's parameters, and ignores them for a loaded game)."""
    with pytest.raises(LudoError) as error:
        call()
    assert english in str(error.value) and english in error.value.message("en")
    assert french in error.value.message("fr").replace("\u00a0", " "), error.value.message("fr")
