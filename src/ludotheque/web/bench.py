"""`ludotheque bench-server`: the web server under load, measured from the outside.

It starts `ludotheque serve` as a subprocess on a free port of 127.0.0.1 with a fresh
SQLite file, then drives many tables at once with simulated players over real
WebSockets, as pages do: each page waits a think time (exponential, mean `think`
seconds) when its seat is to act, sends a random legal move and measures the time from
sending it to receiving the update that includes it. A finished game is followed by a
rematch, so every table keeps playing for the whole run.

Run 1: `tables` tables of people (the four games in turn, 3 seats each).
Run 2: the same, plus `hard_tables` tables where one simulated person plays against two
`hard` bots (the bots think up to a second a move, in the server's process pool); the
latency reported is the people's, at the other tables and at these.

Everything is bounded: a fixed length per run, then the clients close and the server is
stopped (terminate, then kill).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludotheque.i18n import number, t
from ludotheque.web.services import serving_url, start_serve, start_worker

SEATS = 3


def bench_games() -> list[str]:
    """The games the tables rotate through: every registered game that seats SEATS."""
    from ludotheque.core.registry import all_games

    return [game.name for game in all_games() if game.min_players <= SEATS <= game.max_players]
START_TIMEOUT = 60.0


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, people's moves
    moves: int = 0  # people's moves acknowledged in the window
    other_moves: int = 0  # bots' moves seen at the hard tables
    errors: int = 0
    games: int = 0

    def summary(self, seconds: float) -> dict[str, Any]:
        ordered = sorted(self.latencies)

        def pct(q: float) -> float | None:
            if not ordered:
                return None
            return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

        return {"moves": self.moves, "moves_per_s": round(self.moves / seconds, 1),
                "bot_moves": self.other_moves, "games_finished": self.games,
                "errors": self.errors, "p50_ms": pct(0.50), "p95_ms": pct(0.95),
                "p99_ms": pct(0.99), "max_ms": round(1000 * ordered[-1], 2) if ordered else None,
                "mean_ms": round(1000 * statistics.fmean(ordered), 2) if ordered else None}


class Page:
    """One simulated person at one seat."""

    def __init__(self, bench: Bench, url: str, stats: Stats, rng: random.Random,
                 leader: bool, ws_url: str | None = None) -> None:
        self.bench, self.url, self.stats, self.rng, self.leader = bench, url, stats, rng, leader
        self.ws_url = ws_url or bench.ws_url
        self.ready = False

    async def run(self) -> None:
        from websockets.asyncio.client import connect

        token = self.url.rsplit("/", 1)[1]
        while not self.bench.stopping:
            try:
                async with connect(self.ws_url, max_size=2**23, open_timeout=30,
                                   ping_interval=None) as ws:
                    token = await self._play(ws, token)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a dropped connection: count it, reconnect
                if self.bench.stopping:
                    return
                self.stats.errors += 1
                await asyncio.sleep(0.5)
                continue
            if token is None:
                return

    async def _play(self, ws: Any, token: str) -> str | None:
        """Play at the table of `token`; returns the token of the rematch, None at the end."""
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en", "since": 0}))
        self.waiting: tuple[int, float] | None = None  # (move count sent from, when)
        thinking: asyncio.Task | None = None
        last_move = -1
        asked_rematch = False
        try:
            async for raw in ws:
                if self.bench.stopping:
                    return None
                frame = json.loads(raw)
                kind = frame.get("type")
                if kind == "rematch":
                    return frame["url"].rsplit("/", 1)[1]
                if kind == "error":
                    self.stats.errors += 1
                    self.waiting = None
                    continue
                if kind != "update":
                    continue
                if not self.ready:
                    self.ready = True
                    self.bench.ready += 1
                move = frame["move"]
                mine = self.waiting is not None and move > self.waiting[0]
                if self.bench.measuring and self.bench.count_bots and last_move >= 0:
                    # at a hard table this page is the only person: other moves are the bots'
                    self.stats.other_moves += max(0, move - last_move - (1 if mine else 0))
                last_move = max(last_move, move)
                if mine:
                    if self.bench.measuring:
                        self.stats.latencies.append(time.perf_counter() - self.waiting[1])
                        self.stats.moves += 1
                    self.waiting = None
                if frame["result"] is not None:
                    if self.leader and not asked_rematch:
                        asked_rematch = True
                        if self.bench.measuring:
                            self.stats.games += 1
                        await ws.send(json.dumps({"type": "rematch"}))
                    continue
                if (frame["to_act"] == frame["seat"] and frame["legal"] and self.waiting is None
                        and (thinking is None or thinking.done())):
                    thinking = asyncio.ensure_future(self._move_later(ws, frame))
        finally:
            if thinking is not None:
                thinking.cancel()
        return None

    async def _move_later(self, ws: Any, frame: dict[str, Any]) -> None:
        """Think (exponential pause), then send a random legal move and start the clock."""
        await asyncio.sleep(self.rng.expovariate(1 / self.bench.think) if self.bench.think else 0)
        action = self.rng.choice(frame["legal"])["id"]
        self.waiting = (frame["move"], time.perf_counter())
        await ws.send(json.dumps({"type": "move", "actions": [action], "move": frame["move"]}))


class Bench:
    def __init__(self, ws_url: str, think: float) -> None:
        self.ws_url = ws_url
        self.think = think
        self.stopping = False
        self.measuring = False
        self.count_bots = False
        self.ready = 0  # pages that got their first update


async def _post(api: Any, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST with a few retries: a kept-alive connection the server just closed is not a
    failure of what is measured."""
    import httpx

    for attempt in range(5):
        try:
            response = await api.post(url, json=body)
            response.raise_for_status()
            return response.json()
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


async def _create_tables(api: Any, count: int, rng: random.Random, hard: bool) -> list[list[str]]:
    """`count` started tables; the seat URLs of their people."""
    games = bench_games()

    async def one(index: int) -> list[str]:
        game = games[index % len(games)]
        seats = [{"kind": "human"}] + ([{"kind": "bot", "level": "hard"}] * (SEATS - 1) if hard
                                       else [{"kind": "human"}] * (SEATS - 1))
        created = await _post(api, "/api/tables", {"game": game, "players": SEATS,
                                                   "seats": seats})
        invite = created["invite_url"].rsplit("/", 1)[1]
        urls = []
        for seat, spec in enumerate(seats):
            if spec["kind"] == "human":
                joined = await _post(api, f"/api/join/{invite}",
                                     {"seat": seat, "name": f"P{seat + 1}"})
                urls.append(joined["seat_url"])
        return urls

    results = []
    for start in range(0, count, 20):  # a few at a time: the lobby is not what is measured
        results += await asyncio.gather(*(one(i) for i in range(start, min(count, start + 20))))
    return results


def _cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) of the server process, from /proc (0 where unavailable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


async def _run(base: str, ws_url: str | list[str], tables: int, hard_tables: int,
               seconds: float, think: float, seed: int, say: Callable[[str], None],
               server_pid: int | list[int] | None = None,
               lang: str = "en") -> dict[str, Any]:
    """`ws_url` and `server_pid` may list several servers: the pages of one table are
    spread over them (seat s of table i on server (i + s) mod N)."""
    ws_urls = [ws_url] if isinstance(ws_url, str) else list(ws_url)
    pids = server_pid if isinstance(server_pid, list) else [server_pid]
    ws_url = ws_urls[0]
    import httpx

    rng = random.Random(seed)
    report: dict[str, Any] = {"tables": tables, "seats_per_table": SEATS, "think_s": think,
                              "seconds": seconds, "cpus": os.cpu_count(),
                              "servers": len(ws_urls)}
    limits = httpx.Limits(max_keepalive_connections=0)  # a fresh connection each time
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as api:
        people = await _create_tables(api, tables, rng, hard=False)
        hard = await _create_tables(api, hard_tables, rng, hard=True) if hard_tables else []
    for label, with_hard in (("people", False), ("people_with_hard_bots", True)):
        if with_hard and not hard:
            continue
        bench = Bench(ws_url, think)
        stats = Stats()
        hard_stats = Stats()
        pages = [Page(bench, url, stats, random.Random(rng.random()), leader=(seat == 0),
                      ws_url=ws_urls[(index + seat) % len(ws_urls)])
                 for index, urls in enumerate(people) for seat, url in enumerate(urls)]
        if with_hard:
            hard_bench = Bench(ws_url, think)
            hard_bench.count_bots = True
            pages += [Page(hard_bench, urls[0], hard_stats, random.Random(rng.random()),
                           leader=True, ws_url=ws_urls[index % len(ws_urls)])
                      for index, urls in enumerate(hard)]
        say(t("web.server.bench.run", lang, label=t(f"web.server.bench.label.{label}", lang),
              pages=len(pages), tables=len(people) + (len(hard) if with_hard else 0),
              seconds=f"{seconds:g}"))
        connecting = time.perf_counter()
        tasks = [asyncio.ensure_future(page.run()) for page in pages]
        # warm-up: every page connected and answered (bounded), then a little play
        benches = {page.bench for page in pages}
        end = time.perf_counter() + START_TIMEOUT
        while sum(b.ready for b in benches) < len(pages) and time.perf_counter() < end:
            await asyncio.sleep(0.1)
        say(t("web.server.bench.connected", lang, pages=sum(b.ready for b in benches),
              seconds=number(time.perf_counter() - connecting, lang, 1)))
        await asyncio.sleep(min(5.0, seconds / 4))  # the connection storm settles
        for each in benches:
            each.measuring = True
        started = time.perf_counter()
        cpu_before = sum(_cpu_seconds(pid) for pid in pids)
        await asyncio.sleep(seconds)
        cpu_used = sum(_cpu_seconds(pid) for pid in pids) - cpu_before
        for each in benches:
            each.measuring = False
        elapsed = time.perf_counter() - started
        for each in benches:
            each.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        report[label] = stats.summary(elapsed)
        report[label]["server_cpu_share"] = round(cpu_used / elapsed, 3)
        all_moves = stats.moves + hard_stats.moves + hard_stats.other_moves
        report[label]["server_cpu_ms_per_move"] = (round(1000 * cpu_used / all_moves, 2)
                                                   if all_moves and cpu_used else None)
        report[label]["load_average"] = round(os.getloadavg()[0], 1)
        if with_hard:
            report["hard_tables"] = {"tables": len(hard), **hard_stats.summary(elapsed)}
        # the second run starts from the tables as the first left them (tokens of the
        # tables created above: a page whose table was rematched follows the rematch link)
    return report


def run_benchmark(tables: int = 200, hard_tables: int = 20, seconds: float = 20.0,
                  think: float = 3.0, seed: int = 0,
                  progress: Callable[[str], None] | None = None,
                  lang: str = "en", servers: int = 1, database: str | None = None,
                  broker: str | None = None) -> dict[str, Any]:
    """Start the server(s), run the load, stop everything; returns the numbers.

    One server: a fresh SQLite file (unless `database`). Several: every server on one
    PostgreSQL and one Redis (`database`/`broker`, else a throw-away pair started here,
    see services.py) and one `ludotheque worker` for the bots."""
    import contextlib

    say = progress or (lambda _text: None)
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ludo-bench-")))
        if servers > 1 and database is None:
            from ludotheque.web.services import temp_postgres, temp_redis

            database = stack.enter_context(temp_postgres())
            broker = broker or stack.enter_context(temp_redis()).url
        database = database or f"sqlite:///{folder / 'bench.sqlite3'}"
        if not database.startswith("sqlite"):
            from ludotheque.web.db import migrate

            migrate(database)
        processes: list[subprocess.Popen] = []
        try:
            for index in range(servers):
                extra = ["--broker", broker] if broker else []
                processes.append(start_serve(
                    folder / f"server{index}.log", "--database", database, "--bot-delay", "0",
                    *extra,
                    # one address creates every table and opens every page of the run: no
                    # limit on either
                    env={"LUDOTHEQUE_LIMIT_TABLES": "off", "LUDOTHEQUE_LIMIT_SOCKETS": "off",
                         "LUDOTHEQUE_LIMIT_BOT_TABLES": "off"}))
            if broker:
                processes.append(start_worker(folder / "worker.log", "--database", database,
                                              "--broker", broker, "--bot-delay", "0"))
            urls = []
            for index in range(servers):
                urls.append(serving_url(processes[index], folder / f"server{index}.log"))
                say(t("web.server.bench.start", lang, pid=processes[index].pid, url=urls[-1]))
            base = urls[0]
            report = asyncio.run(_run(base, [url.replace("http://", "ws://", 1) + "/ws"
                                             for url in urls],
                                      tables, hard_tables, seconds, think, seed, say,
                                      [p.pid for p in processes], lang))
            report["database"] = database.split(":", 1)[0].split("+", 1)[0]
        finally:
            from ludotheque.web.services import stop_processes

            stop_processes(processes)
    for label in ("people", "people_with_hard_bots", "hard_tables"):
        if label in report:
            entry = report[label]
            say(t("web.server.bench.line", lang, label=t(f"web.server.bench.label.{label}", lang),
                  moves=entry["moves"], rate=number(entry["moves_per_s"], lang, 1),
                  **{key: "-" if entry[f"{key}_ms"] is None else
                     number(entry[f"{key}_ms"], lang, 1) for key in ("p50", "p95", "p99", "max")}))
            if label == "hard_tables":
                say(t("web.server.bench.bots", lang, count=entry["bot_moves"]))
            elif "server_cpu_share" in entry:
                say(t("web.server.bench.cpu", lang,
                      share=number(100 * entry["server_cpu_share"], lang, 0),
                      per_move="-" if entry["server_cpu_ms_per_move"] is None else
                      number(entry["server_cpu_ms_per_move"], lang, 2),
                      load=number(entry["load_average"], lang, 1)))
            if entry["errors"]:
                say(t("web.server.bench.errors", lang, count=entry["errors"]))
    return report
