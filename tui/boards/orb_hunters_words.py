"""Orb Hunters' table in words: the steps of each action, the prompt, the screen reader's
sentences, each round's summary and the results' lines — one place for every sentence the
board says, shared by the visual and the screen-reader modes.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Hashable, Sequence
from typing import Any

from core.engine import Action, Event, Outcome, in_words, with_names
from core.games.orb_hunters.data import (
    ADVENTURER_NAMES,
    EFFECT_WORDS,
    LIMIT,
    ROUNDS,
    adventurer_name,
    relic,
    relic_name,
)
from core.games.orb_hunters.scoring import ACHIEVEMENTS, pouch_totals
from core.table import Update
from tui.boards.base import Choice, Path, chosen_words, note_sentence, number_of, the_number_of
from tui.boards.orb_hunters_cards import (
    adventurer_words,
    leader_words,
    owner,
    point_parts,
    pouch_facts,
    wounds_words,
)
from tui.widgets.card import TARGET


def _name(update: Update, seat: int) -> str:
    if update.seat == seat:
        return "you"
    return update.names[seat] if seat < len(update.names) else f"Player {seat + 1}"


_BRACKETED_NAME = re.compile(r"(?P<name>[^()]*?)\s*\((?P<inner>[^()]*)\)")
"""A name with words of its own in brackets: "Bot 2 (random)"."""


def with_colours(name: str, view: dict[str, Any], seat: int) -> str:
    """A player and their adventurers in one pair of brackets, the colours said as a list:
    "Ala (Red and Green)", "Bot 2 (random, Purple)" (the name's own brackets take them in;
    "Bot 2 (random) (Red+Green)" read as a bracket after a bracket and "plus")."""
    colours = in_words([ADVENTURER_NAMES[c] for c in view["colours"][seat]])
    if bracketed := _BRACKETED_NAME.fullmatch(name):
        return f"{bracketed['name']} ({bracketed['inner']}, {colours})"
    return f"{name} ({colours})"


def _who(update: Update, seat: int) -> str:
    """A seat with its adventurers: "Ala (Red)"."""
    return with_colours(update.names[seat], update.view, seat)


def embodied(update: Update, colour: str) -> str:
    seat = owner(update.view, colour)
    return "nobody" if seat is None else update.names[seat]


card_words = adventurer_words
"""An adventurer under a relic in words, with a Trenti's marker."""


def _relic_words(card: str) -> str:
    kind = relic(card)
    parts = point_parts(card)
    effect = f", {EFFECT_WORDS[kind.effect]}" if kind.effect else ""
    return f"{kind.name} ({', '.join(parts) or 'nothing'}{effect})"


def paths(update: Update, action: Action) -> list[Path]:
    """The steps that build ``action``, with words for each step."""
    view = update.view
    verb = action[0]
    if verb == "assign":
        _, card, column = action
        relic_card = view["row"][column]
        count = len(view["columns"][column])
        pick = Choice(("card", card), f"Assign {card_words(view, card, placed=False)}")
        extra = ""
        if count >= LIMIT:
            extra = f", killing {card_words(view, view['columns'][column][-1])}"
        where = Choice(
            ("column", column),
            f"Relic {column + 1}, {relic_name(relic_card)}: {count} of {LIMIT}{extra}",
        )
        return [(pick, where)]
    if verb == "attract":
        column = action[1]
        last = view["columns"][column][-1]
        return [
            (
                Choice(
                    ("column", column),
                    f"Attract {card_words(view, last)} from relic {column + 1}",
                ),
            )
        ]
    if verb == "mark":
        colour = action[1]
        words = f"{ADVENTURER_NAMES[colour]} marker for {embodied(update, colour)}"
        return [(Choice(("colour", colour), words),)]
    if verb in ("gift", "exchange"):
        seat = action[1]
        size = view["pouch_sizes"][seat]
        pouches = view["pouches"]
        top = f", visible {relic_name(pouches[seat][-1])}" if pouches and size else ""
        verb_words = "Give it to" if verb == "gift" else "Exchange with"
        return [(Choice(("seat", seat), f"{verb_words} {_who(update, seat)}{top}"),)]
    return []


def _pending_words(update: Update) -> str:
    """The skill or effect being applied now, in words ("" when none)."""
    view = update.view
    pending = view["pending"]
    if not pending:
        return ""
    kind = pending[0]
    if kind == "sly":
        return "Sly: assign a second adventurer; only a Shielded's or a Trenti's skill works."
    if kind == "attract":
        return f"Charismatic on relic {pending[1] + 1}: take another relic's last adventurer."
    if kind == "mark":
        return f"Trenti: choose the marker for {adventurer_name(pending[1])}'s banner."
    column = view["resolving"]
    card = view["row"][column] if 0 <= column < len(view["row"]) else ""
    name = relic_name(card) if card else "the relic"
    if kind == "gift":
        return f"Gift: choose the rival who receives the {name}."
    return f"Exchange: swap the {name} for a rival's top relic."


def describe(update: Update) -> list[str]:
    """The table in plain sentences, in reading order."""
    view = update.view
    lines: list[str] = []
    if update.outcome is not None:
        lines.append("The game is over.")
    else:
        turn = (
            "It is your turn."
            if update.seat is not None and update.seat in update.acting
            else f"It is {_name(update, view['turn'])}'s turn."
        )
        lines.append(f"Round {view['round']} of 3. {turn}")
    players = ", ".join(_who(update, s) for s in range(view["players"]))
    lines.append(f"Players: {players}. Start player: {update.names[view['start']]}.")
    if view["teams"]:
        lines.append(
            "Teams: "
            + " against ".join(in_words([update.names[s] for s in team]) for team in view["teams"])
            + "."
        )
    if view["variants"]:
        lines.append(f"Variants: {', '.join(v.replace('_', ' ') for v in view['variants'])}.")
    for index, card in enumerate(view["row"]):
        column = view["columns"][index] if index < len(view["columns"]) else []
        if not card:
            lines.append(f"Relic {index + 1}: handed over.")
            continue
        cards = "; ".join(card_words(view, c) for c in column) or "none yet"
        lead = leader_words(view, column, update.names, glyphs=False)
        lines.append(
            f"Relic {index + 1}, {_relic_words(card)}: {len(column)} of {LIMIT} adventurers: "
            f"{cards}." + (f" {lead}" if lead else "")
        )
    if "strategic" in view["variants"]:
        lines.append(f"Supply: {_cards_words(view, view['supply'])}.")
    elif view["hand"] is not None:
        lines.append(f"Your hand: {_cards_words(view, view['hand'])}.")
    for seat in range(view["players"]):
        lines.append(f"{_who(update, seat)}: {_pouch_words(view, seat)}.")
        if seat in update.notes:
            lines.append(note_sentence(update, seat))
    lines.append(
        f"Adventurer deck {view['deck']}, discard {len(view['discard'])}. "
        f"Relic deck {view['relic_deck']}."
    )
    pending = _pending_words(update)
    if pending:
        lines.append(f"Now: {pending}")
    return lines


def _cards_words(view: dict[str, Any], cards: Sequence[str]) -> str:
    """A hand or the supply in words, as the board says each card."""
    return ", ".join(card_words(view, c, placed=False) for c in cards) or "empty"


def _pouch_words(view: dict[str, Any], seat: int) -> str:
    size = view["pouch_sizes"][seat]
    many = f"{size} relic{'s' if size != 1 else ''}"
    if not size:
        return pouch_facts(view, seat)
    if view["pouches"] is None:
        return f"{many}, face down"
    totals = pouch_totals(view["pouches"][seat])
    return (
        f"{many}, visible {relic_name(view['pouches'][seat][-1])}; {totals.wealth} wealth, "
        f"{wounds_words(totals)}"
    )


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (the ◆ symbol is explained here; ``plain``: as a list)."""
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    if update.seat is None or update.seat not in update.acting:
        waiting = ", ".join(update.names[s] for s in sorted(update.acting))
        return f"Waiting for {waiting}…"
    pending = _pending_words(update)
    if plain:
        keys_help = "Up, Down, Enter; Escape goes back"
        if pending:
            return f"{pending} {number_of(len(choices), 'choice')} in the list ({keys_help})."
        if not keys:
            return f"Your turn: choose an adventurer to assign from the list ({keys_help})."
        return (
            f"So far: {chosen_words(update, keys, paths)}. Choose the relic to assign it to: "
            f"{number_of(len(choices), 'choice')} ({keys_help})."
        )
    if pending and update.view["pending"][0] != "sly":
        return f"{pending} {TARGET} marks them."
    if not keys:
        where = "the supply" if "strategic" in update.view["variants"] else "your hand"
        return pending or f"Your turn: choose an adventurer from {where} (←→, Enter)."
    if not choices:
        return "That adventurer cannot be assigned now. Esc: back."
    return (
        f"Assign it under a relic: {TARGET} marks {the_number_of(len(choices), 'relic')} "
        "it can go under. Esc: back."
    )


def eliminating(view: dict[str, Any]) -> bool:
    """Whether the most wounded are eliminated (not with two players, Tough Adventurers
    or Teams, which score wealth minus wounds)."""
    variants = view["variants"]
    return view["players"] > 2 and "tough" not in variants and "teams" not in variants


def most_wounded(view: dict[str, Any]) -> tuple[list[int], int]:
    """The players who would be eliminated if the game ended now and their wounds after
    potions (none: no elimination in this game, face-down pouches, no wounds, all tied)."""
    if not eliminating(view) or view["pouches"] is None:
        return [], 0
    wounds = [pouch_totals(pouch).net_wounds for pouch in view["pouches"]]
    most = max(wounds)
    worst = [seat for seat, count in enumerate(wounds) if count == most]
    return ([], 0) if not most or len(worst) == len(wounds) else (worst, most)


def result_lines(view: dict[str, Any], outcome: Outcome, names: Sequence[str]) -> list[str]:
    """Each player's relics and totals, what the scores mean (who is eliminated and why, or
    that wounds are taken off wealth), then the achievements earned."""
    lines = []
    pouches = view["pouches"] or []
    for seat, pouch in enumerate(pouches):
        totals = pouch_totals(pouch)
        relics = ", ".join(relic_name(card) for card in pouch) or pouch_facts(view, seat)
        lines.append(
            f"{with_colours(names[seat], view, seat)}: {totals.wealth} wealth, "
            f"{wounds_words(totals)} — {relics}"
        )
    out = [seat for seat in range(len(pouches)) if "eliminated" in outcome.breakdown[seat]]
    if view["teams"]:
        lines.append(
            "Nobody is eliminated (Teams): each team scores its wealth minus its wounds, "
            "the partners' potions cancelling the team's wounds."
        )
    elif not eliminating(view):
        why = "two players" if view["players"] == 2 else "Tough Adventurers"
        lines.append(
            f"Nobody is eliminated ({why}): each score is wealth minus wounds after potions."
        )
    elif out:
        # Who: the note says why (the most wounds, how many) for every game that eliminates.
        # Players eliminated together share last place, as the results table shows them.
        wealth = [pouch_totals(pouches[seat]).wealth for seat in out]
        if len(out) == 1:
            lines.append(
                f"{names[out[0]]} is eliminated and places last: the column "
                f'"Wealth lost to elimination" takes away their {wealth[0]} wealth, '
                "so they score 0."
            )
        else:
            # "9 for olek and 7 for Bot 3 (normal)": no possessive after a name's bracket.
            lost = in_words([f"{w} for {names[seat]}" for seat, w in zip(out, wealth, strict=True)])
            lines.append(
                f"{in_words([names[seat] for seat in out])} are eliminated and share last "
                f'place: the column "Wealth lost to elimination" takes away all their '
                f"wealth, {lost}, so each scores 0."
            )
    elif pouches:
        lines.append("Nobody is eliminated: every player has the same wounds after potions.")
    earned = view.get("achievements") or []
    for seat, names_earned in enumerate(earned):
        for achievement in names_earned:
            lines.append(
                f"Achievement — {names[seat]}: {achievement} ({ACHIEVEMENTS[achievement]})"
            )
    if not any(earned):
        lines.append("No achievements this game.")
    return lines


_ROUND_FACTS = (
    "obtain",
    "removed",
    "gift",
    "exchange",
    "destruction",
    "theft",
    "effect",
    "potion",
)


def milestone(update: Update, events: Sequence[Event]) -> list[str] | None:
    """The summary of a round when ``events`` end one: a title, then who obtained which
    relic and why, what the effects did, where every pouch stands and who has the most
    wounds (eliminated at the end); None for any other events."""
    kinds = [event["type"] for event in events]
    if "round" not in kinds and "end" not in kinds:
        return None
    view = update.view
    names = update.names
    ended = ROUNDS if "end" in kinds else view["round"] - 1
    lines = [
        f"Round {ended} of {ROUNDS} is over" + (": the final score" if ended == ROUNDS else "")
    ]
    # The hand-over starts at the Adventurers Limit; a Gift or an Exchange choice pauses
    # it, so the events of one delivery may hold only its end (the screen may pass every
    # event since the last summary: then the whole round is told).
    starts = [i for i, e in enumerate(events) if e["type"] == "limit"]
    told = events[starts[-1] :] if starts else events
    facts = [e["text"] for e in told if e["type"] in _ROUND_FACTS]
    rounds = [e["text"] for e in events if e["type"] == "round"]
    gone = [] if starts else ["The relics handed over before the last choice are in the history."]
    said = [with_names(text, names) for text in facts] + gone
    standing = _standing(update)
    whole = [*lines, *said, *standing, *(with_names(text, names) for text in rounds)]
    if _rows(whole[1:]) <= SUMMARY_ROWS:
        return whole
    # Five players' round read 20 rows in a panel of 14 at 80x24, which had to be
    # scrolled: each player's wins in one sentence, a Theft's relic named once, no
    # potion's sentence (the pouches' wounds say it after potions), the next round's
    # start without its relics (the board shows them), then the pouches in one sentence.
    tight = [*lines, *_tight_facts(facts, update), *gone]
    tighter = [*lines, *_tight_facts(facts, update, courage=False), *gone]
    rounds = [text.split(" New relics: ")[0] for text in rounds]
    nexts = [with_names(text if text.endswith(".") else f"{text}.", names) for text in rounds]
    forms = [
        [*tight, *standing, *nexts],
        [*tight, *_standing(update, tight=True), *nexts],
        # The board's head names the start player the panel closes on.
        [*tight, *_standing(update, tight=True)],
        # Who won each relic by which colour, without the courage it took.
        [*tighter, *_standing(update, tight=True)],
    ]
    return next((form for form in forms if _rows(form[1:]) <= SUMMARY_ROWS), forms[-1])


SUMMARY_WIDTH, SUMMARY_ROWS = 68, 14
"""The summary panel's text at 80x24: 68 cells wide, 14 rows under its title."""


def _rows(lines: Sequence[str]) -> int:
    """The rows ``lines`` take in the summary panel at 80x24."""
    return sum(len(textwrap.wrap(line, SUMMARY_WIDTH)) or 1 for line in lines)


_WON = re.compile(
    r"^(?P<side>.+?) wins the (?P<relic>.+) with (?P<points>\d+) courage for "
    r"(?P<who>\{p\d+\})\.$"
)
_NOBODYS = re.compile(
    r"^(?P<side>.+?) wins the (?P<relic>.+) with (?P<points>\d+) courage, but nobody plays "
    r"that adventurer: the relic leaves the game\.$"
)
_RUINED = re.compile(
    r"^Destruction: (?P<who>\{p\d+\}) loses the (?P<relic>.+): it leaves the game\.$"
)
_STOLEN = re.compile(r"'s visible relic, the ")
_POTION = re.compile(r"^(A potion cancels|Potions cancel|The potions of|.*'s potions cancel)")


def _tight_facts(facts: Sequence[str], update: Update, courage: bool = True) -> list[str]:
    """The round's facts shorter: a player's wins in one sentence where they were won by
    one colour ("Purple wins the Gem Pouch (6 courage) and the Trinket (4) for Bot 2."),
    else naming each one's colour; a relic nobody's, a Theft's and a Destruction's said
    shorter; no potion's sentence. The wins come first, then the effects in turn."""
    wins: dict[str, list[tuple[str, str, str]]] = {}
    rest: list[str] = []
    for text in facts:
        win = _WON.match(text)
        if win is not None:
            wins.setdefault(win["who"], []).append((win["side"], win["relic"], win["points"]))
        elif (lost := _NOBODYS.match(text)) is not None:
            rest.append(
                f"{lost['side']} wins the {lost['relic']} ({lost['points']} courage), but "
                f"nobody plays {lost['side']}: it leaves the game."
            )
        elif (ruined := _RUINED.match(text)) is not None:
            rest.append(f"Destruction: {ruined['who']}'s {ruined['relic']} leaves the game.")
        elif text.startswith("Exchange: ") and not courage:
            # The only relic that exchanges, by the 80-column board's name for it.
            rest.append(text.replace("Trickster's Mirror", "Mirror"))
        elif not _POTION.match(text):
            rest.append(_STOLEN.sub("'s ", text))
    # The player after "for" or as the subject, as the rules' own sentence has it: the
    # reader's summary turns "for {p0}" into "for you" and "{p0} wins" into "You win".
    lines = []
    for who, won in wins.items():
        if len({side for side, _, _ in won}) == 1:
            relics = [
                f"the {relic} ({points}{'' if i else ' courage'})" if courage else f"the {relic}"
                for i, (_, relic, points) in enumerate(won)
            ]
            lines.append(f"{won[0][0]} wins {in_words(relics)} for {who}.")
        else:
            relics = [
                f"the {relic} ({side}, {points}{'' if i else ' courage'})"
                if courage
                else f"the {relic} ({side})"
                for i, (side, relic, points) in enumerate(won)
            ]
            lines.append(f"{who} wins {in_words(relics)}.")
    return [with_names(line, update.names) for line in [*lines, *rest]]


def _standing(update: Update, tight: bool = False) -> list[str]:
    """Where every pouch stands and who has the most wounds; ``tight``: the pouches' wealth
    and wounds after potions in one sentence."""
    view, names = update.view, update.names
    if view["pouches"] is None:
        return ["The pouches lie face down (Hidden Treasures) until the final score."]
    lines = []
    if tight:
        # "Bot 3 0 and 0 and Bot 4 1 and 0" read as one list: semicolons between pouches.
        sums = [pouch_totals(pouch) for pouch in view["pouches"]]
        each = [f"{t.wealth} and {t.net_wounds} for {names[s]}" for s, t in enumerate(sums)]
        lines.append(f"Wealth and wounds after potions: {'; '.join(each)}.")
    else:
        for seat in range(view["players"]):
            who = "You have" if seat == update.seat else f"{names[seat]} has"
            lines.append(f"{who} {pouch_facts(view, seat, you=seat == update.seat)}.")
    seats, most = most_wounded(view)
    worst = [names[s] for s in seats]
    if worst:
        who = in_words(worst)
        verb = "is" if len(worst) == 1 else "are"
        if update.outcome is not None:
            lines.append(f"{who} {verb} eliminated with the most wounds ({most} after potions).")
        elif tight:
            alike = " each" if len(worst) > 1 else ""
            lines.append(f"{who} {verb} out if the game ends now: {most} wounds{alike}, the most.")
        else:
            lines.append(
                f"{who} {verb} the most wounded ({most} after potions): eliminated if the "
                "game ended now."
            )
    return [with_names(line, names) for line in lines]
