"""What outlives one move and one server process (issue 13, the last gaps): the replay's
full reveal (only once the game is over), turn-timer deadlines kept in the database (they
survive kill -9; two servers firing the same timeout apply one move), waiting tables
closed after a while, one rematch per table however many servers are asked at once, and
an older SQLite file migrated by itself."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading
import time
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import create_engine, func, select

from ludotheque.core.match import Match
from ludotheque.core.registry import get_game
from ludotheque.web.db import SCHEMA_HEAD, Storage, moves, schema_version, tables
from ludotheque.web.services import stop_processes
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server
from ws_client import drive, wait_for


# -- the replay's full reveal ----------------------------------------------------------
def test_full_reveal_is_refused_before_the_end_and_leaks_nothing(server):
    created, _tokens = server.table("diciassette", 3, humans=1)
    table = created["table"]
    seed = str(server.master.storage.get_table(table).seed)
    for lang, words in (("en", "not over"), ("fr", "pas terminée")):
        response = server.api.get(f"/api/tables/{table}/replay?reveal=1&step=0&lang={lang}")
        assert response.status_code == 403
        body = response.json()
        assert set(body) == {"error"} and body["error"]["code"] == "not_over"
        assert words in body["error"]["message"]
        assert seed not in response.text
    bad = server.api.get(f"/api/tables/{table}/replay?reveal=yes")
    assert bad.status_code == 400 and "reveal" in bad.json()["error"]["message"]


def test_full_reveal_of_a_finished_game_shows_every_seat_its_own_view(server):
    created, tokens = server.table("diciassette", 3, humans=2)
    with server.client() as a, server.client() as b:
        a.hello(tokens[0])
        b.hello(tokens[1])
        drive([a, b])
    table = created["table"]
    total = server.api.get(f"/api/tables/{table}/replay").json()["total"]
    for step in (0, 1, total // 2, total):
        revealed = server.api.get(f"/api/tables/{table}/replay?step={step}&reveal=1").json()
        assert revealed["step"] == step
        assert [v["seat"] for v in revealed["reveal"]] == [0, 1, 2]
        for seat in range(3):  # each seat's part is exactly that seat's own replay view
            own = server.api.get(f"/api/tables/{table}/replay?step={step}&seat={seat}").json()
            assert revealed["reveal"][seat]["view"] == own["view"]
            assert revealed["reveal"][seat]["scene"] == own["scene"]
            assert revealed["reveal"][seat]["name"] == own["names"][seat]
    # beside it, the per-seat replay has no reveal
    assert server.api.get(f"/api/tables/{table}/replay?seat=0").json()["reveal"] is None


# -- turn timer: deadlines in the database ------------------------------------------------
def test_the_turn_deadline_survives_kill_9_and_the_stand_in_plays_after_restart(
        start_server_process, tmp_path):
    database = f"sqlite:///{tmp_path / 'timer.sqlite3'}"
    first = start_server_process(database)
    created, token = first.person_and_bots("diciassette", "easy", turn_timer=20)
    with first.client() as page:
        page.hello(token)
        # shown once stored: the first frame of the turn may come before its deadline
        before = page.until(lambda f: f["to_act"] == 0 and f["table"]["deadline"] is not None)
    deadline, move = before["table"]["deadline"], before["move"]
    assert deadline is not None
    first.kill()
    # the deadline is in the database, for that move
    engine = create_engine(database)
    with engine.connect() as conn:
        stored = conn.execute(select(tables.c.deadline, tables.c.deadline_move)
                              .where(tables.c.id == created["table"])).one()
    assert (stored.deadline, stored.deadline_move) == (deadline, move)
    second = start_server_process(database)
    with second.client() as page:
        resumed = page.hello(token)
        if time.time() < deadline - 0.5:  # not run out yet (the restart took less than the
            # turn time, as it does but on a very busy machine): the same deadline, not a new one
            assert resumed["move"] == move
            assert resumed["table"]["deadline"] == deadline
            assert not resumed["table"]["seats"][0]["absent"]
        # nobody plays: once it runs out the stand-in plays seat 0's move
        page.until(lambda f: f["table"]["seats"][0]["absent"], timeout=DEADLINE + 20)
        page.until(lambda f: f["move"] > move)
    with engine.connect() as conn:
        played = conn.execute(select(moves.c.seat, moves.c.time).where(
            moves.c.table_id == created["table"], moves.c.idx == move)).one()
        absent = conn.execute(select(tables.c.absent)
                              .where(tables.c.id == created["table"])).scalar_one()
    engine.dispose()
    assert played.seat == 0 and played.time.timestamp() >= deadline - 0.5
    assert absent == [0]  # kept too: a restart keeps the stand-in playing


@asynccontextmanager
async def two_servers(url: str, start: bool = False):
    """Two masters (two servers) on the database `url`, started if `start`: (storages,
    masters), closed after."""
    from ludotheque.web.master import Master

    storages = [Storage(url), Storage(url)]
    masters = [Master(s, bot_delay=0.0, min_turn_timer=0.05) for s in storages]
    try:
        for master in masters if start else ():
            await master.start()
        yield storages, masters
    finally:
        for master in masters:
            await master.close()
        for storage in storages:
            storage.close()


async def two_people_seated(master, game: str, turn_timer: float):
    """A table of `game` whose two people `master` seated, loaded again (it waited, so
    was not held) once the first turn's deadline is written."""
    live = await master.create_table({"game": game, "players": 2, "turn_timer": turn_timer,
                                      "seats": [{"kind": "human"}, {"kind": "human"}]})
    for seat in (0, 1):
        await master.join(live.row.invite, seat, f"P{seat + 1}")
    live = await master.get(live.row.id)
    await asyncio.get_running_loop().run_in_executor(master._writer, lambda: None)
    return live


def test_two_servers_firing_the_same_timeouts_apply_each_move_once(tmp_path):
    """Two masters (two servers) on one database, a table of two people who never play:
    both servers' timers run out, both stand-ins try every move; each move index is
    applied once and both servers end with the database's game."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"

    async def scenario() -> tuple[list, list, list, list]:
        async with two_servers(url, start=True) as (storages, masters):
            live = await two_people_seated(masters[0], "diciassette", 0.2)
            other = await masters[1].get(live.row.id)
            assert other.row.deadline == live.row.deadline  # one deadline for both servers
            masters[1].schedule(other)
            end = time.monotonic() + 3 * DEADLINE
            while not (live.match.is_over() and other.match.is_over()):
                assert time.monotonic() < end, "the stand-ins did not finish the game"
                await asyncio.sleep(0.05)
            stored = storages[0].get_moves(live.row.id)
            return (stored, list(live.match.actions), list(other.match.actions),
                    sorted(live.absent | other.absent))

    stored, first, second, absent = asyncio.run(scenario())
    assert [idx for idx, _, _ in stored] == list(range(len(stored)))
    texts = [text for _, _, text in stored]
    game = get_game("diciassette")
    assert [game.action_to_text(a) for a in first] == texts
    assert [game.action_to_text(a) for a in second] == texts
    assert absent == [0, 1]


def test_a_server_that_set_its_own_deadline_late_adopts_the_first_one_written(tmp_path):
    """Server B loaded the table before server A wrote the first turn's deadline, so B made
    one of its own: B's conditional write keeps A's, and B then counts down to A's."""
    url = f"sqlite:///{tmp_path / 'agree.sqlite3'}"

    async def scenario() -> tuple[float, float, float | None]:
        async with two_servers(url) as (_, masters):
            live = await two_people_seated(masters[0], "wazabi", 600)
            loop = asyncio.get_running_loop()
            first = live.row.deadline
            other = await masters[1].get(live.row.id)
            masters[1]._clear_timer(other)
            other.row.deadline = other.row.deadline_move = None  # as if loaded before
            masters[1].schedule(other)
            own = other.timer.when() - loop.time() + time.time()  # B's own, not yet shown
            assert other.deadline is None
            end = time.monotonic() + DEADLINE
            while other.deadline != first and time.monotonic() < end:
                await asyncio.sleep(0.01)
            return first, own, other.deadline

    first, own, adopted = asyncio.run(scenario())
    assert own != first  # B had made its own deadline
    assert adopted == first


def test_a_worker_alone_never_times_a_person_out_the_server_holding_the_table_does(
        tmp_path):
    """A worker computes bots' moves; turn timers belong to the servers whose pages show
    them. The worker plays the bot's move (writing the person's deadline with it) and,
    however long the person then waits with no server up, never marks them absent nor
    plays for them; a server that holds the table again times them out at that stored
    deadline, and the worker then plays the stand-in's move."""
    database = f"sqlite:///{tmp_path / 'worker.sqlite3'}"
    handle = run_app_in_thread(database, min_turn_timer=0.2, bot_jobs=True,
                               deals=random.Random(0))
    try:  # the bot acts first (this deal), then Ann: the bot's move is a worker's job
        created = handle.create("diciassette", 2, [{"kind": "bot", "level": "easy"},
                                                   {"kind": "human"}], turn_timer=0.2)
        handle.join(created["invite"], 1, "Ann")
    finally:
        stop_thread_server(handle)
    table = created["table"]
    engine = create_engine(database)

    def stored() -> tuple[int, float | None, list[int]]:
        with engine.connect() as conn:
            count = conn.execute(select(func.count()).select_from(moves)
                                 .where(moves.c.table_id == table)).scalar_one()
            row = conn.execute(select(tables.c.deadline, tables.c.absent)
                               .where(tables.c.id == table)).one()
        return count, row.deadline, list(row.absent or [])

    def wait_for(condition) -> tuple[int, float | None, list[int]]:
        end = time.monotonic() + DEADLINE
        while not condition(found := stored()):
            assert time.monotonic() < end, f"not as expected: {found}"
            time.sleep(0.05)
        return found

    worker = subprocess.Popen([sys.executable, "-m", "ludotheque", "worker", "--database",
                               database, "--bot-delay", "0", "--lease", "2"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        count, deadline, absent = wait_for(lambda found: found[0] >= 1)
        assert count == 1 and deadline is not None and absent == []  # Ann's turn, timed
        # a bound, not a measure: the worker had every chance to time Ann out
        time.sleep(max(0.0, deadline + 1.0 - time.time()))
        assert stored() == (1, deadline, [])
        handle = run_app_in_thread(database, min_turn_timer=0.2, bot_jobs=True)
        try:  # the server times Ann out; the worker plays her stand-in's move
            wait_for(lambda found: found[2] == [1] and found[0] >= 2)
        finally:
            stop_thread_server(handle)
    finally:
        stop_processes([worker])
        engine.dispose()


# -- a deal over before the first decision ------------------------------------------------
def test_a_deal_over_before_anyones_first_decision_is_dealt_again(tmp_path):
    """Wazabi with 2 players can end in its opening chance (dice given without a choice):
    such a table would stay "playing" for ever with nobody to act. The deal generator seeded
    with 1107 gives such a deal first (checked here); the table gets the next deal."""
    from ludotheque.web.live import rebuild
    from ludotheque.web.master import SEEDS, Master

    wazabi = get_game("wazabi")
    first_seed = random.Random(1107).randrange(SEEDS)
    assert Match(wazabi, 2, wazabi.validate(2, {}), seed=first_seed).is_over()

    async def scenario() -> tuple:
        storage = Storage(f"sqlite:///{tmp_path / 'deal.sqlite3'}")
        master = Master(storage, bot_delay=0.0, deals=random.Random(1107))
        try:
            live = await master.create_table({"game": "wazabi", "players": 2,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
            return live.row.seed, live.match.is_over(), rebuild(
                storage.get_table(live.row.id), [])
        finally:
            await master.close()
            storage.close()

    seed, over, stored = asyncio.run(scenario())
    assert seed != first_seed and not over
    assert not stored.is_over() and stored.legal_actions()  # the stored seed is the new deal


# -- waiting tables closed -----------------------------------------------------------
def test_a_waiting_table_nobody_joins_is_closed_and_its_link_says_so(tmp_path):
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'ttl.sqlite3'}", waiting_ttl=0.4)
    try:
        waiting = handle.create("wazabi", 2, [{"kind": "human"}, {"kind": "human"}])
        playing = handle.create("wazabi", 2, [{"kind": "bot", "level": "easy"}] * 2)
        with handle.client() as watcher:
            watcher.hello(waiting["spectator"])
            closed = watcher.until(lambda f: f["table"]["status"] == "closed")
            assert closed["legal"] == [] and closed["to_act"] is None
        for lang, words in (("en", "was closed"), ("fr", "a été fermée")):
            info = handle.api.get(f"/api/join/{waiting['invite']}?lang={lang}")
            assert info.status_code == 410
            assert info.json()["error"]["code"] == "closed"
            assert words in info.json()["error"]["message"]
            assert ("0,4\u00a0s" if lang == "fr"
                    else "0.4\u00a0s") in info.json()["error"]["message"]
            sit = handle.api.post(f"/api/join/{waiting['invite']}?lang={lang}",
                                  json={"seat": 0, "name": "Late"})
            assert sit.status_code == 410 and words in sit.json()["error"]["message"]
        # the record stays; a game that started is never closed, and its record stays
        row = handle.master.storage.get_table(waiting["table"])
        assert row.status == "closed" and not any(s.taken for s in row.seats)
        wait_for(lambda: handle.master.storage.get_table(playing["table"]).status == "over",
                 "the bots did not finish", 3 * DEADLINE)
        assert handle.api.get(f"/api/tables/{playing['table']}/record").status_code == 200
    finally:
        stop_thread_server(handle)


# -- one rematch per table ---------------------------------------------------------
def test_concurrent_rematch_on_two_servers_makes_one_table(tmp_path):
    url = f"sqlite:///{tmp_path / 'rematch.sqlite3'}"
    servers = [run_app_in_thread(url), run_app_in_thread(url)]
    try:
        created, tokens = servers[0].table("wazabi", 2, humans=2)
        with servers[0].client() as a, servers[0].client() as b:
            a.hello(tokens[0])
            b.hello(tokens[1])
            drive([a, b])
        # four pages, two per seat, on both servers; all ask at the same moment
        pages = [servers[i % 2].client() for i in range(4)]
        try:
            for index, page in enumerate(pages):
                page.hello(tokens[index // 2])
            barrier = threading.Barrier(len(pages))

            def ask(page):
                barrier.wait(timeout=DEADLINE)
                page.send({"type": "rematch"})

            threads = [threading.Thread(target=ask, args=(page,)) for page in pages]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=DEADLINE)
            urls = [page.expect("rematch")["url"] for page in pages]
        finally:
            for page in pages:
                page.close()
        assert urls[0] == urls[1] and urls[2] == urls[3] and urls[0] != urls[2]
        new_tables = set()
        for index, url_path in enumerate(urls):
            with servers[index % 2].client() as page:
                new_tables.add(page.hello(url_path.rsplit("/", 1)[1])["table"]["id"])
        assert len(new_tables) == 1
        engine = create_engine(url)
        with engine.connect() as conn:
            count = conn.execute(select(func.count()).select_from(tables)
                                 .where(tables.c.rematch_of == created["table"])).scalar_one()
        engine.dispose()
        assert count == 1
    finally:
        for handle in servers:
            stop_thread_server(handle)


# -- one person per name, whichever server seats them -------------------------------
def test_concurrent_joins_with_one_name_on_two_servers_seat_one_person(tmp_path):
    """Four people join at the same moment as "Ann", "ANN", "Ａｎｎ" and " ann", through
    two servers of one database: exactly one sits down, the others are told the name is
    taken (in their language), and the table still waits for them."""
    url = f"sqlite:///{tmp_path / 'names.sqlite3'}"
    servers = [run_app_in_thread(url), run_app_in_thread(url)]
    try:
        created = servers[0].create("diciassette", 4)
        for handle in servers:  # each server holds the table before anyone sits down
            assert handle.api.get(f"/api/join/{created['invite']}").status_code == 200
        names = ["Ann", "ANN", "\uff21\uff4e\uff4e", " ann"]
        barrier = threading.Barrier(len(names))
        answers: list = [None] * len(names)

        def join(seat):
            barrier.wait(timeout=DEADLINE)
            answers[seat] = servers[seat % 2].api.post(
                f"/api/join/{created['invite']}?lang=fr",
                json={"seat": seat, "name": names[seat]})

        threads = [threading.Thread(target=join, args=(seat,)) for seat in range(len(names))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=DEADLINE)
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409, 409, 409], [a.text for a in answers]
        for answer in answers:
            if answer.status_code == 409:
                error = answer.json()["error"]
                assert error["code"] == "name_taken" and "s'appelle déjà" in error["message"]
        row = Storage(url)
        try:
            seated = [s for s in row.get_table(created["table"]).seats if s.taken]
        finally:
            row.close()
        assert len(seated) == 1
        # the seats refused are still free: someone else sits down there
        free = next(seat for seat, answer in enumerate(answers) if answer.status_code == 409)
        assert servers[free % 2].join(created["invite"], free, "Bo")
    finally:
        for handle in servers:
            stop_thread_server(handle)


# -- an older SQLite file ---------------------------------------------------------------
def older_sqlite_file(tmp_path, version: str) -> str:
    """The URL of a new SQLite file migrated up to `version` only (Alembic)."""
    from alembic import command
    from alembic.config import Config

    from ludotheque.web.db import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, version)
    return url


def test_an_older_sqlite_file_is_migrated_when_opened(tmp_path):
    url = older_sqlite_file(tmp_path, "0002")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO tables (id, game, players, options, seed, status, created, invite, "
            "spectator) VALUES ('old', 'wazabi', 2, '{}', 7, 'over', '2026-01-01 00:00:00', "
            "'inv', 'spec')")
    assert schema_version(engine) == "0002"
    engine.dispose()
    storage = Storage(url)
    try:
        assert schema_version(storage.engine) == SCHEMA_HEAD
        row = storage.get_table("old")
        assert row is not None and row.seed == 7 and row.deadline is None and row.absent == []
    finally:
        storage.close()


def test_migrating_gives_existing_seats_their_name_key(tmp_path):
    """A file of schema 0004: its seats get their name key (an older table holding two
    seats with one key, from the race the index now prevents, still opens: the lowest seat
    keeps the key), and the database then refuses a name already at the table."""
    from ludotheque.web.db import NameTaken

    url = older_sqlite_file(tmp_path, "0004")
    engine = create_engine(url)
    with engine.begin() as conn:
        for table in ("a", "b"):
            conn.exec_driver_sql(
                "INSERT INTO tables (id, game, players, options, seed, status, created, "
                f"invite, spectator) VALUES ('{table}', 'diciassette', 4, '{{}}', 7, "
                f"'waiting', '2026-01-01 00:00:00', 'inv-{table}', 'spec-{table}')")
        for table, seat, name, taken in (("a", 0, "Ann", 1), ("a", 1, "ANN", 1),
                                         ("a", 2, None, 0), ("b", 0, "ann", 1),
                                         ("b", 1, None, 0)):
            conn.exec_driver_sql(
                "INSERT INTO seats (table_id, seat, kind, name, token, taken) VALUES "
                "(?, ?, 'human', ?, ?, ?)", (table, seat, name, f"tok-{table}{seat}", taken))
    engine.dispose()
    storage = Storage(url)
    try:
        assert schema_version(storage.engine) == SCHEMA_HEAD
        with storage.engine.connect() as conn:
            keys = conn.exec_driver_sql("SELECT table_id, seat, name_key FROM seats "
                                        "ORDER BY table_id, seat").all()
        assert [tuple(k) for k in keys] == [("a", 0, "ann"), ("a", 1, None), ("a", 2, None),
                                            ("b", 0, "ann"), ("b", 1, None)]
        with pytest.raises(NameTaken):
            storage.take_seat("b", 1, "Ａｎｎ")
        assert storage.take_seat("b", 1, "Bo")
    finally:
        storage.close()


@pytest.mark.parametrize("seconds, en, fr", [(86400, "24\u00a0h", "24\u00a0h"),
                                             (5400, "1.5\u00a0h", "1,5\u00a0h"),
                                             (90, "1.5\u00a0min", "1,5\u00a0min")])
def test_the_closed_message_names_the_wait(seconds, en, fr):
    from ludotheque.web.refusals import Duration, Refused

    refused = Refused("closed", status=410, ttl=Duration(seconds))
    assert en in refused.message("en") and fr in refused.message("fr")


def test_serve_refuses_a_waiting_ttl_that_is_not_positive():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "ludotheque", "serve", "--waiting-ttl", "0",
                           "--lang", "fr", "--port", "1"], check=False, capture_output=True,
                          text=True, timeout=DEADLINE)
    assert done.returncode != 0
    assert "--waiting-ttl doit être un nombre supérieur à 0" in done.stdout + done.stderr
