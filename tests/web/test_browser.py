"""The web table in a real browser (Debian's Chromium driven by Playwright), as people use it.

* A whole game of 17 with two people in two browser contexts and one bot: created in the
  lobby, the invite link copied from the page, both join, every move is a click on a
  button or a card, one page is reloaded mid-game and carries on, to the final result.
* The replay of the finished game, stepped with the keys, with the full reveal (every
  seat's own view side by side: another seat's cards face up).
* One game of each other game (Wazabi, DTC with its offer gesture, Décimoarr) to its end
  by clicking, one person against bots.
* Screenshots of the table page at phone (390x844) and desktop (1280x800) width in
  tests/web/artifacts/ (gitignored).

The server is the real app on uvicorn (conftest's `server`, bots without pause). Every
wait has a deadline and says what it waited for.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from chromium import DESKTOP, PHONE
from ludotheque.core.registry import get_game
from web_servers import run_app_in_thread, stop_thread_server
from ws_client import drive, first_but_a_pass, page_log

ARTIFACTS = Path(__file__).parent / "artifacts"
WAIT_MS = 30_000  # a ceiling, not a timing: waits end as soon as the page is ready (2 busy cores)
MAX_CLICKS = 600
_SHOTS: set[str] = set()  # screenshots taken once per run

# what a person can click to move: action buttons, playable cards, announce buttons
MOVES = ("#moves button.move[data-action]:enabled, #board button.playable:enabled, "
         "#board button.claim:enabled")


# The pages' Content-Security-Policy forbids eval: `wait_for_function` gets its condition
# as a function ("() => ..."), compiled once by Playwright, not an expression it would
# evaluate in the page at every poll.
def replay_key(page, key: str) -> None:
    """Press `key` on a replay page and wait for the step it goes to."""
    step = page.locator("#step").text_content()
    page.keyboard.press(key)
    page.wait_for_function("t => document.getElementById('step').textContent !== t", arg=step)


def new_page(browser, locale: str = "en-GB", viewport=DESKTOP):
    context = browser.new_context(viewport=viewport, locale=locale)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.set_default_timeout(WAIT_MS)
    return page


# Keeps the page's WebSocket and the frames it receives (before table.js reads them), so a
# test can send a frame as the page would (a stale one, as from an old tab) and wait for
# the server's answer to be drawn. The pongs answering the page's own pings (a quiet
# table) are left out: they say nothing of the table.
SPY = """(() => {
  const Native = window.WebSocket;
  window.__sockets = []; window.__frames = [];
  window.WebSocket = function (...args) {
    const ws = new Native(...args);
    ws.addEventListener("message", (m) => {
      const frame = JSON.parse(m.data);
      if (frame.type !== "pong") window.__frames.push(frame);
    });
    window.__sockets.push(ws);
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();"""


def spy(page) -> None:
    page.add_init_script(SPY)


def send_raw(page, frame: dict) -> int:
    """Send `frame` on the page's own WebSocket; returns how many frames it had received."""
    return page.evaluate("""f => { window.__sockets[window.__sockets.length - 1]
                                     .send(JSON.stringify(f));
                                   return window.__frames.length; }""", frame)


def create_table(page, base: str, game: str, players: int, seats: list[str],
                 shared: str | None = None) -> tuple[str, str]:
    """Create a table in the lobby; returns the invite link copied with the Copy button,
    and the spectator link (on `shared`, the base of the links for other devices, if the
    server has one other than `base`)."""
    page.goto(base + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "input")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.click("#create-submit")
    page.wait_for_selector("#invite-link")
    assert page.input_value("#spectator-link").startswith((shared or base) + "/watch/")
    page.click('button[data-copy="invite-link"]')
    invite = page.evaluate("navigator.clipboard.readText()")
    assert invite == page.input_value("#invite-link") and "/join/" in invite
    return invite, page.input_value("#spectator-link")


def join(page, invite: str, name: str) -> None:
    page.goto(invite)
    page.wait_for_selector("#name")
    page.fill("#name", name)
    page.click("#join-submit")
    page.wait_for_url("**/play/**")
    page.wait_for_function("() => document.body.dataset.status")  # its first update
    if page.evaluate("document.body.dataset.status") != "waiting":  # no game shown before
        page.wait_for_selector("#board .scene")


def is_over(page) -> bool:
    return page.evaluate("document.body.dataset.status") == "over"


def act(page, rng: random.Random, keyboard: bool = False) -> bool:
    """Make one move by clicking (or with the keyboard: focus, Enter), if this page may
    move; True if it did."""
    if page.evaluate("document.body.dataset.interactive") != "yes":
        return False
    move = page.evaluate("document.body.dataset.move")
    if page.locator("#board .gesture").count():
        offer(page, rng)
    else:
        buttons = page.locator(MOVES)
        count = buttons.count()
        if not count:
            return False
        button = buttons.nth(rng.randrange(count))
        has_choices = button.get_attribute("data-actions") is not None
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        if has_choices:  # a card with several moves (17: face up or face down)
            choices = page.locator(".chooser button.move[data-action]")
            pick = rng.randrange(choices.count())
            if keyboard:  # the chooser takes the focus on its first move
                for _ in range(pick):
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
            else:
                choices.nth(pick).click()
    page.wait_for_function(
        "m => document.body.dataset.move !== m || !document.getElementById('alert').hidden",
        arg=move)
    alert = page.locator("#alert")
    assert alert.is_hidden(), f"the server refused a click: {alert.text_content()}"
    return True


def offer(page, rng: random.Random) -> None:
    """DTC's offer as one gesture: pick cards, maybe take one back, announce."""
    hand = "#board .hand button.playable:enabled"
    picks = rng.randint(1, 3)
    for _ in range(picks):
        if not page.locator(hand).count():
            break
        page.locator(hand).first.click()
    if "gesture" not in _SHOTS and page.locator("#board .tray button").count():
        _SHOTS.add("gesture")
        ARTIFACTS.mkdir(exist_ok=True)
        size = page.viewport_size
        page.set_viewport_size(PHONE)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "gesture-dtc-phone.png"), full_page=True)
        page.set_viewport_size(size)
    tray = page.locator("#board .tray button")
    if tray.count() >= 2:  # take the last one back before announcing
        before = tray.count()
        tray.nth(before - 1).click()
        assert page.locator("#board .tray button").count() == before - 1
    while not page.locator("#board button.claim:enabled").count():
        assert page.locator(hand).count(), "no card left to beat the last claim"
        page.locator(hand).first.click()
    claims = page.locator("#board button.claim:enabled")
    claims.nth(rng.randrange(claims.count())).click()


def play_to_the_end(pages: list, rng: random.Random, on_click=None, keyboard=()) -> int:
    clicks = 0
    deadline = time.monotonic() + 90
    while not all(is_over(page) for page in pages):
        moved = False
        for page in pages:
            if not is_over(page) and act(page, rng, keyboard=page in keyboard):
                clicks += 1
                moved = True
                if on_click:
                    on_click(clicks)
        if not moved:
            pages[0].wait_for_timeout(30)
        assert clicks < MAX_CLICKS, f"no end after {clicks} clicks"
        assert time.monotonic() < deadline, f"no end after 90 s ({clicks} clicks)"
    return clicks


def check_result(page) -> None:
    page.wait_for_selector("#result:not([hidden]) h2")
    assert page.locator("#result h2").text_content().strip()
    # the end is said once, by the result: the log once said it again ("Game over: …")
    ends = [line for line in page.locator("#log li").all_text_contents()
            if re.match(r"(Game over|Tournament over|Fin de la partie|Fin du tournoi)\b", line)]
    assert ends == [], ends
    assert page.locator("#rematch").is_visible()
    assert not page.errors, page.errors


def screenshots(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 1, f"{name}: the page scrolls sideways at {label} width"
    page.set_viewport_size(size)


def test_17_two_people_and_a_bot(browser, server) -> None:
    rng = random.Random(17)
    ada = new_page(browser, "en-GB")
    invite, watch = create_table(ada, server.url, "diciassette", 3, ["human", "human", "easy"])
    bob = new_page(browser, "fr-FR")
    join(ada, invite, "Ada")
    join(bob, invite, "Bob")
    assert bob.locator("html").get_attribute("lang") == "fr"
    ada.wait_for_function("() => document.body.dataset.status === 'playing'")
    shots = {"done": False}
    # chat is plain text: markup arrives as the characters typed
    ada.fill("#chat-text", "<b>hello</b> & <img src=x onerror=alert(1)>")
    ada.press("#chat-text", "Enter")
    bob.wait_for_function("() => document.querySelectorAll('#chat-list li').length > 0")
    assert "<b>hello</b> & <img" in bob.locator("#chat-list li").last.text_content()
    assert bob.locator("#chat-list b, #chat-list img").count() == 0
    # Bob switches to English: the log and the page are drawn again in English
    bob.click("button.lang[data-lang='en']")
    bob.wait_for_function("() => document.getElementById('log-title').textContent === 'Game log'")
    bob.wait_for_function("() => [...document.querySelectorAll('#log li')]"
                          ".some(li => /Round 1/.test(li.textContent))")

    def during(clicks: int) -> None:
        if clicks == 4:  # reload one page mid-game: it carries on from the server
            log_before = ada.locator("#log li").count()
            ada.reload()
            ada.wait_for_selector("#board .scene")
            ada.wait_for_function("n => document.querySelectorAll('#log li').length >= n",
                                  arg=log_before)
            ada.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 1")
        if clicks == 2 and not shots["done"]:
            screenshots(ada, "table-diciassette")
            shots["done"] = True

    spectator = new_page(browser, "en-GB", PHONE)
    spectator.goto(watch)
    spectator.wait_for_selector("#board .scene")
    clicks = play_to_the_end([ada, bob], rng, during, keyboard=[bob])
    assert clicks >= 1
    for page in (ada, bob):
        check_result(page)
    # the spectator saw the public table only, to the same end, and cannot move
    spectator.wait_for_selector("#result:not([hidden]) h2")
    assert spectator.locator("#board .hand, #rematch, #chat-form:visible").count() == 0
    assert spectator.locator(MOVES).count() == 0
    assert not spectator.errors, spectator.errors
    if not shots["done"]:
        screenshots(ada, "table-diciassette")
    # the replay of the finished game steps with the arrow keys
    ada.click("#result a[href^='/replay/']")
    ada.wait_for_selector("#board .scene")
    replay_key(ada, "Home")
    replay_key(ada, "ArrowRight")
    ada.screenshot(path=str(ARTIFACTS / "replay-diciassette-desktop.png"), full_page=True)
    # the full reveal: every seat's own view side by side, Bob's cards face up on Ada's page
    ada.select_option("#seat-view", "all")
    ada.wait_for_function("() => document.querySelectorAll('.reveal-seat').length === 3")
    bob_hand = ada.locator(".reveal-seat[data-seat='1'] .hand .card.up")
    assert bob_hand.count() > 0
    assert "Bob" in ada.locator(".reveal-seat[data-seat='1'] h2").text_content()
    replay_key(ada, "ArrowRight")  # stepping keeps the reveal
    ada.wait_for_function("() => document.querySelectorAll('.reveal-seat').length === 3")
    ada.screenshot(path=str(ARTIFACTS / "replay-reveal-diciassette-desktop.png"), full_page=True)
    assert not ada.errors, ada.errors
    # rematch: an offer. Ada asks and goes to her seat at the new table, which waits for
    # Bob; Bob stays on the final screen and is asked; the spectator gets a link to watch
    ada.go_back()
    ada.wait_for_selector("#rematch")
    old_ada, old_bob = ada.url, bob.url
    ada.click("#rematch")
    ada.wait_for_url(lambda url: "/play/" in url and url != old_ada)
    ada.wait_for_function("() => document.body.dataset.status === 'waiting'")
    bob.wait_for_selector("#rematch-offer")
    assert "Rematch proposed by Ada." in bob.locator("#rematch-offer").text_content()
    assert bob.url == old_bob and bob.locator("#result h2").is_visible()
    spectator.wait_for_selector("#rematch-offer a[href^='/watch/']")
    assert spectator.url.endswith(watch.rsplit("/", 1)[1])
    bob.click("#rematch-stay")  # staying: the offer folds to its link
    bob.wait_for_selector("#rematch-stay", state="detached")
    assert bob.url == old_bob
    bob.click("#rematch-join")
    bob.wait_for_url(lambda url: "/play/" in url and url != old_bob)
    for page in (ada, bob):
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert not bob.errors and not spectator.errors, (bob.errors, spectator.errors)


# Every badge of a seat whole and inside its seat's box (a long one wraps, never spills).
BADGES_OUTSIDE = """() => [...document.querySelectorAll(".seat .badge")].filter((badge) => {
  const seat = badge.closest(".seat").getBoundingClientRect(), box = badge.getBoundingClientRect();
  return box.left < seat.left || box.right > seat.right
    || badge.scrollWidth > badge.clientWidth + 1;
}).map((badge) => badge.textContent)"""


# Whether the button of `selector` is drawn as a move button of #moves is (its colours).
LOOKS_LIKE_A_MOVE = """(selector) => {
  const move = document.createElement("button");
  move.className = "move";
  document.getElementById("moves").append(move);
  const colours = (b) => ["backgroundColor", "color", "borderColor"]
    .map((name) => getComputedStyle(b)[name]).join();
  const same = colours(move) === colours(document.querySelector(selector));
  move.remove();
  return same;
}"""


def test_a_spectator_reads_the_chat_but_sees_no_empty_panel(browser, server) -> None:
    """Only players write: a spectator has no empty "Chat" panel, then reads the lines
    with a note saying why there is no form."""
    ada = new_page(browser, "fr-FR")
    invite, watch = create_table(ada, server.url, "diciassette", 3, ["human", "easy", "easy"])
    join(ada, invite, "Ada")
    spectator = new_page(browser, "fr-FR", PHONE)
    spectator.goto(watch)
    spectator.wait_for_selector("#board .scene")
    assert spectator.locator("#chat-panel").is_hidden()
    ada.fill("#chat-text", "Bonjour")
    ada.press("#chat-text", "Enter")
    spectator.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 1")
    assert spectator.locator("#chat-panel").is_visible()
    assert spectator.locator("#chat-form").is_hidden()
    assert spectator.locator("#chat-readonly").text_content() == "Seuls les joueurs écrivent ici."
    assert ada.locator("#chat-readonly").is_hidden() and ada.locator("#chat-form").is_visible()
    assert ada.get_attribute("#chat-text", "placeholder") == "Votre message"
    assert not ada.errors and not spectator.errors, (ada.errors, spectator.errors)


def test_leaving_the_table_asks_first_then_a_bot_plays_the_seat(browser, server) -> None:
    """On a phone, in French: the page that left says so in one sentence, and the long
    "you left" badge stays inside its seat (the page does not scroll sideways)."""
    ada = new_page(browser, "en-GB")
    invite, _ = create_table(ada, server.url, "diciassette", 3, ["human", "human", "easy"])
    bob = new_page(browser, "fr-FR", PHONE)
    join(ada, invite, "Ada")
    join(bob, invite, "Bob")
    bob.wait_for_function("() => document.body.dataset.status === 'playing'")
    # leaving is no move: away from the moves and the board, not in the moves' style
    assert bob.evaluate("() => !document.getElementById('leave').closest('#moves, #board, "
                        ".main-col') && !!document.getElementById('leave').closest('.side-col')")
    assert bob.evaluate(LOOKS_LIKE_A_MOVE, "#leave") is False
    bob.click("#leave")
    bob.wait_for_selector(".leave-confirm")
    assert bob.locator(".leave-confirm").text_content().strip().startswith(
        "Quitter cette partie pour de bon")
    bob.click("#leave-no")  # changing one's mind: nothing sent, still seated
    bob.wait_for_selector(".leave-confirm", state="detached")
    bob.click("#leave")
    bob.click("#leave-yes")
    bob.wait_for_selector(".left-box")
    assert re.sub(r"\s", " ", bob.locator(".left-box").text_content()) == (
        "Vous avez quitté cette table : un bot joue à votre place jusqu'à la fin. "
        "Vous regardez désormais la partie.")
    assert bob.locator("#chat-form").is_hidden() and bob.locator("#leave").count() == 0
    bob.wait_for_selector(".seat .badge.warn")
    assert bob.evaluate(BADGES_OUTSIDE) == []
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ada.wait_for_function("() => [...document.querySelectorAll('.seat')].some(s => "
                          "/Bob/.test(s.textContent) && /left the table: a bot plays for "
                          "this seat/.test(s.textContent))")
    assert ada.locator("#leave").is_visible()
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)


def test_the_replay_names_the_moves_of_a_stand_in_as_the_table_did(browser, tmp_path) -> None:
    """Bob leaves at once, his stand-in plays his seat, Ann plays to the end: the replay
    page says "Bob (bot)" for the bot's moves ("… by Bob (bot)", the log, the result), as
    the table's log did, never "Bob" (he played none); its seat list still says "Bob"."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'replay.sqlite3'}",
                               deals=random.Random(5))
    try:
        created, (ann, bob) = handle.table("diciassette", 3, humans=2)
        with handle.client() as a, handle.client() as b:
            a.hello(ann)
            b.hello(bob)
            b.send({"type": "leave"})
            b.expect("left")
            drive([a], pick=first_but_a_pass)
            told = [line for event, lines, _ in page_log(a) for line in lines]
        page = new_page(browser)
        page.goto(f"{handle.url}/replay/{created['table']}")
        page.wait_for_selector("#log li")
        shown = page.locator("#log li").all_text_contents()
        assert [line for line in shown if "P2" in line] == [
            line for line in told if "P2" in line]
        assert any("P2 (bot)" in line for line in shown)
        # its turn: "A bot plays for P2." (not "P2 (bot)'s turn."), its moves "P2 (bot) ..."
        assert all("P2 (bot)" in line or "bot plays for P2" in line
                   for line in shown if "P2" in line), shown
        assert page.locator("#seat-view option[value='1']").text_content() == "P2"
        seen = set()
        replay_key(page, "Home")
        while not page.locator("#result:not([hidden])").count():
            replay_key(page, "ArrowRight")
            seen.add(page.locator("#action").text_content())
        assert any("P2 (bot)" in action for action in seen), seen
        assert all("P2 (bot)" in action for action in seen if "P2" in action), seen
        assert not page.errors, page.errors
        page.context.close()
    finally:
        stop_thread_server(handle)


def test_the_seats_still_free_are_named_as_a_person_writes_a_list(browser, server) -> None:
    """« la place 2, la place 3 et la place 4 », "Seat 2, Seat 3 and Seat 4": the page joins
    names as the server's texts do (common.js `joinNames`), never "Seat 2, Seat 3, Seat 4",
    and a French default name inside the sentence takes its article (never « Place 2 »)."""
    created = server.create("diciassette", 4, [{"kind": "human"}] * 4)
    token = server.join(created["invite"], 0, "Ada")
    for locale, expected in (("en-GB", "Still to sit down: Seat 2, Seat 3 and Seat 4."),
                             ("fr-FR", "On attend encore la place 2, la place 3 et la place 4.")):
        page = new_page(browser, locale)
        page.goto(f"{server.url}/play/{token}")
        page.wait_for_selector("#waiting-for")
        assert re.sub(r"\s", " ", page.locator("#waiting-for").text_content()) == expected
        assert not page.errors, page.errors
        page.context.close()


def test_a_waiting_table_says_whom_it_waits_for_and_gives_its_invite_link(browser,
                                                                           server) -> None:
    """Whoever sat down first (the lobby's "take a seat yourself" leaves the lobby page and
    its links) is told who is still missing and gets the invite link to send them; a
    spectator is not; the box goes once everyone is seated. Nothing of the game shows
    before (its deal, its log: no empty "Game log" box): it starts when the table does."""
    created = server.create("diciassette", 3, [{"kind": "human"}] * 2 + [{"kind": "bot",
                                                                         "level": "easy"}])
    token = server.join(created["invite"], 0, "Maman")
    mum = new_page(browser, "fr-FR", PHONE)
    mum.goto(f"{server.url}/play/{token}")
    mum.wait_for_selector("#invite-link")
    assert mum.input_value("#invite-link") == server.url + created["invite_url"]
    waiting_for = mum.locator("#waiting-for").text_content()
    assert re.sub(r"\s", " ", waiting_for) == "On attend encore la place 2."
    mum.click('button[data-copy="invite-link"]')
    assert mum.evaluate("navigator.clipboard.readText()") == server.url + created["invite_url"]
    assert mum.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    watcher = new_page(browser, "en-GB")
    watcher.goto(server.url + created["spectator_url"])
    watcher.wait_for_function("() => document.body.dataset.status === 'waiting'")
    assert watcher.locator("#invite-link").count() == 0
    for page in (mum, watcher):
        assert page.locator("#log li").count() == 0
        assert page.locator("section:has(> #log)").is_hidden()  # no empty box
        assert page.locator("#board").text_content().strip() == ""  # nor "Loading…"
    server.join(created["invite"], 1, "Papa")
    for page, title in ((mum, "Journal de la partie"), (watcher, "Game log")):
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        page.wait_for_selector("#board .scene")
        assert page.locator("#log li").count() > 0
        assert page.locator("section:has(> #log)").is_visible()
        assert page.locator("#log-title").text_content() == title
    assert mum.locator("#invite-link").count() == 0
    assert not mum.errors and not watcher.errors, (mum.errors, watcher.errors)


@pytest.mark.parametrize("game, players", [("wazabi", 3), ("dtc", 3), ("decimoarr", 3)])
def test_each_other_game_to_its_end(browser, server, game: str, players: int) -> None:
    rng = random.Random(game)
    page = new_page(browser, "fr-FR" if game == "dtc" else "en-GB")
    invite, _ = create_table(page, server.url, game, players, ["human"] + ["easy"] * (players - 1))
    join(page, invite, "Zoé")
    # the rules are one click away, in a dialog that Escape closes
    page.click("#rules-button")
    page.wait_for_selector("dialog.rules[open] .rules-body p")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.rules", state="hidden")
    shots = {"done": False}

    def during(clicks: int) -> None:
        if clicks == 3 and not shots["done"]:
            screenshots(page, f"table-{game}")
            shots["done"] = True

    play_to_the_end([page], rng, during)
    check_result(page)
    if not shots["done"]:
        screenshots(page, f"table-{game}")
    screenshots(page, f"result-{game}")


def test_lobby_options_speak_to_people_and_create_what_was_chosen(browser, server) -> None:
    """The options are labelled in the page's language (no code names), a choice lists
    its choices by label with the default marked once, a yes/no option is a checkbox; the
    table is created with what was chosen, the rest at their defaults."""
    page = new_page(browser, "fr-FR", PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    for game in ("wazabi", "diciassette", "dtc", "decimoarr"):
        page.select_option("#game", game)
        fields = page.locator("#options .field")
        assert fields.count() >= 4
        for index in range(fields.count()):
            text = fields.nth(index).text_content()
            assert not re.search(r"[_=`]|\b(true|false)\b", text), text  # no code names
            assert text.count("par défaut") <= 1, text
            assert not re.search(r"[^\s\u00a0\u202f:][:;?!](\s|$)",
                                 text.replace("Memoarrr!", "")), text  # French spacing
    page.locator("details summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert re.fullmatch(r"Nombre de joueurs \(de \d à \d\)",
                        page.locator("label[for='players']").text_content()), \
        page.locator("label[for='players']").text_content()
    assert page.locator("label[for='opt-perdu_cards']").text_content() == \
        "Cartes «\u00a0perdu\u00a0» en jeu à moins de 5 joueurs"
    assert page.locator("#opt-perdu_cards option").all_text_contents() == [
        "Tirées au hasard (par défaut)", "Celles qui ont le moins de têtes de mort"]
    assert page.locator("#opt-show_memory").get_attribute("type") == "checkbox"
    assert page.locator("#opt-first_flip_excludes_homes").is_checked()  # its default
    page.select_option("#opt-perdu_cards", "fewest_skulls")
    page.locator("label[for='opt-show_memory']").click()  # the label ticks the box
    page.fill("#opt-colours", "4")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "easy")
    page.click("#create-submit")
    page.wait_for_selector("#invite-link")
    invite = page.input_value("#invite-link").rsplit("/", 1)[1]
    table = server.api.get(f"/api/join/{invite}").json()["table"]
    options = server.master.storage.get_table(table).options
    assert (options["perdu_cards"], options["show_memory"], options["colours"]) == \
        ("fewest_skulls", True, 4)
    assert options["first_flip_excludes_homes"] is True and options["values"] == 5
    assert not page.errors, page.errors


# Every word on a card on one line and inside its card; every badge whole on one line.
MEASURE_FACES = """root => {
  const bad = [];
  const range = document.createRange();
  for (const face of root.querySelectorAll(".card:not(.mini) > .face")) {
    const card = face.parentElement, text = face.firstChild;
    if (!text) continue;
    if (face.scrollWidth > card.clientWidth + 1) bad.push(`too wide: ${face.textContent}`);
    let at = 0;
    for (const word of face.textContent.split(/\\s+/)) {
      const start = face.textContent.indexOf(word, at);
      at = start + word.length;
      range.setStart(text, start); range.setEnd(text, at);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (word && lines.size > 1) bad.push(`broken: ${word}`);
    }
  }
  for (const badge of root.querySelectorAll(".badge")) {
    if (badge.scrollWidth > badge.clientWidth + 1 || badge.getClientRects().length !== 1
        || badge.offsetHeight > 2 * parseFloat(getComputedStyle(badge).fontSize) + 4) {
      bad.push(`badge: ${badge.textContent}`);
    }
  }
  return bad;
}"""

# What a finger taps on a phone: 44 px high at least (a checkbox's or a radio button's
# label, beside it, is its hit area).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    "button:not(.card), .button-link, a.home-link, summary, select, input:not([type=radio])" +
    ":not([type=checkbox]), .choice-list label, .field.check label")]
  .filter((node) => node.offsetParent !== null)
  .map((node) => [node, node.getBoundingClientRect()])
  .filter(([node, box]) => box.height < 43.5 || box.width < 43.5)
  .map(([node, box]) => `${node.tagName} ${node.id || node.className} ${node.textContent.trim()}`
                        + ` ${box.width}x${box.height}`)"""


def layouts_while(page, script: str) -> int:
    """How many times the browser laid the page out while `script` ran (Chromium's own
    count, through the DevTools protocol): a count, not a time."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def count() -> int:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return int(next(m["value"] for m in metrics if m["name"] == "LayoutCount"))

    before = count()
    page.evaluate(script)
    done = count() - before
    cdp.detach()
    return done


def test_phone_layout_words_on_cards_badges_and_tap_targets(browser, server) -> None:
    """At phone width: a card's word is never cut ("TRA/P", "SEN/S"), a badge never wraps
    inside its pill, and every button, field, summary and link is 44x44 px."""
    page = new_page(browser, "fr-FR", PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.locator("details summary").click()
    assert page.evaluate(SMALL_TARGETS) == []
    # the renderer itself, on the longest faces of each game, in the page's own styles
    bad = page.evaluate("""async () => {
      const {renderScene, fitCardFaces} = await import("/static/render.js");
      const card = (text, kind) => ({text, kind, up: true, label: text});
      const seat = (n, extra) => ({seat: n, name: `Personne ${n}`, counters: [], cards: [],
                                   ...extra});
      const scenes = [
        ["diciassette", ["TRAP", "TRASH", "PIÈGE", "POUB", "SENS", "REV", "x2", "5*"]
          .map((t) => card(t, "special trap"))],
        ["wazabi", ["Rejouer, sens inverse", "Autres\u00a0: 2 cartes", "Plus qu'1 carte"]
          .map((t) => card(t, "wcard"))],
        ["decimoarr", ["Ve 2,75", "Vi 0,25", "B 2.75"].map((t) => card(t, "colour green"))],
      ];
      const root = document.createElement("div");
      root.id = "board";
      document.body.append(root);
      const table = {status: "playing", seats: [0, 1, 2].map((n) => ({seat: n, kind: "human",
        taken: true, connected: true, absent: n === 1}))};
      for (const [game, cards] of scenes) {
        root.append(renderScene({game, seats: [seat(0, {turn: true}), seat(1, {you: true}),
                                               seat(2)],
          zones: [{id: "z", label: game, layout: "row", cards}], hand: null, info: []},
          {interactive: false, table, send: () => {}, gesture: null}));
      }
      fitCardFaces(root);
      return root.querySelectorAll(".card").length;
    }""")
    assert bad == 14
    assert page.evaluate(MEASURE_FACES, page.locator("#board").element_handle()) == []
    # fitting measures every card, then sizes them: one layout for the board, not one per
    # card (a read after each card's write made the browser lay the page out again)
    assert layouts_while(page, """async () => {
      const {fitCardFaces} = await import("/static/render.js");
      fitCardFaces(document.getElementById("board"));
    }""") <= 2
    # a real table of each game and the join page, at phone width too
    for game, players in (("diciassette", 2), ("wazabi", 3), ("dtc", 3), ("decimoarr", 4)):
        created, (token,) = server.table(game, players, humans=1)
        page.goto(f"{server.url}/play/{token}")
        page.wait_for_selector("#board .scene .card:not(.mini) > .face", state="attached")
        assert page.evaluate(MEASURE_FACES, page.locator("#board").element_handle()) == [], \
            game
    assert page.evaluate(SMALL_TARGETS) == []
    waiting = server.create("dtc", 2)
    page.goto(server.url + waiting["invite_url"])
    page.wait_for_selector("#name")
    assert page.evaluate(SMALL_TARGETS) == []
    assert not page.errors, page.errors


def test_lobby_shows_the_servers_refusal(browser, server) -> None:
    page = new_page(browser, "fr-FR")
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#game", "diciassette")
    page.click("#options + *, details summary")
    page.fill("#opt-reverse", "99")
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not([hidden])")
    message = page.locator("#create-error").text_content()
    # the option as the lobby names it (its label), beside the name the API takes
    assert "«\u00a0Cartes Changement de sens\u00a0» (reverse)" in message and "20" in message, \
        message
    # a timer out of range: the server's words (the page's language, no "null"), not the
    # browser's own bubble
    page.fill("#opt-reverse", "5")
    page.fill("#timer", "5")
    page.click("#create-submit")
    page.wait_for_function("() => document.getElementById('create-error').textContent.includes("
                           "'minuteur')")
    assert page.locator("#create-error").text_content() == "Le minuteur de tour doit être " \
        "désactivé ou réglé entre 10 et 3600 secondes, pas 5."
    page.fill("#timer", "")
    # the language switch redraws the lobby in English and remembers it
    page.click("button.lang[data-lang='en']")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_selector("text=Create the table")
    page.reload()
    page.wait_for_selector("text=Create the table")
    # a wrong link says so, in the page's language (remembered), with the way to the
    # lobby, and does not retry forever
    for path in ("/play/not-a-token", "/join/not-an-invite"):
        page.goto(server.url + path)
        told_gone(page, NOWHERE["en"], "en")


def lobby_with_a_person(browser, server, locale: str):
    """The lobby in `locale`, loaded, a person at seat 1: ready to create."""
    page = new_page(browser, locale)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    page.select_option("#seat-0", "human")
    return page


def create_refused(page) -> str:
    """What the lobby says when creating the table fails."""
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not([hidden])")
    return page.locator("#create-error").text_content()


UNREACHABLE = {
    "en-GB": "The server could not be reached. Check your connection and try again.",
    "fr-FR": "Le serveur est injoignable. Vérifiez votre connexion, puis réessayez.",
}


@pytest.mark.parametrize("locale", sorted(UNREACHABLE))
def test_lobby_and_device_fold_say_in_words_that_the_server_is_unreachable(
        browser, server, locale: str) -> None:
    """The network gone (a phone on a flaky Wi-Fi), creating a table in the lobby and
    opening "Continue on another device" say so in the page's language, and what to do,
    not the browser's own English ("Failed to fetch")."""
    page = lobby_with_a_person(browser, server, locale)
    page.context.set_offline(True)
    assert create_refused(page) == UNREACHABLE[locale]
    page.context.set_offline(False)
    created = server.create("diciassette", 3)
    token = server.join(created["invite"], 0, "Ada")
    page.goto(f"{server.url}/play/{token}")
    page.wait_for_selector("#device-share summary")
    page.context.set_offline(True)
    page.click("#device-share summary")
    page.wait_for_selector("#device-error")
    assert page.locator("#device-error").text_content() == UNREACHABLE[locale]
    assert "fetch" not in page.evaluate("document.body.innerText")
    assert not page.errors, page.errors
    page.context.close()


TROUBLE = {
    "en-GB": "The server could not answer (error 502). Try again in a moment.",
    "fr-FR": "Le serveur n'a pas pu répondre (erreur 502). Réessayez dans un instant.",
}


@pytest.mark.parametrize("locale", sorted(TROUBLE))
def test_an_answer_that_is_not_the_server_s_says_its_status_in_the_page_s_words(
        browser, server, locale: str) -> None:
    """Behind a reverse proxy whose server is down, the proxy answers in its own words (a
    plain "Bad Gateway" page): the lobby says the status in the page's language, not the
    answer's English status text."""
    page = lobby_with_a_person(browser, server, locale)
    page.route("**/api/tables*", lambda route: route.fulfill(
        status=502, content_type="text/html", body="<html><h1>502 Bad Gateway</h1></html>"))
    assert create_refused(page) == TROUBLE[locale]
    assert not page.errors, page.errors
    page.context.close()


def test_a_refusal_stays_in_view_after_the_update_that_follows(browser, server) -> None:
    """A move sent from a stale page is refused, and the fresh table comes right after:
    the refusal stays in view (the update does not wipe it) until the person acts, or
    for ten seconds."""
    created, (token,) = server.table("wazabi", 2, humans=1)
    page = new_page(browser, "fr-FR")
    spy(page)
    page.clock.install()  # the page's own clock, moved on by the test (time flows too)
    page.goto(f"{server.url}/play/{token}")
    page.wait_for_selector("#board .scene")
    page.wait_for_function("() => document.body.dataset.interactive === 'yes'")
    move = int(page.evaluate("document.body.dataset.move"))
    alert = page.locator("#alert")

    def refused() -> None:
        seen = send_raw(page, {"type": "move", "actions": [0], "move": move - 1})
        # the refusal, then the fresh update after it, both drawn
        page.wait_for_function("""n => { const after = window.__frames.slice(n);
            const error = after.findIndex(f => f.type === "error");
            return error >= 0 && after.slice(error).some(f => f.type === "update"); }""",
                               arg=seen)
        assert alert.is_visible()
        assert "coup" in alert.text_content() and str(move) in alert.text_content()

    refused()
    page.clock.fast_forward(9_000)
    assert alert.is_visible()
    page.clock.fast_forward(2_000)
    assert alert.is_hidden()
    refused()
    act(page, random.Random(4))  # the person's next action answers it
    assert alert.is_hidden()
    assert not page.errors, page.errors


def test_a_closed_table_shows_no_turn_and_says_why_it_closed(browser, tmp_path) -> None:
    """Tables that waited too long for people are closed: nobody's turn is shown any more
    (no "playing" marker, no turn border), and the page says why: the free seats stayed
    free (Ann had sat down), or nobody sat down at all."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}", waiting_ttl=1.0,
                               deals=random.Random(5))
    try:
        half = handle.create("wazabi", 2, [{"kind": "human"}, {"kind": "human"}])
        token = handle.join(half["invite"], 0, "Ann")
        empty = handle.create("dtc", 2, [{"kind": "human"}, {"kind": "human"}])
        ann, watcher = new_page(browser, "fr-FR"), new_page(browser, "en-GB", PHONE)
        ann.goto(f"{handle.url}/play/{token}")
        watcher.goto(handle.url + empty["spectator_url"])
        for page in (ann, watcher):
            page.wait_for_selector("#board .scene")
            page.wait_for_function("() => document.body.dataset.status === 'closed'")
            assert page.locator("#board .seat.turn, #board .turn-badge, #turn.mine").count() == 0
            assert not page.errors, page.errors
        assert ann.locator("#turn").text_content() == \
            "Cette table a été fermée\u00a0: ses places libres n'ont pas été prises à temps."
        assert watcher.locator("#turn").text_content() == \
            "This table was closed: nobody sat down at it in time."
        # the invite link says it too
        for created, words in ((half, "personne n'a pris ses places libres"),
                               (empty, "personne ne s'y est assis")):
            refused = handle.api.get(f"/api/join/{created['invite']}?lang=fr")
            assert refused.status_code == 410 and words in refused.json()["error"]["message"]
    finally:
        stop_thread_server(handle)


SEAT_BADGES = """() => Object.fromEntries([...document.querySelectorAll("#board .seat")].map(
  // "Ada (bot)": her stand-in
  (s) => [s.querySelector(".seat-name").textContent.replace(/ \\(bot\\)$/, ""),
          [...s.querySelectorAll(".badge.warn")]
            .map((b) => b.textContent.replace(/\\s/g, " "))]))"""


def test_the_away_and_left_badges_speak_to_their_own_seat(browser, tmp_path) -> None:
    """The badge of a seat a bot plays for reads "… for you" / "… à votre place" on that
    seat's own page (not "à sa place", which is for the others'), in both languages: a
    seat whose time ran out, then a seat left for good (its page now watches)."""
    # the stand-ins never play (a long pause): the badges stay as they are
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_delay=600.0,
                               min_turn_timer=0.2, deals=random.Random(3))
    try:
        created = handle.create("diciassette", 2, turn_timer=0.5)
        pages = {"Ada": new_page(browser, "fr-FR"), "Bob": new_page(browser, "en-GB")}
        for name, page in pages.items():
            join(page, handle.url + created["invite_url"], name)
        words = {  # (own seat, another's), by the page's language
            "absent": {"fr": ("un bot joue à votre place", "un bot joue à sa place"),
                       "en": ("absent (a bot plays for you)", "absent (a bot plays)")},
            "left": {"fr": ("vous avez quitté la table : un bot joue à votre place",
                            "a quitté la table : un bot joue à sa place"),
                     "en": ("you left the table: a bot plays for you",
                            "left the table: a bot plays for this seat")}}
        langs = {"Ada": "fr", "Bob": "en"}

        def badges_read(who: str, kind: str) -> None:
            for name, page in pages.items():
                own, other = words[kind][langs[name]]
                expected = own if name == who else other
                page.wait_for_function(f"() => ({SEAT_BADGES})()[{who!r}].length === 1")
                assert page.evaluate(SEAT_BADGES)[who] == [expected], (name, kind)

        # whoever is to play first lets the time run out
        pages["Ada"].wait_for_function(
            f"() => Object.values(({SEAT_BADGES})()).some((b) => b.length)")
        away = next(name for name, badges in pages["Ada"].evaluate(SEAT_BADGES).items()
                    if badges)
        badges_read(away, "absent")
        stays = "Bob" if away == "Ada" else "Ada"
        pages[stays].click("#leave")
        pages[stays].click("#leave-yes")
        pages[stays].wait_for_selector(".left-box")
        badges_read(stays, "left")
        for page in pages.values():
            assert not page.errors, page.errors
    finally:
        stop_thread_server(handle)


def test_page_reconnects_after_a_server_crash(browser, start_server_process) -> None:
    """kill -9 the server mid-game: the page says it is reconnecting, and once the server
    is back on the same address it carries on by itself from where the table was. Two
    seats: Ann's move comes before the end whatever the deal (`ludotheque serve` deals
    from the system's entropy; with three, the bots may call every round before her turn)."""
    first = start_server_process()
    _, token = first.person_and_bots("diciassette", "easy")
    page = new_page(browser, "en-GB")
    page.goto(f"{first.url}/play/{token}")
    page.wait_for_selector("#board .scene")
    rng = random.Random(9)
    deadline = time.monotonic() + 30
    while not act(page, rng):  # one move of ours before the crash
        assert time.monotonic() < deadline, "never our turn"
        page.wait_for_timeout(30)
    move = page.evaluate("document.body.dataset.move")
    log = page.locator("#log li").count()
    first.kill()
    page.wait_for_selector("#connection:not([hidden])")
    database = first.process.args[first.process.args.index("--database") + 1]
    start_server_process(database=database, port=first.port)
    page.wait_for_selector("#connection", state="hidden", timeout=30_000)
    assert int(page.evaluate("document.body.dataset.move")) >= int(move)
    assert page.locator("#log li").count() >= log
    play_to_the_end([page], rng)
    check_result(page)


# Every policy violation the page meets, kept for the test to read.
VIOLATIONS = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def test_pages_work_under_the_security_headers_and_no_referer_carries_a_token(
        browser, server) -> None:
    """Every page (lobby, join, table, spectator, replay) works under its Content-Security-
    Policy with no violation (Décimoarr's grid included, sized through the CSSOM); markup
    slipped into a page runs nothing; no request a page makes says where it came from
    (a table page's address holds its seat's token)."""
    created = server.create("decimoarr", 2, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    token = server.join(created["invite"], 0, "Ann")
    other = server.create("decimoarr", 2)
    page = new_page(browser)
    page.add_init_script(VIOLATIONS)
    referers: list[str] = []
    page.on("request", lambda request: referers.extend(
        [f"{request.url} <- {request.headers['referer']}"]
        if request.headers.get("referer") else []))
    for path, ready in [("/", ".game-card"), (f"/join/{other['invite']}", "#name"),
                        (f"/watch/{created['spectator']}", "#board .grid .card"),
                        (f"/replay/{created['table']}", "#alert:not([hidden])"),
                        (f"/play/{token}", "#board .grid .card")]:
        response = page.goto(server.url + path)
        headers = response.headers
        policy = headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy, path
        # Safari (WebKit) does not count the page's own WebSocket as 'self': named schemes
        assert re.search(r"connect-src 'self' ws: wss:(;|$)", policy), policy
        assert headers.get("x-content-type-options") == "nosniff"
        assert headers.get("referrer-policy") == "no-referrer"
        page.wait_for_selector(ready)
        assert page.evaluate("window.__violations") == [], path
    grid = page.locator("#board .grid").first
    cols = grid.evaluate("g => getComputedStyle(g).getPropertyValue('--cols').trim()")
    tracks = grid.evaluate("g => getComputedStyle(g).gridTemplateColumns.split(' ').length")
    assert cols.isdigit() and int(cols) == tracks > 1
    assert referers == []
    page.evaluate("""document.body.insertAdjacentHTML("beforeend",
        '<img src="/nothing" onerror="window.__ran = true">')""")
    page.wait_for_function("() => window.__violations.length > 0")
    assert page.evaluate("window.__ran") is None
    assert page.errors == []
    page.context.close()


def test_move_buttons_start_with_a_capital_where_the_log_does_not(browser, server) -> None:
    """Moves are lower-case words in the catalogs, as the log and the command line say them
    (17: « annoncer « 17 » ! », « passer (pas d'annonce) »); a button made of one starts
    with a capital. The page's own module draws them, in the page (a 17 table reaches its
    call only by chance, so the labels are given)."""
    created = server.create("diciassette", 2, [{"kind": "human"}, {"kind": "bot",
                                                                  "level": "easy"}])
    token = server.join(created["invite"], 0, "Ada")
    page = new_page(browser, "fr-FR")
    page.goto(f"{server.url}/play/{token}?lang=fr")
    page.wait_for_selector("#board .scene")
    drawn = page.evaluate("""async (labels) => {
        const {moveButton} = await import("/static/render.js");
        return labels.map((label, id) => moveButton({id, label}, {send() {}}).textContent);
    }""", ["annoncer « 17 » !", "passer (pas d'annonce)"])
    assert drawn == ["Annoncer « 17 » !", "Passer (pas d'annonce)"]
    assert not page.errors, page.errors


def test_the_french_log_names_people_and_the_page_formats_names_as_python(
        browser, tmp_path) -> None:
    """A person who would keep « Joueur 2 » as her name is refused (the log would read as if
    seat 2 had nobody); she sits as Bea, and Ada, Bea and a bot play DTC: the table page's
    log, in French, as a spectator reads it, names « Ada … » and « Bea … ». And the page's
    own `tr` writes every web text with a name spec (`to`, `the`, `To`, `The`), a seat's
    default name « Joueur 2 » too, as the server's `t` does (`{player:The}`: « Le joueur
    2 »)."""
    from ludotheque.i18n import Names, catalog, t

    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'fr.sqlite3'}", deals=random.Random(7))
    try:
        created = handle.create("dtc", 3, [{"kind": "human"}] * 2 + [{"kind": "bot",
                                                                     "level": "easy"}])
        refused = handle.api.post(f"/api/join/{created['invite']}?lang=fr",
                                  json={"seat": 1, "name": "Joueur 2"})
        assert refused.status_code == 400 and "« Joueur 2 » passerait pour le nom d'une place" \
            in refused.json()["error"]["message"].replace("\u00a0", " ")
        ada, second = (handle.join(created["invite"], seat, name)
                       for seat, name in ((0, "Ada"), (1, "Bea")))
        with handle.client() as a, handle.client() as b:
            a.hello(ada, lang="fr")
            b.hello(second, lang="fr")
            drive([a, b])
        page = new_page(browser, "fr-FR")
        page.goto(f"{handle.url}{created['spectator_url']}?lang=fr")  # no « Vous »
        page.wait_for_selector("#result:not([hidden]) h2")
        sentences = [part for line in page.locator("#log li").all_text_contents()
                     for part in re.split(r"(?<=[.!?])\s+", line.strip())]
        assert [s for s in sentences if s.startswith(("Joueur", "Le joueur"))] == []
        assert [s for s in sentences if s.startswith("Ada ")]
        assert [s for s in sentences if s.startswith("Bea ")]

        names = ["Joueur 2", "Place 3 (bot)", "ada", "Bruno (facile)"]
        texts = {key: entry["fr"] for key, entry in catalog().items() if key.startswith("web.")
                 and re.search(r"\{\w+:[tT](?:o|he)\}", entry["fr"])}
        assert "web.dtc.reveal_title" in texts
        cases = []
        for key, text in texts.items():
            fields = set(re.findall(r"\{(\w+)", text))
            for name in names:
                many = [name, names[0]]
                params = {f: many if f in ("players", "names") else name if f in (
                    "player", "giver", "target", "to") else f for f in fields}
                python = {f: Names(v, "fr") if isinstance(v, list) else v
                          for f, v in params.items()}
                cases.append((key, params, t(key, "fr", **python)))
        drawn = page.evaluate("""async (cases) => {
            const {tr} = await import("/static/common.js");
            return cases.map(([key, params]) => tr(key, params));
        }""", [[key, params] for key, params, _ in cases])
        assert drawn == [expected for _, _, expected in cases]
        assert "La place 3 (bot) accuse" in " ".join(drawn)
        assert "Le joueur 2 " in " ".join(drawn)
        assert not page.errors, page.errors
        page.context.close()
    finally:
        stop_thread_server(handle)


def test_a_page_speaks_the_first_language_of_the_browsers_list_it_knows(browser, server,
                                                                        tmp_path):
    """A browser set to German first, then French (Chromium's own language list, as its
    settings write it; its Accept-Language reads "de-DE,fr;q=0.9") opens the lobby in
    French, as the server answers that header: the page read only the first language and
    fell back to English."""
    import json

    from chromium import ARGS, CHROMIUM

    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"intl": {"accept_languages": "de-DE,fr"}}))
    context = browser.browser_type.launch_persistent_context(  # a profile of its own
        profile, executable_path=CHROMIUM, args=ARGS, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(server.url)
        assert page.evaluate("navigator.languages") == ["de-DE", "fr"]
        page.wait_for_selector(".langs button[aria-pressed=true]")
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.locator(".langs button[aria-pressed=true]").text_content() == "FR"
        assert page.evaluate("fetch('/api/texts').then(r => r.json()).then(j => j.lang)") \
            == "fr"
    finally:
        context.close()


def test_a_language_that_only_starts_like_ours_is_not_ours(browser, server) -> None:
    """A browser in North Frisian ("frr"), then French Canadian: the page reads each
    language by its primary subtag, as the server reads the header; "frr" was French."""
    for locale, lang in (("frr-DE", "en"), ("fr-CA", "fr")):
        page = new_page(browser, locale)
        page.goto(server.url)
        page.wait_for_selector(".langs button[aria-pressed=true]")
        assert page.evaluate("document.documentElement.lang") == lang, locale
        assert page.evaluate("fetch('/api/texts').then(r => r.json()).then(j => j.lang)") \
            == lang
        page.context.close()


def test_a_replay_link_opens_at_its_step_and_a_bad_step_is_said_over_the_last(
        browser, server) -> None:
    """/replay/<table>?step=2 opens at move 2 (the page read no step of its address and
    always opened at the end); a step refused ("+3", "-1", past the end) is said in the
    page's language, over the last move drawn as usual, not a blank page."""
    from test_server_api import play_to_end

    created, final = play_to_end(server, "wazabi", 2)
    total = final["move"]
    replay = f"{server.url}/replay/{created['table']}"
    page = new_page(browser, "fr-FR")
    page.goto(f"{replay}?step=2&lang=fr")
    page.wait_for_selector("#board .scene")
    assert page.locator("#step").text_content() == f"Coup 2 sur {total}"
    assert page.locator("#alert").is_hidden()
    for bad, locale, words, last in (
            ("%2B3", "fr-FR", f"de 0 à {total}, écrit avec", f"Coup {total} sur {total}"),
            ("-1", "en-GB", f"from 0 to {total}, written with", f"Move {total} of {total}"),
            (str(total + 1), "en-GB", "digits 0 to 9 alone", f"Move {total} of {total}")):
        page = new_page(browser, locale)
        page.goto(f"{replay}?step={bad}")
        page.wait_for_selector("#board .scene")
        assert words in page.locator("#alert").text_content().replace("\u00a0", " ")
        assert page.locator("#alert").is_visible()
        assert page.locator("#step").text_content() == last
        assert not page.errors, page.errors
        page.context.close()


def test_a_page_open_on_a_pruned_table_is_told_in_words_with_the_way_to_the_lobby(
        browser, tmp_path) -> None:
    """`ludotheque prune` removes a finished game whose page is still open (its seat's, in
    French; the spectator's, in English): each page is told, without acting, that the table
    no longer exists, with a link back to the lobby, in place of a table that still looked
    live (its rematch button, its chat). A page opened on its link afterwards is told the
    link leads to no table."""
    from test_prune import age, played_to_the_end, prune

    url = f"sqlite:///{tmp_path / 'pruned.sqlite3'}"
    handle = run_app_in_thread(url, waiting_ttl=0.4)  # its sweep looks every 0.1 s
    try:
        created, token, socket = played_to_the_end(handle, "Ann")
        socket.close()
        seat = new_page(browser, "fr-FR")
        seat.goto(f"{handle.url}/play/{token}?lang=fr")
        seat.wait_for_selector("#result:not([hidden]) h2")
        watcher = new_page(browser, "en-GB")
        watcher.goto(f"{handle.url}{created['spectator_url']}?lang=en")
        watcher.wait_for_selector("#result:not([hidden]) h2")
        age(handle.master.storage, created["table"])
        prune(url, "--lang", "en")
        for page, lang in ((seat, "fr"), (watcher, "en")):
            told_gone(page, GONE[lang], lang)
            assert page.locator("main").is_hidden()  # no rematch button, no chat
            assert page.evaluate("document.body.dataset.status") == "gone"
        watcher.locator("#gone a").click()
        watcher.wait_for_selector(".choose-game")
        # its links opened afresh (a bookmark), and a mistyped one: the server cannot tell
        # them apart, and the same panel says both, with the way to the lobby
        for path in (f"/play/{token}", created["spectator_url"], created["invite_url"],
                     "/play/mistyped", "/join/mistyped"):
            for lang in ("en", "fr"):
                later = new_page(browser, LOCALES[lang])
                later.goto(handle.url + path)
                told_gone(later, NOWHERE[lang], lang)
                assert later.locator("#alert:not([hidden]), .error-box").count() == 0
                later.context.close()
        for page in (seat, watcher):
            page.context.close()
    finally:
        stop_thread_server(handle)


LOCALES = {"en": "en-GB", "fr": "fr-FR"}
GONE = {"en": "This table no longer exists", "fr": "Cette table n'existe plus"}
NOWHERE = {"en": "This link does not lead to any table: it may have been mistyped, or its "
                 "table no longer exists",
           "fr": "Ce lien ne mène à aucune table : il a peut-être été mal recopié, ou sa "
                 "table n'existe plus"}


def told_gone(page, words: str, lang: str) -> None:
    """The page shows the panel of a table that is no more: `words`, and a link to the
    lobby, in `lang`."""
    page.wait_for_selector("#gone:not([hidden])")
    said = re.sub(r"[\u00a0\u202f]", " ", page.locator("#gone").text_content())
    assert words in said, said
    link = page.locator("#gone a")
    assert link.text_content() == {"en": "Back to the lobby", "fr": "Retour à l'accueil"}[lang]
    assert link.get_attribute("href") == "/"
    assert not page.errors, page.errors


def test_a_page_whose_table_was_pruned_while_its_server_was_down_says_so_when_back(
        browser, start_server_process) -> None:
    """A finished game's page open while its server is down, and `ludotheque prune`
    removes the game meanwhile: once the server is back, the page's reconnection finds
    its token leads nowhere, and the page says the table no longer exists (in French),
    with the way to the lobby."""
    from ludotheque.web.db import Storage
    from test_prune import age, prune

    first = start_server_process()
    created, token = first.person_and_bots("diciassette", "easy")
    with first.client() as socket:
        socket.hello(token)
        drive([socket])
    page = new_page(browser, "fr-FR")
    page.goto(f"{first.url}/play/{token}")
    page.wait_for_selector("#result:not([hidden]) h2")
    first.kill()
    page.wait_for_selector("#connection:not([hidden])")
    database = first.process.args[first.process.args.index("--database") + 1]
    storage = Storage(database)
    try:
        age(storage, created["table"])
    finally:
        storage.close()
    prune(database)
    start_server_process(database=database, port=first.port)
    told_gone(page, GONE["fr"], "fr")
    assert page.locator("#connection").is_hidden() and page.locator("main").is_hidden()
    page.context.close()


def rematch_asked(server) -> tuple[str, str, str]:
    """A game of 17 played to its end over WebSockets by P1 and P2 (and a bot), then P1
    asks for a rematch: the old table's spectator link, P1's seat at the rematch, P2's."""
    created, tokens = server.table("diciassette", 3, humans=2)
    with server.client() as ann, server.client() as bob:
        ann.hello(tokens[0])
        bob.hello(tokens[1])
        drive([ann, bob])
        ann.send({"type": "rematch"})
        return (created["spectator_url"], ann.expect("rematch")["url"],
                bob.expect("rematch")["url"])


def test_a_rematch_waiting_for_its_people_says_whom(browser, server) -> None:
    """A rematch keeps each seat for its person, so it has no invite to show: the page of
    whoever asked for it said "Waiting for the other players to sit down…" and no more.
    It names who is still to come (in each language), until the game starts."""
    _, asker, offered = rematch_asked(server)
    for locale, said in (("en-GB", "Still to sit down: P2."), ("fr-FR", "On attend encore P2.")):
        page = new_page(browser, locale, PHONE)
        page.goto(server.url + asker)
        page.wait_for_selector("#waiting-for")
        assert page.locator("#waiting-for").text_content() == said
        assert page.locator("#invite-link").count() == 0  # no seat for anyone else
        page.context.close()
    page = new_page(browser, "en-GB", PHONE)
    page.goto(server.url + asker)
    page.wait_for_selector("#waiting-for")
    join_by = new_page(browser, "en-GB")
    join_by.goto(server.url + offered)  # P2 opens his new seat's link: the game starts
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert page.locator("#waiting-for").count() == 0
    assert not page.errors and not join_by.errors, (page.errors, join_by.errors)


def test_the_spectator_tablet_follows_the_rematch_once_it_starts(browser, server) -> None:
    """The tablet by the TV, which nobody touches: it showed the final screen and the
    offer to watch the rematch, and stayed there while the rematch was played. It keeps
    the final screen while the rematch waits for its people, then goes to watch it."""
    watch, _, offered = rematch_asked(server)
    tv = new_page(browser, "fr-FR")
    tv.goto(server.url + watch)
    tv.wait_for_selector("#result:not([hidden]) h2")
    tv.wait_for_selector("#rematch-offer a[href^='/watch/']")
    assert tv.url == server.url + watch  # the rematch waits: the result stays
    new_watch = tv.get_attribute("#rematch-join", "href")
    with server.client() as bob:
        bob.hello(offered.rsplit("/", 1)[1])  # P2 sits down: the rematch starts
        tv.wait_for_url(server.url + new_watch)
        tv.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert tv.locator("#board .hand").count() == 0
    assert not tv.errors, tv.errors


def test_a_card_s_chooser_stays_open_when_someone_s_page_comes_or_goes(browser, server) -> None:
    """Ada has opened a card's chooser (17: face up or face down) when Bob's page closes:
    her table is drawn again for his badge, the chooser stays open with the focus on the
    same choice, and the choice made there is played."""
    created, (ada, bob) = server.table("diciassette", players=2, humans=2)
    page = new_page(browser)
    page.goto(f"{server.url}/play/{ada}")
    card = page.locator("#board button.card[data-actions]:enabled")
    with server.client() as other:
        other.hello(bob)
        end = time.monotonic() + WAIT_MS / 1000
        while True:  # Ada passes the calls (or plays a card of one move), Bob his first move
            assert time.monotonic() < end and not is_over(page), "no card with choices"
            if page.evaluate("document.body.dataset.interactive") == "yes":
                if card.count():  # read with the turn, in the same drawing
                    break
                move = page.evaluate("document.body.dataset.move")
                calls = page.locator("#moves button.move[data-action]:enabled")
                (calls.last if calls.count() else page.locator(MOVES).first).click()
                page.wait_for_function("m => document.body.dataset.move !== m", arg=move)
                continue
            other.drain(quiet=0.05)
            frame = other.last_update
            if frame["to_act"] == frame["seat"] and frame["legal"]:
                other.move([frame["legal"][0]["id"]], frame["move"])
                other.until(lambda f, frame=frame: f.get("type") == "update"
                            and f["move"] > frame["move"])
        card.first.click()
        page.keyboard.press("Tab")  # the second choice
        chosen = page.evaluate("document.activeElement.dataset.action")
        move = page.evaluate("document.body.dataset.move")
    page.wait_for_selector("#board .seat .badge.dim")  # Bob's page is gone: drawn again
    assert page.evaluate("document.body.dataset.move") == move
    assert page.locator(".chooser").count() == 1
    assert page.evaluate("document.activeElement.closest('.chooser') !== null "
                         "&& document.activeElement.dataset.action") == chosen
    page.keyboard.press("Enter")
    page.wait_for_function("m => document.body.dataset.move !== m", arg=move)
    last = server.master.storage.get_moves(created["table"])[-1]
    assert last[1:] == (0, get_game("diciassette").action_to_text(int(chosen))), last
    assert not page.errors, page.errors
    page.context.close()


def rematch_of_three(server, asker: int = 0) -> tuple[list[str], list[str]]:
    """P1, P2 and P3 finish a game of 17 over WebSockets, then P1 (the seat `asker`) asks
    for a rematch: their seat tokens at the old table, and each one's seat link at the
    rematch."""
    _, tokens = server.table("diciassette", 3, humans=3)
    with server.client() as ann, server.client() as bob, server.client() as cam:
        for socket, token in zip((ann, bob, cam), tokens):
            socket.hello(token)
        drive([ann, bob, cam])
        (ann, bob, cam)[asker].send({"type": "rematch"})
        return tokens, [socket.expect("rematch")["url"] for socket in (ann, bob, cam)]


def waiting_with_a_seat_kept(browser, server, locale: str = "en-GB", prepare=None):
    """The rematch of `rematch_of_three` on P1's page (`prepare(page)` first, if given), P3
    seated by a socket (returned, to close): the waiting screen shows P2's seat kept, and
    what P1 may do with it."""
    tokens, offered = rematch_of_three(server)
    ada = new_page(browser, locale)
    if prepare is not None:
        prepare(ada)
    ada.goto(server.url + offered[0])
    camille = server.client()
    camille.hello(offered[2].rsplit("/", 1)[1])
    ada.wait_for_function("() => document.querySelectorAll('.kept-seat').length === 1")
    return tokens, offered, ada, camille


def give_from(page, seat: int, to: str) -> None:
    """The page gives the kept `seat` to `to` (anyone, bot): its button, then the
    question's "Give the seat away" ("Let the bot play")."""
    page.locator(f".kept-seat[data-seat='{seat}'] button.give-{to}").click()
    page.click("#give-yes")


# Keeps what the page sends on its WebSockets (window.__sent): a frame never sent is seen so.
SENT = """(() => {
  const send = WebSocket.prototype.send;
  window.__sent = [];
  WebSocket.prototype.send = function (data) {
    window.__sent.push(JSON.parse(data));
    return send.call(this, data);
  };
})();"""


def gifts_sent(page) -> list:
    return page.evaluate("() => window.__sent.filter((f) => f.type === 'give_seat')")


def on_a_phone(page) -> None:
    """A page of `waiting_with_a_seat_kept` as a phone shows it, its frames sent kept."""
    page.set_viewport_size(PHONE)
    page.add_init_script(SENT)


def plain(page, selector: str) -> str:
    """A node's text, its narrow and non-breaking spaces (French punctuation) plain."""
    return re.sub(r"[\u00a0\u202f]", " ", page.locator(selector).text_content())


def play_on(page, socket, rng: random.Random) -> None:
    """The page clicks a move if it may, then the socket plays its first legal move if its
    seat is to act."""
    act(page, rng)
    socket.drain(quiet=0.05)
    frame = socket.last_update
    if frame["to_act"] == frame["seat"] and frame["legal"] and not frame["result"]:
        socket.move([frame["legal"][0]["id"]], frame["move"])
        socket.until(lambda f: f["move"] != frame["move"])


def test_a_seat_kept_for_someone_gone_home_goes_to_a_friend_who_just_arrived(
        browser, server) -> None:
    """P2 went home. P1's waiting screen offers to let someone else sit in P2's seat: once
    clicked, the invite link shows as at any waiting table, Denis joins by it, the game
    starts and Denis plays. P2's page of the old game is offered to watch the rematch, and
    P2's rematch link, opened later, says in words (English, French) that the seat was
    given, with the way to watch it."""
    rng = random.Random(8)
    tokens, offered, ada, camille = waiting_with_a_seat_kept(browser, server)
    bob_old = new_page(browser, "en-GB")
    bob_old.goto(f"{server.url}/play/{tokens[1]}")
    bob_old.wait_for_selector(f"#rematch-offer a[href='{offered[1]}']")
    with camille:
        kept = ada.locator(".kept-seat[data-seat='1']")
        assert kept.locator("span").text_content() == "Seat kept for P2:"
        assert ada.locator("#invite-link").count() == 0
        kept.get_by_role("button", name="Let someone else take this seat").click()
        ada.get_by_role("button", name="Give the seat away").click()  # asked first
        ada.wait_for_selector("#invite-link")
        assert ada.locator(".kept-seat").count() == 0
        assert "/join/" in ada.input_value("#invite-link")  # as at any table waiting
        denis = new_page(browser, "fr-FR")
        join(denis, ada.input_value("#invite-link"), "Denis")
        ada.wait_for_function("() => document.body.dataset.status === 'playing'")
        end = time.monotonic() + WAIT_MS / 1000
        while not act(denis, rng):  # the others play until Denis's turn, then he plays
            assert time.monotonic() < end, "Denis never got his turn"
            play_on(ada, camille, rng)
    watch = bob_old.get_attribute("#rematch-offer a[href^='/watch/']", "href")
    assert bob_old.locator("#rematch-join").text_content() == "Watch the rematch"
    assert bob_old.locator("#rematch-given").text_content() == (  # why he may only watch
        "As you were not there, your seat at this rematch was given to someone else: you can "
        "still watch the game.")
    for locale, said, link in (
            ("en-GB", "As you were not there, your seat at this rematch was given to "
                      "someone else", "Watch the rematch"),
            ("fr-FR", "Comme vous n'étiez pas là, votre place à cette revanche a été cédée "
                      "à quelqu'un d'autre", "Regarder la revanche")):
        bob = new_page(browser, locale)
        bob.goto(server.url + offered[1])
        bob.wait_for_selector("#gone:not([hidden])")
        assert said in re.sub(r"[\u00a0\u202f]", " ", bob.locator("#gone-text").text_content())
        assert bob.locator("#gone a").text_content() == link
        assert bob.get_attribute("#gone a", "href") == watch
        bob.click("#gone a")
        bob.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert bob.url == server.url + watch and not bob.errors, bob.errors
        bob.context.close()
    for page in (ada, denis, bob_old):
        assert not page.errors, page.errors
        page.context.close()


def test_a_bot_plays_instead_of_someone_gone_home_and_the_rematch_starts(browser,
                                                                        server) -> None:
    """P1 gives P2's kept seat to a bot (in French: « Laisser un bot jouer à sa place »): nobody
    else is missing, so the rematch starts at once, and the bot plays P2's turns."""
    _, _, ada, camille = waiting_with_a_seat_kept(browser, server, "fr-FR")
    rng = random.Random(9)
    with camille:
        ada.locator(".kept-seat[data-seat='1']").get_by_role(
            "button", name="Laisser un bot jouer à sa place").click()
        ada.get_by_role("button", name="Confier la place à un bot").click()  # asked first
        ada.wait_for_function("() => document.body.dataset.status === 'playing'")
        table = camille.until(lambda f: f["table"]["status"] == "playing")["table"]
        assert (table["seats"][1]["kind"], table["seats"][1]["level"]) == ("bot", "medium")
        end = time.monotonic() + WAIT_MS / 1000
        while 1 not in {seat for _, seat, _ in server.master.storage.get_moves(table["id"])}:
            assert time.monotonic() < end, "the bot never played"
            play_on(ada, camille, rng)
    assert not ada.errors, ada.errors
    ada.context.close()


class HeldFrames:
    """Routes a page's WebSocket through the test: what the server sends is held while
    `holding` (the page has not heard it yet), then `release`d in order."""

    def __init__(self, page) -> None:
        self.holding, self.held = False, []
        page.route_web_socket("**/ws", self._route)

    def _route(self, route) -> None:
        self.route = route
        route.connect_to_server().on_message(self._from_server)

    def _from_server(self, message) -> None:
        if self.holding:
            self.held.append(message)
        else:
            self.route.send(message)

    def release(self) -> None:
        self.holding = False
        for message in self.held:
            self.route.send(message)
        self.held.clear()


@pytest.mark.parametrize(("locale", "said"), [
    ("en-GB", "Seat 2 is not kept for anyone: the person it was kept for sat down, someone "
              "gave it away already, or a bot plays it. Seats you may give now: none."),
    ("fr-FR", "La place 2 n'est gardée pour personne : la personne pour qui elle l'était "
              "s'est assise, quelqu'un l'a déjà cédée ou un bot la joue. Places que vous "
              "pouvez céder : aucune.")])
def test_a_click_that_loses_the_race_to_give_a_seat_says_why_in_words(browser, server,
                                                                       locale, said):
    """P3 gives P2's kept seat while P1's page has not heard it yet, and P1 clicks the same
    seat's button: P1's page then shows the seat free and the invite (P3's gift), and says
    in P1's language why the click did nothing, the seat numbered as people count."""
    held: list[HeldFrames] = []
    _, offered, ada, camille = waiting_with_a_seat_kept(
        browser, server, locale, prepare=lambda page: held.append(HeldFrames(page)))
    with camille:
        held[0].holding = True
        camille.send({"type": "give_seat", "seat": 1, "to": "anyone"})
        camille.until(lambda f: "invite_url" in f)
        give_from(ada, 1, "anyone")
        assert camille.errors_so_far() == []
        held[0].release()
        ada.wait_for_selector("#alert:not([hidden])")
        assert re.sub(r"[\u00a0\u202f]", " ", ada.locator("#alert").text_content()) == said
        ada.wait_for_selector("#invite-link")  # its link asked of the server (fillShare)
        assert ada.locator(".kept-seat").count() == 0
    assert not ada.errors, ada.errors
    ada.context.close()


def test_a_seat_given_away_is_said_again_in_the_language_chosen_on_its_panel(browser,
                                                                             server) -> None:
    """P2's seat went to a bot; P2 opens the rematch's link in English, then picks French
    on the panel that says so: the whole panel is in French, words and link alike."""
    tokens, offered = rematch_of_three(server)
    with server.client() as ada:
        ada.hello(offered[0].rsplit("/", 1)[1])
        ada.send({"type": "give_seat", "seat": 1, "to": "bot"})
        ada.until(lambda f: f["table"]["seats"][1]["kind"] == "bot")
    bob = new_page(browser, "en-GB")
    bob.goto(server.url + offered[1])
    bob.wait_for_selector("#gone:not([hidden])")
    assert bob.locator("#gone-text").text_content().startswith("As you were not there, a bot")
    bob.click("button.lang[data-lang='fr']")
    bob.wait_for_function("() => document.getElementById('gone-home').textContent"
                          " === 'Regarder la revanche'")
    assert re.sub(r"[\u00a0\u202f]", " ", bob.locator("#gone-text").text_content()) == (
        "Comme vous n'étiez pas là, un bot joue à votre place à cette revanche : vous "
        "pouvez toujours regarder la partie.")
    assert not bob.errors, bob.errors
    bob.context.close()


@pytest.mark.parametrize(("locale", "asked", "yes", "no"), [
    ("en-GB", "Let a bot play the seat kept for P2, for good? The rematch starts as soon as "
              "nobody else is missing, and P2 will only be able to watch.",
     "Let the bot play", "Keep waiting for P2"),
    ("fr-FR", "Confier pour de bon à un bot la place gardée pour P2 ? La revanche commencera "
              "dès que plus personne ne manquera, et P2 ne pourra plus que regarder la partie.",
     "Confier la place à un bot", "Attendre encore P2")])
def test_giving_a_kept_seat_asks_first_and_keep_waiting_changes_nothing(browser, server,
                                                                         locale, asked, yes, no):
    """On a phone, one tap on "Let a bot play instead" gives nothing away: the page asks, in
    the page and in P1's language, what will happen, naming P2, the focus on "Keep waiting
    for P2". Enter there sends nothing: P2's seat is still kept, on P3's page too, and the
    focus is back on the button. Asked again and confirmed, the seat is given."""
    _, offered, ada, camille = waiting_with_a_seat_kept(browser, server, locale, on_a_phone)
    other = new_page(browser, locale, PHONE)
    other.goto(server.url + offered[2])  # P3's page (P3 sat down through a socket)
    other.wait_for_selector(".kept-seat[data-seat='1']")
    with camille:
        ada.locator(".kept-seat[data-seat='1'] button.give-bot").click()
        ada.wait_for_selector(".give-confirm[role='alertdialog']")
        assert ada.get_attribute(".give-confirm", "aria-labelledby") == "give-question"
        assert plain(ada, "#give-question") == asked
        assert (plain(ada, "#give-yes"), plain(ada, "#give-no")) == (yes, no)
        assert ada.evaluate("document.activeElement.id") == "give-no"
        assert ada.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        ada.keyboard.press("Enter")  # "Keep waiting"
        ada.wait_for_selector(".give-confirm", state="detached")
        assert ada.evaluate("document.activeElement.matches(\".kept-seat[data-seat='1'] "
                            "button.give-bot\")")
        assert gifts_sent(ada) == [] and camille.errors_so_far() == []
        table = camille.last_update["table"]
        assert table["seats"][1]["kept"] and table["status"] == "waiting"
        seat = server.master.storage.get_table(table["id"]).seats[1]
        assert (seat.name, seat.taken, seat.given) == ("P2", False, None)
        assert other.locator(".kept-seat[data-seat='1'] button.give-bot").is_enabled()
        give_from(ada, 1, "anyone")
        for page in (ada, other):
            page.wait_for_selector("#invite-link")
            assert page.locator(".kept-seat").count() == 0
        assert gifts_sent(ada) == [{"type": "give_seat", "seat": 1, "to": "anyone"}]
    for page in (ada, other):
        assert not page.errors, page.errors
        page.context.close()


class Outage:
    """Cuts a page's WebSockets (`cut`: each one closed, every new one refused) until
    `restore`: the page reconnects by itself then. `refused`: the sockets refused so far."""

    def __init__(self, page) -> None:
        self.down, self.routes, self.refused = False, [], 0
        page.route_web_socket("**/ws", self._route)

    def _route(self, route) -> None:
        if self.down:
            self.refused += 1
            route.close()
            return
        self.routes.append(route)
        route.connect_to_server()

    def cut(self) -> None:
        self.down = True
        for route in self.routes:
            route.close()

    def restore(self) -> None:
        self.down = False


def asking_when_cut(browser, server):
    """P1's page of `waiting_with_a_seat_kept`, on a phone, asking "Let a bot play the seat
    kept for P2?" when its connection drops: the page, P3's socket, and the `Outage`."""
    outage: list[Outage] = []
    _, _, ada, camille = waiting_with_a_seat_kept(
        browser, server, prepare=lambda page: (on_a_phone(page), outage.append(Outage(page))))
    ada.locator(".kept-seat[data-seat='1'] button.give-bot").click()
    outage[0].cut()
    ada.wait_for_selector("#connection:not([hidden])")
    ada.wait_for_selector("#give-yes:disabled")
    return ada, camille, outage[0]


def test_a_kept_seat_waits_for_the_connection_to_be_given_and_says_so(browser, server):
    """P1's connection drops while the page asks "Let a bot play the seat kept for P2?":
    nothing can be given (its buttons are disabled, "Keep waiting" still answers) and the
    seat's box says why; a chat line is not sent either, said in words, its text kept.
    Once the page is back by itself, the seat is given."""
    ada, camille, outage = asking_when_cut(browser, server)
    with camille:
        assert plain(ada, ".give-offline") == ("Connection lost: this seat can be given away "
                                               "once the connection is back.")
        ada.click("#give-no")  # changing one's mind needs no connection
        ada.wait_for_selector(".give-confirm", state="detached")
        assert ada.locator(".kept-seat button:enabled").count() == 0
        ada.fill("#chat-text", "still there?")
        ada.click("#chat-send")
        ada.wait_for_selector("#alert:not([hidden])")
        assert plain(ada, "#alert") == ("Nothing was sent: the connection is lost. Try again "
                                        "once it is back.")
        assert ada.input_value("#chat-text") == "still there?"
        assert gifts_sent(ada) == [] and camille.errors_so_far() == []
        outage.restore()
        ada.wait_for_selector("#connection", state="hidden")
        assert ada.locator(".give-offline").count() == 0
        give_from(ada, 1, "bot")
        ada.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert gifts_sent(ada) == [{"type": "give_seat", "seat": 1, "to": "bot"}]
    assert not ada.errors, ada.errors
    ada.context.close()


def test_rematch_clicked_while_the_connection_is_lost_is_said_unsent_and_asks_nothing(
        browser, server) -> None:
    """P1's page of a finished game loses its connection and P1 clicks "Rematch": nothing
    is sent, the page says so and the button stays there to try again. Back online, P3
    asks for the rematch: P1's page shows the offer and stays on the final screen (it
    had asked for nothing: it does not follow P3's rematch as its own)."""
    _, tokens = server.table("diciassette", 3, humans=3)
    with server.client() as ann, server.client() as bob, server.client() as cam:
        for socket, token in zip((ann, bob, cam), tokens):
            socket.hello(token)
        drive([ann, bob, cam])
        outage: list[Outage] = []
        page = new_page(browser, "fr-FR", PHONE)
        outage.append(Outage(page))
        page.goto(f"{server.url}/play/{tokens[0]}")
        page.wait_for_selector("#rematch:enabled")
        outage[0].cut()
        page.wait_for_selector("#connection:not([hidden])")
        page.click("#rematch")
        page.wait_for_selector("#alert:not([hidden])")
        assert plain(page, "#alert") == ("Rien n'a été envoyé : la connexion est perdue. "
                                         "Réessayez dès qu'elle sera rétablie.")
        assert page.locator("#rematch").is_enabled()
        outage[0].restore()
        page.wait_for_selector("#connection", state="hidden")
        cam.send({"type": "rematch"})
        page.wait_for_selector("#rematch-offer a[href^='/play/']")
        assert page.url == f"{server.url}/play/{tokens[0]}"
    assert not page.errors, page.errors
    page.context.close()


def test_a_connection_lost_and_back_leaves_the_give_question_and_its_focus_as_they_were(
        browser, server) -> None:
    """P1 asked "Let a bot play the seat kept for P2?", the keyboard on "Keep waiting for P2",
    when the connection dropped; a chat line typed meanwhile was said unsent. Once the page
    is back by itself, the unsent note is gone (the connection is no longer lost), the
    keyboard is still on "Keep waiting" (not on "Let the bot play", which took its place
    among the buttons): Enter there gives nothing away."""
    ada, camille, outage = asking_when_cut(browser, server)
    with camille:
        ada.fill("#chat-text", "still there?")
        ada.press("#chat-text", "Enter")
        ada.wait_for_selector("#alert:not([hidden])")
        ada.locator("#give-no").focus()
        outage.restore()
        ada.wait_for_selector("#give-yes:enabled")
        assert ada.locator("#alert").is_hidden() and ada.text_content("#alert") == ""
        assert ada.evaluate("document.activeElement.id") == "give-no"
        ada.keyboard.press("Enter")
        ada.wait_for_selector(".give-confirm", state="detached")
        assert gifts_sent(ada) == [] and camille.errors_so_far() == []
        assert camille.last_update["table"]["seats"][1]["kept"]
    assert not ada.errors, ada.errors
    ada.context.close()


def test_the_leave_question_keeps_the_keyboard_while_the_connection_is_lost(browser,
                                                                            server) -> None:
    """P1 asked to leave, the keyboard on "Stay": the connection drops, then comes back. The
    keyboard stays on "Stay" all along (the page drawn again does not drop it to the top),
    and Enter there keeps P1 at the table."""
    _, tokens = server.table("diciassette", 3, humans=3)
    page = new_page(browser, "fr-FR")
    outage = Outage(page)
    page.goto(f"{server.url}/play/{tokens[0]}")
    page.click("#leave")
    assert page.evaluate("document.activeElement.id") == "leave-no"
    outage.cut()
    page.wait_for_selector("#connection:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "leave-no"
    outage.restore()
    page.wait_for_selector("#connection", state="hidden")
    assert page.evaluate("document.activeElement.id") == "leave-no"
    page.keyboard.press("Enter")
    page.wait_for_selector(".leave-confirm", state="detached")
    assert page.evaluate("document.activeElement.id") == "leave"
    assert page.locator(".left-box").count() == 0
    assert not page.errors, page.errors
    page.context.close()


# Counts the nodes taken off the page (a redraw replaces them) from now on: window.__replaced.
COUNT_REPLACED = """() => {
  window.__replaced = 0;
  new MutationObserver((records) => {
    for (const record of records) window.__replaced += record.removedNodes.length;
  }).observe(document.body, {childList: true, subtree: true});
}"""


def test_a_connection_lost_leaves_the_page_alone_while_it_tries_again(browser, server):
    """P1's connection drops: the page says so once; each failed attempt to reconnect
    afterwards leaves the page as it is (before: every one drew the whole page again)."""
    _, tokens = server.table("diciassette", 3, humans=3)
    page = new_page(browser)
    outage = Outage(page)
    page.goto(f"{server.url}/play/{tokens[0]}")
    page.wait_for_selector("#leave")
    outage.cut()
    page.wait_for_selector("#connection:not([hidden])")
    page.evaluate(COUNT_REPLACED)
    refused = outage.refused
    for _ in range(300):  # two more attempts, each refused (the page tries within seconds)
        if outage.refused >= refused + 2:
            break
        page.wait_for_timeout(100)
    assert outage.refused >= refused + 2, "the page did not try to reconnect"
    assert page.evaluate("window.__replaced") == 0
    assert plain(page, "#connection") == "Connection lost, reconnecting…"
    outage.restore()
    page.wait_for_selector("#connection", state="hidden")
    assert not page.errors, page.errors
    page.context.close()


def test_a_phone_whose_wifi_drops_without_a_word_says_so_and_catches_up(browser, server):
    """P1's phone loses its Wi-Fi: its socket is not closed (the browser is told nothing
    for minutes, as on a phone whose network vanishes), yet the page soon says that the
    connection is lost. P2 leaves the table meanwhile; back on the Wi-Fi, the page shows
    it (before: it stayed silent on a stale table for as long as the phone was offline)."""
    _, tokens = server.table("diciassette", 3, humans=2)
    page = new_page(browser, "fr-FR", PHONE)
    page.goto(f"{server.url}/play/{tokens[0]}")
    page.wait_for_selector("#leave")
    with server.client() as bob:
        bob.hello(tokens[1])
        page.context.set_offline(True)
        page.wait_for_selector("#connection:not([hidden])")
        assert plain(page, "#connection") == "Connexion perdue, reconnexion…"
        bob.send({"type": "leave"})
        bob.expect("left")
        page.context.set_offline(False)
        page.wait_for_selector("#connection", state="hidden")
        page.wait_for_function("() => [...document.querySelectorAll('.seat')].some((s) => "
                               "/P2/.test(s.textContent) && /a quitté la table/"
                               ".test(s.textContent))")
    assert not page.errors, page.errors
    page.context.close()


class BusyServer:
    """A server slow to answer (loaded, or on a slow link): the first socket's frames from
    its hello on wait (`held`) until `release`, as they wait behind the hello in the
    server's loop; `hold` makes its next ones wait again. Later sockets go through."""

    def __init__(self, page) -> None:
        self.held: list = []
        self.holding = False
        self.first = None
        page.route_web_socket("**/ws", self._route)

    def _route(self, route) -> None:
        server = route.connect_to_server()
        if self.first is None:
            self.first = server
            route.on_message(self._from_page)

    def _from_page(self, message) -> None:
        self.holding = self.holding or '"hello"' in str(message)
        if self.holding:
            self.held.append(message)
        else:
            self.first.send(message)

    def hold(self) -> None:
        self.holding = True

    def release(self) -> None:
        self.holding = False
        while self.held:
            self.first.send(self.held.pop(0))


def opened_on_a_busy_server(browser, server):
    """P1's page (of 17, with P2) on a `BusyServer`, its first socket open, its hello sent
    and held, the page's clock in the test's hands: the page and the `BusyServer`."""
    _, tokens = server.table("diciassette", 3, humans=2)
    page = new_page(browser, "en-GB", PHONE)
    spy(page)
    busy = BusyServer(page)
    page.clock.install()
    page.goto(f"{server.url}/play/{tokens[0]}")
    page.wait_for_function("() => window.__sockets.length === 1 && "
                           "window.__sockets[0].readyState === WebSocket.OPEN")
    return page, busy


def test_a_page_whose_hello_waits_long_is_not_taken_for_lost(browser, server):
    """The server takes long to answer P1's hello (it is busy, or the phone's network is
    slow): the page keeps waiting on its socket, with no ping the server could only answer
    after the hello (before: after 9 s it took the socket for lost and opened another,
    whose hello waited as long: under load, pages reconnecting in a loop, each reconnection
    one more hello to answer). Once the answer comes, the table is there."""
    page, busy = opened_on_a_busy_server(browser, server)
    page.clock.run_for(30_000)
    assert page.evaluate("window.__sockets.length") == 1
    assert [str(m) for m in busy.held if "ping" in str(m)] == []
    busy.release()
    page.wait_for_selector("#leave")
    assert page.locator("#connection").is_hidden()
    assert not page.errors, page.errors
    page.context.close()


def test_a_hello_unanswered_for_a_minute_is_tried_again(browser, server):
    """P1's socket dies as it opens: its hello is never answered, and no ping asks before
    it is. After a minute the page takes it for lost, and its next socket brings
    the table."""
    page, _ = opened_on_a_busy_server(browser, server)  # held for good
    page.clock.run_for(55_000)
    assert page.evaluate("window.__sockets.length") == 1
    page.clock.run_for(10_000)
    page.wait_for_selector("#leave")
    assert page.evaluate("window.__sockets.length") == 2
    assert not page.errors, page.errors
    page.context.close()


def test_a_page_on_a_slow_link_waits_for_its_ping_s_answer_as_long_as_its_hello_took(
        browser, server):
    """P1's phone is on a slow network: its hello's answer took 10 s to come. Its ping,
    after 5 s of silence, waits 6 s for its answer: the page waits for it, as the hello
    showed how slow the link is (before: 4 s at most whatever the link, then taken for
    lost and opened again, in a loop on a link that slow)."""
    page, slow = opened_on_a_busy_server(browser, server)
    page.clock.run_for(10_000)
    slow.release()
    page.wait_for_selector("#leave")
    slow.hold()
    page.clock.run_for(12_000)  # a ping after 5 s of silence, unanswered 6 s later
    assert [str(m) for m in slow.held] == ['{"type":"ping"}']
    assert page.evaluate("window.__sockets.length") == 1
    assert page.locator("#connection").is_hidden()
    slow.release()
    assert not page.errors, page.errors
    page.context.close()


def test_a_chat_line_said_while_a_page_was_cut_off_reaches_it_once_back(browser, server):
    """P2 writes while P1's page has lost its connection: once back by itself, P1's page
    shows that line, and the line said before the cut once only (before: a page coming
    back heard the chat again only when opened afresh, and the line was lost to it)."""
    _, tokens = server.table("diciassette", 3, humans=2)
    page = new_page(browser, "en-GB", PHONE)
    outage = Outage(page)
    page.goto(f"{server.url}/play/{tokens[0]}")
    page.wait_for_selector("#leave")
    lines = """() => [...document.querySelectorAll('#chat-list li')]
                 .map((li) => li.querySelector('strong').textContent + li.lastChild.textContent)"""
    with server.client() as bob:
        bob.hello(tokens[1])
        bob.send({"type": "chat", "text": "hello"})
        page.wait_for_function(f"() => ({lines})().length === 1")
        outage.cut()
        page.wait_for_selector("#connection:not([hidden])")
        bob.send({"type": "chat", "text": "still there?"})
        bob.expect("chat", text="still there?")
        outage.restore()
        page.wait_for_selector("#connection", state="hidden")
        page.wait_for_function(f"() => ({lines})().length > 1")
    said = page.evaluate(lines)
    assert said == ["P2: hello", "P2: still there?"], said
    assert not page.errors, page.errors
    page.context.close()


WHO = "#rematch-offer > p"  # who is at the rematch already


def test_a_rematch_asked_on_one_device_says_you_are_there_on_the_other(browser, server):
    """P1's seat is open on her laptop and on her phone; she asks for the rematch on the
    laptop, which goes there. Her phone's final screen says she is already at the new
    table (then with P2, once he sits down), not "Rematch proposed by P1", her own name
    as if someone else's."""
    _, tokens = server.table("diciassette", 3, humans=2)
    with server.client() as ann, server.client() as bob:
        ann.hello(tokens[0])
        bob.hello(tokens[1])
        drive([ann, bob])
        laptop, phone = new_page(browser, "fr-FR"), new_page(browser, "fr-FR", PHONE)
        for page in (laptop, phone):
            page.goto(f"{server.url}/play/{tokens[0]}")
            page.wait_for_selector("#rematch:enabled")
        laptop.click("#rematch")
        laptop.wait_for_url(lambda url: url != phone.url)
        phone.wait_for_selector("#rematch-offer")
        assert plain(phone, WHO) == "Revanche : vous êtes déjà à la nouvelle table."
        bob.hello(bob.expect("rematch")["url"].rsplit("/", 1)[1])
        phone.wait_for_function("w => /P2/.test(document.querySelector(w).textContent)",
                                arg=WHO)
        assert plain(phone, WHO) == ("Revanche : vous êtes déjà à la nouvelle "
                                                "table, avec P2.")
        assert phone.get_attribute("#rematch-join", "href") == \
            laptop.url.removeprefix(server.url)
    for page in (laptop, phone):
        assert not page.errors, page.errors
        page.context.close()


def test_the_spectator_screen_of_a_waiting_table_says_whom_it_waits_for(browser, server):
    """The tablet by the TV shows a rematch still waiting: it says whom the table waits
    for, as the seats' pages do (before: "Waiting for the other players" and nothing
    else), with nothing of what only a seated person may do; once everyone is seated it
    is the table."""
    tokens, offered = rematch_of_three(server)
    with server.client() as ada:
        ada.hello(offered[0].rsplit("/", 1)[1])
        rematch = server.master.storage.table_by_token(offered[0].rsplit("/", 1)[1])[0]
        tablet = new_page(browser, "fr-FR", {"width": 1024, "height": 768})
        tablet.goto(f"{server.url}/watch/{rematch.spectator}")
        tablet.wait_for_selector("#waiting-for")
        assert plain(tablet, "#waiting-for") == "On attend encore P2 et P3."
        assert tablet.locator(".kept-seat, #invite-link, #invite-share").count() == 0
        ada.send({"type": "give_seat", "seat": 1, "to": "bot"})
        ada.send({"type": "give_seat", "seat": 2, "to": "bot"})
        tablet.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert tablet.locator("#moves").is_hidden()
    assert not tablet.errors, tablet.errors
    tablet.context.close()


class GiftsLost(Outage):
    """An `Outage` in which the page's `give_seat` frames never reach the server (lost on
    the way, the connection dropping just then)."""

    def _route(self, route) -> None:
        if self.down:
            route.close()
            return
        self.routes.append(route)
        server = route.connect_to_server()
        route.on_message(lambda message: None if json.loads(message)["type"] == "give_seat"
                         else server.send(message))


def test_a_gift_lost_with_the_connection_leaves_the_seat_s_buttons_live_once_back(
        browser, server) -> None:
    """P1 confirms "Let the bot play" just as the connection drops, the frame lost with it:
    once the page is back by itself, P2's seat is still kept and its buttons are live
    again (before: the question stayed, its two buttons disabled for good)."""
    outage: list[Outage] = []
    _, _, ada, camille = waiting_with_a_seat_kept(
        browser, server, prepare=lambda page: outage.append(GiftsLost(page)))
    with camille:
        give_from(ada, 1, "bot")
        ada.wait_for_selector("#give-yes:disabled")
        outage[0].cut()
        ada.wait_for_selector("#connection:not([hidden])")
        outage[0].restore()
        ada.wait_for_selector("#connection", state="hidden")
        ada.wait_for_selector(".kept-seat[data-seat='1'] button.give-bot:enabled")
        assert ada.locator(".give-confirm").count() == 0
        assert camille.last_update["table"]["seats"][1]["kept"]
    assert not ada.errors, ada.errors
    ada.context.close()


def cut_on_my_turn(browser, server, locale: str = "en-GB"):
    """P1's page of 17 against two bots, the keyboard on its first move, when its
    connection drops on P1's turn: the page, the `Outage`, the move focused (its data
    attributes) and the move's number."""
    _, (token,) = server.table("diciassette", 3)
    page = new_page(browser, locale)
    outage = Outage(page)
    page.goto(f"{server.url}/play/{token}")
    page.wait_for_function("() => document.body.dataset.interactive === 'yes'")
    first = page.locator(MOVES).first
    first.focus()
    focused = first.evaluate("n => [n.dataset.action, n.dataset.actions]")
    move = page.evaluate("document.body.dataset.move")
    outage.cut()
    page.wait_for_selector("#connection:not([hidden])")
    return page, outage, focused, move


def test_the_moves_wait_for_the_connection_and_say_so(browser, server) -> None:
    """P1's connection drops on P1's turn: every move (buttons, cards) is disabled at once
    and one sentence by them says why (before: they looked live, and a click said "Nothing
    was sent"); the keyboard stays among the moves, not thrown to the top of the page.
    Back by itself, the first update makes them live again, the keyboard on the move it
    was on, and Enter there plays."""
    page, outage, focused, move = cut_on_my_turn(browser, server)
    assert page.locator(MOVES).count() == 0
    assert page.locator("#board button:enabled, #moves button.move:enabled").count() == 0
    assert plain(page, "#moves-offline") == ("Connection lost: you can play again once it "
                                             "is back.")
    assert page.evaluate("() => !!document.activeElement.closest('#moves')")
    outage.restore()
    page.wait_for_selector("#connection", state="hidden")
    page.wait_for_selector(MOVES)
    assert page.locator("#moves-offline").count() == 0
    assert page.evaluate("n => [n.dataset.action, n.dataset.actions]",
                         page.evaluate_handle("document.activeElement")) == focused
    page.keyboard.press("Enter")
    if page.locator(".chooser").count():  # a card of 17: face up or face down
        page.keyboard.press("Enter")
    page.wait_for_function("m => document.body.dataset.move !== m", arg=move)
    assert page.locator("#alert").is_hidden()
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_friend_arriving_with_every_seat_taken_is_offered_to_watch(browser, server, lang):
    """Denis opens the invite once both seats are taken and the game is on: the join page
    says every seat is taken and leads him to watch the game (the spectator's public
    view), where before there was no way on. A finished game's invite leads to no game
    to watch (it says the game is over, as before)."""
    created = server.create("diciassette", 3, [{"kind": "human"}, {"kind": "human"},
                                               {"kind": "bot", "level": "easy"}])
    server.join(created["invite"], 0, "Ann")
    waiting = server.api.get(f"/api/join/{created['invite']}").json()
    assert waiting["watch_url"] == created["spectator_url"]
    server.join(created["invite"], 1, "Bob")
    denis = new_page(browser, LOCALES[lang], PHONE)
    denis.goto(f"{server.url}/join/{created['invite']}")
    denis.wait_for_selector("#join-none")
    assert plain(denis, "#join-none") == {
        "en": "Every seat is taken. Watch the game",
        "fr": "Toutes les places sont prises. Regarder la partie"}[lang]
    denis.click("#join-watch")
    denis.wait_for_url(f"**{created['spectator_url']}")
    denis.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert denis.locator("#moves").is_hidden()  # watching: no seat's moves
    assert not denis.errors, denis.errors
    denis.context.close()
    _, tokens = server.table("diciassette", 3, humans=1)
    over = server.master.storage.table_by_token(tokens[0])[0]
    with server.client() as ann:
        ann.hello(tokens[0])
        drive([ann])
    assert "watch_url" not in server.api.get(f"/api/join/{over.invite}").json()
