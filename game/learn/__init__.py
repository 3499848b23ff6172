"""Learn by playing, without pygame: the lesson files (`lessons`), their success tests (`goals`) and the player's
stars (`progress`). The board scene plays a lesson through `game.client.learn`."""
