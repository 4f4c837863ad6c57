"""A test player that gets only what a screen reader gets (issue #17).

A screen reader follows the terminal's cursor: it reads the line the cursor is on (and, on
request, the few lines around it) and announces text that newly appears on the screen. It
sees no colour and no layout. `ScreenReader` wraps a pyte-backed `Terminal` and exposes
exactly that:

- `cursor_line` / `around`: the line at the real terminal cursor and its neighbours;
- `listen`: the lines that are new on the screen since it last listened, in screen order:
  after every whole frame (the terminal says it draws frames whole, with synchronized
  output, so a frame's end is marked), as a screen reader hears each change of the text;
- `spoken`: what it would say now (the new lines, then the cursor's line).

Everything it says goes into `transcript`, the text a blind player would have heard.

`choose` walks a list of choices with Up and Down (a form such as the table setup with Tab),
reading the cursor's line after each key, until a line pleases the caller, and presses
Enter; it fails when the cursor is not on a selected line (``> `` at the cursor), which is
what the mode promises a screen reader. `play_game` plays a whole game from that text
alone: it picks ordinary choices over the ones that end a phase or take one back, answers
confirmations, closes summaries and stops at the results; a ``> `` line that the cursor
does not reach fails it. `play_whoosh` plays Whoosh by its keys (Space, 1 2 3) from the
Monsters and symbols the table says.

The tests (not the player) may look at the whole screen only to wait for a screen to go
and to say, when it fails, what was there.

`local_app` runs ``hunters --screen-reader`` on an 80×24 pseudo-terminal; over SSH the
`tests.net.e2e_helpers.connect` player is wrapped the same way. ``python -m tests.sr.play``
lets a person play by ear: it prints only what this screen reader hears.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import functools
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.net.e2e_helpers import OpenSSHTerminal, Terminal, on_pty

UP, DOWN, ENTER, ESC, SPACE = b"\x1b[A", b"\x1b[B", b"\r", b"\x1b", b" "
TAB, BACKTAB = b"\t", b"\x1b[Z"
KEY_NAMES = {UP: "Up", DOWN: "Down", ENTER: "Enter", ESC: "Esc", SPACE: "Space"}
KEY_NAMES |= {b"1": "1", b"2": "2", b"3": "3", TAB: "Tab", BACKTAB: "Shift+Tab"}

SYNC_QUERY = b"\x1b[?2026$p"
"""An app asking whether the terminal has synchronized output (DECRQM for mode 2026)."""
SYNC_ANSWER = b"\x1b[?2026;2$y"
"""The terminal's answer: it has (the mode is off until a frame turns it on)."""
SYNC_END = b"\x1b[?2026l"
"""The end of a frame drawn with synchronized output: the terminal shows it whole."""

MARK = "> "
"""What a selected line of a list has at the terminal cursor (tui/widgets/spoken.py)."""
_WHERE = re.compile(r" \((choice \d+ of \d+(, more above)?(, more below)?|the only choice)\)$")
"""The position a list too long for its space says on its selected line, or that it is the
only choice."""
WIDTH, HEIGHT = 80, 24

ENDING = re.compile(r"^(Done|Pass|Leave|End|Stop|Finish|Skip|Discard both|Keep your hand)\b")
"""Choices that end a phase or give something up: taken only when nothing else is left."""
TAKE_BACK = re.compile(r"^(Take back|Relocate)\b")
"""Choices that undo or move one already made: never taken while anything else is listed
(they would loop: play, take back, play; relocate there and back)."""
CONFIRM = "Enter again"
"""What a choice that asks once says ("Done playing … Enter again to confirm.")."""
RESULTS = ": results"
"""The results screen's title ("Whoosh: Bounty Hunters: results")."""


class NotReadable(AssertionError):
    """The screen did not give a screen reader what it needs (the failure issue #17 is about)."""


def unmarked(line: str) -> str:
    """A line without the selection mark and position: moving the selection changes only
    those, which the cursor's line says; it is not new text."""
    line = _WHERE.sub("", line.rstrip())
    stripped = line.lstrip()
    if stripped.startswith(MARK):
        indent = len(line) - len(stripped)
        line = line[:indent] + "  " + stripped[len(MARK) :]
    return line.strip()


@dataclass(eq=False)
class ScreenReader:
    """What a screen reader makes of one terminal: the cursor's line and new lines."""

    term: Terminal
    transcript: list[str] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)
    """Every line heard, in order (new lines and cursor lines), for predicates over time."""
    hooks: list[Callable[[list[str]], None]] = field(default_factory=list)
    """Called with each batch of new lines (a player keeping track of the table)."""
    _known: list[str] = field(default_factory=list)
    _at: tuple[int, str] = (-1, "")
    """The cursor's row and line when it last listened."""
    _scanned: int = 0
    """How much of the terminal's output was looked at for a question about sync."""

    def __post_init__(self) -> None:
        self.term.on_output.append(self._frame)
        self._frame(self.term)

    def _frame(self, term: Terminal) -> None:
        """After each chunk of output: a whole frame is heard at once, as a screen reader
        hears the text a terminal shows; frames that follow one another faster than the
        screen settles are each heard (the line of a reveal that a capture scrolled away a
        tenth of a second later, over ssh). The terminal says it has synchronized output
        when asked (most do), so that a frame's end is marked."""
        received = term.received
        if SYNC_QUERY in received[max(0, self._scanned - len(SYNC_QUERY) + 1) :]:
            term.send(SYNC_ANSWER)
        self._scanned = len(received)
        if received.endswith(SYNC_END):
            self.listen()

    # -- what it reads -------------------------------------------------------------------------

    def _cursor(self) -> tuple[int, int]:
        cursor = self.term.screen.cursor
        return cursor.x, cursor.y

    def cursor_line(self) -> str:
        """The line the terminal's cursor is on."""
        _, y = self._cursor()
        return self.term.lines[y].rstrip()

    def around(self, before: int = 1, after: int = 1) -> list[str]:
        """The cursor's line and up to ``before``/``after`` lines around it."""
        _, y = self._cursor()
        lines = self.term.lines
        return [line.rstrip() for line in lines[max(0, y - before) : y + after + 1]]

    def selected(self) -> str | None:
        """The selected choice's text when the cursor sits on a ``> `` line (the mark and
        the position said after it removed), else None."""
        x, y = self._cursor()
        line = self.term.lines[y]
        if line[x : x + len(MARK)] != MARK:
            return None
        return _WHERE.sub("", line[x + len(MARK) :].rstrip())

    def listen(self) -> list[str]:
        """The lines on screen that were not there when it last listened, in screen order,
        then the cursor's line when the cursor moved or its line changed (a screen reader
        reads the line it lands on).

        New lines are found as a screen reader's terminal support finds them (NVDA diffs
        the old text against the new, line by line): a line inserted or replaced is new,
        even when the same words were on screen before elsewhere (a second "Root reveals an
        axe." while the first scrolls out of the log)."""
        cursor_y = self._cursor()[1]
        rows = [(y, unmarked(line), line) for y, line in enumerate(self.term.lines)]
        rows = [row for row in rows if row[1]]
        now = [text for _, text, _ in rows]
        fresh: list[str] = []
        matcher = difflib.SequenceMatcher(None, self._known, now, autojunk=False)
        for tag, _, _, j1, j2 in matcher.get_opcodes():
            if tag in ("insert", "replace"):
                fresh.extend(line.strip() for y, _, line in rows[j1:j2] if y != cursor_y)
        self._known = now
        self.transcript.extend(f"  {line}" for line in fresh)
        at = (cursor_y, self.cursor_line().strip())
        if at != self._at:
            self._at = at
            fresh.append(at[1])
            self.transcript.append(f"  @ {at[1]}")
        self.heard.extend(fresh)
        if fresh:
            for hook in self.hooks:
                hook(fresh)
        return fresh

    def stray_mark(self) -> tuple[int, str] | None:
        """A line marked selected (``> ``) that the cursor is not on, as (row, line): the
        failure this harness exists to catch. (The test looks there; the player never.)"""
        _, cursor_y = self._cursor()
        for y, line in enumerate(self.term.lines):
            if y != cursor_y and line.lstrip().startswith(MARK):
                return y, line.strip()
        return None

    def spoken(self) -> str:
        """What it would read now: the new lines, then the line at the cursor (said again
        when the cursor stayed: a key that changes nothing is answered with the same line)."""
        fresh = self.listen()
        line = self.cursor_line().strip()
        if not fresh or fresh[-1] != line:
            self.heard.append(line)
            self.transcript.append(f"  @ {line}")
            fresh.append(line)
        return "\n".join(fresh)

    # -- keys ----------------------------------------------------------------------------------

    async def press(self, key: bytes, *, timeout: float = 2.0) -> str:
        """Press ``key`` and wait for the screen to settle; what is spoken then."""
        self.transcript.append(f"[{KEY_NAMES.get(key, key.decode(errors='replace'))}]")
        await self.term.key(key, timeout=timeout)
        return self.spoken()

    async def choose(
        self,
        wanted: Callable[[str], bool],
        *,
        limit: int = 60,
        what: str = "a choice",
        fields: bool = False,
    ) -> str:
        """Move Down (then Up from the end of a list that does not wrap around) reading the
        selected line after each key until ``wanted(line)``, then press Enter; the chosen
        line. Fails once the whole list was heard without it. ``fields``: a form, walked
        with Tab and Shift+Tab, whose text fields hold the cursor in their text (their line
        is marked ``> `` all the same)."""
        here = functools.partial(self.at_selection, fields=fields)
        seen: list[str] = []
        forward, back = (TAB, BACKTAB) if fields else (DOWN, UP)
        for direction in (forward, back):
            for _ in range(limit):
                line = await here(what)
                if wanted(line):
                    await self.press(ENTER)
                    return line
                seen.append(line)
                await self.press(direction, timeout=0.5)
                after = await here(what)
                if after == line:  # the end of the list, or a slow frame: listen a while
                    with contextlib.suppress(NotReadable):
                        moved = functools.partial(self._moved_from, line, fields)
                        await self.wait(moved, what, 1.5)
                    after = await here(what)
                if after == seen[0] and direction == forward:  # wrapped around: all heard
                    raise NotReadable(f"no line for {what} among the choices heard: {seen}")
                if after == line:  # the end of the list
                    break
        raise NotReadable(f"no line for {what} among the choices heard: {seen}")

    async def at_selection(
        self, what: str = "a choice", *, fields: bool = False, timeout: float = 1.5
    ) -> str:
        """The selected line (or with ``fields`` a text field's), once the screen shows one
        at the cursor; a failure when it does not within ``timeout`` (a frame can come in
        pieces, a new screen a little later)."""
        need = self.need_field if fields else self.need_selection
        with contextlib.suppress(NotReadable):
            return need(what)
        with contextlib.suppress(NotReadable):
            await self.wait(lambda: self._has(need), what, timeout)
        return need(what)

    def _moved_from(self, line: str, fields: bool) -> bool:
        """Whether the screen shows a selected line (or field) other than ``line``."""
        try:
            now = (self.need_field if fields else self.need_selection)("")
        except NotReadable:
            return False
        return now != line

    def _has(self, need: Callable[[str], str]) -> bool:
        try:
            need("")
        except NotReadable:
            return False
        return True

    def need_field(self, what: str = "a field") -> str:
        """The selected line, or the marked line of the text field the cursor is in (the
        cursor sits in its text, not on the mark), or a failure."""
        line = self.cursor_line().strip()
        if self.selected() is None and line.startswith(MARK):
            return _WHERE.sub("", line[len(MARK) :])
        return self.need_selection(what)

    def need_selection(self, what: str = "a choice") -> str:
        """The selected line, or a failure that says what the screen reader had instead."""
        selected = self.selected()
        if selected is None:
            x, y = self._cursor()
            raise NotReadable(
                f"looking for {what}, the terminal cursor is at column {x}, row {y}, on "
                f"{self.cursor_line()!r}, not on a line marked {MARK!r}. The screen:\n"
                f"{self.term.text}"
            )
        return selected

    # -- waiting -------------------------------------------------------------------------------

    async def wait(self, condition: Callable[[], bool], what: str, timeout: float) -> None:
        """Listen (new lines go into the transcript) until ``condition()`` holds."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await self.term.settle()
                    self.listen()
                    if condition():
                        return
                    if self.term.ended:
                        raise NotReadable(f"the session ended waiting for {what}")
                    self.term.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(0.5):
                            await self.term.changed.wait()
        except TimeoutError:
            raise NotReadable(
                f"not {what} after {timeout} s; the cursor's line: {self.cursor_line()!r}. "
                f"The screen:\n{self.term.text}"
            ) from None

    def heard_since(self, mark: int, text: str) -> bool:
        """Whether ``text`` was heard after ``heard[mark]`` (also across the end of a line:
        a sentence wraps at 80 columns)."""
        lines = self.heard[mark:]
        return any(text in line for line in lines) or text in " ".join(lines)


# -- playing ---------------------------------------------------------------------------------


@dataclass
class Policy:
    """How the player picks: a few steps down the list, skipping choices that end a phase
    while others remain; ``rng`` varies it so that a refused choice is not tried forever."""

    rng: random.Random
    moves: int = 0
    """Choices taken (Enter on a choice, or a Whoosh key)."""
    keys: int = 0

    def reach(self) -> int:
        return self.rng.choice((0, 0, 1, 1, 2, 3))


class _ListGone(Exception):
    """The list of choices went from the screen (and no other line is marked)."""


def rank(line: str) -> int:
    """0 for an ordinary choice, 1 for one that ends a phase, 2 for taking one back or
    moving it."""
    return 2 if TAKE_BACK.search(line) else 1 if ENDING.search(line) else 0


async def pick(sr: ScreenReader, policy: Policy) -> str:
    """Read down the list (Down, the line at the cursor after each key) to an ordinary
    choice a few lines on, and take it. Without one below, read the rest of the list (up
    to the top, or round to the start where Down wraps around); then take the best choice
    heard (ending a phase before taking one back). Down coming round to any line heard
    means the whole list was heard (the line it started on may be from the list before,
    and Comic Hunters' Assemble was read round and round). "" when the list went
    meanwhile."""
    read = {0: await sr.at_selection()}
    at = 0
    reach = policy.reach()

    async def move(key: bytes) -> str:
        """Press ``key``: "moved", "end" (the selection stayed) or "wrapped" (Down came
        back to the line it started from)."""
        nonlocal at
        before = await sr.at_selection()
        await sr.press(key, timeout=0.5)
        policy.keys += 1
        try:
            after = await sr.at_selection()
        except NotReadable:
            if sr.stray_mark() is None:  # no list any more: the turn moved on meanwhile
                raise _ListGone from None
            raise
        if after == before:
            return "end"
        if key == DOWN and after in read.values():  # round to a line heard: all of it
            at = next(index for index, line in read.items() if line == after)
            return "wrapped"
        at += 1 if key == DOWN else -1
        read[at] = after
        return "moved"

    went = "moved"
    try:
        while not (rank(read[at]) == 0 and at >= reach) and went == "moved":
            went = await move(DOWN)
        if went == "end":  # the bottom: read upwards for an ordinary choice
            while rank(read[at]) != 0 and await move(UP) == "moved":
                pass
        if rank(read[at]) != 0:  # the whole list heard: nothing ordinary in it
            target = min(read, key=lambda index: (rank(read[index]), index))
            goal, here = read[target], read[at]
            key = DOWN if at < target else UP  # Down wraps round; Up may stop at the top
            for _ in range(2 * len(read)):
                if here == goal:
                    break
                before = here
                await sr.press(key, timeout=0.5)
                policy.keys += 1
                here = await sr.at_selection()
                if here == before and key == UP:
                    key = DOWN
            read[at] = here
    except _ListGone:  # a list read just before the last key took effect: listen again
        return ""
    await sr.press(ENTER)
    policy.keys += 1
    policy.moves += 1
    return read[at]


def on_a_list(sr: ScreenReader) -> bool:
    return sr.selected() is not None


TURN_WAIT = 5.0
"""Seconds a player told it is their turn waits for the cursor to reach a choice."""
_ENTER_ASKED = re.compile(r"^(> )?Enter: |\bPress Enter\b|\bEnter again\b")
"""A summary or a question that Enter answers ("Enter: play on", "Press Enter to close")."""


def _asks_for_enter(sr: ScreenReader, mark: int) -> bool:
    """A summary or question heard since ``mark`` that Enter closes, with no list to use."""
    return not on_a_list(sr) and any(_ENTER_ASKED.search(line) for line in sr.heard[mark:])


_ARROWS_ASKED = "Down or Up highlights"
"""A list with nothing highlighted, whose question says so and that the arrows highlight a
choice (Comic Hunters' Assemble once no card can be played: only take-backs and Done
playing are left, and neither is taken by an Enter pressed on)."""


def _asks_for_arrows(sr: ScreenReader) -> bool:
    """The question on screen now says so (heard as it came, maybe with the key that made
    it, before the screen was waited for; r reads it again)."""
    return not on_a_list(sr) and _ARROWS_ASKED in " ".join(sr.term.text.split())


async def _next_screen(sr: ScreenReader, mark: int, timeout: float) -> None:
    """Listen until the cursor is on a choice or a question for Enter was heard; a line
    marked ``> `` that the cursor does not reach fails (a screen reader never hears it
    as selected)."""

    def ready() -> bool:
        asked = _asks_for_enter(sr, mark) or _asks_for_arrows(sr)
        return on_a_list(sr) or asked or sr.stray_mark() is not None

    with contextlib.suppress(NotReadable):
        await sr.wait(ready, "a list of choices or a question", min(timeout, TURN_WAIT))
    if not ready():
        if sr.heard_since(mark, "Your turn") or "Your turn" in sr.cursor_line():
            x, y = sr._cursor()
            raise NotReadable(
                f"it is your turn, but after {TURN_WAIT} s the terminal cursor is at column "
                f"{x}, row {y}, on {sr.cursor_line()!r}, not on a choice marked {MARK!r}. "
                f"The screen:\n{sr.term.text}"
            )
        await sr.wait(ready, "a list of choices or a question", timeout)
    if on_a_list(sr) or _asks_for_enter(sr, mark) or _asks_for_arrows(sr):
        return
    await asyncio.sleep(1.0)  # the cursor may follow with the next frame
    await sr.term.settle()
    sr.listen()
    stray = sr.stray_mark()
    if stray is not None and not on_a_list(sr) and not _asks_for_enter(sr, mark):
        x, y = sr._cursor()
        raise NotReadable(
            f"row {stray[0]} is selected ({stray[1]!r}) but the terminal cursor stays at "
            f"column {x}, row {y}, on {sr.cursor_line()!r}. The screen:\n{sr.term.text}"
        )


async def play_game(sr: ScreenReader, rng: random.Random, *, timeout: float) -> Policy:
    """Play from the first board to the results screen by the spoken text alone: pick from
    each list of choices, press Enter where a summary or a question asks for it."""
    policy = Policy(rng)
    deadline = time.monotonic() + timeout
    chosen, asked = "", 0
    # What had been heard before the last keys: the results screen may come with a key
    # itself (a loaded machine draws the last panel and the results in one settle), heard
    # before the next screen is waited for; a guest who missed it chose "To the lobby".
    pressed = len(sr.heard)
    while True:
        left = _left(deadline, timeout, policy, sr)
        mark = len(sr.heard)
        await _next_screen(sr, mark, min(left, 30.0))
        if sr.heard_since(pressed, RESULTS):
            await read_results(sr, pressed)
            return policy
        pressed = len(sr.heard)
        if not on_a_list(sr):  # a question that the arrows answer, or Enter
            await sr.press(DOWN if _asks_for_arrows(sr) else ENTER)
            continue
        sr.listen()
        selected = await sr.at_selection()
        if "Show the results" in selected:
            await read_results(sr, mark, press=True)
            return policy
        asking = CONFIRM in selected or rank(selected) == rank(chosen) > 0
        if chosen and asking and sr.heard_since(asked, CONFIRM):  # it asked once: confirm
            await sr.press(ENTER)
            chosen = ""
            continue
        asked = len(sr.heard)
        chosen = await pick(sr, policy)


def _left(deadline: float, timeout: float, policy: Policy, sr: ScreenReader) -> float:
    if sr.term.ended:  # keys to a closed session would be "choices" until the deadline
        raise NotReadable(
            f"the session ended ({policy.moves} choices taken); "
            f"the cursor's line: {sr.cursor_line()!r}"
        )
    left = deadline - time.monotonic()
    if left <= 0:
        raise NotReadable(
            f"the game did not end in {timeout} s ({policy.moves} choices taken); "
            f"the cursor's line: {sr.cursor_line()!r}"
        )
    return left


async def read_results(sr: ScreenReader, mark: int, *, press: bool = False) -> None:
    """(Enter on "Show the results", then) hear the results screen, its cursor on its first
    choice."""
    if press:
        await sr.press(ENTER)
    await sr.wait(lambda: sr.heard_since(mark, RESULTS), "the results", 15.0)
    sr.listen()
    await sr.at_selection("the results screen's choices")


# -- Whoosh: claim keys from the spoken table ------------------------------------------------

SYMBOLS = ("sword", "axe", "bow", "fire", "ice", "lightning")
_MONSTER = re.compile(r"Monster (\d): the ([^,]+), \d+ points?, tie number \d+, needs (.+?);")
"""A Monster's sentence up to its needs: the rest ("6 more in its pile.") may wrap onto a
line that did not change, and is not heard again."""
_NO_MONSTER = re.compile(r"Monster (\d): none")
_OUT = re.compile(r"Out in all: (nothing yet|[^.;]+)")
_COUNT = re.compile(r"\b(sword|axe|bow|fire|ice|lightning|staff) (\d+)")
_TURN = re.compile(r"It is (your|[^.]+?'s) turn to reveal\.")
_NEW_BOARD = "Every revealed card goes to the bottom"


@dataclass
class WhooshTable:
    """What the spoken table said last: each Monster's symbols, the symbols out, whose
    reveal it is. Only whole sentences heard together update it."""

    needs: dict[int, Counter[str]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    out: Counter[str] = field(default_factory=Counter)
    my_turn: bool = False
    tried: set[tuple[int, str]] = field(default_factory=set)
    """(slot, Monster) already claimed by this player: one hand per Monster."""

    def hear(self, lines: list[str]) -> None:
        text = " ".join(line.removeprefix("> ").strip() for line in lines)
        for found in _MONSTER.finditer(text):
            slot = int(found.group(1)) - 1
            words = re.split(r", | and ", found.group(3))
            self.needs[slot] = Counter(word for word in words if word in SYMBOLS)
            self.names[slot] = found.group(2)
        for found in _NO_MONSTER.finditer(text):
            self.needs.pop(int(found.group(1)) - 1, None)
        if _NEW_BOARD in text:
            self.out = Counter()
        for found in _OUT.finditer(text):
            self.out = Counter({k: int(n) for k, n in _COUNT.findall(found.group(1))})
        turns = _TURN.findall(text)
        if turns:
            self.my_turn = turns[-1] == "your"

    def ready(self) -> int | None:
        """A Monster whose symbols are all out (a staff stands for any one), not yet tried."""
        for slot, needs in sorted(self.needs.items()):
            missing = sum(max(0, n - self.out[symbol]) for symbol, n in needs.items())
            tried = (slot, self.names[slot]) in self.tried
            if needs and missing <= self.out["staff"] and not tried:
                return slot
        return None


def _news(sr: ScreenReader, mark: int) -> bool:
    return len(sr.heard) > mark


_MY_SCORE = re.compile(r"^You: (-|−)?\d+ points?, \d+ Monsters?, \d+ mistakes?;")


def _my_score(lines: list[str]) -> str:
    """The score part of the last "You: …" line among ``lines`` ("" if none)."""
    for line in reversed(lines):
        found = _MY_SCORE.match(line)
        if found:
            return found.group(0)
    return ""


def _answered(
    sr: ScreenReader, mark: int, mine: re.Pattern[str], key_was_space: bool = False
) -> bool:
    """Whether this player's reveal or claim (or a refusal) was heard since ``mark``. A
    capture can come with more news than the log's last lines show at once (the claim, the
    capture, the new Monster, the cards going back, late reaches): the player then hears it
    in their own score line, changed."""
    score = _my_score(sr.heard[mark:])
    return (
        any(mine.search(line) for line in sr.heard[mark:])
        or sr.heard_since(mark, "Not allowed")
        or sr.heard_since(mark, "Your last claim: ")  # the table's line for it
        # The turn passed under the key (another hand captured first): its refusal may have
        # scrolled away with the capture's news; the player hears whose turn it is now.
        or (key_was_space and sr.heard_since(mark, "turn to reveal."))
        or sr.heard_since(mark, "Enter again for the results")  # the key ended the game
        or (bool(score) and score != _my_score(sr.heard[:mark]))
    )


async def play_whoosh(sr: ScreenReader, name: str, *, timeout: float) -> Policy:
    """Whoosh by its keys: Space reveals when the table says it is your turn, 1 2 3 claim a
    Monster once the spoken table has all its symbols out; each key must be answered."""
    policy = Policy(random.Random(0))
    table = WhooshTable()
    sr.hooks.append(table.hear)
    table.hear(sr.heard)
    deadline = time.monotonic() + timeout
    mine = re.compile(
        rf"^{re.escape(name)} (reveals (a|an) |claims the |captures the |reached for the )"
    )
    while True:
        _left(deadline, timeout, policy, sr)
        mark = len(sr.heard)
        if sr.heard_since(0, "Game over") or "Show the results" in (sr.selected() or ""):
            await sr.wait(lambda: on_a_list(sr), "the results choice", 10.0)
            sr.listen()
            if "Enter again for the results" in await sr.at_selection():  # the last summary
                await sr.press(ENTER)
                await sr.wait(
                    lambda: "Show the results" in (sr.selected() or ""), "the results line", 10.0
                )
                sr.listen()
            await sr.choose(lambda line: line.startswith("Show the results"), what="results")
            await read_results(sr, mark)
            return policy
        slot = table.ready()
        if slot is not None:
            table.tried.add((slot, table.names[slot]))
            key = str(slot + 1).encode()
        elif table.my_turn:
            key = SPACE
        else:
            await sr.wait(functools.partial(_news, sr, mark), "news from the table", 30.0)
            continue
        await sr.press(key, timeout=0.5)
        policy.keys += 1
        policy.moves += 1
        await sr.wait(
            functools.partial(_answered, sr, mark, mine, key == SPACE),
            f"an answer to {KEY_NAMES.get(key, key.decode())} (a reveal or a claim by {name})",
            3.0,
        )
        if key == SPACE:
            table.my_turn = False


# -- the local app ---------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def local_app(home: Path, *args: str) -> AsyncIterator[ScreenReader]:
    """``hunters --screen-reader --bot-delay 0`` on an 80×24 pty with its own empty home
    (no config, no saves); killed by pid at the end."""
    home.mkdir(parents=True, exist_ok=True)
    hunters = str(Path(sys.executable).with_name("hunters"))
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
    }
    argv = [hunters, "--screen-reader", "--bot-delay", "0", *args]
    term: OpenSSHTerminal
    async with on_pty(argv, env, "local", width=WIDTH, height=HEIGHT) as term:
        yield ScreenReader(term)


async def set_up_table(sr: ScreenReader, title: str, players: int) -> None:
    """From the launcher: choose ``title``, remove seats down to ``players`` and start,
    all from the setup's list of fields."""
    await sr.wait(lambda: sr.heard_since(0, "Hunters"), "the launcher", 15.0)
    await sr.choose(lambda line: line.startswith(title), what=f"the game {title}")
    await sr.wait(lambda: sr.heard_since(0, "table setup"), "the table setup", 10.0)
    seats = _seats(sr)
    while seats is not None and seats > players:
        await sr.choose(
            lambda line: line.startswith("Remove the last seat"), what="Remove", fields=True
        )
        now = _seats(sr)
        if now == seats:
            raise NotReadable(f"removing a seat was not heard; heard {sr.heard[-5:]}")
        seats = now
    await sr.choose(
        lambda line: line.startswith("Start the game"), what="Start the game", fields=True
    )
    # The test (not the player) waits for the setup to go: its list must not be taken for
    # the table's.
    await sr.wait(lambda: "table setup" not in sr.term.text, "the table", 15.0)


_NAME = re.compile(r"Seat 1 name: +(.+)$")


def seat_one_name(sr: ScreenReader) -> str:
    """The name the setup said for seat 1 (the player's own)."""
    for line in sr.heard:
        found = _NAME.search(line)
        if found:
            return found.group(1).strip()
    raise NotReadable("the setup never said seat 1's name")


_SEATS = re.compile(r"Seats: (\d+)")


def _seats(sr: ScreenReader) -> int | None:
    """The number of seats the setup said last."""
    for line in reversed(sr.heard):
        found = _SEATS.search(line)
        if found:
            return int(found.group(1))
    return None
