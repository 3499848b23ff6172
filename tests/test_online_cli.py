"""The online command lines end to end, as subprocesses: serve, online create, play (computer seats), watch."""

from __future__ import annotations

import signal

from tests.online_helpers import DEADLINE, free_port, main_py, serve_process


def _finish(proc) -> tuple[int, list[str], str]:
    out, err = proc.communicate(timeout=DEADLINE * 2)
    return proc.returncode, out.strip().splitlines(), err


def test_serve_create_play_and_watch_a_whole_game(tmp_path):
    server, url = serve_process(tmp_path, tmp_path / "s.db")
    try:
        code, lines, err = _finish(
            main_py(
                "online",
                "create",
                url,
                "--mode",
                "battle_checkers",
                "--level",
                "skirmish6",
                "--seed",
                "2",
                home=tmp_path,
            )
        )
        assert code == 0, err
        join = lines[-1]
        assert len(join) == 6 and not set(join) & set("01OI")
        players = [
            main_py("online", "play", url, join, "--seat", "0", "--ai", "easy", home=tmp_path),
            main_py("online", "play", url, join, "--seat", "1", "--ai", "random", "--pace", "0.01", home=tmp_path),
        ]
        results = [_finish(p) for p in players]
        for returncode, out, err in results:
            assert returncode == 0, err
            assert out[-1].startswith("result: ") and "(" in out[-1]
            assert any(line.startswith("dice verified: ") for line in out)
        # The same outcome line for every seat.
        assert results[0][1][-1] == results[1][1][-1]
        code, watched, err = _finish(main_py("online", "watch", url, join, home=tmp_path))
        assert code == 0, err
        assert watched[-1] == results[0][1][-1]
        assert watched[0].startswith("1 seat 0: ")
        assert any(" dice (roll 0): " in line for line in watched)
    finally:
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=DEADLINE)
    assert server.returncode == 0 and "stopped" in out


def test_play_says_why_it_cannot_join_or_reach_a_server(tmp_path):
    server, url = serve_process(tmp_path, tmp_path / "s.db")
    try:
        code, lines, _ = _finish(main_py("online", "create", url, "--mode", "kubtafl", home=tmp_path))
        join = lines[-1]
        first = main_py("online", "play", url, join, "--seat", "0", "--ai", "random", "--pace", "60", home=tmp_path)
        assert first.stdout is not None and first.stdout.readline().startswith("joined seat 0")
        # The seat is taken; a code no match has; a level the mode does not have.
        taken = _finish(main_py("online", "play", url, join, "--seat", "0", "--ai", "random", home=tmp_path))
        assert taken[0] == 2 and "taken" in taken[2]
        missing = _finish(main_py("online", "play", url, "ZZZZZZ", "--seat", "0", "--ai", "random", home=tmp_path))
        assert missing[0] == 2 and "no match" in missing[2]
        bad = _finish(main_py("online", "create", url, "--mode", "kubtafl", "--level", "nowhere", home=tmp_path))
        assert bad[0] == 2 and "nowhere" in bad[2]
        first.kill()
        first.wait(DEADLINE)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(DEADLINE)
    assert server.returncode == 0
    # Nobody listens on this port: the player gives up after its time and says so.
    gone = _finish(
        main_py(
            "online",
            "play",
            f"ws://127.0.0.1:{free_port()}",
            join,
            "--seat",
            "1",
            "--ai",
            "random",
            "--give-up",
            "0.5",
            home=tmp_path,
        )
    )
    assert gone[0] == 3 and "gone" in gone[2]
