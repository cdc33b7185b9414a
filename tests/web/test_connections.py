"""A page's connection over real WebSockets, at the edges: a second hello on the same
socket, a spectator asking for a rematch, a move at a table closed for waiting, texts
that are not Unicode, and finished tables nobody watches leaving memory."""

from __future__ import annotations

from test_protocol_errors import error_on
from test_server_api import play_to_end
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server
from ws_client import wait_for


def test_a_second_hello_on_the_same_socket_moves_the_page_to_that_table(server):
    first, (token_a,) = server.table("diciassette", 2, humans=1)
    second, (token_b,) = server.table("wazabi", 2, humans=1)
    with server.client() as page:
        page.hello(token_a)
        frame = page.hello(token_b)
        assert frame["table"]["id"] == second["table"] and frame["seat"] == 0
        page.send({"type": "ping"})
        page.expect("pong")  # still served
        # it left the first table (which, its person's turn and nobody watching, may even
        # have left memory)
        live_a = server.master.tables.get(first["table"])
        assert live_a is None or not any(conn.seat == 0 for conn in live_a.conns)


def test_a_spectator_cannot_start_a_rematch(server):
    created, final = play_to_end(server, "diciassette", 2)
    with server.client() as watcher:
        watcher.hello(created["spectator"])
        for lang, words in (("en", "rematch"), ("fr", "revanche")):
            watcher.send({"type": "lang", "lang": lang})
            watcher.expect("update")
            watcher.send({"type": "rematch"})
            assert words in error_on(watcher, "spectator")["message"]
    row = server.master.storage.get_table(created["table"])
    assert row.rematch is None


def test_a_table_closed_for_waiting_refuses_the_moves_of_the_one_seated(tmp_path):
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'closed.sqlite3'}", waiting_ttl=0.4)
    try:
        created = handle.create("diciassette", 2, [{"kind": "human"}, {"kind": "human"}])
        token = handle.join(created["invite"], 0, "Ann")
        with handle.client() as page:
            page.hello(token)
            closed = page.until(lambda f: f["table"]["status"] == "closed")
            page.move([0], closed["move"])
            assert "closed" in error_on(page, "closed")["message"]
        assert handle.master.storage.get_moves(created["table"]) == []
    finally:
        stop_thread_server(handle)


def test_a_lone_surrogate_is_refused_and_the_socket_still_served(server):
    created, (token,) = server.table("diciassette", 2, humans=1)
    with server.client() as page:
        page.send('{"type": "hello", "token": "\\ud800", "lang": "en"}')
        assert "surrogate" in error_on(page, "bad_json")["message"]
        page.hello(token)
        page.send('{"type": "move", "actions": ["\\udfff up"], "move": 0}')
        assert "surrogate" in error_on(page, "bad_json")["message"]
        page.send({"type": "ping"})
        page.expect("pong")
    answer = server.api.post("/api/tables?lang=fr", content=b'{"game": "\\ud800"}',
                             headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "substitution" in answer.json()["error"]["message"]


def test_a_game_of_bots_nobody_watches_leaves_memory_when_it_ends(server):
    created = server.create("wazabi", 2, [{"kind": "bot", "level": "easy"}] * 2)
    wait_for(lambda: server.master.storage.get_table(created["table"]).status == "over",
             "the bots did not finish", 3 * DEADLINE)
    wait_for(lambda: created["table"] not in server.master.tables, "the table is still held")
    with server.client() as watcher:  # rebuilt from the database for the next visitor
        frame = watcher.hello(created["spectator"])
        assert frame["table"]["status"] == "over" and frame["result"]


def test_a_spectator_saying_hello_again_and_again_sends_the_players_nothing(server):
    """Anyone holding the spectator link (the code on the TV) says hello 30 times: it
    changes nobody's presence, so the player's page gets no frame from it. Before, each
    hello sent every page of the table a whole update: from a few sockets at the frame
    limit, thousands a second to every player's phone. A second page of the player's own
    seat changes nothing either; the player's first page arriving is still told."""
    created, (token,) = server.table("diciassette", 3, humans=1)
    with server.client() as player, server.client() as watcher, \
            server.client() as second:
        player.hello(token)
        player.until(lambda f: f["to_act"] == 0)  # the bots wait for the player
        player.errors_so_far()  # every frame of its arrival received
        told = len(player.frames)
        for _ in range(30):
            watcher.hello(created["spectator"])
        second.hello(token)
        for page in (watcher, second):
            page.errors_so_far()  # each one's hellos handled, their frames to others sent
        player.errors_so_far()
        assert [f["type"] for f in player.frames[told:]] == ["pong"], player.frames[told:]
    with server.client() as watcher, server.client() as player:
        watcher.hello(created["spectator"])
        player.hello(token)
        arrived = watcher.until(lambda f: f["table"]["seats"][0]["connected"])
        assert arrived["seat"] is None
