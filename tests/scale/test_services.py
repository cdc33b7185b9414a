"""The throw-away PostgreSQL and Redis (web/services.py) whose port is taken: each fails
at once (not after its start's whole wait), saying which port and what the server said."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest

from ludotheque.web.services import Redis, temp_postgres


@contextlib.contextmanager
def port_held() -> Iterator[int]:
    """A port this test binds and listens on, so no server can take it."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_a_redis_whose_port_is_taken_fails_at_once_with_its_own_words():
    with port_held() as port:
        redis = Redis(port)
        try:
            with pytest.raises(RuntimeError) as failed:
                redis.start()
            assert redis.process.poll() is not None  # gone, nothing left running
        finally:
            redis.stop()
    message = str(failed.value)
    assert message.startswith(f"redis-server on port {port} stopped as it started; its output:")
    assert "Address already in use" in message


def test_a_postgresql_whose_port_is_taken_fails_with_its_own_words():
    with port_held() as port, pytest.raises(RuntimeError) as failed:
        with temp_postgres(port):
            pass
    message = str(failed.value)
    assert message.startswith(f"PostgreSQL on port {port} did not start; its output:")
    assert "could not start server" in message and "Address already in use" in message
