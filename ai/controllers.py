"""Controllers: who decides for a seat. A human fed by the client, or an AI level; made from a spec string.

`choose(state)` always decides for `state.current_player()` (which may be a seat whose turn it is not,
such as a defender's battle choice). AI controllers are meant to run on a worker thread: they read the
state given to them (searching on clones), and `cancel()` or a `stop` event makes them return promptly.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Hashable, Sequence
from dataclasses import replace

from ai.alphabeta import AlphaBeta, SearchResult
from ai.baselines import baseline_choice
from ai.budget import Budget
from ai.greedy import greedy_choice
from ai.knowledge import Knowledge, knowledge_for
from ai.levels import GREEDY, RANDOM, SCRIPTED, Level, parse_level, quick_level
from ai.montecarlo import MonteCarlo
from ai.planners import Planner, Remembering, planner_for
from game.engine.core import Action, ActionT, Game, State


class Cancelled(Exception):
    """A human's decision was cancelled before an action arrived."""


def _seat_to_act(state: State[ActionT]) -> int:
    player = state.current_player()
    if player < 0:
        raise ValueError("no seat decides here: the state is at a chance node or over")
    return player


def _legal_one(legal: Sequence[ActionT], action: Action) -> ActionT | None:
    """The legal action equal to `action` (one handed in from outside the state), or None when it is not legal."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return None


class HumanController:
    """A seat played by a person: the client calls `submit(action)`; `choose` waits for a legal one."""

    is_human = True
    level = "human"

    def __init__(self) -> None:
        self._inbox: queue.Queue[Action] = queue.Queue()
        self._stop: threading.Event | None = None

    def submit(self, action: Action) -> None:
        """Hand over the player's decision (from any thread)."""
        self._inbox.put(action)

    def cancel(self) -> None:
        """Make a waiting `choose` raise Cancelled."""
        if self._stop is not None:
            self._stop.set()

    def choose(self, state: State[ActionT], stop: threading.Event | None = None) -> ActionT:
        """Block until a legal action is submitted; raises Cancelled when stopped. Illegal submissions are dropped."""
        _seat_to_act(state)
        legal = state.legal_actions()
        self._stop = stop = stop or threading.Event()
        while not stop.is_set():
            try:
                action = self._inbox.get(timeout=0.05)
            except queue.Empty:
                continue
            chosen = _legal_one(legal, action)
            if chosen is not None:
                return chosen
        raise Cancelled("the decision was cancelled")


class AIController:
    """A seat played by an AI level; deterministic for a seed when its level runs on a node budget."""

    is_human = False

    def __init__(self, game: Game, level: Level, seed: int | None = None) -> None:
        self.game = game
        self.level_spec = level
        self.level = level.name
        self.knowledge: Knowledge = knowledge_for(game)
        #: The mode's own searcher (CheckRisk, Battle Checkers), used instead of the generic ones.
        self.planner: Planner | None = planner_for(game, level)
        self._rng = random.Random(seed)
        self._stop: threading.Event | None = None
        #: The last alpha-beta search (depth reached, nodes), for benchmarks and curious callers.
        self.last_search: SearchResult[Hashable] | None = None

    def recall(self, earlier: State[ActionT], since: Sequence[str]) -> None:
        """Tell a planner that remembers its recent moves the decisions played from `earlier` on (notation, chance
        outcomes included); notation that does not replay ends the recollection there."""
        if not isinstance(self.planner, Remembering):
            return
        state = earlier.clone()
        played: list[tuple[State[ActionT], ActionT]] = []
        try:
            for text in since:
                action = state.action_from_str(text)
                if state.current_player() >= 0:
                    played.append((state.clone(), action))
                state.apply(action)
        except ValueError:
            pass
        self.planner.recall(played)

    def cancel(self) -> None:
        """Make a running `choose` return its best action so far."""
        if self._stop is not None:
            self._stop.set()

    def choose(self, state: State[ActionT], stop: threading.Event | None = None) -> ActionT:
        """The level's decision for the seat to act in `state` (which is left unchanged)."""
        _seat_to_act(state)
        actions = state.legal_actions()
        if not actions:
            raise ValueError("the seat to act has no legal action")
        # One child RNG per decision keeps decisions independent of how much each search consumed.
        rng = random.Random(self._rng.getrandbits(64))
        level = self.level_spec
        if len(actions) == 1:
            return actions[0]
        if level.kind == RANDOM:
            return rng.choice(actions)
        if level.kind == SCRIPTED:
            scripted = baseline_choice(level.name, state, rng)
            if scripted is not None:  # a script names a legal action of its own state; a mode without one plays greedy
                chosen = _legal_one(actions, scripted)
                if chosen is None:
                    raise ValueError(f"the {level.name} baseline chose an illegal action: {scripted!r}")
                return chosen
        if level.kind in (GREEDY, SCRIPTED):
            return greedy_choice(state, self.knowledge, rng)
        if level.mistake_rate and rng.random() < level.mistake_rate:
            return rng.choice(actions)
        self._stop = stop = stop or threading.Event()
        budget = Budget(level.limits, stop)
        if self.planner is not None:
            # The mode's planner speaks the mode's actions: its answer is matched to one of the legal ones.
            choice = self.planner.choose(state.clone(), budget, rng)
            chosen = _legal_one(actions, choice)
            if chosen is None:
                raise ValueError(f"the {self.game.name} planner chose an illegal action: {choice!r}")
            return chosen
        if self.knowledge.search == "alphabeta" and self.game.num_players == 2:
            search = AlphaBeta(self.knowledge, budget, max_depth=level.max_depth, rng=rng, jitter=level.jitter)
            result = search.search(state.clone())
            self.last_search = result
            return result.action
        return MonteCarlo(self.knowledge, budget, rng).search(state.clone())


Controller = HumanController | AIController


def make_controller(spec: str, game: Game, seed: int | None = None, time_cap: bool = True) -> Controller:
    """A controller from a spec: 'human', or an AI level ('random', 'greedy', 'easy', 'ai:normal', 'hard@20000')."""
    if spec.strip().lower() == "human":
        return HumanController()
    return ai_controller(spec, game, seed, time_cap)


def ai_controller(spec: str, game: Game, seed: int | None = None, time_cap: bool = True) -> AIController:
    """The AI level `spec` names; without `time_cap` a level with a node budget searches by nodes alone (the same
    choice on any machine, however busy)."""
    level = parse_level(spec)
    if not time_cap and level.nodes is not None:
        level = replace(level, seconds=None)
    return AIController(game, level, seed)


def hint(
    state: State[ActionT], level: str = "hard", seed: int | None = 0, stop: threading.Event | None = None
) -> ActionT:
    """A suggested action for the seat to act, from the given AI level (the client's hint button)."""
    return AIController(state.game, parse_level(level), seed).choose(state, stop)


def quick_choice(state: State[ActionT], seed: int | None = 0) -> ActionT:
    """A sound action found within a tenth of a second (`quick_level`): what a seat plays when its search is lost."""
    return AIController(state.game, quick_level(), seed).choose(state)
