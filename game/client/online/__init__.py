"""Online play in the window: the Play online screens and the online part of a board."""
