"""`ludotheque prune`: old finished games and closed tables leave the database with every
row they held, while a real server runs on it (its other tables keep playing); their links
then say the table no longer exists, in both languages. The PostgreSQL run is in
tests/scale/test_scale_prune.py."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager

from sqlalchemy import func, select, update

from ludotheque.web.db import Storage, bot_jobs, chat, moves, seats, tables
from tests.test_cli import invoke, ok
from web_servers import run_app_in_thread, stop_thread_server
from ws_client import drive, wait_for

OLD = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
VS_BOT = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
BOTS = [{"kind": "bot", "level": "easy"}] * 2


def age(storage, *table_ids: str) -> None:
    """Tables as a server leaves them years later: finished (or closed) in 2000."""
    with storage.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id.in_(table_ids)).values(finished=OLD))


def rows_left(storage, table_ids) -> dict[str, int]:
    """Every row kept for these tables, per table of the database."""
    with storage.engine.connect() as conn:
        return {held.name: conn.execute(select(func.count()).select_from(held).where(
            (held.c.id if held is tables else held.c.table_id).in_(table_ids))).scalar_one()
            for held in (tables, seats, moves, chat, bot_jobs)}


def played_to_the_end(handle, name: str):
    """A person's game against a bot, over; its page stays open."""
    created = handle.create("diciassette", 2, VS_BOT)
    token = handle.join(created["invite"], 0, name)
    page = handle.client()
    page.hello(token)
    drive([page])
    return created, token, page


def wait_for_status(handle, table_id: str, status: str) -> None:
    wait_for(lambda: handle.master.storage.get_table(table_id).status == status,
             f"table {table_id} never {status}")


@contextmanager
def pruned_server(tmp_path, name: str):
    """A server on its own SQLite file, its tables waiting 0.4 s at most (its sweep runs
    often), and the list of the pages opened on it: (url, handle, pages); all closed after."""
    url = f"sqlite:///{tmp_path / name}"
    handle = run_app_in_thread(url, waiting_ttl=0.4)
    pages: list = []
    try:
        yield url, handle, pages
    finally:
        for page in pages:
            page.close()
        stop_thread_server(handle)


def prune(url: str, *extra: str):
    result = ok(invoke(["prune", "--database", url, *extra]))
    assert result.exit_code == 0, result.text
    return result


def test_prune_removes_old_games_and_closed_tables_while_a_server_plays_on(tmp_path):
    with pruned_server(tmp_path, "years.sqlite3") as (url, handle, pages):
        storage = handle.master.storage
        old, old_token, page = played_to_the_end(handle, "Ann")
        page.send({"type": "chat", "text": "gg"})
        page.expect("chat")
        page.send({"type": "rematch"})
        rematch_url = page.expect("rematch")["url"]
        page.close()
        # its page stays open
        watched, watched_token, watched_page = played_to_the_end(handle, "Cy")
        pages.append(watched_page)
        recent = handle.create("wazabi", 2, BOTS)["table"]
        closed = handle.create("wazabi", 2, [{"kind": "human"}] * 2)
        playing, (dee,) = handle.table("diciassette", 2, humans=1)
        playing_page = handle.client()
        pages.append(playing_page)
        frame = playing_page.hello(dee)
        wait_for_status(handle, recent, "over")
        wait_for_status(handle, closed["table"], "closed")
        gone = [old["table"], watched["table"], closed["table"]]
        age(storage, *gone)
        kept = [recent, playing["table"], storage.get_table(old["table"]).rematch]

        looked = prune(url, "--dry-run", "--lang", "fr")
        assert "parties terminées avant le" in looked.flat and ": 2 " in looked.flat
        assert "tables fermées avant le" in looked.flat
        assert "Ce qui serait supprimé de" in looked.flat
        assert rows_left(storage, gone)["tables"] == 3  # nothing removed

        done = prune(url, "--lang", "en")
        assert "Removed from" in done.flat and "tables closed before" in done.flat
        assert "games finished before" in done.flat
        assert rows_left(storage, gone) == dict.fromkeys(
            ("tables", "seats", "moves", "chat", "bot_jobs"), 0)
        assert rows_left(storage, kept)["tables"] == 3
        assert storage.get_table(kept[2]).rematch_of is None  # no link to a removed table

        # the table in play plays on; the rematch of the removed game too
        frame = playing_page.until(lambda f: f["to_act"] == 0 and f["legal"])
        playing_page.move([frame["legal"][0]["id"]], frame["move"])
        playing_page.until(lambda f, m=frame["move"]: f["move"] > m)
        with handle.client() as seat:
            assert seat.hello(rematch_url.rsplit("/", 1)[1])["table"]["status"] == "playing"

        # the removed tables' links say so, in both languages
        for lang, said in (("en", "no longer exists"), ("fr", "n'existe plus")):
            answer = handle.api.get(f"/api/tables/{old['table']}/record?lang={lang}")
            assert answer.status_code == 404 and said in answer.json()["error"]["message"]
            answer = handle.api.get(f"/api/join/{closed['invite']}?lang={lang}")
            assert answer.status_code == 404 and said in answer.json()["error"]["message"]
        with handle.client() as seat:
            seat.send({"type": "hello", "token": old_token, "lang": "fr"})
            refused = seat.expect("error")
            assert refused["code"] == "unknown_token" and "n'existe plus" in refused["message"]
        # a page left open on a removed game: this server still holds it in memory, yet
        # its record, replay, seat and spectator links lead nowhere, as on any server
        assert watched["table"] in handle.master.tables
        for asked in ("record", "replay?step=1"):
            answer = handle.api.get(f"/api/tables/{watched['table']}/{asked}")
            assert answer.status_code == 404
            assert "no longer exists" in answer.json()["error"]["message"]
        for token in (watched_token, watched["spectator"]):
            with handle.client() as seat:
                seat.send({"type": "hello", "token": token, "lang": "fr"})
                refused = seat.expect("error")
                assert refused["code"] == "unknown_token" and "n'existe plus" in refused["message"]
        # its page was told without acting (once); its chat and its rematch are refused
        told = watched_page.expect("error")
        assert told["code"] == "gone" and "no longer exists" in told["message"]
        for asked in ({"type": "chat", "text": "still here?"}, {"type": "rematch"}):
            watched_page.send(asked)
            refused = watched_page.expect("error")
            assert refused["code"] == "gone" and "no longer exists" in refused["message"]
        with storage.engine.connect() as conn:
            assert conn.execute(select(tables.c.id).where(
                tables.c.rematch_of == watched["table"])).first() is None


def test_prune_refuses_a_bad_duration_and_a_database_that_is_not_there(tmp_path):
    url = f"sqlite:///{tmp_path / 'none.sqlite3'}"
    result = invoke(["prune", "--database", url, "--finished-before", "6 months",
                     "--lang", "fr"])
    assert result.exit_code == 2
    assert "--finished-before attend une durée" in result.flat and "180d, 12h" in result.flat
    result = invoke(["prune", "--database", url, "--lang", "en"])
    assert result.exit_code == 2
    assert f"Cannot open the database {url}: there is no such file." in result.flat
    assert not (tmp_path / "none.sqlite3").exists()  # no empty database made


class PruneRacer(Storage):
    """The real storage, with `ludotheque prune` (the real one) removing the old games right
    after a read the test names (a table's row, by its id, a seat token or an invite): the
    moment a prune running beside the server may hit, between that read and the next."""

    racing: str | None = None  # the read, armed by the test

    def _raced(self, read: str, found):
        if self.racing == read and found is not None:
            self.racing = None
            self.prune(OLD + dt.timedelta(days=1), OLD)
        return found

    def get_table(self, table_id: str):
        return self._raced("get_table", super().get_table(table_id))

    def table_by_token(self, token: str):
        return self._raced("table_by_token", super().table_by_token(token))

    def table_by_invite(self, invite: str):
        return self._raced("table_by_invite", super().table_by_invite(invite))


def test_a_link_opened_while_prune_removes_its_game_says_it_no_longer_exists(tmp_path):
    """A finished game's record, replay step, seat link or invite, asked just as the prune
    removes it: the answer says the table no longer exists (was a 500, or a socket closed
    with no word), and the server serves on."""
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    handle = run_app_in_thread(url, storage=PruneRacer(url))
    storage = handle.master.storage
    try:
        for read, name in (("get_table", "Ann"), ("get_table", "Bob"),
                           ("table_by_token", "Cy"), ("table_by_invite", "Dee")):
            old, token, page = played_to_the_end(handle, name)
            page.close()
            wait_for(lambda old=old: old["table"] not in handle.master.tables, "kept in memory")
            age(storage, old["table"])
            storage.racing = read
            if read == "table_by_token":
                with handle.client() as seat:
                    seat.send({"type": "hello", "token": token, "lang": "en"})
                    refused = seat.expect("error")
                    assert refused["code"] == "unknown_token", refused
                    message = refused["message"]
            else:
                answer = (handle.api.post(f"/api/join/{old['invite']}",
                                          json={"seat": 0, "name": "Eve"})
                          if read == "table_by_invite" else
                          handle.api.get(f"/api/tables/{old['table']}/"
                                         f"{'record' if name == 'Ann' else 'replay?step=1'}"))
                assert answer.status_code == 404, answer.text
                message = answer.json()["error"]["message"]
            assert "no longer exists" in message
            assert storage.racing is None  # the prune ran in between
            assert rows_left(storage, [old["table"]])["tables"] == 0
    finally:
        stop_thread_server(handle)


def test_a_row_that_no_longer_reads_holds_no_other_removed_tables_news(tmp_path):
    """The server looks for the removed tables its pages watch in one read of their ids:
    a finished table whose row no longer reads (its options hand-edited into a list)
    stops no other page from being told its table is gone (each table's row was read
    in turn, and the first that failed ended every sweep there)."""
    with pruned_server(tmp_path, "broken.sqlite3") as (url, handle, pages):
        storage = handle.master.storage
        broken, _token, page = played_to_the_end(handle, "Ann")
        pages.append(page)
        removed, _token, page = played_to_the_end(handle, "Bo")
        pages.append(page)
        with storage.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == broken["table"])
                         .values(options=[1, 2]))
        age(storage, removed["table"])
        prune(url)
        told = page.expect("error")
        assert told["code"] == "gone" and "no longer exists" in told["message"]
        assert rows_left(storage, [broken["table"]])["tables"] == 1
