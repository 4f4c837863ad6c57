"""ISMCTS: a generic Information-Set Monte Carlo Tree Search bot for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree over the actions seen
from the searching seat's information set. Every iteration takes a fresh re-deal from the
``determinizations`` stream (the bot never holds the true state), walks down the tree choosing
only among the actions legal in that re-deal (UCB counted by availability, not by the parent's
visits), adds one node, plays out to the end or to a depth cutoff, and backs up one reward per
seat. Games plug in a rollout policy, a position evaluation for the cutoff, and a candidates
filter that narrows each node to the actions a heuristic likes (tried best first when
``ordered``); without them the bot plays random rollouts to the end over every legal action,
which any game keeping the contract supports.

When several seats may act at once, the tree lets ``min(to_act)`` act first and the others after
it. That turns a simultaneous decision into a sequential one (the later seats "see" the earlier
choice inside the search); it is a known simplification, acceptable for a generic bot.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.bots import TimeBudget
from core.engine import Action, Game, State

RolloutPolicy = Callable[[Game, State, int, Sequence[Action], random.Random], Action]
"""``(game, state, seat, legal, rng) -> action``: how a seat plays inside a playout."""

Evaluation = Callable[[Game, State], Sequence[float]]
"""``(game, state) -> one value per seat in [0, 1]``: a position's worth at the depth cutoff."""

Candidates = Callable[[Game, State, int, Sequence[Action]], Sequence[Action]]
"""``(game, state, seat, legal) -> a non-empty subset of legal``: the actions worth searching."""


def random_rollout(
    game: Game, state: State, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The default playout policy: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def even_evaluation(game: Game, state: State) -> list[float]:
    """The default cutoff value: every seat gets an equal share, ``1/n``.

    The seat count comes from the state's ``players`` field, which every game's state keeps.
    """
    players = int(getattr(state, "players", 2))
    return [1.0 / players] * players


def ranking_rewards(ranking: Sequence[Sequence[int]]) -> list[float]:
    """One reward per seat from an outcome's ranking: first place 1, last 0, ties averaged.

    Places are spread evenly over [0, 1]; a group of tied seats shares the mean of the
    places it covers, so two winners of four split the top two places (5/6 each).
    """
    players = sum(len(group) for group in ranking)
    rewards = [0.0] * players
    if players == 1:
        return [1.0]
    place = 0
    for group in ranking:
        covered = range(place, place + len(group))
        share = sum((players - 1 - p) / (players - 1) for p in covered) / len(group)
        for seat in group:
            rewards[seat] = share
        place += len(group)
    return rewards


class _Node:
    """One edge of the tree (the action that leads here) with its statistics."""

    __slots__ = ("available", "children", "narrowed", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        """Sum of the rewards of the seat that took the action leading here."""
        self.narrowed: dict[tuple[int, tuple[Action, ...]], Sequence[Action]] | None = None
        """The candidates hook's answers here, per acting seat and its legal actions."""


class ISMCTSBot:
    """Searches re-deals of the hidden cards with single-observer ISMCTS."""

    def __init__(
        self,
        name: str = "ismcts",
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        depth: int | None = None,
        rollout: RolloutPolicy = random_rollout,
        evaluate: Evaluation = even_evaluation,
        candidates: Candidates | None = None,
        ordered: bool = False,
    ) -> None:
        """``iterations`` and ``seconds`` bound the search (the first reached stops it; give
        at least one). A time bound makes the choice depend on the machine's speed, so a
        level aims at a number of iterations and takes the deadline as its limit, and runs
        that must be reproducible leave the deadline out (None). ``depth`` cuts playouts
        after that many actions and asks ``evaluate`` instead (None: play to the end).
        ``candidates`` narrows the actions searched at each node (None: all legal ones); at
        the root it is asked once, so it must read only what the searching seat knows.
        ``ordered`` tries a node's untried actions in the order ``candidates`` gives them
        (best first) instead of at random."""
        if iterations is None and seconds is None:
            raise ValueError("an ISMCTS bot needs an iteration or a time budget")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.depth = depth
        self.rollout = rollout
        self.evaluate = evaluate
        self.candidates = candidates
        self.ordered = ordered

    def choose(
        self,
        game: Game,
        view: dict[str, Any],
        determinizations: Iterator[State],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The root action visited most often by the search (the only one, without search)."""
        actions = list(legal)
        if len(actions) == 1:
            return actions[0]
        first = next(determinizations)
        seat = _seat(game, view, first, actions)
        searched = actions
        if self.candidates is not None:
            searched = list(self.candidates(game, first, seat, actions)) or actions
        root = _Node()
        budget = TimeBudget(self.seconds)
        done = 0
        state = first
        while True:
            self._iterate(game, state, seat, searched, root, rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if not budget.room_for(done):
                break
            state = next(determinizations)
        return _most_visited(root, searched)

    def _iterate(
        self,
        game: Game,
        state: State,
        seat: int,
        root_actions: Sequence[Action],
        root: _Node,
        rng: random.Random,
    ) -> None:
        """One select-expand-playout-backup pass over one re-deal."""
        path: list[tuple[_Node, int]] = []
        node = root
        expanded = False
        while not expanded and game.outcome(state) is None:
            acting = game.to_act(state)
            if not acting:
                break
            if node is root:
                actor, legal = seat, root_actions
            else:
                actor = min(acting)
                legal = game.legal_actions(state, actor)
                if self.candidates is not None and len(legal) > 1:
                    legal = self._narrow(game, state, actor, legal, node)
            if not legal:
                break
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[0] if self.ordered else untried[rng.randrange(len(untried))]
                node.children[action] = _Node()
                expanded = True
            else:
                action = self._select(node, legal)
            for available in legal:
                seen = node.children.get(available)
                if seen is not None:
                    seen.available += 1
            child = node.children[action]
            state = game.apply(state, actor, action, None)[0]
            path.append((child, actor))
            node = child
        rewards = self._playout(game, state, rng)
        for child, actor in path:
            child.visits += 1
            child.reward += rewards[actor]

    def _narrow(
        self, game: Game, state: State, actor: int, legal: Sequence[Action], node: _Node
    ) -> Sequence[Action]:
        """The candidates hook's choice among ``legal``, asked once per node and legal set.

        The re-deals that reach a node share its public history and differ in hidden cards,
        which show in the acting seat's legal actions: the same legal actions there mean the
        same position as far as a hook reading the table and the seat's own cards can tell,
        and the hook is the dearest part of an iteration (it looks one action ahead)."""
        assert self.candidates is not None
        key = (actor, tuple(legal))
        if node.narrowed is None:
            node.narrowed = {}
        known = node.narrowed.get(key)
        if known is None:
            known = node.narrowed[key] = self.candidates(game, state, actor, legal)
        return known

    def _select(self, node: _Node, legal: Sequence[Action]) -> Action:
        """The legal child with the highest UCB, counting visits against availability."""
        best: Action = legal[0]
        best_value = -math.inf
        for action in legal:
            child = node.children[action]
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, game: Game, state: State, rng: random.Random) -> Sequence[float]:
        """Rewards per seat at the end of a playout from ``state`` (or at the depth cutoff)."""
        steps = 0
        while True:
            outcome = game.outcome(state)
            if outcome is not None:
                return ranking_rewards(outcome.ranking)
            acting = game.to_act(state)
            if not acting or (self.depth is not None and steps >= self.depth):
                return self.evaluate(game, state)
            actor = min(acting)
            legal = game.legal_actions(state, actor)
            action = self.rollout(game, state, actor, legal, rng)
            state = game.apply(state, actor, action, None)[0]
            steps += 1


def _most_visited(root: _Node, actions: Sequence[Action]) -> Action:
    """The root action searched most often; equal counts go to the better mean reward."""
    best, best_key = actions[0], (0, 0.0)
    for action in actions:
        child = root.children.get(action)
        if child is not None and child.visits:
            key = (child.visits, child.reward / child.visits)
            if key > best_key:
                best, best_key = action, key
    return best


def _seat(game: Game, view: dict[str, Any], state: State, legal: Sequence[Action]) -> int:
    """The searching seat: the view names it; else the acting seat whose actions are ``legal``."""
    seat = view.get("seat")
    if type(seat) is int:
        return seat
    wanted = set(legal)
    for candidate in sorted(game.to_act(state)):
        if set(game.legal_actions(state, candidate)) == wanted:
            return candidate
    raise ValueError("cannot tell which seat this bot plays: the view names no seat")
