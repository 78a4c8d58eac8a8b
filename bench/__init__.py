"""Benchmarks of printkit (run `python3 bench/run.py`); not part of the package."""
