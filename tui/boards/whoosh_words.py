"""Whoosh in words: the table read out in sentences, the choices and prompts, the results'
lines, the end-of-game summary, how to play here and the legend, and the SSH fast keys.

Everything here is a pure function of an update (or a view), shared by the board
(`tui.boards.whoosh`), the screen-reader mode and the tests.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from rich.text import Text

from core.engine import Action, Event, Outcome, in_words
from core.games.whoosh.data import (
    MONSTER_BY_ID,
    STAFF,
    SYMBOLS,
    card_words,
    is_failed,
    symbols_of,
)
from core.games.whoosh.scoring import TIE_BREAK_VALUES, monster_points
from core.table import Update
from tui.boards.base import Choice, Path, note_sentence
from tui.boards.whoosh_faces import CAUGHT, FAILED, GLYPHS, JUST, TURN, in_order
from tui.widgets.card import BACK

FAST_KEYS = {b"1": 0, b"2": 1, b"3": 2}
"""Raw bytes the SSH fast path turns into claims (``fast_action``)."""


# -- words --------------------------------------------------------------------------------------


def player_name(update: Update, seat: int) -> str:
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


def _needs(symbols: Sequence[str]) -> str:
    """ "sword, sword and fire"."""
    return in_words(list(symbols))


def monster_line(monster: dict[str, Any]) -> str:
    """A Monster and what it needs, in words, in the board's order: "the Ogre: it needs
    sword, sword and fire"."""
    return f"the {monster['name']}: it needs {_needs(_ordered(monster['symbols']))}"


def counted(symbols: Sequence[str]) -> str:
    """Symbols in words with repeats counted as the board counts them, in its order:
    "2×sword, fire"."""
    return ", ".join(f"{n}×{s}" if n > 1 else s for s, n in in_order(symbols))


def missing_words(required: Sequence[str], revealed: Sequence[Sequence[str]]) -> str:
    """What a Monster still lacks, in words: "one more fire", "ice and bow" (staffs counted)."""
    have: Counter[str] = Counter()
    staffs = 0
    for card in revealed:
        if tuple(card) == (STAFF,):
            staffs += 1
        else:
            have.update(card)
    uncovered = Counter({s: n - have[s] for s, n in Counter(required).items() if n > have[s]})
    total = sum(uncovered.values()) - staffs
    if total <= 0:
        return "more symbols"
    if staffs:
        symbols = sorted(uncovered)
        stand_in = (
            "the staff counts for one"
            if staffs == 1
            else f"the {_count(staffs)} staffs count for {_count(staffs)}"
        )
        if total == 1:  # any one of them: "one more bow or lightning"
            either = " or ".join([", ".join(symbols[:-1]), symbols[-1]] if symbols[1:] else symbols)
            return f"one more {either} ({stand_in})"
        return f"{_count(total)} more of {_needs(symbols)} ({stand_in})"
    return _needs(
        [
            f"{_count(n)} more {s} symbols" if n > 1 else f"one more {s}"
            for s, n in uncovered.items()
        ]
    )


def _count(number: int) -> str:
    """2 → "two" (symbol counts are small)."""
    return (
        ("one", "two", "three", "four", "five", "six")[number - 1]
        if 0 < number < 7
        else str(number)
    )


def may_reveal(view: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` may reveal now (the rules' own condition, read from the public view)."""
    return (
        not view["over"]
        and view["turn"] == seat
        and not view["claims"]
        and view["pile_sizes"][seat] > 0
    )


def may_claim(view: dict[str, Any], seat: int, slot: int) -> bool:
    """Whether ``seat`` may put a hand on Monster ``slot`` now (right or wrong)."""
    return (
        not view["over"]
        and view["monsters"][slot] is not None
        and all(claim["seat"] != seat for claim in view["claims"])
    )


# -- the module interface -------------------------------------------------------------------------


def fast_action(key: bytes, update: Update) -> Action | None:
    """The claim a raw key means for an SSH guest (1, 2, 3), or None: not a fast key.

    Only claims are fast (Space, the reveal, goes through the board as usual); the claim
    names the board the guest was shown. The rules refuse one that is not allowed.
    """
    slot = FAST_KEYS.get(key)
    view = update.view
    if slot is None or update.outcome is not None or view.get("over"):
        return None
    if view["monsters"][slot] is None:
        return None
    return ("claim", slot, view["generation"])


def paths(update: Update, action: Action) -> list[Path]:
    """One step per action, in words; settling is the table's business, never a player's."""
    verb = action[0]
    if verb == "reveal":
        return [(Choice("reveal", "Reveal your next card"),)]
    if verb == "claim":
        slot = action[1]
        monster = update.view["monsters"][slot]
        if monster is None or action[2] != update.view["generation"]:
            return []  # a hand aimed at an older board is the key path's business
        return [(Choice(("claim", slot), f"Claim Monster {slot + 1}, {monster_line(monster)}."),)]
    return []


def _turn_words(update: Update) -> str:
    view = update.view
    if update.outcome is not None:
        return "The game is over."
    if view["claims"]:
        return "Claims are being settled."
    turn = view["turn"]
    if turn == update.seat:
        return "It is your turn to reveal."
    return f"It is {player_name(update, turn)}'s turn to reveal."


def banner_text(update: Update) -> Text | None:
    """The banner while the game is on: whose turn it is to reveal (everyone may claim at
    any moment, so "your turn" means only that); None at its end (the table's own)."""
    if update.outcome is not None:
        return None
    view, text = update.view, Text()
    turn = view["turn"]
    if view["claims"]:
        text.append("Claims are being settled…")
    elif turn == update.seat:
        text.append("▶ Your turn to reveal, ")
        text.append(player_name(update, turn))
    else:
        text.append(player_name(update, turn))
        text.append(" reveals next")
    if update.seat is not None:
        text.append(" · claim a Monster any time")
    return text


def _number(count: int, word: str) -> str:
    """0 → "0 Monsters", 1 → "1 Monster"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _ordered(symbols: Sequence[str]) -> list[str]:
    """A Monster's symbols in the order "Out in all" counts them."""
    return [symbol for symbol, count in in_order(symbols) for _ in range(count)]


def out_in_all(view: dict[str, Any]) -> str:
    """Every symbol revealed on the table, counted, in a sentence (what the board's "Out in
    all" line shows, counted as the board counts): "Out in all: 2×sword, fire, staff (any
    one symbol)."."""
    counts: Counter[str] = Counter()
    failed = 0
    for row in view["revealed"]:
        for card in row:
            failed += is_failed(card)
            counts.update(symbols_of(card))
    words = [
        (f"{count}×{symbol}" if count > 1 else symbol)
        + (" (any one symbol)" if symbol == STAFF else "")
        for symbol, count in in_order(list(counts.elements()))
    ]
    text = f"Out in all: {', '.join(words) if words else 'nothing yet'}"
    if failed:
        text += f"; {_number(failed, 'Failed Attack')}, which count as nothing"
    return text + "."


def describe(update: Update) -> list[str]:
    """The whole table in short, complete sentences (screen readers, the read-aloud key)."""
    view = update.view
    lines = [_turn_words(update)]
    for slot, monster in enumerate(view["monsters"]):
        if monster is None:
            lines.append(f"Monster {slot + 1}: none, its pile is used up.")
            continue
        lines.append(
            f"Monster {slot + 1}: the {monster['name']}, {monster['value']} "
            f"point{'s' if monster['value'] != 1 else ''}, tie number {monster['tie']}, "
            f"needs {_needs(_ordered(monster['symbols']))}; {monster['pile']} more in its pile."
        )
    lines.append(out_in_all(view))
    for seat in range(view["players"]):
        who = "You" if seat == update.seat else player_name(update, seat)
        row = view["revealed"][seat]
        shown = ", ".join(card_words(card) for card in row) if row else "nothing"
        lines.append(
            f"{who}: {points_words(view['scores'][seat])}, "
            f"{_number(len(view['captured'][seat]), 'Monster')}, "
            f"{_number(len(view['mistakes'][seat]), 'mistake')}; "
            f"{_number(view['pile_sizes'][seat], 'card')} in pile; revealed {shown}."
        )
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    for claim in view["claims"]:
        monster = view["monsters"][claim["slot"]]
        name = monster["name"] if monster else "it"
        who = "You" if claim["seat"] == update.seat else player_name(update, claim["seat"])
        lines.append(f"{who} reached for Monster {claim['slot'] + 1}, the {name}.")
    return lines


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each player's Monsters and mistakes, and the 5/4/3-point counts that break ties."""
    lines = []
    for seat in range(view["players"]):
        captured = [MONSTER_BY_ID[m] for m in view["captured"][seat]]
        mistakes = [MONSTER_BY_ID[m] for m in view["mistakes"][seat]]
        caught = ", ".join(f"the {m.name} ({m.value})" for m in captured) or "no Monsters"
        points = monster_points(view["captured"][seat])
        line = f"{names[seat]}: {points} point{'' if points == 1 else 's'} from {caught}"
        if mistakes:
            wrong = ", ".join(f"the {m.name}" for m in mistakes)
            line += f"; {len(mistakes)} face down (−{len(mistakes)}): {wrong}"
        lines.append(line + f" — total {signed(outcome.scores[seat])}.")
    if outcome.note:
        # Every player tied on the most points, so the reader sees what decided.
        best = max(outcome.scores)
        for seat in (s for s in range(view["players"]) if outcome.scores[s] == best):
            values = Counter(MONSTER_BY_ID[m].value for m in view["captured"][seat])
            counts = [
                _worth(values[v], v, first=not index) for index, v in enumerate(TIE_BREAK_VALUES)
            ]
            lines.append(f"Tie-break, {names[seat]}: {in_words(counts)}.")
    return lines


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _worth(count: int, value: int, *, first: bool) -> str:
    """A count in the tie-break line, in words: "two Monsters worth 5" (the first, which
    names them), then "one worth 4", "none worth 3"; never "1 5-point"."""
    if first:
        number = _NUMBER_WORDS.get(count, str(count)) if count else "no"
        return f"{number} Monster{'' if count == 1 else 's'} worth {value}"
    return f"{_NUMBER_WORDS.get(count, str(count)) if count else 'none'} worth {value}"


CLAIMS = ("claim", "late")
"""The events of a hand going down on a Monster: pending, or too late for the one it saw."""


def several(count: int, word: str) -> str:
    """2 → "2 captures", 1 → "1 capture", 0 → "no captures"."""
    return f"{count or 'no'} {word}{'' if count == 1 else 's'}"


def signed(number: int) -> str:
    """A number as a player reads it: a negative one with a minus sign (−1), never a hyphen."""
    return str(number).replace("-", "−")


def points_words(score: int) -> str:
    """5 → "5 points", -1 → "−1 point"."""
    return f"{signed(score)} point{'' if abs(score) == 1 else 's'}"


def played_lines(view: dict[str, Any], events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Each player's captures, mistakes and median reaction time, for the results.

    The times are those the claims' events carried (the board they saw to the hand going
    down) among the ``events`` this screen was shown during the game; a screen that joined
    late knows only the claims since. Too-late claims count: they were reactions too."""
    times: dict[int, list[int]] = {}
    for event in events:
        if event.get("type") in CLAIMS and "reaction_ms" in event:
            times.setdefault(int(event["seat"]), []).append(int(event["reaction_ms"]))
    lines = []
    for seat in range(view["players"]):
        line = (
            f"{names[seat]}: {several(len(view['captured'][seat]), 'capture')}, "
            f"{several(len(view['mistakes'][seat]), 'mistake')}, "
        )
        timed = times.get(seat)
        if timed:
            median = statistics.median(timed) / 1000
            count = several(len(timed), "timed claim")
            line += f"median reaction time {median:.2f} s over {count}."
        else:
            line += "no claim timed."
        lines.append(line)
    return lines


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (``plain``: the screen-reader list of choices)."""
    view = update.view
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    if update.seat is None:
        return f"Watching: {player_name(update, view['turn'])} reveals next."
    if plain:
        if ("reveal",) in update.legal:
            return (
                "Your turn: Space reveals; 1, 2 or 3 claims a Monster (or choose from the "
                "list: Up, Down, Enter)."
            )
        if view["claims"]:
            return "Claims are being settled."
        return (
            f"{player_name(update, view['turn'])} reveals next. Press 1, 2 or 3 to claim a "
            "Monster when all its symbols are out (or choose from the list)."
        )
    if view["claims"]:
        return "Claims are being settled…"
    if ("reveal",) in update.legal:
        return "Your turn: Space reveals. 1 2 3 claim a Monster."
    return f"{player_name(update, view['turn'])} reveals next. 1 2 3 claim a Monster."


HOW_TO_PLAY = """\
## How to play here

Whoosh is played **in real time**: nobody waits for a turn to grab a Monster.

**The board**, top to bottom: the **three Monsters** as cards — each lists the symbols it
needs (``2×†sword`` is two swords), its points, its tie-break number (``tie 15 (higher
wins)``: when hands land on two Monsters at the same moment, the one on the higher number
counts) and how many Monsters are left in its pile; **Out in all**, every symbol revealed
on the table counted together (what
the Monsters are checked against: both list the symbols in the same order, sword first);
then **every player**: ▶ on the one who reveals next,
their face-down pile with its count, their captures, mistakes and points (in words where
the row has room, ``27 cards, 2 captured, 1 mistake,  4 pts``; when their cards need the
room, ``░27 ★2 ✗1  4 pts``, the same in short),
and the cards they revealed, the newest marked *new* (or ◂). Under them the latest capture
or mistake and why (under it, on one line, the hands that came too late for it), and any
hands going down right now.

**Keys**: **Space** reveals your next card when ▶ is on you (wait too long and the table
turns it for you); **1 2 3** put your hand on
Monster 1, 2 or 3 — the moment *all* its symbols are out, anyone may. Several people at one
keyboard each have a key group, shown by their name: ``[z|asd]`` means z reveals and a s d
claim Monsters 1 2 3 (then m/j k l, x/w e r, n/u i o). **→ ←** highlight the reveal and the
Monsters in turn (**↓ ↑** a player) and **i** shows all there is to know about it, under
the players while the race is on (**i** again takes it away); **Enter** takes the
highlighted choice; **Esc** drops the highlight.

**A worked turn:** Monster 2 is the Ogre, ``2×†sword ▲fire``; Out in all reads ``†sword
▲fire`` (a count is written only from two on). Olek reveals a ``[†sword]``: Out in all
reads ``2×†sword ▲fire``: two swords and a fire are out. Press **2** at once: the first
hand on the Ogre captures it (+2 points). Had you pressed 2 one card earlier, it would have
been a mistake: the Ogre goes face down in front of you for −1. A Combo
(``»bow+▲fire``) counts as both its symbols, a Wizard's Staff (``✦staff``) as any one
symbol, a Failed Attack (``✗ice failed``) as nothing.

After every capture or mistake all revealed cards go back under their piles and the player
who took the Monster reveals first. The game ends when one Monster pile runs out.
"""

LEGEND: tuple[tuple[str, str], ...] = (
    *((f"{GLYPHS[symbol][0]}{symbol}", f"the {symbol} symbol") for symbol in SYMBOLS),
    (f"{GLYPHS[STAFF][0]}staff (any)", "a Wizard's Staff: counts as any one symbol"),
    ("»bow+▲fire", "a Combo card: counts as both symbols"),
    (f"{FAILED}ice failed", "a Failed Attack: shows a broken symbol and counts as nothing"),
    ("(3 failed)", "after what is out in all: 3 Failed Attacks are out, which count as nothing"),
    ("2×†sword", "on a Monster: it needs two swords; in Out in all: two swords are out"),
    ("5 pts", "a Monster's points when captured"),
    (
        "tie 15",
        "a Monster's tie-break number: when hands land on two Monsters at the same moment, "
        "the one on the higher number counts (a card with a line to spare says "
        '"tie 15: the higher wins")',
    ),
    ("4 left", "Monsters still in that Monster's pile (the game ends when one runs out)"),
    ("hand: Olek", "on a Monster's edge: Olek's claim on it is being settled"),
    ("new", "a card just revealed, or a Monster that just arrived"),
    (JUST, "after a card on a one-line row: the card just revealed"),
    (f"{BACK}27", "a player's face-down pile: 27 cards left to reveal"),
    (f"{CAUGHT}2", "Monsters that player captured"),
    (f"{FAILED}1", "mistakes: Monsters grabbed too early, face down, −1 each"),
    ("2 pts", "after a player's ★ and ✗: their points so far (Monsters' points, −1 a mistake)"),
    (TURN, "the player who reveals next"),
    ("+3", "three older revealed cards not drawn (they still count in Out in all)"),
    ("·", "nothing revealed yet"),
    ("Out in all", "every symbol revealed by all players together"),
    ("[z|asd]", "a player's keys at a shared keyboard: reveal | claim 1 2 3"),
    ("(you)", "the player at this keyboard"),
    ("heavy border, reverse", "what the highlight (→ ← ↓ ↑) is on"),
)
"""Every glyph and short form the Whoosh screens show, with its meaning."""


def milestone(update: Update, events: Sequence[Event]) -> list[str] | None:
    """At the game's end: how it ended, who won, and each player's Monsters and mistakes.

    Whoosh has no rounds to pause at (the race never stops); only its end is a milestone.
    """
    outcome = update.outcome
    if outcome is None or not any(event.get("type") == "end" for event in events):
        return None
    view = update.view
    names = [player_name(update, seat) for seat in range(view["players"])]
    end = next(event for event in events if event.get("type") == "end")
    lines = [f"Game over: Monster pile {int(end['slot']) + 1} is used up."]
    # The last Monster taken ended the pile (the events may hold the whole game's).
    taken = next(
        (
            event
            for event in reversed(events)
            if event.get("type") in ("capture", "mistake", "stalemate")
        ),
        None,
    )
    if taken is not None and taken["type"] != "stalemate":
        seat = int(taken["seat"])
        monster = MONSTER_BY_ID[
            view["captured" if taken["type"] == "capture" else "mistakes"][seat][-1]
        ]
        if taken["type"] == "capture":
            lines.append(
                f"{names[seat]} captured the {monster.name} (+{monster.value}), the last "
                "Monster of its pile."
            )
        else:
            lines.append(
                f"{names[seat]} grabbed the {monster.name} too early (−1), the last "
                "Monster of its pile."
            )
    elif taken is not None:
        lines.append("No Monster could be captured with every card revealed, and the pile ran out.")
    winners = outcome.winners()
    best = outcome.scores[winners[0]] if winners else 0
    if len(winners) == 1:
        lines.append(f"{names[winners[0]]} wins with {points_words(best)}.")
    elif winners:
        who = in_words([names[seat] for seat in winners])
        lines.append(f"{who} share the victory with {points_words(best)} each.")
    if outcome.note:
        lines.append(outcome.note)
    for seat in range(view["players"]):
        # The Monsters' points, then the mistakes taken off them: "and 3 mistakes" after
        # the points read as if the mistakes had given some.
        captured = several(len(view["captured"][seat]), "Monster")
        mistakes = len(view["mistakes"][seat])
        if not mistakes:
            line = f"{points_words(outcome.scores[seat])} from {captured} captured, no mistakes"
        else:
            line = (
                f"{points_words(monster_points(view['captured'][seat]))} from {captured} "
                f"captured, −{mistakes} for {several(mistakes, 'mistake')}: "
                f"{points_words(outcome.scores[seat])} in all"
            )
        lines.append(f"{names[seat]}: {line}.")
    return lines
