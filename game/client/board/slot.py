"""What the panel slots of modes with a deployment share: the slot's rows and the deployment's buttons (presets;
Clear, Deploy for me, Confirm) with what a click on them does to the mode's picks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

import pygame

from game.client.board import buttons as B
from game.client.board.panel import PanelLayout

MAX_PRESETS = 4


class SlotRows(NamedTuple):
    """The slot split top to bottom: a line of text, two rows of buttons, the rest; and the buttons' gap."""

    line: pygame.Rect
    row1: pygame.Rect
    row2: pygame.Rect
    rest: pygame.Rect
    gap: int


class DeployPicks(Protocol):
    """The picks of a mode with a drafted deployment."""

    draft: dict[str, int]
    draft_preset: str

    def use_preset(self, name: str) -> None:
        """Draft the preset `name`."""

    def deploy_for_me(self) -> None:
        """Draft the rest of the deployment."""

    def confirm_deployment(self) -> None:
        """Commit the draft."""


def slot_rows(panel: PanelLayout, row2_units: float) -> SlotRows:
    """The rows of `panel`'s slot; the second row of buttons `row2_units` panel units high."""
    r, u = panel.slot, panel.unit
    line = pygame.Rect(r.left, r.top, r.w, int(u * 1.3))
    row1 = pygame.Rect(r.left, line.bottom + u // 4, r.w, int(u * 1.8))
    row2 = pygame.Rect(r.left, row1.bottom + u // 4, r.w, int(u * row2_units))
    rest = pygame.Rect(r.left, row2.bottom + u // 3, r.w, r.bottom - row2.bottom - u // 3)
    return SlotRows(line, row1, row2, rest, max(4, u // 3))


#: The words of the deployment's buttons, for `deploy_buttons(text=...)`.
DEPLOY_WORDS = ("clear", "auto", "confirm")


def deploy_buttons(
    rows: SlotRows,
    picks: DeployPicks,
    presets: Sequence[tuple[str, str]],
    left: int,
    text: Callable[[str], str],
    weights: Sequence[float] | None = None,
) -> list[B.Button]:
    """Presets (name, title) on the first row; Clear, Deploy for me and Confirm (`text(word)`, a word of
    `DEPLOY_WORDS`) on the second."""
    chosen = [
        B.Button(f"preset:{name}", title, selected=picks.draft_preset == name) for name, title in presets[:MAX_PRESETS]
    ]
    B.row(chosen, rows.row1, rows.gap)
    rest = [
        B.Button("clear", text("clear"), enabled=bool(picks.draft)),
        B.Button("auto", text("auto"), enabled=left > 0),
        B.Button("confirm", text("confirm"), primary=True, enabled=left == 0 and bool(picks.draft)),
    ]
    B.row(rest, rows.row2, rows.gap, weights)
    return chosen + rest


def press_deploy(picks: DeployPicks, key: str) -> bool:
    """Do a deployment button's `key` on `picks`; False when `key` is not one of them."""
    if key.startswith("preset:"):
        picks.use_preset(key.partition(":")[2])
    elif key == "clear":
        picks.draft, picks.draft_preset = {}, ""
    elif key == "auto":
        picks.deploy_for_me()
    elif key == "confirm":
        picks.confirm_deployment()
    else:
        return False
    return True
