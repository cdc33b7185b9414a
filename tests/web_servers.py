"""The web tests' servers and clients, importable by name (`from web_servers import
...`) from every folder of tests (tests/web; tests/scale runs them on PostgreSQL and
Redis): a module of its own, since several folders of tests each have a `conftest`."""

from __future__ import annotations

import os
import random
import threading
import time
import zlib
from dataclasses import dataclass
from typing import Any

import httpx

from ludotheque.web.app import create_app
from ludotheque.web.server import listen, uvicorn_server
from ws_client import DEADLINE, WsClient  # noqa: F401  (the web tests import them from here)


def table_players(game: Any) -> int:
    """The seats of a game's table in the tests that run on every game: three where the
    game allows it (DTC: four), so that a game added later needs no entry."""
    return 4 if game.name == "dtc" else min(max(3, game.min_players), game.max_players)


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

    def deal_from(self, name: str) -> None:
        """The tables made or loaded from now on (their seeds, their bots' moves) deal from
        `name` (`deals_of`): the same games for `name` on every run, whichever tests this
        server served before."""
        self.master.deals = deals_of(name)

    def table_count(self) -> int:
        """Tables in the server's database (read there: a waiting one leaves memory)."""
        from sqlalchemy import func, select

        from ludotheque.web.db import tables

        with self.master.storage.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(tables)).scalar_one()

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




def deals_of(name: str) -> random.Random:
    """A server's deals (`Master.deals`) seeded from `name`'s CRC-32."""
    return random.Random(zlib.crc32(name.encode()))


def running_test() -> str:
    """The node id of the test running now (pytest sets it, with its phase after)."""
    return os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]


def run_app_in_thread(database: str, bot_delay: float = 0.0, **app_kwargs: Any) -> ServerHandle:
    """The app on uvicorn in a thread, on a port the system picks as it binds the socket
    uvicorn serves (`listen`): nobody can take it in between. Its deals and bots' moves
    are seeded from the test that starts it, unless `deals` says otherwise."""
    app_kwargs.setdefault("deals", deals_of(running_test()))
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(database, bot_delay=bot_delay, **app_kwargs)
    server = uvicorn_server(app, lifespan="on")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    end = time.monotonic() + DEADLINE
    while not server.started:
        if not thread.is_alive() or time.monotonic() > end:
            sock.close()
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

