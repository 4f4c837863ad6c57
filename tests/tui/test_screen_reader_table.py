"""The table in screen-reader mode, read as a blind player reads it (issue #17): the
selection is the line marked "> " with the terminal cursor on it, every list fits above the
footer at 80×24, ending a phase is never the default and asks once, what happened since your
last turn is said when your turn comes, toasts land in the log, and `u` says why it cannot
take a move back (issue #16)."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from core.match import Match
from core.table import Seat, TableSetup
from tests.tui.board_helpers import update_of
from tests.tui.game_driver import settle
from tui.app import HuntersApp
from tui.boards import BOARDS
from tui.boards.base import ActionTrie
from tui.screens.details import DetailsScreen
from tui.screens.game import GameScreen
from tui.screens.plain_table import HEARD_S, MORE, SINCE, ChoiceList, is_final
from tui.settings import Settings
from tui.widgets.event_log import EventLog
from tui.widgets.spoken import MARK

BOTS = (Seat("Ala"), Seat("Bot 2", "bot", "random"), Seat("Bot 3", "bot", "random"))


def _app(**settings: Any) -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0, screen_reader=True, summaries=False, **settings))


async def _start(pilot: Any, slug: str, seed: int, seats: tuple[Seat, ...] = BOTS) -> GameScreen:
    pilot.app.start_game(TableSetup(slug, seats, {}, seed))
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    await settle(pilot, screen)
    return screen


def _lines(app: App[None]) -> list[str]:
    return [line.text for line in app.screen._compositor.render_strips()]


async def _selected_line(pilot: Any) -> tuple[int, str]:
    """The row of the line marked as selected, and its text; the terminal cursor must sit
    at the mark (which is where a screen reader reads), above the footer."""
    await pilot.pause()
    await pilot.pause()
    lines = _lines(pilot.app)
    rows = [y for y, line in enumerate(lines) if line.startswith(MARK)]
    assert len(rows) == 1, "\n".join(lines)
    row = rows[0]
    assert pilot.app.cursor_position.y == row and pilot.app.cursor_position.x == 0
    footer = len(lines) - 1
    assert row < footer, "the selected choice is below the footer"
    return row, lines[row]


async def test_the_selected_choice_is_marked_and_holds_the_terminal_cursor() -> None:
    """The selection is text ('> ') and the cursor, on the choice Enter would take."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        _, line = await _selected_line(pilot)
        assert screen._sr_choices[0].label in line
        await pilot.press("down")
        _, line = await _selected_line(pilot)
        assert screen._sr_choices[1].label in line


async def test_a_long_list_fits_and_says_where_the_selection_is() -> None:
    """A placement with 15 spaces at 80×24: the selected line stays on screen above the
    footer and says 'choice N of 15' and what is hidden."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7)
        await pilot.press("enter")  # the fire superhero: where to?
        await pilot.pause()
        assert len(screen._sr_choices) == 15
        _, line = await _selected_line(pilot)
        assert "(choice 1 of 15, more below)" in line
        await pilot.press("end")
        _, line = await _selected_line(pilot)
        assert screen._sr_choices[14].label in line
        assert "(choice 15 of 15, more above)" in line


async def test_comic_hunters_store_and_flea_market_lists_start_on_screen() -> None:
    """At 80×24 the table text gives way: the Store's and the Flea Market's choices are
    on screen, the selected one above the footer."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        seen = set()
        for _ in range(40):
            update = screen.latest[0]
            location = update.view["location"]
            if location in ("store", "flea") and 0 in update.acting:
                seen.add(location)
                _, line = await _selected_line(pilot)
                assert screen._sr_choices[0].label[:40] in line
            if seen == {"store", "flea"}:
                break
            await pilot.press("enter")
            await settle(pilot, screen)
        assert seen == {"store", "flea"}


async def test_a_cut_table_says_so_and_t_shows_all_of_it() -> None:
    """When the list leaves the table's lines too little room, a line says the table goes
    on; t shows all of it on a page of its own, and Escape comes back to the same choice.
    A table that fits says nothing more."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        await pilot.press("down")
        await pilot.pause()
        await pilot.pause()
        assert any(line.startswith(MORE) for line in _lines(app))
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen)
        assert "Your Store cards:" in app.screen.text and "Highlight track 3" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#sr-choices", OptionList).highlighted == 1
        await pilot.resize_terminal(100, 60)  # room for all of it: the line goes
        for _ in range(4):
            await pilot.pause()
        assert not any(line.startswith(MORE) for line in _lines(app))
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start(pilot, "superbohaterowie", 7)
        await pilot.pause()
        assert not any(line.startswith(MORE) for line in _lines(app))


async def _to_assemble(pilot: Any, screen: GameScreen) -> None:
    """Enter on whatever is selected until Ala may end her Assemble among other choices."""
    for _ in range(80):
        await settle(pilot, screen)
        update = screen.latest[0]
        finals = [c for c in screen._sr_choices if is_final(screen.board_module, update, c.key)]
        if update.view["location"] == "assemble" and finals and len(screen._sr_choices) > 1:
            return
        await pilot.press("enter")
    raise AssertionError("no Assemble with a choice besides Done playing")


async def _down_to_done(pilot: Any, screen: GameScreen) -> None:
    """Down until Done playing is highlighted (End stops short of it: it ends the plays)."""
    for _ in screen._sr_choices:
        if screen._sr_highlighted_key() == ("ready",):
            return
        await pilot.press("down")
        await pilot.pause()
    assert screen._sr_highlighted_key() == ("ready",)


async def test_done_playing_is_never_the_default_and_asks_once() -> None:
    """Comic Hunters' Assemble: Done playing comes last, the highlight never starts on
    it, and the first Enter on it asks (saying what it gives up); the second takes it."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        await _to_assemble(pilot, screen)
        update = screen.latest[0]
        choices = screen._sr_choices
        options = screen.query_one("#sr-choices", OptionList)
        assert is_final(screen.board_module, update, choices[-1].key)
        assert not is_final(screen.board_module, update, choices[options.highlighted or 0].key)
        await _down_to_done(pilot, screen)
        await pilot.press("enter")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert status.startswith("Done playing") and status.endswith("Enter again to confirm.")
        assert any(line == status for line in screen.query_one(EventLog).lines_shown)
        # Not taken: Ala still assembles, Done playing still offered (Bot 2 assembles at
        # the same time, so the table's version may have moved on meanwhile).
        latest = screen.latest[0]
        assert 0 in latest.acting and is_final(screen.board_module, latest, choices[-1].key)
        assert choices[-1].key in [c.key for c in screen._sr_choices]
        await pilot.press("enter")
        await settle(pilot, screen)
        assert ("ready",) not in screen.latest[0].legal or screen.latest[0].version > update.version


async def test_moving_away_takes_the_question_back_and_confirmations_off_asks_nothing() -> None:
    """Moving off a final choice forgets the question; with confirmations off, one Enter
    on Done playing takes it."""
    app = _app(confirmations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        await _to_assemble(pilot, screen)
        version = screen.latest[0].version
        await _down_to_done(pilot, screen)
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.latest[0].version > version
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        await _to_assemble(pilot, screen)
        await _down_to_done(pilot, screen)
        await pilot.press("enter", "up")
        await pilot.pause()
        assert str(screen.query_one("#status").render()).strip() == ""
        assert screen._sr_asked is None


async def test_events_since_your_last_turn_are_said_once_when_your_turn_comes() -> None:
    """After your move the bots move; when your turn comes, what they did is on screen in
    order and each once: the table's first line says what the log's last lines no longer
    show, the log the rest (the first line repeated the log's lines); r reads all of it
    into the log again."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7)
        await pilot.press("enter", "enter")
        await settle(pilot, screen)
        await pilot.pause()
        first = str(screen.query_one("#sr-table").render()).splitlines()[0]
        log = screen.query_one(EventLog)
        shown = [text for _, text in screen._log_shown(log)]
        assert first.startswith(SINCE)
        assert "Bot 2 places" in first and "Bot 3 places" not in first
        assert any(line.startswith("Bot 3 places") for line in shown), shown
        assert not [line for line in shown if line.rstrip(".") in first], (first, shown)
        assert "{p" not in first and "Ala places" not in first
        assert "It is " not in first  # whose turn it was: the moves say it
        await pilot.press("r")
        again = log.lines_shown[-1]
        assert again.startswith(SINCE)
        assert 0 < again.index("Bot 2 places") < again.index("Bot 3 places")


async def test_lines_heard_while_waiting_are_not_said_again() -> None:
    """A bot's move that stayed on screen a while (a bot delay) was heard as it came:
    when your turn comes it is not in the table's first line again."""
    app = HuntersApp(Settings(bot_delay=HEARD_S + 0.2, screen_reader=True, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7)
        await pilot.press("enter", "enter")
        await settle(pilot, screen, timeout=20.0)
        await pilot.pause()
        table = str(screen.query_one("#sr-table").render())
        assert "Bot 2 places" not in table
        await pilot.press("r")  # all of it, heard or not, on request
        assert "Bot 2 places" in screen.query_one(EventLog).lines_shown[-1]


async def test_the_log_shows_whole_sentences() -> None:
    """The log's first row on screen is the start of an entry, never the end of one cut
    off above it (a screen reader read "Look); Hulk: Gamma Run #73 …" alone); its last
    entry shows."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        log = screen.query_one(EventLog)
        for _ in range(4):  # Store picks: the cards passed are one long entry
            await pilot.press("enter")
            await settle(pilot, screen)
            await pilot.pause()
            rows = [row.strip() for row in _lines(app)[log.region.y : log.region.bottom]]
            entries = log.lines_shown
            assert any(entry.startswith(rows[0]) for entry in entries), rows
            assert entries[-1].endswith(rows[-1]), rows


NESTED = re.compile(r"\([^()]*\(")
"""A bracket opened inside another: "London (Bot 2 (normal))" reads as a tangle."""


async def test_a_name_with_brackets_is_not_bracketed_again() -> None:
    """A bot's name says its level in brackets; where the text puts a name in brackets
    (whose city) it says "London (Bot 2, random)", one pair of brackets."""
    app = _app()
    seats = (Seat("Ala"), Seat("Bot 2 (random)", "bot", "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7, seats)
        for _ in range(4):
            await pilot.press("enter", "enter")
            await settle(pilot, screen)
        said = list(screen.query_one(EventLog).lines_shown)
        said.append(str(screen.query_one("#sr-table").render()))
        assert any("(Bot 2, random)" in line for line in said), said
        assert not [line for line in said if NESTED.search(line)]


@pytest.mark.parametrize("slug", ["superbohaterowie", "orb-hunters"])
async def test_the_table_and_results_name_a_bracketed_name_once(slug: str) -> None:
    """Whose city, whose adventurer leads, on the table and on the results: "London (Bot
    2, random)", not "London (Bot 2 (random))"."""
    app = _app()
    seats = (Seat("Ala"), Seat("Bot 2 (random)", "bot", "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, slug, 7, seats)
        said: list[str] = []
        for _ in range(60):
            update = screen.latest[screen.viewer]
            said += update.names and screen.board_module.describe(update)
            if update.outcome is not None:
                break
            await pilot.press("enter", "enter", "enter")
            await settle(pilot, screen)
        update = screen.latest[screen.viewer]
        assert update.outcome is not None
        said += screen.board_module.result_lines(update.view, update.outcome, update.names)
        if slug == "superbohaterowie":  # the results name each city's player
            assert any("London (Bot 2, random)" in line for line in said), said
        assert not [line for line in said if NESTED.search(line)]


async def test_after_a_pick_in_a_simultaneous_phase_the_news_is_said_too() -> None:
    """Comic Hunters' Store: nobody waits for a turn, yet after your pick the next
    decision comes with what happened since it (the cards passing to you): in the log's
    last lines, or the table's first line for what they no longer show; not in both."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        assert not str(screen.query_one("#sr-table").render()).startswith("Since")
        await pilot.press("enter")
        await settle(pilot, screen)
        await pilot.pause()
        first = str(screen.query_one("#sr-table").render()).splitlines()[0]
        shown = [text for _, text in screen._log_shown(screen.query_one(EventLog))]
        news = "The Store cards pass to the left"
        in_log = any(line.startswith(news) for line in shown)
        assert in_log != (first.startswith(SINCE) and news in first), (first, shown)
        assert "You pick" not in first


async def test_while_others_play_the_cursor_is_on_whom_you_wait_for() -> None:
    """No list while another seat plays: the terminal cursor rests on the question's
    line ("Waiting for Bob…"), not on whatever table line the list's mark was on (a
    screen reader read "empty, Joker." there each time that line changed)."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("Ala"), Seat("Bob", "remote"))
        pilot.app.start_game(TableSetup("superbohaterowie", seats, {}, 7))
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        await pilot.press("enter", "enter")  # Ala places a card; Bob (silent) is next
        for _ in range(20):
            await pilot.pause()
            if not screen._sr_choices:
                break
        await pilot.pause()
        row = _lines(app)[app.cursor_position.y]
        assert row.startswith("Waiting for Bob"), row


async def test_a_toast_is_also_written_to_the_log() -> None:
    """A screen reader never hears a toast in a corner: in this mode it is in the log."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7)
        screen.notify("The save file could not be written.", severity="warning")
        await pilot.pause()
        said = "Warning: The save file could not be written."
        assert screen.query_one(EventLog).lines_shown[-1] == said
        # What the app says at the table (over ssh: a claim refused) lands there too, once.
        app.notify("Too late: the Monsters had already changed.")
        await pilot.pause()
        lines = screen.query_one(EventLog).lines_shown
        assert lines[-1] == "Note: Too late: the Monsters had already changed."
        assert lines.count(said) == 1


async def test_the_footer_names_the_keys_that_read_back() -> None:
    """At 80×24 the footer names r (read again) and H (the whole history)."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start(pilot, "superbohaterowie", 7)
        footer = _lines(app)[-1]
        assert "r Read again" in footer and "H History" in footer


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_u_says_why_nothing_can_be_taken_back(screen_reader: bool) -> None:
    """Before any move, u says why it takes nothing back (and is not in the footer); after
    a move that showed nothing new it is offered again (issue #16)."""
    app = HuntersApp(Settings(bot_delay=0, screen_reader=screen_reader, summaries=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7)
        assert " u " not in _lines(app)[-1]
        await pilot.press("u")
        await pilot.pause()
        why = "You cannot undo: there is no move to take back."
        assert str(screen.query_one("#status").render()).strip() == why
        assert screen.query_one(EventLog).lines_shown[-1] == why


@pytest.mark.parametrize(
    ("slug", "steps"),
    [("superbohaterowie", 3), ("comic-hunters", 2), ("shardhunters", 2), ("orb-hunters", 2)],
)
def test_a_plain_prompt_repeats_the_steps_chosen_so_far(slug: str, steps: int) -> None:
    """Mid-way through a move of ``steps`` or more steps, the screen-reader prompt names
    every step already chosen, in its own words ("So far: Play a one-eagle card, then Your
    Berlin, space 2: carry a fire superhero away. Step 3: where to …")."""
    module = BOARDS[slug]
    rng = random.Random(3)
    for seed in range(40):
        match = Match.new(slug, 3, seed=seed)
        while match.outcome() is None:
            if 0 in match.to_act():
                update = update_of(match)
                trie = ActionTrie(update.legal, partial(module.paths, update))
                for action in update.legal:
                    for path in module.paths(update, action):
                        if len(path) < steps:
                            continue
                        keys = [c.key for c in path[: steps - 1]]
                        text = module.prompt(update, keys, trie.choices(keys), plain=True)
                        assert all(c.label in text for c in path[: steps - 1]), text
                        assert "So far: " in text and text.endswith(".")
                        return
            seat = rng.choice(sorted(match.to_act()))
            match.act(seat, rng.choice(match.legal(seat)))
    pytest.fail(f"no move of {steps} steps in {slug}")


class _ListApp(App[None]):
    CSS = "ChoiceList { height: auto; border: none; padding: 0; }"

    def compose(self) -> ComposeResult:
        words = "Pick Thor: Storm Herald #60 (2023; Thor; value 1; Epic Battle, First Appear"
        yield ChoiceList(*(Option(f"{words}{n:>4}") for n in range(3)))


async def test_a_choice_that_wraps_only_beside_the_mark_is_not_cut_off() -> None:
    """A 79-column choice fits 80 columns but not beside the '> ' mark: the list is as tall
    as its wrapped lines, so nothing is hidden and nothing says 'more below'."""
    app = _ListApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        choices = app.query_one(ChoiceList)
        assert choices.size.height == 6 and choices.max_scroll_y == 0
        assert not any("more below" in line for line in _lines(app))


def _snapshot_app(slug: str, seed: int) -> HuntersApp:
    app = _app()
    app.call_later(app.start_game, TableSetup(slug, BOTS, {}, seed))
    return app


def test_snapshot_store_after_a_pick_80x24(snap_compare: Any) -> None:
    """Comic Hunters' Store in this mode after one pick: the news, the table's first
    lines and the line saying it goes on, the question, every choice marked and the log."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        await pilot.press("enter")
        await settle(pilot, screen)
        await pilot.pause()

    app = _snapshot_app("comic-hunters", 5)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_long_placement_list_80x24(snap_compare: Any) -> None:
    """Superbohaterowie's placement with 15 spaces: the list pages, the last choice
    selected says where it is."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        await pilot.press("enter", "end")
        await pilot.pause()
        await pilot.pause()

    app = _snapshot_app("superbohaterowie", 7)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_an_enter_meant_for_a_choice_the_table_took_away_takes_nothing() -> None:
    """Whoosh: the highlight is on 'Reveal your next card' when the turn passes and the
    reveal goes; the highlight lands on a claim, and an Enter pressed at once only says
    so (a claim then would be a mistake); the next Enter takes it."""
    seats = (Seat("Ala"), Seat("Olek", "remote"))
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(TableSetup("whoosh", seats, {"turn_timer": 0}, 5))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(200):
            await pilot.pause()
            if 0 in screen.latest and screen._sr_choices:
                break
        update = screen.latest[0]
        assert screen._sr_choices[0].key == "reveal"
        claims = tuple(action for action in update.legal if action[0] == "claim")
        screen._show_plain(replace(update, version=update.version + 1, legal=claims))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.table is not None and not screen.table.match.steps
        status = str(screen.query_one("#status").render())
        assert status.startswith("The choices changed: now on Claim Monster 1")
        assert status.endswith("Enter again to take it.")


async def test_the_list_beneath_a_summary_never_takes_the_cursor() -> None:
    """A panel over the table (here the details) holds the cursor on its marked line while
    a new position redraws the list beneath it (a bot moving during a summary)."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "comic-hunters", 5)
        await pilot.press("i")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen)
        held = app.cursor_position
        screen._show_plain(screen.latest[0])  # as when a bot's move arrives
        for _ in range(3):
            await pilot.pause()
        assert app.cursor_position == held


async def test_whenever_the_table_is_cut_the_line_says_so() -> None:
    """Four players of Superbohaterowie, turn after turn: the 'goes on' line shows exactly
    when the table's lines do not all fit (it was missed when the news came in)."""
    seats = (*BOTS, Seat("Bot 4", "bot", "random"))
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 7, seats)
        cut_seen = 0
        for _ in range(6):
            await pilot.press("enter", "enter")
            await settle(pilot, screen)
            for _ in range(3):
                await pilot.pause()
            cut = screen.query_one("#sr-scroll").max_scroll_y > 0
            cut_seen += cut
            assert any(line.startswith(MORE) for line in _lines(app)) == cut
        assert cut_seen


async def test_whoosh_keys_work_in_this_mode_too() -> None:
    """Space reveals and 1 2 3 claim here as on the board (they did nothing: the keys were
    the board's, which this mode does not show), so a blind player races with them."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "whoosh", 3, (Seat("Root"), Seat("Bot", "bot", "easy")))
        assert screen.table is not None
        await pilot.press("space")
        for _ in range(20):
            await pilot.pause()
            if "You reveal" in " ".join(screen.query_one(EventLog).lines_shown):
                break
        # The player's own moves are told as "You …" (issue #15).
        assert any(line.startswith("You reveal") for line in screen.query_one(EventLog).lines_shown)
        await pilot.press("1")
        for _ in range(20):
            await pilot.pause()
            if "You claim" in " ".join(screen.query_one(EventLog).lines_shown):
                break
        assert any("You claim" in line for line in screen.query_one(EventLog).lines_shown)


async def test_whoosh_says_what_became_of_your_claim_and_why_a_reveal_is_refused() -> None:
    """A capture comes with more news than the log's last lines show (the claim's own line
    scrolled away unheard over ssh): the table's first line says what became of the
    player's last claim. Space out of turn says why not, as on the board (it did nothing)."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("Root"), Seat("Bob", "remote"))
        pilot.app.start_game(TableSetup("whoosh", seats, {"turn_timer": 0}, 3))
        await pilot.pause()
        screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
        await settle(pilot, screen)
        table = screen.query_one("#sr-table")
        assert "Your last claim" not in str(table.render())
        await pilot.press("space")  # Root reveals; Bob (remote, silent) is next
        await settle(pilot, screen)
        await pilot.press("space")
        await settle(pilot, screen)
        status = str(screen.query_one("#status").render())
        assert "Not allowed: it is Bob's turn to reveal" in status  # a name, not "seat 2"
        assert (
            "Not allowed: it is Bob's turn to reveal" in screen.query_one(EventLog).lines_shown[-1]
        )
        await pilot.press("1")
        for _ in range(40):
            await pilot.pause()
            if "Your last claim: You" in str(table.render()):
                break
        first = str(table.render()).splitlines()[0]
        assert first.startswith("Your last claim: You "), first


async def test_an_enter_on_the_list_of_a_move_already_sent_takes_nothing() -> None:
    """The move is on its way (over ssh with render workers the table's answer takes a
    while) and the list that made it is still on screen: another Enter on it takes nothing
    (it built a move from the list's second step alone, and the screen crashed)."""
    app = _app(confirmations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _start(pilot, "superbohaterowie", 3)
        assert screen.table is not None
        sent: list[Any] = []

        async def on_its_way(seat: int, action: Any, *_: Any, **__: Any) -> list[Any]:
            sent.append(action)
            await asyncio.sleep(30)  # the table's answer has not come yet
            return []

        screen.table.submit = on_its_way  # type: ignore[method-assign]
        assert 0 in screen.latest[0].acting and screen._sr_choices
        shown = screen.latest[0].version
        await pilot.press("enter")  # a card
        await pilot.pause()
        assert screen._sr_keys, "the card's list of places was expected"
        await pilot.press("enter")  # a place: the move goes
        await pilot.pause()
        assert len(sent) == 1
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert len(sent) == 1 and screen.latest[0].version == shown
