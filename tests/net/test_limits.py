"""Token buckets, the per-address limiter, the connection caps and the failure count."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.limits import AuthFailures, ConnectionCap, RateLimiter, TokenBucket, address_key

pytestmark = pytest.mark.timeout(30)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_bucket_allows_a_burst_of_its_capacity_then_refuses() -> None:
    """A full bucket of 3 lets 3 events through at once and refuses the 4th."""
    bucket = TokenBucket(3, 1.0, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]


def test_bucket_refills_at_its_rate_up_to_its_capacity() -> None:
    """Half a second at 2 tokens a second buys one event; an hour buys only a full bucket."""
    bucket = TokenBucket(2, 2.0, now=0.0)
    assert bucket.take(0.0) and bucket.take(0.0)
    assert not bucket.take(0.25)
    assert bucket.take(0.5)
    assert [bucket.take(3600.0) for _ in range(3)] == [True, True, False]


def test_bucket_ignores_a_clock_stepping_back() -> None:
    """Time going backwards mints no tokens (and going forward again refills from the max)."""
    bucket = TokenBucket(1, 1.0, now=10.0)
    assert bucket.take(10.0)
    assert not bucket.take(5.0)
    assert not bucket.take(10.5)
    assert bucket.take(11.0)


def test_bucket_rejects_nonsense_settings() -> None:
    """No room for a token, or a negative rate, is a programming error."""
    with pytest.raises(ValueError):
        TokenBucket(0, 1.0, now=0.0)
    with pytest.raises(ValueError):
        TokenBucket(1, -1.0, now=0.0)


@given(
    capacity=st.integers(1, 20),
    rate=st.floats(0.0, 50.0),
    gaps=st.lists(st.floats(0.0, 5.0), min_size=1, max_size=200),
)
def test_bucket_never_allows_more_than_capacity_plus_refill(
    capacity: int, rate: float, gaps: list[float]
) -> None:
    """Over any run, allowed events <= capacity + rate * elapsed time."""
    bucket = TokenBucket(capacity, rate, now=0.0)
    now = 0.0
    allowed = 0
    for gap in gaps:
        now += gap
        allowed += bucket.take(now)
    assert allowed <= capacity + rate * now + 1e-6


def test_limiter_keeps_one_bucket_per_address() -> None:
    """One address spending its burst leaves another address's bucket full."""
    clock = FakeClock()
    limiter = RateLimiter(2, 0.5, clock=clock)
    assert [limiter.allow("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert limiter.allow("10.0.0.2")
    clock.now += 2.0
    assert limiter.allow("10.0.0.1")
    assert not limiter.allow("10.0.0.1")


def test_limiter_forgets_the_least_recently_seen_address_first() -> None:
    """With room for 2 addresses, a third evicts the one seen longest ago, not the active one."""
    clock = FakeClock()
    limiter = RateLimiter(1, 0.0, max_entries=2, clock=clock)
    assert limiter.allow("10.0.0.1")
    assert limiter.allow("10.0.0.2")
    assert not limiter.allow("10.0.0.1")  # .1 is now the most recently seen
    assert limiter.allow("10.0.0.3")  # evicts .2
    assert len(limiter) == 2
    assert not limiter.allow("10.0.0.1")  # still remembered: still empty
    assert limiter.allow("10.0.0.2")  # forgotten: a fresh bucket


@given(addresses=st.lists(st.ip_addresses(), max_size=300))
def test_limiter_memory_stays_bounded(addresses: list[object]) -> None:
    """However many addresses arrive, at most max_entries buckets are kept."""
    limiter = RateLimiter(1, 1.0, max_entries=16, clock=FakeClock())
    for address in addresses:
        limiter.allow(str(address))
    assert len(limiter) <= 16


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_address_key_groups_ipv6_by_64_and_unmaps_ipv4(address: str, key: str) -> None:
    """An IPv6 host cannot dodge the limit by rotating through its own /64."""
    assert address_key(address) == key


def test_cap_hands_out_at_most_its_limit_and_takes_slots_back() -> None:
    """Cap 3: three acquire, the fourth does not, and a release frees one slot."""
    cap = ConnectionCap(3, per_address=3)
    assert [cap.acquire(f"10.0.0.{i}") for i in range(4)] == [True, True, True, False]
    assert cap.count == 3
    cap.release("10.0.0.1")
    assert cap.acquire("10.0.0.9")
    assert not cap.acquire("10.0.0.1")


def test_cap_keeps_slots_for_other_addresses() -> None:
    """Cap 5, 2 per address: one address gets 2 slots, however many it asks for, and the
    rest stay for others; its IPv6 neighbours in the same /64 share its 2."""
    cap = ConnectionCap(5, per_address=2)
    assert [cap.acquire("192.0.2.7") for _ in range(4)] == [True, True, False, False]
    assert cap.acquire("2001:db8::1") and cap.acquire("2001:db8::2")
    assert not cap.acquire("2001:db8::ffff")
    assert cap.acquire("198.51.100.1")
    assert not cap.acquire("198.51.100.2")  # the overall ceiling, last line
    cap.release("192.0.2.7")
    assert cap.acquire("192.0.2.7")
    assert cap.count == 5


def test_cap_forgets_an_address_whose_slots_are_all_back() -> None:
    """Memory stays bounded by the slots held: no entry outlives its last connection."""
    cap = ConnectionCap(1_000, per_address=10)
    for i in range(500):
        assert cap.acquire(f"10.0.{i // 250}.{i % 250}")
    for i in range(500):
        cap.release(f"10.0.{i // 250}.{i % 250}")
    assert cap.count == 0
    assert cap.addresses == 0


def test_cap_refuses_a_release_without_an_acquire() -> None:
    """Releasing more than was taken is a bug in the caller, not a silent negative count."""
    cap = ConnectionCap(1, per_address=1)
    with pytest.raises(RuntimeError):
        cap.release("10.0.0.1")
    assert cap.acquire("10.0.0.1")
    with pytest.raises(RuntimeError):
        cap.release("10.0.0.2")


def test_cap_rejects_nonsense_settings() -> None:
    """No slot at all, overall or per address, is a programming error."""
    with pytest.raises(ValueError):
        ConnectionCap(0, per_address=1)
    with pytest.raises(ValueError):
        ConnectionCap(1, per_address=0)


def test_auth_failures_say_when_the_limit_is_reached() -> None:
    """With a limit of 6, the 6th failure is the one that says close."""
    failures = AuthFailures(6)
    assert [failures.record() for _ in range(6)] == [False] * 5 + [True]
    assert failures.exhausted
    assert failures.count == 6
