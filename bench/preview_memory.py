"""Peak memory of `printkit preview` at the edges of its options, each in a fresh process:

    python3 bench/preview_memory.py

The one-sheet board at 600 dpi (the highest --dpi), the board at 1200 mm at 600 dpi
(refused, naming the dpi it takes) and at that dpi, and a 2 000-card chance deck at the
default 100 dpi. Each line gives the command's peak RSS (MiB, the largest of printkit's
processes: a preview of one product runs in one process), wall time and exit code; the
promise (README, "Reliability") is under 500 MiB.

Then `printkit serve`'s drawing at the edges of its options: a serve session (the game
loaded, laid out and every page drawn, as `serve` does before its page shows it) in a
fresh process, drawing its pages itself as it does without worker processes (a worker
draws a document the same way): the 1200 mm board at 300 dpi (the highest serve --dpi),
a board on a 5000 mm paper at 100 dpi (refused on the page, naming the dpi it takes) and
the 2 000-card deck at the default 60 dpi. Each line gives its peak RSS, wall time and
what the page shows.
"""

from __future__ import annotations

import json
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


def serve_probe() -> None:
    """One serve session of the request in sys.argv[1] (JSON), drawn here; prints its
    peak RSS (MiB), wall time and what the page shows."""
    from printkit.commands.live import Session
    from printkit.commands.served import Served
    from printkit.options import Options, Request

    asked = json.loads(sys.argv[1])
    start = time.monotonic()
    request = Request(asked["game"], ("nl",), (asked["only"],), Path(asked["data"]),
                      Options(board_size=asked.get("board_size", ""),
                              papers=tuple(tuple(p) for p in asked.get("papers", []))),
                      Path(asked["config"]) if "config" in asked else None)
    view = list(Session(Served(request, asked["dpi"]), None).refresh())[-1]
    wall = time.monotonic() - start
    shown = view.products["nl"][0] if view.products else None
    said = (view.problems or (shown.problems if shown else ()) or
            (f"{len(shown.pictures)} pictures" if shown else "nothing",))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps([rss, wall, said[0]]))


def serve_peak(asked: dict[str, object], cwd: Path) -> tuple[float, float, str]:
    """Peak RSS (MiB), wall time (s) and what the page shows of a serve session."""
    out = subprocess.run([sys.executable, "-c", "from bench.preview_memory import "
                          "serve_probe; serve_probe()", json.dumps(asked)], cwd=cwd,
                         check=True, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PRINTKIT_CACHE": "off",
                              "PATH": "/usr/bin:/bin"}).stdout
    rss, wall, said = json.loads(out.splitlines()[-1])
    return float(rss), float(wall), str(said)


def serve_cases(work: Path) -> None:
    """serve's drawing at the edges of its options (see the module's text)."""
    config = work / "printkit.toml"
    config.write_text('[papers]\nhuge = ["5000mm", "5000mm"]\n', "utf-8")
    data = str(ROOT / "data")
    cases: list[tuple[str, dict[str, object]]] = [
        ("serve: board, 1200 mm, 300 dpi",
         {"game": "spankopoly", "only": "board", "data": data, "board_size": "1200mm",
          "dpi": 300}),
        ("serve: board on a 5000 mm paper, 100 dpi (refused)",
         {"game": "spankopoly", "only": "board", "data": data, "dpi": 100,
          "papers": [["board", "huge"]], "config": str(config)}),
        ("serve: 2 000-card deck, 60 dpi",
         {"game": "deck2000", "only": "chance", "data": str(work / "data"), "dpi": 60}),
    ]
    for what, asked in cases:
        rss, wall, said = serve_peak(asked, work)
        verdict = "met" if rss < LIMIT_MIB else "MISSED"
        print(f"{what}: {rss:.0f} MiB, {wall:.1f} s, {said[:90]}  "
              f"[< {LIMIT_MIB} MiB: {verdict}]")


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
        serve_cases(work)


if __name__ == "__main__":
    start = time.monotonic()
    main()
    print(f"({time.monotonic() - start:.0f} s in all; "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB here)")
