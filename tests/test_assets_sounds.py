"""The generated sound effects: present, valid 16-bit WAV, short, not clipped, reproducible."""

from __future__ import annotations

import math
import wave
from array import array
from itertools import pairwise
from pathlib import Path

import pytest

from game.client import audio_synth
from game.paths import assets_dir

SOUNDS_DIR = assets_dir() / "sounds"
EXPECTED = ("roll", "slide", "impact", "destroy", "victory", "click", "push")
# Seconds: effects are short; the victory chime may ring a little longer.
MAX_SECONDS = {name: 0.8 for name in EXPECTED} | {"victory": 1.5}
CLIP_LIMIT = 0.95 * 32767
# Samples at each end must be this quiet, so starting or stopping a sound never pops.
EDGE_LIMIT = 0.01 * 32767


def _read(path: Path) -> tuple:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(params.nframes))
    return params, samples


def test_generator_lists_every_expected_sound():
    assert set(audio_synth.SOUNDS) == set(EXPECTED)


@pytest.mark.parametrize("name", EXPECTED)
def test_sound_file_is_valid_16bit_mono_wav(name):
    params, samples = _read(SOUNDS_DIR / f"{name}.wav")
    assert params.nchannels == 1
    assert params.sampwidth == 2
    assert params.framerate in (22050, 44100)
    assert len(samples) == params.nframes > 0


@pytest.mark.parametrize("name", EXPECTED)
def test_sound_duration_in_range(name):
    params, _ = _read(SOUNDS_DIR / f"{name}.wav")
    seconds = params.nframes / params.framerate
    assert 0.02 <= seconds <= MAX_SECONDS[name], f"{name}: {seconds:.3f} s"


@pytest.mark.parametrize("name", EXPECTED)
def test_sound_level_has_headroom_and_is_audible(name):
    _, samples = _read(SOUNDS_DIR / f"{name}.wav")
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert peak <= CLIP_LIMIT, f"{name} peak {peak} is at or near clipping"
    assert peak >= 0.2 * 32767, f"{name} peak {peak} is too quiet"
    assert rms >= 0.01 * 32767, f"{name} RMS {rms:.0f} is nearly silent"


@pytest.mark.parametrize("name", EXPECTED)
def test_sound_starts_and_ends_silently(name):
    _, samples = _read(SOUNDS_DIR / f"{name}.wav")
    assert abs(samples[0]) <= EDGE_LIMIT
    assert max(abs(s) for s in samples[-5:]) <= EDGE_LIMIT


def test_roll_is_a_clatter_of_separate_hits():
    """A dice roll is several distinct clicks, not one burst: count loud onsets in 5 ms windows."""
    params, samples = _read(SOUNDS_DIR / "roll.wav")
    window = params.framerate // 200
    levels = [max(abs(s) for s in samples[i : i + window]) for i in range(0, len(samples) - window, window)]
    loud = 0.15 * max(levels)
    onsets = sum(1 for before, now in pairwise(levels) if now >= loud and now > 2.5 * before)
    assert onsets >= 5


def test_generator_is_deterministic(tmp_path):
    first = audio_synth.generate_all(tmp_path / "a")
    second = audio_synth.generate_all(tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_committed_sounds_match_the_generator(tmp_path):
    """The files in assets/sounds/ are what the generator makes (±1 step for float rounding across platforms)."""
    for path in audio_synth.generate_all(tmp_path):
        fresh_params, fresh = _read(path)
        stored_params, stored = _read(SOUNDS_DIR / path.name)
        assert fresh_params == stored_params, path.name
        assert max(abs(x - y) for x, y in zip(fresh, stored, strict=True)) <= 1, path.name


def test_main_writes_into_given_folder(tmp_path, capsys):
    assert audio_synth.main([str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.wav")) == sorted(EXPECTED)
    assert "roll.wav" in capsys.readouterr().out
