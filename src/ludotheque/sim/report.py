"""The analysis report of simulation results (`ludotheque report`): tables, plots, verdicts.

It reads the results files of `ludotheque simulate --out` (one row per game and
per seat: sim/results.py), groups their games by game and configuration (a
sweep's label; runs with other options or player counts get labels of their
own) and builds a report in English or French: a self-contained HTML page
(tables by pandas, matplotlib plots embedded as PNG) and/or PNG files, and a
short text summary.

The statistics:

* win rates with Wilson 95 % intervals (`sim.arena.wilson`). A verdict about the
  first seat (or the starting player) says whether the fair share lies outside
  that interval, which is the two-sided score test at the 5 % level;
* means with a 95 % bootstrap interval over games (Poisson weights and a fixed
  seed, so that the same files give the same report). Resampling whole games
  respects the dependence between the seats, and the observations, of a game;
* Ludii's Balance metric: 1 minus the largest gap between the win rates of two
  seats (1: every seat wins equally often), beside the range that seats of equal
  chances would give with as many games.

pandas, pyarrow and matplotlib (the `report` extra) are imported only here, when a
report is made.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.core.options import options_to_json
from ludotheque.core.registry import get_game
from ludotheque.i18n import has_text, number, t
from ludotheque.kit.stats import GAME, NUMBER, SEAT, SERIES, TURNS, VALUES, Ratio, Stat, label_key
from ludotheque.sim.arena import wilson
from ludotheque.sim.stats import stat_specs

FORMATS = (".parquet", ".csv")
REQUIRED = ("game", "config", "options", "game_index", "seed", "players", "seat", "bot", "win",
            "rank", "decisions")
INTEGERS = ("game_index", "seed", "players", "seat", "rank", "decisions")
# One game is identified by these columns (files given twice, or two runs with the same
# seed, hold the same games: they are counted once).
GAME_KEY = ("game", "config", "options", "players", "seed", "game_index")
SUMMARY_LENGTHS = ("decisions", "g_" + TURNS, "m_rounds")  # the lengths the summary gives
BOOTSTRAP_REPS = 400
BOOTSTRAP_SEED = 0
FEATURE = "ludotheque report"


# ----------------------------------------------------------------------- reading
def _pandas() -> Any:
    from ludotheque.core.errors import require_extra

    return require_extra("pandas", "report", FEATURE)


def load_results(paths: Iterable[Any]) -> Any:
    """The rows of every results file, checked, in one DataFrame (with `_gid`: a game id)."""
    pd = _pandas()
    frames = [_read(pd, Path(path)) for path in paths]
    if not frames:
        raise LudoError("error.report_no_file")
    frame = pd.concat(frames, ignore_index=True)
    frame = frame.drop_duplicates(subset=[*GAME_KEY, "seat"], ignore_index=True)
    frame["_gid"] = frame.groupby(list(GAME_KEY), sort=False).ngroup()
    return frame


def _read(pd: Any, path: Path) -> Any:
    from ludotheque.core.errors import require_extra

    if not path.is_file():
        raise LudoError("error.report_missing", path=str(path))
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise LudoError("error.report_format", path=str(path), allowed=", ".join(FORMATS))
    if suffix == ".parquet":
        require_extra("pyarrow", "report", FEATURE)
    try:
        frame = pd.read_csv(path) if suffix == ".csv" else pd.read_parquet(path)
    except (ValueError, OSError) as exc:  # damaged file: pandas and pyarrow raise these
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise LudoError("error.report_unreadable", path=str(path), reason=reason) from None
    missing = [name for name in REQUIRED if name not in frame.columns]
    if missing:
        raise LudoError("error.report_columns", path=str(path), missing=", ".join(missing))
    if frame.empty:
        raise LudoError("error.report_empty", path=str(path))
    for name in (*INTEGERS, "win"):
        values = pd.to_numeric(frame[name], errors="coerce")
        bad = values.isna() | ((values % 1 != 0) if name in INTEGERS else ~values.between(0, 1))
        if bad.any():
            raise LudoError("error.report_values", path=str(path), column=name,
                            row=int(bad.to_numpy().argmax()) + 2)  # + header, from 1
        frame[name] = values.astype("int64" if name in INTEGERS else "float64")
    bad = (frame["seat"] < 0) | (frame["seat"] >= frame["players"])
    if bad.any():
        raise LudoError("error.report_values", path=str(path), column="seat",
                        row=int(bad.to_numpy().argmax()) + 2)
    for name in ("game", "config", "options", "bot"):
        frame[name] = frame[name].astype(str)
    frame["game"] = frame["game"].map({name: get_game(name).name for name in frame["game"].unique()})
    sizes = frame.groupby(list(GAME_KEY), sort=False)["seat"].agg(["nunique", "size"])
    players = frame.groupby(list(GAME_KEY), sort=False)["players"].first()
    broken = (sizes["nunique"] != players) | (sizes["size"] != players)
    if broken.any():
        key = dict(zip(GAME_KEY, broken[broken].index[0]))
        raise LudoError("error.report_seats", path=str(path), index=key["game_index"],
                        config=key["config"])
    return frame


# ---------------------------------------------------------------- configurations
@dataclass
class Config:
    """The games of one game under one configuration (options and player count)."""

    game: str
    label: str
    players: int
    options: dict[str, Any]
    rows: Any  # DataFrame: one row per game and seat
    games: Any  # DataFrame: one row per game (its seat 0 row), indexed by `_gid`

    @property
    def count(self) -> int:
        return len(self.games)

    def bots(self) -> list[str]:
        return list(dict.fromkeys(self.rows["bot"]))


def configurations(frame: Any, lang: str) -> dict[str, list[Config]]:
    """Per game (in order of appearance), its configurations in order of appearance.

    A configuration is (config label, options, players). Its label is the config
    label, completed with the options and the player count when the same label
    stands for several of them (e.g. two files simulated with other options)."""
    result: dict[str, list[Config]] = {}
    for game_name in dict.fromkeys(frame["game"]):
        rows = frame[frame["game"] == game_name]
        keys = list(dict.fromkeys(zip(rows["config"], rows["options"], rows["players"])))
        options = {key: _options(key[1]) for key in keys}
        configs = []
        for key in keys:
            config, _, players = key
            same = [other for other in keys if other[0] == config]
            label = t("report.default", lang) if config == "default" else config
            if len(same) > 1:
                varying = [name for name in options[key]
                           if len({json.dumps(options[o].get(name)) for o in same}) > 1]
                parts = [f"{name}={_option_text(options[key].get(name))}" for name in varying]
                if len({o[2] for o in same}) > 1 or not parts:
                    parts.append(t("report.players_count", lang, players=players))
                label = f"{label} · {', '.join(parts)}"
            mask = (rows["config"] == key[0]) & (rows["options"] == key[1]) & (rows["players"] == players)
            part = rows[mask]
            games = part[part["seat"] == 0].set_index("_gid", drop=False)
            configs.append(Config(game_name, label, int(players), options[key], part, games))
        if len({c.label for c in configs}) < len(configs):  # same options under two labels
            for index, config in enumerate(configs):
                config.label = f"{config.label} ({index + 1})"
        result[game_name] = configs
    return result


def _options(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _option_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def changed_options(config: Config) -> dict[str, Any]:
    """The options of `config` that differ from the game's defaults."""
    game = get_game(config.game)
    defaults = options_to_json(game.validate(config.players, {}))
    return {name: value for name, value in config.options.items() if defaults.get(name) != value}


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


def bootstrap(numerators: Any, denominators: Any,
              statistic: Callable[[Any], Any] | None = None) -> tuple[float, float]:
    """95 % interval of `statistic(ratios)` over games resampled with Poisson(1) weights.

    numerators, denominators: arrays (games,) or (games, k); the ratios are
    sum(w * num) / sum(w * den) per column; statistic maps (reps, k) ratios to (reps,)
    (default: the first column)."""
    import numpy as np

    num = np.asarray(numerators, dtype=float)
    den = np.asarray(denominators, dtype=float)
    if num.ndim == 1:
        num, den = num[:, None], den[:, None]
    games = num.shape[0]
    if games < 2:
        return (math.nan, math.nan)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    chunk = max(1, min(BOOTSTRAP_REPS, 2_000_000 // games))  # bounded memory
    values = []
    for start in range(0, BOOTSTRAP_REPS, chunk):
        weights = rng.poisson(1.0, size=(min(chunk, BOOTSTRAP_REPS - start), games))
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios = (weights @ num) / (weights @ den)
        values.append(statistic(ratios) if statistic else ratios[:, 0])
    drawn = np.concatenate(values)
    drawn = drawn[np.isfinite(drawn)]
    if not len(drawn):
        return (math.nan, math.nan)
    low, high = np.quantile(drawn, [0.025, 0.975])
    return (float(low), float(high))


def mean_estimate(numerators: Any, denominators: Any) -> Estimate:
    """sum(num) / sum(den) with its bootstrap interval (a plain mean when den is all ones)."""
    import numpy as np

    total = float(np.sum(denominators))
    value = float(np.sum(numerators)) / total if total else math.nan
    return Estimate(value, *bootstrap(numerators, denominators))


def win_rates(config: Config, by: str = "seat") -> Any:
    """Win rate per seat (by="seat") or per turn-order position (by="s_order"): a
    DataFrame indexed 0..n-1 with `rate` (a Rate). Shared wins count 1/k."""
    pd = _pandas()
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
    return mean_estimate(per_game["sum"].to_numpy(dtype=float), per_game["count"].to_numpy(dtype=float))


def values_of(config: Config, column: str) -> list[list[float]]:
    """Per game, the observations of a VALUES statistic."""
    return [decode(cell) for cell in config.games[column]]


def values_mean(config: Config, column: str) -> Estimate:
    observed = values_of(config, column)
    return mean_estimate([sum(v) for v in observed], [len(v) for v in observed])


def ratio(config: Config, spec: Ratio, bot: str | None = None) -> Rate | None:
    """A pooled rate from two columns (None if a column is missing)."""
    prefix = "g_" if spec.level == GAME else "s_"
    num, den = prefix + spec.numerator, prefix + spec.denominator
    if num not in config.rows.columns or den not in config.rows.columns:
        return None
    if spec.level == GAME:
        rows = config.games
    else:
        rows = config.rows if bot is None else config.rows[config.rows["bot"] == bot]
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


# ----------------------------------------------------------------- the document
@dataclass
class Block:
    """One piece of a section: kind "text" (text), "table" (caption, table: a DataFrame
    of texts) or "figure" (name, caption, figure: a matplotlib Figure)."""

    kind: str
    text: str = ""
    table: Any = None
    figure: Any = None
    name: str = ""
    _png: bytes | None = None

    def png(self) -> bytes:
        """The figure as PNG (drawn once: the HTML page and the PNG files share it)."""
        if self._png is None:
            self._png = png_bytes(self.figure)
        return self._png


@dataclass
class Section:
    title: str
    level: int = 2
    blocks: list[Block] = field(default_factory=list)

    def text(self, text: str) -> None:
        self.blocks.append(Block("text", text))

    def add_table(self, caption: str, table: Any) -> None:
        self.blocks.append(Block("table", caption, table=table))

    def add_figure(self, name: str, caption: str, figure: Any) -> None:
        self.blocks.append(Block("figure", caption, figure=figure, name=name))


@dataclass
class Report:
    lang: str
    title: str
    sources: list[str]
    sections: list[Section]
    summary: list[str]

    def figures(self) -> list[Block]:
        return [b for s in self.sections for b in s.blocks if b.kind == "figure"]


def _percent(value: float, lang: str) -> str:
    return "–" if not math.isfinite(value) else f"{number(100 * value, lang, 1)} %"


def _interval(value: float, low: float, high: float, lang: str, percent: bool = False,
              decimals: int = 2) -> str:
    if not math.isfinite(value):
        return "–"
    if percent:
        shown = number(100 * value, lang, 1)
        bounds = (number(100 * low, lang, 1), number(100 * high, lang, 1), " %")
    else:
        shown = number(value, lang, decimals)
        bounds = (number(low, lang, decimals), number(high, lang, decimals), "")
    if not (math.isfinite(low) and math.isfinite(high)):
        return shown + bounds[2]
    return f"{shown}{bounds[2]} [{bounds[0]}–{bounds[1]}]"


def _rate_text(value: Rate | None, lang: str) -> str:
    if value is None or not value.trials:
        return "–"
    return _interval(value.value, value.low, value.high, lang, percent=True)


def _estimate_text(value: Estimate, lang: str, decimals: int = 2) -> str:
    return _interval(value.value, value.low, value.high, lang, decimals=decimals)


def _decimals(value: float) -> int:
    return 1 if math.isfinite(value) and abs(value) >= 10 else 2


def _seat_name(seat: int, lang: str) -> str:
    return t("report.seat", lang, seat=seat + 1)


def _order_name(order: int, lang: str) -> str:
    return t("report.order_first", lang) if order == 0 else str(order + 1)


def build_report(frame: Any, lang: str, sources: Sequence[str] = ()) -> Report:
    """The whole report of the rows of `load_results`, in `lang`."""
    configs_by_game = configurations(frame, lang)
    sections: list[Section] = []
    summary: list[str] = []
    titles = []
    for game_name, configs in configs_by_game.items():
        game = get_game(game_name)
        title = t(game.title_key, lang)
        titles.append(title)
        builder = _GameReport(game_name, title, configs, lang)
        sections += builder.sections()
        summary += builder.summary()
    report_title = t("report.title", lang, games=", ".join(titles))
    return Report(lang, report_title, [str(s) for s in sources], sections, summary)


class _GameReport:
    """The sections about one game: its configurations side by side."""

    def __init__(self, game: str, title: str, configs: list[Config], lang: str) -> None:
        self.game = game
        self.title = title
        self.configs = configs
        self.lang = lang
        self.labels = [c.label for c in configs]
        self.specs = stat_specs(game)
        self.has_order = all(
            "s_order" in c.rows.columns and c.rows["s_order"].notna().all() for c in configs)

    # -- helpers ------------------------------------------------------------
    def _table(self, rows: list[list[str]], first: str, extra: Sequence[str] = ()) -> Any:
        pd = _pandas()
        return pd.DataFrame(rows, columns=[first, *extra, *self.labels])

    def _label(self, spec: Stat | Ratio) -> str:
        return t(label_key(self.game, spec), self.lang)

    def _measure_label(self, column: str) -> str:
        key = "report.measure." + column
        return t(key, self.lang) if has_text(key) else column

    def _series_dimension(self) -> tuple[str, list[str]]:
        """What the series of a figure are: the configurations, or else the bots."""
        if len(self.configs) > 1:
            return "config", self.labels
        bots = self.configs[0].bots()
        return ("bot", bots) if len(bots) > 1 else ("config", self.labels)

    def _figure(self, name: str) -> str:
        return f"{self.game}-{name}"

    # -- sections -----------------------------------------------------------
    def sections(self) -> list[Section]:
        head = Section(self.title, level=2)
        head.add_table(t("report.configs", self.lang), self._overview())
        parts = [head, self._seats(), self._balance()]
        if any(len(c.bots()) > 1 for c in self.configs):
            parts.append(self._bots())
        parts.append(self._length())
        stats = self._statistics()
        if stats.blocks:
            parts.append(stats)
        return parts

    def _overview(self) -> Any:
        pd = _pandas()
        lang = self.lang
        rows = []
        for config in self.configs:
            changed = changed_options(config)
            rows.append([config.label, config.players, number(config.count, lang),
                         ", ".join(config.bots()),
                         ", ".join(f"{k}={_option_text(v)}" for k, v in changed.items()) or "–"])
        return pd.DataFrame(rows, columns=[t(f"report.col.{k}", lang) for k in
                                           ("config", "players", "games", "bots", "options")])

    def _rate_table(self, by: str, names: Callable[[int], str]) -> tuple[Any, dict[str, Any]]:
        lang = self.lang
        rates = {c.label: win_rates(c, by) for c in self.configs}
        players = max(c.players for c in self.configs)
        rows = []
        for index in range(players):
            row = [names(index)]
            for config in self.configs:
                row.append(_rate_text(rates[config.label]["rate"][index], lang)
                           if index < config.players else "–")
            rows.append(row)
        rows.append([t("report.fair", lang)] + [_percent(fair_share(c), lang) for c in self.configs])
        return self._table(rows, t("report.col.seat" if by == "seat" else "report.col.order", lang)), rates

    def _seats(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.seats", lang), level=3)
        table, rates = self._rate_table("seat", lambda s: _seat_name(s, lang))
        section.add_table(t("report.seats_caption", lang), table)
        section.add_figure(self._figure("seats"), t("report.fig.seats", lang, game=self.title),
                           self._rate_figure(rates, t("report.axis.seat", lang),
                                             lambda s: str(s + 1), t("report.fig.seats", lang, game=self.title)))
        for config in self.configs:
            first = rates[config.label]["rate"][0]
            section.text(self._verdict_text("seat", config, first))
            if not seats_balanced(config):
                section.text(t("report.unbalanced", lang, config=config.label))
        if self.has_order:
            section.text(t("report.order_note", lang))
            table, rates = self._rate_table("s_order", lambda o: _order_name(o, lang))
            section.add_table(t("report.order_caption", lang), table)
            fig_title = t("report.fig.order", lang, game=self.title)
            section.add_figure(self._figure("order"), fig_title,
                               self._rate_figure(rates, t("report.axis.order", lang),
                                                 lambda o: str(o + 1), fig_title))
            for config in self.configs:
                section.text(self._verdict_text("order", config, rates[config.label]["rate"][0]))
        section.text(t("report.rate_method", lang))
        return section

    def _verdict_text(self, who: str, config: Config, first: Rate) -> str:
        lang = self.lang
        fair = fair_share(config)
        return t(f"report.verdict.{who}.{verdict(first, fair)}", lang, config=config.label,
                 rate=_rate_text(first, lang), fair=_percent(fair, lang))

    def _balance(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.balance", lang), level=3)
        rows = [[t("report.balance", lang)] + [number(balance(c), lang, 3) for c in self.configs],
                [t("report.fair_balance", lang)] + [
                    _estimate_text(fair_balance(c.count, c.players), lang, 3) for c in self.configs]]
        spreads = []
        for config in self.configs if any(len(c.bots()) > 1 for c in self.configs) else ():
            if len(config.bots()) > 1:
                rates = bot_rates(config)
                best = max(rates, key=lambda b: rates[b].value)
                worst = min(rates, key=lambda b: rates[b].value)
                spread = bot_spread(config)
                spreads.append(t("report.spread_cell", lang, spread=_interval(
                    spread.value, spread.low, spread.high, lang, percent=True), best=best, worst=worst))
            else:
                spreads.append("–")
        if spreads:
            rows.append([t("report.bot_spread", lang)] + spreads)
        section.add_table(t("report.balance_caption", lang), self._table(rows, t("report.col.measure", lang)))
        section.text(t("report.balance_note", lang))
        return section

    def _bots(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.bots", lang), level=3)
        bots = list(dict.fromkeys(b for c in self.configs for b in c.bots()))
        rates = {c.label: bot_rates(c) for c in self.configs}
        rows = [[bot] + [_rate_text(rates[c.label].get(bot), lang) for c in self.configs] for bot in bots]
        section.add_table(t("report.bots_caption", lang), self._table(rows, t("report.col.bot", lang)))
        series = {label: [rates[label].get(bot) for bot in bots] for label in self.labels}
        fig_title = t("report.fig.bots", lang, game=self.title)
        section.add_figure(self._figure("bots"), fig_title,
                           _bar_figure(fig_title, t("report.axis.win_rate", lang), bots, series,
                                       percent=True))
        return section

    def _length_columns(self) -> list[str]:
        """decisions, turns, the game's metrics; without the columns that repeat another."""
        columns = self.configs[0].rows.columns
        wanted = ["decisions", "g_" + TURNS] + [c for c in columns if c.startswith("m_")]
        kept: list[str] = []
        for column in wanted:
            if column not in columns or any(self.configs[0].games[column].isna()):
                continue
            if any(all(c.games[column].astype(float).equals(c.games[k].astype(float))
                       for c in self.configs) for k in kept):
                continue
            kept.append(column)
        return kept

    def _length(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.length", lang), level=3)
        rows = []
        panels = []
        for column in self._length_columns():
            row = [self._measure_label(column)]
            for config in self.configs:
                values = config.games[column].astype(float)
                estimate = game_number(config, column)
                row.append(f"{_estimate_text(estimate, lang, 1)}, {number(values.median(), lang, 0)} "
                           f"({number(values.quantile(0.1), lang, 0)}–"
                           f"{number(values.quantile(0.9), lang, 0)})")
            rows.append(row)
            data = {c.label: c.games[column].astype(float).to_numpy() for c in self.configs}
            if any(len(set(v)) > 1 for v in data.values()):  # a constant makes no plot
                panels.append((self._measure_label(column), data))
        section.add_table(t("report.length_caption", lang),
                          self._table(rows, t("report.col.measure", lang)))
        if panels:
            fig_title = t("report.fig.length", lang, game=self.title)
            section.add_figure(self._figure("length"), fig_title, _histogram_figure(
                fig_title, t("report.axis.share_games", lang), panels))
        return section

    def _mean_text(self, estimate: Estimate) -> str:
        return _estimate_text(estimate, self.lang, _decimals(estimate.value))

    def _statistics(self) -> Section:
        """The game's own statistics (games/<game>/stats.py): tables of means and rates,
        a histogram per VALUES statistic, a curve per SERIES one, bars for the rates."""
        lang = self.lang
        section = Section(t("report.section.stats", lang), level=3)
        columns = self.configs[0].rows.columns
        game_rows: list[list[str]] = []
        seat_rows: list[list[str]] = []
        dimension, series_names = self._series_dimension()
        bots = list(dict.fromkeys(b for c in self.configs for b in c.bots()))
        multi_bot = len(bots) > 1
        ratio_bars: dict[str, dict[str, list[Rate | None]]] = {GAME: {}, SEAT: {}}
        for spec in self.specs:
            label = self._label(spec)
            if isinstance(spec, Ratio):
                cells = [ratio(c, spec) for c in self.configs]
                if cells[0] is None:  # a results file without these columns
                    continue
                if spec.level == GAME:
                    game_rows.append([label] + [_rate_text(r, lang) for r in cells])
                else:
                    def rate_cell(config: Config, bot: str | None, spec: Ratio = spec) -> str:
                        return _rate_text(ratio(config, spec, bot), lang)

                    seat_rows += self._by_bot(label, bots, rate_cell)
                ratio_bars[spec.level][label] = (
                    cells if dimension == "config"
                    else [ratio(self.configs[0], spec, bot) for bot in series_names])
                continue
            column = ("g_" if spec.level == GAME else "s_") + spec.name
            if column not in columns:
                continue
            if spec.kind == NUMBER and spec.level == GAME:
                game_rows.append([label] + [self._mean_text(game_number(c, column))
                                            for c in self.configs])
            elif spec.kind == NUMBER:
                def mean_cell(config: Config, bot: str | None, column: str = column) -> str:
                    return self._mean_text(seat_number(config, column, bot))

                seat_rows += self._by_bot(label, bots, mean_cell)
            elif spec.kind == VALUES:
                game_rows.append([t("report.mean_of", lang, what=label)] + [
                    self._mean_text(values_mean(c, column)) for c in self.configs])
                data = {c.label: [v for vs in values_of(c, column) for v in vs] for c in self.configs}
                fig_title = t("report.fig.values", lang, what=label, game=self.title)
                section.add_figure(self._figure("values-" + spec.name), fig_title,
                                   _histogram_figure(fig_title, t("report.axis.share_obs", lang),
                                                     [(label, data)]))
            elif spec.kind == SERIES:
                if dimension == "config":
                    curves = {c.label: series_mean(c, column) for c in self.configs}
                else:
                    curves = {bot: series_mean(self.configs[0], column, bot) for bot in series_names}
                fig_title = t("report.fig.series", lang, what=label, game=self.title)
                section.add_figure(self._figure("series-" + spec.name), fig_title,
                                   _curve_figure(fig_title, t("report.axis.turn", lang), label, curves))
        tables = []
        if game_rows:
            tables.append(Block("table", t("report.game_stats_caption", lang),
                                table=self._table(game_rows, t("report.col.statistic", lang))))
        if seat_rows:
            extra = [t("report.col.bot", lang)] if multi_bot else []
            tables.append(Block("table", t("report.seat_stats_caption", lang),
                                table=self._table(seat_rows, t("report.col.statistic", lang), extra)))
        section.blocks[:0] = tables
        for level in (GAME, SEAT):
            bars = ratio_bars[level]
            if not bars:
                continue
            groups = list(bars)
            series = {name: [bars[g][i] for g in groups] for i, name in enumerate(series_names)}
            fig_title = t(f"report.fig.rates_{level}", lang, game=self.title)
            section.add_figure(self._figure("rates-" + level), fig_title,
                               _bar_figure(fig_title, t("report.axis.rate", lang), groups, series,
                                           percent=True))
        if section.blocks:
            section.text(t("report.stats_method", lang))
        return section

    def _by_bot(self, label: str, bots: list[str],
                cell: Callable[[Config, str | None], str]) -> list[list[str]]:
        """Table rows of a per-player statistic: all seats, then each bot if there are several."""
        if len(bots) < 2:
            return [[label] + [cell(c, None) for c in self.configs]]
        rows = [[label, t("report.all_bots", self.lang)] + [cell(c, None) for c in self.configs]]
        for bot in bots:
            rows.append(["", bot] + [cell(c, bot) if bot in c.bots() else "–" for c in self.configs])
        return rows

    def _rate_figure(self, rates: Mapping[str, Any], axis: str, tick: Callable[[int], str],
                     title: str) -> Any:
        players = max(c.players for c in self.configs)
        groups = [tick(i) for i in range(players)]
        series = {c.label: [rates[c.label]["rate"][i] if i < c.players else None
                            for i in range(players)] for c in self.configs}
        fairs = {c.label: fair_share(c) for c in self.configs}
        return _bar_figure(title, t("report.axis.win_rate", self.lang), groups, series,
                           percent=True, fair=fairs, fair_label=t("report.fair", self.lang),
                           xlabel=axis)

    # -- terminal -----------------------------------------------------------
    def summary(self) -> list[str]:
        lang = self.lang
        lines = []
        for config in self.configs:
            lines.append(t("report.summary.head", lang, game=self.title, config=config.label,
                           games=number(config.count, lang), players=config.players))
            lines.append("  " + self._verdict_text("seat", config, win_rates(config)["rate"][0]))
            if self.has_order:
                lines.append("  " + self._verdict_text(
                    "order", config, win_rates(config, "s_order")["rate"][0]))
            fair = fair_balance(config.count, config.players)
            lines.append("  " + t("report.summary.balance", lang, balance=number(balance(config), lang, 3),
                                  low=number(fair.low, lang, 3), high=number(fair.high, lang, 3)))
            lengths = [f"{number(config.games[column].astype(float).mean(), lang, 1)} "
                       f"{self._measure_label(column).lower()}" for column in self._length_columns()
                       if column in SUMMARY_LENGTHS]
            lines.append("  " + t("report.summary.length", lang, lengths=", ".join(lengths)))
        return lines


# ------------------------------------------------------------------------- plots
def _new_figure(width: float = 7.5, height: float = 4.2) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)  # the Agg backend: no display needed
    return figure


def _require_matplotlib() -> None:
    from ludotheque.core.errors import require_extra

    require_extra("matplotlib", "report", FEATURE)


def _bar_figure(title: str, ylabel: str, groups: Sequence[str],
                series: Mapping[str, Sequence[Rate | None]], percent: bool = False,
                fair: Mapping[str, float] | None = None, fair_label: str = "",
                xlabel: str = "") -> Any:
    """Grouped bars with 95 % error bars: one group per `groups`, one bar per series."""
    import numpy as np

    _require_matplotlib()
    figure = _new_figure()
    axes = figure.add_subplot()
    scale = 100.0 if percent else 1.0
    width = 0.8 / max(1, len(series))
    x = np.arange(len(groups))
    for index, (name, values) in enumerate(series.items()):
        centre = [v.value * scale if v is not None and v.trials else np.nan for v in values]
        low = [max(0.0, (v.value - v.low) * scale) if v is not None and v.trials else 0.0 for v in values]
        high = [max(0.0, (v.high - v.value) * scale) if v is not None and v.trials else 0.0
                for v in values]
        position = x - 0.4 + width * (index + 0.5)
        axes.bar(position, centre, width * 0.9, yerr=[low, high], capsize=3, label=name)
        if fair is not None:
            axes.plot(position, [fair[name] * scale] * len(groups), linestyle="none", marker="_",
                      markersize=14, color="black", label=fair_label if index == 0 else None)
    axes.set_xticks(x, groups)
    if len(groups) > 4 and max(map(len, groups)) > 12:
        axes.tick_params(axis="x", labelrotation=20)
    axes.set_title(title)
    axes.set_ylabel(ylabel + (" (%)" if percent else ""))
    if xlabel:
        axes.set_xlabel(xlabel)
    if len(series) > 1 or fair is not None:
        axes.legend(fontsize="small")
    return figure


def _histogram_figure(title: str, ylabel: str,
                      panels: Sequence[tuple[str, Mapping[str, Sequence[float]]]]) -> Any:
    """Distributions side by side, one panel per (x label, data): in each, one step
    histogram per series, as shares."""
    import numpy as np

    _require_matplotlib()
    figure = _new_figure(width=max(7.5, 4.2 * len(panels)), height=4.2)
    figure.suptitle(title)
    for index, (xlabel, data) in enumerate(panels):
        axes = figure.add_subplot(1, len(panels), index + 1)
        present = {name: np.asarray(values, dtype=float) for name, values in data.items()
                   if len(values)}
        if present:
            everything = np.concatenate(list(present.values()))
            low, high = float(everything.min()), float(everything.max())
            if bool(np.all(everything == np.round(everything))):  # counts: whole-number bins
                width = max(1, math.ceil((high - low + 1) / 40))
                bins = np.arange(low - 0.5, high + width + 0.5, width)
            else:
                bins = np.linspace(low, high if high > low else low + 1, 31)
            for name, values in present.items():
                axes.hist(values, bins=bins, weights=np.full(len(values), 100.0 / len(values)),
                          histtype="step", linewidth=1.6, label=name)
        axes.set_xlabel(xlabel)
        if index == 0:
            axes.set_ylabel(ylabel + " (%)")
        if len(present) > 1 and index == len(panels) - 1:
            axes.legend(fontsize="small")
    return figure


def _curve_figure(title: str, xlabel: str, ylabel: str,
                  curves: Mapping[str, tuple[Sequence[int], Sequence[float]]]) -> Any:
    _require_matplotlib()
    figure = _new_figure()
    axes = figure.add_subplot()
    for name, (steps, means) in curves.items():
        axes.plot(steps, means, label=name, linewidth=1.6)
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if len(curves) > 1:
        axes.legend(fontsize="small")
    return figure


# ----------------------------------------------------------------------- writing
def png_bytes(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222;
       line-height: 1.45; padding: 0 1em; }
h1 { border-bottom: 2px solid #444; } h2 { margin-top: 2em; border-bottom: 1px solid #aaa; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #f0f0f0; } caption { caption-side: top; text-align: left; font-weight: bold;
                                          padding: 0.3em 0; }
figure { margin: 1em 0; } figcaption { font-size: 0.9em; color: #555; }
img { max-width: 100%; } p.note { font-size: 0.9em; color: #444; }
"""


def html_page(report: Report) -> str:
    """A single self-contained page: tables by pandas, plots as embedded PNG."""
    lang = report.lang
    parts = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
             f"<title>{html.escape(report.title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>",
             f"<h1>{html.escape(report.title)}</h1>"]
    if report.sources:
        parts.append("<p>" + html.escape(t("report.sources", lang, files=", ".join(report.sources)))
                     + "</p>")
    parts.append("<h2>" + html.escape(t("report.section.summary", lang)) + "</h2>")
    parts.append("<pre>" + html.escape("\n".join(report.summary)) + "</pre>")
    for section in report.sections:
        parts.append(f"<h{section.level}>{html.escape(section.title)}</h{section.level}>")
        for block in section.blocks:
            if block.kind == "text":
                parts.append(f"<p>{html.escape(block.text)}</p>")
            elif block.kind == "table":
                table = block.table.to_html(index=False, escape=True, border=0, na_rep="–")
                caption = f"<caption>{html.escape(block.text)}</caption>"
                parts.append(table.replace(">", ">" + caption, 1))
            else:
                data = base64.b64encode(block.png()).decode("ascii")
                parts.append(f'<figure><img alt="{html.escape(block.text)}" '
                             f'src="data:image/png;base64,{data}">'
                             f"<figcaption>{html.escape(block.text)}</figcaption></figure>")
    parts.append("</body>\n</html>\n")
    return "\n".join(parts)


def write_html(report: Report, path: Any) -> Path:
    path = Path(path)
    path.write_text(html_page(report), encoding="utf-8")
    return path


def check_png_folder(folder: Any) -> Path:
    """Refuse, before any work, a PNG folder that is a file."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise LudoError("error.report_png_folder", path=str(folder))
    return folder


def write_pngs(report: Report, folder: Any) -> list[Path]:
    """Every plot as <folder>/<game>-<plot>.png (the folder is made if needed)."""
    folder = check_png_folder(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for block in report.figures():
        path = folder / f"{_file_name(block.name)}.png"
        path.write_bytes(block.png())
        written.append(path)
    return written


def _file_name(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
