"""Making a match on a server: `create_match` (asyncio) and `create_match_sync` (a thread with no event loop)."""

from __future__ import annotations

import asyncio
import ssl

from websockets.exceptions import WebSocketException

from game.engine.core import JSONObject
from game.online import protocol as P
from game.online.client_config import addresses, open_socket
from game.online.client_events import JoinRefused


async def create_match(
    url: str,
    mode: str,
    level: str | None = None,
    seats: int | None = None,
    options: dict[str, int] | None = None,
    seed: int | None = None,
    tls: ssl.SSLContext | None = None,
) -> JSONObject:
    """Create a match on the server at `url`; returns the `created` message (its `code` is the join code).
    JoinRefused when the server refuses the setup; OSError or a websockets error when it cannot be reached."""
    request = P.Create(mode=mode, level=level, seats=seats, options=dict(options or {}), seed=seed, ref=1)
    servers = addresses(url)
    for index, address in enumerate(servers):
        try:
            async with await open_socket(address, tls) as ws:
                await ws.send(P.dumps(P.request_to_wire(request)))
                async for message in ws:
                    data = P.parse_server(message)
                    if data["kind"] == "created":
                        return data
                    if data["kind"] == "error" and data.get("code") != P.UNAVAILABLE:
                        raise JoinRefused(str(data.get("code")), str(data.get("message")))
                    if data["kind"] == "error":
                        raise ConnectionError(str(data.get("message")))
            raise ConnectionError("the server closed the connection before answering")
        except (OSError, TimeoutError, WebSocketException):
            if index == len(servers) - 1:
                raise
    raise ConnectionError("no server address")


def create_match_sync(
    url: str,
    mode: str,
    level: str | None = None,
    seats: int | None = None,
    options: dict[str, int] | None = None,
    seed: int | None = None,
    timeout: float = 15.0,
) -> JSONObject:
    """`create_match` for a thread with no event loop (the window's dialog runs it off its frame loop)."""

    async def bounded() -> JSONObject:
        return await asyncio.wait_for(create_match(url, mode, level, seats, options, seed), timeout)

    return asyncio.run(bounded())
