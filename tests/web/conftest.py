"""Shared fixtures of the web tests: a real uvicorn server on a free port, real clients.

* `server` (per test module): the app on uvicorn in a thread, a fresh SQLite file, bots
  without pause; a module's `SERVER_LIMITS` (a `Limits`), if it has one, replaces the
  rate limits (a fuzz campaign sends more than a person would); its `SERVER_OPTIONS` (a
  dict), the master's settings (`waiting_ttl`, `min_turn_timer`: time run short). `server.url`,
  `server.ws_url`, `server.master` (the live master, for
  checks only), `server.api` (an httpx client). Each test's tables deal from a seed of
  its own (its node id: `server.deal_from`), their bots too.
* `start_server_process(db_path)`: `ludotheque serve` as a subprocess (for kill -9 tests
  and the browser tests); always stopped at the end of the test.
* `WsClient`: a blocking WebSocket client (websockets.sync) with `hello`, `move`,
  `expect(type)` that polls with a deadline.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("websockets")

from ludotheque.web.services import serving_url, start_serve  # noqa: E402
from web_servers import (  # noqa: E402
    DEADLINE,
    ServerHandle,
    WsClient,
    run_app_in_thread,
    stop_thread_server,
)


@pytest.fixture(scope="module")
def server(request, tmp_path_factory) -> Iterator[ServerHandle]:
    database = f"sqlite:///{tmp_path_factory.mktemp('web') / 'tables.sqlite3'}"
    handle = run_app_in_thread(database, limits=getattr(request.module, "SERVER_LIMITS", None),
                               **getattr(request.module, "SERVER_OPTIONS", {}))
    try:
        yield handle
    finally:
        stop_thread_server(handle)


@pytest.fixture(autouse=True)
def _deals_of_the_test(request) -> None:
    """A test on the module's `server` deals from its own node id (`deal_from`): its games
    do not depend on the tests an xdist worker ran before it on the same server."""
    if "server" in request.fixturenames:
        request.getfixturevalue("server").deal_from(request.node.nodeid)


@dataclass
class ProcessHandle:
    url: str
    ws_url: str
    port: int
    process: subprocess.Popen
    log_path: Path
    api: Any = field(default=None)

    def client(self, **kwargs: Any) -> WsClient:
        return WsClient(self.ws_url, **kwargs)

    def person_and_bots(self, game: str, level: str, players: int = 2,
                        **extra: Any) -> tuple[dict[str, Any], str]:
        """A table of one person (seat 0, "Ann", seated) and bots of `level`: the created
        table and the person's seat token."""
        created = self.api.post("/api/tables", json={
            "game": game, "players": players, **extra,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": level}] * (players - 1)}
        ).json()
        invite = created["invite_url"].rsplit("/", 1)[1]
        token = self.api.post(f"/api/join/{invite}", json={"seat": 0, "name": "Ann"}) \
            .json()["seat_url"].rsplit("/", 1)[1]
        return created, token

    def kill(self) -> None:
        """kill -9: no chance to flush or say goodbye."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=DEADLINE)

    def stop(self) -> None:
        if self.api is not None:
            self.api.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()


def start_process(database: str, log_path: Path, port: int | None = None,
                  bot_delay: float = 0.0, args: Sequence[str] = (),
                  env: Mapping[str, str] | None = None, host: str = "127.0.0.1") -> ProcessHandle:
    """`ludotheque serve` on `host` (its pages and API reached at the address that opens
    it on this machine: 127.0.0.1, or ::1 bound to `::`), on `port` or else any free one
    (`--port 0`: the port read from the link it prints), with `args` more, its
    environment `env` more."""
    process = start_serve(log_path, "--database", database, "--bot-delay", str(bot_delay),
                          *args, host=host, port=port or 0,
                          env={"PYTHONUNBUFFERED": "1", **(env or {})})
    url = serving_url(process, log_path, host, DEADLINE)
    here = url.removeprefix("http://")
    return ProcessHandle(url=url, ws_url=f"ws://{here}/ws", port=int(url.rsplit(":", 1)[1]),
                         process=process, log_path=log_path,
                         api=httpx.Client(base_url=url, timeout=DEADLINE))


@pytest.fixture
def start_server_process(tmp_path) -> Iterator[Any]:
    """A factory: start_server_process(database=None, port=None, args=(), env=None,
    host="127.0.0.1") -> ProcessHandle (`ludotheque serve` with `args` more, `env` added
    to its environment);
    every process started is stopped at the end of the test."""
    started: list[ProcessHandle] = []

    def start(database: str | None = None, port: int | None = None,
              bot_delay: float = 0.0, **more: Any) -> ProcessHandle:
        database = database or f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        handle = start_process(database, tmp_path / f"server-{len(started)}.log", port,
                               bot_delay, **more)
        started.append(handle)
        return handle

    try:
        yield start
    finally:
        for handle in started:
            handle.stop()
