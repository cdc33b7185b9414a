"""The web tests' servers and clients, importable by name (`from web_servers import
...`): a module of its own, since two folders of tests each have a `conftest`."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import connect

from ludotheque.web.app import create_app
from ludotheque.web.server import UVICORN_SETTINGS

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

