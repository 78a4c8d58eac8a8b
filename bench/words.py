"""What breaking very long words costs: the builds of words with thousands of break points
(a street named `a-a-a-…`, a card title of `-0-0-…`, a rules line a loop fills with them),
and of a 20 000-letter word with none, each in a fresh process:

    python3 bench/words.py [--repeat N]

Prints, for each, the best wall time and the peak RSS of `printkit build` (exit 0: it
printed, 2: a located "too long"), beside the same game built unchanged. Breaking a word
takes memory and time in proportion to its length (README, "Reliability"); these builds
once stopped with a MemoryError at 2.9 GB.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = {  # name: (game, products, what to change, the word)
    "unchanged klassiek": ("klassiek", "board,deeds", "", ""),
    "street a-a-… (6 000)": ("klassiek", "board,deeds", "street", "a-" * 3000),
    "street of 20 000 letters": ("klassiek", "board,deeds", "street", "Ab" * 10_000),
    "unchanged spankopoly": ("spankopoly", "chance,rules", "", ""),
    "card title -0-0-… (10 000)": ("spankopoly", "chance", "title", "-0" * 4999),
    "rules line -0-0-… (20 000)": ("spankopoly", "rules", "rules",
                                   "{% for i in range(9999) %}-0{% endfor %}"),
}


def prepared(folder: Path, game: str, change: str, word: str) -> Path:
    """A copy of the game with the word where `change` says."""
    target = folder / game
    shutil.copytree(ROOT / "data" / game, target)
    if change == "street":
        text = target / "text" / "nl.toml"
        text.write_text(re.sub(r'(\[streets\.molenweg\]\nname = )"[^"]*"', rf'\1"{word}"',
                               text.read_text("utf-8")), "utf-8")
    elif change == "title":
        text = target / "text" / "nl.toml"
        text.write_text(text.read_text("utf-8").replace('title = "Je bent jarig!"',
                                                        f'title = "{word}"'), "utf-8")
    elif change == "rules":
        rules = target / "rules" / "nl.md"
        rules.write_text(rules.read_text("utf-8") + "\n" + word + "\n", "utf-8")
    return target


def run_once(game: Path, only: str, out: Path) -> tuple[float, float, int]:
    """Wall time (s), peak RSS (MiB) and exit code of one build in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE="off")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "build", str(game), "--lang",
                             "nl", "--only", only, "--out", str(out), "-q"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        for name, (game, only, change, word) in CASES.items():
            folder = prepared(Path(tmp) / str(len(name)) / name.split()[0], game, change,
                              word)
            runs = [run_once(folder, only, Path(tmp) / "out") for _ in range(repeat)]
            wall = min(r[0] for r in runs)
            rss = max(r[1] for r in runs)
            print(f"{name:28} {only:13} {wall:5.2f} s  {rss:5.0f} MiB  exit {runs[0][2]}")


if __name__ == "__main__":
    main()
