"""The pygame client: window, scenes, menus, board views, animation and sound."""

import os

# The client prints nothing on start-up (pygame's greeting would otherwise appear on every launch).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
