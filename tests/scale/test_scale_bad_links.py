"""A link whose token or table id holds a NUL character (%00, "\\u0000"): PostgreSQL
refuses such text outright (SQLite looks it up and finds nothing). It is answered as any
link that leads nowhere, in the asker's language, on the API and the WebSocket alike, and
the server serves on. A real PostgreSQL."""

from __future__ import annotations

import pytest

from ludotheque.i18n import t
from ludotheque.web.refusals import quoted
from web_servers import run_app_in_thread, stop_thread_server

NUL = "a%00b"  # as a path holds it
LANGS = ("en", "fr")


@pytest.fixture
def served(postgres):
    handle = run_app_in_thread(postgres)
    try:
        yield handle
    finally:
        stop_thread_server(handle)


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_holding_a_nul_leads_nowhere_in_words(served, lang):
    """Each API path that takes a link's token or a table id, and a WebSocket's hello,
    given one with a NUL: 404 with the error of a link to no table (before: 500
    `unexpected`, a traceback in the log as if it were a bug, and the socket closed
    without a word); the socket stays and answers."""
    unknown = ("unknown_token", t("web.server.error.unknown_token", lang))
    table = ("unknown_table", t("web.server.error.unknown_table", lang,
                                table=quoted("a\u0000b")))
    asked = [(served.api.get, f"/api/play/{NUL}", unknown),
             (served.api.get, f"/api/watch/{NUL}", unknown),
             (served.api.get, f"/api/join/{NUL}", unknown),
             (lambda path: served.api.post(path, json={"seat": 0, "name": "Ann"}),
              f"/api/join/{NUL}", unknown),
             (served.api.get, f"/api/tables/{NUL}/record", table),
             (served.api.get, f"/api/tables/{NUL}/replay", table)]
    for ask, path, (code, message) in asked:
        answer = ask(f"{path}{'&' if '?' in path else '?'}lang={lang}")
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["error"] == {"code": code, "message": message}, path
    with served.client() as page:
        refused = page.hello_refused("a\u0000b", lang)
        assert (refused["code"], refused["message"]) == unknown
        assert page.errors_so_far() == [refused]  # still served
