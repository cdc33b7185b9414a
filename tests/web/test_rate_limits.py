"""Rate limits, against a real server with its limits lowered (create_app(limits=...)):
a page flooding its socket is refused frame by frame with a `too_fast` error in its
language, keeps its connection, and no other page waits; one address creating tables
past its share gets a 429 in the request's language."""

from __future__ import annotations

import time

import pytest
from websockets.exceptions import ConnectionClosed

from ludotheque.core.errors import LudoError
from ludotheque.web.limits import Limits, Rate
from web_servers import DEADLINE, WsClient, run_app_in_thread, stop_thread_server

FLOOD = 100


def _limited_server(tmp_path_factory):
    # the chat's and the tables' buckets never refill during the test; the frames' one
    # refills (a page flooded with pings is served again a moment later)
    handle = run_app_in_thread(
        f"sqlite:///{tmp_path_factory.mktemp('limits') / 't.sqlite3'}",
        limits=Limits(chat=Rate(3, 3600), frames=Rate(20, 4), tables=Rate(6, 3600)))
    try:
        yield handle
    finally:
        stop_thread_server(handle)


limited = pytest.fixture(scope="module")(_limited_server)
# a server of its own: the tables other tests made count against the address's share, and
# pytest-xdist may run them in another process, on another server
limited_alone = pytest.fixture(_limited_server)


def replies(page, count: int) -> list[dict]:
    return [page.recv() for _ in range(count)]


def told_too_fast(refused, words: str) -> None:
    """`refused` is a 429 `too_fast` saying `words` first, with when to come back."""
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    error = refused.json()["error"]
    assert error["code"] == "too_fast" and error["message"].startswith(words), error


def test_a_chat_flood_is_refused_line_by_line_and_the_page_plays_on(limited):
    created, (token, _other) = limited.table("diciassette", 2, humans=2)
    with limited.client() as flooder, limited.client() as neighbour:
        flooder.hello(token, "fr")
        neighbour.hello(_other)
        for index in range(10):
            flooder.send({"type": "chat", "text": f"spam {index}"})
        said = [f for f in replies(flooder, 10) if f["type"] in ("chat", "error")]
        while len(said) < 10:  # updates may come between (someone's presence)
            frame = flooder.recv()
            if frame["type"] in ("chat", "error"):
                said.append(frame)
        chats = [f["text"] for f in said if f["type"] == "chat"]
        refused = [f for f in said if f["type"] == "error"]
        assert chats == ["spam 0", "spam 1", "spam 2"] and len(refused) == 7
        assert {f["code"] for f in refused} == {"too_fast"}
        assert refused[0]["message"] == "Vous écrivez trop vite (limite\u00a0: 3 messages en " \
                                        "1\u00a0h). Attendez un instant avant le suivant."
        # the connection stays: the same page is served (a ping, its move)
        flooder.send({"type": "ping"})
        flooder.expect("pong")
        # the other seat's chat is its own: it still chats
        neighbour.send({"type": "chat", "text": "hello"})
        assert neighbour.expect("chat", text="hello")["from"] == "P2"


def test_a_seat_opening_more_pages_gets_no_more_chat_lines(limited):
    """The chat's share is the seat's: three pages of one seat's link say 3 lines in all
    (each page alone would have said 3); a spectator is told it cannot chat."""
    created, (token, _other) = limited.table("diciassette", 2, humans=2)
    pages = [limited.client() for _ in range(3)]
    try:
        for page in pages:
            page.hello(token)
        said = []
        for index in range(6):
            page = pages[index % 3]
            page.send({"type": "chat", "text": f"line {index}"})
            said.append(next(f for f in iter(page.recv, None) if f["type"] in ("chat", "error")
                             and (f["type"] == "error" or f["text"] == f"line {index}")))
        assert [f["type"] for f in said] == ["chat"] * 3 + ["error"] * 3
        assert {f["code"] for f in said[3:]} == {"too_fast"}
        with limited.client() as watcher:
            watcher.hello(created["spectator"])
            watcher.send({"type": "chat", "text": "hi"})
            assert watcher.expect("error")["code"] == "spectator"
    finally:
        for page in pages:
            page.close()


def test_a_frame_flood_is_refused_and_other_tables_are_not_kept_waiting(limited):
    _created, (token,) = limited.table("diciassette", 2, humans=1)
    _elsewhere, (other,) = limited.table("wazabi", 2, humans=1)
    with limited.client() as flooder, limited.client() as neighbour:
        flooder.hello(token, "en")
        start = neighbour.hello(other)
        for _ in range(FLOOD):
            flooder.send({"type": "ping"})
        # meanwhile, at another table: a move goes through and its update comes back
        legal = start["legal"]
        if legal:
            neighbour.move([legal[0]["id"]], start["move"])
            neighbour.until(lambda f: f["move"] > start["move"])
        neighbour.send({"type": "ping"})
        neighbour.expect("pong")
        got = replies(flooder, FLOOD)
        assert {f["type"] for f in got} <= {"pong", "error"}
        refused = [f for f in got if f["type"] == "error"]
        assert len(refused) >= FLOOD // 2 and {f["code"] for f in refused} == {"too_fast"}
        assert refused[0]["message"] == "Too many messages from this page (the limit: 20 in " \
                                        "4\u00a0s). Wait a moment, then carry on."
        # a moment later the same connection is served again
        end = time.monotonic() + DEADLINE
        while True:
            flooder.send({"type": "ping"})
            if flooder.recv()["type"] == "pong":
                break
            assert time.monotonic() < end, "the flooded page was never served again"
            time.sleep(0.2)


def test_one_address_creating_too_many_tables_gets_a_429_in_its_language(limited_alone):
    limited = limited_alone
    body = {"game": "diciassette", "players": 2}
    answers = [limited.api.post("/api/tables?lang=fr", json=body) for _ in range(8)]
    assert [a.status_code for a in answers] == [200] * 6 + [429] * 2  # 6 in 1 h
    told_too_fast(answers[-1], "Trop de tables créées depuis votre adresse "
                               "(limite\u00a0: 6 en 1\u00a0h). Réessayez dans ")
    english = limited.api.post("/api/tables?lang=en", json=body).json()["error"]["message"]
    assert english.startswith("Too many tables created from your address (the limit: 6 in "
                              "1\u00a0h). Try again in ")
    # joining is no creating: still served
    created = answers[0].json()
    invite = created["invite_url"].rsplit("/", 1)[1]
    assert limited.api.post(f"/api/join/{invite}", json={"seat": 0, "name": "Ann"}) \
        .status_code == 200


@pytest.mark.parametrize("args, apart", [
    ([], True),  # uvicorn's default: a proxy on this machine is trusted
    (["--forwarded-allow-ips", "127.0.0.1"], True),
    (["--forwarded-allow-ips", "192.0.2.7"], False),  # the proxy is elsewhere
    (["--no-proxy-headers"], False),
])
def test_behind_a_trusted_proxy_each_client_address_has_its_own_table_limit(
        start_server_process, args, apart):
    """`ludotheque serve` behind a reverse proxy (these requests come from 127.0.0.1 with
    the proxy's X-Forwarded-For): trusted, each client's address counts its own tables;
    not trusted (elsewhere, or proxy headers off), every client shares the proxy's."""
    served = start_server_process(args=args, env={"LUDOTHEQUE_LIMIT_TABLES": "1/3600"})
    body = {"game": "diciassette", "players": 2}

    def create(client: str) -> int:
        return served.api.post("/api/tables", json=body,
                               headers={"X-Forwarded-For": client}).status_code

    assert create("203.0.113.1") == 200
    assert create("203.0.113.1") == 429
    assert create("203.0.113.2") == (200 if apart else 429)


@pytest.mark.parametrize("value", ["10", "0/5", "ten/5", "5/0", "5/inf", "5/1.5"])
def test_a_limit_setting_that_is_no_rate_is_said(value):
    with pytest.raises(LudoError) as raised:
        Limits.from_env({"LUDOTHEQUE_LIMIT_CHAT": value})
    assert "LUDOTHEQUE_LIMIT_CHAT doit valoir NOMBRE/SECONDES" in raised.value.message("fr")
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_CHAT": "off"}).chat is None
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_CHAT": "4/2"}).chat == Rate(4, 2)


def test_one_address_holding_too_many_websockets_gets_the_next_refused(tmp_path):
    """Each open WebSocket is kept in memory and has its own frames' share: one address
    holds 3 at most here. The 4th gets `too_many_sockets` in its language and is closed;
    the 3 open ones are still served; once one closes, a new one is taken."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'sockets.sqlite3'}",
                               limits=Limits(sockets=3))
    created, (token,) = handle.table("diciassette", 2, humans=1)
    pages = [handle.client() for _ in range(3)]
    try:
        for page in pages:
            page.hello(token)
        with WsClient(handle.ws_url + "?lang=fr") as extra:
            refused = extra.expect("error")
            assert refused["code"] == "too_many_sockets"
            assert refused["message"] == "Trop de connexions depuis votre adresse (3 à la " \
                                         "fois). Fermez quelques onglets de ce site, " \
                                         "puis réessayez."
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv()
            assert closed.value.rcvd.code == 1008
        for page in pages:
            page.send({"type": "ping"})
            page.expect("pong")
        pages.pop().close()
        end = time.monotonic() + DEADLINE
        while True:  # the server hears of the close a moment later
            with WsClient(handle.ws_url) as again:
                try:
                    again.send({"type": "ping"})
                    if again.recv()["type"] == "pong":
                        break
                except ConnectionClosed:  # refused: the cap was still full
                    pass
            assert time.monotonic() < end, "the closed socket was never given back"
    finally:
        for page in pages:
            page.close()
        stop_thread_server(handle)


def test_a_cap_setting_that_is_no_count_is_said():
    for value in ("0", "ten", "3/5", "-2"):
        with pytest.raises(LudoError) as raised:
            Limits.from_env({"LUDOTHEQUE_LIMIT_SOCKETS": value})
        assert "LUDOTHEQUE_LIMIT_SOCKETS doit valoir NOMBRE" in raised.value.message("fr")
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_SOCKETS": "off"}).sockets is None
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_SOCKETS": "12"}).sockets == 12
    assert Limits().sockets == 64


def test_one_address_gets_a_few_unfinished_bot_only_tables_then_a_clear_429(tmp_path):
    """Bots playing bots tie up the hard bots for nobody: an address has 2 unfinished ones
    at most here (the bots think for an hour: none ends during the test). The next is
    refused in the asker's language, nothing created; a table with a person is still
    made."""
    bots = [{"kind": "bot", "level": "hard"}] * 2
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'bots.sqlite3'}", bot_delay=3600,
                               limits=Limits(bot_tables=2))
    try:
        for _ in range(2):
            handle.create("diciassette", 2, bots)
        before = len(handle.master.tables)
        for lang, words in (("en", "at most 2 at once"), ("fr", "au plus 2 à la fois")):
            response = handle.api.post(f"/api/tables?lang={lang}",
                                       json={"game": "diciassette", "players": 2, "seats": bots})
            assert response.status_code == 429, response.text
            error = response.json()["error"]
            assert error["code"] == "too_many_bot_tables" and words in error["message"]
        assert len(handle.master.tables) == before
        handle.create("diciassette", 2, [{"kind": "human"}, *bots[1:]])
    finally:
        stop_thread_server(handle)
    assert Limits().bot_tables == 3
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_BOT_TABLES": "off"}).bot_tables is None
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_BOT_TABLES": "5"}).bot_tables == 5
    with pytest.raises(LudoError) as raised:
        Limits.from_env({"LUDOTHEQUE_LIMIT_BOT_TABLES": "none"})
    assert "LUDOTHEQUE_LIMIT_BOT_TABLES doit valoir NOMBRE" in raised.value.message("fr")


def test_one_address_asking_too_many_records_or_replay_steps_gets_a_429(tmp_path):
    """Each record or replay step rebuilds a game (a tournament: a tenth of a second): an
    address has its share of them, counted before anything is read (an unknown table, one
    not over, counts too), then a 429 in its language says the limit and when to come
    back; other addresses' reads and the rest of the API are served."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'reads.sqlite3'}",
                               limits=Limits(reads=Rate(3, 3600)))
    try:
        created, _ = handle.table("diciassette", 2, humans=1)
        table = created["table"]
        asked = [handle.api.get(f"/api/tables/{table}/record?lang=fr"),
                 handle.api.get("/api/tables/nope/replay?lang=fr"),
                 handle.api.get(f"/api/tables/{table}/replay?step=0&lang=fr")]
        assert [a.status_code for a in asked] == [403, 404, 403]
        for path in (f"/api/tables/{table}/record", f"/api/tables/{table}/replay"):
            told_too_fast(handle.api.get(f"{path}?lang=fr"),
                          "Trop de relectures et d'enregistrements de parties demandés depuis "
                          "votre adresse (limite\u00a0: 3 en 1\u00a0h). Réessayez dans ")
        english = handle.api.get(f"/api/tables/{table}/record?lang=en").json()["error"]
        assert english["message"].startswith("Too many game records and replay steps asked "
                                             "from your address (the limit: 3 in 1\u00a0h).")
        # another client address still reads; the lobby is no read
        other = handle.api.get(f"/api/tables/{table}/record",
                               headers={"X-Forwarded-For": "192.0.2.44"})
        assert other.status_code == 403
        assert handle.api.get("/api/games").status_code == 200
    finally:
        stop_thread_server(handle)
    assert Limits().reads == Rate(600, 60)
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_READS": "off"}).reads is None


def test_one_address_opening_too_many_invitations_gets_a_429_and_no_code_made(tmp_path):
    """Each invitation's page asks for the table and its link's code to scan, made afresh
    for each new Host header (milliseconds of CPU): an address has its share of them,
    counted before anything is read or made (an unknown invitation counts too), with the
    spectator's and a seat's own links (GET /api/watch/<token>, GET /api/play/<token>),
    then a 429 in its language says the limit and when to come back, and no code is made;
    another address still opens it, and joining is served."""
    from ludotheque.web.share import qr_data_uri

    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'invites.sqlite3'}",
                               limits=Limits(invites=Rate(4, 3600)))
    try:
        created = handle.create("diciassette", 2)
        invite = created["invite"]

        def opened(lang: str, host: str, client: str = "192.0.2.1"):
            return handle.api.get(f"/api/join/{invite}?lang={lang}",
                                  headers={"Host": host, "X-Forwarded-For": client})

        seat = handle.join(invite, 1, "Bob")
        asked = [opened("fr", "a.example"), handle.api.get(
                     "/api/join/nope", headers={"X-Forwarded-For": "192.0.2.1"}),
                 handle.api.get(f"/api/watch/{created['spectator']}",  # a seat's page's
                                headers={"Host": "b.example", "X-Forwarded-For": "192.0.2.1"}),
                 handle.api.get(f"/api/play/{seat}",  # "Continue on another device"
                                headers={"Host": "g.example", "X-Forwarded-For": "192.0.2.1"})]
        assert [a.status_code for a in asked] == [200, 404, 200, 200]
        assert asked[2].json()["spectator_qr"].startswith("data:image/svg+xml")
        assert asked[3].json()["seat_qr"].startswith("data:image/svg+xml")
        assert asked[0].json()["invite_qr"].startswith("data:image/svg+xml")
        codes = qr_data_uri.cache_info().currsize
        told_too_fast(opened("fr", "c.example"), "Trop de liens d'invitation, de spectateur ou "
                      "de place demandés depuis votre adresse (limite\u00a0: 4 en 1\u00a0h). "
                      "Réessayez dans ")
        told_too_fast(handle.api.get(f"/api/watch/{created['spectator']}?lang=fr", headers={
            "Host": "f.example", "X-Forwarded-For": "192.0.2.1"}), "Trop de liens")
        told_too_fast(handle.api.get(f"/api/play/{seat}?lang=fr", headers={
            "Host": "h.example", "X-Forwarded-For": "192.0.2.1"}), "Trop de liens")
        english = opened("en", "d.example").json()["error"]["message"]
        assert english.startswith("Too many invitation, spectator or seat links asked for from "
                                  "your address (the limit: 4 in 1\u00a0h). Try again in ")
        assert qr_data_uri.cache_info().currsize == codes  # no code made for them
        assert opened("en", "e.example", client="192.0.2.2").status_code == 200
        assert handle.api.post(f"/api/join/{invite}", json={"seat": 0, "name": "Ann"},
                               headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 200
    finally:
        stop_thread_server(handle)
    assert Limits().invites == Rate(120, 60)
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_INVITES": "off"}).invites is None
    assert Limits.from_env({"LUDOTHEQUE_LIMIT_INVITES": "5/10"}).invites == Rate(5, 10)
