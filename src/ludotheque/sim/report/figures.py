"""The report's plots (matplotlib, imported only when a figure is drawn) and their PNG bytes."""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
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
        low = [max(0.0, (v.value - v.low) * scale) if v is not None and v.trials else 0.0 for v in values]
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
            _legend(figure, axes)
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


def _legend(figure: Any, axes: Any) -> None:
    """The legend of `axes` below the plots, where it hides no bar nor curve."""
    handles, labels = axes.get_legend_handles_labels()
    columns = 1 if max(map(len, labels)) > 30 else min(3, len(labels))
    figure.legend(handles, labels, loc="outside lower center", ncols=columns, fontsize="small",
                  frameon=False)


def png_bytes(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()
