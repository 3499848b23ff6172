"""The online client as the window and scripts use it; each part lives in the module named after its job.

`match_client` (`MatchClient`, asyncio), `threaded_client` (`ThreadedMatchClient`, for a window's frame loop),
`client_config` (`ClientConfig`: where to join and as whom; `addresses`), `client_events` (what a client reports,
`NEWS`, the errors that end it) and `creating` (`create_match`, `create_match_sync`).
"""

from __future__ import annotations

from game.online.client_config import GIVE_UP_SECONDS, ClientConfig, addresses
from game.online.client_events import (
    NEWS,
    Applied,
    ClientEvent,
    Ended,
    Joined,
    JoinRefused,
    News,
    OfferChanged,
    PresenceChanged,
    Refused,
    RematchReady,
    SeatPresence,
    ServerGone,
    ServerStatus,
    Status,
    StatusChanged,
    Unsent,
)
from game.online.creating import create_match, create_match_sync
from game.online.match_client import MatchClient
from game.online.threaded_client import ThreadedMatchClient

__all__ = [
    "GIVE_UP_SECONDS",
    "NEWS",
    "Applied",
    "ClientConfig",
    "ClientEvent",
    "Ended",
    "JoinRefused",
    "Joined",
    "MatchClient",
    "News",
    "OfferChanged",
    "PresenceChanged",
    "Refused",
    "RematchReady",
    "SeatPresence",
    "ServerGone",
    "ServerStatus",
    "Status",
    "StatusChanged",
    "ThreadedMatchClient",
    "Unsent",
    "addresses",
    "create_match",
    "create_match_sync",
]
