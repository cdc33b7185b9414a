"""A page whose texts could not be loaded (`/api/texts`: a phone on a bad network, the
server restarting), in Chromium on the real server. A brief blip costs nothing: the page
tries again. A lasting failure says so in both languages, with a button that reloads,
and shows nothing else (no raw keys, no half-drawn page); once the texts can be had, the
reload brings the page back."""

from __future__ import annotations

import pytest

from test_a11y import violations
from test_browser import new_page
from test_server_api import play_to_end

TEXTS = "**/api/texts*"
LOBBY_TITLE = {"en-GB": "Choose a game, set the table, invite your friends",
               "fr-FR": "Choisissez un jeu, installez la table, invitez vos amis"}
EN = "The page could not load its texts: check your connection, then reload it."
FR = "La page n'a pas pu charger ses textes\u00a0: vérifiez votre connexion, puis rechargez-la."
# the page's own language first
FAILED = {"en-GB": ([EN, FR], "Reload / Recharger"), "fr-FR": ([FR, EN], "Recharger / Reload")}


@pytest.mark.parametrize("locale", sorted(LOBBY_TITLE))
def test_a_lobby_whose_first_request_for_its_texts_fails_tries_again_and_loads(
        browser, server, locale: str) -> None:
    page = new_page(browser, locale)
    aborted: list[str] = []

    def abort_first(route) -> None:
        if aborted:
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    page.route(TEXTS, abort_first)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card")
    assert page.locator("#title").text_content() == LOBBY_TITLE[locale]
    assert len(aborted) == 1 and not page.locator("#texts-failed").count()
    assert not page.errors, page.errors
    page.context.close()


def page_url(server, kind: str) -> str:
    if kind == "lobby":
        return server.url + "/"
    if kind == "join":
        return server.url + server.create("diciassette", 3)["invite_url"]
    if kind == "table":
        _, (token,) = server.table("dtc", 3)
        return f"{server.url}/play/{token}"
    created, _ = play_to_end(server, "wazabi", 2)
    return f"{server.url}/replay/{created['table']}"


# each kind of page, what shows it is drawn, and a language (the message holds both)
PAGES = [("lobby", ".game-card", "en-GB"), ("join", "#name", "fr-FR"),
         ("table", "#board .scene", "fr-FR"), ("replay", "#board .scene", "en-GB")]


@pytest.mark.parametrize(("kind", "ready", "locale"), PAGES, ids=[kind for kind, *_ in PAGES])
def test_a_page_whose_texts_cannot_be_had_says_so_in_both_languages_and_reloads(
        browser, server, kind: str, ready: str, locale: str) -> None:
    url = page_url(server, kind)
    page = new_page(browser, locale)
    page.route(TEXTS, lambda route: route.abort())
    page.goto(url)
    alert = page.locator("#texts-failed [role=alert]")
    alert.wait_for()
    message, reload = FAILED[locale]
    assert alert.locator("p").all_text_contents() == message
    assert page.locator("#texts-reload").text_content() == reload
    # nothing else of the page is shown: no raw key, no empty frame around the message
    assert page.evaluate("""() => [...document.body.children].filter(
        (node) => node.id !== 'texts-failed' && !node.hidden).length""") == 0
    assert violations(page) == []
    page.unroute(TEXTS)
    page.click("#texts-reload")
    page.wait_for_selector(ready)
    assert not page.locator("#texts-failed").count()
    assert not page.errors, page.errors
    page.context.close()
