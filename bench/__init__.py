"""Benchmarks: each `bench_*.py` module yields figures; `python -m bench` prints them as JSON lines."""
