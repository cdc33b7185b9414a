"""The multi-server tests (issue 16): a real PostgreSQL and a real Redis on Unix sockets
(web/services.py), `ludotheque serve` processes and `ludotheque worker` processes, real
WebSocket clients. Everything is stopped at the end, whatever happens."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("psycopg")
pytest.importorskip("redis")
pytest.importorskip("alembic")
httpx = pytest.importorskip("httpx")

from ludotheque.web.services import (  # noqa: E402
    ServiceMissing,
    serving_url,
    start_serve,
    start_worker,
    stop_processes,
    temp_postgres,
    temp_redis,
)
from play import DEADLINE  # noqa: E402


@pytest.fixture(scope="session")
def postgres():
    from ludotheque.web.db import migrate

    try:
        with temp_postgres() as url:
            migrate(url)
            yield url
    except ServiceMissing as missing:
        pytest.fail(f"{missing} (`make test` installs it)", pytrace=False)


@pytest.fixture
def redis_server():
    try:
        with temp_redis() as redis:
            yield redis
    except ServiceMissing as missing:
        pytest.fail(f"{missing} (`make test` installs it)", pytrace=False)


@dataclass
class Cluster:
    database: str
    broker: str
    folder: Path
    servers: list[subprocess.Popen] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)  # each server's, its port the system's
    workers: list[subprocess.Popen] = field(default_factory=list)

    def start_server(self) -> int:
        index = len(self.servers)
        log_path = self.folder / f"server{index}.log"
        process = start_serve(log_path, "--database", self.database, "--broker", self.broker,
                              "--bot-delay", "0")
        self.servers.append(process)
        self.urls.append(serving_url(process, log_path, timeout=DEADLINE))
        return index

    def start_worker(self, lease: float = 2.0) -> subprocess.Popen:
        process = start_worker(self.folder / f"worker{len(self.workers)}.log",
                               "--database", self.database, "--broker", self.broker,
                               "--bot-delay", "0", "--lease", str(lease))
        self.workers.append(process)
        return process

    def url(self, index: int) -> str:
        return self.urls[index]

    def ws_url(self, index: int) -> str:
        return self.urls[index].replace("http://", "ws://", 1) + "/ws"

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.servers) if p.poll() is None]

    def stop(self) -> None:
        stop_processes(self.servers + self.workers)


@pytest.fixture
def cluster(postgres, redis_server, tmp_path):
    """Two servers and one worker on one PostgreSQL and one Redis."""
    cluster = Cluster(postgres, redis_server.url, tmp_path)
    try:
        cluster.start_server()
        cluster.start_server()
        cluster.start_worker()
        yield cluster
    finally:
        cluster.stop()
        if os.environ.get("LUDO_SCALE_LOGS"):
            for log in sorted(tmp_path.glob("*.log")):
                print(log.name, log.read_text()[-3000:])
