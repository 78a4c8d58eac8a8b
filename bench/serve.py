"""The edit loop of `printkit serve`, timed as a user meets it:

    python3 bench/serve.py [--repeat N]

A `printkit serve` of a copy of spankopoly (all three languages) runs in its own process.
For each edit the clock starts just before the file is saved and stops when the page's new
pictures are in: the server's event has arrived, the page's state has been fetched, and
every picture whose address changed has been downloaded (what the open page does).

1. a one-card text change: the text of one chance card in text/nl.toml;
2. a street rename: a street's name in text/nl.toml (board, deeds and rules show it).

The edited language is rebuilt and shown first; the server then checks the other
languages (nl is the game's source language, which they fall back on) and refreshes the
page again if they changed: that second turn is not part of the figure.

Each figure is the best (and median) of N edits (default 5), alternating two values.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "spankopoly"
TARGETS = {"card": 0.3, "rename": 1.0}
CARD = ('text = "Je partner heeft toegegeven dat je ten onrechte bent gestraft.',
        'text = "Je partner heeft eerlijk toegegeven dat je ten onrechte bent gestraft.')
STREET = ('[streets.kitchen]\nname = "Keuken"', '[streets.kitchen]\nname = "Grote keuken"')


class Server:
    """`printkit serve` in a child process, and a listener on its event stream."""

    def __init__(self, data: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "spankopoly", "--data", str(data),
             "--port", "0", "-q"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        match = re.search(r"http://[^ ]+/", line)
        if not match:
            self.stop()
            raise SystemExit(f"printkit serve did not start: {line!r}")
        self.url = match.group(0).rstrip("/")
        self.events = threading.Semaphore(0)
        threading.Thread(target=self._listen, daemon=True).start()
        self.events.acquire(timeout=30)  # the first event: the current generation
        deadline = time.monotonic() + 120  # the port answers at once: wait for the build
        while not self.settled() and time.monotonic() < deadline:
            time.sleep(0.1)

    def settled(self) -> bool:
        with urllib.request.urlopen(self.url + "/state", timeout=30) as response:
            state = json.load(response)
        return not state["loading"] and not state["building"]

    def _listen(self) -> None:
        with urllib.request.urlopen(self.url + "/events", timeout=60) as stream:
            for line in stream:
                if line.startswith(b"data:"):
                    self.events.release()

    def pictures(self) -> set[str]:
        with urllib.request.urlopen(self.url + "/state", timeout=30) as response:
            state = json.load(response)
        assert not state["problems"], state["problems"]
        return {p["url"] for products in state["products"].values() for product in products
                for p in product["pictures"]}

    def fetch(self, urls: set[str]) -> None:
        for url in urls:
            with urllib.request.urlopen(self.url + url, timeout=30) as response:
                response.read()

    def stop(self) -> None:
        """Ctrl-C, as a user stops it; killed if it has not stopped within 10 s."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def edit(server: Server, path: Path, old: str, new: str, seen: set[str]) -> float:
    """Save the change and wait for the page's new pictures: the seconds it took."""
    text = path.read_text("utf-8")
    assert old in text, old
    start = time.perf_counter()
    path.write_text(text.replace(old, new), "utf-8")
    now = seen
    while now == seen:  # the first refresh that shows the change
        if not server.events.acquire(timeout=30):
            raise SystemExit("no refresh within 30 s")
        now = server.pictures()
    server.fetch(now - seen)
    took = time.perf_counter() - start
    seen.clear()
    seen |= now
    return took


def measure(server: Server, path: Path, change: tuple[str, str], repeat: int) -> list[float]:
    seen = server.pictures()
    times = []
    for i in range(repeat):
        old, new = change if i % 2 == 0 else change[::-1]
        times.append(edit(server, path, old, new, seen))
        time.sleep(1.5)  # the other languages are checked after the edited one
        while server.events.acquire(blocking=False):
            pass
        seen = server.pictures()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(GAME, data / "spankopoly")
        text = data / "spankopoly" / "text" / "nl.toml"
        server = Server(data)
        try:
            for name, change in (("card", CARD), ("rename", STREET)):
                times = measure(server, text, change, repeat)
                verdict = "met" if min(times) <= TARGETS[name] else "missed"
                print(f"{name:7} best {min(times):.3f} s, median {statistics.median(times):.3f}"
                      f" s (target <= {TARGETS[name]} s: {verdict})")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
