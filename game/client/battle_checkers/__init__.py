"""Battle Checkers 2 at the board: units with facing, the pip planner, attack odds, duels and fate rolls."""
