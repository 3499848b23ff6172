"""Test setup: headless SDL, silent audio, and a private settings/saves folder for the session."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never touch the real user's settings or saves.
os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-test-")

from hypothesis import HealthCheck, settings  # noqa: E402

# The suite runs on small shared machines: judge properties by their results, never by their speed.
settings.register_profile("kubiki", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kubiki")
