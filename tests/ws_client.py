"""A page's WebSocket for the tests that run real servers (tests/web, tests/scale),
importable by name (`from ws_client import WsClient`): blocking, a deadline on every wait,
every frame kept."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

from websockets.sync.client import connect

DEADLINE = 30.0  # seconds: generous upper bound for any wait (the machine may be busy); tests
# poll, never sleep blind


def wait_for(condition, what: str, within: float = DEADLINE) -> None:
    """Polls `condition` until it holds; fails saying `what` did not happen if it does not
    within `within` seconds."""
    end = time.monotonic() + within
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)


class WsClient:
    """One page's WebSocket, blocking, with deadlines on every wait."""

    def __init__(self, url: str, max_size: int | None = 2**22,
                 headers: dict[str, str] | None = None) -> None:
        # Entered as a context manager (websockets 17 deprecates a bare connect()).
        self._opened = connect(url, max_size=max_size, open_timeout=DEADLINE,
                               additional_headers=headers)
        self.ws = self._opened.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.last_update: dict[str, Any] | None = None

    def close(self) -> None:
        self._opened.__exit__(None, None, None)

    def drop(self) -> None:
        """The connection cut with no closing handshake (a phone out of range, a killed
        browser): the server hears nothing but the TCP connection ending."""
        self.ws.socket.shutdown(socket.SHUT_RDWR)
        self.ws.socket.close()
        self.close()

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

    def hello_refused(self, token: str, lang: str = "en") -> dict[str, Any]:
        """The error a hello with `token` gets; the page got no update (it holds no table)."""
        self.send({"type": "hello", "token": token, "lang": lang, "since": 0})
        refused = self.expect("error")
        assert not [f for f in self.frames if f.get("type") == "update"], self.frames
        return refused

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

    def errors_so_far(self) -> list[dict[str, Any]]:
        """The error frames received once the server answered all this page sent: a socket's
        frames are handled in order, so its pong comes after every answer before it."""
        self.send({"type": "ping"})
        self.expect("pong")
        return [f for f in self.frames if f.get("type") == "error"]

    def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Frames already on their way (stops after `quiet` seconds without one)."""
        got = []
        while True:
            try:
                got.append(self.recv(timeout=quiet))
            except TimeoutError:
                return got


def first_but_a_pass(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A "pass" if there is one (a 17 call ends the round at once), else the first move."""
    return next((move for move in legal if move["text"] == "pass"), legal[0])


def drive(pages: list[WsClient], pick=lambda legal: legal[0], limit: float = 3 * DEADLINE) -> None:
    """Each page plays its `pick` of the legal moves (the first; `rng.choice`: a random one)
    whenever its seat is to act, to the end of the game (seats nobody's page holds are left
    to the bots and stand-ins)."""
    end = time.monotonic() + limit
    sent: dict[int, int] = {}
    while not all(page.last_update["result"] is not None for page in pages):
        assert time.monotonic() < end, "the game did not end"
        for index, page in enumerate(pages):
            page.drain(quiet=0.005)
            frame = page.last_update
            if frame["result"] is None and frame["seat"] is not None \
                    and frame["to_act"] == frame["seat"] and frame["legal"] \
                    and sent.get(index) != frame["move"]:
                page.move([pick(frame["legal"])["id"]], frame["move"])
                sent[index] = frame["move"]


def page_log(page: WsClient) -> list[tuple[dict, list[str], list[dict]]]:
    """(event, its lines, the seats as the frame that brought it showed them) as the page's
    log shows them, from every frame it received."""
    entries: dict[int, tuple[dict, list[str], list[dict]]] = {}
    for frame in page.frames:
        if frame["type"] == "update":
            if frame["log_reset"]:
                entries = {}
            entries.update((e["index"], (e["event"], e["lines"], frame["table"]["seats"]))
                           for e in frame["events"])
    return [entries[index] for index in sorted(entries)]
