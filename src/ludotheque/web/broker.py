"""How servers tell each other "table T has moves up to n" (several servers share one
PostgreSQL; a page may be connected to any of them).

* `LocalBroker`: one server alone; nothing to tell anyone (the default, zero setup).
* `RedisBroker`: Redis pub/sub on one channel. A message says that a table changed and,
  for a move, carries the move's actions (already in the database: a server publishes
  only what it wrote), so the other servers need not read them back. The database stays
  the truth: a message that does not follow what a server holds (a gap) sends it to the
  database, and a lost message (Redis restarted, a server reconnecting) loses nothing:
  after every (re)connection the server catches up every table its pages watch from the
  database (a finished one too while its rematch offer may still change), and it looks
  again every `POLL` seconds. A chat line, already stored, is carried whole to the pages
  on the other servers (one lost in a reconnection is in the history a page gets on hello).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ludotheque.core.errors import LudoError

log = logging.getLogger("ludotheque.web")

# on_change(table, moves, start, actions): what a message says (see publish)
OnChange = Callable[[str, int, "int | None", Sequence[str]], Awaitable[None]]
# on_chat(table, frame): a chat line said on another server (see publish_chat); raises
# TypeError for a frame that is no chat line (the message is then logged as unreadable)
OnChat = Callable[[str, Any], Awaitable[None]]

CHANNEL = "ludotheque:tables"
RETRY = 0.5  # seconds between two connection attempts
POLL = 5.0  # seconds: the safety net for a message lost in a reconnection


class LocalBroker:
    remote = False

    async def publish(self, table_id: str, moves: int, start: int | None = None,
                      actions: Sequence[str] = ()) -> None:
        return None

    async def publish_chat(self, table_id: str, frame: dict) -> None:
        return None

    async def run(self, on_change: OnChange, on_connect: Callable[[], Awaitable[None]],
                  on_chat: OnChat) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBroker:
    remote = True

    def __init__(self, url: str) -> None:
        import secrets

        from ludotheque.core.errors import require_extra

        redis = require_extra("redis.asyncio", "scale", "--broker redis://")
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.origin = secrets.token_hex(6)  # this server: its own messages are not news
        # A bounded pool that makes publishers wait their turn (a burst of moves must not
        # open a connection each, nor fail with "too many connections"). No silent retry:
        # redis-py would otherwise reconnect and subscribe again by itself, and `run`
        # would never know it has to catch up what was published while Redis was away.
        pool = redis.BlockingConnectionPool.from_url(url, max_connections=32, timeout=5,
                                                     socket_connect_timeout=2,
                                                     health_check_interval=5,
                                                     retry=Retry(NoBackoff(), 0))
        self._client = redis.Redis(connection_pool=pool)

    async def publish(self, table_id: str, moves: int, start: int | None = None,
                      actions: Sequence[str] = ()) -> None:
        """Table `table_id` has `moves` moves; `actions` are the moves from `start` on
        (none: something else changed, the others read the table again)."""
        await self._send({"t": table_id, "n": moves, "o": self.origin, "s": start,
                          "a": list(actions)})

    async def publish_chat(self, table_id: str, frame: dict) -> None:
        """A chat line of table `table_id` (stored already), as its pages get it."""
        await self._send({"t": table_id, "o": self.origin, "c": frame})

    async def _send(self, note: dict) -> None:
        try:
            await self._client.publish(CHANNEL, json.dumps(note, separators=(",", ":")))
        except Exception as error:  # noqa: BLE001 - Redis away: the others poll the database
            log.warning("broker: could not publish %s: %s", note["t"], error)

    async def run(self, on_change: OnChange, on_connect: Callable[[], Awaitable[None]],
                  on_chat: OnChat) -> None:
        """Listen for ever; after each (re)connection, `on_connect` (catch up everything)."""
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                await on_connect()
                looked = time.monotonic()
                while True:
                    if time.monotonic() - looked > POLL:  # the safety net, busy or not
                        await on_connect()
                        looked = time.monotonic()
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    try:
                        note = json.loads(message.get("data") or b"{}")
                        if not isinstance(note, dict):
                            raise TypeError
                        if "c" in note:  # a chat line
                            if note.get("o") != self.origin:
                                await on_chat(str(note["t"]), note["c"])
                            continue
                        table_id, moves = str(note["t"]), int(note["n"])
                        start = note.get("s")
                        actions = [str(a) for a in note.get("a") or ()]
                    except (ValueError, KeyError, TypeError):
                        log.warning("broker: unreadable message %r", message.get("data"))
                        continue
                    if note.get("o") != self.origin:
                        await on_change(table_id, moves,
                                        None if start is None else int(start), actions)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - Redis restarted or unreachable
                log.warning("broker: %s; reconnecting", error)
                await asyncio.sleep(RETRY)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._client.aclose()


def check_broker_url(url: str | None) -> None:
    """Raises a clear error for anything but nothing or a Redis URL (changes nothing)."""
    if url and not url.startswith(("redis://", "rediss://", "unix://")):
        raise LudoError("web.server.error.broker", url=url)


def make_broker(url: str | None) -> LocalBroker | RedisBroker:
    check_broker_url(url)
    return RedisBroker(url) if url else LocalBroker()
