"""The Shardhunters table: teams with their active heroes, loot, Bloodshards, the Combats of
this Hunt, your hand of monsters and one row of choices to pick from by keys.

Every decision is a short walk through a row of choices: the cards to put face down one by
one (in any order), the heroes to stand up, a hero to keep or recruit, a guess. ←→ move the
cursor, Enter takes the choice under it, Esc takes the last one back. Colours are shown by a
word, a letter and a symbol too; active heroes are marked ACTIVE in words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import permutations
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from core.engine import Action, Outcome
from core.games.shardhunters.data import (
    COLOUR_SYMBOLS,
    HEROES,
    MONSTER_CARDS,
    TRIBES,
    hero_name,
)
from core.table import Update
from tui.boards.base import Choice, Path, note_sentence, with_note
from tui.boards.choice_row import ChoiceRowBoard
from tui.widgets.card import CHOSEN, TARGET, CardFace

STYLES: dict[str, str] = {
    # Colour as a bonus only: the word, letter and symbol always say it too.
    "white": "bold",
    "yellow": "bold yellow",
    "blue": "bold blue",
    "red": "bold red",
}
CARD_WIDTH = 8
CHOICE_WIDTH = 14
COMBATS = ("1st", "2nd", "3rd", "4th")


def card_words(card: str) -> str:
    """A monster card in words: "blue 3 (rats)"."""
    m = MONSTER_CARDS[card]
    return f"{m.colour} {m.value} ({TRIBES[m.colour]})"


def card_face(card: str, mark: str = "", cursor: bool = False, width: int = CARD_WIDTH) -> Text:
    """A monster card as a fixed-width cell: symbol, colour letter and value."""
    m = MONSTER_CARDS[card]
    word = f"{m.colour[0].upper()}{m.value}"
    return CardFace(COLOUR_SYMBOLS[m.colour], word, STYLES[m.colour], width, mark, cursor).text()


def side_name(update: Update, side: int) -> str:
    """A side as the board says it: "you", a player's name, or "the Reavers"."""
    if update.view["solo"] and side == 1:
        return "the Reavers"
    if side == update.seat:
        return "you"
    return update.names[side] if side < len(update.names) else f"Player {side + 1}"


def _title(update: Update, side: int) -> str:
    """A side at the start of a sentence ("You", "The Reavers"); names stay as typed."""
    name = side_name(update, side)
    return name[0].upper() + name[1:] if name in ("you", "the Reavers") else name


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


def _needed(update: Update) -> int:
    """How many cards the seat plays in the current Combat."""
    view = update.view
    seat = update.seat or 0
    return int(view["sizes"][seat][min(view["combat"], 3)])


def prompt(
    update: Update, keys: Sequence[Hashable], choices: Sequence[Choice], plain: bool = False
) -> str:
    """What to do now, in words (``plain``: for the screen-reader list of choices)."""
    view = update.view
    if update.outcome is not None:
        return "Game over. Press Enter for the results."
    seat = update.seat
    if seat is None or seat not in update.acting:
        waiting = ", ".join(update.names[s] for s in sorted(update.acting))
        mine = seat is not None and view["pending"]
        if mine:
            return f"Your cards are face down. Waiting for {waiting}…"
        return f"Waiting for {waiting}…"
    how = (
        "Choose from the list (Up, Down, Enter; Escape goes back)"
        if plain
        else (f"←→ to move, Enter to choose, Esc back; {TARGET} marks the choices")
    )
    phase = view["phase"]
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
        f"{_title(update, side)}: {shards} Bloodshard{'s' if shards != 1 else ''}, "
        f"team of {len(team)}: {', '.join(parts) or 'nobody'}. "
        f"Loot {len(loot)} cards, {coloured} coloured. "
        f"{view['hand_sizes'][side]} monster cards in hand."
    )


def _combat_sentence(update: Update, number: int) -> str:
    view = update.view
    plays = view["plays"][number]
    shown = "; ".join(
        f"{side_name(update, side)} {', '.join(card_words(c) for c in cards)}"
        for side, cards in enumerate(plays)
    )
    result = view["results"][number]
    verdict = "a draw" if result < 0 else f"won by {side_name(update, result)}"
    return f"{COMBATS[number]} Combat: {shown}: {verdict}."


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
    """Each team and its Bloodshards at the end, and the last Hunt's winner."""
    lines = []
    for side, team in enumerate(view["teams"]):
        who = "The Reavers" if view["solo"] and side == 1 else names[side]
        heroes = ", ".join(hero_name(h) for h in team)
        lines.append(f"{who}: {len(team)} heroes ({heroes}), {view['shards'][side]} Bloodshards")
    lines.append(f"Hunts played: {view['hunt']}.")
    if outcome.note:
        lines.append(outcome.note)
    return lines


# -- the widget ------------------------------------------------------------------------------


class Board(ChoiceRowBoard):
    """The table, your hand and a row of choices (see ChoiceRowBoard for the keys)."""

    def paths(self, update: Update, action: Action) -> list[Path]:
        return paths(update, action)

    # -- drawing ----------------------------------------------------------------------------

    def _team_line(self, update: Update, side: int) -> Text:
        view = update.view
        team = view["teams"][side]
        active = set(team) if view["solo"] else set(view["active"][side])
        shards = view["shards"][side]
        loot = view["loot"][side]
        coloured = sum(1 for c in loot if MONSTER_CARDS[c].colour != "white")
        turn = "▶ " if side in update.acting and update.outcome is None else "  "
        line = Text(turn)
        line.append(_title(update, side), style="bold")
        line.append(f" · shards {shards} · loot {len(loot)} ({coloured} col.) · ")
        for hero in team:
            if hero in active:
                line.append(f"{hero_name(hero)} ACTIVE", style="bold reverse")
            else:
                line.append(f"{hero_name(hero)} resting", style="dim")
            line.append(" ")
        if view["phase"] == "combat" and side < len(view["submitted"]):
            line.append("· cards down" if view["submitted"][side] else "· choosing…")
        return line

    def render(self) -> RenderableType:
        update = self.update
        if update is None:
            return Text("Dealing…")
        view = update.view
        rows: list[RenderableType] = []
        header = Text(style="bold")
        if view["solo"]:
            header.append(f"Solo vs the Reavers ({view['level']}) · ")
        header.append(f"Hunt {view['hunt']} · ")
        if view["phase"] == "combat":
            need = view["sizes"][update.seat or 0][view["combat"]]
            header.append(f"{COMBATS[view['combat']]} Combat of 4 · play {need}")
        else:
            header.append(phase_words(view["phase"]).capitalize())
        header.append(f" · Tavern {view['tavern_size']}")
        if view["top"] is not None:
            header.append(f" · top card {card_words(view['top'])}")
        rows.append(header)
        for side in range(view["sides"]):
            rows += with_note(self._team_line(update, side), update, side, 78)
        if update.seat is not None:
            team = view["teams"][update.seat]
            active = team if view["solo"] else view["active"][update.seat]
            for hero in active:
                line = Text(f"  {hero_name(hero)}: {HEROES[hero].ability}", style="dim")
                line.truncate(78, overflow="ellipsis")
                rows.append(line)
        if view["plays"]:
            last = len(view["plays"]) - 1
            rows.append(Text(_combat_sentence(update, last), style="italic"))
        if view["hand"] is not None:
            hand = Text("Hand: ", style="bold")
            for card in view["hand"]:
                mark = CHOSEN if ("card", card) in self.keys else ""
                hand.append_text(card_face(card, mark))
            for card in view["pending"] or []:
                if card in MONSTER_CARDS:
                    hand.append_text(card_face(card, CHOSEN))
            rows.append(hand)
        choices = self.choices
        mine = update.seat is not None and update.seat in update.acting
        if mine and update.outcome is None and choices:
            row = Text("Choose: ", style="bold")
            for index, choice in enumerate(choices):
                row.append_text(self._choice_face(choice, index == self.cursor))
            rows.append(row)
            rows.append(Text(choices[self.cursor].label, style="italic"))
        rows.append(Text(prompt(update, self.keys, choices), style="bold"))
        return Group(*rows)

    def _choice_face(self, choice: Choice, cursor: bool) -> Text:
        key = choice.key
        assert isinstance(key, tuple)
        if key[0] == "card":
            return card_face(key[1], TARGET, cursor)
        if key[0] == "hero":
            return CardFace("", hero_name(key[1]), "bold", CHOICE_WIDTH, TARGET, cursor).text()
        words = {"pay": "Pay", "done": "Leave", "keep": "Keep hand"}
        word = words.get(key[0], f"Guess {key[1]}" if key[0] == "guess" else str(key[0]))
        return CardFace("", word, "bold", CHOICE_WIDTH, TARGET, cursor).text()
