"""Table setup: seats, names, options and seed, every problem explained where it is."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Input, Select, Static

from core.games import GAMES
from core.table import TableSetup
from tests.tui import text_showing
from tui.app import HuntersApp
from tui.saves import save_path
from tui.screens.game import GameScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen, local_name, name_problem, parse_seed
from tui.settings import Settings

SLUG = "superbohaterowie"


def _app() -> HuntersApp:
    return HuntersApp(Settings(bot_delay=0))


TO_SLUG = ["down"] * list(GAMES).index(SLUG)
"""Keys in the launcher from the first game to this file's game."""


async def _open_setup(pilot: Any) -> SetupScreen:
    await pilot.press(*TO_SLUG, "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


def _problem(screen: SetupScreen, widget_id: str) -> str:
    problem = screen.query_one(f"#{widget_id}", Static)
    return str(problem.render()) if problem.display else ""


# -- the rules of names and seeds, without an app ---------------------------------------------


@pytest.mark.parametrize("name", ["Ala", "Łucja-2", "Bot 2 (hard)", "x_y.z", "A" * 16])
def test_good_names_pass(name: str) -> None:
    """Letters (any script), digits, spaces and _ . - ( ) up to 16 characters are names."""
    assert name_problem(name, []) == ""


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "Type a name"),
        ("   ", "Type a name"),
        ("A" * 17, "at most 16"),
        ("[bold]x", "not: [ ]"),
        ("a!b", "not: !"),
    ],
)
def test_bad_names_are_explained(name: str, words: str) -> None:
    """Empty, long or odd-character names get a sentence saying what is wrong."""
    assert words in name_problem(name, [])


def test_a_name_twice_is_refused() -> None:
    """Two seats cannot share a name (in any letter case)."""
    assert "already" in name_problem("ala", ["Ala"])


@pytest.mark.parametrize(("text", "seed"), [("", None), ("  ", None), ("0", 0), (" 42 ", 42)])
def test_seeds_parse(text: str, seed: int | None) -> None:
    """A blank seed deals at random; digits give that seed."""
    assert parse_seed(text) == seed


@pytest.mark.parametrize("text", ["-1", "1.5", "abc", str(2**63), "１２"])
def test_bad_seeds_raise(text: str) -> None:
    """Negative, fractional, non-ASCII or too large seeds are refused."""
    with pytest.raises(ValueError, match="whole number"):
        parse_seed(text)


# -- the screen --------------------------------------------------------------------------------


async def test_default_table_is_you_and_three_bots() -> None:
    """A new setup seats you (by your login name) and three bots named by seat and level."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        names = [screen.query_one(f"#seat-{i}-name", Input).value for i in range(4)]
        assert names == [local_name(), "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"]
        assert screen.query_one("#seat-0-kind", Select).value == "human"
        assert pilot.app.focused is screen.query_one("#seat-0-kind", Select)


async def test_bad_name_is_explained_inline() -> None:
    """Typing a bracket into a name shows the problem under that seat at once."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        await pilot.press("tab", "end", "[")
        await pilot.pause()
        assert "not: [" in _problem(screen, "seat-0-problem")


async def test_bad_name_blocks_start() -> None:
    """Start with a bad name stays on the setup and says why next to Start."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        screen.query_one("#seat-1-name", Input).value = "x" * 20
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "at most 16" in _problem(screen, "seat-1-problem")
        assert "fix" in _problem(screen, "start-problem")
        assert pilot.app.focused is screen.query_one("#seat-1-name", Input)


async def test_bad_seed_is_explained_inline() -> None:
    """A seed that is no whole number is explained under the seed field."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        screen.query_one("#seed", Input).focus()
        await pilot.press(*"-5")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "whole number" in _problem(screen, "seed-problem")


async def test_table_without_a_human_is_explained() -> None:
    """Making seat 1 a bot (with no other human) says a human is needed and blocks Start."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        await pilot.press("enter", "down", "down", "enter")  # seat 1: you -> bot (easy)
        await pilot.pause()
        assert screen.seats[0].kind == "bot:easy"
        assert screen.query_one("#seat-0-name", Input).value == "Bot 1 (easy)"
        assert "must be you" in _problem(screen, "seats-problem")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_second_human_is_another_local_human() -> None:
    """A second human seat is offered as "another local human" and named "Player N"."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        screen.query_one("#seat-2-kind", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#seat-2-name", Input).value == "Player 3"
        assert "another local human" in await text_showing(pilot, "another local human")


async def test_seats_are_added_and_removed_within_the_game_limits() -> None:
    """Ctrl+N adds seats up to the maximum, Ctrl+R removes them down to the minimum."""
    game = GAMES[SLUG]
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        for _ in range(10):
            await pilot.press("ctrl+n")
        await pilot.pause()
        assert len(screen.seats) == game.players.stop - 1
        assert screen.query_one("#add-seat", Button).disabled
        for _ in range(10):
            await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(screen.seats) == game.players.start
        assert screen.query_one("#remove-seat", Button).disabled


async def test_removing_a_seat_renumbers_default_names() -> None:
    """Removing seat 2 moves the later bots up, and their untouched names follow."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        screen.query_one("#seat-1-name", Input).focus()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert [seat.name for seat in screen.seats] == [
            local_name(),
            "Bot 2 (normal)",
            "Bot 3 (normal)",
        ]


async def test_start_reaches_the_game_with_the_chosen_table() -> None:
    """Start with valid choices opens the GameScreen for exactly those seats and options."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        # One change at a time, as a player makes them: a seat's kind rebuilds the form.
        screen.query_one("#seat-1-kind", Select).value = "bot:hard"
        await pilot.pause()
        screen.query_one("#seat-0-name", Input).value = "Ala"
        screen.query_one("#option-series", Select).value = 1
        screen.query_one("#seed", Input).value = "7"
        # The form takes each change from its Changed message: on a busy machine one pause
        # did not always see them all through before ctrl+s (CI under load).
        series = GAMES[SLUG].options[0].choices[1]
        for _ in range(250):  # at most 5 s
            if screen.options == {"series": series} and screen.seed_text == "7":
                break
            await pilot.pause(0.02)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game_screen = pilot.app.screen
        assert isinstance(game_screen, GameScreen)
        setup = game_screen.setup
        assert setup.slug == SLUG and setup.seed == 7
        assert setup.options == {"series": GAMES[SLUG].options[0].choices[1]}
        assert [(s.name, s.kind, s.level) for s in setup.seats] == [
            ("Ala", "human", ""),
            ("Bot 2 (hard)", "bot", "hard"),
            ("Bot 3 (normal)", "bot", "normal"),
            ("Bot 4 (normal)", "bot", "normal"),
        ]


async def test_start_button_is_reachable_by_tab_and_enter() -> None:
    """Tabbing to Start and pressing Enter starts the game: no mouse needed."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        start = screen.query_one("#start", Button)
        for _ in range(30):
            if pilot.app.focused is start:
                break
            await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)


@pytest.mark.parametrize("screen_reader", [False, True])
async def test_enter_in_a_field_never_starts_the_game(screen_reader: bool) -> None:
    """A newcomer tabbing through the options pressed Enter in the seed and the game began
    (#15): Enter in a text field moves on to the next field, never onto Start; Ctrl+S (or
    Start, moved to on purpose) starts."""
    from tui.widgets.marked import PressLine

    app = HuntersApp(Settings(bot_delay=0, screen_reader=screen_reader))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("orb-hunters")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        last_name = f"#seat-{len(screen.seats) - 1}-name"
        for field in (last_name, "#seed"):
            screen.query_one(field, Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
            assert not isinstance(app.focused, Button | PressLine), app.focused
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_rules_refusal_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ValueError from dealing the match is shown by Start instead of crashing."""

    def refuse(self: TableSetup) -> None:
        raise ValueError("the rules refuse this table")

    monkeypatch.setattr(TableSetup, "new_match", refuse)
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "the rules refuse this table" in _problem(screen, "start-problem")


async def test_escape_goes_back_to_the_launcher() -> None:
    """Escape leaves the setup for the game list."""
    async with _app().run_test(size=(80, 24)) as pilot:
        await _open_setup(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, LauncherScreen)


def test_snapshot_setup_80x24(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup screen at the smallest supported size."""
    monkeypatch.setattr("getpass.getuser", lambda: "ala")
    assert snap_compare(_app(), terminal_size=(80, 24), press=[*TO_SLUG, "enter"])


def test_snapshot_setup_120x40(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup screen on a roomy terminal."""
    monkeypatch.setattr("getpass.getuser", lambda: "ala")
    assert snap_compare(_app(), terminal_size=(120, 40), press=[*TO_SLUG, "enter"])


async def test_hosting_offers_open_seats_and_no_seed() -> None:
    """A served table's human seats are open for players and its seed is never chosen."""
    from tui.screens.setup import SetupScreen

    app = HuntersApp(Settings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SetupScreen("superbohaterowie", hosting=True)
        await app.push_screen(screen)
        await pilot.pause()
        assert not screen.query("#seed")
        setup = screen.table_setup()
        assert [seat.kind for seat in setup.seats] == ["remote", "remote", "bot", "bot"]
        assert setup.seed is None
        assert "open for a player" in [label for label, _ in screen.kind_choices(0)]


async def test_ctrl_r_on_a_new_setup_keeps_you_at_the_table() -> None:
    """The focus starts on your seat; Ctrl+R there removes the last bot, never the only human."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        assert screen.focused is screen.query_one("#seat-0-kind", Select)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert [seat.kind for seat in screen.seats] == ["human", "bot:normal", "bot:normal"]
        assert screen.seats[0].name == local_name()
        assert "last bot" in _problem(screen, "seats-problem")


async def test_the_only_human_is_never_removed_when_no_bot_is_left() -> None:
    """With only humans besides you removed, Ctrl+R on you removes another human seat; with
    nothing else to remove it refuses and says why."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        for index in (1, 2, 3):
            screen.query_one(f"#seat-{index}-kind", Select).value = "human"
            await pilot.pause()
        screen.query_one("#seat-0-kind", Select).focus()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert [seat.kind for seat in screen.seats] == ["human"] * 3
        assert screen.seats[0].name == local_name()


async def test_a_lone_human_among_bots_at_the_minimum_is_refused_with_the_reason() -> None:
    """At the game's fewest seats nothing is removed, and the reason shows."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        for _ in range(5):
            await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(screen.seats) == GAMES[SLUG].players.start
        assert screen.seats[0].kind == "human"


async def test_a_seats_name_follows_its_kind_both_ways() -> None:
    """An untyped name follows the seat's kind there and back: bot → human → bot, and the
    first human is "you" by your login name."""
    async with _app().run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        screen.query_one("#seat-1-kind", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#seat-1-name", Input).value == "Player 2"
        screen.query_one("#seat-0-kind", Select).value = "bot:hard"
        await pilot.pause()
        assert [seat.name for seat in screen.seats[:2]] == ["Bot 1 (hard)", local_name()]
        screen.query_one("#seat-1-kind", Select).value = "bot:easy"
        await pilot.pause()
        assert screen.query_one("#seat-1-name", Input).value == "Bot 2 (easy)"


def test_setup_takes_the_seat_name_rule_from_the_table() -> None:
    """One rule for names: the setup screen's limits are core.table's."""
    from core import table
    from tui.screens import setup

    assert setup.NAME_MAX is table.NAME_MAX
    assert setup.NAME_PUNCTUATION is table.NAME_PUNCTUATION


async def test_start_asks_before_replacing_an_unfinished_game(tmp_path: Any) -> None:
    """One save per game: a new game would overwrite it, so Start says so once, and only
    Start again replaces it."""
    app = HuntersApp(Settings(bot_delay=30, config_file=tmp_path / "config.json"))
    path = save_path(SLUG)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"an unfinished game")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_setup(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert "Start again to replace it" in _problem(screen, "start-problem")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)


@pytest.mark.parametrize("slug", list(GAMES))
async def test_every_option_label_keeps_a_space_before_its_choice(slug: str) -> None:
    """Found in play at 80x24: "Solo difficulty:normal (2 Reavers)", a label as wide as
    its column touching the choice beside it; each label ends a space before its choice."""
    from tui.screens.setup import SetupScreen

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SetupScreen(slug)
        await app.push_screen(screen)
        await pilot.pause()
        for option in GAMES[slug].options:
            select = screen.query_one(f"#option-{option.key}", Select)
            label = select.parent.query_one(".field-label") if select.parent else None
            assert label is not None
            lines = [
                "".join(s.text for s in line)
                for line in label.render_lines(label.region.reset_offset)
            ]
            ends = label.region.x + max(len(line.rstrip()) for line in lines)
            assert ends < select.region.x, (option.label, lines)


async def test_a_hosts_setup_opens_again_as_the_table_has_it() -> None:
    """Found in play over ssh: the host set three seats (one open, two bots) and started the
    lobby; e (Setup) opened the defaults again (four seats, two open), so a host who only
    meant to change one thing had to set every seat and option again."""
    from core.table import Seat

    current = TableSetup(
        "shardhunters",
        (
            Seat("Open seat 1", "remote"),
            Seat("Hard one", "bot", "hard"),
            Seat("Bot 3", "bot", "normal"),
        ),
        {"recruit_cost": 2, "active_heroes": 3, "draft": False, "solo": "normal"},
    )
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SetupScreen("shardhunters", hosting=True, current=current)
        await app.push_screen(screen)
        await pilot.pause()
        again = screen.table_setup()
        assert again.seats == current.seats
        assert again.options == current.options
        assert screen.query_one("#option-recruit_cost", Select).value == 1  # 2 Bloodshards
