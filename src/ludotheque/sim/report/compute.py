"""The statistics of the report: win rates with Wilson intervals, bootstrap means, balance,
and each game's own statistics per configuration."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludotheque.kit.stats import GAME, Ratio
from ludotheque.sim.arena import wilson
from ludotheque.sim.report.load import Config, require_pandas

BOOTSTRAP_REPS = 400
# A difference between configurations answers "by how much": its bounds get more draws.
DIFFERENCE_REPS = 2000
BOOTSTRAP_SEED = 0


# -------------------------------------------------------------------- statistics
@dataclass(frozen=True)
class Rate:
    """A proportion with its 95 % interval."""

    successes: float
    trials: float
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else math.nan


@dataclass(frozen=True)
class Estimate:
    """A mean (or any statistic) with its 95 % interval."""

    value: float
    low: float
    high: float


def rate(successes: float, trials: float) -> Rate:
    low, high = wilson(successes, int(trials)) if trials else (math.nan, math.nan)
    return Rate(float(successes), float(trials), low, high)


def _resampled(numerators: Any, denominators: Any, rng: Any, reps: int = BOOTSTRAP_REPS) -> Any:
    """The ratios sum(w * num) / sum(w * den) per column, for `reps` draws of Poisson(1)
    weights over the games (rows): an array (reps, k); None under 2 games."""
    import numpy as np

    num = np.asarray(numerators, dtype=float)
    den = np.asarray(denominators, dtype=float)
    if num.ndim == 1:
        num, den = num[:, None], den[:, None]
    games = num.shape[0]
    if games < 2:
        return None
    chunk = max(1, min(reps, 2_000_000 // games))  # bounded memory
    drawn = []
    for start in range(0, reps, chunk):
        weights = rng.poisson(1.0, size=(min(chunk, reps - start), games))
        with np.errstate(invalid="ignore", divide="ignore"):
            drawn.append((weights @ num) / (weights @ den))
    return np.concatenate(drawn)


def _interval(drawn: Any) -> tuple[float, float]:
    """The 2.5 % and 97.5 % quantiles of the finite draws."""
    import numpy as np

    drawn = drawn[np.isfinite(drawn)] if drawn is not None else ()
    if not len(drawn):
        return (math.nan, math.nan)
    low, high = np.quantile(drawn, [0.025, 0.975])
    return (float(low), float(high))


def bootstrap(numerators: Any, denominators: Any,
              statistic: Callable[[Any], Any] | None = None) -> tuple[float, float]:
    """95 % interval of `statistic(ratios)` over games resampled with Poisson(1) weights.

    numerators, denominators: arrays (games,) or (games, k); the ratios are
    sum(w * num) / sum(w * den) per column; statistic maps (reps, k) ratios to (reps,)
    (default: the first column)."""
    import numpy as np

    ratios = _resampled(numerators, denominators, np.random.default_rng(BOOTSTRAP_SEED))
    if ratios is None:
        return (math.nan, math.nan)
    return _interval(statistic(ratios) if statistic else ratios[:, 0])


def difference(values: Any, reference: Any) -> Estimate:
    """mean(values) - mean(reference) with its 95 % bootstrap interval, the games of each
    resampled on their own: it holds whether or not they are the same games (a sweep's
    are; a positive link between them only widens it)."""
    import numpy as np

    values, reference = np.asarray(values, dtype=float), np.asarray(reference, dtype=float)
    value = float(values.mean() - reference.mean())
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    drawn = [_resampled(v, np.ones_like(v), rng, DIFFERENCE_REPS) for v in (values, reference)]
    if drawn[0] is None or drawn[1] is None:
        return Estimate(value, math.nan, math.nan)
    return Estimate(value, *_interval(drawn[0][:, 0] - drawn[1][:, 0]))


def mean_estimate(numerators: Any, denominators: Any) -> Estimate:
    """sum(num) / sum(den) with its bootstrap interval (a plain mean when den is all ones)."""
    import numpy as np

    total = float(np.sum(denominators))
    value = float(np.sum(numerators)) / total if total else math.nan
    return Estimate(value, *bootstrap(numerators, denominators))


def win_rates(config: Config, by: str = "seat") -> Any:
    """Win rate per seat (by="seat") or per turn-order position (by="s_order"): a
    DataFrame indexed 0..n-1 with `rate` (a Rate). Shared wins count 1/k."""
    pd = require_pandas()
    rows = config.rows.dropna(subset=[by])
    grouped = rows.groupby(rows[by].astype(int))["win"].agg(["sum", "count"])
    grouped = grouped.reindex(range(config.players), fill_value=0)
    return pd.DataFrame({"rate": [rate(s, c) for s, c in zip(grouped["sum"], grouped["count"])]},
                        index=grouped.index)


def fair_share(config: Config) -> float:
    """What each seat would win if seats did not matter (1/n when every game has a winner)."""
    return float(config.rows["win"].sum()) / (config.count * config.players)


def verdict(value: Rate, fair: float) -> str:
    """"advantage", "disadvantage" or "none": is the fair share outside the 95 % interval?"""
    if value.low > fair:
        return "advantage"
    if value.high < fair:
        return "disadvantage"
    return "none"


ALPHA = 0.05  # the level of every verdict: 5 % (95 % intervals)


def score_p_value(value: Rate, fair: float) -> float:
    """The two-sided p-value of the score test of `value` against the share `fair`: the
    test the Wilson interval inverts (p < 5 % exactly when `fair` lies outside it)."""
    if not value.trials or not 0 < fair < 1:
        return math.nan
    z = (value.value - fair) / math.sqrt(fair * (1 - fair) / value.trials)
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_sf(statistic: float, degrees: int) -> float:
    """P(X >= statistic) for X chi-square with `degrees` (a whole number) degrees of
    freedom: the regularised upper gamma function in closed form."""
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if degrees % 2 == 0:
        term = total = math.exp(-half)
        for j in range(1, degrees // 2):
            term *= half / j
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))
    term = math.exp(-half) * math.sqrt(half) / math.gamma(1.5)
    for j in range((degrees - 1) // 2):
        total += term
        term *= half / (j + 1.5)
    return min(1.0, total)


def places_p_value(config: Config, by: str = "seat") -> float:
    """The p-value of the chi-square test that every seat (by="seat") or place in the turn
    order (by="s_order") wins as often: each game's win goes to one place, so the wins per
    place are compared with their fair share of all the wins, on n - 1 degrees of freedom.
    It catches an advantage anywhere at the table, not only at the first place."""
    rates = list(win_rates(config, by)["rate"])
    wins = [r.successes for r in rates]
    trials = [r.trials for r in rates]
    if not sum(wins) or not all(trials) or len(rates) < 2:
        return math.nan
    expected = [sum(wins) * n / sum(trials) for n in trials]
    statistic = sum((w - e) ** 2 / e for w, e in zip(wins, expected))
    return chi_square_sf(statistic, len(rates) - 1)


def holm(p_values: list[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values: rejecting each test whose adjusted p is below 5 %
    keeps at 5 % the chance of any false verdict among them (the family-wise error rate).
    The k-th smallest p is multiplied by (m - k + 1), never below the one before it; a
    missing p (nan) counts as 1."""
    m = len(p_values)
    p = [1.0 if math.isnan(value) else value for value in p_values]
    adjusted = [1.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=p.__getitem__)):
        running = max(running, min(1.0, (m - rank) * p[index]))
        adjusted[index] = running
    return adjusted


def balance(config: Config) -> float:
    """Ludii's Balance: 1 - (highest seat win rate - lowest)."""
    rates = config.rows.groupby("seat")["win"].mean()
    return 1.0 - float(rates.max() - rates.min())


def fair_balance(games: int, players: int) -> Estimate:
    """The Balance that seats of equal chances would show in `games` games: its mean and
    the range of 95 % of the draws. Even a perfectly fair game shows some gap between
    seats, so this is what an observed Balance is compared with (a bootstrap interval
    would be biased here: Balance cannot exceed 1)."""
    import numpy as np

    rng = np.random.default_rng(BOOTSTRAP_SEED)
    wins = rng.multinomial(games, [1.0 / players] * players, size=BOOTSTRAP_REPS) / games
    values = 1.0 - (wins.max(axis=1) - wins.min(axis=1))
    low, high = np.quantile(values, [0.025, 0.975])
    return Estimate(float(values.mean()), float(low), float(high))


def bot_rates(config: Config) -> dict[str, Rate]:
    """Each bot's win rate per seat it held."""
    grouped = config.rows.groupby("bot", sort=False)["win"].agg(["sum", "count"])
    return {bot: rate(grouped.at[bot, "sum"], grouped.at[bot, "count"]) for bot in config.bots()}


def bot_spread(config: Config) -> Estimate:
    """The gap between the best and the worst bot's win rates, with its bootstrap interval."""
    import numpy as np

    wins = config.rows.pivot_table(index="_gid", columns="bot", values="win", aggfunc="sum",
                                   fill_value=0)
    seats = config.rows.pivot_table(index="_gid", columns="bot", values="win", aggfunc="count",
                                    fill_value=0)
    rates = wins.sum() / seats.sum()
    low, high = bootstrap(wins.to_numpy(), seats.to_numpy(),
                          lambda r: np.nanmax(r, axis=1) - np.nanmin(r, axis=1))
    return Estimate(float(rates.max() - rates.min()), low, high)


def seats_balanced(config: Config) -> bool:
    """Did every bot sit in every seat about equally often (seat-rotated games)? If not,
    seat win rates mix the seat's effect with the bots' strength."""
    if len(config.bots()) < 2:
        return True
    table = config.rows.groupby(["bot", "seat"]).size().unstack(fill_value=0)
    table = table.reindex(columns=range(config.players), fill_value=0)
    return bool(((table.max(axis=1) - table.min(axis=1)) <= config.players).all())


def decode(cell: Any) -> list[float]:
    """A list stored as JSON text (or already a list); [] for a missing cell."""
    if isinstance(cell, str):
        try:
            value = json.loads(cell)
        except ValueError:
            return []
        return [v for v in value if isinstance(v, (int, float))] if isinstance(value, list) else []
    if isinstance(cell, (list, tuple)):
        return list(cell)
    return []


def game_number(config: Config, column: str) -> Estimate:
    """Mean over games of a game-level number."""
    import numpy as np

    values = config.games[column].astype(float).to_numpy()
    return mean_estimate(values, np.ones_like(values))


def seat_number(config: Config, column: str, bot: str | None = None) -> Estimate:
    """Mean over seats held (by `bot`, or by anyone) of a seat-level number."""
    rows = config.rows if bot is None else config.rows[config.rows["bot"] == bot]
    per_game = rows.groupby("_gid")[column].agg(["sum", "count"]).reindex(config.games.index,
                                                                          fill_value=0)
    return mean_estimate(per_game["sum"].to_numpy(dtype=float),
                         per_game["count"].to_numpy(dtype=float))


def values_of(config: Config, column: str) -> list[list[float]]:
    """Per game, the observations of a VALUES statistic."""
    return [decode(cell) for cell in config.games[column]]


def values_mean(config: Config, column: str) -> Estimate:
    observed = values_of(config, column)
    return mean_estimate([sum(v) for v in observed], [len(v) for v in observed])


def ratio(config: Config, spec: Ratio, bot: str | None = None,
          seat: int | None = None) -> Rate | None:
    """A pooled rate from two columns (None if a column is missing); a seat-level one
    over the seats held by `bot` and/or of number `seat` (0-based) if given."""
    prefix = "g_" if spec.level == GAME else "s_"
    num, den = prefix + spec.numerator, prefix + spec.denominator
    if num not in config.rows.columns or den not in config.rows.columns:
        return None
    if spec.level == GAME:
        rows = config.games
    else:
        rows = config.rows if bot is None else config.rows[config.rows["bot"] == bot]
        if seat is not None:
            rows = rows[rows["seat"] == seat]
    return rate(float(rows[num].sum()), float(rows[den].sum()))


def series_mean(config: Config, column: str, bot: str | None = None,
                least: float = 0.1) -> tuple[list[int], list[float]]:
    """The mean of a SERIES statistic at each step, over the seats of the games still
    going at that step; cut where fewer than `least` of the games remain."""
    import numpy as np

    rows = config.rows if bot is None else config.rows[config.rows["bot"] == bot]
    lists = [decode(cell) for cell in rows[column]]
    if not lists:
        return [], []
    length = max(map(len, lists))
    total = np.zeros(length)
    seen = np.zeros(length)
    for values in lists:
        total[:len(values)] += values
        seen[:len(values)] += 1
    keep = seen >= max(1.0, least * len(lists))
    steps = [int(i) for i in np.flatnonzero(keep)]
    return steps, [float(total[i] / seen[i]) for i in steps]
