"""Test-wide settings: hypothesis is seeded (derandomised, no example database), so a
run fails or passes the same way on every machine and every time. The web servers the
tests start (in this process or as processes, which inherit the environment) take any
number of bot-only tables: many tests watch bots play (test_rate_limits.py tests the cap)."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

os.environ.setdefault("LUDOTHEQUE_LIMIT_BOT_TABLES", "off")

settings.register_profile("seeded", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.load_profile("seeded")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (tests/chromium.py), one per test module: a
    test takes it by name, nothing to import."""
    from chromium import launched  # here: only the tests that take a browser need one

    yield from launched()
