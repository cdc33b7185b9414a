"""Rate limits: one page cannot flood its table, one address cannot flood the lobby.

Token buckets: a bucket holds up to `count` tokens and gains `count` every `seconds`;
each chat message (a page's chat bucket), each frame (a page's frame bucket) or each
table created over HTTP (the client address's bucket) takes one, and is refused without
one. A refusal waits for nothing and touches nothing but its own page or request, so
other tables never wait for a flood.

The defaults leave room for anyone playing (a burst of 10 chat messages, 300 frames, 120
tables); `create_app(limits=...)` or the environment (`LUDOTHEQUE_LIMIT_CHAT`,
`LUDOTHEQUE_LIMIT_FRAMES`, `LUDOTHEQUE_LIMIT_TABLES`, each `COUNT/SECONDS` or `off`)
change them: tests lower them, the load benchmark (one address, hundreds of tables) lifts
the tables' one.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ludotheque.core.errors import LudoError


@dataclass(frozen=True)
class Rate:
    """At most `count` in a burst, and `count` more every `seconds`."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str, name: str) -> Rate | None:
        """`COUNT/SECONDS` (`10/5`), or `off` (None: no limit)."""
        if text.strip().lower() == "off":
            return None
        count, _, seconds = text.partition("/")
        try:
            rate = cls(int(count), float(seconds))
        except ValueError:
            rate = None
        if rate is None or rate.count < 1 or not 0 < rate.seconds < math.inf:
            raise LudoError("web.server.error.limit_setting", name=name, value=text[:40])
        return rate


class Bucket:
    """A token bucket of `rate` (full at first)."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self.tokens = float(rate.count)
        self.stamp = time.monotonic()

    def _refill(self) -> None:
        clock = time.monotonic()
        self.tokens = min(self.rate.count, self.tokens + (clock - self.stamp)
                          * self.rate.count / self.rate.seconds)
        self.stamp = clock

    def take(self) -> bool:
        """One token if there is one (True), else nothing is taken (False)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        self._refill()
        return max(0.0, (1 - self.tokens) * self.rate.seconds / self.rate.count)

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.rate.count


@dataclass(frozen=True)
class Limits:
    """The server's rate limits (None: no limit)."""

    chat: Rate | None = Rate(10, 5.0)  # chat messages per page
    frames: Rate | None = Rate(300, 10.0)  # any frame per page
    tables: Rate | None = Rate(120, 120.0)  # tables created per client address

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        given = {}
        for name in ("chat", "frames", "tables"):
            variable = f"LUDOTHEQUE_LIMIT_{name.upper()}"
            if variable in environ:
                given[name] = Rate.parse(environ[variable], variable)
        return cls(**given)

    def bucket(self, name: str) -> Bucket | None:
        """A new bucket of the rate `name` (a page's "chat" or "frames"); None: no limit."""
        rate = getattr(self, name)
        return Bucket(rate) if rate is not None else None


class AddressBuckets:
    """A bucket per client address, for one rate; the full ones (idle addresses) are
    dropped once there are many, so memory stays bounded."""

    PRUNE_AT = 10_000

    def __init__(self, rate: Rate | None) -> None:
        self.rate = rate
        self.buckets: dict[str, Bucket] = {}

    def take(self, address: str) -> Bucket | None:
        """None if `address` may go on; else its bucket (empty: say when to come back)."""
        if self.rate is None:
            return None
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.PRUNE_AT:
                self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
            bucket = self.buckets[address] = Bucket(self.rate)
        return None if bucket.take() else bucket
