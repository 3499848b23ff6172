"""A game in progress, without pygame: testable with no display, and safe to import in the AI worker process.

- `seats`: the one seat parser (`parse_seat`) and the seats the new-game dialog offers.
- `session`: `GameSession` — seats, seeded dice, the log, undo snapshots and the one autosave writer.
- `worker`: AI moves and hints searched by an executor: inline (tests), thread, or process (real play).
"""
