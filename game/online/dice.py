"""Fair dice anyone can check: a committed secret seed, the seats' public values and the roll's number.

Before any seat joins, the server publishes `commitment(secret)` (sha256 of the secret's bytes). Each seat adds a
public random value when it joins. Roll number n (0 for a match's first roll, counted along the line of play that
stands, so a roll taken back and played again is the same roll) is sampled from `random.Random(k)`, where k is the
big-endian integer of sha256 of the canonical JSON `["<secret>",["<value of seat 0>",...],n]`, with the engine's
own `sample_chance`, exactly as a local game samples. At the end the server reveals the secret and `verify`
replays every roll.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.core import Action, AnyState, Game, IllegalAction
from game.engine.driver import sample_chance
from game.online.protocol import CHANCE, Entry

SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def new_value() -> str:
    """A seat's public random value: 16 random bytes as 32 hex digits."""
    return secrets.token_hex(16)


def commitment(secret: str) -> str:
    """The hash published before the first roll: sha256 of the secret's bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(secret)).hexdigest()


def roll_rng(secret: str, values: Sequence[str], roll: int) -> random.Random:
    """The generator roll number `roll` is sampled with."""
    text = json.dumps([secret, list(values), roll], separators=(",", ":"))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest(), "big"))


def roll(state: AnyState, secret: str, values: Sequence[str], number: int) -> Action:
    """The chance outcome of roll number `number` at the chance node `state` is at."""
    outcome: Action = sample_chance(state, roll_rng(secret, values, number))
    return outcome


@dataclass(frozen=True)
class DiceCheck:
    """What `verify` found: True when the hash and every roll match; how many rolls it replayed; what did not."""

    ok: bool
    rolls: int
    problem: str = ""


def verify(game: Game, log: Sequence[Entry], secret: str, published: str, values: Sequence[str]) -> DiceCheck:
    """Check a finished match's dice: the revealed `secret` hashes to the `published` commitment, and each roll of
    the `log` (the decisions and rolls that stand, in order) is the one the secret and the seats' values give."""
    try:
        if commitment(secret) != published:
            return DiceCheck(False, 0, "the revealed seed does not match the hash published before the first roll")
    except ValueError:
        return DiceCheck(False, 0, "the revealed seed is not hex")
    state = game.initial_state()
    rolls = 0
    for entry in log:
        try:
            if entry.type == CHANCE:
                if entry.roll != rolls:
                    return DiceCheck(False, rolls, f"entry {entry.seq} is numbered roll {entry.roll}, not {rolls}")
                expected = state.action_to_str(roll(state, secret, values, rolls))
                if expected != entry.action:
                    return DiceCheck(
                        False, rolls, f"roll {rolls} (entry {entry.seq}) was {entry.action}, the seed gives {expected}"
                    )
                rolls += 1
            state.apply(state.action_from_str(entry.action))
        except (IllegalAction, ValueError) as exc:
            return DiceCheck(False, rolls, f"entry {entry.seq} does not replay: {exc}")
    return DiceCheck(True, rolls)
