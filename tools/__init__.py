"""Scripts that make the game's data (challenges found in self-play)."""
