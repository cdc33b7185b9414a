"""`ludotheque serve --port 0`: the system gives the server a free port as it binds it, and
every link the server prints carries that port (here, and on the local network)."""

from __future__ import annotations

import re
import socket

import httpx

from tests.test_cli import invoke, usage_error


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


def test_a_bad_public_url_is_refused_before_the_port_is_bound() -> None:
    """`serve --public-url ftp://x` on a port another program holds: the refusal is about
    the public URL (it was about the port: `--public-url` was read only once the port was
    bound, and a free port was bound, then let go, for nothing)."""
    with socket.create_server(("127.0.0.1", 0)) as held:
        port = held.getsockname()[1]
        for lang, said in (("en", "--public-url ftp://x is not an address a phone can open"),
                           ("fr", "--public-url ftp://x n'est pas une adresse qu'un téléphone")):
            result = usage_error(invoke(["serve", "--public-url", "ftp://x", "--port", port,
                                         "--lang", lang]))
            assert said in result.flat and str(port) not in result.flat, result.text
