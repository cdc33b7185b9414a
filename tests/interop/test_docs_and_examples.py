"""The documentation's examples (docs/interop/*.md) and the training example
(examples/train_reinforce.py) still run, and the training still learns."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_reinforce.py"
DOCS = sorted((ROOT / "docs" / "interop").glob("*.md"))
# Blocks marked "python" run; "python sketch" blocks need libraries ludotheque does not install.
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def test_every_page_has_a_french_twin():
    pages = {path.name for path in DOCS}
    assert {"pettingzoo.md", "gymnasium.md", "openspiel.md"} <= pages
    for name in ("pettingzoo", "gymnasium", "openspiel"):
        assert f"{name}.fr.md" in pages


OUR_PAGES = [page for page in DOCS if page.stem.split(".")[0] in ("pettingzoo", "gymnasium", "openspiel")]


@pytest.mark.parametrize("page", OUR_PAGES, ids=lambda p: p.name)
def test_documentation_examples_run(page):
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks, f"{page.name} has no runnable example"
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = compile(block, str(page), "exec")
            exec(code, {"__name__": "__doc_example__"})  # noqa: S102  (our own docs)
        assert out.getvalue(), f"an example of {page.name} printed nothing"


def test_a_short_training_run_beats_random_play():
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--episodes", "150", "--eval", "40", "--json"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    result = json.loads(done.stdout)
    assert result["game"] == "diciassette" and result["episodes"] == 150
    assert result["win_rate_after"] >= result["win_rate_before"] + 0.2
    assert result["win_rate_after"] > 0.7
