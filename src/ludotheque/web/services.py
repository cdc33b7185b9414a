"""A throw-away PostgreSQL and Redis on this machine, each in a temp folder: for the
multi-server tests and `bench-server --servers N` (never for production: there, point
`--database` and `--broker` at the real ones).

Each listens on a Unix socket in its folder and on no TCP port: neither can choose a
free port as it binds it, and a port chosen before the start could be taken by another
program meanwhile. Every server and worker of this machine reaches them there.

PostgreSQL comes from the system (Debian's `postgresql` package: `initdb`, `pg_ctl`);
it refuses to run as root, so as root the cluster belongs to the `postgres` user (run
through `runuser`). Redis is `redis-server` with nothing saved on disk. Both are always
stopped when the `with` block ends.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ludotheque.core.errors import require_extra

START_TIMEOUT = 60.0


class ServiceMissing(RuntimeError):
    """A program is not installed here (the message says which and how to get it)."""


def _program(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(
        f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if not found:
        raise ServiceMissing(f"{name} not found: apt-get install postgresql redis-server "
                             f"(or `make test` as root)")
    return found


def _failed_start(name: str, where: Path, why: str, output: bytes) -> RuntimeError:
    """`name` on its socket `where` did not start (`why`): said with the end of its own
    output, which says what went wrong."""
    said = output.decode(errors="replace").strip()[-2000:] or "(nothing)"
    return RuntimeError(f"{name} on {where} {why}; its output:\n{said}")


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def temp_postgres() -> Iterator[str]:
    """A fresh PostgreSQL cluster, its socket in its temp folder; yields its SQLAlchemy URL
    (database `ludotheque`). A RuntimeError with its output if it does not start."""
    psycopg = require_extra("psycopg", "scale", "PostgreSQL")
    initdb, pg_ctl = _program("initdb"), _program("pg_ctl")
    folder = Path(tempfile.mkdtemp(prefix="ludo-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    started = False
    try:
        subprocess.run(_as_owner([initdb, "-D", str(data), "-A", "trust", "-U", "ludo",
                                  "--no-sync", "-E", "UTF8"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        options = f"-k {folder} -c listen_addresses='' -c fsync=off -c max_connections=200"
        log = folder / "log"
        start = subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-o", options, "-l",
                                          str(log), "-w", "-t", str(int(START_TIMEOUT)),
                                          "start"]), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        if start.returncode != 0:  # pg_ctl says whether it stopped or was too slow
            raise _failed_start("PostgreSQL", folder, "did not start",
                                start.stderr + (log.read_bytes() if log.exists() else b""))
        started = True
        with psycopg.connect(host=str(folder), user="ludo", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute("CREATE DATABASE ludotheque")
        yield f"postgresql+psycopg://ludo@/ludotheque?host={folder}"
    finally:
        if started:
            subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "-w",
                                      "stop"]), check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def _start_ludotheque(log_path: Path, command: list[str],
                      env: Mapping[str, str] | None) -> subprocess.Popen:
    """`ludotheque <command>` in this Python, its output (both streams) in `log_path`."""
    with open(log_path, "wb") as log:
        return subprocess.Popen([sys.executable, "-m", "ludotheque", *command], stdout=log,
                                stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})


def start_serve(log_path: Path, *args: str, host: str = "127.0.0.1", port: int = 0,
                env: Mapping[str, str] | None = None) -> subprocess.Popen:
    """`ludotheque serve` on `host`:`port` with `args` more, its environment `env` more,
    its output in `log_path`. Port 0 (the default): the system gives it a free port as it
    binds (`serving_url` reads which), so no other program can take it in between."""
    return _start_ludotheque(log_path, ["serve", "--host", host, "--port", str(port), *args],
                             env)


def start_worker(log_path: Path, *args: str,
                 env: Mapping[str, str] | None = None) -> subprocess.Popen:
    """`ludotheque worker` with `args` (its `--database`, `--broker`...), its environment
    `env` more, its output in `log_path`: it plays the bots of the servers on that broker."""
    return _start_ludotheque(log_path, ["worker", *args], env)


def serving_url(server: subprocess.Popen, log_path: Path, host: str = "127.0.0.1",
                timeout: float = START_TIMEOUT) -> str:
    """The base URL (no trailing slash) of the `start_serve` process `server` bound to
    `host`, read from the link it printed in `log_path` (the port it listens on), once
    its games' list answers there. A RuntimeError (with the end of its log) if it stopped
    first or did not answer within `timeout` seconds; it is stopped then. `bench-server`
    and the tests start servers so."""
    import httpx

    from ludotheque.web.share import local_host, url_host

    link = re.compile(rf"http://{re.escape(url_host(local_host(host)))}:\d+(?=/)")
    base = None
    end = time.monotonic() + timeout
    while server.poll() is None and time.monotonic() < end:
        if base is None and (found := link.search(log_path.read_text(errors="replace"))):
            base = found.group(0)
        try:
            if base and httpx.get(base + "/api/games", timeout=2).status_code == 200:
                return base
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    why = "did not start in time" if server.poll() is None else "stopped"
    stop_processes([server])
    raise RuntimeError(f"the server {why}: {log_path.read_text()[-2000:]}")


def stop_processes(processes: list[subprocess.Popen], grace: float = 10.0) -> None:
    """SIGTERM to every process still running, then wait; SIGKILL any that lingers."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=grace)


@dataclass
class Redis:
    """A redis-server on the Unix socket `path` (and no TCP port), nothing saved."""

    path: Path
    process: subprocess.Popen | None = None
    _log: IO[bytes] | None = None  # its output, read if it fails to start

    @property
    def url(self) -> str:
        return f"unix://{self.path}?db=0"

    def start(self) -> None:
        """Once it answers PING. If it stops first or does not answer within START_TIMEOUT,
        a RuntimeError with its socket and its own output; it is stopped."""
        self._log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [_program("redis-server"), "--port", "0", "--unixsocket", str(self.path),
             "--unixsocketperm", "700", "--save", "", "--appendonly", "no"],
            stdout=self._log, stderr=subprocess.STDOUT)
        end = time.monotonic() + START_TIMEOUT
        while self.process.poll() is None and time.monotonic() < end:
            with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as sock:
                sock.settimeout(1)
                sock.connect(str(self.path))
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        why = ("stopped as it started" if self.process.poll() is not None
               else f"did not answer within {START_TIMEOUT:.0f} s")
        stop_processes([self.process])
        self._log.seek(0)
        raise _failed_start("redis-server", self.path, why, self._log.read())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def temp_redis() -> Iterator[Redis]:
    folder = Path(tempfile.mkdtemp(prefix="ludo-redis-"))
    redis = Redis(folder / "redis.sock")
    try:
        redis.start()
        yield redis
    finally:
        redis.stop()
        shutil.rmtree(folder, ignore_errors=True)
