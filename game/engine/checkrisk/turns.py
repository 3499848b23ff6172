"""CheckRisk turn flow: deployment, reinforcements, moves, ending turns and the game (C4–C9, C14, C15)."""

from __future__ import annotations

from game.engine.checkrisk.events import (
    Deployed,
    Moved,
    Reinforced,
    TurnEnded,
    TurnStarted,
)
from game.engine.checkrisk.legal import LegalActions, Raw
from game.engine.checkrisk.level import MAX_STACK
from game.engine.checkrisk.phases import (
    ACT,
    EMPTY,
    OVER,
    REINFORCE,
)
from game.engine.core import Event, GameOver, Outcome
from game.engine.reasons import CheckRiskReason


class TurnRules(LegalActions):
    """Deployment, reinforcement, move and turn-end appliers, the second rules layer of `CheckRiskState`."""

    def _apply_deploy(self, action: Raw) -> list[Event]:
        self._require(action)
        _, cell, k = action
        seat = self.seat
        self._place(cell, seat, k)
        self.to_deploy[seat] -= k
        events: list[Event] = [Deployed(seat, self.game.board.names[cell], k, self.count[cell])]
        if not self.to_deploy[seat]:
            self._next_deployer(events)
        return events

    def _apply_preset(self, action: Raw) -> list[Event]:
        self._require(action)
        seat = self.seat
        names = self.game.board.names
        events: list[Event] = []
        for cell, k in self.game.spec.presets[seat][action[1]]:
            self._place(cell, seat, k)
            self.to_deploy[seat] -= k
            events.append(Deployed(seat, names[cell], k, self.count[cell], action[1]))
        self._next_deployer(events)
        return events

    def _place(self, cell: int, seat: int, k: int) -> None:
        self.owner[cell] = seat
        self.count[cell] += k
        self.supply[seat] -= k
        self.on_board[seat] += k

    def _next_deployer(self, events: list[Event]) -> None:
        # C6: seats deploy one after another; when all are done the first round begins.
        for seat in range(self.seat + 1, len(self.to_deploy)):
            if self.to_deploy[seat]:
                self.seat = seat
                return
        self.round = 1
        self.seat = self.out.index(False)
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        seat = self.seat
        self.reinforcements = []
        due = given = 0
        if self.round > 1:  # C7: not on a seat's first turn
            supply = self.supply[seat]
            for cells, tokens in self.reinforcement_due(seat):
                due += tokens
                # What has no room stays in the supply; groups are served largest first while the supply lasts.
                room = sum(MAX_STACK - self.count[i] for i in cells)
                give = min(tokens, room, supply - given)
                if give > 0:
                    self.reinforcements.append([cells, give])
                    given += give
        self.actions_left = self.game.spec.actions
        self.phase = REINFORCE if given else ACT
        events.append(TurnStarted(seat, self.round, due, given))

    def _apply_reinforce(self, action: Raw) -> list[Event]:
        self._require(action)
        cell = action[1]
        seat = self.seat
        for group in self.reinforcements:
            if group[1] and cell in group[0]:
                group[1] -= 1
                break
        self._place(cell, seat, 1)
        events: list[Event] = [Reinforced(seat, self.game.board.names[cell], 1, self.count[cell])]
        if not any(left for _, left in self.reinforcements):
            self.reinforcements = []
            self.phase = ACT
        return events

    def _apply_move(self, action: Raw) -> list[Event]:
        self._require(action)
        _, i, j, n = action
        seat = self.seat
        self._lift(i, n)
        self.owner[j] = seat
        self.count[j] += n
        names = self.game.board.names
        events: list[Event] = [Moved(seat, names[i], names[j], n)]
        self.actions_left -= 1
        if not self.actions_left:
            self._end_turn(events)
        return events

    def _lift(self, cell: int, n: int) -> None:
        self.count[cell] -= n
        if not self.count[cell]:
            self.owner[cell] = EMPTY

    def _apply_end(self, action: Raw) -> list[Event]:
        self._require(action)
        events: list[Event] = []
        self._end_turn(events)
        return events

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.seat
        events.append(TurnEnded(seat))
        players = len(self.out)
        nxt = seat
        for step in range(1, players + 1):
            nxt = (seat + step) % players
            if not self.out[nxt]:
                break
        if nxt <= seat:
            self.round += 1
            if self.round > self.game.spec.turn_limit:
                self._finish_by_turn_limit(events)
                return
        self.seat = nxt
        self._start_turn(events)

    def _finish_by_turn_limit(self, events: list[Event]) -> None:
        # C15: most cells held, then most tokens on the board; a tie is a draw among the tied.
        alive = [s for s, gone in enumerate(self.out) if not gone]
        cells = {s: self.cells_held(s) for s in alive}
        best = max(cells.values())
        leaders = [s for s in alive if cells[s] == best]
        reason = CheckRiskReason.TURN_LIMIT_MOST_CELLS
        if len(leaders) > 1:
            best_tokens = max(self.on_board[s] for s in leaders)
            leaders = [s for s in leaders if self.on_board[s] == best_tokens]
            reason = CheckRiskReason.TURN_LIMIT_MOST_TOKENS if len(leaders) == 1 else CheckRiskReason.TURN_LIMIT_DRAW
        self.round = self.game.spec.turn_limit
        self._finish(tuple(leaders), reason, events)

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self._outcome = Outcome(winners, reason, len(self.out))
        self.phase = OVER
        self.battle = None
        self.reinforcements = []
        self.actions_left = 0
        events.append(GameOver(winners, reason))

