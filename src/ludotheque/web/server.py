"""Running the web app with uvicorn (`ludotheque serve`)."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.web.app import FRAME_MAX
from ludotheque.web.share import Reach

UVICORN_SETTINGS = {
    # Frames above 8 KiB get a clean error frame; far larger ones close the connection.
    "ws_max_size": 8 * FRAME_MAX,
    "ws_ping_interval": 20,
    "ws_ping_timeout": 20,
    # A frame is a few kilobytes: compressing each one for every page cost more CPU than
    # any page would wait for it (measured with bench-server), so frames go uncompressed.
    "ws_per_message_deflate": False,
    "timeout_graceful_shutdown": 2,
}


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket on `host`:`port` (0: the system picks a free port,
    `getsockname()[1]` tells which). Bound before any link is printed, and served as is
    (`uvicorn_server(...).run(sockets=[...])`): a port taken or an address not of this
    machine is a clear error here (uvicorn would only log an English one), and no other
    program can take the port between choosing it and serving on it."""
    from ludotheque.web.share import url_host

    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # `::` is no IPv4 address
    try:
        return socket.create_server((host, port), family=family)
    except OSError:
        raise LudoError("cli.serve.cannot_listen", host=host, port=port,
                        address=f"{url_host(host)}:{port}") from None


def uvicorn_server(app: Any, log_level: str = "warning", **settings: Any) -> Any:
    """A uvicorn server of `app` with this project's settings (`UVICORN_SETTINGS`), to run
    on a socket of `listen`."""
    import uvicorn

    return uvicorn.Server(uvicorn.Config(app, log_level=log_level,
                                         **{**UVICORN_SETTINGS, **settings}))


def serve(sock: socket.socket, database: str | None = None, bot_delay: float = 0.6,
          log_level: str = "warning", broker: str | None = None,
          waiting_ttl: float | None = None, proxy_headers: bool = True,
          forwarded_allow_ips: str | None = None, reach: Reach | None = None,
          ready: Callable[[], None] | None = None) -> None:
    """Serves the web app on `sock` (`listen`) until stopped (Ctrl-C, SIGTERM).
    `ready`: called once the app is made (its database open), before it serves.
    `reach`: how another device reaches this server (its invite links; see share.py).

    `proxy_headers`, `forwarded_allow_ips`: uvicorn's own (same defaults: the proxies of
    FORWARDED_ALLOW_IPS, else of this machine, are trusted). A trusted reverse proxy's
    X-Forwarded-For gives each request its client's address, which the per-address rate
    limit counts (limits.py); an untrusted one's is ignored (anyone could send it)."""
    import sys

    from uvicorn.main import STARTUP_FAILURE

    from ludotheque.web.app import create_app
    from ludotheque.web.broker import make_broker
    from ludotheque.web.master import WAITING_TTL

    app = create_app(database, bot_delay=bot_delay, broker=make_broker(broker),
                     waiting_ttl=WAITING_TTL if waiting_ttl is None else waiting_ttl,
                     reach=reach)
    if ready is not None:
        ready()
    server = uvicorn_server(app, log_level=log_level, proxy_headers=proxy_headers,
                            forwarded_allow_ips=forwarded_allow_ips)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    if not server.started:  # as uvicorn.run does: its start failed (logged)
        sys.exit(STARTUP_FAILURE)
