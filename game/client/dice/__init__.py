"""One dice renderer for the whole game and one roll animation: dice tumble into a tray and settle.

Drawing a die (cached surfaces, `size` pixels across):
    die_image(TrayDie(kind, value, label="", style="light", symbol="", sides=6, tint=None), size, glow=False)
    (a `tint` colours a pip die's body: a player's colour, its pips dark or light to read on it)
    kinds: 'pips' (d6 with pips), 'd3', 'alkemy' (style 'white' / 'yellow' / 'red', symbol 'sword' / 'axe' /
    'mace'), the polyhedra 'd4' 'd6' 'd8' 'd10' 'd%' 'd12' 'd20' (numerals; style 'light' / 'dark'),
    'token' (any other dN). Kubtafl's call is `polyhedra.die_surface(kind, side, value, size, glow)`, with
    `shadow_surface`, `value_rect`, `value_label`, `KINDS` and `FACES` beside it.

The tray (time-based, scaled by the animation-speed setting; "instant" lands every die at once):
    tray = DiceTray(rect, speed=lambda: app.settings.anim_speed, scale=app.ui_scale)
    tray.roll([[die, die], [die]], labels=["Attacker", "Defender"], glow=[(0, 1)])  # one row per group
    tray.update(dt); tray.draw(surface)
    tray.busy            # True while any die tumbles
    tray.skip()          # every die lands now
    tray.set_glow(keys)  # keys are (group, index); hits or kept dice glow
    tray.set_hits(keys)  # the dice that count stand raised and outlined, the others dim
    tray.marked, tray.dimmed   # sets of keys: a blue ring (a pick in progress), a dimmed die (not kept)
    tray.row_y(group)    # the middle of a row, for a name or a count drawn beside it
    tray.die_at(pos) -> (group, index) | None; tray.die_rect(key); tray.faces(); tray.set_rect(rect, scale)
The landing faces are always the caller's (sampled by the driver with its seeded RNG); the tumble's cosmetic
motion and flickering faces come from the tray's own `seed`, never from the dice RNG.
"""

from game.client.dice.faces import KINDS, TrayDie, die_image, shadow_image
from game.client.dice.tray import DiceTray, TrayEntry

__all__ = ["KINDS", "DiceTray", "TrayDie", "TrayEntry", "die_image", "shadow_image"]
