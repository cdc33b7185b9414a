"""The report (`ludotheque report`, ludotheque.sim.report): reading results files, the
statistics it draws from them, its verdicts, its HTML page and PNG plots, in both
languages, and its errors. Results come from `ludotheque simulate --out` (the real
writer) or, for exact verdicts, from small tables built here."""

from __future__ import annotations

import base64
import html
import json
import math
import random
import re
import subprocess
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from ludotheque.cli import app
from ludotheque.core.errors import LudoError
from ludotheque.i18n import number, percent, t
from ludotheque.sim import report as rp
from ludotheque.sim.arena import wilson
from ludotheque.sim.report.layout import _rate_text

RUNNER = CliRunner(env={"COLUMNS": "200"})
PNG = b"\x89PNG\r\n\x1a\n"


def invoke(args):
    result = RUNNER.invoke(app, [str(a) for a in args])
    result.flat = " ".join(result.output.replace("\u00a0", " ").replace("\u202f", " ").split())
    return result


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A 17 run with two kinds of bots (Parquet) and a Wazabi sweep (CSV), by the real writer."""
    folder = tmp_path_factory.mktemp("results")
    r17, wazabi = folder / "r17.parquet", folder / "wazabi.csv"
    for args in (["simulate", "17", "-p", "4", "-n", "160", "--bots",
                  "heuristic,heuristic,random,random",
                  "--out", r17, "-j", "1"],
                 ["simulate", "wazabi", "-p", "3", "-n", "40", "--sweep", "dice_per_player=3,4,5",
                  "--out", wazabi, "-j", "1"]):
        result = invoke(args)
        assert result.exit_code == 0, result.output
    return r17, wazabi


def table(games, players=2, seat0_wins=None, bots=("bot",), rotate=True, config="default",
          options=None, game="dtc"):
    """Rows in the results schema (required columns only): game i is won by seat 0 if
    i < seat0_wins, else by seat 1; bots turn one seat per game if `rotate`."""
    rows = []
    for index in range(games):
        winner = 0 if index < seat0_wins else 1
        for seat in range(players):
            bot = bots[(seat - index) % len(bots)] if rotate else bots[seat % len(bots)]
            rows.append({"game": game, "config": config, "options": json.dumps(options or {}),
                         "game_index": index, "seed": 1000 + index, "players": players,
                         "seat": seat, "bot": bot, "win": float(seat == winner),
                         "rank": 1 if seat == winner else 2, "decisions": 10 + index % 7})
    return pd.DataFrame(rows)


def write(frame, path):
    if path.suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path)
    return path


def only_config(paths, lang="en"):
    (configs,) = rp.configurations(rp.load_results(paths), lang).values()
    assert len(configs) == 1
    return configs[0]


# ------------------------------------------------------------------- statistics
def test_win_rates_per_seat_and_turn_order_come_from_the_file(files):
    r17, _ = files
    frame = pd.read_parquet(r17)
    config = only_config([r17])
    assert config.count == 160 and config.players == 4
    assert rp.fair_share(config) == pytest.approx(frame["win"].sum() / (160 * 4))
    for by in ("seat", "s_order"):
        rates = rp.win_rates(config, by)["rate"]
        for index in range(4):
            wins = frame.loc[frame[by] == index, "win"]
            assert rates[index].value == pytest.approx(wins.mean())
            assert (rates[index].low, rates[index].high) == pytest.approx(wilson(wins.sum(),
                                                                                 len(wins)))
    bots = rp.bot_rates(config)
    assert set(bots) == {"heuristic", "random"}
    for bot, value in bots.items():
        assert value.value == pytest.approx(frame.loc[frame["bot"] == bot, "win"].mean())


@pytest.mark.parametrize(("wins", "expected"), [(600, "advantage"), (500, "none"),
                                                (400, "disadvantage")])
def test_first_seat_verdict_compares_the_fair_share_with_the_interval(tmp_path, wins, expected):
    config = only_config([write(table(1000, seat0_wins=wins), tmp_path / "r.csv")])
    first = rp.win_rates(config)["rate"][0]
    assert first.value == pytest.approx(wins / 1000)
    assert rp.verdict(first, rp.fair_share(config)) == expected
    balance = rp.balance(config)
    assert balance == pytest.approx(1 - abs(wins - (1000 - wins)) / 1000)
    fair = rp.fair_balance(1000, 2)  # what equal seats would show
    assert fair.low < fair.value < fair.high <= 1
    assert (balance < fair.low) == (expected != "none")
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([tmp_path / "r.csv"]), lang)
        said = t(f"report.verdict.seat.{expected}", lang, rate=_rate_text(first, lang),
                 fair=percent(0.5, lang))
        assert "  " + said[0].upper() + said[1:] in report.summary  # under its head line
        assert html.escape(t("report.for_config", lang, config=t("report.default", lang),
                             text=said)) in rp.html_page(report)


def test_bot_spread_and_seat_rotation(tmp_path):
    rotated = table(600, seat0_wins=300, bots=("strong", "weak"))
    # The strong bot wins 70 % of the games: the winner is its seat.
    rotated["win"] = [float((b == "strong") == (i % 10 < 7)) for i, b in
                      zip(rotated["game_index"], rotated["bot"])]
    config = only_config([write(rotated, tmp_path / "rotated.csv")])
    rates = rp.bot_rates(config)
    assert rates["strong"].value == pytest.approx(0.7) and rates["weak"].value == pytest.approx(0.3)
    spread = rp.bot_spread(config)
    assert spread.value == pytest.approx(0.4) and 0 < spread.low < 0.4 < spread.high
    assert rp.seats_balanced(config)
    fixed = only_config([write(table(100, seat0_wins=50, bots=("a", "b"), rotate=False),
                               tmp_path / "fixed.csv")])
    assert not rp.seats_balanced(fixed)
    report = rp.build_report(rp.load_results([tmp_path / "fixed.csv"]), "fr")
    texts = [b.text for s in report.sections for b in s.blocks if b.kind == "text"]
    assert t("report.unbalanced", "fr", config=t("report.default", "fr")) in texts


def test_bootstrap_interval_covers_the_mean_and_narrows_with_more_games():
    import numpy as np

    rng = np.random.default_rng(5)
    small = rng.normal(10, 3, 50)
    large = rng.normal(10, 3, 2000)
    estimates = [rp.mean_estimate(v, np.ones_like(v)) for v in (small, large)]
    for values, estimate in zip((small, large), estimates):
        assert estimate.low < values.mean() < estimate.high
    assert estimates[1].high - estimates[1].low < estimates[0].high - estimates[0].low
    assert all(math.isnan(x) for x in rp.bootstrap([1.0], [1.0]))  # one game: no interval
    few, many = rp.fair_balance(100, 4), rp.fair_balance(10_000, 4)
    assert few.value < many.value < 1 and many.high - many.low < few.high - few.low


def test_a_sweep_is_shown_side_by_side(files):
    _, wazabi = files
    frame = rp.load_results([wazabi])
    configs = rp.configurations(frame, "en")["wazabi"]
    labels = [c.label for c in configs]
    assert labels == ["dice_per_player=3", "dice_per_player=4", "dice_per_player=5"]
    means = [c.games["decisions"].mean() for c in configs]
    assert means == sorted(means)  # more dice, longer games
    for config, dice in zip(configs, (3, 4, 5)):
        steps, curve = rp.series_mean(config, "s_dice")
        assert steps[0] == 0 and curve[0] == dice  # everyone starts with the dice dealt
        assert rp.changed_options(config) == ({} if dice == 4 else {"dice_per_player": dice})
    report = rp.build_report(frame, "fr")
    length = next(b.table for s in report.sections for b in s.blocks
                  if b.kind == "table" and b.text == t("report.length_caption", "fr"))
    assert list(length.columns) == [t("report.col.measure", "fr"), *labels]
    for block in report.figures():
        axes = block.figure.axes[0]
        assert block.figure.get_suptitle() == block.text or axes.get_title() == block.text
        assert block.text.startswith("Wazabi\u00a0:")  # French plot titles
    series = next(b for b in report.figures() if b.name == "wazabi-series-dice")
    assert series.figure.axes[0].get_xlabel() == t("report.axis.turn", "fr")
    assert [line.get_label() for line in series.figure.axes[0].get_lines()] == labels


def test_runs_with_other_options_or_players_get_their_own_labels(tmp_path):
    a = write(table(40, seat0_wins=20, options={"variant_higher": False}), tmp_path / "a.csv")
    b = write(table(40, seat0_wins=20, options={"variant_higher": True}), tmp_path / "b.csv")
    c = write(table(40, players=3, seat0_wins=20, options={"variant_higher": True}),
              tmp_path / "c.csv")
    configs = rp.configurations(rp.load_results([a, b, c]), "en")["dtc"]
    labels = [config.label for config in configs]
    assert len(set(labels)) == 3 and all(label.startswith("default · ") for label in labels)
    assert "variant_higher=false" in labels[0] and "variant_higher=true" in labels[1]
    assert "3 players" in labels[2]
    assert [config.count for config in configs] == [40, 40, 40]


def test_the_same_games_given_twice_count_once(files):
    r17, _ = files
    assert len(rp.load_results([r17, r17])) == len(rp.load_results([r17]))


def test_runs_with_the_same_seed_but_other_bots_are_two_configurations(tmp_path):
    """Two runs with the default seed, one of `medium` and one of `random`, are other games:
    each keeps all of its games and its own numbers (they were once taken for the same
    games, and the second file's dropped)."""
    paths = {bot: tmp_path / f"{bot}.csv" for bot in ("medium", "random")}
    for bot, path in paths.items():
        result = invoke(["simulate", "17", "-p", "3", "-n", "30", "--bots", bot, "-j", "1",
                         "--out", path])
        assert result.exit_code == 0, result.output
    configs = rp.configurations(rp.load_results(paths.values()), "en")["diciassette"]
    assert [c.bots() for c in configs] == [["medium"], ["random"]]
    assert configs[0].label != configs[1].label and "random" in configs[1].label
    for config, path in zip(configs, paths.values()):
        frame = pd.read_csv(path)
        assert config.count == 30
        first = frame.loc[frame["seat"] == 0, "win"]
        assert rp.win_rates(config)["rate"][0].value == pytest.approx(first.mean())
        assert config.games["decisions"].mean() == pytest.approx(
            frame.loc[frame["seat"] == 0, "decisions"].mean())


def test_the_same_games_with_other_results_are_refused(files, tmp_path):
    """Another version of the game (or a search bot on another budget) gives other results
    for the same seed and bots: refused, naming both files, rather than one of them lost."""
    r17, _ = files
    other = pd.read_parquet(r17)
    game = other["game_index"] == 3
    other.loc[game, "win"] = other.loc[game, "win"].to_numpy()[::-1]  # another winner
    changed = write(other, tmp_path / "other.parquet")
    with pytest.raises(LudoError) as error:
        rp.load_results([r17, changed])
    assert error.value.key == "error.report_clash"
    for lang in ("en", "fr"):
        message = error.value.message(lang)
        assert str(r17) in message and str(changed) in message and "--seed" in message


# ------------------------------------------------------------------------ output
def test_html_page_is_self_contained_titled_and_translated(files, tmp_path):
    report = rp.build_report(rp.load_results(files), "en", [str(f) for f in files])
    page = rp.write_html(report, tmp_path / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page
    assert f"<title>{t('report.title', 'en', games='17 / Diciassette, Wazabi')}</title>" in page
    assert "http://" not in page and "https://" not in page and "nan" not in page.lower().split()
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == len(report.figures()) >= 8
    assert all(base64.b64decode(image).startswith(PNG) for image in images)
    for key in ("report.section.seats", "report.section.balance", "report.section.bots",
                "report.section.length", "report.section.stats"):
        assert t(key, "en") in page
    for label in ("Calls that were right (sum ≥ 17)", "Dice held after each turn"):
        assert label in page  # each game's own statistics
    folder = tmp_path / "plots"
    written = rp.write_pngs(report, folder)
    assert sorted(written) == sorted(folder.iterdir()) and len(written) == len(images)
    assert all(path.read_bytes().startswith(PNG) for path in written)
    with pytest.raises(LudoError) as error:
        rp.write_pngs(report, tmp_path / "report.html")
    assert error.value.key == "error.report_png_folder"


def test_terminal_summary_at_80_columns_gives_the_bots_with_their_intervals(files):
    """Each finding on its own line under its configuration's head (which alone names the
    configuration), wrapped lines indented further; each bot's win rate per seat held and
    the spread between bots, recomputed from the file."""
    r17, _ = files
    frame = pd.read_parquet(r17)
    narrow = CliRunner(env={"COLUMNS": "80"})
    for lang in ("en", "fr"):
        result = narrow.invoke(app, ["report", str(r17), "--lang", lang])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert all(len(line) <= 80 for line in lines), lines
        label = t("report.default", lang)
        heads = [line for line in lines if not line.startswith(" ")]
        assert len(heads) == 1 and label in heads[0]
        assert all(label not in line for line in lines[1:])
        findings = [line for line in lines[1:] if not line.startswith("    ")]
        assert all(line.startswith("  ") and line[2].isupper() for line in findings), findings
        assert len(findings) < len(lines) - 1  # some wrapped, under their first line
        flat = " ".join(result.output.replace("\u00a0", " ").replace("\u202f", " ").split())
        rates = frame.groupby("bot")["win"].agg(["sum", "count", "mean"])
        for bot, row in rates.iterrows():
            low, high = wilson(row["sum"], int(row["count"]))
            shown = (f"{bot} {number(100 * row['mean'], lang, 1)} % "
                     f"[{number(100 * low, lang, 1)}–{number(100 * high, lang, 1)}]")
            assert shown in flat, flat
        spread = rates["mean"].max() - rates["mean"].min()
        assert f"{number(100 * spread, lang, 1)} % [" in flat.split(";")[-1]


def test_summary_names_the_player_count_once(tmp_path):
    two = write(table(40, seat0_wins=20), tmp_path / "two.csv")
    three = write(table(40, players=3, seat0_wins=20), tmp_path / "three.csv")
    for lang in ("en", "fr"):
        summary = rp.build_report(rp.load_results([two, three]), lang).summary
        for players in (2, 3):
            count = t("report.players_count", lang, players=players)
            # the configuration's head line (a comparison under the other names it too)
            (head,) = [line for line in summary if count in line and not line.startswith(" ")]
            assert head.count(count) == 1


def test_simulate_then_report_from_the_command_line(files, tmp_path):
    r17, _ = files
    page, plots = tmp_path / "rapport.html", tmp_path / "graphiques"
    result = invoke(["report", r17, "--html", page, "--png", plots, "--lang", "fr"])
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(r17)
    first = frame.loc[frame["seat"] == 0, "win"].mean()
    assert f"la place 1 gagne {number(100 * first, 'fr', 1)} %" in result.flat
    assert "Équilibre (Ludii)" in result.flat and "Durée moyenne" in result.flat
    assert '<html lang="fr">' in page.read_text(encoding="utf-8")
    assert any(plots.glob("diciassette-seats.png"))


# ------------------------------------------------------------------------ errors
def _corrupt(tmp_path):
    path = tmp_path / "bad.parquet"
    path.write_bytes(b"PAR1 this is not a parquet file")
    return path


def _edited(tmp_path, change):
    frame = table(10, seat0_wins=5)
    change(frame)
    return write(frame, tmp_path / "edited.csv")


def _cut_short(tmp_path):
    """A results file whose last line was cut after a few characters (a copy cut short)."""
    path = write(table(10, seat0_wins=5), tmp_path / "cut.csv")
    text = path.read_bytes()
    last = text.rstrip(b"\n").rfind(b"\n")
    path.write_bytes(text[:last + 1 + 5])
    return path


@pytest.mark.parametrize(("make", "key"), [
    (lambda p: p / "missing.csv", "error.report_missing"),
    (_cut_short, "error.report_truncated"),
    (lambda p: (p / "results.txt").write_text("x") and p / "results.txt", "error.report_format"),
    (_corrupt, "error.report_unreadable"),
    (lambda p: (p / "cols.csv").write_text("game,seat\n17,0\n") and p / "cols.csv",
     "error.report_columns"),
    (lambda p: write(table(1, seat0_wins=1).iloc[:0], p / "empty.csv"), "error.report_empty"),
    (lambda p: _edited(p, lambda f: f.__setitem__("seat", f["seat"].where(f.index != 3, 5))),
     "error.report_values"),
    (lambda p: _edited(p, lambda f: f.__setitem__("win", f["win"] * 2)), "error.report_values"),
    (lambda p: write(table(10, seat0_wins=5).drop(index=4), p / "hole.csv"), "error.report_seats"),
    (lambda p: write(table(4, seat0_wins=2, game="chess"), p / "chess.csv"), "error.unknown_game"),
])
def test_bad_results_files_get_a_clear_error(tmp_path, make, key):
    path = make(tmp_path)
    with pytest.raises(LudoError) as error:
        rp.load_results([path])
    assert error.value.key == key
    assert str(path) in error.value.message("fr") or key == "error.unknown_game"
    result = invoke(["report", path, "--lang", "fr"])
    assert result.exit_code == 2
    message = error.value.message("fr").replace("\u00a0", " ").replace("\u202f", " ")
    assert " ".join(message.split()) in result.flat


def test_without_the_report_extra_the_error_names_it(monkeypatch, files):
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    result = invoke(["report", files[0], "--lang", "en"])
    assert result.exit_code == 2
    assert "pip install 'ludotheque[report]'" in result.flat


def test_simulations_and_statistics_need_no_report_library():
    code = (
        "import sys\n"
        "for name in ('pandas', 'matplotlib', 'pyarrow'):\n"
        "    sys.modules[name] = None\n"
        "import ludotheque.cli, ludotheque.sim.report\n"
        "from ludotheque.core import get_game\n"
        "from ludotheque.sim.simulate import play_bot_game\n"
        "from ludotheque.sim.stats import stat_specs\n"
        "game = get_game('wazabi')\n"
        "assert stat_specs(game) and play_bot_game(game, ['random'] * 3, game.validate(3, {}), 1)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------------------ plots
def _figure(report, name):
    (block,) = [b for b in report.figures() if b.name == name]
    return block.figure


def test_fair_share_is_marked_only_at_the_seats_a_configuration_has(tmp_path):
    two = write(table(40, seat0_wins=20), tmp_path / "two.csv")
    three = write(table(40, players=3, seat0_wins=20), tmp_path / "three.csv")
    report = rp.build_report(rp.load_results([two, three]), "en")
    marks = [line for line in _figure(report, "dtc-seats").axes[0].get_lines()
             if line.get_gid() == "fair"]
    assert [sum(map(math.isfinite, line.get_ydata())) for line in marks] == [2, 3]
    assert [pytest.approx(list(line.get_ydata())[:2]) for line in marks] == [[50, 50],
                                                                             [100 / 3] * 2]


def test_no_legend_hides_a_plot(files):
    report = rp.build_report(rp.load_results(files), "fr")
    for block in report.figures():
        figure = block.figure
        figure.canvas.draw()
        legends = [*figure.legends, *(a.get_legend() for a in figure.axes if a.get_legend())]
        for legend in legends:
            box = legend.get_window_extent()
            assert not any(box.overlaps(axes.get_window_extent())
                           for axes in figure.axes), block.name


@pytest.fixture(scope="module")
def decimoarr(tmp_path_factory):
    path = tmp_path_factory.mktemp("decimoarr") / "d.csv"
    result = invoke(["simulate", "decimoarr", "-p", "2", "-n", "40", "--bots", "medium,easy",
                     "--out", path, "-j", "1"])
    assert result.exit_code == 0, result.output
    return path


def test_a_plot_names_its_one_rate_and_a_constant_is_not_plotted(decimoarr):
    frame = pd.read_csv(decimoarr)
    failures = [json.loads(cell) for cell in frame.loc[frame["seat"] == 0, "g_round_failures"]]
    assert {value for values in failures for value in values} == {1}  # 2 players: one a round
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([decimoarr]), lang)
        names = [block.name for block in report.figures()]
        assert "decimoarr-values-round_failures" not in names
        assert "decimoarr-values-round_flips" in names  # it varies
        figure = _figure(report, "decimoarr-rates-seat")
        rate = t("stats.decimoarr.seat.failure_rate", lang)
        assert figure.axes[0].get_ylabel().startswith(rate)
        (legend,) = figure.legends or [figure.axes[0].get_legend()]
        assert [text.get_text() for text in legend.get_texts()] == ["medium", "easy"]


def _numbers(text, lang):
    """The numbers of a cell as floats ("+926.6 [+907.7, +946.1]", "-0,13 [-0,48 ; +0,20]")."""
    if lang == "fr":
        text = text.replace("\u202f", "").replace(",", ".")
    return [float(n) for n in re.findall(r"[-+]?\d[\d,]*(?:\.\d+)?", text.replace(",", ""))]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_configurations_are_compared_by_their_difference_with_an_interval(files, lang):
    """"Which gives shorter games, and by how much": each configuration's mean length minus
    the first's, with a 95 % interval, in a table and in the summary; recomputed with pandas
    (the difference of the means, and Welch's normal interval around it)."""
    _, wazabi = files
    games = pd.read_csv(wazabi).query("seat == 0")
    report = rp.build_report(rp.load_results([wazabi]), lang)
    caption = t("report.length_diff_caption", lang, reference="dice_per_player=3")
    (table,) = [b.table for s in report.sections for b in s.blocks
                if b.kind == "table" and b.text == caption]
    assert list(table.columns[1:]) == ["dice_per_player=4", "dice_per_player=5"] and len(table) == 2
    reference = games[games["config"] == "dice_per_player=3"]
    for row, column in zip(table.itertuples(index=False), ("decisions", "g_turns")):
        assert row[0] == t(f"report.measure.{column}", lang)
        for label, cell in zip(table.columns[1:], row[1:]):
            other = games[games["config"] == label]
            gap = other[column].mean() - reference[column].mean()
            half = 1.96 * math.hypot(other[column].sem(), reference[column].sem())
            value, low, high = _numbers(cell, lang)
            assert value == pytest.approx(gap, abs=0.051 if abs(gap) >= 10 else 0.0051)
            assert low == pytest.approx(gap - half, abs=0.25 * half)
            assert high == pytest.approx(gap + half, abs=0.25 * half)
    said = t("report.summary.length_diff", lang, reference="dice_per_player=3", lengths="")
    assert sum(line.strip().startswith(said[:12]) for line in report.summary) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mean_length_per_configuration_is_plotted_with_its_interval_median_and_deciles(
        files, lang, tmp_path):
    """With several configurations, one row per configuration: the mean game length with
    its interval, the median and the 10th-90th percentiles (recomputed with pandas), in the
    page and the PNG files, labelled in the report's language; one configuration has none."""
    r17, wazabi = files
    report = rp.build_report(rp.load_results([wazabi]), lang)
    figure = _figure(report, "wazabi-length-means")
    games = pd.read_csv(wazabi).query("seat == 0")
    labels = list(dict.fromkeys(games["config"]))
    axes = [a for a in figure.axes if a.get_yticklabels()]
    measures = [a.get_xlabel() for a in axes]
    assert measures == [t("report.measure.decisions", lang), t("report.measure.g_turns", lang)]
    for axes_, column in zip(axes, ("decisions", "g_turns")):
        assert [label.get_text() for label in axes_.get_yticklabels()] == labels
        by_config = games.groupby("config", sort=False)[column]
        lines = {line.get_gid(): list(line.get_ydata()) for line in axes_.get_lines()}
        marks = {line.get_gid(): list(line.get_xdata()) for line in axes_.get_lines()
                 if line.get_gid() in ("mean", "median")}
        assert marks["mean"] == pytest.approx(list(by_config.mean()))
        assert marks["median"] == pytest.approx(list(by_config.median()))
        assert lines["mean"] == lines["median"] == [2, 1, 0]  # the first one at the top
        (deciles,) = [c for c in axes_.collections if c.get_gid() == "percentiles"]
        spans = [value for segment in deciles.get_segments() for value in segment[:, 0]]
        assert spans == pytest.approx([value for pair in zip(by_config.quantile(0.1),
                                                             by_config.quantile(0.9))
                                       for value in pair])
        (bars,) = [c for c in axes_.collections if c.get_gid() == "interval"]
        low_high = [tuple(segment[:, 0]) for segment in bars.get_segments()]
        for (low, high), mean in zip(low_high, by_config.mean()):
            assert low < mean < high
    (legend,) = figure.legends
    assert [text.get_text() for text in legend.get_texts()] == [
        t(f"report.legend.{mark}", lang) for mark in ("mean", "median", "deciles")]
    assert figure.get_suptitle() == t("report.fig.length_means", lang, game="Wazabi")
    assert "wazabi-length-means.png" in [p.name for p in rp.write_pngs(report, tmp_path)]
    page = rp.html_page(report)
    assert f'alt="{html.escape(t("report.fig.length_means", lang, game="Wazabi"))}"' in page
    single = rp.build_report(rp.load_results([r17]), lang)
    assert not [b for b in single.figures() if b.name.endswith("length-means")]


def test_several_configurations_correct_their_verdicts_together(tmp_path):
    """Four configurations: seat 1 wins 61, 50, 70 and 50 games of 100. Alone, 61 % would
    be an advantage (the fair 50 % is outside its interval); among four tests, Holm's
    correction (recomputed with pandas and scipy) leaves only 70 % established."""
    from scipy.stats import norm

    frame = pd.concat([table(100, seat0_wins=wins, config=f"c{index}")
                       for index, wins in enumerate((61, 50, 70, 50))])
    path = write(frame, tmp_path / "four.csv")
    first = frame[frame["seat"] == 0].groupby("config", sort=False)["win"].agg(["mean", "count"])
    z = (first["mean"] - 0.5) / (0.25 / first["count"]) ** 0.5
    p = pd.Series(2 * norm.sf(z.abs()), index=first.index).sort_values()
    adjusted = (p * list(range(len(p), 0, -1))).clip(upper=1).cummax().reindex(first.index)
    assert list(adjusted < 0.05) == [False, False, True, False]
    assert p["c0"] < 0.05 < adjusted["c0"]  # alone, c0 would have been a verdict
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([path]), lang)
        page = rp.html_page(report)
        configs = rp.configurations(rp.load_results([path]), lang)["dtc"]
        for config in configs:
            rate = rp.win_rates(config)["rate"][0]
            assert rate.value == pytest.approx(first.at[config.label, "mean"])
            texts = {"rate": _rate_text(rate, lang), "fair": percent(0.5, lang), "count": 4,
                     "p": number(adjusted[config.label], lang, 3)
                     if adjusted[config.label] >= 0.001 else f"< {number(0.001, lang, 3)}"}
            if config.label == "c0":
                said = t("report.verdict.seat.chance", lang, **texts)
            elif config.label == "c2":
                said = (t("report.verdict.seat.advantage", lang, **texts) + " "
                        + t("report.holm", lang, **texts))
            else:
                said = t("report.verdict.seat.none", lang, **texts)
            assert "  " + said[0].upper() + said[1:] in report.summary
            assert html.escape(t("report.for_config", lang, config=config.label, text=said)) in page
        assert html.escape(t("report.rate_method", lang)) in page
        assert "Holm" in t("report.rate_method", lang)
    # one configuration: nothing to correct, the plain verdict
    alone = rp.build_report(rp.load_results([write(table(100, seat0_wins=61),
                                                   tmp_path / "one.csv")]),
                            "en")
    assert any(line.startswith("  Evidence of a first-seat advantage at 95 %: seat 1 wins 61.0 %")
               and line.endswith("above the fair 50.0 %.") for line in alone.summary)


VERDICT_PHRASES = {  # what test_every_verdict_about_a_game_is_corrected_with_the_others reads
    "en": ["No evidence of a first-seat advantage or disadvantage at 95 %: seat 1 wins",
           "No evidence of a first-player advantage or disadvantage at 95 %: "
           "the starting player wins",
           "Evidence of a first-player advantage at 95 %: the starting player wins",
           "above the fair 33.3 %. Holm-adjusted p over the 4 tests run on this game: < 0.001."],
    "fr": ["Pas d'avantage ni de désavantage de la première place établi à 95 % : la place 1 gagne",
           "Pas d'avantage ni de désavantage du premier joueur établi à 95 % : celui qui commence",
           "Avantage du premier joueur établi à 95 % : celui qui commence gagne",
           "part équitable de 33,3 %. Valeur p ajustée de Holm sur les 4 tests menés sur ce jeu : "
           "< 0,001."],
}


def _holm(p_values):
    """Holm's adjusted p-values, with pandas (the k-th smallest times m - k + 1, never
    below the one before)."""
    p = pd.Series(p_values).sort_values()
    return list((p * list(range(len(p), 0, -1))).clip(upper=1).cummax().sort_index())


def _p_shown(p, lang):
    return number(p, lang, 3) if p >= 0.001 else f"< {number(0.001, lang, 3)}"


def _p_said(p, lang):
    return f"p = {_p_shown(p, lang)}" if p >= 0.001 else f"p {_p_shown(p, lang)}"


def test_every_verdict_about_a_game_is_corrected_with_the_others(tmp_path):
    """Played games, one configuration each, where the starting player is drawn: four tests
    per game of more than 2 players (seat 1, the starting player, and a chi-square test over
    every seat and over every place in the turn order), one family per game. In DTC (seed
    30) the starting player wins less than the fair share by chance (p < 5 % alone), which
    Holm's correction no longer calls a finding; 17's real first-player advantage is still
    found (its family is its own: DTC's tests do not weigh on it)."""
    from scipy.stats import chisquare, norm

    paths = {"dtc": tmp_path / "dtc.csv", "17": tmp_path / "17.csv"}
    for game, args in (("dtc", ["-n", "200", "--seed", "30"]),
                       ("17", ["-p", "3", "-n", "200", "--seed", "1"])):
        result = invoke(["simulate", game, *args, "--bots", "random", "-j", "1",
                         "--out", paths[game]])
        assert result.exit_code == 0, result.output
    expected = {"dtc": ("none", "chance"), "diciassette": ("none", "advantage")}
    for lang in ("en", "fr"):
        frame = rp.load_results(list(paths.values()))
        report = rp.build_report(frame, lang)
        for game, configs in rp.configurations(frame, lang).items():
            (config,) = configs
            fair = rp.fair_share(config)
            rates = [rp.win_rates(config, by)["rate"][0] for by in ("seat", "s_order")]
            z = [(r.value - fair) / (fair * (1 - fair) / r.trials) ** 0.5 for r in rates]
            p = [2 * norm.sf(abs(value)) for value in z]
            for by in ("seat", "s_order"):  # every place at once
                wins = config.rows.groupby(by)["win"].sum()
                p.append(chisquare(wins, [wins.sum() / config.players] * config.players).pvalue)
            adjusted = _holm(p)
            if game == "dtc":  # alone, the starting player's gap would be a verdict
                assert rp.verdict(rates[1], fair) != "none" and p[1] < 0.05 < adjusted[1]
            for who, rate, found, p_adjusted in zip(("seat", "order"), rates, expected[game],
                                                   adjusted):
                texts = {"rate": _rate_text(rate, lang), "fair": percent(fair, lang),
                         "count": 4, "p": number(p_adjusted, lang, 3) if p_adjusted >= 0.001
                         else f"< {number(0.001, lang, 3)}"}
                said = t(f"report.verdict.{who}.{found}", lang, **texts)
                if found == "advantage":
                    said += " " + t("report.holm", lang, **texts)
                assert "  " + said[0].upper() + said[1:] in report.summary
            for who, raw, p_adjusted in zip(("seats", "places"), p[2:], adjusted[2:]):
                found = "none" if raw >= 0.05 else "chance" if p_adjusted >= 0.05 else "found"
                said = t(f"report.verdict.{who}.{found}", lang, **_places_texts(
                    config, who, raw, p_adjusted, lang))
                if found == "found":
                    said += " " + t("report.holm", lang, count=4, p=_p_shown(p_adjusted, lang))
                assert "  " + said[0].upper() + said[1:] in report.summary, (said, game)
        assert html.escape(t("report.rate_method", lang)) in rp.html_page(report)
        # every verdict in one style, and the Holm sentence starts with a capital
        flat = " ".join(" ".join(report.summary).replace("\u00a0", " ").replace("\u202f",
                                                                                " ").split())
        for phrase in VERDICT_PHRASES[lang]:
            assert phrase in flat, (phrase, flat)


def _places_texts(config, who, p, adjusted, lang):
    """What a verdict on every seat or place says, recomputed from the rows."""
    by = "seat" if who == "seats" else "s_order"
    wins = config.rows.groupby(by)["win"].agg(["sum", "count"])
    rates = wins["sum"] / wins["count"]
    best, worst = int(rates.idxmax()), int(rates.idxmin())

    def shown(place):
        low, high = wilson(wins.at[place, "sum"], int(wins.at[place, "count"]))
        return _rate_text(rp.Rate(wins.at[place, "sum"], wins.at[place, "count"], low, high),
                          lang)

    return {"p": _p_said(p, lang), "adjusted": _p_shown(adjusted, lang), "count": 4,
            "best": best + 1, "worst": worst + 1, "best_rate": shown(best),
            "worst_rate": shown(worst)}


def test_a_gap_at_any_place_of_the_table_is_tested_not_only_the_first(tmp_path):
    """Three players, seat 1 and the starting player at their fair share, but seat 2 wins
    40 % and seat 3 26 % of 1,500 games: the first-seat test sees nothing; the chi-square
    test over every seat (recomputed with scipy, and Holm with pandas) finds it, and names
    the seats that win most and least."""
    from scipy.stats import chisquare, norm

    winners = [0] * 500 + [1] * 600 + [2] * 400
    random.Random(3).shuffle(winners)
    rows = []
    for index, winner in enumerate(winners):
        for seat in range(3):
            rows.append({"game": "dtc", "config": "default", "options": "{}",
                         "game_index": index, "seed": 7 + index, "players": 3, "seat": seat,
                         "bot": "bot", "win": float(seat == winner),
                         "rank": 1 if seat == winner else 2, "decisions": 20 + index % 7})
    path = write(pd.DataFrame(rows), tmp_path / "three.csv")
    config = only_config([path])
    wins = config.rows.groupby("seat")["win"].sum()
    first = rp.win_rates(config)["rate"][0]
    assert rp.verdict(first, rp.fair_share(config)) == "none"
    p_first = 2 * norm.sf(abs((first.value - 1 / 3) / (2 / 9 / 1500) ** 0.5))
    p_all = chisquare(wins, [500, 500, 500]).pvalue
    adjusted = _holm([p_first, p_all])
    assert p_all < 0.001 and adjusted[1] < 0.05
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([path]), lang)
        said = t("report.verdict.seats.found", lang,
                 **_places_texts(config, "seats", p_all, adjusted[1], lang))
        assert "  " + said[0].upper() + said[1:] + " " + t(
            "report.holm", lang, count=2, p=_p_shown(adjusted[1], lang)) \
            in report.summary
        page = rp.html_page(report)
        assert html.escape(t("report.for_config", lang, config=t("report.default", lang),
                             text=said)) in page


def test_the_statistics_note_gives_the_bluff_example_only_for_dtc(files, tmp_path):
    dtc = tmp_path / "dtc.csv"
    result = invoke(["simulate", "dtc", "-n", "10", "-j", "1", "--out", dtc])
    assert result.exit_code == 0, result.output
    _, wazabi = files
    for lang in ("en", "fr"):
        general = t("report.stats_method", lang)
        notes = {}
        for path in (dtc, wazabi):
            report = rp.build_report(rp.load_results([path]), lang)
            (section,) = [s for s in report.sections if s.title == t("report.section.stats", lang)]
            (notes[path.stem],) = [b.text for b in section.blocks
                                   if b.kind == "text" and b.text.startswith(general)]
        assert notes == {"dtc": general + " " + t("stats.dtc.public_example", lang),
                         "wazabi": general}
        assert "bluff" not in general


def test_a_measure_that_never_varies_gets_no_row(files):
    """Wazabi's games in a match are always 1 (pandas says so): no "1.0 [1.0–1.0]" row,
    as no plot; the measures that vary keep theirs."""
    _, wazabi = files
    games = pd.read_csv(wazabi).query("seat == 0")
    assert games["m_games"].nunique() == 1 and games["decisions"].nunique() > 1
    for lang in ("en", "fr"):
        report = rp.build_report(rp.load_results([wazabi]), lang)
        length = next(b.table for s in report.sections for b in s.blocks
                      if b.kind == "table" and b.text == t("report.length_caption", lang))
        measures = list(length[t("report.col.measure", lang)])
        assert t("report.measure.m_games", lang) not in measures
        assert t("report.measure.decisions", lang) in measures
