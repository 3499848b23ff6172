"""A match server on a background thread with its own event loop: for a game hosting from its menu, and for tests."""

from __future__ import annotations

import asyncio
import ssl
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from game.online.limits import ServerConfig
from game.online.server import MatchServer

T = TypeVar("T")


class ServerThread:
    """A match server on its own thread and event loop (a game hosting from its menu; tests)."""

    def __init__(
        self,
        store: Path | str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        config: ServerConfig | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self._args = (store, host, port, config, tls)
        self.url = ""
        self.server: MatchServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="kubiki-match-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Start serving; returns the address. RuntimeError when it could not start within `timeout` seconds."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the match server did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the match server did not start: {self._error}") from self._error
        return self.url

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from game.online.store import store_from_url

        store_path, host, port, config, tls = self._args
        try:
            self._loop = asyncio.get_running_loop()
            self._stopped = asyncio.Event()
            store = store_from_url(
                None if store_path is None else str(store_path), (config or ServerConfig()).finished_ttl
            )
            self.server = MatchServer(store, config)
            self.url = await self.server.start(host, port, tls)
        except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        await self._stopped.wait()
        await self.server.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving and wait for the thread to end."""
        if self._loop is not None and self._stopped is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout)

    def call(self, work: Callable[[MatchServer], Coroutine[Any, Any, T]], timeout: float = 10.0) -> T:
        """Run the coroutine `work(server)` on the server's loop and return its result (tests)."""
        assert self._loop is not None and self.server is not None
        return asyncio.run_coroutine_threadsafe(work(self.server), self._loop).result(timeout)
