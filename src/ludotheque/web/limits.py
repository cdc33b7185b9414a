"""Rate limits: one page cannot flood its table, one address cannot flood the lobby nor
hold every connection.

The counting is the `limits` library's moving window, in this server's memory: each chat
message (a seat's, whichever of its pages sent it), each frame (a page's), each table
created over HTTP, each finished game's record or replay step asked for, or each
invitation, spectator or seat link opened (its table and its link's code to scan, made
afresh for a new Host header: a client address's) is one hit, refused once the last
`seconds` hold `count` of them. A refusal waits for nothing and touches nothing but its own
page or request, so other tables never wait for a flood; a key unused for its window is
forgotten by the storage.

The defaults leave room for anyone playing (10 chat messages in 5 s, 300 frames in 10 s,
120 tables in 2 min, 600 records or replay steps in 1 min: a long game is replayed for
each; 120 invitations in 1 min: a class behind one address opening theirs);
`create_app(limits=...)` or the environment (`LUDOTHEQUE_LIMIT_CHAT`,
`LUDOTHEQUE_LIMIT_FRAMES`, `LUDOTHEQUE_LIMIT_TABLES`, `LUDOTHEQUE_LIMIT_READS`,
`LUDOTHEQUE_LIMIT_INVITES`, each `COUNT/SECONDS` or `off`) change them: tests lower
them, the load benchmark (one address, hundreds of tables) lifts the tables' one. Each
server counts its own: behind a load balancer spreading one address over N servers, an
address may create N times its share.
Behind a reverse proxy the address is the client's only if the proxy is trusted
(`ludotheque serve --forwarded-allow-ips`, see server.py); else every client is the proxy.

One cap is no rate: the WebSockets a client address holds open at once (64 by default,
`LUDOTHEQUE_LIMIT_SOCKETS`: COUNT or `off`), each kept in memory and each allowed its own
frames; a household's tabs stay far below it. Another caps the unfinished tables with no
human seat a client address created (3 by default, `LUDOTHEQUE_LIMIT_BOT_TABLES`: COUNT or
`off`): bots playing bots tie up the hard bots' workers for nobody (the lobby always seats
a person; the API allows bot-only tables for tests and demonstrations).
"""

from __future__ import annotations

import itertools
import os
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludotheque.core.errors import LudoError


@dataclass(frozen=True)
class Rate:
    """At most `count` in any `seconds` (whole seconds: the library's smallest unit)."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str, name: str) -> Rate | None:
        """`COUNT/SECONDS` (`10/5`), or `off` (None: no limit)."""
        if text.strip().lower() == "off":
            return None
        count, _, seconds = text.partition("/")
        try:
            rate = cls(int(count), int(seconds))
        except ValueError:
            rate = None
        if rate is None or rate.count < 1 or rate.seconds < 1:
            raise LudoError("web.server.error.limit_setting", name=name, value=text[:40])
        return rate


class Limiter:
    """One rate, counted per key (a page, a client address) in a shared storage.

    The library's memory storage keeps a key whose window emptied (limits 5.8: an empty
    list, one per page ever opened, for good): the keys counted since the last look are
    looked at again once they are `PRUNE_AT` or twice as many as were left, and those with
    nothing in their window are cleared."""

    PRUNE_AT = 512

    def __init__(self, rate: Rate | None, storage: MemoryStorage) -> None:
        self.rate = rate
        self._item = RateLimitItemPerSecond(rate.count, rate.seconds) if rate else None
        self._window = MovingWindowRateLimiter(storage)
        self._keys: set[str] = set()
        self._prune_at = self.PRUNE_AT

    def hit(self, key: str) -> bool:
        """One more for `key` if its rate allows it (True), else nothing counted (False)."""
        if self._item is None:
            return True
        if len(self._keys) >= self._prune_at:
            self._prune()
        self._keys.add(key)
        return self._window.hit(self._item, key)

    def forget(self, key: str) -> None:
        """`key` is done with (a page's closed socket): its counts go."""
        if self._item is not None:
            self._window.clear(self._item, key)
            self._keys.discard(key)

    def _prune(self) -> None:
        item = self._item
        assert item is not None
        for key in list(self._keys):
            if self._window.get_window_stats(item, key).remaining >= item.amount:
                self._window.clear(item, key)
                self._keys.discard(key)
        self._prune_at = max(self.PRUNE_AT, 2 * len(self._keys))

    def wait(self, key: str) -> float:
        """Seconds until `key` may go on again."""
        if self._item is None:
            return 0.0
        return max(0.0, self._window.get_window_stats(self._item, key).reset_time - time.time())


@dataclass
class Cap:
    """At most `count` held at once per key (a client address's open WebSockets; None: no
    cap)."""

    count: int | None
    _held: Counter = field(default_factory=Counter)

    @staticmethod
    def parse(text: str, name: str) -> int | None:
        """`COUNT` (`64`), or `off` (None: no cap)."""
        if text.strip().lower() == "off":
            return None
        try:
            count = int(text)
        except ValueError:
            count = 0
        if count < 1:
            raise LudoError("web.server.error.cap_setting", name=name, value=text[:40])
        return count

    def take(self, key: str) -> bool:
        """One more held by `key` if the cap allows it (True), else nothing taken (False)."""
        if self.count is not None and self._held[key] >= self.count:
            return False
        self._held[key] += 1
        return True

    def give_back(self, key: str) -> None:
        self._held[key] -= 1
        if self._held[key] <= 0:
            del self._held[key]


@dataclass(frozen=True)
class Limits:
    """The server's rate limits and its cap on connections (None: no limit)."""

    chat: Rate | None = Rate(10, 5)  # chat messages per seat (all its pages together)
    frames: Rate | None = Rate(300, 10)  # any frame per page
    tables: Rate | None = Rate(120, 120)  # tables created per client address
    reads: Rate | None = Rate(600, 60)  # records and replay steps per client address
    invites: Rate | None = Rate(120, 60)  # invitation, spectator, seat links per address
    sockets: int | None = 64  # WebSockets open at once per client address
    bot_tables: int | None = 3  # unfinished tables with no human seat per client address

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        given: dict[str, Rate | int | None] = {}
        for name in (*RATES, *CAPS):
            variable = f"LUDOTHEQUE_LIMIT_{name.upper()}"
            if variable in environ:
                parse = Cap.parse if name in CAPS else Rate.parse
                given[name] = parse(environ[variable], variable)
        return cls(**given)  # type: ignore[arg-type]

    def limiters(self) -> dict[str, Limiter]:
        """A limiter per rate (`RATES`), all counting in one storage of this process's
        memory."""
        storage = MemoryStorage()
        return {name: Limiter(getattr(self, name), storage) for name in RATES}


RATES = ("chat", "frames", "tables", "reads", "invites")  # the Limits that are a Rate
CAPS = ("sockets", "bot_tables")  # those that are a count held at once


_pages = itertools.count()


def page_key() -> str:
    """A key for one page's connection (its own counts, forgotten once idle)."""
    return f"page-{next(_pages)}"
