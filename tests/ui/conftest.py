import pytest

from tests.ui.terminal import Terminal


@pytest.fixture
def terminal():
    """Start the CLI in a pseudo-terminal: terminal("play", "dtc", ...); stopped afterwards."""
    started = []

    def start(*args, **kwargs):
        started.append(Terminal(*args, **kwargs))
        return started[-1]

    yield start
    for term in started:
        term.close()
