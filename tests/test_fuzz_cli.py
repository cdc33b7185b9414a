"""Fuzzing the command line's arguments: `ludotheque` commands (play, simulate, arena,
replay, report, rules) given hypothesis-chosen values (wrong types, out of range, unknown
games, bots and options, `--option name=value` forms) run in this process through
`cli.main`, in French and English.

A value the command cannot use ends with exit status 2 and a message in the language
asked for that names it (no traceback, no Python repr, no English in French), and no
file is written; a value it can use runs the command (status 0, or 1 for a game left
when the input ended). Nothing else (an exception, another status) is allowed.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from contextlib import chdir
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ludotheque import cli
from ludotheque.core.errors import ECHO_LIMIT, TEXT_LIMIT, echo
from tests.test_cli_usage import ENGLISH_WORDS
from tests.ui.test_fuzz_typed_moves import LEAKS

FUZZ = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
GAMES = ["wazabi", "diciassette", "dtc", "decimoarr"]
ODD_TEXT = st.sampled_from(["", " ", "-", "--", "=", ",", ",,", "x", "Wazabi", "WAZABI", "17",
                            "dé", "décimoarr", "dtc ", " dtc", "\x00", "\u202e", "[/]", "[red]",
                            "%s", "{0}", "None", "null", "-1", "0", "1e9", "nan", "inf", "1.5",
                            "9" * 30, "9" * 5000, "☃", "１", "²"]) | st.text(max_size=10)
GAME = st.sampled_from(GAMES)
# mostly a game and small numbers, so that most commands get past them to what they check
NUMBER = st.one_of(st.integers(-3, 8), st.integers(-3, 8), st.integers(-(10**30), 10**30),
                   st.floats(allow_nan=True), ODD_TEXT).map(str)
BOT = st.sampled_from(["random", "heuristic", "easy", "medium", "hard", "ismcts", "human",
                       "Random", "", " ", "nope"]) | ODD_TEXT
BOTS = st.lists(BOT, max_size=8).map(",".join) | ODD_TEXT
OPTION_NAMES = ["trap", "singles", "teams", "dice_per_player", "values", "jokers",
                "hand_backs_public",
                "start_direction", "nope"]
OPTION = (st.tuples(st.sampled_from(OPTION_NAMES) | ODD_TEXT,
                    st.sampled_from(["=", "", "==", " = "]),
                    NUMBER | st.lists(NUMBER, max_size=6).map(",".join)
                    | st.sampled_from(["true", "false", "yes", "cw", "ccw"])).map("".join))
SEATS = st.lists(NUMBER, max_size=4).map(",".join) | ODD_TEXT
PATH = st.sampled_from(["{tmp}/png", "{tmp}", "{tmp}/record.json", "{tmp}/results.csv",
                        "{tmp}/missing/x", "{tmp}/" + "z" * 300, "/dev/null",
                        "{tmp}/x.txt"]) | ODD_TEXT

# each command: its fixed arguments, then the options drawn for it and their values
COMMANDS = {
    "play": (["--plain"], {"--players": NUMBER, "--seed": NUMBER, "--bots": BOTS, "--seat": NUMBER,
                           "--humans": SEATS, "--delay": NUMBER, "--pace": NUMBER,
                           "--option": OPTION, "--iterations": NUMBER, "--budget-ms": NUMBER,
                           "--save": st.just("{tmp}/saved.json")}),
    "simulate": (["--out", "{tmp}/out.csv"],
                 {"--players": NUMBER, "--games": NUMBER, "--seed": NUMBER, "--bots": BOTS,
                  "--option": OPTION, "--sweep": OPTION, "--jobs": NUMBER,
                  "--backend": ODD_TEXT | st.sampled_from(["local", "process", "ray"]),
                  "--iterations": NUMBER}),
    "arena": (["--journal", "{tmp}/journal.jsonl"],
              {"--bots": BOTS, "--players": NUMBER, "--games": NUMBER, "--seed": NUMBER,
               "--option": OPTION, "--jobs": NUMBER, "--iterations": NUMBER}),
    "rules": ([], {"--option": OPTION, "--players": NUMBER}),
    "replay": (["--step"], {"--seat": NUMBER, "--json": st.just(""), "--verbose": st.just("")}),
    "report": (["--html", "{tmp}/report.html"], {"--png": PATH}),
}
# a command whose argument is a file, not a game: a file of the right kind, or another
FILES = {"replay": "record.json", "report": "results.csv"}
# What a value must not start a command with: a long run (a search bot with a budget,
# many games, processes) stays out of a fuzz test. Such a value is replaced by a small one.
SLOW = {"--games": 3, "--jobs": 1, "--iterations": 5, "--budget-ms": 5}


def _small(option: str, value: str) -> str:
    """A number that could start a long run brought down to a short one."""
    if (option in SLOW and re.fullmatch(r"\s*\+?\d+(\.\d*)?\s*", value)
            and float(value) > SLOW[option]):
        return str(SLOW[option])
    return value


def run_cli(argv: list[str], folder: Path) -> tuple[int, str, str]:
    """`ludotheque ARGV` in this process, run in `folder` (a relative file name lands
    there), with nothing to read on its input: (status, standard output, standard error)."""
    runner = CliRunner()
    with runner.isolation(input="", env={"COLUMNS": "200"}) as (out, err, *_), chdir(folder):
        try:
            cli.main(argv)
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode(), err.getvalue().decode()


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def check_refusal(said: str, values: list[str], names: list[str], lang: str) -> None:
    """A usage error a person reads: a message in `lang` naming one of the values or
    options given (or one missing), short, with no Python nor control character in it."""
    assert said, "exit status 2 with no message"
    assert "Traceback" not in said and len(said) < 1500, said
    hidden = [c for c in said if unicodedata.category(c) in ("Cc", "Cf")]
    assert not hidden, f"control characters {hidden} in {said!r}"
    parts = {part for value in values for part in re.split("[=,]", value) + [value]}
    parts |= {"."} if "" in values else set()  # an empty file name is the current folder
    shown = {_flat(str(echo(part.strip(), limit))).casefold() or "''"
             for part in parts for limit in (ECHO_LIMIT, TEXT_LIMIT)} | {"« »", "' '"}
    # (a list of bots of the wrong length is said by its length)
    assert any(text in said.casefold() for text in shown | set(names) | {"--bots", "bot"}), said
    rest = said
    for value in sorted(values, key=len, reverse=True):
        for form in {value.strip(), str(echo(value.strip()))} - {""}:
            rest = rest.replace(_flat(form), " ")
    assert not LEAKS.search(rest), said
    if lang == "fr":
        assert [word for word in ENGLISH_WORDS if word in rest] == [], said


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", sorted(set(COMMANDS) - set(FILES)))
@FUZZ
@given(data=st.data())
def test_odd_values_are_refused_clearly_and_write_nothing(command, lang, data, tmp_path):
    fuzz(command, lang, data, tmp_path)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", sorted(FILES))
@settings(FUZZ, max_examples=8)  # a report that can be written takes a second
@given(data=st.data())
def test_odd_files_and_values_are_refused_clearly_and_write_nothing(command, lang, data, tmp_path):
    fuzz(command, lang, data, tmp_path)


def fuzz(command: str, lang: str, data, tmp_path: Path) -> None:
    """`command` given odd values drawn from `data`: refused clearly, or run."""
    fixed, choices = COMMANDS[command]
    if command in FILES:
        made(tmp_path)
        game = data.draw(st.just(FILES[command]).map(lambda f: f"{{tmp}}/{f}") | PATH, label="file")
    else:
        game = data.draw(GAME | GAME | GAME | ODD_TEXT.filter(lambda g: g != "--"), label="game")
    game = game.replace("{tmp}", str(tmp_path))
    names = data.draw(st.lists(st.sampled_from(sorted(choices)), min_size=1, max_size=3),
                      label="options")
    argv, values = [command, game, "--lang", lang], [game]
    for name in names:
        value = _small(name, data.draw(choices[name], label=name)).replace("{tmp}", str(tmp_path))
        argv += [name, value] if value or name not in ("--json", "--verbose") else [name]
        values.append(value)
    for part in fixed:
        argv.append(part.replace("{tmp}", str(tmp_path)))
    if "--iterations" in choices and "--iterations" not in names:  # search bots: short
        argv += ["--iterations", "5"]
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run_cli(argv, tmp_path)
    said = _flat(err)
    assert code in (0, 1, 2), (code, said)
    assert "Traceback" not in out + err
    if code == 2:
        check_refusal(said, values, names, lang)
        assert sorted(tmp_path.rglob("*")) == before, f"a refused command wrote {argv}"
    elif command == "simulate":
        assert (tmp_path / "out.csv").exists()


def made(folder: Path) -> None:
    """A record and a results file in `folder` (made once: they are the same each time)."""
    if not (folder / "record.json").exists():
        assert run_cli(["play", "dtc", "--watch", "--plain", "--save", "record.json",
                        "--players", "3", "--iterations", "5"], folder)[0] == 0
        assert run_cli(["simulate", "dtc", "-n", "2", "--out", "results.csv"], folder)[0] == 0
        (folder / "x.txt").write_text("not a record\n")
