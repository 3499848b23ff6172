"""A fate roll that takes a side's last spirit says over the board what was actually lost, not the roll's
difference: Blue, with 2 spirit, rolls 5 lower and loses those 2."""

from __future__ import annotations

import pytest

from game.client.battle_checkers import demo
from tests.client_helpers import click_at, current, frames, make_app, settle_scene
from tests.driver import BoardDriver


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_fate_cards_result_says_the_spirit_actually_lost(home, language):
    app = make_app(language=language, anim_speed="normal")
    try:
        units = {"d4": (0, "N"), "a1": (0, "N"), "d5": (1, "N"), "j10": (1, "S")}
        session = demo.position(units, ["human", "human"], spirit=(6, 2), seed=12)  # the fate roll comes out 6 1
        app.goto("battle_checkers", session=session)
        settle_scene(app)
        b = current(app, type(app.scenes.current))
        BoardDriver(app).click("d5")  # d4 strikes d5 in the rear
        settle_scene(app)
        button = next(button for button in b.view.fate.layout() if button.key == "fate")
        click_at(app, button.rect.center, settle=1)
        results: list[str] = []
        for _ in range(900):
            frames(app, 1)
            if b.view.card.visible and b.view.card.result and b.view.card.result not in results:
                results.append(b.view.card.result)
            if not b.queue.busy:
                break
        assert session.log[-1] == "fate 6 1" and session.state.spirit[1] == 0
        assert results == [
            "Blue loses all their spirit (2)" if language == "en" else "Синие: потерян весь оставшийся дух (2)"
        ]
    finally:
        app.close()
