"""The Shardhunters table: teams with their active heroes, loot, Bloodshards, the Combats of
this Hunt, your hand of monsters and one row of choices to pick from by keys.

Every decision is a short walk through a row of choices: the cards to put face down one by
one (in any order), the heroes to stand up, a hero to keep or recruit, a guess. ←→ move the
cursor, Enter takes the choice under it, Esc takes the last one back. Colours are shown by a
word, a letter and a symbol too; active heroes are marked ACTIVE in words.

A new position (a bot's card put down in a Combat everyone chooses at once) keeps the cards
chosen so far and the cursor on the same choice; a choice that gives up the rest of a step
(leaving the Tavern, keeping the hand against Yusuf) comes last, is never where the cursor
lands by itself, and asks for a second Enter (the `confirmations` setting turns that off).
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from itertools import permutations
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from core.engine import Action, Event, Outcome, in_words, with_names
from core.games.shardhunters.data import (
    HEROES,
    MONSTER_CARDS,
    WINNING_TEAM,
    hero_name,
)
from core.table import Update
from tui.boards.base import (
    ActionChosen,
    Choice,
    Path,
    choosing,
    chosen_words,
    drawable,
    new_space,
    note_sentence,
    replay_prompt,
)
from tui.boards.choice_row import ChoiceRowBoard
from tui.boards.details import details_lines
from tui.boards.shardhunters_table import (
    ACTIVE,
    COLOUR_RULES,
    COMBATS,
    GLYPHS,
    STYLES,
    WHOLE,
    Detail,
    active_heroes,
    card_text,
    card_words,
    choice_box,
    coded_combats,
    combat_blocks,
    combat_height,
    even_rows,
    full_title,
    hero_text,
    hero_width,
    label_form,
    monster_box,
    shown_team,
    side_height,
    side_lines,
    side_name,
    sides_giving,
    title,
    track_lines,
    wrapped_lines,
)
from tui.widgets.card import CHOSEN, TARGET, CardRow
from tui.widgets.show import Entry, Parts

__all__ = ["STYLES", "card_words", "side_name"]


def _title(update: Update, side: int) -> str:
    return title(update, side)


# -- steps -----------------------------------------------------------------------------------


def _hero_choice(hero: str, verb: str) -> Choice:
    return Choice(("hero", hero), f"{verb} {hero_name(hero)}: {HEROES[hero].ability}")


def paths(update: Update, action: Action) -> list[Path]:
    """Every order of choices that builds ``action``, with words for each step."""
    verb = action[0]
    if verb == "play":
        steps = [Choice(("card", c), f"Put down {card_words(c)}") for c in action[1]]
        return [tuple(order) for order in permutations(steps)]
    if verb == "activate":
        steps = [_hero_choice(h, "Stand up") for h in action[1]]
        return [tuple(order) for order in permutations(steps)]
    if verb in ("pick", "start", "recruit"):
        words = {"pick": "Keep", "start": "Start with", "recruit": "Recruit"}[verb]
        return [(_hero_choice(action[1], words),)]
    if verb == "swap":
        return [(Choice(("card", action[1]), f"Swap {card_words(action[1])} for the top card"),)]
    if verb == "keep":
        return [(Choice(("keep",), "Keep your hand (no swap)"),)]
    if verb == "guess":
        return [(Choice(("guess", action[1]), f"Guess {action[1]}"),)]
    if verb == "pay":
        cost = update.view["costs"][update.seat or 0]
        return [(Choice(("pay",), f"Pay {cost} Bloodshards, draw two heroes"),)]
    if verb == "done":
        return [(Choice(("done",), "Leave the Tavern"),)]
    return []


FINAL: frozenset[Hashable] = frozenset({("done",), ("keep",)})
"""Choices that give up the rest of a step for good: listed last, never where the cursor
lands by itself, and taken only on a second Enter."""


def confirm_words(update: Update, key: Hashable) -> str:
    """What a final choice gives up, and how to take it anyway (one line at 80 columns)."""
    if key == ("done",):
        shards = update.view["shards"][update.seat or 0]
        kept = f"{shards} Bloodshard{'s' if shards != 1 else ''}"
        return f"Leave the Tavern, keeping {kept}? Enter again to confirm."
    return "Keep your hand, swapping no card? Enter again to confirm."


def _needed(update: Update) -> int:
    """How many cards the seat plays in the current Combat."""
    view = update.view
    seat = update.seat or 0
    return int(view["sizes"][seat][min(view["combat"], 3)])


def prompt(
    update: Update,
    keys: Sequence[Hashable],
    choices: Sequence[Choice],
    plain: bool = False,
    width: int = 0,
) -> str:
    """What to do now, in words (``plain``: for the screen-reader list of choices). The
    names waited for are said as the board says them ("Bot 2", its level on its own line
    only); ``width`` (0: any) is the board's."""
    view = update.view
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    seat = update.seat
    if seat is None or seat not in update.acting:
        mine = seat is not None and view["pending"]
        names = ", ".join(title(update, s) for s in sorted(update.acting))
        return f"{'Your cards are face down. ' if mine else ''}Waiting for {names}…"
    how = (
        "Choose from the list (Up, Down, Enter; Escape goes back)"
        if plain
        else "←→ move, Enter choose"
    )
    phase = view["phase"]
    if plain and keys:  # no board shows the steps taken: say them
        how = f"So far: {chosen_words(update, keys, paths)}. {how}"
    if phase == "combat":
        need = _needed(update)
        have = len(keys)
        return (
            f"{COMBATS[view['combat']]} Combat: put down {need} card{'s' if need != 1 else ''} "
            f"face down ({have} chosen). {how}."
        )
    if phase == "choose":
        return f"Stand up {view['actives']} heroes for this Hunt ({len(keys)} chosen). {how}."
    words = {
        "draft": "Hero Draft: keep one hero, the rest pass on.",
        "start": "Recruit your first hero from your Local Tavern Deck.",
        "yusuf": "Yusuf: swap a hand card for the Monster Deck's top card, or keep.",
        "cassandra": "Cassandra: guess the value of the Monster Deck's top card.",
        "tavern": "Tavern: recruit one of the drawn heroes."
        if view["offer"]
        else f"Tavern: you have {view['shards'][seat]} Bloodshards.",
    }
    return f"{words.get(phase, 'Choose.')} {how}."


# -- plain sentences -------------------------------------------------------------------------


def _team_sentence(update: Update, side: int) -> str:
    view = update.view
    team = view["teams"][side]
    active = set(view["active"][side]) if not view["solo"] else set(team)
    parts = []
    for hero in team:
        if hero in active:
            parts.append(f"{hero_name(hero)} (active: {HEROES[hero].ability})")
        else:
            parts.append(f"{hero_name(hero)} (resting)")
    loot = view["loot"][side]
    coloured = sum(1 for c in loot if MONSTER_CARDS[c].colour != "white")
    shards = view["shards"][side]
    return (
        f"{full_title(update, side)}: {shards} Bloodshard{'s' if shards != 1 else ''}, "
        f"team of {len(team)}: {', '.join(parts) or 'nobody'}. "
        f"Loot {len(loot)} card{'s' if len(loot) != 1 else ''}, {coloured} coloured. "
        f"{view['hand_sizes'][side]} monster card{'s' if view['hand_sizes'][side] != 1 else ''} "
        "in hand."
    )


def _combat_sentence(update: Update, number: int) -> str:
    view = update.view
    plays = view["plays"][number]
    shown = "; ".join(
        f"{side_name(update, side)} played {in_words([card_words(c) for c in cards]) or 'nothing'}"
        for side, cards in enumerate(plays)
    )
    result = view["results"][number]
    verdict = "A draw" if result < 0 else f"{title(update, result)} won"
    return f"{COMBATS[number]} Combat: {shown}. {verdict}."


def _combat_brief(update: Update, number: int) -> str:
    """A Combat played in one short sentence, each side's cards as the log says them (the
    details, i, of a Combat the board says in glyph codes): "2nd Combat: you played red 2,
    yellow 3; Bot 2 blue 2, white 4; …. Bot 2 won." With each card's tribe in brackets it
    took four lines at 80 columns."""
    plays = update.view["plays"][number]
    shown = "; ".join(
        f"{side_name(update, side)}{' played' if not side else ''} "
        + (
            ", ".join(f"{MONSTER_CARDS[c].colour} {MONSTER_CARDS[c].value}" for c in cards)
            or "nothing"
        )
        for side, cards in enumerate(plays)
    )
    result = update.view["results"][number]
    verdict = "A draw" if result < 0 else f"{title(update, result)} won"
    return f"{COMBATS[number]} Combat: {shown}. {verdict}."


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines: list[str] = []
    mode = f"Solo against the Reavers ({view['level']})" if view["solo"] else "Shardhunters"
    phase = view["phase"]
    if update.outcome is not None:
        lines.append(f"{mode}: the game is over.")
    elif phase == "combat":
        lines.append(f"{mode}, Hunt {view['hunt']}: the {COMBATS[view['combat']]} Combat.")
    else:
        lines.append(f"{mode}, Hunt {view['hunt']}: {phase_words(phase)}.")
    if update.seat is not None and update.seat in update.acting and update.outcome is None:
        lines.append("It is your turn to choose.")
    for side in range(view["sides"]):
        lines.append(_team_sentence(update, side))
        if side in update.notes:
            lines.append(note_sentence(update, side))
    for number in range(len(view["plays"])):
        lines.append(_combat_sentence(update, number))
    if phase == "combat":
        down = [side_name(update, s) for s, done in enumerate(view["submitted"]) if done]
        if down:
            lines.append(f"Face down already: {', '.join(down)}.")
    if view["hand"] is not None:
        hand = ", ".join(card_words(c) for c in view["hand"]) or "no cards"
        lines.append(f"Your hand: {hand}.")
        if view["pending"]:
            lines.append(
                f"Your face-down choice: {', '.join(_thing_words(x) for x in view['pending'])}."
            )
    if view["top"] is not None:
        lines.append(f"The Monster Deck's top card: {card_words(view['top'])}.")
    if view["draft_hand"]:
        lines.append(f"Your draft hand: {', '.join(hero_name(h) for h in view['draft_hand'])}.")
    if view["local"]:
        lines.append(f"Your Local Tavern Deck: {', '.join(hero_name(h) for h in view['local'])}.")
    if view["offer"]:
        lines.append(f"Drawn at the Tavern: {', '.join(hero_name(h) for h in view['offer'])}.")
    lines.append(
        f"Tavern Deck {view['tavern_size']} heroes. "
        f"Costs: {', '.join(f'{side_name(update, s)} {c}' for s, c in enumerate(view['costs']))}."
    )
    return lines


def _thing_words(thing: str) -> str:
    return card_words(thing) if thing in MONSTER_CARDS else hero_name(thing)


def phase_words(phase: str) -> str:
    """What the table is doing, in words."""
    return {
        "draft": "the Hero Draft",
        "start": "recruiting the first heroes",
        "choose": "choosing active heroes",
        "yusuf": "Yusuf's swap",
        "cassandra": "Cassandra's guess",
        "combat": "a Combat",
        "tavern": "the Tavern",
        "over": "the end",
    }.get(phase, phase)


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each team as it ended (its real size) with its Bloodshards, and the Hunts played."""
    lines = []
    for side, team in enumerate(view["teams"]):
        who = "The Reavers" if view["solo"] and side == 1 else names[side]
        heroes = ", ".join(hero_name(h) for h in team)
        count = f"{len(team)} hero{'es' if len(team) != 1 else ''}"
        shards = view["shards"][side]
        lines.append(
            f"{who}: a team of {count} ({heroes}), {shards} Bloodshard{'s' if shards != 1 else ''}"
        )
    lines.append(f"Hunts played: {view['hunt']}.")
    if outcome.note and outcome.note not in lines:
        lines.append(outcome.note)
    return lines


def milestone(update: Update, events: Sequence[Event]) -> list[str] | None:
    """After a Combat is revealed (who played what, who won and why, the Bloodshards it
    paid) and after a Hunt (the loot counted, its winner): a title, then a sentence each.

    Read from the events themselves: when nobody can recruit and nobody has heroes to
    choose between, the next Hunt is dealt in the same step and the view shows that one.
    """
    kinds = [e.get("type") for e in events]
    if "reveal" not in kinds and "hunt-end" not in kinds:
        return None
    view = update.view
    names = update.names
    texts = [with_names(e["text"], names) for e in events]
    lines: list[str] = []
    head = ""
    hunt = view["hunt"]
    for kind, text in zip(kinds, texts, strict=True):
        if kind == "hunt-end":
            found = re.match(r"Hunt (\d+) is over", text)
            hunt = int(found.group(1)) if found else hunt
    for kind, text in zip(kinds, texts, strict=True):
        if kind == "reveal":
            ordinal = text.split(" Combat")[0].removeprefix("The ")
            number = ("first", "second", "third", "fourth").index(ordinal)
            lines += [text, _why(text, number)]
            won = re.search(r"\. ([^.;]+?) wins( \(Sabine\))?\.$", text)
            who = f"{won.group(1)} won" if won else "a draw"
            head = f"Hunt {hunt}, {COMBATS[number]} Combat: {who}"
        elif kind in ("shard", "hunt-end", "hunt-tie", "win", "bound", "recruit"):
            lines.append(text)
        elif kind == "hunt-win":
            lines.append(text)
            head = f"Hunt {hunt} is over: {text.rsplit(' wins Hunt', 1)[0]} wins it"
        if kind == "hunt-tie":
            head = f"Hunt {hunt} is over: a tie, everyone gets a Bloodshard"
    if "hunt-end" in kinds:
        teams = ", ".join(
            f"{_called(update, s)} {len(t)} hero{'es' if len(t) != 1 else ''}"
            for s, t in enumerate(view["teams"])
        )
        lines.append(
            f"Teams now: {teams}; a Hunt won with a team of at least {WINNING_TEAM} heroes "
            "wins the game."
        )
    return [head, *_unique(lines)]


def _called(update: Update, side: int) -> str:
    """A side by its name (a summary may be read by everyone at the keyboard)."""
    if update.view["solo"] and side == 1:
        return "the Reavers"
    return update.names[side] if side < len(update.names) else f"Player {side + 1}"


def _why(reveal: str, number: int) -> str:
    """Who won Combat ``number``, with what and why, in one sentence, from the colours,
    totals and verdict its reveal names ("Ala and Bot 2 tied with the lowest total, 3 (a
    blue card was played and no red); Ala won it with more coloured cards.")."""
    colours = set(re.findall(r"\b(white|yellow|blue|red) \d+\b", reveal))
    best = "highest"
    if "blue" in colours and "red" not in colours:
        best, reason = "lowest", "a blue card was played and no red"
    elif "red" in colours:
        reason = "a red card was played" + (", which overrules blue" if "blue" in colours else "")
    else:
        reason = "no blue or red card was played"
    body, _, verdict = reveal.partition(": ")[2].rpartition(". ")
    totals: list[tuple[str, int]] = []
    for part in body.split("; "):
        found = re.match(r"(.+?) played .* \(total (\d+)\)$", part)
        if found:
            totals.append((found.group(1), int(found.group(2))))
    won = re.match(r"(.+?) wins?( \(Sabine\))?\.$", verdict)
    winner = won.group(1).removesuffix(" team") if won else ""
    winner = "the Reavers" if winner == "The Reavers" else winner
    which = f"the {COMBATS[number]} Combat"
    if not totals:
        return f"{_capital(winner)} won {which}, as {reason}." if won else "A draw."
    target = (min if best == "lowest" else max)(total for _, total in totals)
    tied = [name for name, total in totals if total == target]
    # The reader (their seat's token, see tui.summaries.as_reader) first, as "you": "you,
    # Bob and Cy tied" ("{p0}, Bob and Cy" kept the reader's name).
    tied = sorted(("you" if re.fullmatch(r"\{p\d+\}", n) else n for n in tied), key="you".__ne__)
    if len(tied) == 1 and won:
        return f"{_capital(winner)} won {which} with the {best} total, {target}, as {reason}."
    said = f"{_capital(in_words(tied))} tied with the {best} total, {target} ({reason})"
    if not won:
        return f"{said}, and as many coloured cards: a draw."
    if won.group(2):
        return f"{said}, and as many coloured cards; {winner} won it with Sabine."
    return f"{said}; {winner} won it with more coloured cards."


def _capital(words: str) -> str:
    """``words`` opening a sentence: "The Reavers", "You"; names as typed."""
    if words.startswith(("the Reavers", "you")):
        return words[0].upper() + words[1:]
    return words


def _unique(lines: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(lines))


HOW_TO_PLAY = """\
## How to play here

**The board.** Each side has a row: its number and name, Bloodshards, loot this Hunt
(how many coloured), cards in hand, and its heroes as cards — **★ active** heroes (standing)
with their abilities, resting ones dimmed. The tracks show everyone's Bloodshards and team
size (a Hunt won with at least 5 heroes wins the game). The Combats of this Hunt show the cards each
side played: face down (░) until everyone has chosen, then face up with the winner.
Your monster cards are at the bottom; the choices of other steps (heroes, Tavern) beside.

**The keys.** ←→ (or h l, or **n**) move along the choices marked **◆**, **Enter** takes
the one under the cursor (a heavy border), **Esc** takes the last one back. ↑↓ (k j) look
at every hero on the table in turn; **i** shows the whole text of what you look at, and
the line under the board shows it in short. Leaving the Tavern and keeping your hand
against Yusuf come last in the row and take a second Enter: they give the step up. Others
choosing meanwhile never move your cursor or undo the cards you have chosen.

**A turn.** In the 2nd Combat you put down two cards: move to a card, Enter (it gets ✓),
move to another, Enter — both go face down. When everyone has chosen the cards turn up:
the highest total takes all of them as loot, unless a blue card was played (then the
lowest) — a red card overrules blue. After four Combats the most loot wins the Hunt and
a Bloodshard; at the Tavern pay Bloodshards to recruit heroes.
"""

LEGEND: tuple[tuple[str, str], ...] = (
    *(
        (f"{GLYPHS[c]} 3 {c}", f"a {c} monster worth 3: {COLOUR_RULES[c]}")
        for c in ("white", "yellow", "blue", "red")
    ),
    ("░", "a card played face down, not yet revealed"),
    ("empty card, dashed", "a place for a card in a Combat still to come"),
    (
        "3rd Combat to come: 3 cards each",
        "a Combat still to come and the cards each side puts down (3rd to come, where the line "
        "is short)",
    ),
    (
        "1st: 1 ≈2 ☠3 | 2 ░ ░ | 3 …",
        "a Combat on one line where its words do not fit: each side's number, then its cards "
        "(glyph and value), ░ for each face down, … while the side chooses; → names who won",
    ),
    (
        "2nd · 1: ≈2 ☠3 | 2: ⚑1 ☾4 → you won",
        "a Combat played whose cards in words do not fit its two lines (four sides on a "
        "cramped board): each side's number, then its cards by glyph and value (≈2: blue 2); "
        "i (Details) says that Combat in words",
    ),
    (
        "2 won: white 4, red 1",
        "in a Combat's line where the winner's name does not fit: side 2 won it with these "
        "cards; a Combat of four sides may take two lines",
    ),
    (f"{ACTIVE}Felix", f"an active hero ({ACTIVE}): standing, its ability applies this Hunt"),
    ("· Felix, · resting", "a resting hero: counts for the team size only"),
    ("+2 resting", "in a side's line: 2 more heroes resting, not named for lack of room"),
    ("◆", "a legal choice now"),
    (CHOSEN, "chosen already (your face-down cards, the heroes you stand up)"),
    ("heavy border", "the cursor, or the hero you look at"),
    (
        "▸ Shena: …",
        "at the Tavern on a narrow screen: the hero under the cursor, its ability whole (the "
        "others' end in … where the line is short)",
    ),
    ("▶", "a side that is choosing now"),
    ("2 shards", "in a side's line, where the word Bloodshards does not fit: 2 Bloodshards"),
    ("loot 4 (2 col.)", "monster cards looted this Hunt, 2 of them coloured (not white)"),
    ("hand 5", "5 monster cards left in that side's hand"),
    ("ready / choosing", "a side has put its cards (or choice) down / not yet"),
    (
        "1 2 3 4, R; 1,2 or 1-4",
        "a side's seat number (its line, the Combats, the tracks), R the Reavers; on a track, "
        "several sides on one space",
    ),
    ("Bloodshards track ▲", "the recruit cost: pay it at the Tavern for two heroes"),
    (
        "┄4–11┄",
        "on a track too long for its line: spaces 4 to 11 left out, as nobody stands on "
        "them (a lone ┄ where even their numbers do not fit: the spaces between its neighbours)",
    ),
    ("Team size ▲ 5", "a team of 5 that wins a Hunt wins the game"),
    ("Tavern 21", "in the top line, when it is short of room: 21 heroes left in the Tavern Deck"),
    ("top: white 3", "in the top line, when it is short of room: the Monster Deck's top card"),
    ("1st … 4th", "the four Combats of a Hunt: 1, 2, 3 and 1 cards"),
)


# -- the widget ------------------------------------------------------------------------------


NEXT_CHOICE = "n"
"""Moves the cursor to the next choice of the current step, cycling through them."""


class Board(ChoiceRowBoard):
    """The table, your hand and the choices (see ChoiceRowBoard for the keys), drawn as
    parts that each redraw only when what they show changed.

    | key | action |
    | --- | --- |
    | ←→ / hl / n | move the cursor along the choices |
    | ↑↓ / kj | look at each hero on the table in turn (details line, `i`) |
    | Enter / Space | take the choice under the cursor |
    | Esc | take back the last choice |
    """

    TWO_COLUMNS = 100
    """From this width on the sides stand in two columns."""

    BINDINGS = [
        Binding("left,h", "cursor(-1)", "Previous", show=False, id="board.left"),
        Binding("right,l", "cursor(1)", "Next", show=False, id="board.right"),
        Binding(NEXT_CHOICE, "cursor(1)", "Next choice", id="board.next"),
        Binding("up,k", "look(-1)", "Look", show=False, id="board.look-back"),
        Binding("down,j", "look(1)", "Look", show=False, id="board.look"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.looking: int | None = None
        """The hero looked at, as an index into every hero on the table; None: the cursor
        is on the choices."""
        self._detail: tuple[Hashable, Detail] | None = None
        self._rows: tuple[Hashable, int] | None = None
        self._spared: tuple[Hashable, int] | None = None
        self._sent: tuple[Action, list[Hashable], int] | None = None
        """The action sent to the table and not yet seen taken, with the steps chosen
        before it and the cursor: the same position shown again means the table refused it
        (they come back). Meanwhile nothing is chosen, so a second Enter cannot send it
        twice."""
        self._confirming: Hashable | None = None
        """The final choice one Enter has asked about (None: nothing asked)."""
        self._heights_kept: dict[Hashable, int] = {}
        """Parts' heights by their content key and level of detail (see ``_kept``)."""
        self._combats_shown: Hashable = None
        """What the Combats' parts show (see ``_show_combats``)."""
        self._kept_rows: tuple[Hashable, int] = (None, 0)
        """The phase (and size) and the rows the board keeps through it (see ``_fill``)."""

    def paths(self, update: Update, action: Action) -> list[Path]:
        return paths(update, action)

    @property
    def choices(self) -> list[Choice]:
        """The legal next steps, the final ones (see FINAL) last."""
        found = self.trie.choices(self.keys)
        return [c for c in found if c.key not in FINAL] + [c for c in found if c.key in FINAL]

    def _under(self) -> Hashable | None:
        choices = self.choices
        return choices[min(self.cursor, len(choices) - 1)].key if choices else None

    def _nearest(self, key: Hashable | None, index: int) -> int:
        """Where the cursor goes in the current choices: on ``key`` if it is still there,
        else on the ordinary choice nearest ``index`` (a final one only if nothing else is)."""
        keys = [c.key for c in self.choices]
        if key in keys:
            return keys.index(key)
        ordinary = [i for i, k in enumerate(keys) if k not in FINAL] or list(range(len(keys)))
        return min(ordinary, key=lambda i: abs(i - index), default=0)

    def _confirms(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "confirmations", True))

    def compose(self) -> ComposeResult:
        parts = BoardParts(_order(False), id="sh-parts")
        parts.show("prompt", "Dealing…", lambda: Text("Dealing…"))
        yield parts

    def show(self, update: Update) -> None:
        """Display a new update, keeping what the player put where it was: the choices made
        so far while they still lead somewhere, the cursor on the same choice (else the
        nearest ordinary one), the hero looked at."""
        old = self.update
        keys, under, index = list(self.keys), self._under(), self.cursor
        heroes = self._table_heroes()
        looked = heroes[self.looking] if self.looking is not None else None
        super().show(update)  # a new position: the choices start again
        if old is None or (update.version, update.seat) == (old.version, old.seat):
            if self._sent is not None:  # the same position again: the table refused it
                _, keys, index = self._sent
                self._sent = None
                if self._leads_somewhere(keys):
                    self.keys = keys
                    self.cursor = min(index, max(0, len(self.choices) - 1))
            self._draw()
            return
        if self._sent is not None:
            if self._sent[0] not in update.legal:
                self._sent = None  # taken: the next decision starts afresh
        elif update.seat == old.seat and self._leads_somewhere(keys):
            self.keys = keys
        self.cursor = self._nearest(under, index)
        if self._confirming is not None and self._under() != self._confirming:
            self._confirming = None
        heroes = self._table_heroes()
        self.looking = heroes.index(looked) if looked in heroes else None
        self._draw()

    def _leads_somewhere(self, keys: Sequence[Hashable]) -> bool:
        return all(
            key in {c.key for c in self.trie.choices(keys[:depth])}
            for depth, key in enumerate(keys)
        )

    def on_resize(self) -> None:
        if new_space(self):
            self._draw()

    def action_cursor(self, step: int) -> None:
        self.looking = None
        self._confirming = None
        super().action_cursor(step)
        self._draw()

    def action_choose(self) -> None:
        """Take the choice under the cursor; a final one only on a second Enter. Nothing
        more is taken while a complete action is on its way to the table (a refusal brings
        back the steps chosen before it)."""
        self.looking = None
        update = choosing(self, self.update)
        if update is None:
            return
        if self._sent is not None and self._sent[0] in update.legal:
            return  # on its way: the table's answer comes first
        key = self._under()
        if key is None:
            return
        if key in FINAL and self._confirming != key and self._confirms():
            self._confirming = key
            self._draw()
            return
        self._confirming = None
        keys = [*self.keys, key]
        action = self.trie.action(keys)
        if action is not None:
            self._sent = (action, self.keys, self.cursor)
            self.keys = []
            self.cursor = self._nearest(key, self.cursor)
            self.post_message(ActionChosen(action))
        else:
            self.keys = keys
            self.cursor = self._nearest(None, self.cursor)  # the next card, where it was
        self.refresh_bindings()
        self._draw()

    def action_back(self) -> None:
        self._confirming = None
        super().action_back()
        self._draw()

    def action_look(self, step: int) -> None:
        """Look at the next (or previous) hero on the table: its whole ability shows in the
        details line and with `i`."""
        heroes = self._table_heroes()
        if not heroes:
            return
        if self.looking is None:
            self.looking = 0 if step > 0 else len(heroes) - 1
        else:
            self.looking = (self.looking + step) % len(heroes)
        self._draw()

    def _table_heroes(self) -> list[tuple[int, str]]:
        if self.update is None:
            return []
        view = self.update.view
        sides = range(len(view["teams"]))
        return [(side, hero) for side in sides for hero in shown_team(view, side)]

    def details(self) -> str:
        """The whole text of what the cursor is on (see `_details_line`), then each Combat
        the board says in glyph codes, in words: "2nd · 1: ≈2 ☠2 | 2: ☠3 ⚑1 | …" had no
        words anywhere on the board, where four sides' cards do not fit their lines."""
        said = self._details_line()
        update = self.update
        if update is None:
            return said
        width = self._width()
        coded = coded_combats(update, width, self._pick_detail(update, width))
        combats = [_combat_brief(update, number) for number in coded]
        return "\n\n".join(text for text in (said, "\n".join(combats)) if text)

    def _details_line(self) -> str:
        """The whole text of what the cursor is on: the hero looked at, or the choice under
        the cursor with its card's or hero's full text (the line under the board)."""
        update = self.update
        if update is None:
            return ""
        if self.looking is not None and self.looking < len(self._table_heroes()):
            return self._hero_details(update, self.looking)
        choices = self.choices
        if not choices:
            return ""
        return self._choice_details(update, choices[min(self.cursor, len(choices) - 1)])

    def _hero_details(self, update: Update, index: int) -> str:
        """The details line of the ``index``th hero on the table, looked at."""
        side, hero = self._table_heroes()[index]
        state = "active" if hero in active_heroes(update.view, side) else "resting"
        return f"{title(update, side)}: {hero_text(hero)} ({state})"

    def _choice_details(self, update: Update, choice: Choice) -> str:
        """The details line of one choice (of the player to act): what it does, and the
        card's or hero's full text."""
        mine = update.seat is not None and update.seat in update.acting
        if not mine or update.outcome is not None:
            return ""
        key = choice.key
        assert isinstance(key, tuple)
        words = f"{TARGET} {choice.label}."
        if key[0] == "card" and choice.label.startswith("Put down"):
            return _put_down(key[1])
        if key[0] == "card":
            return f"{words} {card_text(key[1])}"
        if key[0] == "hero" and self._recruit_in_lines(update, self._width()):
            # Its ability is whole on the board: the hero's full name first.
            return f"{TARGET} Recruit {HEROES[key[1]].name}: {HEROES[key[1]].ability}"
        if key[0] == "hero":
            return f"{TARGET} {choice.label} ({HEROES[key[1]].name})"
        return words

    # -- drawing ----------------------------------------------------------------------------

    def _width(self) -> int:
        width = self.content_size.width
        return width if width > 10 else max(40, self.app.size.width - 2)

    def _room(self) -> int:
        width, height = self.app.size
        return height - (3 if width >= 120 else 8)

    def _details_rows(self, update: Update, width: int) -> int:
        """The details line's rows for this position: two when a choice's whole text is
        longer than the board is wide ("◆ Put down red 2 (lycanthropes): if any red card
        is played, the highest…" was cut at 80 columns). Kept for the position, so
        moving the cursor never moves the lines under the board."""
        key = (update.version, update.seat, width, self.looking is not None, tuple(self.keys))
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1]
        if self.looking is not None:
            heroes = range(len(self._table_heroes()))
            texts = [self._hero_details(update, index) for index in heroes]
        else:
            texts = [self._choice_details(update, choice) for choice in self.choices]
        rows = 2 if any(cell_len(text) > width for text in texts) else 1
        # The rows the phase's texts take (not only the choices now: a row more as a card
        # is chosen, less while others choose, laid the whole screen out again each time):
        # in a Combat those of every card in hand; at the Tavern, those of a hero to
        # recruit.
        view = update.view
        if view["phase"] == "combat" and view["hand"]:
            texts = [_put_down(card) for card in view["hand"]]
            rows = max(rows, 2 if any(cell_len(text) > width for text in texts) else 1)
        elif self._recruit_in_lines(update, width):
            rows = 1  # the abilities are on the board, the hero under the cursor's whole
        elif view["phase"] == "tavern" and update.seat in update.acting and width >= LINES_BELOW:
            # (Below it the heroes to recruit are said in lines, the details line one row:
            # its second row, empty at Pay or Leave, let the 2nd Combat read in words
            # there, "2nd · 1: ☾2 ⚑3 | 2: ≈2 ☠4 | …" at 80x24.)
            rows = max(rows, 2 if width < _LONGEST_RECRUIT else 1)
        self._rows = (key, rows)
        return rows

    def _pick_detail(self, update: Update, width: int) -> Detail:
        """The richest detail whose lines fit the room (kept for one position and size)."""
        room = self._room()
        key = (update.version, update.seat, width, room)
        if self._detail is not None and self._detail[0] == key:
            return self._detail[1]
        # The heroes' abilities come first: every one whole, then the active heroes'
        # whole (they apply this Hunt) over the resting ones'; for their lines the tracks
        # go first (each side's line says its Bloodshards, its cards count its heroes:
        # resting heroes' abilities were cut at 160x45 under the tracks), then the
        # Combats' cards (their lines say the same cards); then fewer lines for all.
        # The Combats still to come hold the board's height through a Hunt where the log
        # is under the board (where it is beside, the rows the board keeps do, and they
        # only fill rows the rest leaves).
        wide = self.screen.has_class("-wide")
        levels = [
            Detail(a, cards, tracks, r, to_come=not wide)
            for a in ABILITIES
            for r in sorted({min(a, r) for r in (WHOLE, 6, 4, 3, 2, 1)}, reverse=True)
            for cards in (True, False)
            for tracks in (True, False)
        ]
        chosen = Detail(0, False, False, to_come=not wide)
        height = self._heights(update, width)
        if height(levels[-1]) > room:
            levels = []  # not even a line of ability each: the floor, tried no further
        for level in levels:
            if height(level) <= room:
                chosen = level
                break
        if wide and height(replace(chosen, to_come=True)) <= room:
            chosen = replace(chosen, to_come=True)
        if not chosen.combat_cards:
            # The rows left let the Combats whose line would say their cards as glyph
            # codes take two lines of words, as many as fit ("2nd · 1: ⚑2 ⚑2 | 2: ☾1 ⚑4"
            # was read as codes at 80x24 with four players); for them your hand's cards
            # give up their tribe's line (the details line says it), the tracks, the
            # resting heroes' lines and the Combats still to come go, then the next level
            # of ability lines, never more (its whole text is a ↑↓ and i away): at 120x40
            # with four players 33 of 376 Combats' lines were codes for want of a row,
            # 9 then. The ones left are said in words by i (see `details`).
            # (The levels as tried, before the Combats to come were let in where the log
            # is beside the board: at 120x40 they were not found, and no Combat of four
            # sides took two lines for the tracks' rows.)
            tried = replace(chosen, to_come=not wide)
            later = levels[levels.index(tried) + 1 :] if tried in levels else []
            lower = [a for a in ABILITIES if a < chosen.ability][:1]
            alike = [chosen] + [
                replace(level, to_come=chosen.to_come)
                for level in later
                if level.ability in (chosen.ability, *lower) and not level.combat_cards
            ]
            tries = (
                replace(level, wrap=w, tribes=t, to_come=c)
                for w in (4, 3, 2, 1)
                for level in alike
                for c in dict.fromkeys((chosen.to_come, False))
                for t in (True, False)
            )
            chosen = next((level for level in tries if height(level) <= room), chosen)
        self._detail = (key, chosen)
        return chosen

    def _spare(self, update: Update, width: int, detail: Detail) -> int:
        """The rows the room leaves under the board's parts at ``detail`` (measured once
        per position and size, not at each move of the cursor)."""
        key = (update.version, update.seat, width, self._room(), detail)
        if self._spared is None or self._spared[0] != key:
            self._spared = (key, max(0, self._room() - self._heights(update, width)(detail)))
        return self._spared[1]

    def _side_width(self, update: Update, width: int, detail: Detail | None = None) -> int:
        """How wide one side is: half the board in two columns."""
        return (width - 2) // 2 if self._two_columns(update, width, detail) else width

    def _two_columns(self, update: Update, width: int, detail: Detail | None = None) -> bool:
        """The sides stand in two columns: from `TWO_COLUMNS` on, but where each side is a
        line (``detail`` without abilities): at 160x45 with five heroes to stand up those
        lines were cut at half the width ("· hand 0 · 5 h…") beside half a board empty."""
        flat = detail is not None and not detail.ability
        return width >= self.TWO_COLUMNS and update.view["sides"] > 1 and not flat

    def _heights(self, update: Update, width: int) -> Callable[[Detail], int]:
        """The board's height at each detail, for one position and width. Each part is
        drawn once per level of its own that matters (the sides per ability, the Combats
        cards or lines), not once per detail tried: a position tried at eleven levels
        drew its hand eleven times, the most of a Shardhunters update's cost."""
        view = update.view
        fixed = 2 + self._details_rows(update, width) + (self._head(update, width).cell_len > width)
        fixed += len(self._choice_lines(update, width))
        hands = {t: len(self._hand_lines(update, width, tribes=t)) for t in (True, False)}
        side_width = self._side_width(update, width)
        two_columns = self._two_columns(update, width)
        form = label_form(update, side_width)

        @functools.cache
        def sides(ability: int, resting: int | None) -> int:
            heights = []
            for side in range(view["sides"]):
                shown = Detail(ability, False, False, resting, label=form)
                level = self._side_detail(update, side, shown)
                wide = side_width if ability else width  # a line each: one column
                key = ("side", _side_key(update, side), wide, level.ability, level.resting, form)
                measure = functools.partial(side_height, update, side, wide, level)
                heights.append(self._kept(key, measure))
            if two_columns and ability:  # each column's sides one under the other
                return max(sum(heights[0::2]), sum(heights[1::2]))
            return sum(heights)

        @functools.cache
        def combats(cards: bool, to_come: bool, wrap: int) -> int:
            level = Detail(0, cards, False, to_come=to_come, wrap=wrap)
            return combat_height(update, width, level)

        def height(detail: Detail) -> int:
            tracks = 4 if detail.tracks else 0
            heroes = sides(detail.ability, detail.resting)
            fights = combats(detail.combat_cards, detail.to_come, detail.wrap)
            return fixed + hands[detail.tribes] + tracks + heroes + fights

        return height

    def _side_detail(self, update: Update, side: int, detail: Detail) -> Detail:
        """The detail ``side`` is drawn at: one line for your own side while you stand up
        heroes with the sides in one column, as the cards to choose from are your heroes
        with their abilities (at 120x40 both took the rows, and every side was left a
        line; in two columns the side beside yours keeps the rows all the same)."""
        view = update.view
        choosing = view["phase"] == "choose" and update.seat in update.acting
        if side != update.seat or not choosing or update.outcome is not None:
            return detail
        width = self._width()
        if self._two_columns(update, width) or (width < 100 and self._room() < 30):
            return detail  # the cards to choose from name the heroes only, or no row gained
        return Detail(0, False, False)

    def _kept(self, key: Hashable, measure: Callable[[], int]) -> int:
        """A part's height at one level of detail, measured once while its content stays
        (the next position tries the same levels: most sides and Combats are as they were)."""
        found = self._heights_kept.get(key)
        if found is None:
            if len(self._heights_kept) >= KEPT_HEIGHTS:
                self._heights_kept.clear()
            found = self._heights_kept[key] = measure()
        return found

    def _draw(self) -> None:
        update = self.update
        if update is None or not drawable(self):
            return
        parts = self.query_one("#sh-parts", BoardParts)
        with parts.together():
            width = self._width()
            self._draw_parts(update, width, parts)
            self._fill(update, width, parts)

    def _fill(self, update: Update, width: int, parts: BoardParts) -> None:
        """Keep the board's height through a phase: the spare rows (between the table and
        your hand) take what the parts leave of the rows kept. With the log beside the
        board those are the room's (rows the board column has anyway); under it, the most
        the parts have taken in this phase (the log keeps the rest). An ordinary update
        then lays nothing out, where its parts' growing and shrinking laid the whole
        screen out again (the Combats, the details line, a side, the hand)."""
        used = parts.height_but(SPARE, width)
        if self.screen.has_class("-wide"):  # the log beside the board
            keep = self._room()
        else:
            phase = (update.view["phase"], update.view["hunt"], update.seat, width, self._room())
            if self._kept_rows[0] != phase:
                self._kept_rows = (phase, 0)
            keep = max(used, self._kept_rows[1])
            if self._paying(update, width):
                # The heroes drawn take a row more than Pay and Leave where a long ability
                # needs it: kept from the start where the board has it (the details
                # line's second row held it, and left the 2nd Combat in codes at 80x24).
                keep = max(keep, min(used + 1, self._room()))
            self._kept_rows = (phase, keep)
        spare = max(0, keep - used)
        parts.set_shown(SPARE, spare > 0)
        if spare:
            parts.show(SPARE, spare, lambda: Text("\n" * (spare - 1)))

    def _draw_parts(self, update: Update, width: int, parts: BoardParts) -> None:
        view = update.view
        detail = self._pick_detail(update, width)
        head = self._head(update, width)
        parts.show("head", head.plain, lambda: head)
        parts.set_shown("tracks", detail.tracks)
        if detail.tracks:
            parts.show(
                "tracks",
                (view["shards"], [len(t) for t in view["teams"]], view["costs"], width),
                lambda: Group(*track_lines(update, width)),
            )
        heroes = self._table_heroes()
        looked = heroes[self.looking] if self.looking is not None else None
        two_columns = self._two_columns(update, width, detail)
        side_width = self._side_width(update, width, detail)
        parts.place(_order(two_columns), side_width if two_columns else 0)
        form = label_form(update, side_width)
        levels = [
            self._side_detail(update, side, replace(detail, label=form))
            for side in range(view["sides"])
        ]
        if any(not level.ability for level in levels):
            together = sides_giving(update, side_width)
            levels = [replace(level, together=together) for level in levels]
        if two_columns:
            # Where the log is beside the board, the rows the board keeps (see `_fill`)
            # and its parts leave are the resting heroes' too: at 160x45 two rows stood
            # blank under the Combats while four abilities were cut.
            spare = self._spare(update, width, detail) if self.screen.has_class("-wide") else 0
            levels = _evened(update, side_width, levels, spare)
        looks = [looked[1] if looked is not None and looked[0] == s else None for s in range(4)]
        for side in range(4):
            # In two columns each column's sides stand one under the other (0 over 2, 1
            # over 3), not in rows: a row as tall as its taller side left rows blank under
            # the shorter while the resting heroes' abilities were cut at 160x45.
            below = (side + 2,) if two_columns else ()
            stacked = [s for s in (side, *below) if s < view["sides"]]
            shown = bool(stacked) and not (two_columns and side >= 2)
            parts.set_shown(f"side-{side}", shown)
            if not shown:
                continue
            parts.show(
                f"side-{side}",
                (tuple((_side_key(update, s), looks[s], levels[s]) for s in stacked), side_width),
                functools.partial(_stacked, update, stacked, side_width, levels, looks),
            )
        self._show_combats(update, width, detail, parts)
        hand = self._hand_lines(update, width, tribes=detail.tribes)
        parts.show("hand", tuple(t.markup for t in hand), lambda: Group(*hand))
        choices = self._choice_lines(update, width)
        parts.set_shown("choices", bool(choices))
        parts.show("choices", tuple(t.markup for t in choices), lambda: Group(*choices))
        details = self._details_line()
        rows = self._details_rows(update, width)
        parts.show("details", (details, width, rows), lambda: details_lines(details, width, rows))
        words = prompt(update, self.keys, self.choices, width=width)
        if self._confirming is not None:
            words = confirm_words(update, self._confirming)
        words = replay_prompt(self, update) or words
        parts.show("prompt", words, lambda: Text(words, style="bold"))

    def _show_combats(self, update: Update, width: int, detail: Detail, parts: BoardParts) -> None:
        """The Combats of the Hunt, a part each: the one being played changes at each
        card put down, and redrew the others with it (the board's largest part at 200x60,
        drawn at nearly every update)."""
        key = (_combat_key(update), width, detail)
        if key == self._combats_shown:
            return
        self._combats_shown = key
        blocks = combat_blocks(update, width, detail)
        for number, name in enumerate(COMBAT_PARTS):
            parts.set_shown(name, number < len(blocks))
            if number < len(blocks):
                block = blocks[number]
                drawn = tuple((line.plain, tuple(line.spans), line.style) for line in block)
                parts.show(name, drawn, functools.partial(Group, *block))

    def _head(self, update: Update, width: int) -> Text:
        """Where the game stands, in words; shorter words when the line would not fit (and
        a second line rather than a cut: the Monster Deck's top card is a fact to play by)."""
        view = update.view
        # Fewer words (still words) before the short forms ("top", "Tavern 21": F1's
        # legend says them).
        for short in (0, 1, 2):
            parts = []
            if view["solo"]:
                parts.append(f"Solo vs {'' if short else 'the '}Reavers ({view['level']})")
            parts.append(f"Hunt {view['hunt']}")
            if view["phase"] == "combat":
                need = view["sizes"][update.seat or 0][view["combat"]]
                parts.append(f"{COMBATS[view['combat']]} Combat of 4")
                parts.append(f"{'' if short else 'you '}play {need}")
            else:
                words = phase_words(view["phase"])
                parts.append(words[:1].upper() + words[1:])  # "The Tavern", not "The tavern"
            parts.append(f"Tavern{'' if short > 1 else ' Deck'} {view['tavern_size']}")
            if view["top"] is not None:
                top = ("Monster Deck top", "Deck top", "top")[short]
                parts.append(f"{top}: {card_words(view['top'])}")
            header = Text(" · ".join(parts), style="bold")
            if header.cell_len <= width:
                break
        return header

    def _marks(self) -> tuple[set[Hashable], Hashable | None]:
        update = self.update
        choices = self.choices
        mine = update is not None and update.seat in update.acting and update.outcome is None
        if not mine or not choices:
            return set(), None
        cursor = choices[min(self.cursor, len(choices) - 1)].key
        return {c.key for c in choices}, (None if self.looking is not None else cursor)

    def _hand_lines(self, update: Update, width: int, tribes: bool = True) -> list[Text]:
        """Your monster cards, the legal ones marked ◆, the cursor's in a heavy border
        (``tribes`` False: without their tribes, a row fewer for a Combat's second line
        of words; the details line says the tribe of the card under the cursor)."""
        hand = update.view["hand"]
        if not hand:
            if hand is None or update.view["phase"] != "combat" or update.outcome is not None:
                return []  # (a spectator has none)
            return [Text("Hand: no cards left this Hunt.", style="dim")]
        legal, cursor = self._marks()
        # 14 holds every tribe whole ("lycanthropes"): beside the "Hand" label where the
        # row has room, else under it (seven cards at 160x45 were 13 wide beside it and
        # read "lycanthrop…"); 13 or less when even that is too wide (the details line
        # says the card under the cursor whole).
        # With rows to spare (120x40, the log beside the board) the cards take the row's
        # width and say their tribe, a long one on two lines ("lycan-" / "thropes"): seven
        # cards there were 8 wide, a glyph and a colour but no tribe; at 80x24 the rows go
        # to the heroes' abilities.
        n = len(hand)
        roomy = self._room() >= 30
        # A card saying no tribe needs 13 cells, one fewer: five cards then leave the
        # label beside them, a row fewer.
        need = 15 if tribes or roomy else 14
        label_beside = n * need + 6 <= width or n * need - 1 > width
        room = width - 7 if label_beside else width
        widths = (14, 13, 12, 11, 10, 9) if roomy else (14, 13)
        card_width = next((w for w in widths if n * (w + 1) - 1 <= room), 8)
        boxes = tuple(
            monster_box(
                c,
                card_width,
                legal=("card", c) in legal,
                selected=cursor == ("card", c),
                mark=CHOSEN if ("card", c) in self.keys else "",
                tribe=tribes and (card_width >= 12 or (roomy and card_width >= 9)),
            )
            for c in hand
        )
        if not label_beside:
            return [Text("Hand", style="bold"), *CardRow(boxes, gap=1).lines(width)]
        body = CardRow(boxes, gap=1).lines(width - 6)
        label = [Text(""), Text("Hand", style="bold")]
        return _beside(label, body, 6)

    def _recruit_in_lines(self, update: Update, width: int) -> bool:
        """The heroes drawn at the Tavern are said in lines with their abilities (see
        `_recruit_lines`) and the details line takes one row: at 80x24, where hero cards
        would say their names only."""
        view = update.view
        mine = update.seat in update.acting and update.outcome is None
        return width < LINES_BELOW and view["phase"] == "tavern" and bool(view["offer"]) and mine

    def _paying(self, update: Update, width: int) -> bool:
        """Pay or Leave at the Tavern, the heroes drawn then said in lines (see
        `_recruit_in_lines`)."""
        view = update.view
        mine = update.seat in update.acting and update.outcome is None
        return width < LINES_BELOW and view["phase"] == "tavern" and not view["offer"] and mine

    def _choice_lines(self, update: Update, width: int) -> list[Text]:
        """The choices that are not cards in hand (heroes, Tavern, guesses) as cards."""
        legal, cursor = self._marks()
        choices = [c for c in self.choices if isinstance(c.key, tuple) and c.key[0] != "card"]
        if not legal or not choices:
            return []
        heroes = any(c.key[0] == "hero" for c in choices if isinstance(c.key, tuple))
        if heroes and self._recruit_in_lines(update, width):
            # Where the board has rows to spare, a row more: given to a hero's line of
            # ability instead, it left a Combat in glyph codes at 120x40.
            least = RECRUIT_ROWS if self._room() < 30 else RECRUIT_ROWS + 1
            return _recruit_lines(choices, cursor, width, least)
        box_width = hero_width(width, len(choices)) if heroes else 14
        lines = 0 if width < 100 else 3 if heroes else 1
        rows: list[tuple[list[Choice], int, int]] = []
        if heroes and self._room() >= 30:
            # The choice is the decision: its heroes' abilities whole (the verb above),
            # up to HERO_CHOICE_LINES; the table's cards give way (see _pick_detail).
            rows = _choice_rows(choices, width)
        if not heroes and lines:
            # The Tavern's and Yusuf's choices say what they do whole ("Pay 3…" was cut
            # with rows to spare): a card wide enough for the longest, on two lines.
            longest = max(len(c.label) for c in choices)
            box_width = max(box_width, min(26, (longest + 1) // 2 + 4))
            lines = max(len(textwrap.wrap(c.label, box_width - 2)) for c in choices)
            lines = min(lines, 2)
        boxes = tuple(
            choice_box(c.key, c.label, box_width, c.key == cursor, lines) for c in choices
        )
        chosen = [k for k in self.keys if isinstance(k, tuple) and k[0] == "hero"]
        label = Text("Choose", style="bold")
        if chosen:
            names = ", ".join(hero_name(str(k[1])) for k in chosen if isinstance(k, tuple))
            label.append(f" ({CHOSEN} {names})")
        if update.view["phase"] in ("draft", "start") and update.view["local"]:
            kept = ", ".join(hero_name(h) for h in update.view["local"])
            label.append(f" · your Local Tavern Deck: {kept}")
        label.truncate(width, overflow="ellipsis")
        if rows:
            drawn = (
                CardRow(
                    tuple(choice_box(c.key, c.label, w, c.key == cursor, n) for c in row), gap=1
                ).lines(width)
                for row, w, n in rows
            )
            return [label, *(line for row_lines in drawn for line in row_lines)]
        beside = len(boxes) * (box_width + 1) - 1 + CHOOSE_BESIDE <= width
        if label.plain == "Choose" and beside and self._room() < 30:
            # Beside the cards where the rows are short (80x24): the row it took let a
            # Combat of four sides say its cards in words on two lines at the Tavern.
            body = CardRow(boxes, gap=1).lines(width - CHOOSE_BESIDE)
            return _beside([Text(""), label], body, CHOOSE_BESIDE)
        return [label, *CardRow(boxes, gap=1).lines(width)]


LINES_BELOW = 100
"""The board's width below which the heroes drawn at the Tavern are said in lines (see
`Board._recruit_in_lines`)."""

CHOOSE_BESIDE = 8
"""The cells the "Choose" label takes beside the choices' cards."""


def _choice_rows(choices: Sequence[Choice], width: int) -> list[tuple[list[Choice], int, int]]:
    """Heroes to choose as rows of cards: (the choices, their cards' width, their lines: the
    verb and up to `HERO_CHOICE_LINES` of ability) per row, each row as tall as its own
    longest ability and its cards as wide as the board allows, in as many rows as make
    them shortest: Crow's ability on 9 lines made every card to choose from 9 lines tall,
    and five heroes drew four cards, then one alone."""
    best: list[tuple[list[Choice], int, int]] = []
    least = (0, 0)
    for shared in even_rows(choices, width):
        rows = []
        cut = 0
        for group, box in shared:
            needs = [
                wrapped_lines(HEROES[c.key[1]].ability, box - 2)  # type: ignore[index]
                for c in group
            ]
            cut += sum(1 for need in needs if need > HERO_CHOICE_LINES)
            rows.append((group, box, 1 + min(max(needs), HERO_CHOICE_LINES)))
        measure = (cut, sum(2 + lines for _, _, lines in rows))  # nothing cut, then short
        if not best or measure < least:
            best, least = rows, measure
    return best


RECRUIT_ROWS = 3
"""The least rows of the heroes to recruit said in lines: as many as the Pay and Leave cards
before them take, so the board keeps its layout as you pay (more where the ability under
the cursor needs them: Crow's, three lines at 80 columns, and the other hero's line)."""

CURSOR = "▸"
"""Marks the hero under the cursor among the heroes to recruit said in lines."""


def _recruit_lines(
    choices: Sequence[Choice], cursor: Hashable, width: int, least: int = RECRUIT_ROWS
) -> list[Text]:
    """The heroes drawn at the Tavern where the board is narrow (80x24), a line each with
    its ability: the one under the cursor whole, the others as much as fits, cut between
    words. Their cards said only their names: each ability was read one at a time, in the
    details line. As many rows whichever hero the cursor is on."""
    room = width - CHOOSE_BESIDE - 2
    said = {c.key: f"{hero_name(c.key[1])}: {HEROES[c.key[1]].ability}" for c in _keyed(choices)}
    whole = {key: textwrap.wrap(words, room, subsequent_indent="  ") for key, words in said.items()}
    # As many rows whichever hero is under the cursor, at least as many as the Tavern's
    # other choices take as cards: the board keeps its layout as you pay.
    rows = max(least, max(len(lines) for lines in whole.values()) + len(whole) - 1)
    body: list[Text] = []
    for key, words in said.items():
        name = hero_name(key[1])
        if key == cursor:
            lines = whole[key]
        else:
            first = textwrap.wrap(words, room - 1)
            lines = [first[0] + ("…" if len(first) > 1 else "")]
        for number, text in enumerate(lines):
            mark = f"{CURSOR} " if key == cursor and not number else "  "
            line = Text(mark, no_wrap=True)
            if number:
                line.append(text)
            else:
                line.append(name, style="bold reverse" if key == cursor else "bold")
                line.append(text[len(name) :])
            body.append(line)
    body += [Text("")] * (rows - len(body))
    return _beside([Text("Choose", style="bold")], body, CHOOSE_BESIDE)


def _put_down(card: str) -> str:
    """The details line of a card to put down: its tribe once ("◆ Put down red 3
    (lycanthropes). Red lycanthropes: …" said it twice, and took a second row at 160x45
    that the resting heroes' abilities needed)."""
    m = MONSTER_CARDS[card]
    rule = COLOUR_RULES[m.colour].split(": ", 1)[1]
    rule = rule.replace("if any is played", f"if any {m.colour} card is played")
    return f"{TARGET} Put down {card_words(card)}: {rule}."


def _keyed(choices: Sequence[Choice]) -> list[Any]:
    return [c for c in choices if isinstance(c.key, tuple)]


def _beside(label: list[Text], body: list[Text], width: int) -> list[Text]:
    out = []
    for row, line in enumerate(body):
        cell = label[row].copy() if row < len(label) else Text("")
        cell.truncate(width, pad=True)
        out.append(Text.assemble(cell, line, no_wrap=True))
    return out


_LONGEST_RECRUIT = max(
    cell_len(f"{TARGET} Recruit {hero_name(h)}: {HEROES[h].ability} ({HEROES[h].name})")
    for h in HEROES
)
"""The longest details line of a hero to recruit at the Tavern."""

ABILITIES = (WHOLE, 8, 6, 5, 4, 3, 2, 1)
"""The lines of ability a hero's card may show, from the most to the least."""

HERO_CHOICE_LINES = 7
"""At most this many lines of ability on a hero to choose: every ability fits in 7 on a card
25 wide; a narrower card cuts the longest, and the details line says it whole."""

KEPT_HEIGHTS = 512
"""How many parts' heights a board keeps (any more, and it starts again)."""


def _frozen(value: Any) -> Hashable:
    """``value`` (a view's lists and dicts) as something hashable, equal when it is."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    frozen: Hashable = value
    return frozen


def _side_key(update: Update, side: int) -> Hashable:
    """Everything a side's lines are drawn from (but the hero looked at, the width and
    the level of detail)."""
    view = update.view
    return _frozen(
        (
            side in update.acting,
            view["shards"][side],
            view["loot"][side],
            view["hand_sizes"][side],
            view["teams"][side],
            sorted(active_heroes(view, side)),
            view["submitted"],
            view["phase"],
            view["solo"],
            view["players"],
            update.notes.get(side),
            update.names,
            update.seat,
            update.outcome is None,
        )
    )


def _combat_key(update: Update) -> Hashable:
    """Everything the Combats' lines are drawn from (but the width and the detail)."""
    view = update.view
    return _frozen(
        (
            view["plays"],
            view["results"],
            view["phase"],
            view["combat"],
            view["submitted"],
            view["pending"],
            view["sizes"],
            view["players"],
            view["sides"],
            view["hunt"],
            update.seat,
            update.names,
            update.outcome is None,
            any(e.get("type") == "reveal" for e in update.events),
        )
    )


def _order(two_columns: bool) -> list[Entry]:
    """The board's parts top to bottom: the sides in two columns from `Board.TWO_COLUMNS`
    on ("side-0" then showing sides 0 and 2, one under the other, "side-1" sides 1 and 3);
    the rows the board keeps over its parts' (see ``Board._fill``) between the table and
    your hand, so the hand, details and prompt stay where they were."""
    sides: list[Entry] = [f"side-{side}" for side in range(4)]
    if two_columns:
        sides = [("side-0", "side-1")]
    combats = list(COMBAT_PARTS)
    return ["head", "tracks", *sides, *combats, SPARE, "hand", "choices", "details", "prompt"]


COMBAT_PARTS = ("combat-0", "combat-1", "combat-2", "combat-3")
"""The parts of the Combats of a Hunt, one each (see ``combat_blocks``)."""

SPARE = "spare"
"""The part that holds the rows the board keeps beyond what its other parts take."""


class BoardParts(Parts):
    """The board's parts (shown ``together()`` for all the parts an update changes), and
    what they take at a width but one of them."""

    def height_but(self, skip: str, width: int) -> int:
        """The rows every part but ``skip`` takes at ``width``, as put together."""
        total = 0
        for entry in self._order:
            if isinstance(entry, str):
                total += len(self._part(entry, width)) if entry != skip else 0
                continue
            column = self._column or width
            total += max((len(self._part(name, column)) for name in entry), default=0)
        return total


def _evened(update: Update, width: int, levels: Sequence[Detail], spare: int = 0) -> list[Detail]:
    """Each side's detail in two columns (sides 0 and 2 in one, 1 and 3 in the other), the
    shorter column giving its resting heroes the lines the other column takes anyway, and
    either column the board's ``spare`` rows: at 160x45 a resting hero's ability was cut
    to one line ("You play 4…") with rows empty under its cards."""
    out = list(levels)
    heights = [side_height(update, side, width, level) for side, level in enumerate(levels)]
    tall = max(sum(heights[0::2]), sum(heights[1::2])) + spare
    for column in (0, 1):
        sides = range(column, len(levels), 2)
        for side in sides:
            level = levels[side]
            if not level.ability or level.resting is None or level.resting >= level.ability:
                continue
            others = sum(heights[s] for s in sides if s != side)
            for lines in (WHOLE, 6, 4, 3, 2):
                more = replace(level, resting=min(lines, level.ability))
                if more.resting <= level.resting:  # type: ignore[operator]
                    continue
                height = side_height(update, side, width, more)
                if others + height <= tall:
                    out[side], heights[side] = more, height
                    break
    return out


def _stacked(
    update: Update,
    sides: Sequence[int],
    width: int,
    levels: Sequence[Detail],
    looks: Sequence[str | None],
) -> Group:
    """Sides one under the other (a column of the board's two)."""
    return Group(
        *(line for s in sides for line in side_lines(update, s, width, levels[s], looks[s]))
    )
