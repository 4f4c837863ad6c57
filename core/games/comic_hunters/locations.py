"""Comic Hunters' four locations: how each begins, what may be done there, and doing it.

Every ``begin_*`` lays a location out; every ``*_legal`` lists a seat's actions; every
``*_apply`` carries out a legal action and returns ``(state, events, finished)``, where
``finished`` says the location is resolved and the schedule moves on (rules.py).

Actions:
  Store        ("pick", card)  ("box", card)            two players box one card each pass
  Flea Market  ("reveal", row)  ("take-row", row)
  Auction      ("open", lot, bid)  ("bid", amount)  ("pass",)  ("keep", card)
               ("buy-lot", lot)                          solo: fixed prices
  Convention   ("slide", cell, to_cell)  ("take", hero, "row" | "col", index)  ("pass",)
"""

from __future__ import annotations

from dataclasses import replace

from core.engine import Action, Event
from core.games.comic_hunters.data import (
    AUCTION_LOTS,
    CARD,
    CONVENTION_CELLS,
    FLEA_ROWS,
    GRID,
    HERO_NAMES,
    HEROES,
    SOLO_LOT_PRICES,
    SOLO_STORE_KEEP,
    SOLO_STORE_PACKS,
    STORE_PACK,
)
from core.games.comic_hunters.state import (
    Auction,
    Convention,
    FleaMarket,
    State,
    Store,
    can_supply,
    counted,
    draw,
    draw_convention,
    event,
    give,
    jarvis_takes,
    put,
    titles,
    to_convention_deck,
    trending_row,
    without,
)

Result = tuple[State, list[Event], bool]


def _clockwise(state: State, seat: int, among: tuple[int, ...] | list[int]) -> int:
    """The first seat of ``among`` after ``seat``, going clockwise (to the left)."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if candidate in among:
            return candidate
    return seat


def _filled(count: int) -> list[Event]:
    if not count:
        return []
    if count == 1:
        return [event("fill", "A card of the removed heroes fills the gap.")]
    return [event("fill", f"{count} cards of the removed heroes fill the gap.")]


# -- Store -------------------------------------------------------------------------------


def _go(count: int, which: str) -> str:
    """ "1 card of the last lot goes", "3 cards left on the grid go"."""
    return f"{counted(count)} {which} {'goes' if count == 1 else 'go'}"


def begin_store(state: State) -> tuple[State, list[Event]]:
    """Each seat draws a pack (solo: three cards, twice)."""
    events: list[Event] = []
    packs: list[tuple[str, ...]] = []
    size = STORE_PACK[state.players]
    for seat in range(state.players):
        state, cards, filled = draw(state, "store_deck", size)
        events += _filled(filled)
        packs.append(tuple(sorted(cards)))
        events.append(event("pack", f"Your Store cards: {titles(sorted(cards))}.", to=seat))
    direction = 0 if state.solo else (1 if state.round == 0 else -1)
    way = {0: "", 1: " Cards pass to the left.", -1: " Cards pass to the right."}[direction]
    store = Store(
        packs=tuple(packs),
        steps=tuple(0 if pack else 2 for pack in packs),
        direction=direction,
        packs_left=SOLO_STORE_PACKS - 1 if state.solo else 0,
    )
    events.insert(0, event("store", f"The Store opens.{way}"))
    return replace(state, store=store), events


def store_legal(state: State, seat: int) -> list[Action]:
    store = state.store
    assert store is not None
    verb = {0: "pick", 1: "box"}.get(store.steps[seat])
    if verb is None:
        return []
    return [(verb, card) for card in dict.fromkeys(store.packs[seat])]


def store_apply(state: State, seat: int, action: Action) -> Result:
    store = state.store
    assert store is not None
    verb, card = action
    pack = without(store.packs[seat], card)
    events: list[Event] = []
    if verb == "pick":
        state = give(state, seat, [card])
        events.append(event("pick", f"You pick {titles([card])}.", to=seat))
        if state.solo:
            return _solo_store(state, store, pack, events)
        events.append(event("pick", f"{{p{seat}}} picks a card."))
        step = 1 if state.players == 2 and pack else 2
    else:
        state = replace(state, box=tuple(sorted(state.box + (card,))))
        events.append(event("box", f"You return {titles([card])} to the box.", to=seat))
        events.append(event("box", f"{{p{seat}}} returns a card to the box."))
        step = 2
    store = replace(store, packs=put(store.packs, seat, pack), steps=put(store.steps, seat, step))
    if any(s < 2 for s in store.steps):
        return replace(state, store=store), events, False
    # Everyone has chosen: pass the packs; a last single card goes to whoever receives it.
    n = state.players
    passed = [store.packs[(seat - store.direction) % n] for seat in range(n)]
    if all(len(pack) <= 1 for pack in passed):
        for receiver, pack in enumerate(passed):
            state = give(state, receiver, pack)
            if pack:
                events.append(event("pick", f"You take the last card, {titles(pack)}.", receiver))
        events.append(event("store", "The Store draft is over."))
        return replace(state, store=None), events, True
    way = "left" if store.direction == 1 else "right"
    events.append(event("pass", f"The Store cards pass to the {way}."))
    for receiver, pack in enumerate(passed):
        events.append(event("pack", f"You receive {titles(pack)}.", receiver))
    store = replace(store, packs=tuple(passed), steps=tuple(0 if p else 2 for p in passed))
    return replace(state, store=store), events, False


def _solo_store(state: State, store: Store, pack: tuple[str, ...], events: list[Event]) -> Result:
    drawn = STORE_PACK[1]
    if len(pack) > drawn - SOLO_STORE_KEEP:
        store = replace(store, packs=(pack,))
        return replace(state, store=store), events, False
    state, more = jarvis_takes(state, pack)
    events += more
    if not store.packs_left:
        return replace(state, store=None), events, True
    state, cards, filled = draw(state, "store_deck", drawn)
    events += _filled(filled)
    events.append(event("pack", f"Your Store cards: {titles(sorted(cards))}.", to=0))
    store = replace(
        store,
        packs=(tuple(sorted(cards)),),
        steps=(0 if cards else 2,),
        packs_left=store.packs_left - 1,
    )
    if not cards:
        return replace(state, store=None), events, True
    return replace(state, store=store), events, False


# -- Flea Market -----------------------------------------------------------------------


def begin_flea(state: State) -> tuple[State, list[Event]]:
    """Rows by player count, each started with one revealed card."""
    caps = FLEA_ROWS[state.players]
    rows: list[tuple[str, ...]] = []
    events: list[Event] = []
    for _ in caps:
        state, cards, filled = draw(state, "flea_deck", 1)
        events += _filled(filled)
        rows.append(tuple(cards))
    flea = FleaMarket(
        rows=tuple(rows),
        caps=caps,
        open=(True,) * len(caps),
        visiting=tuple(range(state.players)),
        turn=state.first,
    )
    shown = "; ".join(f"row {i + 1}: {titles(r)}" for i, r in enumerate(rows))
    events.insert(0, event("flea", f"The Flea Market opens with {shown}."))
    return replace(state, flea=flea), events


def flea_legal(state: State, seat: int) -> list[Action]:
    flea = state.flea
    assert flea is not None
    actions: list[Action] = []
    supply = can_supply(state, "flea_deck")
    for row in range(len(flea.rows)):
        if not flea.open[row]:
            continue
        if supply and len(flea.rows[row]) < flea.caps[row]:
            actions.append(("reveal", row))
        actions.append(("take-row", row))
    return actions


def _flea_place(state: State, flea: FleaMarket, row: int) -> tuple[State, FleaMarket, list[Event]]:
    state, cards, filled = draw(state, "flea_deck", 1)
    flea = replace(flea, rows=put(flea.rows, row, flea.rows[row] + tuple(cards)))
    return state, flea, _filled(filled)


def _jarvis_row(state: State, flea: FleaMarket, card: str) -> int | None:
    """Solo: the row of the best-placed hero on the card; if full, the smallest row with
    space (rulebook; "smallest" is the one that holds the fewest cards at most, designed)."""
    best = min(trending_row(state, hero) or 3 for hero in CARD[card].heroes)
    free = [r for r in range(len(flea.rows)) if flea.open[r] and len(flea.rows[r]) < flea.caps[r]]
    if best - 1 in free:
        return best - 1
    return min(free, key=lambda r: (flea.caps[r], r)) if free else None


def _jarvis_places(state: State, flea: FleaMarket) -> tuple[State, FleaMarket, list[Event]]:
    """Jarvis' turn in the solo Flea Market: one card to its Trending row."""
    if not can_supply(state, "flea_deck"):
        return state, flea, []
    free = [r for r in range(len(flea.rows)) if flea.open[r] and len(flea.rows[r]) < flea.caps[r]]
    if not free:
        return state, flea, []
    state, cards, filled = draw(state, "flea_deck", 1)
    events = _filled(filled)
    if not cards:
        return state, flea, events
    row = _jarvis_row(state, flea, cards[0])
    assert row is not None
    flea = replace(flea, rows=put(flea.rows, row, flea.rows[row] + (cards[0],)))
    events.append(event("reveal", f"Jarvis reveals {titles(cards)} into row {row + 1}."))
    return state, flea, events


def flea_apply(state: State, seat: int, action: Action) -> Result:
    flea = state.flea
    assert flea is not None
    verb, row = action
    events: list[Event] = []
    if verb == "reveal":
        state, flea, events = _flea_place(state, flea, row)
        events.append(
            event(
                "reveal", f"{{p{seat}}} reveals {titles(flea.rows[row][-1:])} into row {row + 1}."
            )
        )
        if state.solo:
            state, flea, more = _jarvis_places(state, flea)
            events += more
        else:
            flea = replace(flea, turn=_clockwise(state, seat, flea.visiting))
        return replace(state, flea=flea), events, False
    taken = flea.rows[row]
    state = give(state, seat, taken)
    flea = replace(
        flea,
        rows=put(flea.rows, row, ()),
        open=put(flea.open, row, False),
        visiting=tuple(s for s in flea.visiting if s != seat),
    )
    events.append(event("take-row", f"{{p{seat}}} takes row {row + 1}: {titles(taken)}."))
    if state.solo:
        # Jarvis completes the remaining rows and buys the longest one left.
        while True:
            state, flea, more = _jarvis_places(state, flea)
            if not more:
                break
            events += more
        left = [r for r in range(len(flea.rows)) if flea.open[r]]
        if left:
            rows = flea.rows
            longest = max(left, key=lambda r: (len(rows[r]), -r))
            bought = flea.rows[longest]
            flea = replace(
                flea, rows=put(flea.rows, longest, ()), open=put(flea.open, longest, False)
            )
            state, more = jarvis_takes(state, bought)
            events.append(event("take-row", f"Jarvis buys row {longest + 1}."))
            events += more
    if flea.visiting:
        flea = replace(flea, turn=_clockwise(state, seat, flea.visiting))
        return replace(state, flea=flea), events, False
    rest = [card for r in range(len(flea.rows)) if flea.open[r] for card in flea.rows[r]]
    if rest:
        events.append(
            event(
                "flea",
                f"{counted(len(rest), 'unchosen card')} "
                f"{'goes' if len(rest) == 1 else 'go'} to the Convention deck.",
            )
        )
    state = to_convention_deck(state, rest)
    return replace(state, flea=None), events, True


# -- Auction Website ---------------------------------------------------------------------


def begin_auction(state: State) -> tuple[State, list[Event]]:
    """Lots of 5, 4…, 3 cards (2 players and solo: 4 and 3), revealed."""
    lots: list[tuple[str, ...]] = []
    events: list[Event] = []
    for size in AUCTION_LOTS[state.players]:
        state, cards, filled = draw(state, "auction_deck", size)
        events += _filled(filled)
        lots.append(tuple(sorted(cards)))
    auction = Auction(
        lots=tuple(lots),
        sold=(False,) * len(lots),
        won=(False,) * state.players,
        turn=state.first,
        lot=-1,
        bid=0,
        leader=-1,
        opener=-1,
        bidders=(),
        picks=0,
    )
    shown = "; ".join(f"lot {i + 1}: {titles(lot)}" for i, lot in enumerate(lots))
    events.insert(0, event("auction", f"The Auction Website opens with {shown}."))
    return replace(state, auction=auction), events


def auction_legal(state: State, seat: int) -> list[Action]:
    auction = state.auction
    assert auction is not None
    stash = state.stash[seat]
    if state.solo:
        affordable = [i for i, price in enumerate(SOLO_LOT_PRICES) if price <= stash]
        return [("buy-lot", i) for i in affordable or [len(SOLO_LOT_PRICES) - 1]]
    if auction.picks:
        return [("keep", card) for card in dict.fromkeys(auction.lots[auction.lot])]
    if auction.lot < 0:
        return [
            ("open", lot, bid)
            for lot in range(len(auction.lots))
            if not auction.sold[lot]
            for bid in range(stash + 1)
        ]
    return [("pass",), *(("bid", amount) for amount in range(auction.bid + 1, stash + 1))]


def auction_apply(state: State, seat: int, action: Action) -> Result:
    auction = state.auction
    assert auction is not None
    verb = action[0]
    if verb == "buy-lot":
        return _solo_auction(state, action[1])
    if verb == "keep":
        return _keep(state, auction, seat, action[1])
    events: list[Event] = []
    if verb == "open":
        _, lot, bid = action
        eligible = tuple(s for s in range(state.players) if not auction.won[s])
        auction = replace(auction, lot=lot, bid=bid, leader=seat, opener=seat, bidders=eligible)
        events.append(event("open", f"{{p{seat}}} puts lot {lot + 1} up and bids {bid}."))
    elif verb == "bid":
        auction = replace(auction, bid=action[1], leader=seat)
        events.append(event("bid", f"{{p{seat}}} bids {action[1]}."))
    else:
        auction = replace(auction, bidders=tuple(s for s in auction.bidders if s != seat))
        events.append(event("pass", f"{{p{seat}}} passes."))
    others = [s for s in auction.bidders if s != auction.leader]
    if others:
        auction = replace(auction, turn=_clockwise(state, seat, others))
        return replace(state, auction=auction), events, False
    return _sell(state, auction, events)


def _sell(state: State, auction: Auction, events: list[Event]) -> Result:
    """The leader wins the lot; then the next lot is chosen, or the last one is forced."""
    winner, lot = auction.leader, auction.lot
    state = give(state, winner, auction.lots[lot])
    state = replace(state, stash=put(state.stash, winner, state.stash[winner] - auction.bid))
    events.append(
        event(
            "win",
            f"{{p{winner}}} wins lot {lot + 1} for {auction.bid}: {titles(auction.lots[lot])}.",
        )
    )
    auction = replace(
        auction,
        lots=put(auction.lots, lot, ()),
        sold=put(auction.sold, lot, True),
        won=put(auction.won, winner, True),
        lot=-1,
        bid=0,
        leader=-1,
        bidders=(),
    )
    waiting = [s for s in range(state.players) if not auction.won[s]]
    unsold = [i for i in range(len(auction.lots)) if not auction.sold[i]]
    if len(unsold) > 1 and len(waiting) > 1:
        # The opener who lost chooses again; an opener who won hands over to the left.
        chooser = _clockwise(state, winner, waiting) if winner == auction.opener else auction.opener
        auction = replace(auction, turn=chooser, opener=-1)
        return replace(state, auction=auction), events, False
    if not unsold or not waiting:
        return replace(state, auction=None), events, True
    last, buyer = unsold[0], waiting[0]
    cards = auction.lots[last]
    stash = state.stash[buyer]
    if stash >= len(cards):
        state = give(state, buyer, cards)
        state = replace(state, stash=put(state.stash, buyer, stash - len(cards)))
        events.append(
            event("win", f"{{p{buyer}}} takes the last lot for {len(cards)}: {titles(cards)}.")
        )
        return replace(state, auction=None), events, True
    auction = replace(auction, lot=last, turn=buyer, picks=stash, opener=-1)
    if stash == 0:
        return _rest_to_convention(state, auction, events)
    events.append(
        event(
            "forced", f"{{p{buyer}}} can pay for only {stash} of the last lot's cards and chooses."
        )
    )
    return replace(state, auction=auction), events, False


def _keep(state: State, auction: Auction, seat: int, card: str) -> Result:
    state = give(state, seat, [card])
    state = replace(state, stash=put(state.stash, seat, state.stash[seat] - 1))
    auction = replace(
        auction,
        lots=put(auction.lots, auction.lot, without(auction.lots[auction.lot], card)),
        picks=auction.picks - 1,
    )
    events = [event("keep", f"{{p{seat}}} pays 1 for {titles([card])}.")]
    if auction.picks:
        return replace(state, auction=auction), events, False
    return _rest_to_convention(state, auction, events)


def _rest_to_convention(state: State, auction: Auction, events: list[Event]) -> Result:
    rest = auction.lots[auction.lot]
    if rest:
        events.append(
            event("auction", f"{_go(len(rest), 'of the last lot')} to the Convention deck.")
        )
    return replace(to_convention_deck(state, rest), auction=None), events, True


def _solo_auction(state: State, lot: int) -> Result:
    auction = state.auction
    assert auction is not None
    other = 1 - lot
    price = min(SOLO_LOT_PRICES[lot], state.stash[0])
    state = give(state, 0, auction.lots[lot])
    state = replace(state, stash=(state.stash[0] - price,))
    events = [event("win", f"{{p0}} buys lot {lot + 1} for {price}: {titles(auction.lots[lot])}.")]
    jarvis_price = min(SOLO_LOT_PRICES[other], state.jarvis_stash)
    state = replace(state, jarvis_stash=state.jarvis_stash - jarvis_price)
    events.append(event("win", f"Jarvis buys lot {other + 1} for {jarvis_price}."))
    state, more = jarvis_takes(state, auction.lots[other])
    return replace(state, auction=None), events + more, True


# -- Convention -----------------------------------------------------------------------


def convention_order(state: State) -> tuple[tuple[int, bool], ...]:
    """Snake order (3–4), alternation (2), or the player and Discard turns (solo)."""
    if state.solo:
        return ((0, False), (0, True), (0, False), (0, True))
    first, n = state.first, state.players
    if n == 2:
        return tuple((s, False) for s in (first, 1 - first, first, 1 - first))
    out = [(first + i) % n for i in range(n)]
    return tuple((s, False) for s in out + out[::-1])


def begin_convention(state: State) -> tuple[State, list[Event]]:
    cells = CONVENTION_CELLS[state.players]
    state, cards, filled = draw_convention(state, len(cells))
    grid: list[str | None] = [None] * (GRID * GRID)
    for cell, card in zip(cells, cards, strict=False):
        grid[cell] = card
    convention = Convention(grid=tuple(grid), turns=convention_order(state), slid=False)
    events = [event("convention", f"The Convention opens with {len(cards)} cards on the grid.")]
    return replace(state, convention=convention), events + _filled(filled)


def _neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, GRID)
    out = []
    if row > 0:
        out.append(cell - GRID)
    if row < GRID - 1:
        out.append(cell + GRID)
    if col > 0:
        out.append(cell - 1)
    if col < GRID - 1:
        out.append(cell + 1)
    return out


def slide_targets(grid: tuple[str | None, ...], cell: int) -> list[int]:
    """Empty spaces a card can slide to, orthogonally through empty spaces only."""
    seen = {cell}
    frontier = [cell]
    reached: list[int] = []
    while frontier:
        here = frontier.pop()
        for there in _neighbours(here):
            if there not in seen and grid[there] is None:
                seen.add(there)
                reached.append(there)
                frontier.append(there)
    return sorted(reached)


def line_cells(axis: str, index: int) -> list[int]:
    """The cells of a row or a column of the grid."""
    if axis == "row":
        return [index * GRID + c for c in range(GRID)]
    return [r * GRID + index for r in range(GRID)]


def line_take(grid: tuple[str | None, ...], hero: str, axis: str, index: int) -> list[str]:
    """The cards of ``hero`` in one row or column."""
    return [
        card
        for cell in line_cells(axis, index)
        if (card := grid[cell]) is not None and hero in CARD[card].heroes
    ]


def convention_legal(state: State, seat: int) -> list[Action]:
    convention = state.convention
    assert convention is not None
    grid = convention.grid
    actions: list[Action] = []
    if not convention.slid:
        for cell, card in enumerate(grid):
            if card is not None:
                actions += [("slide", cell, to) for to in slide_targets(grid, cell)]
    for hero in HEROES:
        for axis in ("row", "col"):
            for index in range(GRID):
                if line_take(grid, hero, axis, index):
                    actions.append(("take", hero, axis, index))
    if not any(card is not None for card in grid):
        actions.append(("pass",))
    return actions


def convention_apply(state: State, seat: int, action: Action) -> Result:
    convention = state.convention
    assert convention is not None
    grid = convention.grid
    verb = action[0]
    if verb == "slide":
        _, cell, to = action
        card = grid[cell]
        assert card is not None
        grid = put(put(grid, to, card), cell, None)
        convention = replace(convention, grid=grid, slid=True)
        where = f"from {cell_name(cell)} to {cell_name(to)}"
        text = f"{{p{seat}}} slides {titles([card])} {where}."
        return replace(state, convention=convention), [event("slide", text)], False
    _, discard = convention.turns[0]
    events: list[Event] = []
    if verb == "take":
        _, hero, axis, index = action
        cards = line_take(grid, hero, axis, index)
        grid = tuple(None if card in cards else card for card in grid)
        where = f"{axis_name(axis)} {index + 1}"
        if discard:
            state = to_convention_deck(state, cards)
            events.append(
                event(
                    "discard",
                    f"Discard turn: {titles(cards)} from {where} go to the Convention deck.",
                )
            )
        else:
            state = give(state, seat, cards)
            events.append(
                event(
                    "take", f"{{p{seat}}} takes {HERO_NAMES[hero]} from {where}: {titles(cards)}."
                )
            )
    else:
        events.append(event("pass", f"{{p{seat}}} finds nothing left to take."))
    convention = replace(convention, grid=grid, turns=convention.turns[1:], slid=False)
    if convention.turns:
        return replace(state, convention=convention), events, False
    rest = [card for card in grid if card is not None]
    if state.solo:
        state, more = jarvis_takes(state, rest)
        events += more
    else:
        if rest:
            events.append(
                event("convention", f"{_go(len(rest), 'left on the grid')} to the Convention deck.")
            )
        state = to_convention_deck(state, rest)
    return replace(state, convention=None), events, True


def axis_name(axis: str) -> str:
    return "row" if axis == "row" else "column"


def cell_name(cell: int) -> str:
    """A grid cell as players say it: "row 2, column 5"."""
    row, col = divmod(cell, GRID)
    return f"row {row + 1}, column {col + 1}"
