"""Battle Checkers' text keys built at run time, each family from the values it takes (checked in every language)."""

from __future__ import annotations

from game.client.board.slot import DEPLOY_WORDS
from game.client.i18n import Keys
from game.engine.battle_checkers import DIRECTIONS, FRONT, LEFT, REAR, RIGHT
from game.engine.battle_checkers.level import presets_dir

#: The four sides of a unit, as the engine names them (B9).
SIDES = (FRONT, RIGHT, LEFT, REAR)
#: The list's past tense and the hint's imperative.
MOODS = ("words", "hint")
PLANS = ("turn", "move", "turn_move", "move_turn", "turn_move_turn", "still")
PLAN = Keys("battle_checkers.{}.plan.{}", MOODS, PLANS)
#: An attack by the side struck and how it ended.
ATTACK = Keys(
    "battle_checkers.words.attack.{}",
    (
        "front.won",
        "front.lost",
        "right.failed",
        "right.repelled",
        "right.unarmed",
        "left.shielded",
        "left.kill",
        "rear",
    ),
)
ATTACK_HINT = Keys("battle_checkers.hint.attack.{}", SIDES)
FACES_HINT = Keys("battle_checkers.hint.faces.{}", SIDES)
DIRECTION = Keys("battle_checkers.words.dir.{}", DIRECTIONS)
#: A turn by eighths: right (R) or left (L), one to three eighths or none.
TURN = Keys("battle_checkers.words.turn.{}{}", ("R", "L"), range(4))
#: A fate choice: by the turn's side ('') or by the other ('other.'); let pass, or how the roll went.
FATE = Keys("battle_checkers.words.fate.{}{}", ("", "other."), ("pass", "even", "lost", "lost_all"))
FATE_HINT = Keys("battle_checkers.hint.{}.{}", ("fate", "nofate"), ("odds", "spirit"))
SIDE = Keys("battle_checkers.side.{}", SIDES)
SIDE_SHORT = Keys("battle_checkers.side_short.{}", SIDES)
DEPLOY = Keys("battle_checkers.deploy.{}", DEPLOY_WORDS)
LEGEND_SIDE = Keys("battle_checkers.legend.side.{}", SIDES)
#: The move card: the dice an activation uses and whether pips are wasted, and what the unit then faces.
PLAN_DICE = Keys("battle_checkers.plan.{}.{}", ("sum", "die"), ("exact", "waste"))
PLAN_FACES = Keys("battle_checkers.plan.faces.{}", SIDES)
#: A seat's name where no name was typed.
SEAT = Keys("battle_checkers.seat.{}", range(2))
#: A preset's title where the language has one.
PRESET = Keys(
    "battle_checkers.preset.{}", lambda: sorted(path.stem for path in presets_dir().glob("*.json")), optional=True
)
