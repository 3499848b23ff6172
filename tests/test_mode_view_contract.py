"""The mode view contract is enforced: a view missing a required hook cannot be made, and every registered mode's
view subclasses the one `ModeView` base and supplies every hook of every job with the contract's signature."""

from __future__ import annotations

import inspect
from typing import Any

import pygame
import pytest

from game.client.board.animator import Handlers
from game.client.board.input import Intent
from game.client.board.layout import BoardLayout
from game.client.board.log import LogTurn
from game.client.board.mode_view import (
    DrawingHooks,
    EndHooks,
    InputHooks,
    ModelHooks,
    ModeView,
    PanelHooks,
    TextHooks,
    TraceHooks,
    missing_hooks,
)
from game.engine import registry
from game.engine.core import Outcome
from tests.template_mode import SPEC

JOBS = (ModelHooks, DrawingHooks, InputHooks, PanelHooks, TextHooks, EndHooks, TraceHooks)
REQUIRED = {
    "build_model",
    "event_handlers",
    "draw_pieces",
    "draw_under",
    "draw_over",
    "pointer",
    "seat_name",
    "seat_colour",
    "draw_emblem",
    "log_turns",
    "status",
    "hint_words",
    "end_reason",
}
BOARD_MODES = [spec for spec in registry.MODES if spec.board]


def hooks() -> dict[str, Any]:
    """Every hook of the contract (its methods, by name), from the job classes."""
    return {
        name: member
        for job in JOBS
        for name, member in vars(job).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }


class FullView(ModeView[int, list[int]]):
    """Every required hook, each as little as it may be."""

    def build_model(self, state: int) -> list[int]:
        return [state]

    def event_handlers(self) -> Handlers:
        return {}

    def draw_pieces(
        self, surface: pygame.Surface, layout: BoardLayout, model: list[int], offset: tuple[float, float]
    ) -> None:
        pass

    def draw_under(self, layer: pygame.Surface, interactive: bool) -> bool:
        return False

    def draw_over(self, layer: pygame.Surface, interactive: bool) -> bool:
        return False

    def pointer(self, intent: Intent) -> bool:
        return False

    def seat_name(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return (0, 0, 0)

    def draw_emblem(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        pass

    def log_turns(self) -> list[LogTurn]:
        return []

    def status(self, hint: str, note: str) -> str:
        return hint or note

    def hint_words(self, text: str) -> str:
        return text

    def end_reason(self, outcome: Outcome) -> str:
        return str(outcome.reason)


def test_the_required_hooks_are_abstract_and_the_rest_have_defaults() -> None:
    assert set(ModeView.__abstractmethods__) == REQUIRED
    view = FullView()
    assert missing_hooks(FullView) == []
    # The optional hooks answer with their defaults.
    assert view.slot_units == 0.0 and view.slot_room() == 0.0 and view.panel_slot() is None
    assert view.position_changed(3, True) is None and view.cancel() is False and view.handover(0) is None
    assert view.turn_marks([]) == [] and view.turn_seat(3) is None and view.last_cells() is None
    assert view.results_size() == (0, 0) and view.end_summary(3) == "" and view.turn_left(3) == ""


@pytest.mark.parametrize("hook", sorted(REQUIRED))
def test_a_view_missing_a_required_hook_fails_as_its_class_is_made(hook: str) -> None:
    with pytest.raises(TypeError, match=f"lacks the required hooks of a mode's view: {hook}$"):
        type("HalfView", (FullView,), {hook: getattr(ModeView, hook)})
    # A partial view, meant only to be subclassed, is made but cannot be instantiated.
    half = type("HalfView", (FullView,), {hook: getattr(ModeView, hook)}, partial=True)
    assert missing_hooks(half) == [hook]
    with pytest.raises(TypeError, match=hook):
        half()


def test_a_view_registered_with_no_hooks_names_every_required_one() -> None:
    with pytest.raises(TypeError) as failure:

        class EmptyView(ModeView[int, list[int]]):
            """Meant to be registered through `view=` without one hook of its own."""

    assert str(failure.value).endswith(", ".join(sorted(REQUIRED)))


def check_contract(view_class: type[object]) -> None:
    """`view_class` is a `ModeView` with every job's hooks, each with the contract's parameters, and can be made."""
    assert issubclass(view_class, ModeView) and all(issubclass(view_class, job) for job in JOBS)
    assert missing_hooks(view_class) == []
    # Final, so that mypy checks the class line itself for a missing hook (a class keyword such as `view=` is not).
    assert getattr(view_class, "__final__", False)
    # Each hook the view supplies keeps the contract's parameters (names and order), so the board's calls fit.
    for name, hook in hooks().items():
        own = getattr(view_class, name)
        assert list(inspect.signature(own).parameters) == list(inspect.signature(hook).parameters), name
    assert isinstance(view_class.slot_units, float | int)
    view_class()


@pytest.mark.parametrize("spec", BOARD_MODES, ids=[spec.name for spec in BOARD_MODES])
def test_every_registered_mode_view_implements_the_whole_contract(spec: registry.ModeSpec) -> None:
    check_contract(registry.resolve(spec.scene).view_class)


def test_the_template_mode_view_implements_the_whole_contract() -> None:
    check_contract(registry.resolve(SPEC.scene).view_class)
