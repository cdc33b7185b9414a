"""The HTTP API of the web table, against a real uvicorn server and SQLite file."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from web_servers import DEADLINE
from ws_client import wait_for


def test_games_list_all_four_with_counts_options_and_summary(server):
    for lang in ("en", "fr"):
        games = server.api.get(f"/api/games?lang={lang}").json()["games"]
        assert sorted(g["name"] for g in games) == ["decimoarr", "diciassette", "dtc", "wazabi"]
        for game in games:
            assert game["min_players"] <= game["default_players"] <= game["max_players"]
            assert game["summary"] and game["title"]
            for option in game["options"]:
                assert {"name", "kind", "default", "allowed", "help"} <= set(option)
                # for people: a label, and each choice's label (never the API's names)
                assert option["label"] and "_" not in option["label"], option
                if option["kind"] == "choice":
                    assert [c["value"] for c in option["choices"]] == option["allowed"]
                    for choice in option["choices"]:
                        assert choice["label"] and "_" not in choice["label"], choice
    french = server.api.get("/api/games", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).json()
    english = server.api.get("/api/games?lang=en").json()
    assert french["games"][0]["summary"] != english["games"][0]["summary"]


@pytest.mark.parametrize("header, lang", [
    ("en;q=0.1, fr;q=0.9", "fr"), ("fr;q=0.9, en;q=0.95", "en"), ("fr-CA;q=0.5, de", "fr"),
    ("fr;q=0", "en"), ("fr;q=0, en;q=0", "en"), ("en;q=0, *;q=0.3", "fr"), ("*", "en"),
    ("de, it;q=0.9", "en"), ("FR;Q=0.800, EN;q=0.7", "fr"), ("fr;q=2, en;q=0.5", "en"),
    ("fr;q=banana, en;q=0.5", "en"), ("de;q=1, fr;q=0.001", "fr"), ("", "en")])
def test_accept_language_is_read_by_its_q_values(server, header, lang):
    """The browser's Accept-Language is read as RFC 9110 says: the highest q value wins,
    q=0 means "not this one", `*` stands for any language not named; a q value that is no
    number from 0 to 1 drops its entry; nothing we speak: English. One rule for the pages'
    texts, the API's errors and a WebSocket's errors before its hello says a language."""
    from ws_client import WsClient

    headers = {"Accept-Language": header}
    assert server.api.get("/api/texts", headers=headers).json()["lang"] == lang
    missing = server.api.get("/api/nosuch", headers=headers).json()["error"]["message"]
    assert missing == server.api.get(f"/api/nosuch?lang={lang}").json()["error"]["message"]
    with WsClient(server.ws_url, headers=headers) as page, \
            WsClient(f"{server.ws_url}?lang={lang}") as told:
        for each in (page, told):
            each.send({"type": "nosuch"})
        assert page.expect("error")["message"] == told.expect("error")["message"]


@pytest.mark.parametrize("asked, header, lang, ours", [
    ("fr", "en", "fr", True), ("fr-CA", "en", "fr", True), ("FR_fr", "en", "fr", True),
    ("en-GB", "fr", "en", True), ("frog", "en", "en", False), ("frog", "", "en", False),
    ("english", "fr", "fr", False), ("f", "en", "en", False), ("", "fr", "fr", False)])
def test_a_lang_in_the_query_counts_by_its_primary_subtag(server, asked, header, lang, ours):
    """?lang= takes a tag whose primary subtag is ours, whatever its region (fr-CA, or
    FR_fr as a locale writes it); one that only starts like ours ("frog" was French) is
    passed over quietly for the browser's Accept-Language, as the pages do. A hello's
    language follows the same rule, and is refused in words when it is not ours."""
    from ws_client import WsClient

    headers = {"Accept-Language": header} if header else {}
    assert server.api.get(f"/api/texts?lang={asked}", headers=headers).json()["lang"] == lang
    _created, (token,) = server.table("diciassette", 2, humans=1)
    with WsClient(server.ws_url) as page, WsClient(f"{server.ws_url}?lang={lang}") as told:
        page.send({"type": "hello", "token": token, "lang": asked})
        answer = page.recv()
        if not ours:
            assert answer["type"] == "error" and answer["code"] == "bad_lang", answer
            assert f"“{asked}”" in answer["message"], answer
            return
        assert answer["type"] == "update", answer
        for each in (page, told):  # the connection speaks the hello's language now
            each.send({"type": "nosuch"})
        assert page.expect("error")["message"] == told.expect("error")["message"]


def test_a_request_body_with_a_field_it_does_not_take_is_refused_naming_it(server):
    """A misspelt field was ignored: {"playres": 3} made a table of the default count,
    {"optoins": {...}} one of the default options, a bot seat's "name" was dropped. Each
    body (and each seat of a table's) takes its own fields only: another is refused with
    a 400 naming it and the fields allowed, in both languages; nothing is made."""
    created = server.create("wazabi", 2, [{"kind": "human"}] * 2)
    bodies = [
        ("/api/tables", {"game": "wazabi", "playres": 3}, "playres",
         "game, players, options, seats, turn_timer", None),
        ("/api/tables", {"game": "dtc", "optoins": {"cards": 5}}, "optoins",
         "game, players, options, seats, turn_timer", None),
        ("/api/tables", {"game": "wazabi", "players": 2, "seats": [
            {"kind": "human", "nmae": "Ada"}, {"kind": "bot"}]}, "seats[0].nmae",
         "kind, name", 0),
        ("/api/tables", {"game": "wazabi", "players": 2, "seats": [
            {"kind": "human"}, {"kind": "bot", "level": "easy", "name": "Ada"}]},
         "seats[1].name", "kind, level", 1),
        (f"/api/join/{created['invite']}", {"seat": 0, "name": "Ada", "seta": 1}, "seta",
         "seat, name", None)]
    before = server.table_count()
    for path, body, field, allowed, seat in bodies:
        for lang, words in (("en", f"Unknown field “{field}”; allowed: {allowed}."),
                            ("fr", f"Champ « {field} » inconnu ; champs permis : {allowed}.")):
            refused = server.api.post(f"{path}?lang={lang}", json=body)
            assert refused.status_code == 400, (body, refused.text)
            error = refused.json()["error"]
            assert error["code"] == "unknown_field", error
            assert error["message"].replace("\u00a0", " ") == words, error
            assert error.get("seat") == seat, error
    assert server.table_count() == before
    assert not any(s["taken"] for s in
                   server.api.get(f"/api/join/{created['invite']}").json()["seats"])


def test_rules_are_markdown_in_both_languages_and_unknown_game_is_404(server):
    rules = server.api.get("/api/games/diciassette/rules?lang=fr").json()
    assert rules["rules"].startswith("#") and "17" in rules["title"]
    response = server.api.get("/api/games/chess/rules?lang=fr")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_game"
    assert "chess" in response.json()["error"]["message"]


def test_texts_are_the_web_keys(server):
    texts = server.api.get("/api/texts?lang=fr").json()
    assert texts["lang"] == "fr"
    # and how the pages join names in a sentence (`list.*`, shared with the terminal)
    assert texts["texts"] and all(key.startswith(("web.", "list.")) for key in texts["texts"])
    assert texts["texts"]["list.and"] == " et "


def test_pages_are_served_and_never_hold_the_seed(server):
    created = server.create("diciassette", 3, [{"kind": "human"}, {"kind": "bot", "level": "easy"},
                                               {"kind": "bot", "level": "easy"}])
    token = server.join(created["invite"], 0, "Ann")
    seed = str(server.master.storage.get_table(created["table"]).seed)
    for path in ("/", f"/join/{created['invite']}", f"/play/{token}",
                 f"/watch/{created['spectator']}", f"/replay/{created['table']}",
                 f"/api/join/{created['invite']}"):
        response = server.api.get(path)
        assert response.status_code == 200, path
        assert seed not in response.text, path


@pytest.mark.parametrize("body, code, named", [
    ({"game": "chess", "players": 3}, "unknown_game", "chess"),
    ({"game": "diciassette", "players": 9}, "player_count", "9"),
    ({"game": "diciassette", "players": 3, "options": {"colour": "red"}}, "option", "colour"),
    ({"game": "diciassette", "players": 3, "options": {"reverse": "many"}}, "option", "many"),
    ({"game": "diciassette", "players": 3, "seats": [{"kind": "human"}]}, "seats", "3"),
    ({"game": "diciassette", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "alien"}]}, "seats", "alien"),
    ({"game": "diciassette", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]}, "bot_level", "godlike"),
    ({"game": "diciassette", "players": 2, "turn_timer": -5}, "turn_timer", "-5"),
    ({"game": 17}, "bad_request", "game"),
])
def test_bad_table_creation_is_refused_with_what_is_allowed(server, body, code, named):
    before = len(server.master.tables)
    for lang in ("en", "fr"):
        response = server.api.post(f"/api/tables?lang={lang}", json=body)
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == code
        assert named in error["message"]
    assert len(server.master.tables) == before


@pytest.mark.parametrize("body, english, french", [
    ({"game": "dtc", "players": "3"},
     '“players” must be a whole number, not "3": DTC (Donne Tes Cartes) is played by 2 to 6 '
     'players.',
     '«\u00a0players\u00a0» doit être un nombre entier, pas "3"\u00a0: DTC (Donne Tes Cartes) '
     'se joue de 2 à 6 joueurs.'),
    ({"game": "dtc", "players": True}, "not true:", "pas true\u00a0:"),
    ({"game": "dtc", "players": 3, "turn_timer": 5},
     "The turn timer must be off or set between 10 and 3600 seconds, not 5.",
     "Le minuteur de tour doit être désactivé ou réglé entre 10 et 3600 secondes, pas 5."),
])
def test_a_wrong_type_or_timer_is_said_plainly(server, body, english, french):
    """A number sent as text is a wrong type (not "2 to 6 players, not 3"); the timer's
    error speaks of "off", not of JSON's null."""
    for lang, words in (("en", english), ("fr", french)):
        response = server.api.post(f"/api/tables?lang={lang}", json=body)
        assert response.status_code == 400
        message = response.json()["error"]["message"]
        assert words in message and "null" not in message and "True" not in message, message


def test_a_field_of_the_wrong_type_is_named_with_the_type_expected(server):
    response = server.api.post("/api/tables?lang=fr", json={"game": 17})
    assert response.json()["error"]["message"] == \
        "La requête n'est pas valide\u00a0: le champ «\u00a0game\u00a0» doit être une chaîne " \
        "de caractères."


def test_option_error_lists_the_allowed_options_in_french(server):
    response = server.api.post("/api/tables?lang=fr", json={"game": "diciassette", "players": 3,
                                                            "options": {"colour": "red"}})
    message = response.json()["error"]["message"]
    options = [o["name"] for o in server.api.get("/api/games").json()["games"][1]["options"]]
    assert any(name in message for name in options), message


@pytest.mark.parametrize("body, english, french", [
    ({"game": "decimoarr", "players": 3, "options": {"first_player": "me"}},
     "The option “Who starts the game” (first_player) cannot be “me”. Allowed: “Drawn at "
     "random” (random), “Seat 1” (first_seat).",
     "L'option «\u00a0Qui commence la partie\u00a0» (first_player) ne peut pas valoir "
     "«\u00a0me\u00a0». Valeurs permises\u00a0: «\u00a0Tirage au sort\u00a0» (random), "
     "«\u00a0La place 1\u00a0» (first_seat)."),
    ({"game": "diciassette", "players": 3, "options": {"reverse": 99}},
     "The option “Reverse cards” (reverse) cannot be “99”. Allowed: an integer from 0 to 20.",
     "L'option «\u00a0Cartes Changement de sens\u00a0» (reverse) ne peut pas valoir "
     "«\u00a099\u00a0». Valeurs permises\u00a0: un entier de 0 à 20."),
    ({"game": "wazabi", "players": 3, "options": {"teams": "maybe"}},
     "cannot be “maybe”. Allowed: true or false.", "Valeurs permises\u00a0: true ou false."),
    ({"game": "diciassette", "players": 3, "options": {"colour": "red"}},
     "17 / Diciassette has no option “colour”. Its options: call_between_x2_cards (“17” may "
     "be called between the two cards of an x2), direction_persists (",
     "Ses options\u00a0: call_between_x2_cards («\u00a017\u00a0» peut être annoncé entre les deux "
     "cartes d'un x2), direction_persists (Sens de jeu"),
])
def test_an_option_error_says_the_option_as_the_lobby_does(server, body, english, french):
    """The option's label in the request's language (the lobby's words), beside the name
    the API takes, and what it allows: each choice's label and value."""
    for lang, words in (("en", english), ("fr", french)):
        response = server.api.post(f"/api/tables?lang={lang}", json=body)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "option" and words in error["message"], error["message"]


@pytest.mark.parametrize("body, english, french", [
    ({"game": "dtc", "players": 2, "options": {"variant_literal": True}},
     "The option “The variant read literally” only makes sense with “The “more confusion” "
     "variant”.",
     "L'option «\u00a0La variante lue à la lettre\u00a0» n'a de sens qu'avec «\u00a0La "
     "variante «\u00a0pour plus de confusion\u00a0»\u00a0»."),
    ({"game": "decimoarr", "players": 5, "options": {"layout": "grid"}},
     "(25 cards, 5 players): use “Table layout”: “Ring”.",
     "(25 cartes, 5 joueurs)\u00a0: utilisez «\u00a0Disposition des cartes\u00a0»\u00a0: "
     "«\u00a0Anneau\u00a0»."),
    ({"game": "wazabi", "players": 4,
      "options": {"teams": True, "continue_until_one_left": True}},
     "they cannot be combined with “Play on for a full ranking”.",
     "impossible de les combiner avec «\u00a0Continuer pour un classement complet\u00a0»."),
    ({"game": "dtc", "players": 6, "options": {"copies": 1, "jokers": 0}},
     "a smaller “Cards in hand” or fewer players.",
     "une main plus petite («\u00a0Cartes en main\u00a0») ou moins de joueurs."),
])
def test_options_that_do_not_go_together_are_named_by_their_lobby_labels(
        server, body, english, french):
    """A game's cross-check between options names them as the lobby shows them, in the
    request's language (the command line says the names it takes: test_cli_bad_input)."""
    for lang, words in (("en", english), ("fr", french)):
        response = server.api.post(f"/api/tables?lang={lang}", json=body)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "option" and words in error["message"], error["message"]
        assert "=" not in error["message"] and "_" not in error["message"]  # no raw name


def test_malformed_body_is_a_clear_400(server):
    response = server.api.post("/api/tables?lang=fr", content=b"{not json",
                               headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "bad_request",
        "message": "La requête n'est pas valide\u00a0: un nom de champ entre guillemets "
                   "doubles était attendu à la ligne 1, colonne 2."}
    response = server.api.post("/api/tables?lang=en", content=b"[\n 1,,]",
                               headers={"content-type": "application/json"})
    assert response.json()["error"]["message"] == \
        "The request is not valid: a value was expected at line 2, column 4."


def test_a_post_that_is_not_json_is_a_clear_415(server):
    """A form of another site may post text/plain (no preflight): every POST route takes
    only application/json, so no such form creates a table nor takes a seat."""
    created = server.create("dtc", 3, [{"kind": "human"}, {"kind": "bot", "level": "easy"},
                                       {"kind": "bot", "level": "easy"}])
    before = len(server.master.tables)
    table = json.dumps({"game": "dtc", "players": 3})
    seat = json.dumps({"seat": 0, "name": "Eve"})
    for path, body in (("/api/tables", table), (f"/api/join/{created['invite']}", seat)):
        for given, quoted in (("text/plain", "text/plain"),
                              ("application/x-www-form-urlencoded", "application/x-www-form"),
                              (None, None)):
            headers = {"content-type": given} if given else {}
            for lang, words in (("en", "must be JSON"), ("fr", "doit être du JSON")):
                response = server.api.post(f"{path}?lang={lang}", content=body.encode(),
                                           headers=headers)
                assert response.status_code == 415, response.text
                error = response.json()["error"]
                assert error["code"] == "not_json" and words in error["message"]
                assert "application/json" in error["message"]
                assert (quoted or {"en": "missing", "fr": "absent"}[lang]) in error["message"]
    assert len(server.master.tables) == before
    assert not server.master.storage.get_table(created["table"]).seats[0].taken
    # a charset beside the type is still JSON
    answer = server.api.post("/api/tables?lang=en", content=table.encode(),
                             headers={"content-type": "application/json; charset=utf-8"})
    assert answer.status_code == 200, answer.text


def test_deeply_nested_or_huge_bodies_are_clear_json_errors(server):
    """Brackets nested too deeply: a JSON 400 (no crash, no plain-text 500); a body over
    the limit: a JSON 413, read no further. The server serves on."""
    before = len(server.master.tables)
    for path in ("/api/tables", "/api/join/no-such-invite"):
        response = server.api.post(f"{path}?lang=fr", content="[" * 4000 + "]" * 4000,
                                   headers={"content-type": "application/json"})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "bad_request"
        assert "imbriqués trop profondément" in response.json()["error"]["message"]
    huge = json.dumps({"game": "dtc", "players": 3, "padding": "x" * 70_000})
    response = server.api.post("/api/tables?lang=en", content=huge,
                               headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "body_too_large"
    assert "65536" in response.json()["error"]["message"]

    def chunks():  # no Content-Length: the body is counted as it comes
        for _ in range(20):
            yield b" " * 8192
    response = server.api.post("/api/tables?lang=fr", content=chunks(),
                               headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert "octets" in response.json()["error"]["message"]
    assert len(server.master.tables) == before
    server.create("dtc", 3)  # still serving


def test_join_flow_seats_names_and_taken_seat(server):
    created = server.create("diciassette", 3, [{"kind": "human"}, {"kind": "human"},
                                               {"kind": "bot", "level": "easy"}])
    info = server.api.get(f"/api/join/{created['invite']}?lang=fr").json()
    assert info["status"] == "waiting"
    assert [s["taken"] for s in info["seats"]] == [False, False, True]
    assert info["seats"][2]["name"].endswith("(facile)")
    token = server.join(created["invite"], 0, "  Ann   Lee ")
    assert created["invite"] != token != created["spectator"] and len(token) >= 32
    taken = server.api.post(f"/api/join/{created['invite']}?lang=en",
                            json={"seat": 0, "name": "Bob"})
    assert taken.status_code == 409
    assert taken.json()["error"]["code"] == "seat_taken"
    assert "2" in taken.json()["error"]["message"]  # names the free seat
    seven = server.api.post(f"/api/join/{created['invite']}?lang=en",
                            json={"seat": 7, "name": "Bob"}).json()["error"]["message"]
    assert seven == "“seat” must be a seat index from 0 to 2 (0: the first seat), not 7."
    for body, code in [({"seat": 2, "name": "Bob"}, "not_human_seat"),
                       ({"seat": 7, "name": "Bob"}, "bad_seat"),
                       ({"seat": "1", "name": "Bob"}, "bad_seat"),
                       ({"seat": 1, "name": "   "}, "bad_name"),
                       ({"seat": 1, "name": "x" * 40}, "bad_name")]:
        response = server.api.post(f"/api/join/{created['invite']}", json=body)
        assert response.status_code == 400 and response.json()["error"]["code"] == code
    assert server.api.post("/api/join/nope", json={"seat": 1, "name": "Bob"}).status_code == 404
    server.join(created["invite"], 1, "Bob")
    info = server.api.get(f"/api/join/{created['invite']}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]][:2] == ["Ann Lee", "Bob"]


def test_display_names_are_visible_distinct_and_never_a_bots(server):
    """Invisible and control characters (zero-width spaces, bidi overrides) are left out
    of a name, and a name left empty is refused; a name already at the table, or one that
    reads like a bot ("Denis (easy)"), is refused with a message saying why."""
    created = server.create("diciassette", 6, [{"kind": "human"}] * 5
                            + [{"kind": "bot", "level": "easy"}])
    invite = created["invite"]

    def sit(seat, name, lang="en"):
        return server.api.post(f"/api/join/{invite}?lang={lang}", json={"seat": seat, "name": name})

    for name in ("\u200b", "\u202e\u200d", " \u00ad\t", "\x07"):
        for lang, words in (("en", "visible characters"), ("fr", "caractères visibles")):
            refused = sit(0, name, lang)
            assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_name"
            assert words in refused.json()["error"]["message"]
    assert sit(0, "Ann\u202eevil").status_code == 200
    assert sit(1, " Bo\u200bb \u2066").status_code == 200
    names = [s["name"] for s in server.api.get(f"/api/join/{invite}").json()["seats"]]
    assert names[:2] == ["Annevil", "Bob"]
    for name in ("annevil", "ANNEVIL", "Ａｎｎｅｖｉｌ", "Ann evil", "bob"):
        taken = sit(2, name, "fr")
        assert taken.status_code == 409, name
        assert taken.json()["error"]["code"] == "name_taken"
        assert "s'appelle déjà" in taken.json()["error"]["message"]
    for name in ("Denis (easy)", "Léa (difficile)", "Bob(Medium)", "Zoé （HARD）",
                 "Ada (bot)", "Ada(BOT)"):  # as the log names a seat a stand-in plays
        bot = sit(2, name)
        assert bot.status_code == 400 and bot.json()["error"]["code"] == "bad_name", name
        assert "bot" in bot.json()["error"]["message"]
    assert sit(2, "Ann (Paris)").status_code == 200  # brackets are fine, a level is not
    assert [s["taken"] for s in server.api.get(f"/api/join/{invite}").json()["seats"]] == \
        [True, True, True, False, False, True]


def test_a_name_that_reads_as_a_seat_is_refused_at_a_join_and_with_the_tables_seats(server):
    """"Seat 3", "Joueur 2", "place1", "ＰＬＡＹＥＲ ４" (any language's default seat name,
    any case, width or spacing) would make the log read as if a seat had nobody, or name
    the wrong seat: refused at a join and with the lobby's named seats, saying why, in the
    request's language; a name that only holds such words ("Seat Lee", "Joueur 2B") is fine."""
    created = server.create("wazabi", 3, [{"kind": "human"}] * 3)
    for name, lang, words in (("Seat 3", "en", "“Seat 3” would be taken for a seat"),
                              ("joueur  2", "fr",
                               "« joueur 2 » passerait pour le nom d'une place"),
                              ("place1", "en", "“place1” would be taken for a seat"),
                              ("ＰＬＡＹＥＲ ４", "fr", "passerait pour le nom d'une place"),
                              ("Seat\u200b 12", "en", "“Seat 12” would be taken")):
        refused = server.api.post(f"/api/join/{created['invite']}?lang={lang}",
                                  json={"seat": 0, "name": name})
        assert refused.status_code == 400, (name, refused.text)
        error = refused.json()["error"]
        assert error["code"] == "bad_name", (name, error)
        assert words in error["message"].replace("\u00a0", " "), (name, error)
    for seat, name in enumerate(("Seat Lee", "Joueur 2B", "Player")):
        assert server.api.post(f"/api/join/{created['invite']}",
                               json={"seat": seat, "name": name}).status_code == 200, name
    before = server.table_count()
    for lang, words in (("en", "Seat 2: “Player 1” would be taken for a seat"),
                        ("fr", "Place 2 : « Player 1 » passerait pour le nom d'une place")):
        refused = server.api.post(f"/api/tables?lang={lang}", json={
            "game": "wazabi", "players": 2,
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Player 1"}]})
        assert refused.status_code == 400, refused.text
        error = refused.json()["error"]
        assert words in error["message"].replace("\u00a0", " ") and error["seat"] == 1, error
    assert server.table_count() == before


def test_a_seat_name_written_another_way_is_refused_too(server):
    """« Joueuse 2 » (the feminine of « Joueur 2 »), "Seat #3", « Place n° 3 », « Place nº 3 »,
    "Player No. 4", « Joueur numéro 2 » passed for a person's name while "Seat 3" did not:
    refused too, saying why; "Joueuse", "Seat", "Ada 2", "#3" name nobody's seat and sit."""
    created = server.create("wazabi", 4, [{"kind": "human"}] * 4)
    for name in ("Joueuse 2", "JOUEUSE3", "Seat #3", "Place n° 3", "Place nº 3", "Place № 3",
                 "Player No. 4", "Seat no 2", "Joueur numéro 2", "Joueuse n°1",
                 "Joueur numero 2", "Place n.3"):  # « numéro » as typed without its accent
        refused = server.api.post(f"/api/join/{created['invite']}?lang=fr",
                                  json={"seat": 0, "name": name})
        assert refused.status_code == 400, (name, refused.text)
        error = refused.json()["error"]
        assert error["code"] == "bad_name", (name, error)
        assert "passerait pour le nom d'une place" in error["message"], (name, error)
    for seat, name in enumerate(("Joueuse", "Seat", "Ada 2", "#3")):
        assert server.api.post(f"/api/join/{created['invite']}",
                               json={"seat": seat, "name": name}).status_code == 200, name


def test_people_named_with_their_seats_sit_down_with_the_table_or_no_table_is_made(server):
    """The lobby's people at one screen: a human seat may carry its person's name. Every
    name is checked before anything is written (a bad one at the third seat leaves no table
    with two seats taken and no link to them); the answer's `play_url` holds the named
    seats' tokens, and the other human seats wait for their invitees."""
    def body(*names):
        return {"game": "dtc", "players": 4,
                "seats": [{"kind": "human", "name": n} for n in names]
                + [{"kind": "human"}] * (3 - len(names)) + [{"kind": "bot", "level": "easy"}]}

    before = server.table_count()
    for names, lang, message, seat in [
        (("Ada", "Bob", "Cat (easy)"), "en", "Seat 3: “Cat (easy)” would look like a bot", 2),
        (("Ada", "Bob", "Léa (facile)"), "fr", "Place 3 : « Léa (facile) » ressemblerait", 2),
        (("Ada", "\u200b "), "fr", "Place 2 : le nom doit compter de 1 à 24", 1),
        (("Ada", "x" * 25), "en", "Seat 2: the name must have 1 to 24", 1),
        (("Ada", "Bob", "ＡＤＡ"), "en", "Seats 1 and 3 are both called “ＡＤＡ”", 2),
        (("Ada", "Bob", "a da"), "fr", "Les places 1 et 3 portent le même nom, « a da »", 2),
        ((7,), "en", "Seat 1: the name must have", 0),
    ]:
        refused = server.api.post(f"/api/tables?lang={lang}", json=body(*names))
        assert refused.status_code == 400, refused.text
        error = refused.json()["error"]
        assert message in error["message"].replace("\u00a0", " "), error
        assert error["seat"] == seat, error
    assert server.table_count() == before  # nothing half made

    made = server.api.post("/api/tables", json=body("Ada", " Bob  ")).json()
    tokens = made["play_url"].removeprefix("/play/").split("+")
    assert len(tokens) == 2 and server.table_count() == before + 1
    with server.client() as page:
        hello = page.hello(tokens[1])
    assert hello["seat"] == 1 and hello["table"]["status"] == "waiting"
    assert [(s["name"], s["taken"]) for s in hello["table"]["seats"]][:3] == \
        [("Ada", True), ("Bob", True), ("Seat 3", False)]
    # the third person comes through the invite, and the table starts
    info = server.api.get(made["invite_url"].replace("/join/", "/api/join/")).json()
    assert [s["taken"] for s in info["seats"]] == [True, True, False, True]
    server.join(made["invite_url"].rsplit("/", 1)[1], 2, "Cat")
    everyone = server.api.post("/api/tables", json=body("Ada", "Bob", "Cat")).json()
    with server.client() as page:
        assert page.hello(everyone["play_url"].rsplit("+", 1)[1])["table"]["status"] == \
            "playing"
    # a table with nobody named answers as before: its links, no play address
    assert "play_url" not in server.create("dtc", 3)


def play_to_end(server, game="diciassette", players=3, level="easy"):
    """One human seat (playing its first legal move) and bots, to the end."""
    created, (token,) = server.table(game, players, humans=1, level=level)
    with server.client() as page:
        frame = page.hello(token)
        while frame["result"] is None:
            if frame["to_act"] == 0 and frame["legal"]:
                page.move([frame["legal"][-1]["id"]], frame["move"])
            frame = page.expect("update")
    return created, frame


def test_record_is_refused_before_the_end_and_replays_after(server, tmp_path):
    created, token = server.table("diciassette", 3, humans=1)
    for lang, word in (("en", "not over"), ("fr", "pas terminée")):
        response = server.api.get(f"/api/tables/{created['table']}/record?lang={lang}")
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "not_over"
        assert word in response.json()["error"]["message"]
        assert server.api.get(f"/api/tables/{created['table']}/replay").status_code == 403
    assert server.api.get("/api/tables/nosuch/record").status_code == 404

    created, final = play_to_end(server)
    # finished and nobody connected: the table leaves memory, the database still has it
    wait_for(lambda: created["table"] not in server.master.tables, "the table is still held")
    record = server.api.get(f"/api/tables/{created['table']}/record").json()
    assert record["format"] == "ludotheque-record" and record["result"]["winners"] == \
        final["result"]["winners"]
    assert record["meta"]["names"][0] == "P1"
    path = tmp_path / "web-game.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "ludotheque", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=DEADLINE)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["finished"] and summary["winners"] == record["result"]["winners"]
    verbose = subprocess.run([sys.executable, "-m", "ludotheque", "replay", str(path), "-v",
                              "--lang", "en"], capture_output=True, text=True, timeout=DEADLINE)
    assert verbose.returncode == 0, verbose.stderr
    # the record's names, not numbered seats: the winners' at least (P1 may never act in a
    # short game)
    for winner in record["result"]["winners"]:
        assert record["meta"]["names"][winner] in verbose.stdout


def test_replay_steps_through_a_finished_game(server):
    created, final = play_to_end(server, "wazabi", 2)
    first = server.api.get(f"/api/tables/{created['table']}/replay?step=0&lang=fr").json()
    total = first["total"]
    assert total == final["move"] and first["action"] is None and first["lines"]
    middle = server.api.get(
        f"/api/tables/{created['table']}/replay?step={max(1, total // 2)}&seat=1").json()
    assert middle["action"]["text"] and middle["actor"] in (0, 1) and middle["view"]["seat"] == 1
    last = server.api.get(f"/api/tables/{created['table']}/replay").json()
    assert last["step"] == total and last["result"]["winners"] == final["result"]["winners"]
    assert len(last["lines"]) > len(first["lines"])
    for bad in ("-1", str(total + 1), "x"):
        response = server.api.get(f"/api/tables/{created['table']}/replay?step={bad}")
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_step"
    # `seat` counts from 0 here as everywhere in the API, and its error says so
    for bad in ("abc", "2", "-1"):
        response = server.api.get(f"/api/tables/{created['table']}/replay?seat={bad}&lang=fr")
        assert response.status_code == 400 and response.json()["error"] == {
            "code": "bad_seat", "message": f"«\u00a0seat\u00a0» doit être un numéro de place "
                                           f"de 0 à 1 (0\u00a0: la première place), pas {bad}."}


def test_a_replay_step_or_seat_is_digits_0_to_9_and_nothing_else(server):
    """`?step=` and `?seat=` were read by Python's int(): " 3 ", "+3", "٣" (an Arabic-Indic
    3), "1_0" were steps 3 and 10. Only the digits 0 to 9 are a number here, and a refusal
    quotes what was sent and says what is allowed, in both languages."""
    created, final = play_to_end(server, "wazabi", 2)
    replay = f"/api/tables/{created['table']}/replay"
    total = final["move"]
    for bad in (" 3 ", "+3", "\u0663", "1_0", "1e3", "-0", "３", "9" * 5000, "0x1"):
        for lang, words in (("en", f"from 0 to {total}, written with the digits 0 to 9"),
                            ("fr", f"de 0 à {total}, écrit avec les seuls chiffres de 0 à 9")):
            response = server.api.get(replay, params={"step": bad, "lang": lang})
            assert response.status_code == 400, (bad, response.text)
            error = response.json()["error"]
            assert error["code"] == "bad_step", (bad, error)
            assert words in error["message"].replace("\u00a0", " "), error
            assert bad.strip()[:10] in error["message"], error
        seat = server.api.get(replay, params={"seat": bad.replace("3", "1"), "lang": "en"})
        assert seat.status_code == 400 and seat.json()["error"]["code"] == "bad_seat", bad
    for good in ("0", "3", "03", str(total)):
        assert server.api.get(replay, params={"step": good}).json()["step"] == int(good)


def test_replay_labels_a_past_move_with_the_seats_it_is_about(server):
    # Wazabi's "give a die to player 2" read as a seat number; the page names the seat, as
    # the terminal does, in both languages (and whose dice go where when all pass them).
    created, _ = play_to_end(server, "wazabi", 3, level="easy")
    table = created["table"]
    actions = server.api.get(f"/api/tables/{table}/record").json()["actions"]
    steps = [i + 1 for i, text in enumerate(actions) if text.split()[0] in ("give", "target")]
    assert steps, actions
    for step in steps[:4]:
        for lang, words in (("en", ("give a die to", "choose")),
                            ("fr", ("donner un dé à", "choisir"))):
            page = server.api.get(f"/api/tables/{table}/replay?step={step}&lang={lang}").json()
            seat = int(page["action"]["text"].split()[-1].lstrip("p")) - 1
            label = page["action"]["label"]
            assert label.startswith(words), label
            assert page["names"][seat].split(" (")[0] in label, (label, page["names"])
            assert "player" not in label and "joueur" not in label, label


def test_an_error_quoting_a_clients_text_shows_its_control_and_format_characters(server):
    """A text the client sent, as an error quotes it (an address, a frame's type, a
    language, a seat's kind), shows its control and format characters as the core's errors
    do ("␛", "<U+202E>"): a bidi override sent back as is turned the rest of the message
    around on the page, an escape sequence ran in a terminal reading the answer."""
    shown = "␛[31m<U+202E>x"
    error = server.api.get("/%1b%5b31m%e2%80%aex?lang=fr").json()["error"]
    assert error["code"] == "not_found" and f"«\u00a0/{shown}\u00a0»" in error["message"], error
    refused = server.api.post("/api/tables", json={"game": "dtc", "players": 4, "seats": [
        {"kind": "human\x1b[31m\u202ex"}] * 4}).json()["error"]
    assert f"“human{shown}”" in refused["message"], refused
    with server.client() as page:
        page.send({"type": "\x1b[31m\u202ex"})
        assert f"“{shown}”" in page.expect("error")["message"]
        page.send({"type": "lang", "lang": "\x1b[31m\u202ex"})
        assert f"“{shown}”" in page.expect("error")["message"]


@pytest.mark.parametrize("path", ["/static/table.js", "/static/style.css",
                                  "/api/texts?lang=fr", "/api/games?lang=en"])
def test_what_is_the_same_for_everyone_comes_compressed_when_asked(server, path):
    """A phone on a slow network gets the scripts, the styles, the texts and the games'
    list gzipped, a third of their bytes or less; the same bytes once decoded, and plain
    to a client that does not ask."""
    plain = server.api.get(path, headers={"Accept-Encoding": "identity"})
    packed = server.api.get(path, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.content == plain.content  # httpx decodes it
    assert int(packed.headers["content-length"]) * 2 < len(plain.content)


def test_no_answer_that_carries_a_token_is_compressed(server):
    """Compressed beside what a request put in, a secret's length would tell it bit by bit
    (BREACH): the answers that carry a seat's token, or a person's words, stay plain."""
    gzip = {"Accept-Encoding": "gzip"}
    body = {"game": "diciassette", "players": 3, "seats": [{"kind": "human"}] * 3}
    created = server.api.post("/api/tables", json=body, headers=gzip)
    assert created.status_code == 200 and "content-encoding" not in created.headers
    invite = created.json()["invite_url"].rsplit("/", 1)[1]
    joined = server.api.post(f"/api/join/{invite}",
                             json={"seat": 0, "name": "Ada"}, headers=gzip)
    assert joined.status_code == 200 and "content-encoding" not in joined.headers
    token = joined.json()["seat_url"].rsplit("/", 1)[1]
    for path in (f"/api/play/{token}", f"/api/join/{invite}", f"/play/{token}"):
        answer = server.api.get(path, headers=gzip)
        assert answer.status_code == 200, (path, answer.text)
        assert "content-encoding" not in answer.headers, path
