"""Shared fixtures of the web tests: a real uvicorn server on a free port, real clients.

* `server` (per test module): the app on uvicorn in a thread, a fresh SQLite file, bots
  without pause. `server.url`, `server.ws_url`, `server.master` (the live master, for
  checks only), `server.api` (an httpx client).
* `start_server_process(db_path)`: `ludotheque serve` as a subprocess (for kill -9 tests
  and the browser tests); always stopped at the end of the test.
* `WsClient`: a blocking WebSocket client (websockets.sync) with `hello`, `move`,
  `expect(type)` that polls with a deadline.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("websockets")

import uvicorn  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from ludotheque.web.app import create_app  # noqa: E402
from ludotheque.web.server import UVICORN_SETTINGS  # noqa: E402

DEADLINE = 30.0  # seconds: generous upper bound for any wait (the machine may be busy); tests
# poll, never sleep blind


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ServerHandle:
    url: str
    ws_url: str
    database: str
    app: Any = None
    server: Any = None
    thread: threading.Thread | None = None
    api: Any = None

    @property
    def master(self):
        return self.app.state.master

    def client(self, **kwargs: Any) -> WsClient:
        return WsClient(self.ws_url, **kwargs)

    # -- lobby shortcuts ---------------------------------------------------
    def create(self, game: str = "diciassette", players: int = 3, seats: list | None = None,
               lang: str = "en", **extra: Any) -> dict[str, Any]:
        body = {"game": game, "players": players, "options": extra.pop("options", {}),
                "seats": seats if seats is not None else [{"kind": "human"}] * players, **extra}
        response = self.api.post(f"/api/tables?lang={lang}", json=body)
        assert response.status_code == 200, response.text
        data = response.json()
        data["invite"] = data["invite_url"].rsplit("/", 1)[1]
        data["spectator"] = data["spectator_url"].rsplit("/", 1)[1]
        return data

    def join(self, invite: str, seat: int, name: str) -> str:
        response = self.api.post(f"/api/join/{invite}", json={"seat": seat, "name": name})
        assert response.status_code == 200, response.text
        return response.json()["seat_url"].rsplit("/", 1)[1]

    def table(self, game: str = "diciassette", players: int = 3, humans: int = 1,
              level: str = "easy", **extra: Any) -> tuple[dict[str, Any], list[str]]:
        """A started table: `humans` human seats first (all joined), bots after."""
        seats = [{"kind": "human"}] * humans + \
            [{"kind": "bot", "level": level}] * (players - humans)
        created = self.create(game, players, seats, **extra)
        tokens = [self.join(created["invite"], seat, f"P{seat + 1}") for seat in range(humans)]
        return created, tokens


class WsClient:
    """One page's WebSocket, blocking, with deadlines on every wait."""

    def __init__(self, url: str, max_size: int | None = 2**22) -> None:
        # Entered as a context manager (websockets 17 deprecates a bare connect()).
        self._opened = connect(url, max_size=max_size, open_timeout=DEADLINE)
        self.ws = self._opened.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.last_update: dict[str, Any] | None = None

    def close(self) -> None:
        self._opened.__exit__(None, None, None)

    def __enter__(self) -> WsClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def send(self, frame: Any) -> None:
        self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def recv(self, timeout: float = DEADLINE) -> dict[str, Any]:
        frame = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if frame.get("type") == "update":
            self.last_update = frame
        return frame

    def expect(self, kind: str, timeout: float = DEADLINE, **match: Any) -> dict[str, Any]:
        """The next frame of type `kind` (and fields equal to `match`), skipping others."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind} frame {match} within {timeout}s; last: "
                                     f"{self.frames[-3:]}")
            frame = self.recv(timeout=left)
            if frame.get("type") == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    def hello(self, token: str, lang: str = "en", since: int = 0) -> dict[str, Any]:
        self.send({"type": "hello", "token": token, "lang": lang, "since": since})
        return self.expect("update")

    def move(self, actions: list, move: int) -> None:
        self.send({"type": "move", "actions": actions, "move": move})

    def until(self, predicate, timeout: float = DEADLINE) -> dict[str, Any]:
        """Updates until one satisfies `predicate` (the last update is checked first)."""
        if self.last_update is not None and predicate(self.last_update):
            return self.last_update
        end = time.monotonic() + timeout
        while True:
            frame = self.expect("update", timeout=max(0.01, end - time.monotonic()))
            if predicate(frame):
                return frame

    def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Frames already on their way (stops after `quiet` seconds without one)."""
        got = []
        while True:
            try:
                got.append(self.recv(timeout=quiet))
            except TimeoutError:
                return got


def run_app_in_thread(database: str, bot_delay: float = 0.0, **app_kwargs: Any) -> ServerHandle:
    port = free_port()
    app = create_app(database, bot_delay=bot_delay, **app_kwargs)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on", **UVICORN_SETTINGS)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + DEADLINE
    while not server.started:
        if not thread.is_alive() or time.monotonic() > end:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    url = f"http://127.0.0.1:{port}"
    handle = ServerHandle(url=url, ws_url=f"ws://127.0.0.1:{port}/ws", database=database,
                          app=app, server=server, thread=thread)
    handle.api = httpx.Client(base_url=url, timeout=DEADLINE)
    return handle


def stop_thread_server(handle: ServerHandle) -> None:
    if handle.api is not None:
        handle.api.close()
    handle.server.should_exit = True
    if handle.thread is not None:
        handle.thread.join(timeout=DEADLINE)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[ServerHandle]:
    database = f"sqlite:///{tmp_path_factory.mktemp('web') / 'tables.sqlite3'}"
    handle = run_app_in_thread(database)
    try:
        yield handle
    finally:
        stop_thread_server(handle)


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
                  bot_delay: float = 0.0) -> ProcessHandle:
    port = port or free_port()
    log_file = open(log_path, "ab")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [sys.executable, "-m", "ludotheque", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database", database, "--bot-delay", str(bot_delay)],
        stdout=log_file, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    log_file.close()
    url = f"http://127.0.0.1:{port}"
    handle = ProcessHandle(url=url, ws_url=f"ws://127.0.0.1:{port}/ws", port=port,
                           process=process, log_path=log_path)
    end = time.monotonic() + DEADLINE
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log_path.read_text()}")
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > end:
            handle.stop()
            raise RuntimeError(f"the server did not start: {log_path.read_text()}")
        time.sleep(0.05)
    handle.api = httpx.Client(base_url=url, timeout=DEADLINE)
    return handle


@pytest.fixture
def start_server_process(tmp_path) -> Iterator[Any]:
    """A factory: start_server_process(database=None, port=None) -> ProcessHandle; every
    process started is stopped at the end of the test."""
    started: list[ProcessHandle] = []

    def start(database: str | None = None, port: int | None = None,
              bot_delay: float = 0.0) -> ProcessHandle:
        database = database or f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        handle = start_process(database, tmp_path / f"server-{len(started)}.log", port, bot_delay)
        started.append(handle)
        return handle

    try:
        yield start
    finally:
        for handle in started:
            handle.stop()
