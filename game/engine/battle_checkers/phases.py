"""Phases of a Battle Checkers turn and the per-unit flags."""

# Phases; the `player` field is whose turn it is (or who deploys) throughout.
DEPLOY, ROLL_PHASE, MAIN, DUEL_PHASE, REPEL_PHASE, FATE_CHOICE, FATE_PHASE, OVER = (
    "deploy", "roll", "main", "duel", "repel", "fate_choice", "fate", "over",
)
PHASES = (DEPLOY, ROLL_PHASE, MAIN, DUEL_PHASE, REPEL_PHASE, FATE_CHOICE, FATE_PHASE, OVER)
CHANCE_PHASES = frozenset((ROLL_PHASE, DUEL_PHASE, REPEL_PHASE, FATE_PHASE))
# Unit flags.
ATTACK_READY, SHIELD_UP, ACTIVATED = 1, 2, 4
EMPTY = -1
