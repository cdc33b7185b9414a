"""Clients of the multi-server tests: each seat of a table plays random legal moves over
a real WebSocket, on a server of its own, and moves to another server (asking for the
events since the last one it saw) when its server goes away."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from sqlalchemy import create_engine, select

from ludotheque.core.record import Record
from ludotheque.core.replay import replay
from ludotheque.web.db import engine_url, moves
from ws_client import WsClient
from ws_client import drive as play_out

DEADLINE = 60.0  # an upper bound for one wait (a busy machine), never a measured result


@dataclass
class Seat:
    token: str
    seat: int
    server: int
    rng: random.Random
    acked: list[tuple[int, str]] = field(default_factory=list)  # (move index, action text)
    last: dict[str, Any] | None = None
    events: int = 0  # events seen, in order, no gap, no duplicate
    moves_seen: list[int] = field(default_factory=list)
    reconnections: int = 0


async def play_seat(seat: Seat, ws_urls, alive, progress: dict[str, int]) -> None:
    from websockets.asyncio.client import connect

    while True:
        try:
            async with connect(ws_urls[seat.server], open_timeout=10,
                               ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": seat.token, "lang": "en",
                                          "since": seat.events}))
                pending: tuple[int, str] | None = None
                async for raw in ws:
                    frame = json.loads(raw)
                    if frame["type"] == "error":
                        pending = None  # refused ("the table moved on" comes with the view)
                        continue
                    if frame["type"] != "update":
                        continue
                    indices = [e["index"] for e in frame["events"]]
                    if frame["log_reset"]:
                        seat.events = 0
                    assert indices == list(range(seat.events, seat.events + len(indices))), \
                        (seat.events, indices)
                    seat.events += len(indices)
                    if seat.moves_seen:
                        assert frame["move"] >= seat.moves_seen[-1]
                    seat.moves_seen.append(frame["move"])
                    seat.last = frame
                    if pending is not None and frame["move"] > pending[0]:
                        seat.acked.append(pending)
                        progress["acked"] = progress.get("acked", 0) + 1
                        pending = None
                    if frame["result"] is not None:
                        return
                    if frame["to_act"] == seat.seat and frame["legal"] and pending is None:
                        choice = seat.rng.choice(frame["legal"])
                        pending = (frame["move"], choice["text"])
                        await ws.send(json.dumps({"type": "move", "actions": [choice["id"]],
                                                  "move": frame["move"]}))
        except (TimeoutError, OSError) as _gone:
            pass
        except Exception as error:  # websockets' ConnectionClosed and friends
            if type(error).__module__.split(".")[0] != "websockets":
                raise
        seat.reconnections += 1
        choices = alive()
        seat.server = choices[(choices.index(seat.server) + 1) % len(choices)
                              if seat.server in choices else 0]
        await asyncio.sleep(0.2)


def create_table(base: str, game: str, seats: list[dict[str, Any]],
                 turn_timer: float | None = None) -> tuple[str, list[str]]:
    with httpx.Client(base_url=base, timeout=30) as api:
        created = api.post("/api/tables", json={"game": game, "players": len(seats),
                                                "seats": seats,
                                                "turn_timer": turn_timer}).json()
        invite = created["invite_url"].rsplit("/", 1)[1]
        tokens = []
        for index, spec in enumerate(seats):
            if spec["kind"] == "human":
                joined = api.post(f"/api/join/{invite}", json={"seat": index,
                                                               "name": f"P{index + 1}"})
                assert joined.status_code == 200, joined.text
                tokens.append(joined.json()["seat_url"].rsplit("/", 1)[1])
            else:
                tokens.append("")
        return created["table"], tokens


def check_table(database: str, base: str, table: str, seats: list[Seat]) -> None:
    """Every acknowledged move is in the database exactly once, at its index, and every
    page's final view is the view of a replay of the stored record."""
    engine = create_engine(engine_url(database))
    with engine.connect() as conn:
        rows = conn.execute(select(moves.c.idx, moves.c.seat, moves.c.action)
                            .where(moves.c.table_id == table).order_by(moves.c.idx)).all()
    engine.dispose()
    assert [r.idx for r in rows] == list(range(len(rows)))  # no gap, no duplicate
    by_index = {r.idx: r for r in rows}
    for seat in seats:
        for index, text in seat.acked:
            assert by_index[index].seat == seat.seat and by_index[index].action == text
    record = Record.from_json(httpx.get(f"{base}/api/tables/{table}/record", timeout=30).json())
    assert [str(a) for a in record.actions] == [r.action for r in rows]
    match = replay(record)
    assert match.is_over()
    for seat in seats:
        assert seat.last is not None and seat.last["result"] is not None
        assert seat.last["move"] == len(rows)
        assert seat.last["view"] == json.loads(json.dumps(match.view(seat.seat)))


def diagnose(database: str, tables: list[tuple[str, list[Seat]]]) -> str:
    """What a stalled run looked like, table by table: what each page saw, what the
    database holds, whose turn it is, and the bot job (worker, lease) of that turn."""

    from ludotheque.web.db import Storage, bot_jobs
    from ludotheque.web.live import rebuild

    storage = Storage(database)
    lines = []
    try:
        for table, seats in tables:
            if all(s.last is not None and s.last["result"] is not None for s in seats):
                continue
            row = storage.get_table(table)
            stored = storage.get_moves(table)
            match = rebuild(row, [a for _, _, a in stored])
            turn = None if match.is_over() else match.current_player()
            with storage.engine.connect() as conn:
                jobs = conn.execute(select(bot_jobs).where(bot_jobs.c.table_id == table)
                                    ).mappings().all()
            leases = [(j["idx"], j["seat"], j["worker"], round(j["lease_until"] - time.time(), 1))
                      for j in jobs]
            lines.append(f"table {table} ({row.game}): status {row.status}, "
                         f"{len(stored)} moves stored, to act: {turn} "
                         f"({row.seats[turn].kind if turn is not None else '-'}), "
                         f"jobs: {leases}")
            for seat in seats:
                last = seat.last or {}
                lines.append(f"  seat {seat.seat} on server {seat.server}: moves seen "
                             f"{seat.moves_seen[-6:]}, to_act {last.get('to_act')}, "
                             f"reconnections {seat.reconnections}, acked {len(seat.acked)}")
    finally:
        storage.close()
    return "\n".join(lines) or "every table finished"


class Page(WsClient):
    """One page of a table over a real WebSocket, said hello to (`first`: its first
    update): every frame it receives is kept, to check what it was told (and never told).
    Waits up to this module's DEADLINE."""

    def __init__(self, ws_url: str, token: str, lang: str = "en") -> None:
        super().__init__(ws_url)
        self.send({"type": "hello", "token": token, "lang": lang})
        self.first = self.expect("update")

    @property
    def last(self) -> dict[str, Any] | None:
        """The last update received."""
        return self.last_update

    @last.setter
    def last(self, frame: dict[str, Any] | None) -> None:
        self.last_update = frame

    def expect(self, kind: str, condition=lambda frame: True,  # type: ignore[override]
               timeout: float = DEADLINE) -> dict[str, Any]:
        """The first frame of type `kind` meeting `condition` (an update: the last one
        already received counts)."""
        if kind == "update" and self.last is not None and condition(self.last):
            return self.last
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            try:
                frame = self.recv(max(0.0, left))
            except TimeoutError:
                brief = [{k: f[k] for k in ("type", "move", "code", "url", "by") if k in f}
                         for f in self.frames[-3:]]
                raise AssertionError(f"no {kind} frame as expected; last: {brief}") from None
            if frame["type"] == kind and condition(frame):
                return frame


def drive(pages: list[Page], rng: random.Random) -> None:
    """Each page plays a random legal move whenever its seat is to act, to the end of the
    game (`ws_client.drive`, within this module's longer DEADLINE)."""
    play_out(pages, rng.choice, 3 * DEADLINE)
