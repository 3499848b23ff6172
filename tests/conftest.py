"""Test setup: headless SDL, silent audio, and a private settings/saves folder for the session."""

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never touch the real user's settings or saves.
os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-test-")
# The AI answers inline, within the call that asks it: no threads or processes to wait for in the suite.
os.environ["KUBIKI_AI_EXECUTOR"] = "inline"

from hypothesis import HealthCheck, settings  # noqa: E402

# The suite runs on small shared machines: judge properties by their results, never by their speed.
settings.register_profile("kubiki", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kubiki")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private settings/saves folder for one test, with no leftover messages about bad files."""
    from game.client import saves

    monkeypatch.setenv("KUBIKI_HOME", str(tmp_path))
    saves.forget_problems()
    return tmp_path


@pytest.fixture
def app(request, home):
    """The app on its main menu, in English, without fades; 1280×720 unless parametrised with a size
    (`@pytest.mark.parametrize("app", SIZES, indirect=True)`), at the animation speed a `pytest.mark.anim(speed)`
    names. Tests that need another start use `make_app`."""
    from tests.client_helpers import make_app

    speed = request.node.get_closest_marker("anim")
    application = make_app(getattr(request, "param", (1280, 720)), anim_speed=speed.args[0] if speed else None)
    yield application
    application.close()


@pytest.fixture
def held_ai():
    """The program's AI executor holds every search until the test calls `run_pending()` (the AI 'thinks')."""
    from game.client.play.worker import InlineExecutor, set_default_executor

    held = InlineExecutor(hold=True)
    set_default_executor(held)
    yield held
    set_default_executor(None)
