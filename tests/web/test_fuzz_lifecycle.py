"""The life of tables on one real server (its waiting tables closed after a short while:
`SERVER_OPTIONS`)."""

from __future__ import annotations

from test_fuzz_server import wait_for
from test_prune import prune

from ludotheque.web.limits import Limits

SERVER_LIMITS = Limits(chat=None, frames=None, tables=None, reads=None, sockets=None)
TTL = 1.5  # seconds: a waiting table's life
SERVER_OPTIONS = {"waiting_ttl": TTL, "min_turn_timer": 0.2}


# -- what the machine found, kept as plain cases ------------------------------------------
def test_a_closed_table_pruned_under_its_open_page_no_longer_exists(server):
    """Found by the machine: a table closed for waiting too long, a page still open on it,
    then pruned: its record and replay answered 403 "not over" (read from the server's
    memory) where every other link says the table no longer exists."""
    created = server.create("wazabi", 2)
    with server.client() as page:
        page.hello(server.master.storage.get_table(created["table"]).seats[0].token)
        wait_for(lambda: server.master.storage.get_table(created["table"]).status == "closed",
                 "the waiting table was not closed")
        prune(server.database, "--finished-before", "0s", "--closed-before", "0s")
        for path in ("record", "replay"):
            answer = server.api.get(f"/api/tables/{created['table']}/{path}")
            assert answer.status_code == 404, answer.text
            assert "no longer exists" in answer.json()["error"]["message"]
