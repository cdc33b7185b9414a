"""Several people at one screen on the web table (pass the device), in real Chromium on
the real server.

* A whole game of DTC with two seats held by one page (the second added from the waiting
  table's "Add a player at this screen") and a bot: between turns the page is covered
  ("Ada, it's your turn: take the device") and holds no hand and no private log line of
  either seat (compared with what the server tells each seat); revealed, each person sees
  her own hand and log only; after her move, "I'm done: hide my cards"; to the end.
* Two seats at one screen and a third person on her own device: while she plays, the
  shared page shows the table as a spectator sees it.
* A link with an unknown token, one of another table, or a spectator's: a clear error in
  the page's language, the address unchanged, the other seat still there; every seat
  unknown: the one panel of a link that leads nowhere.
* The public view refused (the address holds its share of connections): after her move,
  "I'm done: hide my cards" still hides them while someone elsewhere plays.
* The chat between turns and at the end: the shared screen writes as one of its people
  (chosen, remembered), on her own seat's socket.
* A rematch where one seat of the screen was given away (to a bot, to anyone): the offer
  leads to the seats still theirs, and says whose seat went where.
"""

from __future__ import annotations

import random
import re
import time

import pytest

from ludotheque.i18n import t
from ludotheque.web.limits import Limits
from test_browser import LOCALES, act, is_over, join, new_page, rematch_of_three
from web_servers import DEADLINE, run_app_in_thread, stop_thread_server

MAX_STEPS = 800
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


class Seats:
    """What the server tells each seat held at the screen, and the public table, asked
    afresh on a socket of their own (a page's hello: its whole log, its hand)."""

    def __init__(self, server, tokens: list[str], spectator: str) -> None:
        self.server, self.tokens, self.spectator = server, tokens, spectator
        self.private_seen = 0  # private log lines checked absent (the check is not empty)

    def _frame(self, token: str) -> dict:
        with self.server.client() as client:
            return client.hello(token)

    @staticmethod
    def _lines(frame: dict) -> set[str]:
        return {line for entry in frame["events"] for line in entry["lines"]}

    def public_lines(self) -> set[str]:
        return self._lines(self._frame(self.spectator))

    def own(self, seat: int) -> tuple[list[str], set[str]]:
        """The seat's hand (its cards' texts) and its log lines."""
        frame = self._frame(self.tokens[seat])
        hand = frame["scene"]["hand"]
        return [card["text"] for card in hand["cards"]] if hand else [], self._lines(frame)

    def private_lines(self, seat: int, public: set[str]) -> set[str]:
        return self.own(seat)[1] - public

    def check_hidden(self, page) -> None:
        """Covered or public: no hand, no offer being built, no seat's own log line."""
        # the page first: the server's log may only have grown since (a bot's move)
        shown = set(page.locator("#log li").all_text_contents())
        text = page.evaluate("document.body.textContent")
        assert page.locator("#board .hand, #board .tray, #board .gesture").count() == 0
        public = self.public_lines()
        assert shown <= public, shown - public
        for seat in range(len(self.tokens)):
            for line in self.private_lines(seat, public):
                self.private_seen += 1
                assert line not in text, f"seat {seat}'s private line under the cover: {line}"
        # "leave" and "I'm back" act for the seat shown: nobody's now; the chat writes as
        # one of the people here, chosen by name (nothing more of any seat)
        assert page.locator("#leave, #back").count() == 0
        assert page.locator("#chat-form #chat-as").is_visible()

    def check_revealed(self, page, seat: int, to_play: bool) -> None:
        """The seat shown sees her own hand and log, nothing of the other seat's own.
        `to_play`: she has a decision to make (nothing moves meanwhile: the hand is the
        server's; after her move a bot may play before the server is asked)."""
        faces = page.locator("#board .hand .card > .face").all_text_contents()
        shown = set(page.locator("#log li").all_text_contents())
        hand, lines = self.own(seat)
        if to_play:
            assert faces == hand, (faces, hand)
        assert shown <= lines, shown - lines
        public = self.public_lines()
        for other in range(len(self.tokens)):
            if other != seat:
                for line in self.private_lines(other, public) - lines:
                    assert line not in shown, f"seat {other}'s line shown to seat {seat}"


def plain(text: str) -> str:
    """French typography's no-break spaces (« : ») as plain ones."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def screen(page) -> str:
    return page.evaluate("document.body.dataset.screen || ''")


def settled(page) -> None:
    """Wait until the page shows a cover, a seat that may act or is done (its move made: the
    hide button is the main one; not while the move is on its way), the public table or the
    end."""
    page.wait_for_function("""() => { const b = document.body.dataset;
      return b.status === 'over' || b.screen === 'cover' || b.screen === 'public'
        || (b.screen === 'seat' && (b.interactive === 'yes'
                                    || !!document.querySelector('#cover-hide.primary'))); }""")


def step(page, rng: random.Random, seats: Seats, names: dict[str, int]) -> str:
    """One thing the people at the shared screen do; what the screen was."""
    settled(page)
    kind = screen(page)
    if is_over(page):
        return "over"
    if kind == "cover":
        title = page.locator("#cover-title").text_content()
        who = next(name for name in names if title.startswith(f"{name},"))
        assert title == f"{who}, it's your turn: take the device"
        assert page.evaluate("document.activeElement.id") == "cover-show"
        assert page.locator("#cover-show").text_content() == f"I'm {who}: show my cards"
        seats.check_hidden(page)
        page.keyboard.press("Enter")  # the button has the focus
        page.wait_for_function("() => document.body.dataset.screen === 'seat'")
        assert page.evaluate("document.body.dataset.seat") == str(names[who])
    elif kind == "seat":
        # read at one moment: her next decision may come right after the end of the last
        # (DTC: an offer accepted, then her own), and the button follows
        seat, to_play, hide = page.evaluate("""() => [Number(document.body.dataset.seat),
          document.body.dataset.interactive === 'yes',
          document.getElementById('cover-hide').textContent]""")
        if to_play:  # a mistaken "I'm Ada" can cover the screen again before her move
            assert hide == "Hide my cards"
            seats.check_revealed(page, seat, to_play)
            act(page, rng)
            return "move"
        else:  # her move is made: what it did stays until she hides her cards
            assert hide == "I'm done: hide my cards"
            seats.check_revealed(page, seat, to_play)
            page.click("#cover-hide")
            page.wait_for_function("() => document.body.dataset.screen !== 'seat'")
            return "done"
    elif kind == "public":
        seats.check_hidden(page)
    return kind


def shared_table(browser, server, game: str, seats: list[str]):
    """A table created with `seats` ("human" or a bot's level), its first two human seats
    taken on one page: Ada by the join page, Bob by "Add a player at this screen"."""
    created = server.create(game, len(seats), [
        {"kind": "human"} if kind == "human" else {"kind": "bot", "level": kind}
        for kind in seats])
    page = new_page(browser)
    join(page, server.url + created["invite_url"], "Ada")
    page.click("#add-player")
    assert page.evaluate("document.activeElement.id") == "add-name"
    page.click("#add-submit")  # no name yet: said, nothing sent
    assert page.locator("#add-error").text_content() == "Please give a name."
    page.fill("#add-name", "Ada")  # taken at this table: the server says so, nothing lost
    page.click("#add-submit")
    page.wait_for_function("() => /already/.test(document.getElementById('add-error').textContent)")
    assert "/play/" in page.url and "+" not in page.url
    page.fill("#add-name", "Bob")
    page.select_option("#add-seat", "1")
    page.click("#add-submit")
    page.wait_for_url("**/play/*+*")
    tokens = page.url.rsplit("/", 1)[1].split("+")
    assert len(tokens) == 2
    return page, created, tokens


def test_two_people_at_one_screen_and_a_bot_never_see_each_others_cards(
        browser, server) -> None:
    rng = random.Random(5)
    page, created, tokens = shared_table(browser, server, "dtc", ["human", "human", "easy"])
    seats = Seats(server, tokens, created["spectator"])
    seen: dict[str, int] = {}
    last = ""
    deadline = time.monotonic() + 4 * DEADLINE
    for _ in range(MAX_STEPS):
        kind = step(page, rng, seats, {"Ada": 0, "Bob": 1})
        seen[kind] = seen.get(kind, 0) + 1
        if kind == last == "move":  # DTC: accept an offer, then make one: no cover between
            seen["twice"] = seen.get("twice", 0) + 1
        last = kind
        if kind == "over":
            break
        assert time.monotonic() < deadline, f"no end in time: {seen}"
    assert is_over(page), seen
    assert seen.get("cover", 0) >= 2 and seen.get("done", 0) >= 2, seen
    assert seen.get("twice", 0) >= 1, seen
    assert seats.private_seen > 0  # DTC's offers: what a giver put in, what a taker got
    # the end is everyone's at the screen: the public table and who won, no one's cards
    page.wait_for_function("() => document.body.dataset.screen === 'public'")
    page.wait_for_selector("#result:not([hidden]) h2")
    assert page.locator("#cover-hide").count() == 0
    assert page.locator("#role").text_content() == ""  # no "nobody's cards" note: it is over
    seats.check_hidden(page)
    # a rematch for both: the page goes to an address holding each one's new seat, where
    # opening it sat them down, and the new game starts covered
    old = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: "/play/" in url and url != old)
    assert len(page.url.rsplit("/", 1)[1].split("+")) == 2
    page.wait_for_selector("#cover-show")
    assert not page.errors, page.errors


def test_a_person_on_her_own_device_plays_while_the_shared_screen_shows_the_public_table(
        browser, server) -> None:
    rng = random.Random(8)
    page, created, tokens = shared_table(browser, server, "dtc", ["human", "human", "human"])
    cat = new_page(browser, "fr-FR")
    join(cat, server.url + created["invite_url"], "Cat")
    seats = Seats(server, tokens, created["spectator"])
    publics = 0
    deadline = time.monotonic() + 4 * DEADLINE
    for _ in range(MAX_STEPS):
        if is_over(page) and is_over(cat):
            break
        if cat.evaluate("document.body.dataset.interactive") == "yes":
            page.wait_for_function("() => document.body.dataset.screen !== 'seat' "
                                   "|| document.getElementById('cover-hide')")
            if screen(page) == "seat":  # Ada or Bob hides her cards first
                page.click("#cover-hide")
            page.wait_for_function("() => document.body.dataset.screen === 'public'")
            seats.check_hidden(page)
            publics += 1
            act(cat, rng)
        elif step(page, rng, seats, {"Ada": 0, "Bob": 1}) == "public":
            cat.wait_for_function("() => document.body.dataset.interactive === 'yes' "
                                  "|| document.body.dataset.status === 'over'")
        assert time.monotonic() < deadline, "no end in time"
    assert is_over(page) and is_over(cat)
    assert publics >= 1
    assert not page.errors and not cat.errors, (page.errors, cat.errors)


def test_a_link_with_a_wrong_seat_says_which_and_keeps_the_others(browser,
                                                                  server) -> None:
    created, (ada,) = server.table("dtc", 3, humans=1)
    _, (other,) = server.table("dtc", 3, humans=1)
    page = new_page(browser, "fr-FR")
    for wrong, says in (("nosuchtoken",
                         "Lien 2 sur 2 de cette adresse : Ce lien ne mène à aucune table"),
                        (other, "Le lien 2 sur 2 de cette adresse est celui d'une autre table"),
                        (created["spectator"],
                         "Le lien 2 sur 2 de cette adresse est un lien de spectateur")):
        url = f"{server.url}/play/{ada}+{wrong}"
        page.goto(url)
        page.wait_for_function("() => !document.getElementById('alert').hidden")
        assert plain(page.locator("#alert").text_content()).startswith(says)
        assert page.url == url  # nothing lost: the address still holds both
        # the seat that is right plays on (one person left: her cover, then her cards)
        page.wait_for_selector("#cover-show")
        assert plain(page.locator("#cover-title").text_content()) == \
            "P1, à vous de jouer : prenez l'appareil"
        assert plain(page.locator("#cover-show").text_content()) == \
            "C'est moi, P1 : voir mes cartes"
        page.click("#cover-show")
        page.wait_for_selector("#board .hand .card")
    assert not page.errors, page.errors


# Counts the times the page's alert came into view (set before any script of the page).
ALERTS_SEEN = """(() => {
  window.__alerts = 0;
  new MutationObserver(() => {
    const alert = document.getElementById("alert");
    if (alert && !alert.hidden && !alert.dataset.seen) { window.__alerts += 1; alert.dataset.seen \
= "1"; }
    if (alert && alert.hidden) delete alert.dataset.seen;
  }).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


def test_a_link_whose_every_seat_is_unknown_shows_the_one_panel(browser,
                                                                server) -> None:
    """A shared screen's link none of whose seats leads to a table (mistyped, or its table
    pruned): the one panel a single seat's link shows, with the way to the lobby, in the
    page's language, and no alert per seat before it. One seat known: she plays on, the
    unknown ones said in one alert."""
    from test_browser import LOCALES, NOWHERE, told_gone

    _, (ada,) = server.table("dtc", 3, humans=1)
    for lang in ("en", "fr"):
        page = new_page(browser, LOCALES[lang])
        page.add_init_script(ALERTS_SEEN)
        page.goto(f"{server.url}/play/nosuchtoken+mistyped+typo")
        told_gone(page, NOWHERE[lang], lang)
        assert page.locator("main").is_hidden()
        assert page.evaluate("window.__alerts") == 0
        page.goto(f"{server.url}/play/nosuchtoken+{ada}+typo")
        page.wait_for_selector("#cover-show")
        assert plain(page.locator("#alert").text_content()).startswith(
            {"en": "Link 1 of 3 in this address: This link does not lead to any table",
             "fr": "Lien 1 sur 3 de cette adresse : Ce lien ne mène à aucune table"}[lang])
        assert page.evaluate("window.__alerts") == 1 and page.locator("#gone").is_hidden()
        assert not page.errors, page.errors
        page.context.close()


def test_a_seats_update_gives_the_public_view_its_spectator_sees(server) -> None:
    """What the shared screen shows between turns: the seat's `watch_url` opens the
    spectator's view (no hand); a spectator's own update carries no link."""
    created, (token,) = server.table("dtc", 3, humans=1)
    with server.client() as seat, server.client() as public:
        mine = seat.hello(token)
        assert mine["watch_url"] == created["spectator_url"]
        watched = public.hello(mine["watch_url"].rsplit("/", 1)[1])
        assert watched["seat"] is None and "watch_url" not in watched
        assert mine["scene"]["hand"]["cards"] and watched["scene"]["hand"] is None


def test_a_family_sits_down_at_one_screen_from_the_lobby(browser, server) -> None:
    """Three people and a bot at one tablet: their seats and names chosen in the lobby,
    then straight to their table (no invite page), which starts covered for one of them."""
    page = new_page(browser, "fr-FR", TABLET)
    page.goto(server.url + "/")
    page.click('.choose-game[data-game="wazabi"]')
    page.fill("#players", "4")
    for seat, name in enumerate(("Ada", "Bob", "ada")):
        page.select_option(f"#seat-{seat}", "here")
        page.fill(f"#seat-name-{seat}", name)
    page.select_option("#seat-3", "easy")
    assert page.locator("label[for='seat-name-0']").text_content() == "Nom"
    page.fill("#seat-name-1", " ")
    page.click("#create-submit")  # a name missing: which seat, and the focus on it
    assert page.locator("#create-error").text_content() == \
        "Indiquez le nom du joueur de la place 2."
    assert page.evaluate("document.activeElement.id") == "seat-name-1"
    page.fill("#seat-name-1", "Bob (facile)")
    page.click("#create-submit")  # a bot's name, said before any table is made
    page.wait_for_function("() => document.getElementById('create-error').textContent"
                           ".includes('facile')")
    assert plain(page.locator("#create-error").text_content()) == (
        "Place 2 : « Bob (facile) » ressemblerait à un bot (un niveau de bot ou « bot » "
        "entre parenthèses) : choisissez un autre nom.")
    assert page.evaluate("document.activeElement.id") == "seat-name-1"
    page.fill("#seat-name-1", "Bob")
    page.click("#create-submit")  # two alike (case aside)
    page.wait_for_function("() => document.getElementById('create-error').textContent"
                           ".includes('ada')")
    assert plain(page.locator("#create-error").text_content()) == \
        "Les places 1 et 3 portent le même nom, « ada » : donnez-leur des noms différents."
    assert page.evaluate("document.activeElement.id") == "seat-name-2"
    assert page.url == server.url + "/" and page.locator("#created").is_hidden()
    tables = server.table_count()
    page.fill("#seat-name-2", "Cat")
    page.click("#create-submit")
    page.wait_for_url("**/play/*+*+*")
    page.wait_for_selector("#cover-show")
    tokens = page.url.rsplit("/", 1)[1].split("+")
    assert len(tokens) == 3
    with server.client() as client:
        seats = client.hello(tokens[0])["table"]["seats"]
    assert [s["name"] for s in seats[:3]] == ["Ada", "Bob", "Cat"]
    assert server.table_count() == tables + 1  # the refusals made none
    title = plain(page.locator("#cover-title").text_content())
    assert any(title == f"{who}, à vous de jouer : prenez l'appareil"
               for who in ("Ada", "Bob", "Cat")), title
    # read at arm's length: large words and a large button (a tablet on the table)
    size = "id => parseFloat(getComputedStyle(document.getElementById(id)).fontSize)"
    assert page.evaluate(size, "cover-title") >= 32 and page.evaluate(size, "cover-show") >= 18
    # measured in one look at the page, on the button drawn now (a redraw replaces it: a
    # locator's box read between two drawings may find none)
    height = "() => { const b = document.getElementById('cover-show');" \
        " return b ? b.getBoundingClientRect().height : null; }"
    page.wait_for_function(f"({height})() > 0")
    assert page.evaluate(height) >= 56
    assert page.evaluate("document.body.dataset.status") == "playing"
    assert not page.errors, page.errors


def test_a_seat_and_its_person_s_name_line_up_in_the_lobby_on_a_phone(browser,
                                                                      server) -> None:
    """390 px: "Place 1" over "Nom", the seat's choice over the name's field, both as wide,
    the two labels alike."""
    page = new_page(browser, "fr-FR", PHONE)
    page.goto(server.url + "/")
    page.click('.choose-game[data-game="wazabi"]')
    page.select_option("#seat-0", "here")
    seat, kind, label, name = (page.locator(sel).bounding_box() for sel in (
        "label[for='seat-0']", "#seat-0", "label[for='seat-name-0']", "#seat-name-0"))
    assert label["x"] == seat["x"] and label["y"] > seat["y"]
    assert (name["x"], name["width"]) == (kind["x"], kind["width"])
    assert name["y"] >= kind["y"] + kind["height"]
    weight = "sel => getComputedStyle(document.querySelector(sel)).fontWeight"
    assert page.evaluate(weight, "label[for='seat-name-0']") == \
        page.evaluate(weight, "label[for='seat-0']")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not page.errors, page.errors


def test_the_cover_tells_its_person_her_time_runs_and_brings_her_back_after_it_ran_out(
        browser, tmp_path) -> None:
    """A turn timer at a shared screen: the cover says whose time runs; once it ran out (a
    stand-in plays for her), the screen no longer asks for the device to be passed to her:
    it shows the public table, says her time ran out, and she comes back with her own
    button, which covers the screen for her again."""
    # the stand-in never plays (a long pause): the seat stays absent until she is back
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_delay=600.0,
                               min_turn_timer=0.2, deals=random.Random(3))
    try:
        created = handle.create("diciassette", 2, turn_timer=4)
        tokens = [handle.join(created["invite"], seat, name)
                  for seat, name in enumerate(("Ada", "Bob"))]
        page = new_page(browser, "fr-FR", TABLET)
        page.goto(f"{handle.url}/play/{'+'.join(tokens)}")
        page.wait_for_selector("#cover-deadline:not([hidden])")
        who = re.match(r"(\w+), à vous de jouer",
                       plain(page.locator("#cover-title").text_content())).group(1)
        assert re.fullmatch(rf"{who}, il vous reste \d+ s pour jouer",
                            plain(page.locator("#cover-deadline").text_content()))
        assert page.locator("#deadline").text_content() == ""  # said once: in the cover
        page.wait_for_selector(".screen-absent")
        # her stand-in's turn: the public table, not a cover asking for the device
        assert page.locator("#cover").count() == 0
        assert page.evaluate("document.body.dataset.screen") == "public"
        assert not page.locator("#board .hand .card").count()
        assert plain(page.locator(".screen-absent p").text_content()) == \
            f"{who}, votre temps est écoulé : un bot jouera à votre place jusqu'à votre retour."
        back = page.locator(".screen-back")
        assert plain(back.text_content()) == f"C'est moi, {who} : je suis de retour"
        back.click()
        page.wait_for_function("() => !document.querySelector('.screen-absent')")
        assert plain(page.locator("#cover-title").text_content()).startswith(f"{who}, à vous")
        assert not page.errors, page.errors
    finally:
        stop_thread_server(handle)


def test_hidden_cards_stay_hidden_when_the_public_view_is_refused(browser,
                                                                  tmp_path) -> None:
    """Two seats at one screen, a third person elsewhere, and the address's cap on sockets
    at three: the page's third socket, the public view's, is refused. Once a person hides
    her cards after her move and the third person is to play, the page holds no hand all
    the same: it shows the table's public part, not the last seat drawn. Nobody at the
    screen is told of that refusal (no alert, no "reconnecting"): nothing is missing."""
    handle = run_app_in_thread(f"sqlite:///{tmp_path / 'capped.sqlite3'}",
                               limits=Limits(sockets=3))
    try:
        _, tokens = handle.table("diciassette", 3, humans=3)
        with handle.client() as cat:
            cat.hello(tokens[2])
            page = new_page(browser)
            page.add_init_script(ALERTS_SEEN)
            page.goto(f"{handle.url}/play/{tokens[0]}+{tokens[1]}")
            rng = random.Random(3)
            hidden = False
            for _ in range(MAX_STEPS):
                settled(page)
                kind = screen(page)
                if kind == "public" and hidden:
                    break
                if kind == "public":  # Cat's turn, before Ada's or Bob's first move
                    frame = cat.until(lambda u: u["legal"])
                    cat.move([frame["legal"][0]["id"]], frame["move"])
                    page.wait_for_function(
                        f"() => document.body.dataset.move !== '{frame['move']}'")
                elif kind == "cover":
                    page.click("#cover-show")
                    page.wait_for_function("() => document.body.dataset.screen === 'seat'")
                elif page.evaluate("document.body.dataset.interactive") == "yes":
                    act(page, rng)
                else:  # her move made: hidden, whoever plays next
                    assert page.locator("#board .hand .card").count()
                    page.click("#cover-hide")
                    page.wait_for_function("() => document.body.dataset.screen !== 'seat'")
                    hidden = True
            assert hidden and screen(page) == "public"
            assert cat.until(
                lambda u: u["move"] == int(page.evaluate("document.body.dataset.move"))
            )["to_act"] == 2
            assert page.locator("#board .hand, #board .card").count() == 0
            assert page.locator("#cover-hide, #moves button").count() == 0
            assert page.evaluate("window.__alerts") == 0
            assert page.locator("#connection").is_hidden()
            assert not page.errors, page.errors
    finally:
        stop_thread_server(handle)


# The page's second socket hears nothing until its first one had its first update: a seat
# of another table (the link's second) answers last, deterministically. The public view's
# updates (a spectator's: no seat) are noted by table.
LAST_SECOND = """(() => {
  const Native = window.WebSocket;
  let opened = 0, firstHeard = false;
  const held = [];
  window.__public = [];
  window.WebSocket = function (...args) {
    const ws = new Native(...args), index = opened++, add = ws.addEventListener.bind(ws);
    ws.addEventListener = (type, listener, ...rest) => add(type, type !== "message" ? listener
      : (message) => {
        const frame = JSON.parse(message.data);
        if (index === 1 && !firstHeard) { held.push(() => listener(message)); return; }
        if (frame.type === "update" && frame.seat === null) window.__public.push(frame.table.id);
        listener(message);
        if (index === 0 && frame.type === "update" && !firstHeard) {
          firstHeard = true;
          held.splice(0).forEach((deliver) => deliver());
        }
      }, ...rest);
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();"""


def test_the_public_view_is_of_the_link_s_table_when_another_table_s_seat_answers_last(
        browser, server) -> None:
    created, (ada,) = server.table("dtc", 3, humans=1)
    other, (elsewhere,) = server.table("diciassette", 3, humans=1)
    page = new_page(browser)
    page.add_init_script(LAST_SECOND)
    page.goto(f"{server.url}/play/{ada}+{elsewhere}")
    page.wait_for_function("() => /another "
                           "table/.test(document.getElementById('alert').textContent)")
    page.wait_for_function("() => window.__public.length > 0")
    assert set(page.evaluate("window.__public")) == {created["table"]}
    assert not page.errors, page.errors


def test_the_shared_screen_chats_between_turns_as_one_of_its_people(browser,
                                                                    server) -> None:
    """Ada and Bob at one screen, Cat elsewhere: covered or on the public table, the screen
    writes as Ada or Bob (chosen in the chat form, remembered on reopening), each line on
    that seat's own socket; a seat shown writes as its person, with no choice."""
    created, tokens = server.table("diciassette", 3, humans=3)
    with server.client() as cat:
        cat.hello(tokens[2])
        page = new_page(browser, "fr-FR")
        page.goto(f"{server.url}/play/{tokens[0]}+{tokens[1]}")
        settled(page)
        assert screen(page) in ("cover", "public")
        assert plain(page.locator("#chat-as-label").text_content()) == "Qui écrit ?"
        assert page.locator("#chat-as option").all_text_contents() == ["P1", "P2"]
        assert page.locator("#chat-form").is_visible()
        page.select_option("#chat-as", "P2")
        page.fill("#chat-text", "bien joué")
        page.click("#chat-send")
        said = cat.expect("chat")
        assert (said["from"], said["seat"], said["text"]) == ("P2", 1, "bien joué")
        page.reload()  # the choice stays
        settled(page)
        page.wait_for_selector("#chat-as-box:not([hidden])")
        assert page.locator("#chat-as").input_value() == "P2"
        page.wait_for_function("() => document.getElementById('chat-list').children.length === 1")
        # a seat shown: its person writes, no choice
        for _ in range(MAX_STEPS):
            settled(page)
            if screen(page) == "cover":
                break
            frame = cat.until(lambda u: u["legal"])
            cat.move([frame["legal"][0]["id"]], frame["move"])
            page.wait_for_function(f"() => document.body.dataset.move !== '{frame['move']}'")
        page.click("#cover-show")
        page.wait_for_function("() => document.body.dataset.screen === 'seat'")
        seat = int(page.evaluate("document.body.dataset.seat"))
        assert page.locator("#chat-as-box").is_hidden()
        page.fill("#chat-text", "à moi")
        page.click("#chat-send")
        said = cat.expect("chat", text="à moi")
        assert (said["from"], said["seat"]) == (f"P{seat + 1}", seat)
        assert not page.errors, page.errors


@pytest.mark.parametrize(("to", "lang"), [("bot", "en"), ("anyone", "fr")])
def test_a_rematch_offer_leads_the_screen_to_its_seats_left_when_one_was_given_away(
        browser, server, to, lang) -> None:
    """P1 and P2 share a tablet, P3 is on her own device: P3 asks for a rematch, sits down
    there and gives P2's kept seat away (to a bot, to anyone). The tablet's offer, first
    for both seats, then leads to P1's seat alone and says, by name, where P2's went;
    joining sits P1 down with no refusal. Before, the offer kept the stale address of both
    seats, the given one refused once there."""
    tokens, offered = rematch_of_three(server, asker=2)
    new = [url.rsplit("/", 1)[1] for url in offered]
    page = new_page(browser, LOCALES[lang], TABLET)
    page.goto(f"{server.url}/play/{tokens[0]}+{tokens[1]}")
    join_link = page.locator("#rematch-join")
    page.wait_for_function(f"""() => (document.getElementById('rematch-join') || {{}})
      .getAttribute?.('href') === '/play/{new[0]}+{new[1]}'""")
    with server.client() as cam:
        cam.hello(new[2])
        cam.send({"type": "give_seat", "seat": 1, "to": to})
        page.wait_for_function(f"""() => (document.getElementById('rematch-join') || {{}})
          .getAttribute?.('href') === '/play/{new[0]}'""")
        key = "web.table.rematch_given_bot" if to == "bot" else "web.table.rematch_given"
        assert plain(page.locator("#rematch-given").text_content()) == plain(
            t(key, lang, name="P2"))
        assert plain(join_link.text_content()) == plain(t("web.table.rematch_join", lang))
        join_link.click()
        page.wait_for_url(f"**/play/{new[0]}")
        seated = cam.until(lambda f: f["table"]["seats"][0]["taken"])
    assert seated["table"]["status"] == ("playing" if to == "bot" else "waiting")
    page.wait_for_function("() => document.body.dataset.status === "
                           f"'{seated['table']['status']}'")
    assert page.locator("#alert").is_hidden()
    assert not page.errors, page.errors
