"""The dice faces shown for a round, derived from its hits.

The chance outcome of a round is the pair of hit counts (exact probabilities, see `odds`). Which of 4, 5, 6 a
hitting die shows, which of 1, 2, 3 a missing one shows and in which order the dice lie make no difference to
play, so the engine does not roll for them: it derives them from the hits and a per-game roll counter with a
fixed integer mix. The faces are therefore always consistent with the hits, identical on replay, clone and
reload, and vary from round to round; they are an honest picture of the outcome, not an extra random draw.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
HIT_MIN = 4  # a die showing this or more is a hit (C11)


def _mix(x: int) -> int:
    # splitmix64 finaliser: cheap, well spread, deterministic across platforms.
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def faces_for(seed: int, dice: int, hits: int) -> tuple[int, ...]:
    """`dice` faces of which exactly `hits` are 4–6 (the rest 1–3), in a seed-determined order."""
    if not 0 <= hits <= dice:
        raise ValueError(f"{hits} hits with {dice} dice")
    pattern = [True] * hits + [False] * (dice - hits)
    h = _mix(seed)
    for i in range(dice - 1, 0, -1):
        h = _mix(h)
        j = h % (i + 1)
        pattern[i], pattern[j] = pattern[j], pattern[i]
    out = []
    for hit in pattern:
        h = _mix(h)
        out.append((HIT_MIN if hit else 1) + h % 3)
    return tuple(out)
