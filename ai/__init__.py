"""Controllers and searchers for every mode; imports game.engine only."""
