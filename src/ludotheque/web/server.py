"""Running the web app with uvicorn (`ludotheque serve`)."""

from __future__ import annotations

from collections.abc import Callable

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


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          bot_delay: float = 0.6, log_level: str = "warning", broker: str | None = None,
          waiting_ttl: float | None = None, proxy_headers: bool = True,
          forwarded_allow_ips: str | None = None, reach: Reach | None = None,
          ready: Callable[[], None] | None = None) -> None:
    """`ready`: called once the app is made (its database open), before it listens.
    `reach`: how another device reaches this server (its invite links; see share.py).

    `proxy_headers`, `forwarded_allow_ips`: uvicorn's own (same defaults: the proxies of
    FORWARDED_ALLOW_IPS, else of this machine, are trusted). A trusted reverse proxy's
    X-Forwarded-For gives each request its client's address, which the per-address rate
    limit counts (limits.py); an untrusted one's is ignored (anyone could send it)."""
    import uvicorn

    from ludotheque.web.app import create_app
    from ludotheque.web.broker import make_broker
    from ludotheque.web.master import WAITING_TTL

    app = create_app(database, bot_delay=bot_delay, broker=make_broker(broker),
                     waiting_ttl=WAITING_TTL if waiting_ttl is None else waiting_ttl,
                     reach=reach)
    if ready is not None:
        ready()
    uvicorn.run(app, host=host, port=port, log_level=log_level, proxy_headers=proxy_headers,
                forwarded_allow_ips=forwarded_allow_ips, **UVICORN_SETTINGS)
