"""Learning the games: lessons, challenges and their proofs."""
