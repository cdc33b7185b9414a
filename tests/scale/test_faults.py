"""Issue 16, points 2-4: two servers, a worker, one PostgreSQL, one Redis, all real; tables
played by clients on both servers while a server is killed (SIGKILL), Redis restarts, or
the worker dies while a `hard` bot thinks. After each: every table finishes, every
acknowledged move is stored exactly once, every page's final view is the replay's."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import time
from contextlib import ExitStack

from sqlalchemy import create_engine, select

from ludotheque.web.db import SCHEMA_HEAD, Storage, bot_jobs, engine_url
from play import DEADLINE, Page, Seat, check_table, create_table, diagnose, play_seat

# people only, and people with an easy bot (computed by the worker)
TABLES = [
    ("wazabi", ["human", "human"]),
    ("dtc", ["human", "human", "bot"]),
    ("decimoarr", ["human", "human", "human"]),
    ("diciassette", ["human", "human", "bot"]),
]


def _seats(kinds, level="easy"):
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": level}
            for k in kinds]


def setup_tables(cluster, specs, seed: int, level: str = "easy"):
    rng = random.Random(seed)
    tables = []
    for number, (game, kinds) in enumerate(specs):
        table, tokens = create_table(cluster.url(number % 2), game, _seats(kinds, level))
        seats = [Seat(token, index, (number + index) % 2, random.Random(rng.random()))
                 for index, token in enumerate(tokens) if token]
        tables.append((table, seats))
    return tables


async def run_tables(cluster, tables, fault=None):
    """Play every table to its end (bounded), with `fault()` run once meanwhile."""
    progress: dict[str, int] = {}
    ws_urls = [cluster.ws_url(i) for i in range(len(cluster.servers))]
    tasks = [asyncio.ensure_future(play_seat(seat, ws_urls, cluster.alive, progress))
             for _table, seats in tables for seat in seats]
    try:
        if fault is not None:
            await fault(progress)
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=6 * DEADLINE)
        except TimeoutError:
            raise AssertionError("a table never finished:\n" + await asyncio.get_running_loop()
                                 .run_in_executor(None, diagnose, cluster.database,
                                                  tables)) from None
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return progress


async def _until(condition, what: str):
    end = time.monotonic() + 2 * DEADLINE
    while not condition():
        assert time.monotonic() < end, f"never happened: {what}"
        await asyncio.sleep(0.02)


def _check_all(cluster, tables):
    base = cluster.url(cluster.alive()[0])
    for table, seats in tables:
        check_table(cluster.database, base, table, seats)


def test_sigkill_one_server_mid_game(cluster):
    tables = setup_tables(cluster, TABLES, seed=1)

    async def kill(progress):
        await _until(lambda: progress.get("acked", 0) >= 8, "8 moves acknowledged")
        cluster.servers[0].send_signal(signal.SIGKILL)
        cluster.servers[0].wait(timeout=10)

    asyncio.run(run_tables(cluster, tables, kill))
    assert cluster.servers[0].poll() is not None
    assert any(seat.reconnections for _t, seats in tables for seat in seats)
    _check_all(cluster, tables)


def test_a_server_that_loads_a_table_for_a_page_runs_its_turn_timer(cluster):
    """Server 0 made the table and counts its turn; it dies while a person who never comes
    back is on turn. Server 1 (started before the table existed) loads it only for a
    spectator's hello: it counts down to the stored deadline, times the person out, and
    the stand-in (a worker's job) plays for them. The game never stalls."""
    table, _tokens = create_table(cluster.url(0), "diciassette",
                                  [{"kind": "human"}, {"kind": "human"}], turn_timer=10)
    cluster.servers[0].send_signal(signal.SIGKILL)
    cluster.servers[0].wait(timeout=10)
    storage = Storage(cluster.database)
    try:
        with Page(cluster.ws_url(1), storage.get_table(table).spectator) as page:
            seat = page.first["to_act"]
            assert page.first["move"] == 0
            assert not page.first["table"]["seats"][seat]["absent"]
            timed_out = page.expect("update", lambda f: f["table"]["seats"][seat]["absent"])
            assert timed_out["table"]["deadline"] is None
            page.expect("update", lambda f: f["move"] > 0)
        assert storage.get_moves(table)[0][1] == seat  # the stand-in's move, for the person
    finally:
        storage.close()


def test_redis_restarts_mid_game(cluster, redis_server):
    tables = setup_tables(cluster, TABLES, seed=2)

    async def restart(progress):
        await _until(lambda: progress.get("acked", 0) >= 8, "8 moves acknowledged")
        await asyncio.get_running_loop().run_in_executor(None, redis_server.restart)

    asyncio.run(run_tables(cluster, tables, restart))
    _check_all(cluster, tables)


def test_worker_killed_while_a_hard_bot_thinks(cluster):
    spare = cluster.start_worker()  # the one that will pick the move up
    tables = setup_tables(cluster, [("wazabi", ["human", "bot"]),
                                    ("dtc", ["human", "bot", "human"])], seed=3, level="hard")
    engine = create_engine(engine_url(cluster.database))
    killed: list[int] = []

    def leased_hard_job():
        with engine.connect() as conn:
            return conn.execute(select(bot_jobs.c.worker, bot_jobs.c.table_id,
                                       bot_jobs.c.idx).where(
                bot_jobs.c.level == "hard", bot_jobs.c.worker.is_not(None),
                bot_jobs.c.lease_until > time.time())).first()

    async def kill(progress):
        def find():
            found = leased_hard_job()
            return found if found and int(found.worker.rsplit(":", 1)[1]) in {
                w.pid for w in cluster.workers if w.poll() is None} else None

        job = None
        end = time.monotonic() + 2 * DEADLINE
        while job is None:
            assert time.monotonic() < end, "no hard bot ever thought"
            job = await asyncio.get_running_loop().run_in_executor(None, find)
            await asyncio.sleep(0.01)
        pid = int(job.worker.rsplit(":", 1)[1])
        worker = next(w for w in cluster.workers if w.pid == pid)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        killed.append(pid)

    try:
        asyncio.run(run_tables(cluster, tables, kill))
    finally:
        engine.dispose()
    assert killed and spare.pid in {w.pid for w in cluster.workers}
    _check_all(cluster, tables)


def test_two_servers_receiving_the_same_move_apply_it_once(cluster):
    """The same seat sends its move to both servers at once: the database takes one; the
    other server answers "the table moved on" with the fresh view."""
    from websockets.sync.client import connect

    # 17: after the first move, seat 1 is to act with moves, whatever the deal (a Wazabi
    # card may let a seat play again, or end the game)
    table, tokens = create_table(cluster.url(0), "diciassette", _seats(["human", "human"]))
    with ExitStack() as stack:
        pages = [stack.enter_context(connect(cluster.ws_url(i))) for i in (0, 1)]
        frames = []
        for page in pages:
            page.send(json.dumps({"type": "hello", "token": tokens[0], "lang": "fr"}))
            frames.append(json.loads(page.recv(timeout=DEADLINE)))
        actor = frames[0]["to_act"]
        if actor != 0:  # let seat 2 play first, through server 0
            with connect(cluster.ws_url(0)) as other:
                other.send(json.dumps({"type": "hello", "token": tokens[1], "lang": "en"}))
                first = json.loads(other.recv(timeout=DEADLINE))
                other.send(json.dumps({"type": "move", "actions": [first["legal"][0]["id"]],
                                       "move": first["move"]}))
                for page in pages:
                    frames[pages.index(page)] = _until_frame(page, lambda f: f["move"] == 1)
        count = frames[0]["move"]
        legal = [entry["id"] for entry in frames[0]["legal"]]
        for page, action in zip(pages, (legal[0], legal[-1])):
            page.send(json.dumps({"type": "move", "actions": [action], "move": count}))
        for page in pages:  # frames of one connection are handled in order: the pong
            page.send(json.dumps({"type": "ping"}))  # comes after the move's answer
        seen = [_frames_until_pong(page) for page in pages]
        errors = [f for frames_ in seen for f in frames_ if f["type"] == "error"]
        assert [e["code"] for e in errors] == ["stale"]  # exactly one loser
        assert "table" in errors[0]["message"] or "coup" in errors[0]["message"]
        loser = pages[[any(f["type"] == "error" for f in fs) for fs in seen].index(True)]
        fresh = _until_frame(loser, lambda f: f["move"] == count + 1) \
            if not any(f["type"] == "update" and f["move"] == count + 1
                       for f in seen[pages.index(loser)]) else None
        assert fresh is None or fresh["move"] == count + 1
    engine = create_engine(engine_url(cluster.database))
    with engine.connect() as conn:
        from ludotheque.web.db import moves

        stored = conn.execute(select(moves.c.idx).where(moves.c.table_id == table)).scalars()
        assert sorted(stored) == list(range(count + 1))
    engine.dispose()


def _frames_until_pong(page):
    frames = []
    end = time.monotonic() + DEADLINE
    while True:
        frame = json.loads(page.recv(timeout=max(0.1, end - time.monotonic())))
        if frame["type"] == "pong":
            return frames
        frames.append(frame)


def _until_frame(page, condition, any_type=False):
    end = time.monotonic() + DEADLINE
    while True:
        frame = json.loads(page.recv(timeout=max(0.1, end - time.monotonic())))
        if (any_type or frame["type"] == "update") and condition(frame):
            return frame


def test_a_server_refuses_an_unknown_schema_and_says_what_to_run(postgres, tmp_path):
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    url = make_url(engine_url(postgres))
    engine = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text("CREATE DATABASE unmigrated"))
    engine.dispose()
    empty = url.set(database="unmigrated").render_as_string(hide_password=False)
    done = subprocess.run([sys.executable, "-m", "ludotheque", "serve", "--database", empty,
                           "--port", "1", "--lang",
                           "fr"], check=False, capture_output=True, text=True,
                          timeout=DEADLINE)
    assert done.returncode != 0
    assert "ludotheque migrate --database" in done.stdout + done.stderr
    assert "Lancez" in done.stdout + done.stderr
    migrated = subprocess.run([sys.executable, "-m", "ludotheque", "migrate", "--database",
                               empty], check=False, capture_output=True, text=True,
                              timeout=DEADLINE)
    assert migrated.returncode == 0, migrated.stderr
    assert SCHEMA_HEAD in migrated.stdout


def test_a_bots_turn_whose_job_was_lost_is_asked_for_again(cluster):
    """The job of a bot's move is written in the transaction of the move before it (a
    server killed just after that write leaves no bot's turn unasked). Should a job row
    still go missing, the servers' regular look at the tables their pages watch asks for
    it again, and the table finishes."""
    from websockets.sync.client import connect

    from ludotheque.web.db import moves
    from ludotheque.web.services import stop_processes

    stop_processes(cluster.workers)  # no worker for now: the job stays in the database
    # 17: seat 0's first moves never end the game (a Wazabi deal may end in them)
    table, tokens = create_table(cluster.url(0), "diciassette", _seats(["human", "bot"]))
    engine = create_engine(engine_url(cluster.database))

    def jobs():
        with engine.connect() as conn:
            return conn.execute(select(bot_jobs.c.idx, bot_jobs.c.seat).where(
                bot_jobs.c.table_id == table)).all()

    try:
        with connect(cluster.ws_url(1)) as page:  # not the server that made the table
            page.send(json.dumps({"type": "hello", "token": tokens[0], "lang": "en"}))
            frame = _until_frame(page, lambda f: True)
            while frame["to_act"] == 0:
                page.send(json.dumps({"type": "move", "actions": [frame["legal"][0]["id"]],
                                      "move": frame["move"]}))
                frame = _until_frame(page, lambda f, n=frame["move"]: f["move"] > n)
            assert frame["to_act"] == 1
            assert [tuple(job) for job in jobs()] == [(frame["move"], 1)]  # written with it
            with engine.begin() as conn:  # lost (as a server dying before asking used to)
                conn.execute(bot_jobs.delete().where(bot_jobs.c.table_id == table))
            cluster.start_worker()
            after = _until_frame(page, lambda f, n=frame["move"]: f["move"] > n)
            assert after["move"] == frame["move"] + 1
        with engine.connect() as conn:
            stored = conn.execute(select(moves.c.idx).where(moves.c.table_id == table)
                                  ).scalars().all()
        # the bot's move, then any that followed (a bot may act twice in a row): in order
        assert sorted(stored) == list(range(len(stored))) and len(stored) > frame["move"]
    finally:
        engine.dispose()
