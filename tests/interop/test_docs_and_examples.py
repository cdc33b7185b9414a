"""The documentation's examples (the README's Python and docs/interop/*.md) and the training
example (examples/train_reinforce.py) still run, and the training still learns."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.core.errors import LudoError
from ludotheque.core.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_reinforce.py"
DOCS = sorted((ROOT / "docs" / "interop").glob("*.md"))
# Blocks marked "python" run; "python sketch" blocks need libraries ludotheque does not install.
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


# The French twins hold the same code (tests/test_docs_languages.py).
OUR_PAGES = [ROOT / "README.md"] + [
    page for page in DOCS if page.stem.split(".")[0] in ("pettingzoo", "gymnasium", "openspiel")]


# A `print(...)  # [1.0, 0.0]: ISMCTS won` line shows its output in its comment (before any
# ": " explanation): a comment opening like a value (a bracket, a quote, `Name(`), not prose.
SHOWN = re.compile(r"^\s*print\(.*\)\s+#\s*([\[({'\"].*|\w+\(.*)$", re.MULTILINE)


def shown_outputs(block: str) -> list[str]:
    """The outputs a block's comments promise (the part before ": ", if any)."""
    return [comment.split(": ")[0].strip() for comment in SHOWN.findall(block)]


def run_examples(page: Path) -> list[str]:
    """What each runnable block of `page` prints."""
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks, f"{page.name} has no runnable example"
    printed = []
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = compile(block, str(page), "exec")
            exec(code, {"__name__": "__doc_example__"})  # noqa: S102  (our own docs)
        assert out.getvalue(), f"an example of {page.name} printed nothing"
        printed.append(out.getvalue())
    return printed


@pytest.mark.parametrize("page", OUR_PAGES, ids=lambda p: p.name)
def test_documentation_examples_run_and_print_the_same_every_time(page, tmp_path, monkeypatch):
    """Seeded examples: a reader sees what the page shows (an output shown in a comment is
    printed), and the test cannot pass by luck (an unseeded OpenSpiel sampler once made the
    OpenSpiel example fail one run in ~250).
    Run where a reader would, in a folder of their own (the README's `simulate` writes
    runs.parquet there)."""
    monkeypatch.chdir(tmp_path)
    printed = run_examples(page)
    assert printed == run_examples(page)
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    for block, out in zip(blocks, printed, strict=True):
        for shown in shown_outputs(block):
            assert shown in out, f"{page.name} shows {shown!r}, the example printed {out!r}"


def test_the_outputs_shown_in_comments_are_found():
    """The pages' comments that show an output are read as such, prose ones are not."""
    readme = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert shown_outputs(readme[-1]) == ["Discrete(15) (167,)"]
    openspiel = BLOCK.findall((ROOT / "docs/interop/openspiel.md").read_text(encoding="utf-8"))
    assert shown_outputs(openspiel[0]) == [
        "[1.0, 0.0]", "['play steal', 'play keep1', 'play draw3', 'play skip', 'pass']"]


def test_a_short_training_run_beats_random_play():
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--episodes", "150", "--eval", "40", "--json"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(done.stdout)
    assert result["game"] == "diciassette" and result["episodes"] == 150
    assert result["win_rate_after"] >= result["win_rate_before"] + 0.2
    assert result["win_rate_after"] > 0.7


def test_the_environments_benchmark_runs_every_environment():
    """examples/bench_rl_environments.py (the numbers of docs/interop/openspiel.md) still
    runs: every environment plays whole games and is compared with the Gymnasium env."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bench_rl_environments.py"), "--games",
         "wazabi", "--players", "2", "--seconds", "0.05", "--rounds", "1", "--observation"],
        capture_output=True, text=True, timeout=300, check=True,
    )
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    labels = [" ".join(row[2:-3]) for row in rows]
    assert labels == ["gymnasium", "rl_environment", "openspiel.environment",
                      "rl_environment (observation)", "openspiel.environment (observation)"]
    for row in rows:
        assert row[:2] == ["wazabi", "2"] and float(row[-3]) > 0 and int(row[-2]) > 0
    assert rows[0][-1] == "1.00"


OPTION = re.compile(r"^  (-\S+(?: [A-Z_]+|\s\{[^}]*\})?)(.*)$")


SCRIPTS = [[str(path)] for path in sorted((ROOT / "examples").glob("*.py"))] + [
    ["-m", "ludotheque.interop.solve"]]  # the solver's module (docs/interop/solver.md)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda script: Path(script[-1]).name)
def test_every_example_says_what_each_of_its_options_does(script):
    """`--help` is a reader's first run: its description is a whole sentence and every
    option has its help (many once showed a bare `--seed SEED`, and the OpenSpiel
    example's description stopped mid-sentence; the solver, a bare `--iterations`)."""
    example = Path(script[-1])
    done = subprocess.run([sys.executable, *script, "--help"], capture_output=True,
                          text=True, timeout=120, check=True)
    text = done.stdout
    description = text.split("\n\n")[1]
    assert description.rstrip().endswith("."), description
    entries = re.split(r"\n(?=  -)", text.split("\noptions:\n")[1].strip("\n"))
    for entry in entries:
        flags, rest = OPTION.match(" ".join(entry.split("\n"))).groups()
        assert rest.strip(), f"{example.name}: {flags} has no help"


def _refusal(call, lang: str) -> str:
    with pytest.raises(LudoError) as refused:
        call()
    return refused.value.message(lang)


@pytest.mark.parametrize(("example", "args", "lang", "error"), [
    ("train_reinforce.py", ["--game", "nope"], "en", lambda: get_game("nope")),
    ("train_reinforce.py", ["--players", "9"], "fr", lambda: get_game("diciassette").new_state(9)),
    ("train_ladder.py", ["--game", "nope"], "fr", lambda: get_game("nope")),
    ("bench_rl_environments.py", ["--games", "dtc", "--players", "9"], "en",
     lambda: get_game("dtc").new_state(9)),
    ("openspiel_algorithms.py", ["--games", "nope"], "fr", lambda: get_game("nope")),
], ids=lambda value: value if isinstance(value, str) else None)
def test_an_example_given_a_bad_game_or_player_count_says_what_is_allowed(example, args, lang,
                                                                         error):
    """Our clear error, in the locale's language, and status 2, as the `ludotheque` command
    says it: never a traceback (Gymnasium's NameNotFound once, or our own error's)."""
    locale = {"en": "en_US.UTF-8", "fr": "fr_FR.UTF-8"}[lang]
    done = subprocess.run([sys.executable, str(ROOT / "examples" / example), *args],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LC_ALL": locale})
    assert (done.returncode, done.stderr) == (2, _refusal(error, lang) + "\n")
