"""The report's plots (matplotlib, imported only when a figure is drawn) and their PNG bytes."""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.sim.report.compute import Rate
from ludotheque.sim.report.load import FEATURE


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


def bar_figure(title: str, ylabel: str, groups: Sequence[str],
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
        low = [max(0.0, (v.value - v.low) * scale) if v is not None and v.trials else 0.0
               for v in values]
        high = [max(0.0, (v.high - v.value) * scale) if v is not None and v.trials else 0.0
                for v in values]
        position = x - 0.4 + width * (index + 0.5)
        axes.bar(position, centre, width * 0.9, yerr=[low, high], capsize=3, label=name)
        if fair is not None:  # at the seats this series has
            marks = [fair[name] * scale if v is not None else np.nan for v in values]
            axes.plot(position, marks, linestyle="none", marker="_", markersize=14, color="black",
                      label=fair_label if index == 0 else None, gid="fair")
    axes.set_xticks(x, groups)
    if len(groups) > 4 and max(map(len, groups)) > 12:
        axes.tick_params(axis="x", labelrotation=20)
    axes.set_title(title)
    axes.set_ylabel(ylabel + (" (%)" if percent else ""))
    if xlabel:
        axes.set_xlabel(xlabel)
    if len(series) > 1 or fair is not None:
        _legend(figure, axes)
    return figure


def histogram_figure(title: str, ylabel: str,
                     panels: Sequence[tuple[str, Mapping[str, Sequence[float]]]]) -> Any:
    """Distributions, one panel per (x label, data), stacked one under the other (side by
    side, three were too small to read on a phone): in each, one step histogram per
    series, as shares."""
    import numpy as np

    _require_matplotlib()
    figure = _new_figure(height=1.2 + 3.0 * len(panels))
    figure.suptitle(title)
    for index, (xlabel, data) in enumerate(panels):
        axes = figure.add_subplot(len(panels), 1, index + 1)
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
        axes.set_ylabel(ylabel + " (%)")
        if len(present) > 1 and index == len(panels) - 1:
            _legend(figure, axes)
    return figure


@dataclass(frozen=True)
class Spread:
    """One configuration's values of a measure: the mean with its 95 % interval, the
    median and the 10th and 90th percentiles."""

    mean: float
    low: float
    high: float
    median: float
    p10: float
    p90: float


def spread_figure(title: str, names: Sequence[str], legend: Sequence[str],
                  panels: Sequence[tuple[str, Sequence[Spread]]]) -> Any:
    """One row per name (a configuration), one panel per (x label, spreads) stacked one
    under the other (readable on a phone): the mean as a dot with its interval as a bar,
    the median as a diamond, the 10th to 90th percentiles as a thin line. `legend`: the
    names of those three marks."""
    import numpy as np

    _require_matplotlib()
    rows = len(names)
    figure = _new_figure(height=1.2 + len(panels) * (0.9 + 0.35 * rows))
    figure.suptitle(title)
    y = np.arange(rows)[::-1]  # the first configuration at the top
    for index, (xlabel, spreads) in enumerate(panels):
        axes = figure.add_subplot(len(panels), 1, index + 1)
        mean = [s.mean for s in spreads]
        error = [[max(0.0, s.mean - s.low) if math.isfinite(s.low) else 0.0 for s in spreads],
                 [max(0.0, s.high - s.mean) if math.isfinite(s.high) else 0.0 for s in spreads]]
        bars = axes.errorbar(mean, y, xerr=error, fmt="o", color="C0", capsize=4, linewidth=2,
                             label=legend[0], zorder=3)
        bars.lines[0].set_gid("mean")
        for part in (*bars.lines[1], *bars.lines[2]):  # the caps and the interval's bar
            part.set_gid("interval")
        axes.plot([s.median for s in spreads], y, linestyle="none", marker="D", markersize=5,
                  color="C1", label=legend[1], gid="median", zorder=4)
        axes.hlines(y, [s.p10 for s in spreads], [s.p90 for s in spreads], color="0.6",
                    linewidth=1.2, label=legend[2], gid="percentiles", zorder=2)
        axes.set_yticks(y, names)
        axes.set_ylim(-0.6, rows - 0.4)
        axes.set_xlabel(xlabel)
        axes.grid(axis="x", color="0.9")
    _legend(figure, figure.axes[-1], legend)
    return figure


def curve_figure(title: str, xlabel: str, ylabel: str,
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
        _legend(figure, axes)
    return figure


def _legend(figure: Any, axes: Any, order: Sequence[str] = ()) -> None:
    """The legend of `axes` below the plots, where it hides no bar nor curve; `order`:
    its labels in that order (else matplotlib's: lines, then collections, then bars)."""
    handles, labels = axes.get_legend_handles_labels()
    if order:
        handles = [handles[labels.index(label)] for label in order]
        labels = list(order)
    columns = 1 if max(map(len, labels)) > 30 else min(3, len(labels))
    figure.legend(handles, labels, loc="outside lower center", ncols=columns, fontsize="small",
                  frameon=False)


def png_bytes(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()
