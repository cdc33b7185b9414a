"""The throw-away PostgreSQL and Redis (web/services.py) listen on a Unix socket in their
temp folder, on no TCP port: no other program can take their port between its choice and
their start (they chose a free port, then started on it a moment later). Every server of
this machine reaches them all the same; one that cannot start fails at once, saying what
the server said."""

from __future__ import annotations

import pytest
import redis
from sqlalchemy import create_engine, text

from ludotheque.web.services import Redis, temp_postgres, temp_redis


def test_a_throw_away_redis_answers_on_its_socket_and_holds_no_port():
    with temp_redis() as server:
        client = redis.Redis.from_url(server.url)
        try:
            assert client.ping()
            assert client.config_get("port") == {"port": "0"}
            server.restart()  # on the same socket: the servers of a test reach it again
            assert client.ping()
        finally:
            client.close()


def test_a_throw_away_postgresql_answers_on_its_socket_and_holds_no_port():
    with temp_postgres() as url:
        engine = create_engine(url)
        try:
            with engine.connect() as conn:
                assert conn.execute(text("SELECT current_database()")).scalar() == "ludotheque"
                assert conn.execute(text("SHOW listen_addresses")).scalar() == ""
        finally:
            engine.dispose()


def test_a_redis_that_cannot_start_fails_at_once_with_its_own_words(tmp_path):
    where = tmp_path / "gone" / "redis.sock"  # a folder that does not exist
    server = Redis(where)
    try:
        with pytest.raises(RuntimeError) as failed:
            server.start()
        assert server.process.poll() is not None  # gone, nothing left running
    finally:
        server.stop()
    message = str(failed.value)
    assert message.startswith(f"redis-server on {where} stopped as it started; its output:")
    assert "Failed opening Unix socket" in message
