"""The other seats' last turn at a glance, by posted events in every mode: after the computer's reply of several
actions the board draws one numbered mark per action (battles ringed with their result, reinforcements as "+N");
they go when the player acts; L (or the round button) plays the turn again from the timeline and ends on the same
position, with input waiting meanwhile and Esc skipping."""

from __future__ import annotations

import pygame

from game.client.board.marks import Chip, Mark, TurnMark, number_marks
from game.client.board.scene import BoardScene
from game.client.checkrisk import demo as checkrisk_demo
from game.client.play.session import GameSession
from game.client.play.worker import InlineExecutor
from game.engine.battle_checkers.events import Activated, Attacked
from game.engine.checkrisk import Attack, Move
from tests.client_helpers import click_at, frames, key, settle_scene
from tests.driver import BoardDriver


def scene_of(app) -> BoardScene:
    scene = app.scenes.current
    assert isinstance(scene, BoardScene)
    return scene


def drawn(scene: BoardScene, kind: str) -> list[Mark]:
    """The marks of `kind` the last frame drew."""
    return [m for m in scene.marks.drawn if m.kind == kind]


def numbers(scene: BoardScene) -> list[str]:
    return [m.text for m in drawn(scene, "turn_number")]


def click_cell(app, cell: str) -> None:
    BoardDriver(app).click(cell)


def since_viewer(session: GameSession, seat: int) -> list[int]:
    """The log indices of the other seats' decisions since `seat` last decided."""
    out = []
    for i in range(len(session.log) - 1, -1, -1):
        if session.actors[i] == seat:
            break
        if session.actors[i] >= 0:
            out.append(i)
    return out[::-1]


def model_cells(scene: BoardScene) -> dict[str, tuple[int, int]]:
    """CheckRisk's drawn stacks: cell -> (owner, count)."""
    return {f"{chr(97 + round(s.x))}{round(s.y) + 1}": (s.owner, s.count) for s in scene.model.stacks.values()}


def test_number_marks_counts_actions_and_adds_up_reinforcements():
    marks = [
        TurnMark("plus", 1, ("c8",), amount=1),
        TurnMark("plus", 1, ("c8",), amount=1),
        TurnMark("move", 1, ("c8", "c7"), lead=True),
        TurnMark("attack", 1, ("c7", "c6"), lead=True, chip=Chip("taken", (1, 2, 3))),
        TurnMark("follow", 0, ("c6", "b6")),
    ]
    out = number_marks(marks)
    assert [(m.kind, m.amount, m.number) for m in out] == [
        ("plus", 2, 0),
        ("move", 0, 1),
        ("attack", 0, 2),
        ("follow", 0, 0),
    ]


def test_checkrisk_ai_turn_stays_drawn_until_the_player_acts_and_replays(app):
    d = BoardDriver(app)
    session = checkrisk_demo.odds_session()  # Player 1 (human) to act; Player 2 the computer
    app.settings.anim_speed = "instant"
    app.goto("checkrisk", session=session)
    settle_scene(app)
    scene = scene_of(app)
    key(app, pygame.K_e)  # end the turn: the computer replies with a whole turn
    answer_until_own_turn(app, session)
    game = session.game
    reply = [i for i in range(last_end(session, 0) + 1, len(session.log)) if session.actors[i] >= 0]
    actions = [game_action for i in reply if isinstance(game_action := _typed(session, i), Move | Attack)]
    assert len(actions) >= 2  # a turn of several actions
    assert numbers(scene) == [str(n) for n in range(1, len(actions) + 1)]
    # Each arrow joins its action's cells, in order; each attack's cell is ringed.
    arrows = [m.text for m in scene.marks.drawn if m.kind in ("turn_move", "turn_attack")]
    assert sorted(arrows) == sorted(f"{game.cell_name(a.origin)}-{game.cell_name(a.target)}" for a in actions)
    attacked = {game.cell_name(a.target) for a in actions if isinstance(a, Attack)}
    assert {m.cell for m in drawn(scene, "turn_battle")} == attacked
    assert drawn(scene, "battle_result") == []  # one chip a battle: the turn's own, not the last battle's again
    placed = sum(1 for i in reply if session.log[i].startswith("+"))
    assert sum(int(m.text[1:]) for m in drawn(scene, "turn_plus")) == placed
    # L plays the turn again: from the position before it, input waiting; it ends on the same position.
    before = model_cells(scene)
    log = list(session.log)
    app.settings.anim_speed = "fast"
    key(app, pygame.K_l)
    assert d.turn_replaying and d.busy and not d.accepting
    assert model_cells(scene) != before  # back before the computer's turn
    settle_scene(app)
    frames(app, 2)
    assert not d.turn_replaying and model_cells(scene) == before and session.log == log
    assert numbers(scene)  # still drawn: the player has not acted
    # Esc skips a replay at once.
    key(app, pygame.K_l)
    assert d.busy
    key(app, pygame.K_ESCAPE)
    assert not d.busy and d.overlay is None and model_cells(scene) == before
    # The player acts (a reinforcement, or a move): the computer's turn is no longer drawn.
    app.settings.anim_speed = "instant"
    if session.state.phase == "reinforce":
        click_cell(app, sorted(d.offered.reinforce)[0])
    else:
        origin, target = sorted(d.offered.moves)[0]
        click_cell(app, origin)
        click_cell(app, target)
        if d.picker is not None:
            key(app, pygame.K_RETURN)  # the amount picker: the amount it offers
    settle_scene(app)
    frames(app, 2)
    assert len(session.log) == len(log) + 1 and numbers(scene) == [] and drawn(scene, "turn_plus") == []


def last_end(session: GameSession, seat: int) -> int:
    """The log index of `seat`'s last `end`."""
    return max(
        i
        for i, (text, actor) in enumerate(zip(session.log, session.actors, strict=True))
        if actor == seat and text == "end"
    )


def answer_until_own_turn(app, session: GameSession) -> None:
    """Let the computer play its turn; where it attacks the player's stack, the player stands (a click on the
    battle card's Stand)."""
    from game.client.board import buttons as B

    d = BoardDriver(app)
    for _ in range(40):
        settle_scene(app)
        frames(app, 2)
        if session.state.seat == 0 and session.is_human_turn:
            return
        stand = d.battle_card_button("stand")
        click_at(app, stand.rect.center, settle=2)
        assert B.hit([stand], stand.rect.center) is not None
    raise AssertionError("the computer's turn did not end")


def _typed(session: GameSession, index: int):
    from game.client.checkrisk.actions import typed

    return typed(session.game, session.log[index])


def test_the_replay_button_sits_beside_the_board_and_plays_the_turn(app):
    d = BoardDriver(app)
    session = checkrisk_demo.odds_session()
    app.settings.anim_speed = "instant"
    app.goto("checkrisk", session=session)
    settle_scene(app)
    scene = scene_of(app)
    assert not d.turn_replay_offered  # the game's first turn of its own: nothing to replay
    key(app, pygame.K_e)
    answer_until_own_turn(app, session)
    rect = d.turn_replay_button
    assert d.turn_replay_offered and not rect.colliderect(scene.layout.frame)
    assert not rect.colliderect(scene.layout.panel) and app.window.get_rect().contains(rect)
    app.settings.anim_speed = "normal"
    click_at(app, rect.center, settle=1)
    assert d.turn_replaying and d.busy


def test_battle_checkers_ai_turn_numbers_each_activation_and_attack(app):
    d = BoardDriver(app)
    from game.client.battle_checkers import demo as bc_demo

    session = bc_demo.position(bc_demo.ATTACKS, ["human", "ai:easy"])
    app.settings.anim_speed = "instant"
    app.goto("battle_checkers", session=session)
    settle_scene(app)
    scene = scene_of(app)
    key(app, pygame.K_n)  # end the turn unplayed: the computer plays its turn
    settle_scene(app)
    frames(app, 2)
    assert session.is_human_turn
    timeline = d.timeline
    acted = [
        i for i in since_viewer(session, 0) if any(isinstance(e, Activated | Attacked) for e in timeline.events[i])
    ]
    assert len(acted) >= 2
    assert numbers(scene) == [str(n) for n in range(1, len(acted) + 1)]
    attacks = [e for i in acted for e in timeline.events[i] if isinstance(e, Attacked)]
    assert {m.cell for m in drawn(scene, "turn_battle")} == {e.defender for e in attacks}
    assert len(drawn(scene, "turn_chip")) == len(attacks)  # each attack's result on its cell
    # Replaying ends on the same position.
    model = scene.model
    app.settings.anim_speed = "normal"
    key(app, pygame.K_l)
    assert d.busy and scene.model != model
    settle_scene(app)
    frames(app, 2)
    assert scene.model == scene.view.build_model(session.state) == model
    # The player moves a unit on one die (the turn goes on): acting clears the trace.
    app.settings.anim_speed = "instant"
    state = session.state
    log = len(session.log)
    for cell in sorted(state.board.name(c) for c, owner in enumerate(state.owner) if owner == 0):
        click_cell(app, cell)
        key(app, pygame.K_1)
        targets = sorted(c for c in d.plans() if c != cell)
        if targets:
            click_cell(app, targets[0])
            break
    frames(app, 3)
    assert len(session.log) == log + 1 and session.actors[-1] == 0 and session.current_seat == 0
    assert numbers(scene) == [] and drawn(scene, "turn_chip") == []


def test_kubtafl_ai_reply_is_one_numbered_arrow_cleared_by_the_next_move(app):
    d = BoardDriver(app)
    from game.client.app import start_session

    app.settings.anim_speed = "instant"
    start_session(app, "kubtafl", None, ["human", "ai:easy"], 3)
    scene = scene_of(app)
    settle_scene(app)
    click_cell(app, "a3")
    click_cell(app, "a5")
    settle_scene(app)
    frames(app, 2)
    reply = scene.session.log[-1]
    assert numbers(scene) == ["1"]
    arrow = next(m for m in scene.marks.drawn if m.kind in ("turn_move", "turn_attack"))
    assert arrow.text.split("-")[0] == reply.split("-")[0]
    # Replaying walks the die from where it stood and puts it back.
    dice = dict(scene.model.dice)
    app.settings.anim_speed = "normal"
    key(app, pygame.K_l)
    assert d.busy and scene.model != scene.view.build_model(scene.session.state)
    settle_scene(app)
    frames(app, 2)
    assert {c: (d.kind, d.value) for c, d in scene.model.dice.items()} == {
        c: (d.kind, d.value) for c, d in dice.items()
    }
    # Our next move: the mark goes with it (and the computer's new reply brings its own).
    app.settings.anim_speed = "instant"
    session_log = len(scene.session.log)
    click_cell(app, "a5")
    click_cell(app, sorted(d.offered.targets("a5"))[0])
    frames(app, 1)
    assert len(scene.session.log) > session_log
    settle_scene(app)
    frames(app, 2)
    assert numbers(scene) == ["1"] and scene.session.log[-1] != reply


def test_nothing_is_drawn_for_a_fresh_game_or_while_reviewing(app):
    d = BoardDriver(app)
    session = GameSession(
        "checkrisk", "standard", ["human", "ai:easy"], seed=1, autosave=False, executor=InlineExecutor()
    )
    app.goto("checkrisk", session=session)
    settle_scene(app)
    scene = scene_of(app)
    frames(app, 2)
    assert numbers(scene) == [] and not d.turn_replay_offered
    key(app, pygame.K_l)  # nothing to replay: no animation starts
    assert not d.busy
