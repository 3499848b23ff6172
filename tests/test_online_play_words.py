"""What an online board and the screens around it say as a new player meets them: the turn card while the server is
away, the opponent's presence, online games in the Games list, the remembered Join and Host fields, the host's port.

A real server on loopback and real websocket clients, real scenes driven by posted events; every wait is bounded.
"""

from __future__ import annotations

from game.client.online.board import away_words
from game.online.server_thread import ServerThread
from tests import client_helpers as ui
from tests.driver import BoardDriver
from tests.online_helpers import FAST, start_server
from tests.test_online_window import hosted_on_loopback, kubtafl_board, server, until  # noqa: F401 - fixtures

__all__ = ["hosted_on_loopback", "server"]


def test_the_turn_card_waits_for_the_server_while_the_connection_is_lost(app, tmp_path):
    store = tmp_path / "matches.db"
    first = start_server(store)
    port = int(first.url.rsplit(":", 1)[1])
    b, s, anna = kubtafl_board(app, first.url)
    d = BoardDriver(app)
    assert d.panel.seat_text == "Your move"
    first.stop()
    until(app, lambda: s.status == "reconnecting", "the lost connection")
    ui.frames(app, 2)
    info = d.panel
    assert info.seat_text == "Waiting for the server…"  # not "Your move" beside "Not connected to the server"
    assert "Not connected" in info.status
    second = ServerThread(store, port=port, config=FAST)
    second.start()
    try:
        until(app, lambda: s.status == "connected" and s.is_human_turn, "the reconnection")
        ui.frames(app, 2)
        assert d.panel.seat_text == "Your move"
    finally:
        anna.close()
        second.stop()


def test_the_turn_card_waits_for_the_server_while_its_store_is_out_of_reach(app, server):  # noqa: F811
    b, s, anna = kubtafl_board(app, server.url)
    d = BoardDriver(app)
    s.available = False  # as the server's `status` message sets it while its store cannot be reached
    ui.frames(app, 2)
    info = d.panel
    assert info.seat_text == "Waiting for the server…"
    assert "cannot store moves" in info.status
    app.t.language = "ru"
    assert d.panel.seat_text == "Ждём сервер…"
    anna.close()


def test_an_opponent_who_just_left_is_away_just_now_not_for_0_min(app, server):  # noqa: F811
    b, s, anna = kubtafl_board(app, server.url)
    assert "Anna: online" in [w for w, _ in b.online.strip_words()]
    anna.close()
    until(app, lambda: any(not p.online for p in s.presence if p.seat == 1), "Anna's leaving")
    words = [w for w, _ in b.online.strip_words()]
    assert "Anna: away just now" in words and not any("0 min" in w for w in words)
    assert "Anna (away)" in [w for w, _ in b.online.strip_words(short=True)]


def test_time_away_is_said_in_each_languages_plural_forms(app):
    t = app.t
    said = [away_words(t, "Anna", m) for m in (0, 1, 5, 61, 180, 60 * 24 * 2)]
    assert said == [
        "Anna: away just now",
        "Anna: away for 1 minute",
        "Anna: away for 5 minutes",
        "Anna: away for 1 hour",
        "Anna: away for 3 hours",
        "Anna: away for 2 days",
    ]
    assert away_words(t, "Anna", 3, short=True) == "Anna (3 min away)"
    t.language = "ru"
    assert [away_words(t, "Аня", m) for m in (1, 3, 5, 21, 120)] == [
        "Аня: не в сети 1 минуту",
        "Аня: не в сети 3 минуты",
        "Аня: не в сети 5 минут",
        "Аня: не в сети 21 минуту",
        "Аня: не в сети 2 часа",
    ]


def test_online_games_are_marked_in_the_games_list_with_their_opponents(app):
    from game.client.games import GamesScene
    from game.client.play import records
    from game.client.play.online import OnlineLink, OnlineSession
    from game.client.play.session import GameSession

    local = GameSession("kubtafl", "standard", ["human", "ai:easy"], seed=1, autosave=False)
    records.save_record(local.record())
    finished = OnlineSession("kubtafl", "standard", OnlineLink("ws://h:1", "K7QM2X", kinds={1: "human"}), 2)
    finished.names[:] = ["Boris", "Anna"]
    records.save_record(finished.record())
    unfinished = OnlineSession(
        "checkrisk", "corners4", OnlineLink("ws://h:1", "K7QM2Y", kinds={0: "human", 2: "ai:easy"}), 4
    )
    unfinished.names[:] = ["Anna", "Boris", "", "Dasha"]
    unfinished.save()
    ui.click(app, ui.button_by_text(app, "Games"))
    games = ui.current(app, GamesScene)
    rows = [games.row_texts(item) for item in games.items]
    online = {row.mode: row for row in rows if row.online}
    assert len(rows) == 3 and set(online) == {"Kubtafl", "CheckRisk"}
    assert online["Kubtafl"].online == "Online" and online["Kubtafl"].opponents == "against Boris"
    assert online["CheckRisk"].online == "Online"  # four seats take both of the seats column's lines
    [plain] = [row for row in rows if not row.online]
    assert plain.opponents == ""
    ui.frames(app, 2)
    assert games.cut == []  # the tag and the opponents fit their columns
    app.t.language = "ru"
    games._rows.clear()
    russian = [games.row_texts(item) for item in games.items]
    assert {row.online for row in russian} == {"", "Онлайн"} and "против: Boris" in {r.opponents for r in russian}


def test_the_join_and_host_fields_are_remembered_for_the_next_run(app, server):  # noqa: F811
    from game.client.online.host import HostScene
    from game.client.online.lobby import OnlineScene
    from game.client.play.online import OnlineSession
    from game.client.settings import load_settings
    from game.online.client import create_match_sync

    code = str(create_match_sync(server.url, "kubtafl", "standard")["code"])
    ui.click(app, ui.button_by_text(app, "Play online"))
    lobby = ui.current(app, OnlineScene)
    lobby.name_entry.set_text("Boris")
    lobby.url_entry.set_text(server.url.removeprefix("ws://"))
    lobby.code_entry.set_text(code)
    ui.click(app, ui.button_by_text(app, "Find the game"))
    until(app, lambda: any("Take seat 1" in text for text in ui.button_texts(app)), "the seats")
    # Another run of the game, on the same data folder: the fields are offered again.
    assert load_settings().settings.online == {"name": "Boris", "url": server.url}
    later = ui.make_app()
    try:
        ui.click(later, ui.button_by_text(later, "Play online"))
        again = ui.current(later, OnlineScene)
        assert (again.name_entry.get_text(), again.url_entry.get_text(), again.code_entry.get_text()) == (
            "Boris",
            server.url,
            "",
        )
        # Hosting on a server given: its address and the host's name are kept as well.
        ui.click(later, ui.button_by_text(later, "Host Kubtafl"))
        host = ui.current(later, HostScene)
        assert host.seat_name_text(0) == "Boris"  # the name the player last gave
        host.server_entry.set_text(server.url)
        ui.click(later, ui.button_by_text(later, "Host"))
        until(later, lambda: isinstance(getattr(later.scenes.current, "session", None), OnlineSession), "the match")
        assert load_settings().settings.online == {"name": "Boris", "url": server.url, "server": server.url}
        later.goto("online_host", mode="checkrisk")
        host = ui.current(later, HostScene)
        assert host.server_entry.get_text() == server.url and host.seat_name_text(0) == "Boris"
    finally:
        later.scenes.current.leave()
        later.close()


def test_a_host_whose_port_is_taken_says_so_and_a_friend_comes_back_to_the_seat_at_the_new_address(app):
    import socket

    from game.client.board.scene import BoardScene
    from game.client.online.lobby import OnlineScene
    from game.client.play import online as online_play
    from game.client.play.online import OnlineLink, OnlineSession, port_of
    from game.online.client import create_match_sync
    from tests.test_online_window import remote

    first = online_play.ensure_server(0, "127.0.0.1")
    port = port_of(first)
    code = str(create_match_sync(first, "kubtafl", "standard")["code"])
    anna = remote(first, code, 1)  # the friend, on another machine: her game keeps her seat's token
    token = anna.token
    anna.close()
    assert token
    friend = OnlineSession("kubtafl", "standard", OnlineLink(first, code, kinds={1: "human"}), 2, ["", "Anna"])
    friend.link.tokens[1] = token
    friend.save()
    online_play.stop_servers()
    with socket.socket() as squatter:  # another program takes the port before the host comes back
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("0.0.0.0", port))
        squatter.listen()
        host = OnlineSession(
            "kubtafl", "standard", OnlineLink(first, code, hosted=True, kinds={0: "human"}), 2, ["Me", ""],
            autosave=False,
        )  # fmt: skip
        app.goto("kubtafl", session=host)
        ui.frames(app, 2)
        moved = host.link.url
        assert port_of(moved) != port
        [told] = [m for m in app.messages if f"Port {port} is taken" in m]
        assert f":{port_of(moved)}" in told and code in told
        # The friend finds the game at the new address and comes back to her seat with her token.
        app.goto("online")
        lobby = ui.current(app, OnlineScene)
        lobby.url_entry.set_text(moved)
        lobby.code_entry.set_text(code)
        ui.click(app, ui.button_by_text(app, "Find the game"))
        until(app, lambda: any("Back to seat 2" in text for text in ui.button_texts(app)), "her seat")
        ui.click(app, ui.button_by_text(app, next(t for t in ui.button_texts(app) if "Back to seat 2" in t)))
        b = ui.current(app, BoardScene)
        s = b.session
        assert isinstance(s, OnlineSession) and s.own(1) and s.link.url == moved and s.link.tokens[1] == token
        until(app, lambda: s.connected and s.clients[1].token == token, "her seat again")


def test_computer_seats_hosted_here_are_numbered_so_they_are_told_apart(app, server):  # noqa: F811
    from game.client.board.scene import BoardScene
    from game.client.game_names import seat_labels
    from game.client.online.host import HostScene
    from game.client.play.online import OnlineSession

    app.goto("online_host", mode="checkrisk", level="corners4")
    host = ui.current(app, HostScene)
    for seat, kind in enumerate(("human", "remote", "ai:easy", "ai:easy")):
        host.choose("seat", seat, kind)
    host.server_entry.set_text(server.url)
    ui.click(app, ui.button_by_text(app, "Host"))
    until(app, lambda: isinstance(app.scenes.current, BoardScene), "the match")
    s = ui.current(app, BoardScene).session
    assert isinstance(s, OnlineSession)
    assert s.names[2:] == ["Computer 3", "Computer 4"]  # not "Computer (easy)" twice
    labels = seat_labels(app.t, "checkrisk", "corners4", s._saved_seats(), list(s.names), compact=True)
    assert labels[2:] == ["Computer 3 (easy)", "Computer 4 (easy)"]  # as the Games list shows them
    until(app, lambda: {p.name for p in s.presence if p.seat >= 2} == {"Computer 3", "Computer 4"}, "the names")


def test_the_join_code_of_a_past_visit_is_not_offered_again(app):
    from game.client.online.lobby import OnlineScene

    ui.click(app, ui.button_by_text(app, "Play online"))
    ui.current(app, OnlineScene).code_entry.set_text("K7QM2X")
    ui.click(app, ui.button_by_text(app, "Back"))
    ui.click(app, ui.button_by_text(app, "Play online"))
    assert ui.current(app, OnlineScene).code_entry.get_text() == ""


def test_hosting_when_the_usual_port_is_taken_says_which_port_to_open(app, monkeypatch):
    import socket

    from game.client.board.scene import BoardScene
    from game.client.online.host import HostScene
    from game.client.play import online as online_play
    from game.client.play.online import OnlineSession, port_of
    from tests.online_helpers import free_port

    port = free_port()
    monkeypatch.setattr(online_play, "HOST_PORT", port)  # the port the lobby's firewall note names
    with socket.socket() as squatter:
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        app.goto("online_host", mode="kubtafl")
        ui.current(app, HostScene).server_entry.set_text("")  # this machine is the server
        ui.click(app, ui.button_by_text(app, "Host"))
        until(app, lambda: isinstance(app.scenes.current, BoardScene), "the match")
        s = ui.current(app, BoardScene).session
        assert isinstance(s, OnlineSession) and s.link.hosted
        used = port_of(s.link.url)
        assert used != port
        assert any(f"Port {port} is taken" in m and f"port {used}" in m for m in app.messages)
