"""A person goes on playing on another device: her seat's page offers its own link and
its code to scan ("Continue on another device"), folded until she asks, with a warning
that whoever has it plays as her; the code opens her seat on her phone, both pages live.
Only her seat's page gets that link (GET /api/play/<seat token>): no frame to another
seat or a spectator carries it, and the API refuses any other token in words.

Real servers on free ports (`ludotheque serve` bound to every interface where the link
must open on the second device), real Chromium; codes read back from screenshots."""

from __future__ import annotations

import json
import random
import re
import time

from chromium import PHONE
from test_browser import act, is_over, join, new_page, spy
from test_one_screen import plain, shared_table
from test_phone_join import scanned
from web_servers import run_app_in_thread, stop_thread_server


def frames_of(page) -> list[dict]:
    """The frames the page's WebSockets received (`spy`)."""
    return page.evaluate("window.__frames")


def interactive(page) -> bool:
    return page.evaluate("document.body.dataset.interactive") == "yes"


def until_seat_0_plays(phone, bob, rng: random.Random) -> None:
    """Bob moves whenever he may (the bot plays at once) until it is seat 0's turn (a game
    of Wazabi lasts longer than the few turns the test needs)."""
    deadline = time.monotonic() + 90  # a ceiling: the bot plays at once
    while not interactive(phone):
        assert not is_over(phone), "the game ended before seat 0's turn"
        assert time.monotonic() < deadline, "seat 0's turn never came"
        if not (interactive(bob) and act(bob, rng)):
            phone.wait_for_timeout(30)


def test_a_seat_continues_on_another_device_by_its_own_code(browser,
                                                            start_server_process) -> None:
    """Ada's seat was made at the laptop: its page folds "Continue on another device"
    (nothing of her link in the page until asked); opened, it warns her and gives her
    seat's link on the network address, with its code. Her phone scans it and sits at her
    seat: a legal move from the phone, which the laptop's page shows too; the laptop
    closed, her seat is still connected, and with the phone closed too it is not. Bob's
    page and the spectator's never received her link; Bob's fold gives his own."""
    server = start_server_process(host="0.0.0.0")
    rng = random.Random(3)
    created = server.api.post("/api/tables", json={
        "game": "wazabi", "players": 3, "seats": [
            {"kind": "human", "name": "Ada"}, {"kind": "human"},
            {"kind": "bot", "level": "easy"}]}).json()
    ada = created["play_url"].rsplit("/", 1)[1]
    laptop = new_page(browser, "en-GB")
    laptop.goto(server.url + created["play_url"])
    laptop.wait_for_selector("#device-share summary")
    assert laptop.locator("#device-share summary").text_content() == "Continue on another device"
    assert laptop.locator("#seat-qr, #seat-link, #device-warning").count() == 0  # until asked
    assert ada not in laptop.content()
    bob = new_page(browser, "fr-FR", PHONE)
    spy(bob)
    join(bob, created["invite_link"], "Bob")
    tv = new_page(browser, "en-GB")
    spy(tv)
    tv.goto(created["spectator_link"])
    tv.wait_for_selector("#board .scene")
    assert tv.locator("#device-share").is_hidden()

    laptop.click("#device-share summary")
    laptop.wait_for_selector("#seat-qr")
    assert laptop.locator("#device-warning").text_content() == \
        "Whoever has this link plays as you and sees your hand: do not share it with anyone."
    assert "Open this link on your other device" in laptop.locator("#device-share").text_content()
    link = scanned(laptop, "#seat-qr")
    assert link == laptop.input_value("#seat-link") == \
        created["spectator_link"].split("/watch/")[0] + f"/play/{ada}"
    assert re.fullmatch(r"http://(?!127\.)[\d.]+:\d+/play/[\w-]+", link), link
    laptop.click("#device-share summary")  # folded again: the link leaves the page
    laptop.wait_for_selector("#device-share #seat-link", state="detached")
    assert ada not in laptop.content()

    phone = new_page(browser, "fr-FR", PHONE)
    phone.goto(link)
    phone.wait_for_selector("#board .scene")
    assert phone.evaluate("document.body.dataset.seat") == "0"
    until_seat_0_plays(phone, bob, rng)
    move = int(phone.evaluate("document.body.dataset.move"))
    assert act(phone, rng)  # a legal move of Ada's, from her phone
    laptop.wait_for_function("m => Number(document.body.dataset.move) > m", arg=move)
    until_seat_0_plays(phone, bob, rng)  # her turn again: nothing moves until she does
    seen = len(frames_of(bob))
    laptop.close()  # her seat is still here: nobody is told anything
    move = int(phone.evaluate("document.body.dataset.move"))
    assert act(phone, rng)
    bob.wait_for_function("m => Number(document.body.dataset.move) > m", arg=move)
    assert all(f["table"]["seats"][0]["connected"] for f in frames_of(bob)[seen:]
               if f["type"] == "update")
    phone.close()
    bob.wait_for_function("""() => { const u = window.__frames.filter((f) => f.type === 'update');
      return u[u.length - 1].table.seats[0].connected === false; }""")

    for other in (bob, tv):
        assert ada not in json.dumps(frames_of(other)) and ada not in other.content()
    bob.click("#device-share summary")
    bob.wait_for_selector("#seat-link")
    assert plain(bob.locator("#device-share summary").text_content()) == \
        "Continuer sur un autre appareil"
    assert plain(bob.locator("#device-warning").text_content()) == (
        "Toute personne qui a ce lien joue à votre place et voit votre main : "
        "ne le partagez avec personne.")
    assert bob.input_value("#seat-link") == scanned(bob, "#seat-qr") == \
        link.replace(ada, bob.url.rsplit("/", 1)[1])
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not bob.errors and not tv.errors, (bob.errors, tv.errors)


def test_only_a_seat_s_own_token_gets_its_link_and_others_are_told_why(server) -> None:
    """GET /api/play/<token>: a seat's token gets that seat's link and code (never
    another's); a spectator's token, a token that leads nowhere and a seat its person left
    are refused in words, in English and in French."""
    created = server.create("diciassette", 3)
    ada = server.join(created["invite"], 0, "Ada")
    bob = server.join(created["invite"], 1, "Bob")
    headers = {"Host": "ludo.example.org"}
    for token in (ada, bob):
        answer = server.api.get(f"/api/play/{token}", headers=headers).json()
        assert answer["seat_link"] == f"http://ludo.example.org/play/{token}"
        assert answer["seat_qr"].startswith("data:image/svg+xml")
        assert set(answer) == {"seat_link", "seat_qr"}
    cat = server.join(created["invite"], 2, "Cat")
    with server.client() as client:
        client.hello(cat)
        client.send({"type": "leave"})
        client.expect("left")
    said = {
        created["spectator"]: (404, "not_a_seat", (
            "This is a spectator link: it holds no seat to continue on another device. Open "
            "the spectator link itself there."), (
            "Ce lien est celui des spectateurs : il ne donne aucune place à reprendre sur un "
            "autre appareil. Ouvrez directement le lien spectateur sur l'autre appareil.")),
        "nope": (404, "unknown_token", "This link does not lead to any table",
                 "Ce lien ne mène à aucune table"),
        f"{ada}+{bob}": (404, "unknown_token", "This link does not lead to any table",
                         "Ce lien ne mène à aucune table"),
        cat: (403, "left", "You left this table: a bot plays your seat to the end",
              "Vous avez quitté cette table : un bot joue à votre place jusqu'à la fin"),
    }
    for token, (status, code, english, french) in said.items():
        for lang, words in (("en", english), ("fr", french)):
            answer = server.api.get(f"/api/play/{token}?lang={lang}", headers=headers)
            assert answer.status_code == status, (token, answer.text)
            error = answer.json()["error"]
            assert error["code"] == code and plain(error["message"]).startswith(words), error
            assert "example.org" not in answer.text


def test_a_closed_table_s_seat_is_refused_in_words(tmp_path) -> None:
    """A waiting table closed (its free seats not taken in time): the seat that sat down
    gets no link to go on elsewhere, but 410 `closed`, said in English and in French."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'closed.sqlite3'}", waiting_ttl=0.4)
    try:
        created = handle.create("wazabi", 2, [{"kind": "human"}, {"kind": "human"}])
        ada = handle.join(created["invite"], 0, "Ada")
        with handle.client() as watcher:
            watcher.hello(created["spectator"])
            watcher.until(lambda f: f["table"]["status"] == "closed")
        for lang, words in (("en", "This table was closed: nobody took its free seats for"),
                            ("fr", "Cette table a été fermée : personne n'a pris ses places")):
            answer = handle.api.get(f"/api/play/{ada}?lang={lang}")
            assert answer.status_code == 410, answer.text
            error = answer.json()["error"]
            assert error["code"] == "closed" and plain(error["message"]).startswith(words), error
            assert "seat_link" not in answer.text and ada not in answer.text
    finally:
        stop_thread_server(handle)


def test_a_shared_screen_offers_it_to_the_seat_shown_only(browser, server) -> None:
    """Two people at one screen: under the cover (nobody's hand) and on the public table
    there is no seat's link to take; shown, Ada's seat offers hers only, folded; a server
    only this computer reaches says so in her language, with the link that opens here;
    her cards hidden again, her link leaves the page, and the next turn's seat offers its own,
    folded again."""
    page, created, (ada, bob) = shared_table(browser, server, "dtc", ["human", "human", "easy"])
    page.wait_for_function("() => document.body.dataset.screen === 'cover'")
    assert page.locator("#device-share").is_hidden()
    page.click("#langs button[data-lang='fr']")
    page.click("#cover-show")
    page.wait_for_function("() => document.body.dataset.screen === 'seat'")
    shown = ada if page.evaluate("document.body.dataset.seat") == "0" else bob
    hidden = bob if shown == ada else ada
    page.click("#device-share summary")
    page.wait_for_selector("#seat-link")
    assert plain(page.locator("#seat-unreachable").text_content()).startswith(
        "Les autres appareils ne peuvent pas ouvrir ce lien : le serveur n'écoute que sur "
        "cet ordinateur.")
    assert page.input_value("#seat-link") == f"{server.url}/play/{shown}"
    assert page.locator("#seat-qr").count() == 0  # no code for a link a phone cannot open
    assert "Ouvrez ce lien sur votre autre appareil" not in \
        page.locator("#device-share").text_content()
    assert hidden not in page.evaluate("document.body.innerHTML")
    page.click("#cover-hide")
    page.wait_for_function("() => document.body.dataset.screen !== 'seat'")
    assert page.locator("#device-share").is_hidden()
    assert shown not in page.evaluate("document.body.innerHTML")
    page.wait_for_selector("#cover-show")  # the next turn of someone here: folded, hers
    page.click("#cover-show")
    page.wait_for_function("() => document.body.dataset.screen === 'seat'")
    assert page.locator("#device-share").is_visible() and page.locator("#seat-link").count() == 0
    page.click("#device-share summary")
    page.wait_for_selector("#seat-link")
    turn = ada if page.evaluate("document.body.dataset.seat") == "0" else bob
    assert page.input_value("#seat-link") == f"{server.url}/play/{turn}"
    assert not page.errors, page.errors
