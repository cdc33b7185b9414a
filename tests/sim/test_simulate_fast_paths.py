"""What a simulation's fast paths keep (issue 15, point 4): the games of commit 0f8eb8c for
the same seeds, the thinking times only where they are read, the observation instead of
the view for bots that act on it, and the run's live counters shared with the workers."""

from __future__ import annotations

import multiprocessing

import pytest

from ludotheque.bots import SometimesRandomBot, make_bot
from ludotheque.core import get_game
from ludotheque.games.diciassette.heuristic import HeuristicBot
from ludotheque.games.diciassette.rules import DiciassetteState
from ludotheque.sim import simulate as sim
from ludotheque.sim.simulate import LiveCounts, run_simulation, simulate

DICI = get_game("diciassette")


def test_random_games_are_those_of_the_commit_that_filed_the_issue():
    """Pinned from 0f8eb8c's `simulate` (before any of these fast paths): the same deals,
    starters and random moves give the same wins and lengths."""
    summary = simulate(DICI, 4, 400, 1, ["random"] * 4, jobs=1)
    assert summary["wins_by_seat"] == [96.0, 97.0, 106.0, 101.0]
    assert summary["mean_decisions"] == 11.408 and summary["mean_rounds"] == 3.502
    assert summary["decisions"]["p90"] == 20 and summary["decisions"]["max"] == 49


def test_heuristic_games_are_those_of_the_commit_that_filed_the_issue():
    summary = simulate(DICI, 3, 40, 2, ["medium", "easy", "random"], jobs=1)
    assert summary["wins_by_seat"] == [11.0, 13.0, 16.0]
    assert summary["wins_by_bot"] == {"medium": 23.0, "easy": 13.0, "random": 4.0}
    assert summary["mean_decisions"] == 21.9 and summary["mean_rounds"] == 3.925


def test_thinking_times_are_measured_only_when_asked_for():
    bots = ["medium", "random", "easy"]
    timed = run_simulation(DICI, 3, 12, 5, bots, jobs=1)
    untimed = run_simulation(DICI, 3, 12, 5, bots, jobs=1, timed=False)
    assert [(r.winners, r.ranks, r.decisions) for r in timed.results[0]] == \
        [(r.winners, r.ranks, r.decisions) for r in untimed.results[0]]
    assert all(r.thinking is not None and r.move_seconds is not None for r in timed.results[0])
    assert sum(moves for r in timed.results[0] for _, moves in r.thinking) > 0
    assert all(r.thinking is None and r.move_seconds is None for r in untimed.results[0])


def _refuse_views(monkeypatch):
    def no_view(self, player):
        raise AssertionError("a view was built")

    monkeypatch.setattr(DiciassetteState, "view", no_view)


@pytest.mark.parametrize("bots", [["medium", "medium"], ["easy", "mix:0.4", "random"]])
def test_bots_that_act_on_the_observation_get_no_view_and_play_the_same(monkeypatch, bots):
    players = len(bots)
    through_views = []
    monkeypatch.setattr(sim, "_SEATINGS", {})
    monkeypatch.setattr(HeuristicBot, "acts_on_observation", False)
    for seed in range(6):
        through_views.append(sim._play(DICI, bots, DICI.validate(players, None), seed, None,
                                       None)[0].to_json())
    monkeypatch.undo()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sim, "_SEATINGS", {})
        _refuse_views(patch)
        observed = [sim._play(DICI, bots, DICI.validate(players, None), seed, None,
                              None)[0].to_json() for seed in range(6)]
    assert observed == through_views


def test_easy_and_the_ladder_act_on_the_observation_when_their_base_does():
    assert make_bot("medium", DICI).acts_on_observation is True
    for name in ("easy", "mix:0.5"):
        bot = make_bot(name, DICI)
        assert isinstance(bot, SometimesRandomBot) and bot.acts_on_observation is True
    dtc = get_game("dtc")  # its heuristic does not declare it: it keeps reading views
    assert make_bot("easy", dtc).acts_on_observation is False


def _finish_two(live: LiveCounts) -> None:
    live.finished(3, 7)
    live.finished(1, 4)


def test_live_counts_are_shared_with_a_spawned_process():
    """The lock and the raw array it updates reach a spawned worker as the same shared
    objects (a copy of the array would leave the parent's counts at zero)."""
    context = multiprocessing.get_context("spawn")  # what macOS and Windows use: pickled
    live = LiveCounts(context)
    live.moved(2)
    worker = context.Process(target=_finish_two, args=(live,))
    worker.start()
    worker.join(60)
    assert worker.exitcode == 0
    assert live.read() == (2, 6, 11)
    assert not live.stopping
    live.stop()
    assert live.stopping
