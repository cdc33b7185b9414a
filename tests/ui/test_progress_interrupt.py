"""Issue 17, point 6: progress bars that know, and Ctrl-C that keeps what finished.

The commands run in a pseudo-terminal (a real subprocess, as a person runs them); the
test waits for what the bar shows, then sends SIGINT to the process group, as Ctrl-C does.
"""

from __future__ import annotations

import re

import pytest

from ludotheque.ui.terminal.progress import MIN_GAMES, clock_text, pace, pace_text


def test_pace_waits_for_finished_games_then_measures_from_decisions():
    early = pace(400, 20.0, done=MIN_GAMES - 1, decisions=500, finished_decisions=400)
    assert early.per_second is None and early.left is None
    assert "500 decisions" in pace_text(early, "en")
    # 3 games of 100 decisions finished, 400 decisions taken in 40 s: 10 decisions/s, so
    # 0.1 games/s, and 400 x 100 - 400 decisions left take 3960 s.
    now = pace(400, 40.0, done=3, decisions=400, finished_decisions=300)
    assert now.per_second == pytest.approx(0.1)
    assert now.left == pytest.approx(3960.0)
    assert pace_text(now, "en").startswith("0.10 games/s · 1:06:00 left")
    assert pace_text(now, "fr").startswith("0,10 parties/s · reste 1:06:00")
    # Without decision counts (e.g. on Ray): from the finished games alone.
    alone = pace(10, 4.0, done=4)
    assert alone.per_second == pytest.approx(1.0) and alone.left == pytest.approx(6.0)
    assert pace(10, 9.0, done=10, decisions=50, finished_decisions=50).left == 0.0
    assert clock_text(13) == "0:00:13" and clock_text(3723) == "1:02:03"


def _slow_run_interrupted(terminal, command: str, lang: str = "en") -> str:
    """The issue's command (hard bots take seconds per game) under `command`, stopped by
    Ctrl-C as soon as its bar moves: what it printed (it must exit with status 130)."""
    term = terminal(command, "dtc", "--players", "2", "--bots", "hard,medium",
                    "--games", "400", "--jobs", "2", "--lang", lang, columns=140)
    term.expect(r"0/400 [\d,]+ decisions, measuring the speed" if lang == "en"
                else r"0/400 [\d\u202f]+ décisions, mesure de la vitesse")
    term.interrupt()
    assert term.finish() == 130
    return term.text


def test_slow_bots_the_bar_moves_before_the_first_game_ends_and_ctrl_c_says_so(terminal):
    # The bar used to sit at 0/400 showing nothing, and Ctrl-C printed nothing.
    text = _slow_run_interrupted(terminal, "simulate")
    if "Interrupted before the first of 400 games finished: nothing to summarise." in text:
        return  # the usual case: no game has ended yet
    found = re.search(r"Interrupted: (\d+) of 400 games finished", text)
    assert found, text[-2000:]
    assert int(found.group(1)) > 0  # "0 of 400 games finished; ... cover those only" no more
    assert f"{found.group(1)} games of DTC" in text  # a game ended meanwhile


def test_simulate_ctrl_c_before_any_game_ends_says_nothing_is_summarised_in_french(terminal):
    text = _slow_run_interrupted(terminal, "simulate", "fr").replace("\u00a0", " ")
    assert "0 partie terminée" not in text  # "ne portent que sur elle": on no game at all
    if "parties de DTC" not in text:  # the usual case: no game has ended yet
        assert "Interrompu avant la fin de la première des 400 parties : rien à résumer." in text


def _finished(term, pattern: str) -> int:
    found = re.search(pattern, term.text)
    assert found, term.text[-2000:]
    return int(found.group(1))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_simulate_ctrl_c_keeps_the_games_finished_inside_unfinished_chunks(terminal, lang):
    # 5000 games on 2 processes go in chunks of 32: the first games end long before any
    # chunk does; Ctrl-C must keep them (they used to be lost with their chunk).
    term = terminal("simulate", "dtc", "--players", "2", "--bots", "medium,random",
                    "--games", "5000", "--jobs", "2", "--lang", lang, columns=140)
    term.expect(r"parties/s" if lang == "fr" else r"games/s")  # MIN_GAMES games finished
    term.interrupt()
    assert term.finish() == 130
    if lang == "en":
        done = _finished(term, r"Interrupted: (\d+) of 5000 games finished")
        title = f"{done} games of DTC"
    else:
        done = _finished(term, r"Interrompu\s:\s(\d+)\sparties terminées sur 5000")
        title = f"{done} parties de DTC"
    assert MIN_GAMES <= done < 5000
    assert title in term.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_arena_ctrl_c_prints_partial_results_marked_interrupted_with_status_130(terminal, lang):
    term = terminal("arena", "dtc", "--players", "2", "--bots", "medium,random",
                    "--games", "5000", "--jobs", "2", "--lang", lang, columns=140)
    term.expect(r"parties/s" if lang == "fr" else r"games/s")
    term.interrupt()
    assert term.finish() == 130  # it used to exit 0, the partial results shown as final
    if lang == "en":
        done = _finished(term, r"Interrupted: (\d+) of 5000 games finished; the tables above")
        assert f"{done} games of DTC" in term.text and "Head to head" in term.text
    else:
        done = _finished(term, r"Interrompu\s:\s(\d+)\sparties terminées sur 5000\s;\sles tableaux")
        assert f"{done} parties de DTC" in term.text
    assert MIN_GAMES <= done < 5000


def test_bench_ctrl_c_prints_the_windows_measured_with_status_130(terminal):
    # 60 windows of one second: once the bar shows 3 s gone, at least one has finished.
    term = terminal("bench", "dtc", "--seconds", "60", "--repeats", "60", columns=140)
    term.expect(r"Measuring .* [3-9] of 60 s")
    term.interrupt()
    assert term.finish() == 130
    done = _finished(term, r"Interrupted: (\d+) of 60 measures finished")
    assert 1 <= done < 60
    assert re.search(r"DTC \(Donne Tes Cartes\), 4 players: [\d,]+ decisions/s", term.text)


def test_bench_all_ctrl_c_before_the_first_measure_says_so_in_french(terminal):
    term = terminal("bench", "--all", "--seconds", "30", "--lang", "fr", columns=140)
    term.expect(r"Mesure de decimoarr")
    term.interrupt()
    assert term.finish() == 130
    assert "Interrompu avant la fin de la première mesure" in term.text.replace("\u00a0", " ")


def test_arena_ctrl_c_before_any_game_ends_shows_no_empty_tables(terminal):
    text = _slow_run_interrupted(terminal, "arena")
    if "games of DTC" not in text:  # the usual case: no game has ended yet
        assert "Interrupted before the first of 400 games finished: nothing to rank." in text
        assert "Head to head" not in text
