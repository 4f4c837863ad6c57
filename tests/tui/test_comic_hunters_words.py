"""Comic Hunters read by a newcomer at 80x24 (issue #15), the words it is written in.

- The players' lines and the cards read "#1 0, 1st 0, Spc 0" and "Thor #1": codes a newcomer
  could not read, "#1" like the issue number of a title ("Sanctum #1"). The Highlights are
  named by the rulebook's names where they fit, else by a word of that name (in the legend),
  and a title's number is written "issue 1", never "#1".
- Collections were written "①①②" on their stacks while hands were written "2①1②": every
  list of values is counted by value, on the board, in the details line, in the screen
  reader's sentences and in the milestone summaries.
- The milestone summary listed hand values one by one ("values 1, 1, 1, 2, 3"): it counts
  them by value and adds them up, in whole sentences.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from rich.text import Text

from core.games.comic_hunters.data import CARD, HIGHLIGHT_NAMES
from core.match import Match
from core.table import Update
from tests.tui import screen_text
from tests.tui.board_helpers import shown_alone, update_of
from tui.boards import comic_hunters as board
from tui.boards import comic_hunters_draw as draw
from tui.boards import comic_hunters_facts as facts

SLUG = "comic-hunters"
NAMES = ("Ala", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")
SHEET = {"size": 0, "variety": 0, "highlights": 0, "secret stash": 15}
CODES = ("#1", "1st", "Spc")
"""The short forms a newcomer could not read."""
ISSUE_SIGN = re.compile(r"#\d")


def _update(players: int = 4, seed: int = 3, **view: Any) -> Update:
    update = update_of(Match.new(SLUG, players, seed=seed), 0, NAMES[:players])
    return dataclasses.replace(update, view={**update.view, **view})


def _text(lines: list[Text]) -> str:
    return "\n".join(line.plain for line in lines)


# -- 1. Highlights in words, titles' numbers as issues -----------------------------------------


def test_every_short_highlight_name_is_a_word_of_the_rulebooks_name() -> None:
    legend = dict(board.LEGEND)
    for icon, short in draw.ICON_SHORT.items():
        assert short.isalpha(), short
        assert short in HIGHLIGHT_NAMES[icon].split(), short
        # The name first, then what it is: "One" alone did not say it was a Highlight.
        assert legend[short] == f"{HIGHLIGHT_NAMES[icon]}, a Highlight icon and its track"


def test_the_players_lines_at_80x24_show_no_codes() -> None:
    """Four players at 80x24 (the board is 78 wide): each line says its tracks in words."""
    tracks = ["number-one", "first-appearance", "special-edition"]
    update = _update(tracks=tracks, hand_values=[[1, 1, 2], [1] * 4 + [2] * 3, [3], []])
    sheets = [SHEET] * 4
    lines = draw.players_lines(update, sheets, [{}] * 4, 78, 0, False, draw.Focus())
    text = _text(lines)
    assert all(line.cell_len <= 78 for line in lines), text
    assert not any(code in text for code in CODES), text
    for icon in tracks:
        named = f"{HIGHLIGHT_NAMES[icon]} 0" in text or f"{draw.ICON_SHORT[icon]} 0" in text
        assert named, text


def test_the_players_lines_at_80x24_never_cut_the_score() -> None:
    """Round 2's Assemble at 80x24 read "Bot 4 (normal) · stash 12 · hand: no cards · One
    2, First 5, Epic 1 · score…": where a line has no room for its score, every line drops
    the bots' levels ("Bot 4"), as the Shardhunters sides do."""
    tracks = ["number-one", "first-appearance", "epic-battle"]
    update = _update(
        tracks=tracks,
        hand_values=[[3] * 5, [3, 3], [], []],
        marks=[[1, 2, 0], [5, 3, 6], [1, 3, 5], [2, 5, 1]],
        stash=[9, 8, 5, 12],
    )
    sheets = [{"size": 30, "variety": 10, "highlights": 20, "secret stash": 12}] * 4
    lines = draw.players_lines(update, sheets, [{}] * 4, 78, 0, False, draw.Focus())
    text = _text(lines)
    assert "…" not in text and text.count("score 72") == 4, text
    assert "Bot 2 · " in text and "(normal)" not in text, text
    roomy = _text(draw.players_lines(update, sheets, [{}] * 4, 104, 0, False, draw.Focus()))
    assert roomy.count("(normal)") == 3, roomy


def test_the_players_collections_name_the_heroes_alike_on_every_line() -> None:
    """The final board at 80x24 read "collections: Spider-Man 6, Captain 3, Panther 7,
    Strange 2, Hulk 3" under "collections: Black Widow 2, Doctor Strange 5, …": the heroes
    are named in full on every player's line, or in short on every one."""
    cards = list(CARD)
    heroes = ["spider-man", "captain-america", "black-panther", "doctor-strange", "hulk"]
    held = [
        [("spider-man", cards[:9]), ("captain-america", cards[:3])],
        [(h, cards[:3]) for h in heroes],
        [("black-widow", cards[:2]), ("doctor-strange", cards[:5])],
        [],
    ]
    update = _update(collections=held)
    lines = draw.players_lines(update, [SHEET] * 4, [{}] * 4, 78, 0, False, draw.Focus())
    said = [line.plain for line in lines if "collections:" in line.plain]
    assert len(said) == 3, said
    full = ["Captain America" in said[0], "Captain America" in said[1], "Black Widow" in said[2]]
    assert len(set(full)) == 1, said


def test_a_players_line_names_the_tracks_before_it_counts_the_hand() -> None:
    """The 160x45 Convention read "hand 4①6②1③ · One 0, First 0, Epic 0" with room for the
    tracks' names once the hand's count ("hand 11:") was left out: the names come first."""
    tracks = ["number-one", "first-appearance", "epic-battle"]
    update = _update(tracks=tracks, hand_values=[[1] * 4 + [2] * 6 + [3]] * 4)
    line = draw.player_line(update, 1, SHEET, 1, 104, False).plain
    assert "hand 4①6②1③ · Number One 0, First Appearance 0, Epic Battle 0" in line, line
    roomy = draw.player_line(update, 1, SHEET, 1, 140, False, False, True).plain
    assert "hand 11: 4①6②1③" in roomy and "Number One 0" in roomy, roomy


def test_a_row_of_cells_at_80x24_shows_no_codes() -> None:
    one = next(c for c, i in CARD.items() if i.highlights == ("number-one",))
    first = next(c for c, i in CARD.items() if i.highlights == ("first-appearance",))
    special = next(c for c, i in CARD.items() if "special-edition" in i.highlights)
    update = _update(
        hand=[one, first, special, *[c for c in CARD if len(CARD[c].highlights) == 2][:4]]
    )
    text = _text(draw.hand_lines(update, draw.Focus(), 78, 0))
    assert not any(code in text for code in CODES), text


async def test_the_details_line_names_the_tracks_the_players_lines_shorten() -> None:
    """Where the players' lines say the tracks by a word ("One 0"), the details line says
    every player's marks by the tracks' full names."""
    match = Match.new(SLUG, 4, seed=3)
    async with shown_alone(board.Board, match) as (app, _, widget):
        shown = screen_text(app)
        tracks = match.view(0)["tracks"]
        short = ", ".join(f"{draw.ICON_SHORT[t]} 0" for t in tracks)
        assert short in shown, shown
        said = widget.details()
        for track in tracks:
            assert f"{HIGHLIGHT_NAMES[track]}: you 0, P1 0, P2 0, P3 0" in said, said
    async with shown_alone(board.Board, match, (200, 60)) as (app, _, widget):
        assert "Number One" in screen_text(app)
        assert "Highlight tracks" not in widget.details()


def test_a_titles_number_is_an_issue_not_the_number_one_icon() -> None:
    """ "Doctor Strange: Sanctum #1" read like the Number One icon: "… Sanctum issue 1"."""
    card = next(c for c, i in CARD.items() if len(i.heroes) == 1 and "number-one" in i.highlights)
    team_up = next(c for c, i in CARD.items() if len(i.heroes) == 2)
    said = draw.card_words(card)
    assert f"issue {CARD[card].number}" in said and "#" not in said, said
    assert "Number One" in said, said  # the icon keeps its name
    for one in (card, team_up):
        rows = _text(draw.card_box(one, 3, ["number-one"]).rows())
        assert not ISSUE_SIGN.search(rows), rows
        assert f"issue {CARD[one].number}" in rows.replace("\n", " ") or "…" in rows, rows


def test_a_big_cards_long_title_keeps_its_issue_number_whole() -> None:
    """At 120x40 a Store card read "Vibranium Crown issue …": a title takes a third line
    rather than lose its number, and "issue" stays with its number."""
    panther = next(
        c for c, i in CARD.items() if i.title.startswith("Black Panther: Vib") and i.number > 9
    )
    cards = [panther, "c101", "c102"]  # a row of three: each card as narrow as it goes
    rows = [row.plain for row in draw.cards_lines(cards, 3, _update(), draw.Focus(), 78)]
    text = "\n".join(rows)
    assert "…" not in text, text
    number = f"issue {CARD[panther].number}"
    assert any(number in row for row in rows), text


def test_the_choices_and_the_sentences_write_no_issue_sign() -> None:
    update = _update()
    pick = next(a for a in update.legal if a[0] == "pick")
    labels = [choice.label for path in board.paths(update, pick) for choice in path]
    assert labels and not any(ISSUE_SIGN.search(label) for label in labels), labels
    assert any(f"issue {CARD[pick[1]].number}" in label for label in labels), labels
    text = "\n".join(board.describe(update))
    assert not ISSUE_SIGN.search(text), text


# -- 2. one notation for values ---------------------------------------------------------------


def _by_value(*values: int) -> list[str]:
    """Cards of these values, one single-hero card each."""
    out = []
    for value in values:
        out.append(
            next(
                c
                for c, i in CARD.items()
                if i.value == value and c not in out and i.heroes == ("thor",)
            )
        )
    return out


def test_a_collections_stack_counts_its_values_as_a_hand_does() -> None:
    legend = dict(board.LEGEND)
    assert "collection" in legend["hand 5①2②"], legend["hand 5①2②"]
    cards = _by_value(1, 1, 2)
    text = _text(draw.stack("thor", cards, 2, 4))
    assert "2①1②" in text, text
    assert "①①" not in text, text


def test_the_screen_reader_counts_every_hand_by_value() -> None:
    update = _update(hand_values=[[1, 1, 2], [1] * 4 + [2] * 3, [3], []])
    lines = board.describe(update)
    text = "\n".join(lines)
    assert "3 cards in hand, 2①1②." in text, text
    assert "7 cards in hand, 4①3②." in text, text
    assert "1 card in hand, 1③." in text, text
    assert "no cards in hand." in text, text


async def test_the_details_line_counts_your_hand_by_value() -> None:
    """Waiting for the others, the details line counts your hand as your line does."""
    match = Match.new(SLUG, 4, seed=3)
    hand = _by_value(1, 1, 3)
    async with shown_alone(board.Board, match) as (_, pilot, widget):
        update = update_of(match, 0, NAMES)
        waiting = dataclasses.replace(
            update, acting=frozenset({1, 2}), legal=(), view={**update.view, "hand": hand}
        )
        widget.show(waiting)
        await pilot.pause()
        said = widget.details()
        assert "Your hand: 3 cards (2①1③): " in said, said


# -- 3. the milestone summary says hands as a person would ------------------------------------


def test_the_milestone_counts_a_hand_by_value_and_adds_it_up() -> None:
    update = _update(hand_values=[[1, 1, 1, 2, 3], [2], [], [3, 3]], stash=[15, 12, 0, 1])
    said = [facts.hand_sentence(update, seat) for seat in range(4)]
    assert said[0] == (
        "You have 5 cards in hand, 3①1②1③ (worth 8 in all), and 15 in the Secret Stash."
    ), said
    assert said[1] == (
        "Bot 2 (normal) has 1 card in hand, 1② (worth 2), and 12 in the Secret Stash."
    ), said
    assert said[2] == "Bot 3 (normal) has no cards in hand and nothing in the Secret Stash.", said
    assert said[3] == (
        "Bot 4 (normal) has 2 cards in hand, 2③ (worth 6 in all), and 1 in the Secret Stash."
    ), said
    assert not any("values" in line for line in said), said


def test_the_milestone_names_collections_in_a_sentence() -> None:
    """ "You: collections Thor 3, Hulk 2." was no sentence."""
    thor = _by_value(1, 1, 2)
    held = [[("thor", thor), ("hulk", thor[:2])], [], [("thor", thor)], []]
    update = _update(collections=held)
    said = [facts.collections_words(update, seat) for seat in range(3)]
    assert said[0] == "You have 2 collections: Thor (3 cards) and Hulk (2 cards).", said
    assert said[1] == "Bot 2 (normal) has no collection yet.", said
    assert said[2] == "Bot 3 (normal) has 1 collection: Thor (3 cards).", said


def test_a_location_summary_reads_no_issue_sign() -> None:
    match = Match.new(SLUG, 3, seed=4)
    names = NAMES[:3]
    seen = 0
    while match.outcome() is None and seen < 4:
        seat = min(match.to_act())
        events = match.act(seat, match.legal(seat)[0])
        lines = facts.milestone(update_of(match, 0, names), events)
        if lines:
            seen += 1
            text = "\n".join(lines)
            assert not ISSUE_SIGN.search(text), text
            assert "values" not in text, text
    assert seen == 4


def test_the_help_says_what_the_highlights_short_words_are() -> None:
    """F1 said nothing of "One 0, First 0, New 0" on the players' lines at 80x24."""
    said = " ".join(board.HOW_TO_PLAY.split())
    assert "*One* is Number One" in said and "**i** says everyone's marks" in said, said
    assert "issue" in said, said
