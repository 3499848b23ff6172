"""Online play in the window: a real server on loopback, real websocket clients, real scenes driven by posted events.

The other side of each match is a client on this machine (a `ThreadedMatchClient`, or a headless random seat), so one
window plays against it. A wait runs frames while something here moves, then blocks on the clients' next news so their
threads run; only a wait that would hang ends, saying what never arrived. Nothing sleeps to make a test pass.
"""

from __future__ import annotations

import asyncio
import threading

import pygame
import pytest

from game.client import saves
from game.client.board.scene import BoardScene
from game.client.games import GamesScene
from game.client.online import host as host_scene
from game.client.online.host import HostScene
from game.client.online.lobby import OnlineScene
from game.client.play import online as online_play
from game.client.play import records
from game.client.play.online import OnlineLink, OnlineSession
from game.online.client import NEWS, ClientConfig, ThreadedMatchClient, create_match_sync
from game.online.dice import DiceCheck
from game.online.server_thread import ServerThread
from tests import client_helpers as ui
from tests.driver import BoardDriver
from tests.online_helpers import DEADLINE, FAST, free_port, never_arrived, random_seat, start_server, wait_for
from tests.waits import arrives

#: Frames in a row with no news and nothing moving here before a wait blocks on the clients' next news.
QUIET_FRAMES = 3


@pytest.fixture
def server(tmp_path):
    """A match server on a free loopback port, stopped after the test."""
    thread = start_server(tmp_path / "matches.db")
    yield thread
    thread.stop()


class Told(host_scene.Pending):
    """The host dialog's request off the frame loop, its answer told as news (a wait looks again once it is in)."""

    def _run(self, work):
        super()._run(work)
        NEWS.arrived()


@pytest.fixture(autouse=True)
def hosted_on_loopback(monkeypatch):
    """A game hosted from the menu listens on loopback and any free port here (never the player's 8765); the
    dialog's answer from the server is news for the waits."""
    monkeypatch.setattr(HostScene, "listen", "127.0.0.1")
    monkeypatch.setattr(host_scene, "Pending", Told)
    monkeypatch.setattr(online_play, "HOST_PORT", 0)
    yield
    online_play.stop_servers()


def until(app, done, what: str) -> None:
    """Frames until `done()` holds: while news comes or something here moves, the next frame at once; after a few
    quiet ones, the clients' next news (a loop of frames that never waits would keep their threads from running)."""
    quiet = 0
    while not done():
        seen = NEWS.count
        ui.frames(app, 1)
        quiet = 0 if NEWS.count != seen or moving(app) else quiet + 1
        if quiet >= QUIET_FRAMES and not done():
            if not NEWS.wait(seen, DEADLINE):
                never_arrived(f"{what}; {state_of(app)}")
            quiet = 0


def moving(app) -> bool:
    """True while the board has something to show before it waits again: an animation, entries not shown yet."""
    scene = app.scenes.current
    if not isinstance(scene, BoardScene):
        return False
    session = scene.session
    return scene.queue.busy or (isinstance(session, OnlineSession) and bool(session.inbox))


def state_of(app) -> str:
    """What the board's online game holds (said when a wait times out)."""
    s = getattr(app.scenes.current, "session", None)
    if not isinstance(s, OnlineSession):
        return f"messages: {app.messages}"
    clients = {seat: (c.status, c.seq, c.error) for seat, c in s.clients.items()}
    return (
        f"messages: {app.messages}; log {s.log}; pending {s.pending}; outbox {s.outbox}; status {s.status}; "
        f"entry {s.entry_seq}; inbox {[e.seq for e in s.inbox]}; clients {clients}; match {s.match.get('status')}"
    )


def board(app) -> BoardScene:
    """The board the app shows."""
    return ui.current(app, BoardScene)


def remote(url: str, code: str, seat: int, name: str = "Anna", token: str | None = None) -> ThreadedMatchClient:
    """The other player: a client holding `seat`, joined."""
    client = ThreadedMatchClient(ClientConfig(url, code, seat=seat, token=token, name=name)).start()
    wait_for(lambda: client.status == "connected", "the remote player to join")
    return client


def drain(client: ThreadedMatchClient, seq: int) -> None:
    """Wait until `client` has applied entry `seq`."""
    wait_for(lambda: client.seq >= seq, f"entry {seq} at the other side")


def kubtafl_board(app, url: str, seat: int = 0) -> tuple[BoardScene, OnlineSession, ThreadedMatchClient]:
    """A Kubtafl match on `url`: this window plays `seat`, Anna the other seat; both joined and started."""
    created = create_match_sync(url, "kubtafl", "standard")
    code = str(created["code"])
    link = OnlineLink(url, code, kinds={seat: "human"})
    session = OnlineSession("kubtafl", "standard", link, 2, ["Me" if s == seat else "" for s in range(2)])
    app.goto("kubtafl", session=session)
    other = remote(url, code, 1 - seat)
    b = board(app)
    until(
        app,
        lambda: session.started and not b.queue.busy and (session.is_human_turn or session.waiting_for is not None),
        "the match to start",
    )
    until(app, lambda: b.online.card == "" and b.accepting_input == (seat == 0), "the board to take input")
    return b, session, other


def test_host_from_the_menu_by_clicks_shows_the_code_and_starts_when_a_friend_joins(app):
    ui.click(app, ui.button_by_text(app, "Play online"))
    ui.current(app, OnlineScene)
    ui.click(app, ui.button_by_text(app, "Host Kubtafl"))
    host = ui.current(app, HostScene)
    assert host.seats == ["human", "remote"]  # seat 1 plays here, seat 2 is a friend elsewhere
    assert "Remote" in ui.button_texts(app)
    ui.click(app, ui.button_by_text(app, "Host"))
    until(app, lambda: isinstance(app.scenes.current, BoardScene), "the match to be created")
    b = board(app)
    d = BoardDriver(app)
    s = b.session
    assert isinstance(s, OnlineSession) and s.link.hosted and online_play.hosting()
    until(app, lambda: b.online.card == "seats" and s.presence and s.connected, "the seats card")
    # The card shows the code and the address to pass on, and says the host's machine is the server.
    assert "Copy" in ui.button_texts(app)
    assert s.link.code in b.online.invitation() and b.online.address().startswith("ws://")
    assert "Waiting for players" in d.status
    friend = remote(s.link.url, s.link.code, 1)
    until(app, lambda: s.started and b.online.card == "", "the match to start")
    assert "Copy" not in ui.button_texts(app)
    until(app, lambda: s.names[1] == "Anna", "the friend's name")
    assert d.status != "" and s.is_human_turn
    friend.close()


def test_hosting_on_a_server_that_cannot_be_reached_says_why_and_the_dialog_stays(app, monkeypatch):
    # The request is held until the dialog has been seen asking: a refused connection on loopback is answered at
    # once, within the frames of the click itself.
    asked, answered = threading.Event(), threading.Event()

    class Held(Told):
        def _run(self, work):
            if asked.wait(DEADLINE):
                super()._run(work)
            answered.set()

    monkeypatch.setattr(host_scene, "Pending", Held)
    port = free_port()  # nothing listens there
    app.goto("online_host", mode="kubtafl")
    host = ui.current(app, HostScene)
    host.server_entry.set_text(f"127.0.0.1:{port}")
    ui.click(app, ui.button_by_text(app, "Host"))
    assert host.creating is not None and "Creating the game" in host.error  # asked off the frame loop
    asked.set()
    arrives(answered.wait, "the answer")
    ui.frames(app, 1)
    assert host.creating is None
    assert host.error.startswith("The game could not be created") and ui.current(app, HostScene) is host
    assert not online_play.hosting()


def test_join_by_code_takes_a_free_seat(app, server):
    created = create_match_sync(server.url, "kubtafl", "standard")
    code = str(created["code"])
    anna = remote(server.url, code, 0)
    ui.click(app, ui.button_by_text(app, "Play online"))
    lobby = ui.current(app, OnlineScene)
    lobby.name_entry.set_text("Boris")
    lobby.url_entry.set_text(server.url)
    lobby.code_entry.set_text(code.lower())
    ui.click(app, ui.button_by_text(app, "Find the game"))
    until(app, lambda: any("Take seat 2" in text for text in ui.button_texts(app)), "the seats")
    assert "Seat 1 · Anna (taken)" in ui.button_texts(app) and "Watch" in ui.button_texts(app)
    ui.click(app, ui.button_by_text(app, next(t for t in ui.button_texts(app) if "Take seat 2" in t)))
    b = board(app)
    d = BoardDriver(app)
    s = b.session
    assert isinstance(s, OnlineSession) and s.own(1) and not s.own(0)
    until(app, lambda: s.started and s.connected, "the match to start")
    wait_for(lambda: any(p.name == "Boris" and p.online for p in anna.presence), "Anna to see Boris")
    assert "Waiting for Anna" in d.status
    assert any("Anna: online" in words for words, _ in b.online.strip_words())
    anna.close()


@pytest.mark.parametrize("app", [(1024, 600), (1280, 720)], indirect=True)
def test_the_connection_strip_covers_nothing_of_the_board_and_fits_above_the_move_list(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    ui.frames(app, 2)
    strip, pl = b.online.strip_rect, b.panel_layout
    assert strip.w > 0 and not strip.colliderect(b.layout.frame)  # the column letters stay in sight
    assert b.layout.panel.contains(strip) and strip.bottom <= pl.log.top and strip.top >= pl.slot.bottom
    assert "Anna: online" in [words for words, _ in b.online.strip_words()]
    anna.close()


def test_a_move_by_clicks_is_shown_only_once_the_server_confirmed_it(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    d = BoardDriver(app)
    # The message is held on its way to the server: the board must wait for the server's entry, not guess.
    client = s.clients[0]
    send, held = client.send_action, []
    client.send_action = lambda notation, seq=None: held.append((notation, seq))  # type: ignore[method-assign]
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    ui.frames(app, 10)
    assert held == [("a3-a5", 0)], state_of(app)
    # Sent, not applied: the board still shows the position before the move, and waits for the server.
    assert s.log == [] and s.pending == 0 and not s.is_human_turn and not b.queue.busy
    assert "a3" in b.model.dice and "a5" not in b.model.dice
    assert d.status == "Move sent; waiting for the server…"
    send(*held[0])
    until(app, lambda: s.log == ["a3-a5"], "the server's confirmation")
    drain(anna, 1)
    assert anna.match["seq"] == 1 and s.entry_seq == 1
    until(app, lambda: not b.queue.busy, "the animation")
    assert "a5" in b.model.dice and "a3" not in b.model.dice
    assert "Waiting for Anna" in d.status
    anna.close()


def test_a_remote_move_animates_like_a_local_one(app, server):
    b, s, anna = kubtafl_board(app, server.url, seat=1)
    d = BoardDriver(app)
    assert "Waiting for Anna" in d.status
    anna.send_action("a3-a5", 0)
    until(app, lambda: b.queue.busy, "the remote move to animate")
    assert s.log == ["a3-a5"] and "a5" not in b.model.dice  # the model walks forward with the animation
    until(app, lambda: not b.queue.busy, "the animation's end")
    assert "a5" in b.model.dice and s.is_human_turn
    assert len(d.moves) == 1  # the move list shows the one move
    anna.close()


def test_a_server_restart_shows_reconnecting_and_the_game_resumes(app, tmp_path):
    store = tmp_path / "matches.db"
    first = start_server(store)
    port = int(first.url.rsplit(":", 1)[1])
    b, s, anna = kubtafl_board(app, first.url)
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    until(app, lambda: s.log == ["a3-a5"] and not b.queue.busy, "the first move")
    first.stop()
    until(app, lambda: s.status == "reconnecting", "the lost connection")
    assert "reconnecting" in b.online.strip_words()[0][0]
    assert not s.is_human_turn
    second = ServerThread(store, port=port, config=FAST)
    second.start()
    try:
        until(app, lambda: s.status == "connected", "the reconnection")
        assert b.online.strip_words()[0][0] == "Connected"
        wait_for(lambda: anna.status == "connected", "Anna's reconnection")
        drain(anna, 1)
        anna.send_action(anna_reply(s), 1)
        until(app, lambda: len(s.log) == 2 and s.is_human_turn and not b.queue.busy, "the game to go on")
    finally:
        anna.close()
        second.stop()


def first_move(app, b: BoardScene, s: OnlineSession, anna: ThreadedMatchClient) -> None:
    """Light's a3-a5 by clicks, confirmed by the server, shown here and seen by Anna."""
    ui.click_cell(app, "a3")
    ui.click_cell(app, "a5")
    until(app, lambda: s.log == ["a3-a5"] and not b.queue.busy, "the move")
    drain(anna, 1)


def anna_reply(s: OnlineSession) -> str:
    """Some legal move for the seat to decide in `s`'s position."""
    state = s.state
    return state.action_to_str(state.legal_actions()[0])


def test_takeback_asked_here_is_accepted_or_declined_by_the_other_side(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    d = BoardDriver(app)
    first_move(app, b, s, anna)
    ui.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert d.status == "Asked to take back your last move…"
    assert s.log == ["a3-a5"]  # nothing goes back until the other side accepts
    wait_for(lambda: anna.client.takeback_from == 0, "Anna to see the request")
    anna.answer_takeback(False)
    until(app, lambda: s.takeback_from is None, "the answer")
    assert "declined" in d.status and s.log == ["a3-a5"]
    ui.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    wait_for(lambda: anna.client.takeback_from == 0, "Anna to see the second request")
    anna.answer_takeback(True)
    until(app, lambda: s.log == [] and s.is_human_turn, "the move taken back")
    assert "a3" in b.model.dice and "a5" not in b.model.dice
    assert "taken back" in d.status
    anna.close()


def test_takeback_asked_by_the_other_side_is_answered_on_a_card(app, server):
    b, s, anna = kubtafl_board(app, server.url, seat=1)
    anna.send_action("a3-a5", 0)
    until(app, lambda: s.log == ["a3-a5"] and not b.queue.busy, "Anna's move")
    drain(anna, 1)
    anna.request_takeback()
    until(app, lambda: b.online.card == "takeback", "the takeback card")
    assert {"Accept", "Decline"} <= set(ui.button_texts(app))
    ui.click(app, ui.button_by_text(app, "Accept"))
    until(app, lambda: s.log == [] and b.online.card == "", "the move taken back")
    assert "Accept" not in ui.button_texts(app)
    anna.close()


def test_resigning_ends_the_match_on_both_sides_and_dice_that_do_not_check_out_are_warned_of(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    ui.key(app, pygame.K_ESCAPE)
    ui.click(app, ui.button_by_text(app, "Resign"))
    assert b.dialogs.confirm is not None
    ui.click(app, next(e for e in b.dialogs.confirm.buttons.buttons if e.text == "Resign"))  # the question's answer
    until(app, lambda: s.is_over and b.dialogs.overlay == "game_over", "the end")
    wait_for(lambda: anna.outcome is not None, "Anna to see the end")
    assert s.outcome == anna.outcome and s.outcome.winners == (1,) and s.outcome.reason == "resignation"
    assert "Dark resigned" not in b.dialogs.game_over_text[1] and "Me (Light) resigned." in b.dialogs.game_over_text[1]
    until(app, lambda: s.dice_check is not None, "the dice check")
    # A server that lied about a roll: the player is warned.
    s.dice_check = DiceCheck(False, 1, "roll 0 is not the one the seed gives")
    b.online.told_end = False
    ui.frames(app, 2)
    assert any(m.startswith("Warning: the dice did not check out") for m in app.messages)
    [listed] = [item for item in records.list_records() if item.record is not None]
    assert listed.record.winners == [1] and listed.record.reason == "resignation"
    anna.close()


def test_the_pause_menu_of_a_finished_online_game_offers_a_rematch_not_a_resignation(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    anna.resign()
    until(app, lambda: s.is_over and b.dialogs.overlay == "game_over", "the end")
    ui.key(app, pygame.K_ESCAPE)  # the card closes: the final board
    ui.key(app, pygame.K_ESCAPE)  # the pause menu
    assert b.dialogs.overlay == "pause"
    assert "Resign" not in ui.button_texts(app)
    [*_, menus] = [e for e in app.ui.get_sprite_group().sprites() if getattr(e, "text", "") == "Rematch"]
    ui.click(app, menus)  # the pause menu's, over the panel's
    until(app, lambda: s.rematch_seats == (0,), "the rematch asked")
    assert b.dialogs.overlay is None and s.outcome.reason == "resignation"
    anna.close()


def play_out(url: str, code: str, seat: int) -> None:
    """A random player for `seat` on a thread of its own, until the match ends."""

    def run() -> None:
        asyncio.run(random_seat(url, code, seat, seed=11, give_up=DEADLINE))

    threading.Thread(target=run, daemon=True).start()


def test_rolls_come_from_the_server_and_computer_seats_here_play_their_own_clients(app, server):
    # Battle Checkers rolls every turn: each roll on this board is the server's entry, the local dice never roll.
    created = create_match_sync(server.url, "battle_checkers", "skirmish6")
    code = str(created["code"])
    session = OnlineSession("battle_checkers", "skirmish6", OnlineLink(server.url, code, kinds={0: "ai:easy"}), 2)
    before = session.rng.getstate()
    app.goto("battle_checkers", session=session)
    app.settings.anim_speed = "instant"
    play_out(server.url, code, 1)
    until(app, lambda: session.is_over, "the end of the match")
    assert session.rng.getstate() == before
    rolls = [text for text, actor in zip(session.log, session.actors, strict=True) if actor < 0]
    assert rolls
    until(app, lambda: session.dice_check is not None and session.dice_check.ok, "the dice check")
    assert session.dice_check.rolls == len(rolls)
    # Dice that check out are a line of the game-over card, not a warning toast over the board.
    b = board(app)
    until(app, lambda: "dice checked out" in b.dialogs.game_over_text[1], "the dice check on the game-over card")
    assert b.dialogs.overlay == "game_over" and not any("dice" in m for m in app.messages)
    # The board's log is the server's: every item is the entry with its number, in order.
    assert session.seq_of == sorted(session.seq_of) and len(session.seq_of) == len(session.log)


def test_four_seats_two_players_elsewhere_and_two_computer_seats_played_here(app, server):
    options = {"start_tokens": 8, "turn_limit": 10}
    created = create_match_sync(server.url, "checkrisk", "corners4", options=options)
    code = str(created["code"])
    kinds = {1: "ai:easy", 3: "ai:easy"}
    session = OnlineSession("checkrisk", "corners4", OnlineLink(server.url, code, kinds=kinds), 4, options=options)
    app.goto("checkrisk", session=session)
    app.settings.anim_speed = "instant"
    b = board(app)
    d = BoardDriver(app)
    until(app, lambda: b.online.card == "seats" and session.presence and session.connected, "the seats card")
    assert b.online.waiting_seats and "Waiting for players" in d.status
    play_out(server.url, code, 0)
    play_out(server.url, code, 2)
    until(app, lambda: session.is_over, "the end of the match")
    assert set(session.clients) == {1, 3} and all(session.link.tokens[s] for s in (1, 3))
    [listed] = [item for item in records.list_records() if item.record is not None]
    assert listed.record.seats == ["human", "ai:easy", "human", "ai:easy"]


def test_a_deployment_cell_by_cell_is_sent_a_cell_at_a_time(app, server):
    created = create_match_sync(server.url, "checkrisk", "standard", options={"start_tokens": 8})
    code = str(created["code"])
    session = OnlineSession(
        "checkrisk", "standard", OnlineLink(server.url, code, kinds={0: "human"}), 2, options={"start_tokens": 8}
    )
    app.goto("checkrisk", session=session)
    b = board(app)
    d = BoardDriver(app)
    anna = remote(server.url, code, 1)
    until(app, lambda: session.is_human_turn and not b.queue.busy, "the match to start")
    d.deploy_for_me()
    d.confirm_deployment()
    cells = len(session.outbox) + 1
    assert cells > 1 and session.pending == 0 and session.log == []
    until(app, lambda: not session.outbox and session.pending is None and session.waiting_for == 1, "the cells")
    assert len(session.log) == cells and all(actor == 0 for actor in session.actors)
    drain(anna, cells)
    anna.close()


def test_a_finished_online_game_is_a_record_in_games_and_replays(app, server):
    created = create_match_sync(server.url, "kubtafl", "endgame")
    code = str(created["code"])
    link = OnlineLink(server.url, code, kinds={0: "ai:easy"})
    session = OnlineSession("kubtafl", "endgame", link, 2, ["Computer", ""])
    app.goto("kubtafl", session=session)
    app.settings.anim_speed = "instant"
    play_out(server.url, code, 1)
    b = board(app)
    until(app, lambda: session.is_over and b.dialogs.overlay == "game_over", "the end of the match")
    until(app, lambda: session.dice_check is not None, "the dice check")
    assert session.dice_check.ok and not any("dice" in m for m in app.messages)  # Kubtafl rolls none: nothing to tell
    [listed] = [item for item in records.list_records() if item.record is not None]
    assert listed.record.actions == session.log and listed.record.seats == ["ai:easy", "human"]
    assert saves.unfinished() == []
    ui.click(app, ui.card_text_button(app, "Main menu"))
    ui.click(app, ui.button_by_text(app, "Games"))
    games = ui.current(app, GamesScene)
    index = next(i for i, item in enumerate(games.items) if not isinstance(item, saves.Unfinished))
    games.select(index)
    games.open_selected()
    ui.frames(app, 2)
    replay = board(app)
    assert replay.reviewer.replay is not None and not isinstance(replay.session, OnlineSession)
    assert replay.session.names == ["Computer", "r1"]  # the players as the match named them


def test_resume_reconnects_to_an_unfinished_online_game(app, server):
    b, s, anna = kubtafl_board(app, server.url)
    first_move(app, b, s, anna)
    token = s.link.tokens[0]
    assert token
    b.save_and_quit()
    ui.frames(app, 2)
    [game] = saves.unfinished()
    assert game.session["online"]["code"] == s.link.code and game.session["online"]["seats"][0]["token"] == token
    anna.send_action(anna_reply(s), 1)  # the friend moves while this window is away
    drain(anna, 2)
    ui.click(app, ui.button_by_text(app, "Games"))
    games = ui.current(app, GamesScene)
    games.select(0)
    ui.click(app, ui.button_by_text(app, "Resume"))
    resumed = board(app)
    r = resumed.session
    assert isinstance(r, OnlineSession) and r is not s
    until(app, lambda: len(r.log) == 2 and r.is_human_turn and not resumed.queue.busy, "the catch-up")
    assert r.log[0] == "a3-a5" and r.link.tokens[0] == token
    anna.close()
