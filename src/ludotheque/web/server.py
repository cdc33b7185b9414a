"""Running the web app with uvicorn (`ludotheque serve`)."""

from __future__ import annotations

from ludotheque.web.app import FRAME_MAX


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None,
          bot_delay: float = 0.6, log_level: str = "warning") -> None:
    import uvicorn

    from ludotheque.web.app import create_app

    app = create_app(database, bot_delay=bot_delay)
    # Frames above 8 KiB get a clean error frame; far larger ones close the connection.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=8 * FRAME_MAX,
                ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=2)
