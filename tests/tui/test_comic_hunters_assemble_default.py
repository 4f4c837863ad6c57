"""What Enter plays in Assemble Collection (issue #15, found by a newcomer at 80x24): the
cursor started on the hand's first card, a lone Black Panther, while three Doctor Strange
cards could start a collection. A collection starts with two or more cards of its hero
played at once, and only three or more score for size and variety (rulebook, Phase 2 and
End Game): a card alone for a hero you do not collect goes back to your hand at Done
playing. The cursor starts on a card of the largest set you can play (a collection you
have, or two or more cards of one hero), its collection next; Done playing stays last."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from core.games.comic_hunters.data import CARD
from tests.tui import screen_text
from tests.tui.board_helpers import (
    comic_hunters_at_assemble,
    comic_hunters_table,
    comic_hunters_until,
    shown_alone,
    update_of,
)
from tests.tui.game_driver import settle
from tui.boards import comic_hunters as board
from tui.screens.game import GameScreen


async def _to_assemble(pilot: Any) -> tuple[GameScreen, Any]:
    return await comic_hunters_until(pilot, location="assemble")


def _sets(view: dict[str, Any], legal: Any) -> dict[str, int]:
    """Per hero, the cards a collection of it would hold: collected, played and playable."""
    held = {hero: len(cards) for hero, cards in view["collections"][0]}
    for _, hero in view["assembly"]["plays"][0]:
        held[hero] = held.get(hero, 0) + 1
    for action in legal:
        if action[0] == "play":
            held[action[2]] = held.get(action[2], 0) + 1
    return held


async def test_enter_in_assemble_starts_on_the_largest_set_not_a_lone_card() -> None:
    for size in ((80, 24), (160, 45)):
        app = comic_hunters_table(2)
        async with app.run_test(size=size) as pilot:
            screen, widget = await _to_assemble(pilot)
            update = screen.latest[0]
            sets = _sets(update.view, update.legal)
            best = max(sets.values())
            assert best >= 2, sets  # this game's hand: a set to start
            keys: list[Hashable] = [c.key for c in widget.choices]
            under = keys[widget.cursor]
            assert under[0] == "play", (under, screen_text(app))
            # This game's first card to play is alone for its hero (a stray at Done).
            assert all(sets.get(h, 0) == 1 for h in CARD[keys[0][1]].heroes), (keys[0], sets)
            heroes = CARD[under[1]].heroes
            assert any(sets.get(h, 0) == best for h in heroes), (under, sets)
            await pilot.press("enter")  # its collection: the set's hero
            hero = widget.choices[widget.cursor].key
            assert hero[0] == "hero" and sets[hero[1]] == best, (hero, sets)
            await pilot.press("enter")
            await settle(pilot, screen)
            played = screen.latest[0].view["assembly"]["plays"][0]
            assert [p[1] for p in played] == [hero[1]], played
            # The next card: the same set's, so that Enter, Enter starts the collection.
            under = widget.choices[widget.cursor].key
            assert under[0] == "play" and hero[1] in CARD[under[1]].heroes, under
            assert screen.latest[0].view["location"] == "assemble"


async def test_a_bots_move_leaves_the_cursor_where_the_player_put_it() -> None:
    """The start on the largest set is a new step's: another seat's play in the same
    Assemble never moves the cursor from the card the player went to."""
    match = comic_hunters_at_assemble()
    async with shown_alone(board.Board, match) as (_, pilot, widget):
        start = widget.choices[widget.cursor].key
        await pilot.press("right")
        mine = widget.choices[widget.cursor].key
        assert mine != start and mine[0] == "play"
        other = next(a for a in match.legal(1) if a[0] == "play")
        match.act(1, other)
        widget.show(update_of(match, 0))
        await pilot.pause()
        assert widget.choices[widget.cursor].key == mine
