"""printkit's speed and memory, measured in one run:

    python3 bench/run.py [--repeat N] [--parts help,decks,kit,large]

1. `printkit --help`: CPU time of the whole command;
2. a 60-card and a 600-card chance deck (fronts, backs, crop marks) built by printkit,
   CPU time, wall time and peak RSS, each in a fresh process; cold (printkit's cache
   emptied first, as after installing it) and warm (the same build again, its cache filled
   by the cold one);
3. the same decks drawn directly on reportlab's canvas (bench/reference.py), timed in the
   same run, and the ratio printkit / reference, cold and warm;
4. what a card costs (the 600-card deck less the 60-card one, per card) and what is left
   (the fixed start-up), for printkit and the reference;
5. the full spankopoly kit in all three languages (`printkit build --lang all`), wall time;
6. a 10 000-card deck: wall time and peak RSS (one run), and how much memory each card
   beyond the 600 adds.

Every figure is the best of N runs (default 5) of a fresh process, so that other work on
the machine disturbs it least; the median is shown beside it. printkit and the reference
take turns (printkit cold, reference, printkit warm, reference; N rounds), so that both
meet the same moments of a busy machine. Ratios are of CPU time (user + system), which
other work on the machine disturbs less than wall time; the kit, built on both cores, is
judged by its wall time. printkit's cache (printkit/cache.py) is a folder of the run's
own; the reference has none, so its cold and warm runs are alike and all count.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.decks import grown_copy  # noqa: E402 (after the path is set)

GAME = ROOT / "data" / "spankopoly"
TARGETS = {"kit": 1.5, "cold": 2.0, "warm60": 1.5, "warm600": 1.3, "rss": 60.0, "help": 0.1}
PARTS = ("help", "decks", "kit", "large")


@dataclass(frozen=True)
class Run:
    """One fresh process: CPU time (user + system, s), wall time (s), peak RSS (MiB)."""

    cpu: float
    wall: float
    rss: float


def run_once(cmd: list[str], cwd: Path, cache: Path | None = None) -> Run:
    """One fresh process; printkit's cache in `cache`, or off."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE_DIR=str(cache or ""),
               PRINTKIT_CACHE="on" if cache else "off")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # use compiled modules, as an installed package
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


@dataclass(frozen=True)
class Figures:
    """The runs of one command."""

    runs: tuple[Run, ...]

    def best(self, what: str = "cpu") -> float:
        return min(getattr(r, what) for r in self.runs)

    def median(self, what: str = "cpu") -> float:
        return statistics.median(getattr(r, what) for r in self.runs)

    @property
    def rss(self) -> float:
        return max(r.rss for r in self.runs)


def measure(cmds: list[list[str]], repeat: int, cwd: Path,
            cache: Path | None = None) -> list[Figures]:
    """Each command run `repeat` times, in turn (A B A B …), so that a busy moment on the
    machine hits them alike; with a cache folder, the first run of all fills it."""
    runs: list[list[Run]] = [[] for _ in cmds]
    if cache is not None:
        for cmd in cmds:
            run_once(cmd, cwd, cache)
    for _ in range(repeat):
        for cmd, found in zip(cmds, runs, strict=True):
            found.append(run_once(cmd, cwd, cache))
    return [Figures(tuple(found)) for found in runs]


def cold_and_warm(ours: list[str], ref: list[str], repeat: int, cwd: Path,
                  cache: Path) -> tuple[Figures, Figures, Figures]:
    """printkit cold (its cache emptied), the reference, printkit warm, the reference:
    `repeat` rounds. Returns printkit cold, printkit warm and the reference."""
    cold, warm, reference = [], [], []
    for _ in range(repeat):
        shutil.rmtree(cache, ignore_errors=True)
        cold.append(run_once(ours, cwd, cache))
        reference.append(run_once(ref, cwd))
        warm.append(run_once(ours, cwd, cache))
        reference.append(run_once(ref, cwd))
    return Figures(tuple(cold)), Figures(tuple(warm)), Figures(tuple(reference))


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def help_figure(repeat: int) -> Figures:
    """`printkit --help`, as the installed command runs it."""
    return measure([[sys.executable, "-m", "printkit", "--help"]], repeat, ROOT)[0]


def full_kit(tmp: Path, repeat: int) -> tuple[Figures, Figures]:
    """The three-language kit, as a user builds it: cold (cache emptied) and warm."""
    cmd = [sys.executable, "-m", "printkit", "build", "spankopoly", "--lang", "all", "--out",
           str(tmp / "kit")]
    cache = tmp / "kit-cache"
    cold = []
    for _ in range(repeat):
        shutil.rmtree(cache, ignore_errors=True)
        cold.append(run_once(cmd, ROOT, cache))
    return Figures(tuple(cold)), measure([cmd], repeat, ROOT, cache)[0]


def deck_cards(data: Path) -> list[dict[str, str]]:
    """The finished texts of the chance deck, as the reference draws them."""
    from printkit.localise.stage import localise
    from printkit.plan import read, setup
    from printkit.resources import find_game
    source = read(setup(find_game("spankopoly", data)))
    deck = localise(source.setup.system, source.game,
                    source.setup.languages["nl"]).product("chance").content
    return [{"title": f.title, "text": f.blocks[0].text, "footer": f.footer,
             "colour": f.colour, "back": b.title, "subtitle": b.blocks[0].text}
            for f, b in zip(deck.fronts, deck.backs, strict=True)]


def decks(tmp: Path, repeat: int) -> list[tuple[int, Figures, Figures, Figures]]:
    """printkit (cold and warm) and the reference on a 60- and a 600-card deck, in turn."""
    rows = []
    for n in (60, 600):
        root = tmp / f"deck{n}"
        grown_copy(GAME, root / "data" / "spankopoly", "chance.toml", "chance", n)
        (root / "cards.json").write_text(json.dumps(deck_cards(root / "data")), "utf-8")
        cold, warm, ref = cold_and_warm(
            [sys.executable, str(ROOT / "bench" / "deck.py"), str(root / "data"),
             str(root / "out")],
            [sys.executable, str(ROOT / "bench" / "reference.py"), str(root / "cards.json"),
             str(root / "reference.pdf")], repeat, root, root / "cache")
        rows.append((n, cold, warm, ref))
    return rows


def large_deck(tmp: Path, cards: int = 10_000) -> Run:
    """A first build (nothing cached) of a very large deck."""
    root = tmp / f"deck{cards}"
    grown_copy(GAME, root / "data" / "spankopoly", "chance.toml", "chance", cards)
    return run_once([sys.executable, str(ROOT / "bench" / "deck.py"), str(root / "data"),
                     str(root / "out")], root, root / "cache")


def accelerated() -> str:
    try:
        from reportlab.lib import rl_accel
        return "yes" if not rl_accel._py_funcs else "partly"
    except ImportError:
        return "no"


def report_help(repeat: int) -> None:
    found = help_figure(repeat)
    best = found.best()
    print(f"printkit --help: {best:.3f} s CPU ({found.median():.3f})  [target <= "
          f"{TARGETS['help']} s: {verdict(best, TARGETS['help'])}]")


def report_decks(tmp: Path, repeat: int) -> None:
    rows = decks(tmp, repeat)
    for n, cold, warm, ref in rows:
        cold_ratio, warm_ratio = cold.best() / ref.best(), warm.best() / ref.best()
        warm_target = TARGETS["warm60" if n == 60 else "warm600"]
        targets = [f"warm <= {warm_target}: {verdict(warm_ratio, warm_target)}"]
        if n == 60:
            targets.append(f"cold <= {TARGETS['cold']}: "
                           f"{verdict(cold_ratio, TARGETS['cold'])}")
        else:
            rss = max(cold.rss, warm.rss)
            targets.append(f"RSS <= {TARGETS['rss']:.0f} MiB: {verdict(rss, TARGETS['rss'])}")
        print(f"{n:>3}-card deck, CPU s: printkit cold {cold.best():.3f} ({cold.median():.3f}),"
              f" warm {warm.best():.3f} ({warm.median():.3f}); reference {ref.best():.3f} "
              f"({ref.median():.3f}); ratio cold {cold_ratio:.2f}, warm {warm_ratio:.2f}; "
              f"wall warm {warm.best('wall'):.2f} vs {ref.best('wall'):.2f} s; peak RSS "
              f"{max(cold.rss, warm.rss):.0f} vs {ref.rss:.0f} MiB  [{'; '.join(targets)}]")
    (small, cold_s, warm_s, ref_s), (large, cold_l, warm_l, ref_l) = rows
    cards = large - small
    for name, ours_s, ours_l in (("cold", cold_s, cold_l), ("warm", warm_s, warm_l)):
        card = (ours_l.best() - ours_s.best()) / cards
        print(f"per card (600 less 60, CPU), printkit {name}: {card * 1000:.2f} ms, fixed "
              f"start-up {ours_s.best() - small * card:.3f} s")
    ref_card = (ref_l.best() - ref_s.best()) / cards
    print(f"per card, reference: {ref_card * 1000:.2f} ms, fixed start-up "
          f"{ref_s.best() - small * ref_card:.3f} s")


def report_kit(tmp: Path, repeat: int) -> None:
    cold, warm = full_kit(tmp, repeat)
    best = max(cold.best("wall"), warm.best("wall"))
    print(f"full kit (nl, nb, da), wall s: cold {cold.best('wall'):.2f} "
          f"({cold.median('wall'):.2f}), warm {warm.best('wall'):.2f} "
          f"({warm.median('wall'):.2f}); CPU cold {cold.best():.2f}, warm {warm.best():.2f};"
          f" peak RSS {max(cold.rss, warm.rss):.0f} MiB  [target <= {TARGETS['kit']} s: "
          f"{verdict(best, TARGETS['kit'])}]")


def report_large(tmp: Path) -> None:
    run = large_deck(tmp)
    print(f"10000-card deck: printkit {run.wall:.1f} s wall, {run.cpu:.1f} s CPU, peak RSS "
          f"{run.rss:.0f} MiB (one run)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"what to measure, of {', '.join(PARTS)} (default: all)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if parts - set(PARTS):
        parser.error(f"--parts: choose from {', '.join(PARTS)}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f}, reportlab C accelerator: {accelerated()}; "
          f"best (median) of {args.repeat} fresh processes each")
    # an installed printkit has its modules compiled; a checkout gets the same here, so that
    # no run pays for compiling them (which PYTHONDONTWRITEBYTECODE would otherwise force)
    compileall.compile_dir(ROOT / "printkit", quiet=1)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if "help" in parts:
            report_help(args.repeat)
        if "decks" in parts:
            report_decks(tmp, args.repeat)
        if "kit" in parts:
            report_kit(tmp, args.repeat)
        if "large" in parts:
            report_large(tmp)


if __name__ == "__main__":
    main()
