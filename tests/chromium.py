"""Debian's Chromium driven by Playwright, for tests that look at a page as people do
(the web table, the analysis report): its path, its switches, the widths tried, and
`launched`, the browser behind the `browser` fixture of tests/conftest.py."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright import sync_api  # the test extra installs it

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():  # `make test` installs it: a missing browser is a failure
    pytest.fail("Debian's chromium is not installed: run `make test` (or apt-get install "
                "chromium)", pytrace=False)

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def launched() -> Iterator[object]:
    """Chromium, launched, closed when the generator ends (one per test module)."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
