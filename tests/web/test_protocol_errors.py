"""Every error path of the WebSocket protocol (issue 13, point 6), with real clients.

Each bad frame gets an error frame on THAT connection, in its language, naming what was
wrong; nothing changes at the table; the other pages are still served (the player to act
can still play, and everyone sees the move).
"""

from __future__ import annotations

import json

import pytest

from ludotheque.web.master import MAX_ACTIONS
from web_servers import WsClient


class Table:
    """Two people (seats 0 and 1), a bot (seat 2) and a spectator, waiting on a person."""

    def __init__(self, server, lang_of_seat0: str = "en", names: tuple[str, str] = ("P1",
                                                                                    "P2")) -> None:
        self.server = server
        created = server.create("diciassette", 3, [{"kind": "human"}, {"kind": "human"},
                                                   {"kind": "bot", "level": "easy"}])
        self.id = created["table"]
        self.tokens = [server.join(created["invite"], seat, names[seat]) for seat in (0, 1)]
        self.pages = [server.client(), server.client()]
        self.watcher = server.client()
        self.pages[0].hello(self.tokens[0], lang=lang_of_seat0)
        self.pages[1].hello(self.tokens[1])
        self.watcher.hello(created["spectator"])
        frame = self.pages[0].until(lambda f: f["to_act"] in (0, 1))
        self.actor = frame["to_act"]
        self.idle = 1 - self.actor
        self.move = frame["move"]
        for page in (*self.pages, self.watcher):
            page.drain()
        self.actor_frame = self.pages[self.actor].last_update
        # the actor's page may not have seen the last update yet: ask for a fresh one
        self.pages[self.actor].send({"type": "lang", "lang": "en" if self.actor else lang_of_seat0})
        self.actor_frame = self.pages[self.actor].expect("update")

    @property
    def live(self):
        return self.server.master.tables[self.id]

    def close(self) -> None:
        for page in (*self.pages, self.watcher):
            page.close()

    def still_served(self) -> None:
        """Nothing changed, and the table goes on for everyone."""
        assert self.live.moves == self.move
        legal = self.actor_frame["legal"]
        assert legal, "the player to act has moves"
        self.pages[self.actor].move([legal[0]["id"]], self.move)
        for page in (*self.pages, self.watcher):
            page.until(lambda f: f["move"] > self.move)


@pytest.fixture
def table(server):
    made = Table(server)
    try:
        yield made
    finally:
        made.close()


def error_on(page: WsClient, code: str) -> dict:
    frame = page.expect("error")
    assert frame["code"] == code, frame
    assert frame["message"]
    return frame


def test_unknown_token_and_hello_first(server, table):
    with server.client() as page:
        page.send({"type": "move", "actions": [0], "move": 0})
        message = error_on(page, "hello_first")["message"]
        assert '{"type": "hello", "token": ' in message and "{{" not in message
        page.send({"type": "hello", "token": "not-a-token", "lang": "fr", "since": 0})
        message = error_on(page, "unknown_token")["message"]
        assert "lien" in message  # French, as the hello asked
        page.send({"type": "hello", "token": table.tokens[0][:-1], "lang": "en", "since": 0})
        error_on(page, "unknown_token")
    table.still_served()


def test_action_for_another_seat(table):
    page = table.pages[table.idle]
    legal = table.actor_frame["legal"][0]["id"]
    page.send({"type": "move", "actions": [legal], "move": table.move, "seat": table.actor})
    message = error_on(page, "not_your_seat")["message"]
    assert str(table.idle + 1) in message and str(table.actor + 1) in message
    table.still_served()


def test_not_your_turn_names_who_is_to_play_and_lists_no_moves(table):
    page = table.pages[table.idle]
    legal = table.actor_frame["legal"][0]["id"]
    page.move([legal], table.move)
    message = error_on(page, "not_your_turn")["message"]
    assert f"P{table.actor + 1}" in message
    assert table.actor_frame["legal"][0]["text"] not in message  # nobody's moves listed
    table.still_served()


# A person's name takes « à », « par »: a seat's default name (« Joueur 2 »: « au joueur
# 2 ») is no person's at the web table (`checked_name`); the terminal's are tested in
# tests/ui/test_french_texts.py.
def test_not_your_turn_in_french_says_a_before_the_name(server):
    names, said = ("Ada", "Ugo"), "c'est à {name} de jouer"
    made = Table(server, names=names)
    try:
        page = made.pages[made.idle]
        page.send({"type": "lang", "lang": "fr"})
        page.expect("update")
        page.move([made.actor_frame["legal"][0]["id"]], made.move)
        message = error_on(page, "not_your_turn")["message"]
        assert said.format(seat=made.actor + 1, name=names[made.actor]) in message, message
    finally:
        made.close()


def test_a_card_played_in_french_says_par_before_the_name(server):
    # the line's cards on a French spectator's page name who played them; the people play
    # cards face up (or pass a call) until one of theirs is in the line
    names, said = ("Ada", "Ugo"), "(par {name})"
    made = Table(server, names=names)
    watcher = made.watcher
    try:
        watcher.send({"type": "lang", "lang": "fr"})
        frame = watcher.expect("update")
        for _ in range(40):
            labels = [card["label"] for zone in frame["scene"]["zones"] if zone["id"] == "queue"
                      for card in zone["cards"]]
            people = [said.format(seat=seat + 1, name=names[seat]) for seat in (0, 1)]
            if any(label.endswith(tuple(people)) for label in labels):
                break
            if frame["to_act"] in (0, 1):
                page = made.pages[frame["to_act"]]
                legal = page.until(lambda f, move=frame["move"]: f["move"] == move)["legal"]
                chosen = next((m for m in legal if m["text"].endswith(" up")), legal[-1])
                page.move([chosen["id"]], frame["move"])
            frame = watcher.until(lambda f, move=frame["move"]: f["move"] > move)
        else:
            raise AssertionError(f"no card of a person's in the line: {labels}")
    finally:
        made.close()


def test_stale_move_count_gets_a_fresh_update(table):
    page = table.pages[table.actor]
    page.move([table.actor_frame["legal"][0]["id"]], table.move - 1)
    message = error_on(page, "stale")["message"]
    assert str(table.move) in message
    fresh = page.expect("update")
    assert fresh["move"] == table.move and fresh["legal"]
    page.move([table.actor_frame["legal"][0]["id"]], table.move + 3)
    error_on(page, "stale")
    table.still_served()


def test_illegal_action_names_what_is_allowed(table):
    page = table.pages[table.actor]
    legal_ids = {entry["id"] for entry in table.actor_frame["legal"]}
    game = table.live.game
    illegal = next(a for a in range(game.num_actions) if a not in legal_ids)
    page.move([illegal], table.move)
    message = error_on(page, "illegal")["message"]
    assert table.actor_frame["legal"][0]["text"] in message  # what is allowed
    page.move([game.action_to_text(illegal)], table.move)
    error_on(page, "illegal")
    table.still_served()


def test_unknown_action_text_and_bad_ids(table):
    page = table.pages[table.actor]
    page.move(["frobnicate"], table.move)
    assert "frobnicate" in error_on(page, "notation")["message"]
    page.move([10**9], table.move)
    error_on(page, "notation")
    for bad in ({"type": "move", "actions": [], "move": table.move},
                {"type": "move", "actions": "5s up", "move": table.move},
                {"type": "move", "actions": [True], "move": table.move},
                {"type": "move", "actions": [0] * (MAX_ACTIONS + 1), "move": table.move},
                {"type": "move", "actions": [0]},
                {"type": "move", "actions": [{"id": 0}], "move": table.move}):
        page.send(bad)
        assert "actions" in error_on(page, "bad_frame")["message"]
    table.still_served()


def test_malformed_json_unknown_type_and_not_an_object(table):
    page = table.pages[table.idle]
    page.send("{this is not json")
    error_on(page, "bad_json")
    page.send(b"\xff\xfe garbage")
    error_on(page, "bad_json")
    page.send({"type": "teleport"})
    message = error_on(page, "unknown_type")["message"]
    assert "teleport" in message and "move" in message and "chat" in message
    for bad in ("[1, 2]", "42", json.dumps({"no": "type"}), json.dumps({"type": 3})):
        page.send(bad)
        error_on(page, "bad_frame")
    table.still_served()


def test_deeply_nested_json_is_a_clear_error_and_the_connection_stays(table):
    """Brackets nested deeper than the parser goes (8,000 bytes: under the frame limit):
    the usual bad-JSON error, in the page's language, and the connection serves on."""
    page = table.pages[table.idle]
    for lang, words in (("fr", "imbriqués trop profondément"), ("en", "nested too deeply")):
        page.send({"type": "lang", "lang": lang})
        page.expect("update")
        page.send("[" * 4000 + "]" * 4000)
        assert words in error_on(page, "bad_json")["message"]
        page.send({"type": "ping"})
        page.expect("pong")
    table.still_served()


def test_oversized_frame(table):
    page = table.pages[table.actor]
    page.send({"type": "chat", "text": "x" * 9000})
    message = error_on(page, "too_large")["message"]
    assert "8192" in message
    page.send({"type": "move", "actions": [table.actor_frame["legal"][0]["id"]] * 3000,
               "move": table.move})
    error_on(page, "too_large")
    table.still_served()


def test_spectator_cannot_play_or_chat(table):
    table.watcher.move([table.actor_frame["legal"][0]["id"]], table.move)
    error_on(table.watcher, "spectator")
    table.watcher.send({"type": "chat", "text": "hi"})
    error_on(table.watcher, "spectator")
    table.still_served()


def test_chat_limits_and_bad_language(table):
    page = table.pages[table.idle]
    # nothing visible is nothing to say: control and invisible characters (NUL, zero-width
    # space, bidi override) are left out before the line is judged empty
    for text in ("   ", "\u0000\u0007", "\u200b\u202e \u2066"):
        page.send({"type": "chat", "text": text})
        error_on(page, "chat_empty")
    page.send({"type": "chat", "text": "y" * 301})
    assert "300" in error_on(page, "chat_too_long")["message"]
    for text in (12, {"a": 1}):  # not text at all: said so, not "empty"
        page.send({"type": "chat", "text": text})
        assert error_on(page, "bad_frame")["message"] == \
            "The message is not valid: the field “text” must be a string; nothing was done."
    page.send({"type": "lang", "lang": "tlh"})
    assert "tlh" in error_on(page, "bad_lang")["message"]
    page.send({"type": "lang"})
    assert error_on(page, "bad_lang")["message"] == \
        "The message gives no language (“lang”); allowed: en, fr."
    page.send({"type": "rematch"})
    error_on(page, "not_over")
    table.still_served()


def test_errors_speak_the_connection_language(server):
    made = Table(server, lang_of_seat0="fr")
    try:
        page = made.pages[0]
        page.send("{oops")
        message = error_on(page, "bad_json")["message"]
        # the reason too is French: what is wrong, and where
        assert message == ("Le message n'est pas du JSON valide (un nom de champ entre "
                           "guillemets doubles était attendu à la ligne 1, colonne 2)\u00a0; "
                           "rien n'a été fait."), message
        page.send({"type": "chat", "text": "z" * 400})
        assert "au plus" in error_on(page, "chat_too_long")["message"]
        if made.actor == 1:
            page.move([made.actor_frame["legal"][0]["id"]], made.move)
            assert "Ce n'est pas votre tour" in error_on(page, "not_your_turn")["message"]
        else:
            page.move(["frobnicate"], made.move)
            assert "frobnicate" in error_on(page, "notation")["message"]
        made.still_served()
    finally:
        made.close()


def test_waiting_table_refuses_moves(server):
    created = server.create("diciassette", 2, [{"kind": "human"}, {"kind": "human"}])
    token = server.join(created["invite"], 0, "Ann")
    with server.client() as page:
        frame = page.hello(token)
        assert frame["table"]["status"] == "waiting" and frame["to_act"] is None
        assert frame["legal"] == []
        page.move([0], frame["move"])
        error_on(page, "waiting")


def test_bytes_that_are_not_utf8_are_refused_in_the_page_language(server, table):
    """A binary frame is UTF-8 JSON like a text frame: bytes that are not UTF-8 used to be
    replaced (a chat of "\ufffd" went out); now refused, saying so in the page's language."""
    page = table.pages[table.idle]
    for lang, said in (("fr", "Le message n'est pas du texte UTF-8 (octet invalide à la "
                              "position 27)\u00a0; rien n'a été fait."),
                       ("en", "The message is not UTF-8 text (bad byte at position 27); "
                              "nothing was done.")):
        page.send({"type": "lang", "lang": lang})
        page.expect("update")
        page.send(b'{"type": "chat", "text": "\xff"}')
        assert error_on(page, "bad_json")["message"] == said
    page.send(json.dumps({"type": "ping"}).encode("utf-8"))  # UTF-8 bytes are read
    page.expect("pong")
    assert not [f for f in page.drain() if f.get("type") == "chat"]
    # An HTTP body too: bytes JSON would read as UTF-16 (ff fe) are not UTF-8 text
    for body in (b'\xff\xfe{"game": "dtc"}', b'{"game": "d\xe9c"}'):
        response = server.api.post("/api/tables?lang=fr", content=body,
                                   headers={"content-type": "application/json"})
        assert response.status_code == 400
        assert "La requête n'est pas valide\u00a0: ce n'est pas du texte UTF-8 (octet " \
            in response.json()["error"]["message"], response.text
    table.still_served()


def test_an_error_quotes_at_most_forty_characters_of_what_was_sent(server, table):
    """A refusal names the value it refuses, cut short: a 7,000-character field of a frame
    or a 60,000-character one of a request is not sent back (not to the page, not to the
    others); a value that is no text is quoted as JSON."""
    flood = "x" * 7000
    page = table.pages[table.idle]
    for frame in ({"type": flood}, {"type": "move", "actions": [1], "move": table.move,
                                    "seat": {"seat": flood}}):
        page.send(frame)
        message = page.expect("error")["message"]
        assert "x" * 20 in message and "x" * 41 not in message, message
    page.send({"type": "move", "actions": [1], "move": table.move, "seat": [1, 2]})
    assert "seat [1, 2]" in error_on(page, "not_your_seat")["message"]
    for seat in ({"kind": "x" * 60000}, {"kind": "bot", "level": "x" * 60000},
                 {"kind": {"kind": "human"}}):
        answer = server.api.post("/api/tables", json={"game": "diciassette", "players": 2,
                                                      "seats": [seat, {"kind": "human"}]})
        assert answer.status_code == 400 and len(answer.text) < 400, answer.text[:400]
    assert "“{\"kind\": \"human\"}”" in answer.json()["error"]["message"]
    for answer in (server.api.post("/api/tables", json={"game": "g" * 60000}),
                   server.api.get(f"/api/games/{'g' * 10000}/rules")):
        assert answer.status_code in (400, 404) and len(answer.text) < 400, answer.text[:400]
        assert answer.json()["error"]["code"] == "unknown_game"
    table.still_served()


def test_a_frame_with_a_field_it_does_not_take_is_refused_naming_it(table):
    """A frame's misspelt field was ignored: a move with "acitons" was refused as if it
    had no actions, a hello with "lnag": "fr" answered in English, a chat line with
    "txt" said "the text must be...". Every frame takes its own fields only: another is
    refused, named, with the frame's fields, in the page's language; nothing changes."""
    page = table.pages[table.actor]
    legal = table.actor_frame["legal"][0]["id"]
    for frame, field, allowed in (
            ({"type": "move", "actions": [legal], "move": table.move, "sear": 0}, "sear",
             "type, actions, move, seat"),
            ({"type": "move", "acitons": [legal], "move": table.move}, "acitons",
             "type, actions, move, seat"),
            ({"type": "chat", "text": "hi", "to": 1}, "to", "type, text"),
            ({"type": "hello", "token": table.tokens[table.actor], "lnag": "fr"}, "lnag",
             "type, token, lang, since"),
            ({"type": "lang", "lang": "fr", "": 1}, "", "type, lang"),
            ({"type": "ping", "id": 7}, "id", "type"),
            ({"type": "leave", "now": True}, "now", "type")):
        for lang, words in (("en", f"Unknown field “{field}” in a “{frame['type']}” message; "
                                   f"allowed: {allowed}."),
                            ("fr", f"Champ « {field} » inconnu dans un message "
                                   f"« {frame['type']} » ; champs permis : {allowed}.")):
            page.send({"type": "lang", "lang": lang})
            page.expect("update")
            page.send(frame)
            message = error_on(page, "unknown_field")["message"]
            assert message.replace("\u00a0", " ") == words, message
    assert table.live.row.seats[table.actor].taken  # the leave was refused
    table.still_served()
