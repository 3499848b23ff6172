"""Learn by playing, without pygame: the lesson files (`lessons`), their success tests (`goals`), the player's stars
(`progress`), and the challenges with their engine proofs (`challenges`). The board scene plays a lesson through
`game.client.learn`."""
