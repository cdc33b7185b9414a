"""Persistence that survives a crash (issue 13, point 5): `ludotheque serve` in a real
subprocess on a real SQLite file, moves over real WebSockets, kill -9, restart."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, func, select

from ludotheque.web.db import moves
from web_servers import DEADLINE


def play_moves(pages, count: int, to_end: bool = False) -> dict:
    """Each page plays its first legal move on its turn until `count` moves are
    acknowledged (an update with the new move count came back); returns the last update.
    With `to_end`, the game may end first."""
    acked = None
    while acked is None or acked["move"] < count:
        for page in pages:
            page.drain(quiet=0.01)
        frame = max((p.last_update for p in pages), key=lambda f: f["move"])
        if to_end and frame["result"] is not None:
            return frame
        assert frame["result"] is None, "the game ended too soon for this test"
        actor = frame["to_act"]
        if actor is not None and actor < len(pages):
            page = pages[actor]
            mine = page.until(lambda f, frame=frame: f["move"] == frame["move"])
            page.move([mine["legal"][0]["id"]], mine["move"])
            acked = page.until(lambda f, mine=mine: f["move"] > mine["move"])
    return acked


def test_kill_9_loses_no_acknowledged_move_and_every_table_resumes(start_server_process,
                                                                    tmp_path):
    database = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    first = start_server_process(database, bot_delay=0.2)
    created = first.api.post("/api/tables", json={
        "game": "diciassette", "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]}).json()
    invite = created["invite_url"].rsplit("/", 1)[1]
    tokens = [first.api.post(f"/api/join/{invite}", json={"seat": s, "name": f"P{s + 1}"})
              .json()["seat_url"].rsplit("/", 1)[1] for s in (0, 1)]
    # a table of bots only: nobody connected, it must carry on by itself after the restart
    bots = first.api.post("/api/tables", json={
        "game": "wazabi", "players": 2,
        "seats": [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}).json()
    spectator = bots["spectator_url"].rsplit("/", 1)[1]
    pages = [first.client(), first.client()]
    for page, token in zip(pages, tokens):
        page.hello(token)
    acked = play_moves(pages, 4)
    before = {seat: pages[seat].until(lambda f: f["move"] == acked["move"]) for seat in (0, 1)}
    with first.client() as watcher:
        watcher.hello(spectator)
        watcher.until(lambda f: f["move"] >= 2 or f["result"] is not None)  # a short game
    first.kill()
    for page in pages:
        try:
            page.close()
        except Exception:  # noqa: BLE001 - the server is gone, as intended
            pass

    stored = create_engine(database).connect().execute(
        select(func.count()).select_from(moves).where(moves.c.table_id == created["table"])
    ).scalar_one()
    assert stored >= acked["move"]

    second = start_server_process(database)
    for seat in (0, 1):
        with second.client() as page:
            resumed = page.hello(tokens[seat], since=0)
            assert resumed["move"] >= acked["move"]
            if resumed["move"] == acked["move"]:
                assert resumed["view"] == before[seat]["view"]
                assert resumed["legal"] == before[seat]["legal"]
    pages = [second.client(), second.client()]
    try:
        for page, token in zip(pages, tokens):
            page.hello(token)
        play_moves(pages, acked["move"] + 3, to_end=True)  # and the game goes on
    finally:
        for page in pages:
            page.close()
    with second.client() as watcher:
        watcher.hello(spectator)
        final = watcher.until(lambda f: f["result"] is not None, timeout=2 * DEADLINE)
        assert final["table"]["status"] == "over"
    record = second.api.get(f"/api/tables/{bots['table']}/record")
    assert record.status_code == 200 and record.json()["result"]


def test_a_failed_write_plays_nothing(server, monkeypatch):
    created, (token,) = server.table("diciassette", 2, humans=1)
    with server.client() as page:
        page.hello(token)
        frame = page.until(lambda f: f["to_act"] == 0)
        live = server.master.tables[created["table"]]
        view, moves_before = live.match.view(0), live.moves

        def broken(*args, **kwargs):
            raise OSError("disk full")

        monkeypatch.setattr(server.master.storage, "add_moves", broken)
        page.move([frame["legal"][0]["id"]], frame["move"])
        error = page.expect("error")
        assert error["code"] == "internal"
        assert live.moves == moves_before and server.master.tables[created["table"]].match.view(0) \
            == view
        monkeypatch.undo()
        page.move([frame["legal"][0]["id"]], frame["move"])
        page.until(lambda f: f["move"] > moves_before)


@pytest.mark.parametrize("url", ["sqlite:///{tmp}/a.sqlite3"])
def test_storage_round_trip_and_unique_move_index(tmp_path, url):
    from ludotheque.web.db import SeatRow, Storage, TableRow, now

    storage = Storage(url.format(tmp=tmp_path))
    row = TableRow(id="t1", game="wazabi", players=2, options={}, seed=5, status="playing",
                   created=now(), turn_timer=None, invite="i" * 32, spectator="s" * 32,
                   seats=[SeatRow(0, "human", None, "Ann", "a" * 32, True),
                          SeatRow(1, "bot", "easy", None, None, False)])
    storage.create_table(row)
    storage.add_moves("t1", 0, 0, ["x", "y"])
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError):
        storage.add_moves("t1", 1, 0, ["z", "w"])  # index 1 exists: nothing written
    assert storage.get_moves("t1") == [(0, 0, "x"), (1, 0, "y")]
    found, seat = storage.table_by_token("a" * 32)
    assert found.id == "t1" and seat == 0
    assert storage.table_by_token("s" * 32)[1] is None
    assert storage.tables_to_resume() == []  # a person's turn, no timer: it waits for them
    storage.add_bot_job("t1", 2, 1, "easy")  # the bot's move is due: the table runs alone
    assert storage.tables_to_resume() == ["t1"] and storage.tables_to_resume(bots=False) == []
    storage.close()
