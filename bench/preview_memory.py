"""Peak memory of `printkit preview` at the edges of its options, each in a fresh process:

    python3 bench/preview_memory.py

The one-sheet board at 600 dpi (the highest --dpi), the board at 1200 mm at 600 dpi
(refused, naming the dpi it takes) and at that dpi, and a 2 000-card chance deck at the
default 100 dpi. Each line gives the command's peak RSS (MiB, the largest of printkit's
processes: a preview of one product runs in one process), wall time and exit code; the
promise (README, "Reliability") is under 500 MiB.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import grown_copy  # noqa: E402

LIMIT_MIB = 500


def peak(args: list[str], cwd: Path) -> tuple[float, float, int]:
    """Peak RSS (MiB), wall time (s) and exit code of `printkit ARGS` in a fresh process."""
    probe = ("import resource, subprocess, sys, time\n"
             "start = time.monotonic()\n"
             "done = subprocess.run([sys.executable, '-m', 'printkit', *sys.argv[1:]],"
             " capture_output=True)\n"
             "wall = time.monotonic() - start\n"
             "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
             "print(rss, wall, done.returncode)\n")
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=cwd, check=True,
                         capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off",
                              "PATH": "/usr/bin:/bin"}).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        grown_copy(ROOT / "data" / "spankopoly", work / "data" / "deck2000", "chance.toml",
                   "chance", 2000)
        cases = [
            ("board, 500 mm, 600 dpi", ["spankopoly", "--only", "board", "--dpi", "600"]),
            ("board, 1200 mm, 600 dpi (refused)",
             ["spankopoly", "--only", "board", "--board-size", "1200mm", "--dpi", "600"]),
            ("board, 1200 mm, 330 dpi",
             ["spankopoly", "--only", "board", "--board-size", "1200mm", "--dpi", "330"]),
            ("2 000-card deck, 100 dpi", ["deck2000", "--only", "chance"]),
        ]
        for what, args in cases:
            rss, wall, code = peak(["preview", "-q", *args, "--out", str(work / "out")],
                                   work)
            verdict = "met" if rss < LIMIT_MIB else "MISSED"
            print(f"{what}: {rss:.0f} MiB, {wall:.1f} s, exit {code}  "
                  f"[< {LIMIT_MIB} MiB: {verdict}]")


if __name__ == "__main__":
    start = time.monotonic()
    main()
    print(f"({time.monotonic() - start:.0f} s in all; "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB here)")
