"""Friends join from their own phones on the same Wi-Fi: `serve` says where the phones
reach it, the invite links lead there (not to the 127.0.0.1 the host opened), a server
only this computer reaches says so in the invite box, and the invite's code to scan holds
the invite link (read back from the page's screenshot, as a phone's camera would).

Real servers on free ports (`ludotheque serve` as a process where its printout or its
options matter), real Chromium."""

from __future__ import annotations

import io
import re

import httpx
import zxingcpp
from PIL import Image

from chromium import PHONE
from test_browser import create_table, join, new_page
from tests.test_cli import invoke, usage_error

PUBLIC = "https://ludo.example.org"


def scanned(page, code: str = "#invite-qr") -> str:
    """The text of a code to scan (the invite's), read from the page as a camera sees it."""
    png = page.locator(code).screenshot()
    codes = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(codes) == 1 and codes[0].format == zxingcpp.BarcodeFormat.QRCode, codes
    return codes[0].text


def waiting_table(server) -> dict:
    """A table of two people created through the API (its answer), nobody seated."""
    return server.api.post("/api/tables", json={
        "game": "diciassette", "players": 2, "seats": [{"kind": "human"}] * 2}).json()


def seat(server, invite: str) -> str:
    """Seat 0's token, "Ada" sitting down by the invite."""
    return server.api.post(f"/api/join/{invite}", json={"seat": 0, "name": "Ada"}) \
        .json()["seat_url"].rsplit("/", 1)[1]


def test_serve_on_every_interface_prints_the_local_network_link_and_invites_lead_there(
        start_server_process) -> None:
    """Bound to 0.0.0.0, `serve` prints its link here and this machine's address on the
    local network, which answers; a table created from the page opened at 127.0.0.1 gets
    its invite link on that address (the host's own link stays relative); a page opened
    on the network address keeps its own origin."""
    server = start_server_process(host="0.0.0.0")
    printed = " ".join(server.log_path.read_text().split())
    assert f"The web table: http://127.0.0.1:{server.port}/ (Ctrl-C stops it)" in printed
    found = re.findall(r"same network \(Wi-Fi\): (http://\S+/)", printed)
    assert found and all(not link.startswith("http://127.") for link in found), printed
    network = found[0].rstrip("/")
    assert httpx.get(network + "/api/games", timeout=10).status_code == 200
    created = waiting_table(server)
    assert created["invite_link"] == network + created["invite_url"]
    assert created["spectator_link"] == network + created["spectator_url"]
    invite = created["invite_url"].rsplit("/", 1)[1]
    there = httpx.get(f"{network}/api/join/{invite}", timeout=10).json()
    assert there["invite_link"] == network + created["invite_url"]


def test_serve_on_every_ipv6_interface_prints_links_that_answer(start_server_process) -> None:
    """Bound to `::`, the server listens on IPv6 alone (asyncio sets IPV6_V6ONLY, whatever
    the system's dual-stack setting): `serve` printed a 127.0.0.1 link that opened
    nothing (it did not even start: `::` was tried as an IPv4 address first). Its link
    here is [::1], its local network's are IPv6 ones, and each answers; an invite leads to
    the first. (This machine has IPv6 loopback and a unique local address, fd00::2.)"""
    server = start_server_process(host="::")  # it answers at its url: [::1] (or fails)
    printed = " ".join(server.log_path.read_text().split())
    assert f"The web table: http://[::1]:{server.port}/ (Ctrl-C stops it)" in printed, printed
    found = re.findall(r"same network \(Wi-Fi\): (http://\S+/)", printed)
    assert found and all(link.startswith("http://[") for link in found), printed
    for link in found:
        assert httpx.get(link + "api/games", timeout=10).status_code == 200
    created = waiting_table(server)
    assert created["invite_link"] == found[0].rstrip("/") + created["invite_url"]


def test_a_public_url_leads_the_invite_links_and_their_code_to_scan(browser,
                                                                    start_server_process) -> None:
    """`--public-url` (a proxy, a name): the API's invite link, the lobby's and the
    waiting table's, each with a code to scan that a camera reads as that very link (no
    seat token in it); the host's own page stays on its origin."""
    server = start_server_process(args=["--public-url", PUBLIC + "/"])
    assert f"Invite links lead to {PUBLIC}/" in server.log_path.read_text()
    lobby = new_page(browser, "fr-FR")
    link, _spectator = create_table(lobby, server.url, "diciassette", 2, ["human", "human"],
                                    shared=PUBLIC)
    assert re.fullmatch(re.escape(PUBLIC) + r"/join/[\w-]+", link), link
    assert scanned(lobby) == link
    alt = re.sub(r"[\u00a0\u202f]", " ", lobby.get_attribute("#invite-qr", "alt"))
    assert alt == f"Code à scanner avec l'appareil photo d'un téléphone : il ouvre {link}"
    invite = link.rsplit("/", 1)[1]
    token = seat(server, invite)
    assert token not in link
    table = new_page(browser, "en-GB", PHONE)
    table.goto(f"{server.url}/play/{token}")  # the host's page: on its own origin
    table.wait_for_selector("#invite-qr")
    assert table.input_value("#invite-link") == link
    assert scanned(table) == link
    assert table.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not lobby.errors and not table.errors, (lobby.errors, table.errors)


def test_the_spectator_link_has_its_code_to_scan_one_tap_away(browser,
                                                              start_server_process) -> None:
    """The lobby's answer: the invite's code in view (the one friends scan), the spectator
    link's code one tap away (a tablet by the TV), read by a camera as that link, on a
    phone's width, in both languages; the API gives it beside the invite's."""
    server = start_server_process(args=["--public-url", PUBLIC])
    for locale, summary, alt in (
            ("en-GB", "Its code to scan, for a tablet or a TV that follows the game",
             "Code to scan with a phone's camera: it opens {}"),
            ("fr-FR", "Son code à scanner, pour une tablette ou une télévision qui suit la "
             "partie", "Code à scanner avec l'appareil photo d'un téléphone : il ouvre {}")):
        lobby = new_page(browser, locale, PHONE)
        link, spectator = create_table(lobby, server.url, "diciassette", 2,
                                       ["human", "human"], shared=PUBLIC)
        assert lobby.locator("#spectator-qr").is_hidden()  # one code in view: the invite's
        assert scanned(lobby) == link
        lobby.locator(".spectator-code summary").click()
        assert lobby.locator(".spectator-code summary").text_content() == summary
        assert scanned(lobby, "#spectator-qr") == spectator
        assert re.fullmatch(re.escape(PUBLIC) + r"/watch/[\w-]+", spectator), spectator
        assert re.sub(r"[\u00a0\u202f]", " ", lobby.get_attribute("#spectator-qr", "alt")) \
            == alt.format(spectator)
        assert lobby.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not lobby.errors, lobby.errors
        lobby.context.close()
    created = waiting_table(server)
    assert created["spectator_qr"].startswith("data:image/svg+xml")
    assert created["spectator_link"] == PUBLIC + created["spectator_url"]


def test_a_server_only_this_computer_reaches_says_so_in_the_invite_box(
        browser, start_server_process) -> None:
    """Bound to 127.0.0.1 and opened there: `serve` says how to open it to phones; no link
    for other devices in the API, and the invite box says phones cannot open it and how
    to fix it, in the page's language, with no code to scan (a phone would open nothing)."""
    server = start_server_process(args=["--lang", "fr"])
    printed = " ".join(server.log_path.read_text().replace("\u202f", " ").split())
    assert "Seul cet ordinateur peut l'ouvrir : pour les téléphones du même Wi-Fi, " \
           "lancez-la avec --host 0.0.0.0 (make run HOST=0.0.0.0)." in printed
    lobby = new_page(browser, "en-GB")
    create_table(lobby, server.url, "diciassette", 2, ["human", "human"])
    said = lobby.locator("#invite-unreachable").text_content()
    assert said.startswith("Phones cannot open this link: the server listens on this "
                           "computer only.") and "--host 0.0.0.0" in said, said
    assert lobby.locator("#invite-qr, #spectator-qr").count() == 0
    created = waiting_table(server)
    assert created["invite_link"] is None and created["invite_qr"] is None
    assert created["spectator_link"] is None and created["spectator_qr"] is None
    invite = created["invite_url"].rsplit("/", 1)[1]
    token = seat(server, invite)
    table = new_page(browser, "fr-FR")
    table.goto(f"{server.url}/play/{token}")
    table.wait_for_selector("#invite-unreachable")
    assert table.locator("#invite-unreachable").text_content().startswith(
        "Les téléphones ne peuvent pas ouvrir ce lien")
    assert table.input_value("#invite-link") == server.url + created["invite_url"]
    assert table.locator("#invite-qr").count() == 0
    assert not lobby.errors and not table.errors, (lobby.errors, table.errors)


def test_a_public_url_that_cannot_lead_a_phone_anywhere_is_refused_in_words() -> None:
    for url in ("ludo.example.org", "ftp://ludo.example.org", "https://ludo.example.org/ludo",
                "https://ludo.example.org/?x=1", "https://ada:pw@ludo.example.org",
                "https://ludo.example.org:99999", "https://ludo example.org",
                "https://ludo.example.org:", "http://ludo.example.org:0"):
        for lang, said in (("en", f"--public-url {url} is not an address a phone can open"),
                           ("fr", f"--public-url {url} n'est pas une adresse qu'un "
                                  "téléphone puisse")):
            result = usage_error(invoke(["serve", "--public-url", url, "--lang", lang]))
            assert said in result.flat, result.text


def test_a_host_header_that_names_no_host_gets_no_link_on_it(server) -> None:
    """The links for other devices take the page's origin from the request's Host header,
    which anyone may write: one that is no host name or address (too long for a name, or
    holding what a name cannot) leads no link anywhere and costs the server no code to
    scan (a 3,000-character one was a QR code too large to make: a 500); a well-formed
    name keeps its origin."""
    invite = waiting_table(server)["invite_url"].rsplit("/", 1)[1]
    for host in ("a" * 3000 + ".example", "a" * 64 + ".example", "ludo example.org",
                 "-ludo.example.org", "ludo.example.org:99999", "ludo.example.org:8o",
                 "[::1", "[ludo]:80", "ludo..example.org"):
        answer = server.api.get(f"/api/join/{invite}", headers={"Host": host})
        assert answer.status_code == 200, (host, answer.text)
        assert answer.json()["invite_link"] is None and answer.json()["invite_qr"] is None, host
    for host in ("ludo.example.org:8000", "192.168.1.20", "[2001:db8::5]:8000"):
        answer = server.api.get(f"/api/join/{invite}", headers={"Host": host}).json()
        assert answer["invite_link"] == f"http://{host}/join/{invite}", host
        assert answer["invite_qr"].startswith("data:image/svg+xml"), host


# How many lines `command` takes in `p`'s text, as drawn: the rectangles of the range of
# text it covers (across elements), counted by their distinct tops.
LINES_OF = """(p, command) => {
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let text = "";
  while (walker.nextNode()) {
    nodes.push([walker.currentNode, text.length]);
    text += walker.currentNode.data;
  }
  const start = text.indexOf(command);
  if (start < 0) return 0;
  const at = (index, inside) => {
    const [node, offset] = nodes.find(([n, o]) => inside(index, o + n.data.length));
    return [node, index - offset];
  };
  const range = document.createRange();
  range.setStart(...at(start, (i, end) => i < end));
  range.setEnd(...at(start + command.length, (i, end) => i <= end));
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top)
    .sort((a, b) => a - b);
  return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 4).length;
}"""


def test_the_commands_of_the_invite_box_hint_never_break_at_phone_width(browser, server) -> None:
    """A server only this computer reaches: the invite box's hint names the commands that
    open it to phones; at a phone's width each one stays whole on one line (a break
    between "--" and "host" reads as two words), in both languages."""
    for locale in ("en-GB", "fr-FR"):
        lobby = new_page(browser, locale, PHONE)
        create_table(lobby, server.url, "diciassette", 2, ["human", "human"])
        hint = lobby.locator("#invite-unreachable")
        for command in ("ludotheque serve --host 0.0.0.0", "make run HOST=0.0.0.0"):
            lines = hint.evaluate(LINES_OF, command)
            assert lines == 1, (locale, command, lines, hint.text_content())
        assert lobby.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not lobby.errors, lobby.errors
        lobby.context.close()


def test_a_host_seated_from_the_lobby_finds_the_spectator_code_for_the_tv(
        browser, start_server_process) -> None:
    """The host sits down at the laptop from the lobby (a seat "at this screen"): the lobby
    goes straight to the table, and no page gave her the spectator link for the tablet by
    the TV. Her seat's page has it one tap away, with its code on the network address;
    the tablet scans it and follows the public table, the fold stays while the game runs.
    The API gives it for a spectator's token only."""
    server = start_server_process(host="0.0.0.0")
    host = new_page(browser, "en-GB")
    host.goto(server.url + "/")
    host.wait_for_selector(".game-card")
    host.select_option("#game", "diciassette")
    host.fill("#players", "3")
    host.dispatch_event("#players", "input")
    for index, kind in enumerate(["here", "human", "easy"]):
        host.select_option(f"#seat-{index}", kind)
    host.fill("#seat-name-0", "Hal")
    host.click("#create-submit")
    host.wait_for_selector("#invite-qr")
    assert host.locator("#spectator-qr").is_hidden()  # one code in view: the invite's
    host.locator("#watch-share summary").click()
    assert host.locator("#watch-share summary").text_content() == \
        "A screen for everyone (a TV, a tablet): the spectator link and its code"
    spectator = scanned(host, "#spectator-qr")
    assert re.fullmatch(r"http://(?!127\.)[\d.]+:\d+/watch/[\w-]+", spectator), spectator
    assert host.input_value("#spectator-link") == spectator
    tv = new_page(browser, "fr-FR")
    tv.goto(spectator)
    tv.wait_for_function("() => document.body.dataset.status === 'waiting'")
    join(new_page(browser, "fr-FR", PHONE), scanned(host), "Bob")
    for page in (host, tv):
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
    tv.wait_for_selector("#board .scene")
    assert host.locator("#spectator-qr").is_visible()  # still open, for a TV that comes late
    assert tv.locator("#watch-share").is_hidden() and tv.locator("#board .hand").count() == 0
    token = spectator.rsplit("/", 1)[1]
    assert server.api.get(f"/api/watch/{token}").json()["spectator_link"] == spectator
    seat_token = host.url.rsplit("/", 1)[1]
    for wrong in (seat_token, "nope"):
        assert server.api.get(f"/api/watch/{wrong}").status_code == 404
    assert not host.errors and not tv.errors, (host.errors, tv.errors)


def test_a_phone_that_lost_its_tab_gets_its_seat_back_by_the_invite(browser, server) -> None:
    """Cat's phone locked and the browser dropped the tab: the link she still has is the
    invite (the code she scanned, the message she got). It said "Every seat is taken",
    her own included, with no way back; it now leads her back to her seat, in her language,
    at a phone's width. Another phone opening the invite is offered no one's seat."""
    ada = new_page(browser, "en-GB")
    invite, _ = create_table(ada, server.url, "diciassette", 3, ["human", "human", "easy"])
    join(ada, invite, "Ada")
    cat = new_page(browser, "fr-FR", PHONE)
    join(cat, invite, "Cat")
    seat_url = cat.url
    cat.wait_for_selector("#board .hand")
    cat.close()  # the tab is gone; the phone's browser (its context) stays
    again = cat.context.new_page()
    again.goto(invite)
    again.wait_for_selector("#back-to-seat")
    assert re.sub(r"[\u00a0\u202f]", " ", again.locator("#back-box p").text_content()) == \
        "Cat, vous avez déjà une place à cette table."
    assert again.locator("#back-to-seat").text_content() == "Retourner à ma place"
    assert again.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    again.click("#back-to-seat")
    again.wait_for_url(seat_url)
    again.wait_for_selector("#board .hand")
    assert again.evaluate("document.body.dataset.seat") == "1"
    stranger = new_page(browser, "en-GB", PHONE)
    stranger.goto(invite)
    stranger.wait_for_selector("#join-submit")
    assert stranger.locator("#back-box").count() == 0
    assert not ada.errors and not stranger.errors, (ada.errors, stranger.errors)
