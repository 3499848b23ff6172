"""Where an online client connects and as whom: `ClientConfig`, the servers an address names, opening a socket."""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.online import protocol as P

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

#: How long a client keeps trying without any server before it is gone.
GIVE_UP_SECONDS = 60.0


@dataclass(frozen=True)
class ClientConfig:
    """A client's join: the server address (several, comma-separated, sharing one store), the join code, the seat to
    claim or hold (None: watch), the seat's token to come back with, the player's name, how long to keep trying
    without a server, and the TLS context for `wss://`."""

    url: str
    code: str
    seat: int | None = None
    token: str | None = None
    name: str = ""
    give_up_after: float = GIVE_UP_SECONDS
    tls: ssl.SSLContext | None = None


async def open_socket(url: str, tls: ssl.SSLContext | None) -> ClientConnection:
    """A websocket to one server, with the protocol's message cap."""
    # Imported here: a game played on this machine only never loads the websocket client.
    from websockets.asyncio.client import connect

    return await connect(url, max_size=P.MAX_MESSAGE, compression=None, ssl=tls, open_timeout=10, proxy=None)


def addresses(url: str) -> list[str]:
    """The servers an address names: one, or several separated by commas (servers sharing one store); a part
    without a scheme is a `ws://` address."""
    found = [part.strip() for part in url.split(",") if part.strip()]
    return [part if "://" in part else f"ws://{part}" for part in found] or [url]
