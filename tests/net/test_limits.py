"""Token buckets, the per-address limiter, the connection caps and the failure count."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.limits import (
    Admission,
    AuthFailures,
    ConnectionCap,
    RateLimiter,
    TokenBucket,
    address_key,
)

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
    cap: ConnectionCap[str] = ConnectionCap(3, per_address=3)
    answers = [cap.acquire(f"10.0.0.{i}", f"c{i}").admitted for i in range(4)]
    assert answers == [True, True, True, False]
    assert cap.count == 3
    assert cap.release("c1")
    assert cap.acquire("10.0.0.9", "c9").admitted
    assert not cap.acquire("10.0.0.1", "c1 again").admitted


def test_cap_keeps_slots_for_other_addresses() -> None:
    """Cap 5, 2 per address: one address gets 2 slots, however many it asks for, and the
    rest stay for others; its IPv6 neighbours in the same /64 share its 2."""
    cap: ConnectionCap[str] = ConnectionCap(5, per_address=2)
    assert [cap.acquire("192.0.2.7", f"v4 {i}").admitted for i in range(4)] == [
        True,
        True,
        False,
        False,
    ]
    assert cap.acquire("2001:db8::1", "v6 1").admitted
    assert cap.acquire("2001:db8::2", "v6 2").admitted
    assert not cap.acquire("2001:db8::ffff", "v6 3").admitted
    assert cap.held_by("2001:db8::ffff") == 2
    assert cap.acquire("198.51.100.1", "other").admitted
    assert not cap.acquire("198.51.100.2", "one too many").admitted  # the overall ceiling
    cap.release("v4 0")
    assert cap.acquire("192.0.2.7", "v4 again").admitted
    assert cap.count == 5


def test_cap_forgets_an_address_whose_slots_are_all_back() -> None:
    """Memory stays bounded by the slots held: no entry outlives its last connection."""
    cap: ConnectionCap[int] = ConnectionCap(1_000, per_address=10)
    for i in range(500):
        assert cap.acquire(f"10.0.{i // 250}.{i % 250}", i).admitted
    for i in range(500):
        cap.release(i)
    assert cap.count == 0
    assert cap.addresses == 0


def test_cap_gives_a_slot_back_once_however_often_asked() -> None:
    """A connection's every way of ending may release it: only the first gives a slot back,
    and a holder that never had one gives back nothing."""
    cap: ConnectionCap[str] = ConnectionCap(2, per_address=2)
    assert cap.acquire("10.0.0.1", "a").admitted
    assert cap.acquire("10.0.0.1", "b").admitted
    assert not cap.release("never held")
    assert cap.release("a")
    assert not cap.release("a")
    assert cap.count == 1 and cap.held_by("10.0.0.1") == 1


def test_cap_refuses_a_second_slot_for_one_holder() -> None:
    """Acquiring twice for one connection is a bug in the caller, not a slot it keeps."""
    cap: ConnectionCap[str] = ConnectionCap(2, per_address=2)
    assert cap.acquire("10.0.0.1", "a").admitted
    with pytest.raises(RuntimeError):
        cap.acquire("10.0.0.2", "a")
    assert cap.count == 1


def test_cap_rejects_nonsense_settings() -> None:
    """No slot at all, overall or per address, is a programming error."""
    with pytest.raises(ValueError):
        ConnectionCap(0, per_address=1)
    with pytest.raises(ValueError):
        ConnectionCap(1, per_address=0)


def fill(cap: ConnectionCap[str], address: str, count: int) -> list[str]:
    """``count`` connections from ``address``, named after it in arrival order."""
    holders = [f"{address} #{n}" for n in range(count)]
    for holder in holders:
        assert cap.acquire(address, holder).admitted
    return holders


def test_fair_share_lets_a_newcomer_in_past_a_dozen_addresses() -> None:
    """The audit's numbers: 100 slots, 10 per address; 12 addresses asking 10 each fill the
    cap, yet a player from a 13th address gets in, in the place of the oldest connection of
    the address holding the most."""
    cap: ConnectionCap[str] = ConnectionCap(100, per_address=10, fair_share=True)
    for address in range(2, 14):
        for n in range(10):
            cap.acquire(f"127.0.0.{address}", f"127.0.0.{address} #{n}")
    assert cap.count == 100
    most = max(cap.held_by(f"127.0.0.{address}") for address in range(2, 14))
    admission = cap.acquire("127.0.0.200", "player")
    assert admission.admitted and admission.evicted is not None
    evicted_address = admission.evicted.split(" #")[0]
    assert cap.held_by(evicted_address) == most - 1
    assert cap.count == 100 and cap.held_by("127.0.0.200") == 1


def test_fair_share_evicts_the_oldest_of_the_address_holding_the_most() -> None:
    """Cap 6: 10.0.0.1 holds 2, 10.0.0.2 holds 3 and 10.0.0.3 one; a newcomer takes the
    place of 10.0.0.2's first connection, which has given its slot back already."""
    cap: ConnectionCap[str] = ConnectionCap(6, per_address=4, fair_share=True)
    fill(cap, "10.0.0.1", 2)
    second = fill(cap, "10.0.0.2", 3)
    fill(cap, "10.0.0.3", 1)
    assert cap.acquire("10.0.0.9", "newcomer") == Admission(admitted=True, evicted=second[0])
    assert cap.held_by("10.0.0.2") == 2
    assert not cap.release(second[0])
    assert cap.count == 6


def test_fair_share_breaks_ties_by_the_oldest_connection() -> None:
    """Two addresses hold 2 each: the one whose first connection came first loses it."""
    cap: ConnectionCap[str] = ConnectionCap(4, per_address=4, fair_share=True)
    for address, holder in [(".1", "one"), (".2", "two"), (".2", "two'"), (".1", "one'")]:
        assert cap.acquire(f"10.0.0{address}", holder).admitted
    assert cap.acquire("10.0.0.9", "a").evicted == "one"
    assert cap.acquire("10.0.0.8", "b").evicted == "two"


def test_fair_share_refuses_when_every_address_holds_at_most_what_the_newcomer_would() -> None:
    """Cap 4: after 10.0.0.9 took a place from an address holding 2, it holds 1 like the
    others hold at most 2: a second connection of its own would only swap who is short
    (and two addresses could then evict each other for ever), so it is refused; so is a
    newcomer when four addresses hold one each."""
    cap: ConnectionCap[str] = ConnectionCap(4, per_address=4, fair_share=True)
    fill(cap, "10.0.0.1", 2)
    fill(cap, "10.0.0.2", 2)
    assert cap.acquire("10.0.0.9", "newcomer").admitted
    assert cap.acquire("10.0.0.9", "again") == Admission(admitted=False)
    even: ConnectionCap[str] = ConnectionCap(4, per_address=4, fair_share=True)
    for address in range(1, 5):
        fill(even, f"10.0.0.{address}", 1)
    assert even.acquire("10.0.0.9", "newcomer") == Admission(admitted=False)


def test_fair_share_gives_an_address_at_its_own_ceiling_nothing() -> None:
    """2 per address: 10.0.0.1 at its 2 is refused even though 10.0.0.2 holds 4 more."""
    cap: ConnectionCap[str] = ConnectionCap(8, per_address=2, fair_share=True)
    fill(cap, "10.0.0.1", 2)
    for address in range(2, 5):
        fill(cap, f"10.0.0.{address}", 2)
    assert cap.acquire("10.0.0.1", "third") == Admission(admitted=False)
    assert cap.count == 8


def test_without_fair_share_nobody_is_evicted() -> None:
    """Logged-in players are never cut for a newcomer: the full cap refuses."""
    cap: ConnectionCap[str] = ConnectionCap(4, per_address=4)
    fill(cap, "10.0.0.1", 4)
    assert cap.acquire("10.0.0.2", "newcomer") == Admission(admitted=False)


@given(
    steps=st.lists(st.tuples(st.booleans(), st.integers(0, 5), st.integers(0, 40)), max_size=300),
    limit=st.integers(1, 12),
    per_address=st.integers(1, 6),
)
def test_fair_share_keeps_its_promises(
    steps: list[tuple[bool, int, int]], limit: int, per_address: int
) -> None:
    """Any run of arrivals and departures from six addresses: never more than the ceilings;
    a newcomer under its own ceiling is refused only when the cap is full and no address
    holds two more than it; an evicted connection is the oldest of an address holding the
    most, and has no slot left to give back."""
    cap: ConnectionCap[int] = ConnectionCap(limit, per_address=per_address, fair_share=True)
    model: dict[int, str] = {}
    """Who the test expects to hold a slot, and from where; holders are numbered in order
    of arrival, so an address's oldest is its smallest number."""
    for serial, (arrives, address_no, pick) in enumerate(steps):
        if not arrives:
            if model:
                holder = sorted(model)[pick % len(model)]
                assert cap.release(holder)
                del model[holder]
            continue
        address = f"10.0.0.{address_no}"
        counts = Counter(model.values())
        mine = counts[address]
        admission = cap.acquire(address, serial)
        if not admission.admitted:
            full_and_fair = len(model) >= limit and max(counts.values()) <= mine + 1
            assert mine >= per_address or full_and_fair
        elif admission.evicted is None:
            assert mine < per_address and len(model) < limit
        else:
            evicted_address = model[admission.evicted]
            assert mine < per_address and len(model) >= limit
            assert counts[evicted_address] == max(counts.values()) >= mine + 2
            assert admission.evicted == min(h for h, a in model.items() if a == evicted_address)
            del model[admission.evicted]
            assert not cap.release(admission.evicted)
        if admission.admitted:
            model[serial] = address
        assert cap.count == len(model) <= limit
        for held_address, held in Counter(model.values()).items():
            assert cap.held_by(held_address) == held <= per_address


def test_auth_failures_say_when_the_limit_is_reached() -> None:
    """With a limit of 6, the 6th failure is the one that says close."""
    failures = AuthFailures(6)
    assert [failures.record() for _ in range(6)] == [False] * 5 + [True]
    assert failures.exhausted
    assert failures.count == 6
