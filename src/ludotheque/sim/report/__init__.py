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
  that interval, which is the two-sided score test at the 5 % level. The tests behind
  a game's verdicts (the first seat and, where the starting player is drawn, the
  starting player, in every configuration; with more than 2 players, a chi-square test
  over every seat and over every place in the turn order) are one family: with more than one, a
  verdict stands when its Holm-adjusted p-value is below 5 % (the chance of any false
  verdict about the game is at most 5 %). Each game is a family of its own;
* means with a 95 % bootstrap interval over games (Poisson weights and a fixed
  seed, so that the same files give the same report). Resampling whole games
  respects the dependence between the seats, and the observations, of a game;
* Ludii's Balance metric: 1 minus the largest gap between the win rates of two
  seats (1: every seat wins equally often), beside the range that seats of equal
  chances would give with as many games.

By job: `load` (results files, configurations), `compute` (the statistics),
`layout` (the document and its summary), `figures` (the plots) and `writing`
(HTML page, PNG files). pandas, pyarrow and matplotlib (the `report` extra) are
imported only there, when a report is made.
"""

from ludotheque.sim.report.compute import (
    Estimate,
    Rate,
    balance,
    bootstrap,
    bot_rates,
    bot_spread,
    fair_balance,
    fair_share,
    mean_estimate,
    seats_balanced,
    series_mean,
    verdict,
    win_rates,
)
from ludotheque.sim.report.layout import Report, build_report
from ludotheque.sim.report.load import Config, changed_options, configurations, load_results
from ludotheque.sim.report.writing import check_png_folder, html_page, write_html, write_pngs

__all__ = [
    "Config", "Estimate", "Rate", "Report", "balance", "bootstrap", "bot_rates", "bot_spread",
    "build_report", "changed_options", "check_png_folder", "configurations", "fair_balance",
    "fair_share", "html_page", "load_results", "mean_estimate", "seats_balanced", "series_mean",
    "verdict", "win_rates", "write_html", "write_pngs",
]
