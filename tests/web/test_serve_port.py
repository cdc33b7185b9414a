"""`ludotheque serve --port 0`: the system gives the server a free port as it binds it, and
every link the server prints carries that port (here, and on the local network)."""

from __future__ import annotations

import re

import httpx


def test_serve_on_port_0_prints_links_on_the_port_it_listens_on(start_server_process):
    """`--port 0` was refused (1 to 65535): the tests chose a free port, closed it, and the
    server bound it a moment later, when another process could have taken it."""
    server = start_server_process(host="0.0.0.0", args=["--lang", "fr"])
    printed = " ".join(server.log_path.read_text().split())
    assert server.port != 0
    assert f"La table en ligne : http://127.0.0.1:{server.port}/ (Ctrl-C pour l'arrêter)" \
        in printed, printed
    network = re.findall(r"(http://\S+:(\d+)/)", printed)[1:]
    assert network and {port for _link, port in network} == {str(server.port)}, printed
    for link, _port in [(server.url + "/", "")] + network:
        assert httpx.get(link + "api/games", timeout=10).status_code == 200
