"""printkit's speed and memory, measured in one run:

    python3 bench/run.py [--repeat N]

1. the full spankopoly kit in all three languages (`printkit build --lang all`), wall time;
2. a 60-card and a 600-card chance deck (fronts, backs, crop marks) built by printkit,
   wall time and peak RSS, each in a fresh process;
3. the same decks drawn directly on reportlab's canvas (bench/reference.py), timed in the
   same run, and the ratio printkit / reference;
4. what a card costs (the 600-card deck less the 60-card one, per card) and what is left
   (the fixed start-up), for printkit and the reference;
5. a 10 000-card deck: wall time and peak RSS (one run), and how much memory each card
   beyond the 600 adds.

Every figure is the best of N runs (default 5) of a fresh process, so that other work on
the machine disturbs it least; the median is shown beside it. printkit and the reference
take turns, so that both meet the same moments of a busy machine.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import grown_copy  # noqa: E402 (after the path is set)

GAME = ROOT / "data" / "spankopoly"
TARGETS = {"kit": 1.5, "ratio": 1.3, "rss": 60.0}


def run_once(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time (s) and peak RSS (MiB) of one fresh run of a command."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # use compiled modules, as an installed package
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024


def measure(cmds: list[list[str]], repeat: int, cwd: Path) -> list[tuple[float, float, float]]:
    """Best and median wall time (s) and peak RSS (MiB) of each command, run `repeat`
    times in turn (A B A B …), so that a busy moment on the machine hits them alike."""
    runs: list[list[tuple[float, float]]] = [[] for _ in cmds]
    for _ in range(repeat):
        for cmd, found in zip(cmds, runs, strict=True):
            found.append(run_once(cmd, cwd))
    return [(min(w for w, _ in found), statistics.median(w for w, _ in found),
             max(m for _, m in found)) for found in runs]


def full_kit(tmp: Path, repeat: int) -> tuple[float, float, float]:
    """The three-language kit, as a user builds it."""
    return measure([[sys.executable, "-m", "printkit", "build", "spankopoly", "--lang", "all",
                     "--out", str(tmp / "kit")]], repeat, ROOT)[0]


def deck_cards(data: Path) -> list[dict[str, str]]:
    """The finished texts of the chance deck, as the reference draws them."""
    from printkit.localise import localise
    from printkit.pipeline import load, system_of
    game = load("spankopoly", data)
    deck = localise(system_of(game), game, "nl").product("chance").content
    return [{"title": f.title, "text": f.blocks[0].text, "footer": f.footer,
             "colour": f.colour, "back": b.title, "subtitle": b.blocks[0].text}
            for f, b in zip(deck.fronts, deck.backs, strict=True)]


def decks(tmp: Path, repeat: int) -> list[tuple[int, tuple, tuple]]:
    rows = []
    for n in (60, 600):
        root = tmp / f"deck{n}"
        grown_copy(GAME, root / "data" / "spankopoly", "chance.toml", "chance", n)
        (root / "cards.json").write_text(json.dumps(deck_cards(root / "data")), "utf-8")
        ours, ref = measure([[sys.executable, str(ROOT / "bench" / "deck.py"),
                              str(root / "data"), str(root / "out")],
                             [sys.executable, str(ROOT / "bench" / "reference.py"),
                              str(root / "cards.json"), str(root / "reference.pdf")]],
                            repeat, root)
        rows.append((n, ours, ref))
    return rows


def large_deck(tmp: Path, cards: int = 10_000) -> tuple[float, float, float]:
    root = tmp / f"deck{cards}"
    grown_copy(GAME, root / "data" / "spankopoly", "chance.toml", "chance", cards)
    return measure([[sys.executable, str(ROOT / "bench" / "deck.py"), str(root / "data"),
                     str(root / "out")]], 1, root)[0]


def accelerated() -> str:
    try:
        from reportlab.lib import rl_accel
        return "yes" if not rl_accel._py_funcs else "partly"
    except ImportError:
        return "no"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f}, reportlab C accelerator: {accelerated()}; "
          f"best (median) of {repeat} fresh processes")
    # an installed printkit has its modules compiled; a checkout gets the same here, so that
    # no run pays for compiling them (which PYTHONDONTWRITEBYTECODE would otherwise force)
    compileall.compile_dir(ROOT / "printkit", quiet=1)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        best, median, rss = full_kit(tmp, repeat)
        verdict = "ok" if best <= TARGETS["kit"] else "MISSED"
        print(f"full kit (nl, nb, da): {best:.2f} s ({median:.2f}), peak RSS {rss:.0f} MiB"
              f"  [target <= {TARGETS['kit']} s: {verdict}]")
        rows = decks(tmp, repeat)
        for n, ours, ref in rows:
            ratio = ours[0] / ref[0]
            print(f"{n:>3}-card deck: printkit {ours[0]:.2f} s ({ours[1]:.2f}), peak RSS "
                  f"{ours[2]:.0f} MiB; reference {ref[0]:.2f} s ({ref[1]:.2f}), peak RSS "
                  f"{ref[2]:.0f} MiB; ratio {ratio:.2f}"
                  f"  [target ratio <= {TARGETS['ratio']}: "
                  f"{'ok' if ratio <= TARGETS['ratio'] else 'MISSED'}"
                  + (f"; RSS <= {TARGETS['rss']:.0f} MiB: "
                     f"{'ok' if ours[2] <= TARGETS['rss'] else 'MISSED'}]" if n == 600 else "]"))
        (small, ours_s, ref_s), (large, ours_l, ref_l) = rows
        cards = large - small
        ours_card, ref_card = (ours_l[0] - ours_s[0]) / cards, (ref_l[0] - ref_s[0]) / cards
        print(f"per card (600 less 60): printkit {ours_card * 1000:.2f} ms, reference "
              f"{ref_card * 1000:.2f} ms; fixed start-up: printkit "
              f"{ours_s[0] - small * ours_card:.2f} s, reference "
              f"{ref_s[0] - small * ref_card:.2f} s")
        wall, _, rss = large_deck(tmp)
        per_card = (rss - rows[-1][1][2]) * 1024 / (10_000 - rows[-1][0])
        print(f"10000-card deck: printkit {wall:.1f} s, peak RSS {rss:.0f} MiB (one run); "
              f"memory grows {per_card:.1f} KiB per card over the 600-card deck")


if __name__ == "__main__":
    main()
