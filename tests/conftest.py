"""Test setup: headless SDL, silent audio, and a private settings/saves folder for the session."""

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never touch the real user's settings or saves.
os.environ["KUBIKI_HOME"] = tempfile.mkdtemp(prefix="kubiki-test-")
# The AI answers inline, within the call that asks it: no threads or processes to wait for in the suite.
os.environ["KUBIKI_AI_EXECUTOR"] = "inline"

from hypothesis import HealthCheck, settings  # noqa: E402

if os.environ.get("KUBIKI_TEMPLATE_MODE"):
    # The template mode joins the registry before the tests are collected, so every test parametrised over the
    # registry runs over it too (docs/adding-a-mode.md).
    from game.engine import registry  # noqa: E402
    from tests.template_mode import SPEC  # noqa: E402

    registry.MODES = (*registry.MODES, SPEC)

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


# ---------------------------------------------------------------- scheduling: the heaviest files first
# xdist hands out tests in collection order, so a heavy file collected last keeps one core busy after the other has
# run out of work. Each file's time in the last run with workers (kept in pytest's cache folder) orders the files,
# heaviest first; the tests inside a file keep their order, so its module fixtures are still built once per worker.
# Times are rounded to half-octaves so that small changes between runs do not reorder the files.
FILE_TIMES = "kubiki-file-seconds.json"
# A clean checkout has no cache yet: it orders its first run by the times kept beside the tests.
KEPT_TIMES = Path(__file__).resolve().parent / "file_seconds.json"


def _file_times_path(config: pytest.Config):
    cache = getattr(config, "cache", None)
    return None if cache is None else cache.mkdir("kubiki") / FILE_TIMES


def _file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Heaviest files first (by the last run's times); the tests inside a file keep their order."""
    import json
    import math

    path = _file_times_path(config)
    if path is None or not path.is_file():
        path = KEPT_TIMES
    try:
        known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        known = {}
    if not isinstance(known, dict):
        return
    weight = {name: round(math.log2(1 + float(s)) * 2) for name, s in known.items() if isinstance(s, int | float)}
    items.sort(key=lambda item: -weight.get(_file_of(item.nodeid), 0))


_times: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Sums each file's setup, call and teardown times (on the controller the workers' reports arrive here)."""
    _times[_file_of(report.nodeid)] = _times.get(_file_of(report.nodeid), 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """After a run with workers, the files it ran get their new times; the other files keep theirs."""
    import json
    import os

    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None) or not _times:
        return  # only the controller of a run with workers writes: single-process runs are partial and slower
    path = _file_times_path(config)
    if path is None:
        return
    try:
        known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        known = {}
    known = known if isinstance(known, dict) else {}
    known.update({name: round(seconds, 2) for name, seconds in _times.items()})
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        temp.write_text(json.dumps(known, sort_keys=True), encoding="utf-8")
        os.replace(temp, path)  # in one step: workers collecting now read the old file or the new, never half
    except OSError:
        pass
