"""Test setup: headless SDL, silent audio, and a private settings/saves folder for the session."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never touch the real user's settings or saves.
os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-test-")
