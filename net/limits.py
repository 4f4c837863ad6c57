"""Connection limits for the SSH server: per-address token buckets, caps, a failure count.

asyncssh has no limits of its own on connection rate, unauthenticated or logged-in
connections or authentication attempts (see notes/ssh-hardening.md), so the server's policy
keeps these counters. They are pure: no sockets, no asyncio, and the clock is injected, so
the tests can step time by hand instead of sleeping.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "Admission",
    "AuthFailures",
    "ConnectionCap",
    "RateLimiter",
    "TokenBucket",
    "address_key",
]

_H = TypeVar("_H", bound=Hashable)
"""What holds a connection slot: the connection the caller would close."""


class TokenBucket:
    """Allows bursts of up to ``capacity`` events, refilled at ``rate`` tokens a second.

    The bucket is told the time on every call instead of reading a clock, so one clock (the
    limiter's) serves many buckets and a test can replay any timeline.
    """

    __slots__ = ("_capacity", "_rate", "_stamp", "_tokens")

    def __init__(self, capacity: float, rate: float, now: float) -> None:
        if capacity < 1:
            raise ValueError(f"a bucket needs room for at least one token, not {capacity}")
        if rate < 0:
            raise ValueError(f"the refill rate cannot be negative, not {rate}")
        self._capacity = float(capacity)
        self._rate = float(rate)
        self._tokens = float(capacity)
        self._stamp = now

    @property
    def tokens(self) -> float:
        """Tokens left at the last call (refill is applied lazily, on the next call)."""
        return self._tokens

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough at ``now``; whether they were spent."""
        # A clock that steps backwards (it should not: we use monotonic time) must not
        # mint tokens, hence max(0, ...).
        elapsed = max(0.0, now - self._stamp)
        self._stamp = max(self._stamp, now)
        self._tokens = min(self._capacity, self._tokens + elapsed * self._rate)
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False


def address_key(address: str) -> str:
    """The key an address is rate limited under: IPv4 as is, IPv6 by its /64 network.

    One IPv6 host usually holds a whole /64, so limiting single IPv6 addresses would give an
    attacker 2**64 fresh buckets; IPv4-mapped IPv6 addresses count as their IPv4 address.
    Anything that does not parse (a tunnel's peer name) is used as given.
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimiter:
    """Per-address token buckets with bounded memory.

    At most ``max_entries`` buckets are kept; the least recently seen address is forgotten
    first. Forgetting only ever makes the limiter more lenient for that address (it starts
    again with a full bucket), never stricter for anyone else, and the memory an address
    flood can take stays fixed.
    """

    def __init__(
        self,
        capacity: float,
        rate: float,
        *,
        max_entries: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, not {max_entries}")
        # Build one bucket now so a bad capacity or rate fails here, not on the first caller.
        TokenBucket(capacity, rate, 0.0)
        self._capacity = capacity
        self._rate = rate
        self._max_entries = max_entries
        self._clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def allow(self, address: str) -> bool:
        """Whether one more connection from ``address`` is allowed now (and count it)."""
        key = address_key(address)
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self._capacity, self._rate, now)
            self._buckets[key] = bucket
            if len(self._buckets) > self._max_entries:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now)


@dataclass(frozen=True)
class Admission(Generic[_H]):
    """What `ConnectionCap.acquire` answers: refused, or admitted, possibly in the place of
    ``evicted``, a holder whose slot the newcomer took and that the caller is to close."""

    admitted: bool
    evicted: _H | None = None


class ConnectionCap(Generic[_H]):
    """Connections in some state (logging in, logged in) with a ceiling overall and one per
    address (`address_key`), so that one address cannot take every slot.

    The per-address ceiling keeps one address from locking others out; with ``fair_share``,
    neither can a few addresses together. Without it, ten addresses at their own ceiling of
    ten filled the overall hundred, and a hundred idle connections from a dozen addresses
    locked every new player out for the whole login timeout. With it, a newcomer at the full
    cap takes the slot of the oldest connection of the address holding the most, as long as
    that address would still hold at least as many as the newcomer's: a newcomer is refused
    only when every address holds at most what it would. (Evicting from an address holding
    just one more would only swap who is short, and two addresses could evict each other for
    ever.) Only the overall ceiling is shared out: an address at its own ceiling is refused,
    evicting or not. Without ``fair_share`` (logged-in players) nobody is ever evicted.

    Holders are whatever the caller closes (a connection), each held at most once; an
    address is remembered only while it holds a slot, so memory is bounded by ``limit``.
    """

    def __init__(self, limit: int, *, per_address: int, fair_share: bool = False) -> None:
        if limit < 1:
            raise ValueError(f"the cap must allow at least one connection, not {limit}")
        if per_address < 1:
            raise ValueError(f"each address needs at least one connection, not {per_address}")
        self._limit = limit
        self._per_address = per_address
        self._fair_share = fair_share
        self._holders: dict[_H, str] = {}
        """Each holder's address key, in arrival order (dicts keep insertion order)."""
        self._by_address: dict[str, dict[_H, None]] = {}
        """Each address's holders, in arrival order."""

    @property
    def count(self) -> int:
        """Slots held now."""
        return len(self._holders)

    @property
    def limit(self) -> int:
        """Most slots that can be held at once."""
        return self._limit

    @property
    def addresses(self) -> int:
        """Addresses holding a slot now."""
        return len(self._by_address)

    def held_by(self, address: str) -> int:
        """Slots held now by ``address`` (and, for IPv6, its /64)."""
        return len(self._by_address.get(address_key(address), ()))

    def acquire(self, address: str, holder: _H) -> Admission[_H]:
        """Take a slot for ``holder``, a connection from ``address``, if there is room or
        (with ``fair_share``) a slot to take over.

        An evicted holder has already given its slot back when this returns: only closing
        it is left to the caller, and its own `release` later finds nothing to give back.
        """
        if holder in self._holders:
            raise RuntimeError("a connection asked for a second slot")
        key = address_key(address)
        held = len(self._by_address.get(key, ()))
        if held >= self._per_address:
            return Admission(admitted=False)
        evicted: _H | None = None
        if len(self._holders) >= self._limit:
            evicted = self._evictee(held) if self._fair_share else None
            if evicted is None:
                return Admission(admitted=False)
            self.release(evicted)
        self._holders[holder] = key
        self._by_address.setdefault(key, {})[holder] = None
        return Admission(admitted=True, evicted=evicted)

    def release(self, holder: _H) -> bool:
        """Give back ``holder``'s slot; whether it still had one.

        Every way a connection ends may call this, once or more: only the first call of a
        holder that has a slot gives one back, so no slot is ever given back twice (an
        evicted holder's slot went to the newcomer when it was evicted).
        """
        key = self._holders.pop(holder, None)
        if key is None:
            return False
        holders = self._by_address[key]
        del holders[holder]
        if not holders:
            del self._by_address[key]
        return True

    def _evictee(self, held: int) -> _H | None:
        """The holder a newcomer whose address holds ``held`` slots may take the place of:
        the oldest of those of an address holding the most (of tied ones, the address whose
        oldest came first), if that address holds at least two more; otherwise None.

        A scan of at most ``limit`` holders, and only when the cap is full.
        """
        most = max(len(holders) for holders in self._by_address.values())
        if most < held + 2:
            return None
        return next(h for h, key in self._holders.items() if len(self._by_address[key]) == most)


class AuthFailures:
    """Failed authentication attempts of one connection, and whether it should be closed."""

    def __init__(self, limit: int = 6) -> None:
        if limit < 1:
            raise ValueError(f"the failure limit must be at least 1, not {limit}")
        self._limit = limit
        self._count = 0

    @property
    def count(self) -> int:
        """Failures so far."""
        return self._count

    @property
    def exhausted(self) -> bool:
        """Whether the connection has used up its attempts."""
        return self._count >= self._limit

    def record(self) -> bool:
        """Count one failure; whether the limit is now reached (time to close)."""
        self._count += 1
        return self.exhausted
