"""Learn by playing on the board: the Learn screen (`screen`), a lesson's part of the board scene (`flow`), its goal
card (`card`) and opening a lesson (`start`). The lesson data and its judging are `game.learn`'s (no pygame)."""
