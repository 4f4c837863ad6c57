"""``hunters replay``: a recorded game stepped through as a spectator saw it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.match import Match
from core.recordfile import RecordWriter
from net.cli import main
from tests.tui import screen_text
from tui.app import ReplayApp
from tui.screens.replay import ReplayScreen, positions
from tui.settings import Settings

NAMES = ("Ala", "Olek", "Bot 3 (easy)")


def _played(moves: int, seed: int = 3) -> Match:
    match = Match.new("superbohaterowie", seats=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


def test_positions_follow_the_record_and_show_no_hand() -> None:
    """One position per accepted action plus the deal; every view is the spectator's."""
    match = _played(12)
    found = positions(match, NAMES)
    assert len(found) == 13
    assert found[-1].view == match.view(None)
    assert all(position.view["hand"] is None for position in found)
    assert any("Ala" in text for position in found for text in position.events)


async def test_arrows_step_through_the_moves_and_the_log_keeps_pace() -> None:
    """→ shows the next move, ← the one before (its later events leave the log), End the
    last."""
    match = _played(10)
    app = ReplayApp(match, NAMES, Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "The deal" in screen_text(app)
        await pilot.press("right", "right", "right")
        assert screen.at == 3 and "Move 3 of 10" in screen_text(app)
        log = [text for _, text in screen.query_one("#log").entries]  # type: ignore[attr-defined]
        assert any(text.startswith("3. ") for text in log)
        await pilot.press("left")
        log = [text for _, text in screen.query_one("#log").entries]  # type: ignore[attr-defined]
        assert screen.at == 2 and not any(text.startswith("3. ") for text in log)
        await pilot.press("G")
        assert screen.at == 10 and "the record ends here" in screen_text(app)
        await pilot.press("g")
        assert screen.at == 0
        await pilot.press("end")  # the focused log used to take End and Home to scroll
        assert screen.at == 10
        await pilot.press("home")
        assert screen.at == 0


async def test_screen_reader_replay_is_plain_lines() -> None:
    """The same positions as sentences, no box drawing."""
    app = ReplayApp(_played(4), NAMES, Settings(screen_reader=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("right")
        text = screen_text(app)
        assert "Move 1 of 4" in text and "Berlin, Ala's city" in text


def test_the_command_refuses_what_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing file and a file of garbage get one line each, exit status 2."""
    assert main(["replay", str(tmp_path / "missing.rec")]) == 2
    junk = tmp_path / "junk.rec"
    junk.write_bytes(b"\x00\x00\x00\x05hello")
    assert main(["replay", str(junk)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2 and "cannot read" in errors[0] and "not a game record" in errors[1]


def test_a_server_record_reads_with_its_seat_names(tmp_path: Path) -> None:
    """What the server writes (with the seats' names in its meta) is what replay reads."""
    from core.recordfile import read_record

    match = _played(6)
    path = tmp_path / "table.rec"
    writer = RecordWriter.create(
        path, Match.replay(match.record(), upto=0), meta={"seats": [(n, "x", "") for n in NAMES]}
    )
    for step in match.steps:
        writer.append(step)
    writer.close()
    again, meta = read_record(path)
    assert again.record() == match.record()
    assert [seat[0] for seat in meta["seats"]] == list(NAMES)


GAMES = ("comic-hunters", "superbohaterowie", "orb-hunters", "shardhunters", "whoosh")


@pytest.mark.parametrize("slug", GAMES)
async def test_a_replay_prompts_for_its_own_keys_not_the_tables(slug: str) -> None:
    """A replayed position where the seat was to act says → shows its move; the table's
    prompt ("Your turn: choose…", its keys, "Press Enter for the results") would offer
    choices the replay cannot make."""
    match = Match.new(slug, seats=2, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        if match.outcome() is not None:
            break
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    names = ("Ala", "Olek")
    found = positions(match, names, seat=0)
    mine = next(i for i, p in enumerate(found) if 0 in p.acting and p.outcome is None)
    app = ReplayApp(match, names, Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(match, names, seat=0))
        await pilot.pause()
        for _ in range(mine):
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "Your turn here: press → to see your move." in text
        assert "Your turn:" not in text and "Your turn to" not in text


async def test_h_shows_the_history_of_the_replayed_game_up_to_the_move_shown() -> None:
    """H in a replay opens the game screen's kind of history: every line up to the move
    shown (not the later ones), listed in the replay's keys; Escape goes back to that move."""
    from tui.screens.help import help_keys
    from tui.screens.history import HistoryScreen

    match = _played(10)
    app = ReplayApp(match, NAMES, Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert ("H", "History") in help_keys(replay)
        footer = screen_text(app).splitlines()[-1]
        assert "H History" in footer and "f1 Help" in footer  # every key whole at 80
        await pilot.press("right", "right", "right", "H")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        expected = [
            f"{index}. {text}" if index else text
            for index in range(4)
            for text in replay.positions[index].events
        ]
        assert history.lines == expected and any(line.startswith("3. ") for line in expected)
        text = screen_text(app)
        assert "history up to move 3" in text
        assert not any(line.strip().startswith("4. ") for line in text.splitlines())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay and replay.at == 3


async def test_b_goes_back_from_a_replay_opened_from_a_list_as_the_footer_says() -> None:
    """A replay opened from "Your games", a profile or the leaderboards goes back to the
    list on b, as the list itself does (issue #15): only q and Escape did, while the list
    had taught b. The footer and the help name b for Back; the replay's own keys bind no b."""
    from tui.screens.help import help_keys
    from tui.screens.stats import RecordReplay

    match = _played(10)
    app = ReplayApp(match, NAMES, Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        under = app.screen
        assert not [key for key in under.active_bindings if key == "b"]
        for key in ("b", "q", "escape"):
            replay = RecordReplay(match, NAMES)
            app.push_screen(replay)
            await pilot.pause()
            backs = [keys.split(" or ") for keys, what in help_keys(replay) if what == "Back"]
            assert backs and "b" in backs[0], help_keys(replay)
            assert "b Back" in screen_text(app).splitlines()[-1]
            await pilot.press("right", "right")
            assert replay.at == 2
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is under, key
