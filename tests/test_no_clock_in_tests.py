"""No test times anything: a wait goes through `tests.waits` (it ends only a hang, as '<what> never arrived'), and
speed is measured in `bench/`."""

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# An assertion on a bounded wait, a join that times out, or a clock read.
CLOCKED = re.compile(r"assert [^#\n]*\.wait\(|\.join\(timeout|perf_counter|time\.monotonic|process_time|thread_time")


def test_no_test_asserts_on_a_clock_or_a_bounded_wait():
    found = [
        f"{path.relative_to(TESTS)}:{number}: {line.strip()}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != Path(__file__).name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CLOCKED.search(line)
    ]
    assert found == []
