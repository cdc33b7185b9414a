"""Bad input to the multi-server commands: a clear message, exit status 2, nothing started."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("command", ["serve", "worker"])
def test_an_unknown_broker_is_refused_with_what_is_allowed(command, tmp_path):
    args = [sys.executable, "-m", "ludotheque", command, "--broker", "kafka://queue",
            "--database", f"sqlite:///{tmp_path / 'x.sqlite3'}", "--lang", "fr"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    output = done.stdout + done.stderr
    assert "Courtier inconnu kafka://queue" in output and "redis://" in output
    assert not (tmp_path / "x.sqlite3").exists()
