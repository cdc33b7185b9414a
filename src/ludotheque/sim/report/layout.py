"""The report as a document: sections of texts, tables and figures, for one or more games,
in English or French, and its short text summary."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheque.core.registry import get_game
from ludotheque.i18n import MEAN_DECIMALS, has_text, number, percent, percent_sign, t
from ludotheque.kit.stats import GAME, NUMBER, SEAT, SERIES, TURNS, VALUES, Ratio, Stat, label_key
from ludotheque.sim.lengths import ROUNDS, lengths_text, measure_label
from ludotheque.sim.report.compute import (
    ALPHA,
    Estimate,
    Rate,
    balance,
    bot_rates,
    bot_spread,
    difference,
    fair_balance,
    fair_share,
    game_number,
    holm,
    places_p_value,
    ratio,
    score_p_value,
    seat_number,
    seats_balanced,
    series_mean,
    values_mean,
    values_of,
    verdict,
    win_rates,
)
from ludotheque.sim.report.figures import (
    Spread,
    bar_figure,
    curve_figure,
    histogram_figure,
    png_bytes,
    spread_figure,
)
from ludotheque.sim.report.load import (
    Config,
    changed_options,
    configurations,
    option_text,
    require_pandas,
)
from ludotheque.sim.stats import stat_specs

SUMMARY_LENGTHS = ("decisions", "g_" + TURNS, ROUNDS)  # the lengths the summary gives
BY = {"seat": "seat", "order": "s_order", "seats": "seat", "places": "s_order"}  # the column
ALL_PLACES = {"seat": "seats", "order": "places"}  # the question about every place at once


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
    return percent(value, lang)


def _interval(value: float, low: float, high: float, lang: str, as_percent: bool = False,
              decimals: int = 2) -> str:
    if not math.isfinite(value):
        return "–"
    if as_percent:
        shown = number(100 * value, lang, 1)
        bounds = (number(100 * low, lang, 1), number(100 * high, lang, 1),
                  percent_sign(lang))
    else:
        shown = number(value, lang, decimals)
        bounds = (number(low, lang, decimals), number(high, lang, decimals), "")
    if not (math.isfinite(low) and math.isfinite(high)):
        return shown + bounds[2]
    return f"{shown}{bounds[2]} [{bounds[0]}–{bounds[1]}]"


def _rate_text(value: Rate | None, lang: str) -> str:
    if value is None or not value.trials:
        return "–"
    return _interval(value.value, value.low, value.high, lang, as_percent=True)


def _estimate_text(value: Estimate, lang: str, decimals: int = 2) -> str:
    return _interval(value.value, value.low, value.high, lang, decimals=decimals)


def _p_text(p: float, lang: str) -> str:
    """A p-value: three decimals, or "< 0.001"."""
    return f"< {number(0.001, lang, 3)}" if p < 0.001 else number(p, lang, 3)


def _p_said(p: float, lang: str) -> str:
    """"p = 0.012" or "p < 0.001"."""
    return f"p {_p_text(p, lang)}" if p < 0.001 else f"p = {_p_text(p, lang)}"


def _decimals(value: float) -> int:
    return 1 if math.isfinite(value) and abs(value) >= 10 else 2


def _varies(data: Mapping[str, Sequence[float]]) -> bool:
    """Whether some series takes two values or more: a constant makes no plot."""
    return any(len(set(values)) > 1 for values in data.values())


def _sentence(text: str) -> str:
    """`text` with a capital first letter (a verdict starts a line of the summary)."""
    return text[:1].upper() + text[1:]


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
        self._holm: dict[tuple[str, str], float] | None = None  # see `_adjusted`

    # -- helpers ------------------------------------------------------------
    def _table(self, rows: list[list[str]], first: str, extra: Sequence[str] = ()) -> Any:
        pd = require_pandas()
        return pd.DataFrame(rows, columns=[first, *extra, *self.labels])

    def _label(self, spec: Stat | Ratio) -> str:
        return t(label_key(self.game, spec), self.lang)

    def _measure_label(self, column: str) -> str:
        return measure_label(get_game(self.game), column, self.lang)

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
        pd = require_pandas()
        lang = self.lang
        rows = []
        for config in self.configs:
            changed = changed_options(config)
            rows.append([config.label, config.players, number(config.count, lang),
                         ", ".join(config.bots()),
                         ", ".join(f"{k}={option_text(v)}" for k, v in changed.items()) or "–"])
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
        rows.append([t("report.fair", lang)] + [_percent(fair_share(c), lang)
                                                for c in self.configs])
        header = t("report.col.seat" if by == "seat" else "report.col.order", lang)
        return self._table(rows, header), rates

    def _seats(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.seats", lang), level=3)
        table, rates = self._rate_table("seat", lambda s: _seat_name(s, lang))
        section.add_table(t("report.seats_caption", lang), table)
        section.add_figure(self._figure("seats"), t("report.fig.seats", lang, game=self.title),
                           self._rate_figure(rates, t("report.axis.seat", lang),
                                             lambda s: str(s + 1),
                                             t("report.fig.seats", lang, game=self.title)))
        for config in self.configs:
            first = rates[config.label]["rate"][0]
            section.text(self._verdict_text("seat", config, first))
            self._places_text(section, "seats", config)
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
                self._places_text(section, "places", config)
        section.text(t("report.rate_method", lang))
        return section

    def _verdict(self, who: str, config: Config, first: Rate) -> str:
        """The verdict on the first seat (who="seat") or the starting player ("order").
        Every verdict drawn about this game is one family (`_family`): with more than one,
        a verdict stands only if its Holm-adjusted p is below 5 % (else the gap may be
        chance), and says that p."""
        lang = self.lang
        fair = fair_share(config)
        found = verdict(first, fair)
        texts = {"rate": _rate_text(first, lang), "fair": _percent(fair, lang)}
        adjusted = self._adjusted()
        if len(adjusted) == 1 or found == "none":
            return t(f"report.verdict.{who}.{found}", lang, **texts)
        p = adjusted[(who, config.label)]
        family = {"count": len(adjusted), "p": _p_text(p, lang)}
        if p >= ALPHA:
            return t(f"report.verdict.{who}.chance", lang, **texts, **family)
        said = t(f"report.verdict.{who}.{found}", lang, **texts)
        return f"{said} {t('report.holm', lang, **family)}"

    def _family(self) -> list[tuple[str, Config]]:
        """The tests behind this game's verdicts: the first seat in every configuration and,
        when the starting player is drawn, the starting player; with more than 2 players,
        whether any seat ("seats") or place in the turn order ("places") wins more or less
        than the others. They are asked of the same games, so they are corrected together:
        the chance that any verdict about the game is chance alone is at most 5 %."""
        questions = ("seat", "order") if self.has_order else ("seat",)
        family = [(who, config) for who in questions for config in self.configs]
        return family + [(ALL_PLACES[who], config) for who in questions
                         for config in self.configs if config.players > 2]

    def _p_value(self, who: str, config: Config) -> float:
        """The p-value of one test of `_family`, before any correction."""
        if who in ALL_PLACES.values():
            return places_p_value(config, BY[who])
        return score_p_value(win_rates(config, BY[who])["rate"][0], fair_share(config))

    def _adjusted(self) -> dict[tuple[str, str], float]:
        """Per (question, configuration) of `_family`, its Holm-adjusted p-value."""
        if self._holm is None:
            family = self._family()
            p_values = [self._p_value(who, c) for who, c in family]
            self._holm = {(who, c.label): p for (who, c), p in zip(family, holm(p_values))}
        return self._holm

    def _places_verdict(self, who: str, config: Config) -> str | None:
        """Whether the seats (who="seats") or the places in the turn order ("places") of a
        table of more than 2 differ at all; None with 2 players (the first place's test
        asks the same)."""
        if config.players < 3:
            return None
        lang = self.lang
        rates = list(win_rates(config, BY[who])["rate"])
        values = [r.value for r in rates]
        best, worst = values.index(max(values)), values.index(min(values))
        p = self._p_value(who, config)
        adjusted = self._adjusted()[(who, config.label)]
        texts = {"p": _p_said(p, lang), "adjusted": _p_text(adjusted, lang),
                 "count": len(self._adjusted()), "best": best + 1, "worst": worst + 1,
                 "best_rate": _rate_text(rates[best], lang),
                 "worst_rate": _rate_text(rates[worst], lang)}
        found = "none" if not p < ALPHA else "chance" if adjusted >= ALPHA else "found"
        said = t(f"report.verdict.{who}.{found}", lang, **texts)
        if found == "found":
            said += " " + t("report.holm", lang, count=texts["count"], p=texts["adjusted"])
        return said

    def _places_text(self, section: Section, who: str, config: Config) -> None:
        """The page's line on every seat or place at once, led by the configuration."""
        said = self._places_verdict(who, config)
        if said is not None:
            section.text(t("report.for_config", self.lang, config=config.label, text=said))

    def _verdict_text(self, who: str, config: Config, first: Rate) -> str:
        """The verdict led by its configuration's label (the page lists them one by one)."""
        return t("report.for_config", self.lang, config=config.label,
                 text=self._verdict(who, config, first))

    def _spread_text(self, config: Config) -> str:
        """The gap between the best and the worst bot, with its interval and their names."""
        rates = bot_rates(config)
        best = max(rates, key=lambda b: rates[b].value)
        worst = min(rates, key=lambda b: rates[b].value)
        spread = bot_spread(config)
        return t("report.spread_cell", self.lang, spread=_interval(
            spread.value, spread.low, spread.high, self.lang,
            as_percent=True), best=best, worst=worst)

    def _balance(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.balance", lang), level=3)
        rows = [[t("report.balance", lang)] + [number(balance(c), lang, 3) for c in self.configs],
                [t("report.fair_balance", lang)] + [
                    _estimate_text(fair_balance(c.count, c.players), lang, 3)
                    for c in self.configs]]
        spreads = []
        for config in self.configs if any(len(c.bots()) > 1 for c in self.configs) else ():
            if len(config.bots()) > 1:
                spreads.append(self._spread_text(config))
            else:
                spreads.append("–")
        if spreads:
            rows.append([t("report.bot_spread", lang)] + spreads)
        section.add_table(t("report.balance_caption", lang),
                          self._table(rows, t("report.col.measure", lang)))
        section.text(t("report.balance_note", lang))
        return section

    def _bots(self) -> Section:
        lang = self.lang
        section = Section(t("report.section.bots", lang), level=3)
        bots = list(dict.fromkeys(b for c in self.configs for b in c.bots()))
        rates = {c.label: bot_rates(c) for c in self.configs}
        rows = [[bot] + [_rate_text(rates[c.label].get(bot), lang) for c in self.configs]
                for bot in bots]
        section.add_table(t("report.bots_caption", lang), self._table(rows,
                                                                      t("report.col.bot", lang)))
        series = {label: [rates[label].get(bot) for bot in bots] for label in self.labels}
        fig_title = t("report.fig.bots", lang, game=self.title)
        section.add_figure(self._figure("bots"), fig_title,
                           bar_figure(fig_title, t("report.axis.win_rate", lang), bots, series,
                                      percent=True))
        return section

    def _constant(self, column: str, level: str = GAME) -> bool:
        """Whether a number takes one value in every game (or seat) of every configuration
        (Wazabi's games in a match: always 1): the tables leave it out, as the plots do."""
        return len({v for c in self.configs
                    for v in (c.games if level == GAME else c.rows)[column].dropna()}) <= 1

    def _length_columns(self) -> list[str]:
        """decisions, turns, the game's metrics; without the columns that repeat another
        or never vary."""
        columns = self.configs[0].rows.columns
        wanted = ["decisions", "g_" + TURNS] + [c for c in columns if c.startswith("m_")]
        kept: list[str] = []
        for column in wanted:
            if column not in columns or any(self.configs[0].games[column].isna()) \
                    or self._constant(column):
                continue
            if any(all(c.games[column].astype(float).equals(c.games[k].astype(float))
                       for c in self.configs) for k in kept):
                continue
            kept.append(column)
        return kept

    def _length(self) -> Section:
        """The table of each length measure per configuration; with several configurations,
        their means and spreads side by side (overlaid histograms are hard to compare),
        then the histograms."""
        lang = self.lang
        section = Section(t("report.section.length", lang), level=3)
        rows = []
        histograms, spreads = [], []
        for column in self._length_columns():
            label = self._measure_label(column)
            row = [label]
            per_config = []
            for config in self.configs:
                values = config.games[column].astype(float)
                estimate = game_number(config, column)
                spread = Spread(estimate.value, estimate.low, estimate.high, values.median(),
                                values.quantile(0.1), values.quantile(0.9))
                per_config.append(spread)
                row.append(f"{_estimate_text(estimate, lang, MEAN_DECIMALS)}, "
                           f"{number(spread.median, lang, 0)} ({number(spread.p10, lang, 0)}–"
                           f"{number(spread.p90, lang, 0)})")
            rows.append(row)
            data = {c.label: c.games[column].astype(float).to_numpy() for c in self.configs}
            if _varies(data):
                histograms.append((label, data))
                spreads.append((label, per_config))
        section.add_table(t("report.length_caption", lang),
                          self._table(rows, t("report.col.measure", lang)))
        if len(self.configs) > 1:
            differences = self._differences()
            reference = self.labels[0]
            pd = require_pandas()
            table = pd.DataFrame(
                [[self._measure_label(column)] + [self._signed(differences[label][column])
                                                  for label in self.labels[1:]]
                 for column in self._length_columns()],
                columns=[t("report.col.measure", lang), *self.labels[1:]])
            section.add_table(t("report.length_diff_caption", lang, reference=reference), table)
            section.text(t("report.length_diff_note", lang, reference=reference))
        if spreads and len(self.configs) > 1:
            fig_title = t("report.fig.length_means", lang, game=self.title)
            legend = [t(f"report.legend.{mark}", lang) for mark in ("mean", "median", "deciles")]
            section.add_figure(self._figure("length-means"), fig_title,
                               spread_figure(fig_title, self.labels, legend, spreads))
        if histograms:
            fig_title = t("report.fig.length", lang, game=self.title)
            section.add_figure(self._figure("length"), fig_title, histogram_figure(
                fig_title, t("report.axis.share_games", lang), histograms))
        return section

    def _differences(self) -> dict[str, dict[str, Estimate]]:
        """Per configuration after the first, each length measure's mean minus the first's."""
        reference = self.configs[0]
        return {config.label: {column: difference(config.games[column].astype(float),
                                                  reference.games[column].astype(float))
                               for column in self._length_columns()}
                for config in self.configs[1:]}

    def _signed(self, estimate: Estimate) -> str:
        """A difference with its sign and interval: "+926.6 [907.5, 945.7]"."""
        decimals = _decimals(estimate.value)

        def signed(value: float) -> str:
            return ("+" if round(value, decimals) > 0 else "") + number(value, self.lang, decimals)

        if not (math.isfinite(estimate.low) and math.isfinite(estimate.high)):
            return signed(estimate.value)
        return t("report.signed_interval", self.lang, value=signed(estimate.value),
                 low=signed(estimate.low), high=signed(estimate.high))

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
                if spec.level == GAME:
                    ratio_bars[GAME][label] = (
                        cells if dimension == "config"
                        else [ratio(self.configs[0], spec, bot) for bot in series_names])
                else:  # per player: one bar per seat
                    ratio_bars[SEAT][label] = self._per_seat(spec, dimension, series_names)
                continue
            column = ("g_" if spec.level == GAME else "s_") + spec.name
            if column not in columns or spec.kind == NUMBER and self._constant(column, spec.level):
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
                data = {c.label: [v for vs in values_of(c, column) for v in vs]
                        for c in self.configs}
                if _varies(data):
                    fig_title = t("report.fig.values", lang, what=label, game=self.title)
                    section.add_figure(self._figure("values-" + spec.name), fig_title,
                                       histogram_figure(fig_title, t("report.axis.share_obs", lang),
                                                        [(label, data)]))
            elif spec.kind == SERIES:
                if dimension == "config":
                    curves = {c.label: series_mean(c, column) for c in self.configs}
                else:
                    curves = {bot: series_mean(self.configs[0], column, bot)
                              for bot in series_names}
                fig_title = t("report.fig.series", lang, what=label, game=self.title)
                section.add_figure(self._figure("series-" + spec.name), fig_title,
                                   curve_figure(fig_title, t("report.axis.turn", lang), label,
                                                curves))
        tables = []
        if game_rows:
            tables.append(Block("table", t("report.game_stats_caption", lang),
                                table=self._table(game_rows, t("report.col.statistic", lang))))
        if seat_rows:
            extra = [t("report.col.bot", lang)] if multi_bot else []
            tables.append(Block("table", t("report.seat_stats_caption", lang),
                                table=self._table(seat_rows, t("report.col.statistic", lang),
                                                  extra)))
        section.blocks[:0] = tables
        if ratio_bars[GAME]:
            bars = ratio_bars[GAME]
            groups = list(bars)
            series = {name: [bars[g][i] for g in groups] for i, name in enumerate(series_names)}
            fig_title = t("report.fig.rates_game", lang, game=self.title)
            section.add_figure(self._figure("rates-game"), fig_title,
                               bar_figure(fig_title, t("report.axis.rate", lang), groups, series,
                                          percent=True))
        if ratio_bars[SEAT]:  # groups: the seats; series: each rate (for each config or bot)
            bars = ratio_bars[SEAT]
            players = max(c.players for c in self.configs)
            series = {(label if len(series_names) == 1 else f"{label} · {name}"
                       if len(bars) > 1 else name): per_seat
                      for label, by_name in bars.items() for name, per_seat in by_name.items()}
            fig_title = t("report.fig.rates_seat", lang, game=self.title)
            # one rate: its name on the axis (the legend names the configurations or bots)
            axis = next(iter(bars)) if len(bars) == 1 else t("report.axis.rate", lang)
            section.add_figure(self._figure("rates-seat"), fig_title,
                               bar_figure(fig_title, axis,
                                          [str(seat + 1) for seat in range(players)], series,
                                          percent=True, xlabel=t("report.axis.seat", lang)))
        if section.blocks:
            # the game's own example of a fact known only once it is revealed, if it has one
            example = f"stats.{self.game}.public_example"
            section.text(t("report.stats_method", lang)
                         + (" " + t(example, lang) if has_text(example) else ""))
        return section

    def _per_seat(self, spec: Ratio, dimension: str,
                  series_names: list[str]) -> dict[str, list[Rate | None]]:
        """A seat-level rate for each seat (0..n-1), per configuration or else per bot."""
        players = max(c.players for c in self.configs)
        if dimension == "config":
            return {c.label: [ratio(c, spec, seat=s) if s < c.players else None
                              for s in range(players)] for c in self.configs}
        config = self.configs[0]
        return {bot: [ratio(config, spec, bot, s) for s in range(players)] for bot in series_names}

    def _by_bot(self, label: str, bots: list[str],
                cell: Callable[[Config, str | None], str]) -> list[list[str]]:
        """Table rows of a per-player statistic: all seats, then each bot if there are several."""
        if len(bots) < 2:
            return [[label] + [cell(c, None) for c in self.configs]]
        rows = [[label, t("report.all_bots", self.lang)] + [cell(c, None) for c in self.configs]]
        for bot in bots:
            rows.append(["", bot] + [cell(c, bot) if bot in c.bots() else "–"
                                     for c in self.configs])
        return rows

    def _rate_figure(self, rates: Mapping[str, Any], axis: str, tick: Callable[[int], str],
                     title: str) -> Any:
        players = max(c.players for c in self.configs)
        groups = [tick(i) for i in range(players)]
        series = {c.label: [rates[c.label]["rate"][i] if i < c.players else None
                            for i in range(players)] for c in self.configs}
        fairs = {c.label: fair_share(c) for c in self.configs}
        return bar_figure(title, t("report.axis.win_rate", self.lang), groups, series,
                          percent=True, fair=fairs, fair_label=t("report.fair", self.lang),
                          xlabel=axis)

    # -- terminal -----------------------------------------------------------
    def summary(self) -> list[str]:
        """Per configuration, a head line, then its findings indented by two spaces (each
        one sentence; the head names the configuration once)."""
        lang = self.lang
        lines = []
        differences: dict[str, dict[str, Estimate]] = {}
        for config in self.configs:
            head = ("report.summary.head_games" if config.label_has_players
                    else "report.summary.head")
            lines.append(t(head, lang, game=self.title, config=config.label,
                           games=number(config.count, lang), players=config.players))
            for who in ("seat", "order") if self.has_order else ("seat",):
                lines.append("  " + _sentence(self._verdict(
                    who, config, win_rates(config, BY[who])["rate"][0])))
                said = self._places_verdict(ALL_PLACES[who], config)
                if said is not None:
                    lines.append("  " + _sentence(said))
            if len(config.bots()) > 1:
                rates = bot_rates(config)
                listed = ", ".join(f"{bot} {_rate_text(rates[bot], lang)}" for bot in rates)
                lines.append("  " + t("report.summary.bots", lang, rates=listed,
                                      spread=self._spread_text(config)))
            fair = fair_balance(config.count, config.players)
            lines.append("  " + t("report.summary.balance", lang,
                                  balance=number(balance(config), lang, 3),
                                  low=number(fair.low, lang, 3), high=number(fair.high, lang, 3)))
            means = {column: config.games[column].astype(float).mean()
                     for column in self._length_columns() if column in SUMMARY_LENGTHS}
            lines.append("  " + t("report.summary.length", lang,
                                  lengths=lengths_text(get_game(self.game), means, lang)))
            if config is not self.configs[0]:
                differences = differences or self._differences()
                said = ", ".join(f"{self._measure_label(column).lower()} "
                                 f"{self._signed(differences[config.label][column])}"
                                 for column in means)
                lines.append("  " + t("report.summary.length_diff", lang,
                                      reference=self.configs[0].label, lengths=said))
        return lines
