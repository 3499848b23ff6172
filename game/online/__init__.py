"""Online play: a server that owns each match (its dice, its checks, its numbered log) and clients that mirror it.

The protocol is described in one place, docs/online-protocol.md. No pygame here: the window builds on the client.

For the window (game/client) — `game.online.client`:
- `create_match_sync(url, mode, level=None, seats=None, options=None, seed=None) -> dict` (the `created` message:
  `["code"]` is the join code, `["match"]` the match) — or `await create_match(...)` in asyncio code.
- `ThreadedMatchClient(ClientConfig(url, code, seat=None, token=None, name="")).start()` joins a seat (claims a
  free `seat`, or reclaims it with its `token`; seat None watches) on a background thread and stays joined,
  reconnecting by itself.
  Each frame: `poll() -> list[ClientEvent]`; read `status` ('connecting' | 'connected' | 'reconnecting' | 'gone'),
  `presence` (`SeatPresence`: seat, name, claimed, online, since), `seat`, `token` (keep it to resume later), `seq`,
  `match` (mode, level, options, seed, commitment, status...), `outcome`, `dice_check`, `error`.
  Send without waiting: `send_action(notation, seq) -> ref` (seq: that of the last `Applied` polled; the request
  number its `Refused` or `Unsent` carries), `resign()`, `request_takeback()`, `answer_takeback(accept)`,
  `ask_rematch()`, `close()`. `NEWS.wait(seen, timeout)` blocks until any client of the process reports an event.
- Events: `Joined(seat, match)` (after every (re)connection), `Applied(entry, events)` — apply `entry.action` to
  the session for `entry.type` 'action' (a seat's decision) and 'chance' (a roll); 'takeback' means: the entries
  after `entry.undo_to` are taken back (rebuild from the log); 'resign' ends the match — `StatusChanged(status,
  reason)`, `PresenceChanged(seats)`, `OfferChanged(offer, seat, open, seats)`, `Refused(code, message, ref)`,
  `Unsent(ref)` (the request could not be sent: no answer will come),
  `Ended(outcome, dice)` (`dice.ok` False: show the player the dice did not check out), `RematchReady(code)` (join
  that code with the same token), `ServerStatus(available, message)` (False: "server unavailable, retrying" — its
  store is out of reach; nothing is applied until True; `available` says the same, and `connected` is False
  meanwhile). The address may list several servers sharing one store, comma-separated (`ws://h:1,ws://h:2`).
- The match's game: `game.online.match.make_game(mode, level, options)`; `Replica(game)` replays entries.
- Hosting from the window: `game.online.server_thread.ServerThread(store_path, host, port).start() -> url`, `.stop()`.

For another store (Redis) — `game.online.store.Store`, an async protocol: `create(MatchRecord) -> bool`,
`load(code) -> StoredMatch | None`, `claim_seat(code, SeatRecord) -> bool` (False: taken), `append(code, entries,
finished=None) -> bool` (all or none; compare-and-set: False unless `entries[0].seq` is the next number),
`entries_after(code, seq)`, `codes()`, `count()`, `expire(finished_before) -> codes`, `set_presence(code, seat,
online, at)`, `presence(code)`, `close()`; raise `StoreUnavailable` when it cannot be reached. The SQLite one is
`game.online.sqlite_store.SQLiteStore(path)`; `game.online.redis_store.RedisStore(url)` is shared by several server
processes and is also a `store.Relay` (the entries it stores and what processes tell each other, per match, over
Redis pub/sub). `store.store_from_url(spec)` picks one from a command line's `--store` (a path or sqlite://, or
redis://). `MatchServer(store, config)` takes any store; when `append` returns
False the server drops its copy of the match and reloads it from the store.

Modules: `protocol` (messages, limits, error codes, `Entry`), `dice` (commitment, rolls, `verify`), `match`
(`Replica`, game setup, outcome line), `store`/`sqlite_store`/`redis_store`, `headless` (the command lines).
The server: `server` (`MatchServer`: connections, dispatch, a seat's action) composed of `ledger` (matches in memory:
loaded, made, rolled, committed), `seating` (create, join, claim, presence), `offers` (resign, takeback, rematch),
`relay` (matches shared with other server processes), `availability` (the store out of reach); `live` (a match in
memory, its connections, join codes), `limits` (`ServerConfig`, the rate bucket), `server_thread` (`ServerThread`).
The client: `client` (the names the window imports, from `match_client` (`MatchClient`), `threaded_client`
(`ThreadedMatchClient`), `client_config` (`ClientConfig`, `addresses`), `client_events` (the events, `NEWS`) and
`creating` (`create_match`, `create_match_sync`)).
"""
