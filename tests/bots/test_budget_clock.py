"""The budget is a promise: the hard bot's clock covers its default move and is consulted
inside playouts, so one long pass cannot carry a move past its deadline. A fake clock
(one tick per reading) replaces time: no timing in the assertions."""

import random

import pytest

from ludotheque.bots import make_bot
from ludotheque.core.budget import Budget
from ludotheque.core.match import Match
from ludotheque.core.registry import all_games


class TickingClock:
    """Advances `tick` seconds at each reading; counts the readings."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.readings = 0.0, tick, 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


def _position(game, players: int, seed: int):
    """The first decision with a choice of a seeded random game."""
    match = Match(game, players, seed=seed)
    while not match.is_over():
        legal = match.legal_actions()
        if len(legal) > 1:
            return match.view(match.current_player()), legal
        match.apply(legal[0])
    raise AssertionError("no choice")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_deadline_is_checked_inside_a_pass(game):
    view, legal = _position(game, 4, seed=3)
    bot = make_bot("hard", game, Budget(ms=3))
    # Each reading moves the clock 1 ms: a budget of 3 ms allows about three readings.
    # Checked only between passes, the first pass would run to its end (more steps than
    # that even where a playout stops at the next round, a round of a few moves).
    bot.clock = clock = TickingClock(0.001)
    action = bot.choose(dict(view), legal, random.Random(1))
    assert action in legal
    assert clock.readings <= 6  # start, a reading per step until the deadline, the end
    assert bot.last_iterations == 0  # the pass cut by the deadline is dropped, not counted


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_a_slow_clock_still_gives_whole_passes(game):
    view, legal = _position(game, 2, seed=5)
    bot = make_bot("hard", game, Budget(ms=1000))
    bot.clock = TickingClock(1e-6)  # a million readings before the deadline
    bot.budget = Budget(iterations=5)
    assert bot.choose(dict(view), legal, random.Random(2)) in legal
    assert bot.last_iterations == 5


class GcWatchingClock(TickingClock):
    """Also notes, at each reading, whether the cyclic garbage collector may run."""

    def __init__(self, tick: float) -> None:
        super().__init__(tick)
        self.collecting: list[bool] = []

    def __call__(self) -> float:
        import gc
        self.collecting.append(gc.isenabled())
        return super().__call__()


@pytest.mark.parametrize(("enabled", "near"), [(True, True), (True, False), (False, True)])
def test_no_garbage_collection_pause_inside_a_move(enabled, near, monkeypatch):
    """A full collection is one long step the deadline cannot cut: the search runs with the
    collector off (read at every clock reading, playouts included) and leaves it as found;
    a full collection that is near is done first, after the clock started (on the budget)."""
    import gc
    game = all_games()[0]
    view, legal = _position(game, 4, seed=3)
    bot = make_bot("hard", game, Budget(iterations=5, ms=1000))
    bot.clock = clock = GcWatchingClock(1e-6)
    collections = []
    real_collect, threshold = gc.collect, gc.get_threshold()[2]
    monkeypatch.setattr(gc, "collect", lambda *args: collections.append(clock.readings)
                        or real_collect(*args))
    # The oldest generation's count: at its threshold (a full collection near), or nothing.
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, threshold if near else 0))
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        assert bot.choose(dict(view), legal, random.Random(2)) in legal
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
    assert clock.readings > 5
    # The start is read with the collector as found; every later reading with it off.
    assert clock.collecting[0] is enabled and not any(clock.collecting[1:])
    # Collected once after the start was read when near; never when far, nor when the caller
    # turned the collector off.
    assert collections == ([1] if enabled and near else [])
