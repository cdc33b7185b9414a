"""Gymnasium single-agent environments (ludotheque.interop.gymnasium) for every game."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludotheque.interop.gymnasium  # noqa: F401  (registers the environments)
from ludotheque.core import all_games, get_game
from ludotheque.core.errors import BotError, IllegalActionError, NotationError, OptionError
from ludotheque.interop.encoding import encode
from ludotheque.interop.gymnasium import LudothequeEnv

NAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", NAMES)
def test_check_env_passes(name, players):
    env = gymnasium.make(f"ludotheque/{name}-v0", players=players, opponents="medium",
                         render_mode="ansi")
    check_env(env.unwrapped)
    env.close()


def _episode(env, seed, policy=None):
    """One episode with random legal moves (or `policy`); returns the rewards, the last info
    and how many steps the agent made."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, steps, done = [], 0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        action = int(rng.choice(legal)) if policy is None else policy(observation, info)
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        rewards.append(reward)
        steps += 1
        done = terminated
    return rewards, info, steps


@pytest.mark.parametrize("name", NAMES)
def test_the_agent_plays_its_seat_and_gets_its_return_at_the_end(name):
    env = LudothequeEnv(name, players=3, opponents="easy,medium", seat=1)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        state = env.table.state
        assert state.current_player() == 1 and info["seat"] == 1
        assert np.array_equal(observation, encode(env.game, state.view(1), 3, env.table.options))
        assert np.flatnonzero(info["action_mask"]).tolist() == state.legal_actions()
        rewards, info, _ = _episode(env, seed)
        assert env.table.state.is_terminal()
        assert set(rewards[:-1]) <= {0.0}
        assert rewards[-1] == env.table.state.returns()[1]
        assert info["action_mask"].sum() == 0
        with pytest.raises(IllegalActionError, match="over"):
            env.step(0)
    assert sorted(env._bots) == [0, 2]  # one bot per other seat


def test_opponents_matter():
    """A random agent at 17 (2 players) wins about half its games against the random bot and
    almost none against the medium one."""
    def wins(opponents):
        env = LudothequeEnv("diciassette", players=2, opponents=opponents, seat="random")
        return sum(_episode(env, seed)[0][-1] for seed in range(60))

    assert wins("random") > 15
    assert wins("medium") < 8


def test_the_same_seed_gives_the_same_episode():
    env = LudothequeEnv("wazabi", players=3, opponents="random", seat="random")
    first = _episode(env, 11)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert _episode(env, 11)[0] == first[0]
    assert seats == {0, 1, 2}  # seat="random" moves the agent around


def test_an_illegal_action_ends_the_episode_by_default():
    env = LudothequeEnv("dtc", players=2, lang="fr")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal and "Coups permis" in info["error"]
    assert info["action_mask"].sum() == 0
    assert observation.shape == env.observation_space.shape
    with pytest.raises(IllegalActionError):
        env.step(0)  # the episode is over


def test_an_illegal_action_can_raise_instead():
    env = LudothequeEnv("dtc", players=2, illegal="raise")
    _, info = env.reset(seed=1)
    before = env.table.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="Legal moves"):
        env.step(illegal)
    with pytest.raises(NotationError):
        env.step(99)
    assert env.table.state.to_json() == before
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.table.state.to_json() != before


def test_bad_settings_are_refused_with_a_clear_error():
    with pytest.raises(OptionError, match="seat"):
        LudothequeEnv("dtc", players=3, seat=3)
    with pytest.raises(BotError):
        LudothequeEnv("dtc", players=3, opponents="random,random,random")
    with pytest.raises(BotError):
        LudothequeEnv("dtc", players=3, opponents="grandmaster")
    with pytest.raises(OptionError, match="illegal"):
        LudothequeEnv("dtc", illegal="ignore")
    with pytest.raises(OptionError, match="Unknown option"):
        gymnasium.make("ludotheque/dtc-v0", options={"no_such_option": 1})


def test_every_game_is_registered_and_options_are_passed():
    for name in NAMES:
        assert f"ludotheque/{name}-v0" in gymnasium.registry
    env = gymnasium.make("ludotheque/dtc-v0", players=3, opponents=["medium", "random"],
                         options={"variant_higher": True})
    assert env.unwrapped.table.options["variant_higher"] is True
    assert env.unwrapped.opponents == ["medium", "random"]
    assert env.observation_space.shape == env.reset(seed=0)[0].shape


def test_game_options_are_also_keywords_as_in_the_pettingzoo_env():
    """`gymnasium.make(id, variant_higher=True)`, what a PettingZoo user writes, once failed
    with a TypeError from the environment creator."""
    env = gymnasium.make("ludotheque/decimoarr-v0", players=3, colours=3, values=6,
                         options={"show_memory": True})
    assert dict(env.unwrapped.table.options) == dict(
        get_game("decimoarr").validate(3, {"colours": 3, "values": 6, "show_memory": True}))
    assert env.reset(seed=0)[0].shape == env.observation_space.shape
    with pytest.raises(OptionError, match="Unknown option 'no_such_option'"):
        gymnasium.make("ludotheque/dtc-v0", no_such_option=1)


def test_policies_are_opponents_for_self_play():
    """A callable opponent gets its own seat's observation and mask; a frozen copy of the
    learner (here: a fixed random-legal policy) plays the other seat."""
    seen = []

    def frozen(observation, mask):
        seen.append((observation.shape, int(mask.sum())))
        return int(np.flatnonzero(mask)[-1])

    env = LudothequeEnv("dtc", players=3, opponents=[frozen, "random"], seat=0)
    _, _, steps = _episode(env, seed=4)
    assert steps and seen and all(count > 0 for _, count in seen)
    assert seen[0][0] == env.observation_space.shape
    solo = LudothequeEnv("17", players=2, opponents=frozen)
    assert _episode(solo, seed=1)[2] > 0
    with pytest.raises(BotError):
        LudothequeEnv("dtc", players=4, opponents=[frozen, "random"])  # 3 other seats
    cheat = LudothequeEnv("dtc", players=2, opponents=lambda o, m: int(np.flatnonzero(m == 0)[0]))
    with pytest.raises(IllegalActionError):  # a policy's illegal move is not the agent's
        for seed in range(5):
            _episode(cheat, seed)


@pytest.mark.parametrize("players", [2, 3])
def test_zero_sum_rewards(players):
    env = LudothequeEnv("dtc", players=players, rewards="zero_sum")
    finals = {_episode(env, seed)[0][-1] for seed in range(12)}
    assert any(r > 0 for r in finals) and any(r < 0 for r in finals)
    if players == 2:
        assert finals <= {-1.0, 0.0, 1.0}  # 0: a win shared by both
    with pytest.raises(OptionError, match="rewards"):
        LudothequeEnv("dtc", rewards="win")


def test_human_render_prints_and_returns_none(capsys):
    env = LudothequeEnv("wazabi", players=2, render_mode="human")
    env.reset(seed=0)
    capsys.readouterr()
    assert env.render() is None
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("name", NAMES)
def test_human_mode_prints_the_table_at_every_reset_and_step_by_itself(name, capsys):
    """Gymnasium's "human" mode renders during reset() and step(), with no render() call
    (it once printed only when render() was called, so a copied loop showed nothing)."""
    env = gymnasium.make(f"ludotheque/{name}-v0", players=2, render_mode="human")
    _, info = env.reset(seed=1)
    assert env.unwrapped.table.render() == capsys.readouterr().out
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.unwrapped.table.render() == capsys.readouterr().out
    env.step(env.action_space.n)  # not an action: the episode ends, and is shown ended
    assert capsys.readouterr().out.strip()


def test_the_spec_serialises_to_json_and_makes_the_same_environment():
    """`env.spec.to_json()` (Gymnasium's way to save an environment's spec) once failed: the
    entry point was the class, and Gymnasium serialises no callable."""
    env = gymnasium.make("ludotheque/dtc-v0", players=3, opponents="easy", max_episode_steps=50)
    spec = gymnasium.envs.registration.EnvSpec.from_json(env.spec.to_json())
    again = gymnasium.make(spec)
    assert spec.kwargs == {"game": "dtc", "players": 3, "opponents": "easy"}
    assert again.spec.max_episode_steps == 50
    assert (again.reset(seed=2)[0] == env.reset(seed=2)[0]).all()
    assert again.unwrapped.opponents == ["easy", "easy"]


@pytest.mark.parametrize(("opponents", "read"), [("random", False), ("medium", True)])
def test_a_view_is_built_only_for_an_opponent_that_reads_it(monkeypatch, opponents, read):
    """A random bot never reads its view (`reads_view = False`): the environment does not
    build one for it (a view per opponent move was most of a random game's cost)."""
    env = LudothequeEnv("dtc", players=3, opponents=opponents, seat=0)
    env.reset(seed=1)
    state_type = type(env.table.state)
    readers: list[int | None] = []
    view = state_type.view

    def counted(state, player):
        readers.append(player)
        return view(state, player)

    monkeypatch.setattr(state_type, "view", counted)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _, _, done, _, info = env.step(int(legal[0]))
    assert 0 in readers  # the agent's own observation
    assert any(player not in (0, None) for player in readers) is read


@pytest.mark.parametrize(("keyword", "value"), [
    ("illegal", np.array([1, 2])), ("lang", np.array([1, 2])), ("render_mode", np.array([1, 2])),
    ("options", True), ("options", np.array([1, 2])), ("opponents", None),
    ("opponents", 3),
])
def test_a_keyword_of_the_wrong_type_is_refused_naming_it(keyword, value):
    # found by tests/interop/test_fuzz_adapters.py: numpy's "truth value of an array is
    # ambiguous", "'bool' object is not a mapping", "'NoneType' object is not iterable"
    with pytest.raises(OptionError, match=f"Option '{keyword}' cannot be") as refused:
        LudothequeEnv("dtc", players=3, **{keyword: value})
    assert "L'option «\u00a0" + keyword in refused.value.message("fr")


def test_an_empty_list_of_opponents_is_refused_at_creation_not_at_reset():
    # found by tests/interop/test_fuzz_adapters.py: opponents=[] was taken, and reset
    # failed with KeyError: 1 (no bot in seat 1)
    with pytest.raises(BotError, match="0 bots given for 2 bot seats"):
        LudothequeEnv("dtc", players=3, opponents=[])


def test_a_long_list_given_as_a_keyword_is_repeated_cut_as_a_long_text_is():
    # a list of 100,000 items given as `options` was repeated whole: an error of 300,000
    # characters (a text is cut at TEXT_LIMIT, a list or dict given as a value alike)
    from ludotheque.core.errors import TEXT_LIMIT

    with pytest.raises(OptionError) as refused:
        LudothequeEnv("dtc", players=3, options=[0] * 100_000)
    for lang in ("en", "fr"):
        message = refused.value.message(lang)
        assert "[0, 0, 0" in message and "…" in message
        assert len(message) < TEXT_LIMIT + 200, len(message)
