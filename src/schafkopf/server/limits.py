"""Rate limits: token buckets per client address or per connection.

A bucket holds up to ``burst`` tokens and refills at ``rate`` tokens a second; each request
takes one, and a request that finds the bucket empty is refused (HTTP 429, or an ``error``
message with the code ``rate_limited``) and changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]

MAX_KEYS = 100_000
"""Addresses a :class:`RateLimits` remembers; past that the full (idle) buckets are dropped."""


@dataclass
class Bucket:
    """One token bucket."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        """Take a token if there is one (refilling first); False: over the limit."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    @classmethod
    def new(cls, rate: float, burst: float, now: float) -> Bucket:
        """A full bucket."""
        return cls(rate, burst, burst, now)


class RateLimits:
    """A bucket per key (a client address): ``per_minute`` or ``per_second`` with a burst."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, Bucket] = {}

    @classmethod
    def per_minute(cls, count: int, clock: Clock = time.monotonic) -> RateLimits:
        """``count`` requests a minute, all of which may come at once."""
        return cls(count / 60.0, float(count), clock)

    @classmethod
    def per_second(cls, rate: float, clock: Clock = time.monotonic) -> RateLimits:
        """``rate`` requests a second, in bursts of up to twice as many."""
        return cls(rate, 2.0 * rate, clock)

    def allow(self, key: str) -> bool:
        """Take a token for ``key``; False: it is over its limit."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:
                self._forget_full(now)
            bucket = self._buckets[key] = Bucket.new(self.rate, self.burst, now)
        return bucket.take(now)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a token left, without taking it (for limits on failures:
        look first, :meth:`allow` when the attempt failed)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return True
        now = self.clock()
        return min(bucket.burst, bucket.tokens + (now - bucket.stamp) * bucket.rate) >= 1.0

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled (their keys have been quiet)."""
        full = [
            k for k, b in self._buckets.items() if b.tokens + (now - b.stamp) * b.rate >= b.burst
        ]
        for k in full:
            del self._buckets[k]


def connection_bucket(per_second: float, clock: Clock = time.monotonic) -> Bucket:
    """A bucket for one connection's messages: ``per_second`` in bursts of twice as many."""
    return Bucket.new(per_second, 2.0 * per_second, clock())
