"""The Convention's choices start on taking cards (issue #15, found reading the board as a
newcomer): the first choice was "Slide a card first (optional)", so Enter on the first row
went into sliding when the player wanted cards. Taking is the usual move: the row starts on
it, and the optional slide comes last, still one key away (← from the first choice, or
End) and saying that it is optional and comes before the take. The cursor's other rules
stay: it starts a turn on the choice it was on when the player's last turn ended, if that
is there still."""

from __future__ import annotations

import random
from typing import Any

from core.match import Match
from tests.tui import screen_text
from tests.tui.board_helpers import (
    comic_hunters_by_keys,
    comic_hunters_table,
    comic_hunters_until,
    shown_alone,
)
from tests.tui.game_driver import settle
from tui.boards import comic_hunters as board
from tui.widgets.show import Parts

SLUG = "comic-hunters"
SLIDE = ("slide",)


def _app() -> Any:
    """You and 2 bots at a real table."""
    return comic_hunters_table(2)


_by_keys = comic_hunters_by_keys


_to_the_convention = comic_hunters_until


async def test_the_convention_starts_on_taking_and_the_slide_is_one_key_away() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        _, widget = await _to_the_convention(pilot)
        keys = [c.key for c in widget.choices]
        assert keys[0][0] == "hero" and widget.cursor == 0, keys
        label = widget.choices[0].label
        assert label.startswith("Take ") and label.endswith(" cards"), label
        assert f"▶ 1 of {len(keys)}: {label}" in screen_text(app)
        # The slide: last, worded as the optional step before the take.
        assert keys[-1] == SLIDE, keys
        slide = widget.choices[-1].label
        assert "optional" in slide and "then take" in slide, slide
        await pilot.press("left")  # round from the first choice to the last
        assert widget.choices[widget.cursor].key == SLIDE
        assert slide in " ".join(screen_text(app).split())
        await pilot.press("home", "end")
        assert widget.choices[widget.cursor].key == SLIDE
        await pilot.press("enter")  # the cards to slide
        assert widget.keys == [SLIDE]
        assert all(c.key[0] == "cell" for c in widget.choices)
        await pilot.press("escape")
        assert widget.keys == [] and widget.choices[widget.cursor].key == SLIDE


async def test_enter_at_the_convention_takes_cards_and_the_next_turn_starts_where_you_were() -> (
    None
):
    """Enter, Enter on the first choices takes a hero's cards; at your next turn the
    cursor is on the hero taken before if it can be taken still, else on a take, never on
    the slide."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, widget = await _to_the_convention(pilot)
        held = len(screen.latest[0].view["hand"])
        hero = widget.choices[0].key
        await pilot.press("enter", "enter")
        await settle(pilot, screen)
        assert len(screen.latest[0].view["hand"]) > held  # cards taken, nothing slid
        assert screen.latest[0].view["location"] == "convention"  # your second turn
        keys = [c.key for c in widget.choices]
        under = keys[widget.cursor]
        assert under == hero if hero in keys else under[0] == "hero", (under, keys)


def _at_the_convention(seed: int = 1) -> Match:
    """A 3-player match where seat 0 first has a choice at the Convention."""
    match = Match.new(SLUG, 3, seed=seed)
    rng = random.Random(seed)
    while not (match.state.location == "convention" and 0 in match.to_act()):
        seat = min(match.to_act())
        legal = match.legal(seat)
        takes = [a for a in legal if a[0] in ("take", "take-row", "pick")]
        match.act(seat, rng.choice(takes or legal))
    return match


async def test_what_to_do_follows_the_steps_of_a_slide_and_of_a_take() -> None:
    """Found playing at 80x24: choosing the card to slide, and then its empty space, the
    line under the choice still said "choose a hero and a row or column"; with the hero
    chosen, "you may slide one card first" (the slide was one Esc back by then). Each step
    says what it asks, whole, at 80x24."""
    async with shown_alone(board.Board, _at_the_convention()) as (_, pilot, widget):

        async def said() -> str:
            await pilot.pause()
            return " ".join(str(widget.query_one(Parts).shown("choice")).split())

        await pilot.press("end", "enter")  # the slide: the card to slide
        assert "choose the card to slide" in await said()
        assert "hero" not in await said()
        await pilot.press("enter")  # the card: its empty space
        assert "choose the empty space it slides to" in await said()
        await pilot.press("escape", "escape", "home", "enter")  # a hero to take
        hero = board.HERO_NAMES[widget.keys[0][1]]
        text = await said()
        assert f"take {hero} cards from a row or column" in text, text
        assert "slide" not in text, text
        assert not text.endswith("…"), text
