"""The web table's accessibility, in a real browser (Chromium through Playwright) on the
real server.

* axe-core (axe-playwright-python) on every kind of page, in English and in French: the
  lobby, the join page, a table of each game mid-game, a finished table with its result,
  the replay, a screen several people share (covered, then a seat shown). No violation
  of any impact: the pages have none, and a new one is a real
  fault (a heading skipped, a name missing, text below AA contrast).
* What axe cannot see: a whole game played with the keyboard alone (the focus is never
  lost to the page when the board is drawn again, and always visible); the live regions
  read out what is new, once (the log only grows, "your turn" is not set again to the
  same words); the language switch keeps the focus and the page's `lang`; large text on
  a phone stays within the screen.

axe is injected by Playwright's evaluate (DevTools), which the pages' Content-Security-
Policy does not restrict: the audit needs no `bypass_csp`.
"""

from __future__ import annotations

import random

import pytest
from axe_playwright_python.sync_playwright import Axe

from chromium import DESKTOP, PHONE
from test_browser import SMALL_TARGETS, is_over, new_page

AXE = Axe()
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
GAMES = {"diciassette": 3, "wazabi": 3, "dtc": 3, "decimoarr": 3}
# what the keyboard may press to move: a move, a playable card, a card taken back, a claim,
# a choice in a card's chooser
KEY_MOVES = ("#moves button.move:enabled, #board button.playable:enabled, "
             "#board .tray button:enabled, #board button.claim:enabled, .chooser button.move")
CLAIMS = "#board button.claim:enabled"
OFFER_MADE = "#board .tray button:enabled"
# the second state of a page: what a person does there (a click, a choice), what it shows
SECOND = {"one screen covered": (lambda page: page.click("#cover-show"), "#cover-hide",
                                 "one screen shown"),
          "add a player": (lambda page: page.click("#add-player"), "#add-name",
                           "add a player form"),
          "wazabi mid-game": (lambda page: page.click("#device-share summary"), "#seat-link",
                              "a seat's own link for another device"),
          "diciassette mid-game": (lambda page: page.click("#leave"), "#leave-no",
                                   "leaving the table, asked first"),
          "lobby": (lambda page: page.select_option("#seat-0", "here"), "#seat-name-0",
                    "lobby with a player at this screen")}
IN_PLAY = ("() => document.body.dataset.interactive === 'yes' "
           "|| document.body.dataset.status === 'over'")


def seat_url(server, game: str, players: int | None = None) -> str:
    _, (token,) = server.table(game, players or GAMES[game])
    return f"{server.url}/play/{token}"


def violations(page) -> list[str]:
    """axe's violations on the page as it is: rule, impact, the first node, its summary."""
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}) at {v['nodes'][0]['target']}: "
            f"{v['nodes'][0]['failureSummary']}" for v in found]


def then_wait(page, control, press, choose) -> None:
    """`press()` the `control`, `choose()` in the chooser it may open, then wait for the
    move to be played (a card picked for DTC's offer, or taken back, is no move: it is
    drawn at once)."""
    move = page.evaluate("document.body.dataset.move")
    pick = control.evaluate("n => !!(n.closest('.hand, .tray') && n.closest('#board')"
                            ".querySelector('.gesture'))")
    press()
    if page.locator(".chooser").count():
        choose()
    if not pick:
        page.wait_for_function("m => document.body.dataset.move !== m", arg=move)


def click_moves(page, rng: random.Random, count: int | None) -> None:
    """Click `count` controls (None: to the end), whatever the others play meanwhile."""
    done = 0
    while count is None or done < count:
        page.wait_for_function(IN_PLAY)
        if is_over(page):
            return
        buttons = page.locator(KEY_MOVES)
        button = buttons.nth(rng.randrange(buttons.count()))
        then_wait(page, button, button.click,
                  page.locator(".chooser button.move[data-action]").first.click)
        done += 1


@pytest.fixture(scope="module")
def finished(browser, server) -> dict[str, str]:
    """A game of Wazabi played to its end by clicking: its seat's page and its replay (the
    same game whichever test asks for it first)."""
    server.deal_from("finished")
    url = seat_url(server, "wazabi")
    page = new_page(browser)
    page.goto(url)
    page.wait_for_selector("#board .scene")
    click_moves(page, random.Random(3), None)
    replay = page.locator("#result a[href^='/replay/']").get_attribute("href")
    page.context.close()
    return {"over": url, "replay": server.url + replay}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_on_any_page(browser, server, finished, lang: str) -> None:
    invite = server.create("diciassette", 3)["invite_url"]
    pages = {"lobby": (server.url + "/", ".game-card"),
             "join": (server.url + invite, "#name"),
             "finished table": (finished["over"], "#result:not([hidden]) h2"),
             "replay": (finished["replay"], "#board .scene")}
    pages.update({f"{game} mid-game": (seat_url(server, game), "#board .scene") for game in GAMES})
    # several people at one screen: covered between turns, then a seat shown
    _, tokens = server.table("dtc", 3, humans=2)
    pages["one screen covered"] = (f"{server.url}/play/{'+'.join(tokens)}", "#cover-show")
    waiting = server.create("dtc", 3)
    pages["add a player"] = (f"{server.url}/play/{server.join(waiting['invite'], 0, 'Ada')}",
                             "#add-player")
    found = {}
    # reduced motion: a step of a reveal fading in is not measured half-transparent
    context = browser.new_context(locale=LOCALES[lang], reduced_motion="reduce")
    try:
        page = context.new_page()
        for name, (url, ready) in pages.items():
            page.goto(url)
            page.wait_for_selector(ready)
            if name.endswith("mid-game"):
                click_moves(page, random.Random(name), 2)
                page.wait_for_function(IN_PLAY)
            assert page.evaluate("document.documentElement.lang") == lang, name
            found[name] = violations(page)
            # the second state of the same page: a seat shown, the form to add a player open
            if name in SECOND:
                do, ready, second = SECOND[name]
                do(page)
                page.wait_for_selector(ready)
                found[second] = violations(page)
    finally:
        context.close()
    assert not any(found.values()), {name: v for name, v in found.items() if v}


def focus_ring(page) -> dict:
    """The focused element and its outline, with the contrast of the outline against the
    box behind it (WCAG's relative luminance)."""
    return page.evaluate("""() => {
      const node = document.activeElement;
      const style = getComputedStyle(node);
      const lum = (css) => {
        const [r, g, b] = css.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => {
          v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      let behind = node.parentElement;  // the first box with a background of its own
      const clear = (b) => /rgba\\(.*, 0\\)|transparent/.test(getComputedStyle(b).backgroundColor);
      while (behind.parentElement && clear(behind)) {
        behind = behind.parentElement;
      }
      const [a, b] = [lum(style.outlineColor), lum(getComputedStyle(behind).backgroundColor)];
      return {tag: node.tagName, id: node.id, text: node.textContent.trim().slice(0, 40),
              inMoves: !!node.closest("#moves, #board"), outline: style.outlineStyle,
              width: parseFloat(style.outlineWidth),
              contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
    }""")


def assert_focus_kept(page, when: str) -> None:
    ring = focus_ring(page)
    assert ring["tag"] != "BODY", f"the focus fell to the page {when}"
    assert ring["inMoves"], f"the focus left the moves {when}: {ring}"


@pytest.mark.parametrize("game", ["diciassette", "dtc"])
def test_a_whole_game_with_the_keyboard_alone(browser, server, game: str) -> None:
    """Tab to a move, Enter or Space: to the end. After each move (one's own, a card picked
    for an offer) and the others' moves, the focus is still among the moves, visible; the
    log only grows, no live region is drawn anew (17's reveal was, at each step) and the
    turn line is never set again to the same words."""
    rng = random.Random(game)
    page = new_page(browser, "fr-FR")
    page.goto(seat_url(server, game))
    page.wait_for_selector("#board .scene")
    page.evaluate("""() => {
      window.__removed = 0; window.__turns = []; window.__regions = [];
      new MutationObserver((records) => records.forEach((r) => {
        window.__removed += r.removedNodes.length; }))
        .observe(document.getElementById("log"), {childList: true});
      // a live region thrown away and drawn again is read out again, or not at all
      const LIVE = "[aria-live], [role=status], [role=alert]";
      new MutationObserver((records) => records.forEach((r) => r.removedNodes.forEach((n) => {
        if (n.nodeType === 1 && (n.matches(LIVE) || n.querySelector(LIVE))) {
          window.__regions.push(n.outerHTML.slice(0, 80)); } })))
        .observe(document.body, {childList: true, subtree: true});
      const turn = document.getElementById("turn");
      new MutationObserver(() => window.__turns.push(turn.textContent))
        .observe(turn, {childList: true, characterData: true, subtree: true});
    }""")
    presses = 0
    while True:
        page.wait_for_function(IN_PLAY)
        if is_over(page):
            break
        if presses:  # the others have played since: the focus waited among the moves
            assert_focus_kept(page, "while the others played")
        # DTC: an offer under way is announced (cards picked and taken back at random could
        # go on for ever; the test is about the keyboard, not about a patient player)
        wanted = KEY_MOVES
        if page.locator(OFFER_MADE).count() and page.locator(CLAIMS).count():
            wanted = CLAIMS
        for _ in range(rng.randrange(3) + 1):  # Tab on to one of the next moves
            page.keyboard.press("Tab")
            for _ in range(80):
                if page.evaluate(f"() => document.activeElement.matches({wanted!r})"):
                    break
                page.keyboard.press("Tab")
        ring = focus_ring(page)
        assert ring["outline"] != "none" and ring["width"] >= 2 and ring["contrast"] >= 3, ring

        def choose() -> None:  # 17's card: face up or down, the focus on the first
            assert page.evaluate("() => !!document.activeElement.closest('.chooser')")
            page.keyboard.press("Enter")

        key = rng.choice(["Enter", "Space"])
        then_wait(page, page.locator(":focus"), lambda key=key: page.keyboard.press(key), choose)
        presses += 1
        assert_focus_kept(page, f"after the move {ring['text']!r}")
        assert presses < 1000, "no end after 1000 presses"
    page.wait_for_selector("#result:not([hidden]) h2")
    assert page.evaluate("window.__removed") == 0, "the log was drawn again: read out again"
    assert page.evaluate("window.__regions") == []
    turns = page.evaluate("window.__turns")
    assert turns and all(a != b for a, b in zip(turns, turns[1:])), turns
    assert not page.errors, page.errors


def test_the_language_switch_keeps_the_focus_and_sets_the_page_language(
        browser, server, finished) -> None:
    page = new_page(browser, "en-GB")
    for url, ready in ((seat_url(server, "wazabi"), "#board .scene"),
                       (finished["replay"], "#board .scene"), (server.url + "/", ".game-card")):
        page.goto(url)
        page.wait_for_selector(ready)
        for lang in ("fr", "en"):
            page.focus(f".langs button[data-lang='{lang}']")
            page.keyboard.press("Enter")
            # the switch drawn again, its pressed button the new language
            page.wait_for_function("l => document.querySelector(`.langs button[data-lang='${l}']"
                                   "[aria-pressed='true']`)", arg=lang)
            assert page.locator(".langs button[aria-pressed='true']").count() == 1, url
            assert page.evaluate("document.documentElement.lang") == lang, url
            # the focus comes back once the page is drawn in the new language (the replay
            # fetches its step again first): on the language chosen
            page.wait_for_function("l => document.activeElement.dataset.lang === l", arg=lang)
    assert not page.errors, page.errors


def test_the_focus_stays_on_the_log_when_the_language_changes(browser,
                                                              server) -> None:
    """The keyboard is on the log and the language changes (a click that does not move
    the focus: a voice command): the log is a new list in the new language, the focus on
    it still, not lost to the page."""
    page = new_page(browser, "en-GB")
    page.goto(seat_url(server, "diciassette"))
    page.wait_for_selector("#log li")
    page.focus("#log")
    for lang in ("fr", "en"):
        page.evaluate("window.__log = document.getElementById('log')")
        page.evaluate("l => document.querySelector(`.langs button[data-lang='${l}']`).click()",
                      lang)
        page.wait_for_function("() => document.getElementById('log') !== window.__log"
                               " && document.querySelector('#log li')")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("document.activeElement.id") == "log", lang
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_playable_card_has_a_mark_that_is_not_a_colour(browser, server,
                                                         viewport) -> None:
    """A card that can be played carries a folded corner (a shape, seen without colour),
    on a phone's small cards as on a desktop's; a card that cannot, none. Two seats: after
    the bot's card, the call is the person's (passed), then her turn to play, whatever the
    deal (with three, the bots may call every round before her turn, to the game's end)."""
    page = new_page(browser, "fr-FR", viewport)
    page.goto(seat_url(server, "diciassette", 2))
    while True:  # a turn that plays a card (some start with a call: pass it)
        page.wait_for_function(IN_PLAY)
        assert not is_over(page)
        if page.locator("#board .card.playable").count():
            break
        passing = page.locator("#moves button.move").last
        then_wait(page, passing, passing.click, lambda: None)
    corners = page.evaluate("""() => [...document.querySelectorAll('#board .card')].map((card) => {
      const mark = getComputedStyle(card, '::after');
      return [card.classList.contains('playable'), mark.content !== 'none'
              && parseFloat(mark.width) >= 6 && mark.clipPath !== 'none'];
    })""")
    assert any(playable for playable, _ in corners)
    assert all(playable == marked for playable, marked in corners), corners
    page.context.close()


def test_large_text_on_a_phone_stays_on_the_screen(browser, server) -> None:
    """Text at 150 % (a phone's large text) on each game's table: no sideways scrolling,
    every control still 44x44 px."""
    page = new_page(browser, "fr-FR", PHONE)
    for game in GAMES:
        page.goto(seat_url(server, game))
        page.wait_for_selector("#board .scene")
        page.evaluate("document.documentElement.style.fontSize = '150%'")
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (game, width)
        assert page.evaluate(SMALL_TARGETS) == [], game


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rematch_waiting_for_someone_gone_home_has_no_violation(browser, server, lang):
    """The rematch's waiting screen with a seat kept for someone who has not come, and
    its two ways to give it (to anyone, to a bot): grouped under whom it is kept for. Then
    the question one of them asks first (an alert dialog named by its words, the focus on
    "Keep waiting"), and the box while the connection is lost."""
    from test_browser import Outage, waiting_with_a_seat_kept

    outage: list[Outage] = []
    _, _, page, camille = waiting_with_a_seat_kept(
        browser, server, LOCALES[lang], prepare=lambda page: outage.append(Outage(page)))
    with camille:
        assert page.locator(".kept-seat button").count() == 2
        assert violations(page) == []
        page.click(".kept-seat button.give-anyone")
        page.wait_for_selector(".give-confirm[role='alertdialog']")
        assert page.evaluate("document.activeElement.id") == "give-no"
        assert violations(page) == []
        outage[0].cut()
        page.wait_for_selector(".give-offline")
        assert violations(page) == []
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_moves_held_while_the_connection_is_lost_have_no_violation(browser, server, lang):
    """P1's turn with the connection lost: the moves disabled, the sentence that says why,
    the keyboard on it, in both languages."""
    from test_browser import cut_on_my_turn

    page, _, _, _ = cut_on_my_turn(browser, server, LOCALES[lang])
    page.wait_for_selector("#moves-offline")
    assert page.evaluate("document.activeElement.id") == "moves-offline"
    assert violations(page) == []
    assert not page.errors, page.errors
    page.context.close()
