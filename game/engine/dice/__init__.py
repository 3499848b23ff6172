"""The dice engine: every dice system of the family with exact distributions and seeded samplers.

- `polyhedral`: dice and pools (P1, P2) and the notation parser `parse('4d6kh2')`.
- `alkemy`: Alkemy health dice, checks, bonus/penalty dice and opposed rolls (A1–A5).
- `d6d3`: the D6 + D3 system (D1–D5).
"""

from game.engine.dice.alkemy import (
    HEALTH_COLOURS,
    KEPT_DICE,
    MAX_ALKEMY_DICE,
    SYMBOLS,
    AlkemyFace,
    AlkemyRoll,
    AlkemyTable,
    OpposedRoll,
    alkemy_check,
    alkemy_kept_distribution,
    alkemy_opposed,
    alkemy_opposed_roll,
    alkemy_opposed_round,
    alkemy_roll,
    alkemy_symbol_pairs,
    default_alkemy_table,
    keep_default,
    keep_indices,
    net_modifier,
    opposed_winner,
    validate_alkemy_table,
)
from game.engine.dice.d6d3 import (
    PERCENT_TABLE,
    d18_distribution,
    d18_value,
    options_distribution,
    percent_chance,
    percent_check,
    pick_one_of_three,
    pick_one_of_two,
    roll_d18,
    table_by_d6,
)
from game.engine.dice.polyhedral import (
    D3,
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    D_PERCENT,
    MAX_DICE,
    MAX_FACES,
    NAMED_DICE,
    NOTATION_ERRORS,
    DiceExpression,
    Die,
    DieRoll,
    Distribution,
    NotationError,
    Pool,
    Roll,
    custom_die,
    kubtafl_percent_value,
    parse,
    standard_die,
)

__all__ = [
    "D3", "D4", "D6", "D8", "D10", "D12", "D20", "D_PERCENT", "HEALTH_COLOURS", "KEPT_DICE", "MAX_ALKEMY_DICE",
    "MAX_DICE", "MAX_FACES", "NAMED_DICE", "NOTATION_ERRORS", "NotationError",
    "PERCENT_TABLE", "SYMBOLS", "AlkemyFace", "AlkemyRoll", "AlkemyTable",
    "DiceExpression", "Die", "DieRoll", "Distribution", "OpposedRoll", "Pool", "Roll", "alkemy_check",
    "alkemy_kept_distribution", "alkemy_opposed", "alkemy_opposed_roll", "alkemy_opposed_round", "alkemy_roll",
    "alkemy_symbol_pairs", "custom_die", "d18_distribution", "d18_value", "default_alkemy_table", "keep_default",
    "keep_indices", "kubtafl_percent_value", "net_modifier", "options_distribution", "opposed_winner", "parse",
    "percent_chance", "percent_check", "pick_one_of_three", "pick_one_of_two", "roll_d18", "standard_die",
    "table_by_d6", "validate_alkemy_table",
]
