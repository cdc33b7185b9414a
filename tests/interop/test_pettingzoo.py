"""PettingZoo AEC environments (ludotheque.interop.pettingzoo) for every game."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from ludotheque.core import all_games
from ludotheque.core.errors import (
    IllegalActionError,
    NotationError,
    OptionError,
    PlayerCountError,
    UnknownGameError,
)
from ludotheque.interop.encoding import observation_shape
from ludotheque.interop.pettingzoo import env, raw_env

CASES = [pytest.param(game.name, players, id=f"{game.name}-{players}p")
         for game in all_games() for players in (2, 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(name, players):
    with warnings.catch_warnings():
        # PettingZoo's generic advice for Dict observations (as for its own chess env).
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(name, players=players, render_mode="ansi"), num_cycles=1000)
    seed_test(lambda: env(name, players=players), num_cycles=300)


def _play_out(e, seed: int):
    """A whole game with random legal moves; returns (agents' rewards as last() read them
    when they were removed, the rewards seen while the game went on)."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    final, during = {}, []
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        during.append(reward)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal, f"{agent} is to act with no legal move"
        e.step(rng.choice(legal))
    return final, during


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_rewards_come_only_at_the_end_and_are_the_returns(name):
    e = env(name, players=3)
    for seed in range(3):
        final, during = _play_out(e, seed)
        state = e.unwrapped.table.state
        assert state.is_terminal()
        assert set(during) == {0.0}, "a reward before the end"
        assert final == {f"player_{seat}": share for seat, share in enumerate(state.returns())}
        winners = state.winners()
        assert sum(final.values()) == pytest.approx(1.0 if winners else 0.0)
        assert e.agents == []


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    def trace(seed):
        e = env("wazabi", players=3)
        e.reset(seed=seed)
        rng = random.Random(0)
        seen = []
        for agent in e.agent_iter(60):
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            seen.append((agent, observation["observation"].tobytes()))
            e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        return seen

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_an_illegal_action_raises_and_changes_nothing_when_asked():
    e = env("dtc", players=3, illegal="raise")
    e.reset(seed=2)
    raw = e.unwrapped
    agent = e.agent_selection
    before = raw.table.state.to_json()
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError) as error:
        e.step(illegal)
    assert "Legal moves" in str(error.value) and "Coups permis" in error.value.message("fr")
    with pytest.raises(NotationError):
        e.step(raw.game.num_actions)  # outside the action space
    with pytest.raises(NotationError):
        e.step("fly away")
    assert raw.table.state.to_json() == before
    assert e.agent_selection == agent
    legal = int(np.flatnonzero(mask)[0])
    e.step(np.int64(legal))  # numpy integers are accepted
    assert raw.table.state.to_json() != before


def test_text_forms_are_accepted_as_actions():
    one, other = env("dtc", players=2), env("dtc", players=2)
    one.reset(seed=9)
    other.reset(seed=9)
    legal = np.flatnonzero(one.observe(one.agent_selection)["action_mask"]).tolist()
    game = one.unwrapped.game
    one.step(legal[0])
    other.step(game.action_to_text(legal[0]))
    assert one.unwrapped.table.state.to_json() == other.unwrapped.table.state.to_json()


def test_bad_construction_is_refused_with_a_clear_error():
    with pytest.raises(UnknownGameError, match="diciassette"):
        env("chess")
    with pytest.raises(PlayerCountError):
        env("decimoarr", players=6)
    with pytest.raises(OptionError, match="Unknown option"):
        env("dtc", players=2, no_such_option=True)
    with pytest.raises(OptionError, match="render_mode"):
        env("dtc", render_mode="rgb_array")
    with pytest.raises(OptionError, match="illegal.*lose, raise"):
        env("dtc", illegal="ignore")
    with pytest.raises(OptionError, match="rewards.*share, zero_sum"):
        env("dtc", rewards="win")
    with pytest.raises(OptionError, match="lang"):
        env("dtc", lang="de")


def test_game_options_are_keywords_and_shape_the_observation():
    e = env("decimoarr", players=2, colours=3, values=6)
    e.reset(seed=1)
    raw = e.unwrapped
    assert raw.table.options["colours"] == 3
    expected = observation_shape(raw.game, 2, raw.table.options)
    assert raw.observation_space("player_0")["observation"].shape == expected
    assert e.observe("player_0")["observation"].shape == expected
    assert expected != observation_shape(raw.game, 2, raw.game.validate(2, {}))


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_render_shows_the_spectators_table_only(name):
    """The ansi text is drawn from the spectator's view: a state with every hidden part
    resampled renders the same; French works too."""
    e = raw_env(name, players=3, render_mode="ansi")
    e.reset(seed=3)
    for _ in range(5):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    text = e.render()
    assert isinstance(text, str) and "player_0" in text
    real = e.table.state
    e.table.state = real.game.sample(real.view(None), random.Random(1))
    assert e.render() == text
    e.table.state = real
    assert raw_env(name, players=3).render() is None  # no render_mode: nothing
    english, french = (raw_env(name, players=3, render_mode="ansi", lang=lang)
                       for lang in ("en", "fr"))
    english.reset(seed=3)
    french.reset(seed=3)
    assert french.render() != english.render()


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_render_test_passes_in_both_modes(name, capsys):
    render_test(lambda render_mode=None: env(name, players=2, render_mode=render_mode))
    assert capsys.readouterr().out  # "human" printed the table


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_human_mode_prints_the_table_at_every_reset_and_step_by_itself(name, capsys):
    """As PettingZoo's own games do in "human" mode (the loop of its documentation calls no
    render()): once the table was printed only by render()."""
    e = env(name, players=2, render_mode="human")
    e.reset(seed=1)
    table = e.unwrapped.table
    assert table.render() == capsys.readouterr().out
    observation = e.last()[0]
    e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.render() == capsys.readouterr().out
    observation = e.last()[0]
    e.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))  # illegal: the game ends
    assert all(e.terminations.values())
    assert table.render() == capsys.readouterr().out


def test_an_illegal_move_by_default_loses_and_ends_the_game():
    """PettingZoo's classic convention: -1 for the offender, 0 for the others, the end."""
    e = env("dtc", players=3)
    e.reset(seed=2)
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    rewards = {}
    for other in e.agent_iter():
        _, reward, terminated, _, info = e.last()
        assert terminated
        rewards[other] = reward
        if other == agent:
            assert info["illegal_action"] == illegal and "Legal moves" in info["error"]
        e.step(None)
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in e.possible_agents}


@pytest.mark.parametrize("players", [2, 3])
def test_zero_sum_rewards_sum_to_zero(players):
    for seed in range(3):
        rewards, _ = _play_out(env("dtc", players=players, rewards="zero_sum"), seed)
        assert sum(rewards.values()) == pytest.approx(0.0)
        assert max(rewards.values()) > 0 > min(rewards.values())
        if players == 2:
            assert sorted(rewards.values()) == [-1.0, 1.0]


@pytest.mark.parametrize(("lang", "seed", "end"), [
    ("en", 0, "player_0 wins."), ("fr", 0, "player_0 gagne la partie."),
    ("en", 50, "player_0 and player_2 share the win."),
    ("fr", 50, "player_0 et player_2 se partagent la victoire.")],
    ids=["en-one", "fr-one", "en-tie", "fr-tie"])
def test_render_names_one_winner_or_a_tie_in_a_sentence(lang, seed, end):
    """The last line of a finished game read "Winner(s): player_0." (« Victoire : player_0. »,
    a headline naming what might not be a person): a sentence now, singular for one
    winner and plural for a tie."""
    from ludotheque.interop.table import Table

    table = Table("dtc", 3, None, lang)
    table.new_game(seed)
    rng = random.Random(seed)
    while not table.state.is_terminal():
        table.play(rng.choice(table.state.legal_actions()))
    assert table.render().splitlines()[-1] == end
