"""How fast whole games are simulated (`printkit analyse --games N`):

    python3 bench/simulate.py [--game klassiek] [--players 4] [--games 1000] [--repeat 3]

Loads the game as build does, then plays the games on every core (as analyse does) in a
fresh process per run and prints the wall time and the CPU time (user + system, with the
worker processes), the best and the median of the runs, and the turns played per second.
The target: 1 000 games of klassiek for 4 players in under 10 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 10.0  # seconds of wall time for 1 000 games of klassiek, 4 players, 2 cores

ONE_RUN = """
import json, resource, sys, time
from printkit.model.simulation import Setting
from printkit.plan import read, setup
from printkit.resources import find_game
source = read(setup(find_game(sys.argv[1], None)))
game = source.game
setting = Setting(players=int(sys.argv[2]), games=int(sys.argv[3]), seed=0)
start, cpu = time.perf_counter(), time.process_time()
found = source.setup.system.simulate(game, setting)
wall = time.perf_counter() - start
children = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = time.process_time() - cpu + children.ru_utime + children.ru_stime
turns = sum(o.turns for o in found.outcomes)
print(json.dumps({"wall": wall, "cpu": cpu, "turns": turns,
                  "median": found.percentile(0.5), "ended": found.ended()}))
"""


def run(game: str, players: int, games: int) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", ONE_RUN, game, str(players), str(games)],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klassiek")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [run(args.game, args.players, args.games) for _ in range(args.repeat)]
    walls = sorted(r["wall"] for r in runs)
    cpus = sorted(r["cpu"] for r in runs)
    first = runs[0]
    print(f"{args.games} games of {args.game}, {args.players} players, seed 0: "
          f"{first['turns']:.0f} turns (median game {first['median']:.0f} turns, "
          f"{first['ended']:.1%} ended by the rules)")
    print(f"wall: best {walls[0]:.2f} s, median {statistics.median(walls):.2f} s"
          + (f" (target ≤ {TARGET:g} s)" if (args.game, args.players, args.games) ==
             ("klassiek", 4, 1000) else ""))
    print(f"CPU (with the workers): best {cpus[0]:.2f} s, median {statistics.median(cpus):.2f} s")
    print(f"turns per second of wall time: {first['turns'] / walls[0]:,.0f}")


if __name__ == "__main__":
    main()
