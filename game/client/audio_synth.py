"""Synthesises the game's short sound effects into WAV files (pure Python, deterministic).

Run `python -m game.client.audio_synth [OUT_DIR]` to regenerate `assets/sounds/`.
Every sound is built from noise bursts, filtered noise, decaying sines and simple envelopes;
each has its own fixed seed, so the output is the same bytes on every run.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

from game.paths import assets_dir

SAMPLE_RATE = 44100
# Peak level after normalising: well below full scale so effects stay subtle and never clip.
DEFAULT_PEAK = 0.6
FADE_IN_S = 0.001
FADE_OUT_S = 0.012

Signal = list[float]


def _n(seconds: float) -> int:
    """Number of samples in `seconds`."""
    return int(round(seconds * SAMPLE_RATE))


def _silence(seconds: float) -> Signal:
    return [0.0] * _n(seconds)


def _noise(rng: random.Random, n: int) -> Signal:
    return [rng.random() * 2.0 - 1.0 for _ in range(n)]


def _biquad(signal: Signal, kind: str, freq: float, q: float = 0.707) -> Signal:
    """RBJ-cookbook biquad filter ('lowpass', 'highpass' or 'bandpass', constant peak gain)."""
    w0 = 2.0 * math.pi * freq / SAMPLE_RATE
    cos_w0, alpha = math.cos(w0), math.sin(w0) / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cos_w0) / 2, 1 - cos_w0, (1 - cos_w0) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cos_w0) / 2, -(1 + cos_w0), (1 + cos_w0) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(f"unknown filter kind {kind!r}")
    a0, a1, a2 = 1 + alpha, -2 * cos_w0, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    for x in signal:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def _decaying_sine(seconds: float, freq: float, tau: float, amp: float = 1.0, glide_to: float | None = None) -> Signal:
    """A sine starting at `freq` (optionally gliding exponentially to `glide_to`) under an exp(-t/tau) envelope."""
    n = _n(seconds)
    out: Signal = []
    phase = 0.0
    for i in range(n):
        t = i / SAMPLE_RATE
        f = freq if glide_to is None else glide_to + (freq - glide_to) * math.exp(-t / (tau * 0.6))
        phase += 2.0 * math.pi * f / SAMPLE_RATE
        out.append(amp * math.sin(phase) * math.exp(-t / tau))
    return out


def _envelope_exp(signal: Signal, tau: float, attack: float = 0.0) -> Signal:
    """Multiply by a linear attack of `attack` seconds followed by an exponential decay."""
    out: Signal = []
    for i, x in enumerate(signal):
        t = i / SAMPLE_RATE
        gain = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(x * gain * math.exp(-max(0.0, t - attack) / tau))
    return out


def _mix_into(target: Signal, source: Signal, at_seconds: float, gain: float = 1.0) -> None:
    start = _n(at_seconds)
    end = min(len(target), start + len(source))
    for i in range(start, end):
        target[i] += gain * source[i - start]


def _finish(signal: Signal, peak: float = DEFAULT_PEAK, fade_out_s: float = FADE_OUT_S) -> Signal:
    """Apply short fades so the sound starts and ends at silence, then normalise to `peak`."""
    n = len(signal)
    fade_in, fade_out = max(1, _n(FADE_IN_S)), max(1, _n(fade_out_s))
    faded = [x * min(1.0, i / fade_in, (n - 1 - i) / fade_out) for i, x in enumerate(signal)]
    scale = peak / (max(abs(x) for x in faded) or 1.0)
    return [x * scale for x in faded]


# --- the sounds --------------------------------------------------------------------------------


def _dice_hit(rng: random.Random, strength: float) -> Signal:
    """One die striking the tray: a bright band-passed tick plus a short plastic ring."""
    length = 0.035
    tick = _envelope_exp(_biquad(_noise(rng, _n(length)), "bandpass", 2800 + 2400 * rng.random(), 1.4), 0.004)
    ring = _decaying_sine(length, 1800 + 2600 * rng.random(), 0.006, 0.5)
    return [strength * (a + b) for a, b in zip(tick, ring, strict=True)]


def roll(rng: random.Random) -> Signal:
    """Dice clatter: a few dice bouncing, the hits thinning out and quietening as they settle."""
    out = _silence(0.72)
    t, strength, gap = 0.004, 1.0, 0.035
    while t < 0.62:
        _mix_into(out, _dice_hit(rng, strength), t)
        # A second die often lands almost together with the first: that is what makes it a clatter.
        if rng.random() < 0.45:
            _mix_into(out, _dice_hit(rng, strength * (0.5 + 0.4 * rng.random())), t + 0.004 + 0.012 * rng.random())
        t += gap * (0.6 + 0.9 * rng.random())
        gap *= 1.12
        strength *= 0.86
    # A faint rumble of the dice sliding on felt under the hits.
    felt = _envelope_exp(_biquad(_noise(rng, len(out)), "lowpass", 900), 0.18, 0.01)
    _mix_into(out, felt, 0.0, 0.08)
    return _finish(out, 0.6)


def slide(rng: random.Random) -> Signal:
    """Wooden slide: band-limited noise swelling and fading, with a little grain of wood fibres."""
    seconds = 0.34
    n = _n(seconds)
    body = _biquad(_biquad(_noise(rng, n), "lowpass", 1600), "highpass", 220)
    grain_rate = 0.0
    out: Signal = []
    for i, x in enumerate(body):
        t = i / seconds / SAMPLE_RATE
        # Smooth swell: rises over the first fifth, falls away over the rest.
        env = math.sin(math.pi * min(1.0, t / 0.2) / 2) * (1.0 - t) ** 1.5
        if rng.random() < 0.003:
            grain_rate = 0.6 + 0.4 * rng.random()
        grain_rate *= 0.995
        out.append(x * env * (0.75 + 0.25 * grain_rate))
    return _finish(out, 0.45)


def impact(rng: random.Random) -> Signal:
    """Thud: a low sine dropping in pitch under a fast decay, with a dull noise transient."""
    seconds = 0.32
    thump = _decaying_sine(seconds, 150, 0.07, 1.0, glide_to=62)
    knock = _envelope_exp(_biquad(_noise(rng, len(thump)), "lowpass", 700), 0.015)
    out = [a + 0.6 * b for a, b in zip(thump, knock, strict=True)]
    return _finish(out, 0.7)


def destroy(rng: random.Random) -> Signal:
    """Crack: a sharp broadband snap, splinters crackling after it, and a low body underneath."""
    out = _silence(0.55)
    snap = _envelope_exp(_biquad(_noise(rng, _n(0.2)), "highpass", 900), 0.018)
    _mix_into(out, snap, 0.0, 1.0)
    _mix_into(out, _decaying_sine(0.3, 110, 0.06, 0.7, glide_to=55), 0.0)
    for freq, tau in ((730, 0.05), (1170, 0.035), (1960, 0.02)):
        _mix_into(out, _decaying_sine(0.2, freq * (0.95 + 0.1 * rng.random()), tau, 0.25), 0.002)
    # Splinters: short ticks at random times, thinning out.
    t = 0.03
    while t < 0.42:
        tick = _envelope_exp(_biquad(_noise(rng, _n(0.015)), "bandpass", 1500 + 3000 * rng.random(), 2), 0.003)
        _mix_into(out, tick, t, 0.9 * (1.0 - t / 0.45))
        t += 0.012 + 0.05 * rng.random() * (1 + 3 * t)
    return _finish(out, 0.65)


def victory(rng: random.Random) -> Signal:
    """Soft chime: a rising major arpeggio of bell-like tones (inharmonic partials, slow decay)."""
    out = _silence(1.45)
    notes = (523.25, 659.26, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, freq in enumerate(notes):
        onset = 0.11 * k
        length = 1.45 - onset
        tone = _decaying_sine(length, freq, 0.42, 1.0)
        for ratio, amp, tau in ((2.0, 0.25, 0.25), (2.76, 0.12, 0.15), (5.4, 0.05, 0.07)):
            tone = [a + b for a, b in zip(tone, _decaying_sine(length, freq * ratio, tau, amp), strict=True)]
        # Soften the strike: a 6 ms attack instead of an instantaneous one.
        tone = [x * min(1.0, i / (0.006 * SAMPLE_RATE)) for i, x in enumerate(tone)]
        _mix_into(out, tone, onset, 0.8 + 0.1 * rng.random())
    # The bells are still ringing at the end: a long fade lets them die away instead of stopping.
    return _finish(out, 0.5, fade_out_s=0.25)


def click(rng: random.Random) -> Signal:
    """UI click: a very short bright tick."""
    seconds = 0.045
    tick = _decaying_sine(seconds, 2400, 0.006, 1.0)
    hiss = _envelope_exp(_biquad(_noise(rng, len(tick)), "highpass", 3000), 0.003)
    out = [a + 0.5 * b for a, b in zip(tick, hiss, strict=True)]
    return _finish(out, 0.35)


def push(rng: random.Random) -> Signal:
    """Short knock: a wood-block tap with two resonances and a tiny noise onset."""
    seconds = 0.2
    out = _decaying_sine(seconds, 520, 0.03, 1.0)
    _mix_into(out, _decaying_sine(seconds, 1340, 0.012, 0.45), 0.0)
    _mix_into(out, _envelope_exp(_biquad(_noise(rng, len(out)), "bandpass", 2000, 1.0), 0.004), 0.0, 0.8)
    return _finish(out, 0.55)


# Each sound has its own seed so changing one sound never changes another.
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], int]] = {
    "roll": (roll, 6101),
    "slide": (slide, 6102),
    "impact": (impact, 6103),
    "destroy": (destroy, 6104),
    "victory": (victory, 6105),
    "click": (click, 6106),
    "push": (push, 6107),
}


def render(name: str) -> array[int]:
    """The named sound as signed 16-bit samples."""
    make, seed = SOUNDS[name]
    signal = make(random.Random(seed))
    return array("h", (max(-32767, min(32767, int(round(x * 32767)))) for x in signal))


def write_wav(path: Path, samples: array[int]) -> None:
    """Write 16-bit mono PCM at SAMPLE_RATE."""
    data = samples
    if sys.byteorder == "big":  # WAV is little-endian
        data = array("h", samples)
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(data.tobytes())


def generate_all(out_dir: Path) -> list[Path]:
    """Render every sound into `out_dir/<name>.wav`; returns the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        write_wav(path, render(name))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Regenerate the sounds into the given folder (default: assets/sounds/ of the checkout)."""
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else assets_dir() / "sounds"
    for path in generate_all(out_dir):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
