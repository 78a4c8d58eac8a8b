"""Peak memory at the edges of what printkit accepts, each in a fresh process:

    python3 bench/memory.py [--parts pictures]

pictures: a copy of klassiek whose booklet cover is the largest picture the picture gate
takes (printkit.imaging.MAX_PIXELS, square, with transparency, a gradient that compresses
like artwork): `build --only rules` in RGB and in CMYK; and a 1 × 60 000 000 PNG of 117 KB
(which took 2.5 GB) named as the cover: `check`, refused.

Each line gives the command's peak RSS (MiB) and wall time; the promise (README,
"Reliability") is under 1 GB and a minute.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMIT_MIB = 1024
PARTS = ("pictures",)


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


def tall_png(width: int, height: int) -> bytes:
    """A PNG of width × height black pixels (it compresses to almost nothing)."""
    import struct

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))
    rows = (b"\0" + b"\0" * 3 * width) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8,
                                                                2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def largest_picture(path: Path) -> None:
    import numpy as np
    from PIL import Image

    from printkit.imaging import MAX_PIXELS

    side = int(MAX_PIXELS ** 0.5)
    y, x = np.mgrid[0:side, 0:side]
    pixels = np.zeros((side, side, 4), dtype=np.uint8)
    pixels[..., 0], pixels[..., 1] = (x * 7) % 256, (y * 3) % 256
    pixels[..., 2], pixels[..., 3] = (x ^ y) % 256, 255
    pixels[:side // 10, :side // 10, 3] = 0
    Image.fromarray(pixels, "RGBA").save(path)


def pictures(work: Path) -> list[tuple[str, float, float, int]]:
    game = work / "data" / "big"
    shutil.copytree(ROOT / "data" / "klassiek", game)
    largest_picture(game / "cover.png")
    (game / "tall.png").write_bytes(tall_png(1, 60_000_000))
    with (game / "game.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[theme.pictures]\ncover = "cover.png"\n')
    base = ["--data", "data", "--lang", "nl"]
    rows = [(f"booklet with the largest picture, {mode}",
             *peak(["build", "big", *base, "--only", "rules", "--out", "out",
                    "--color", mode], work)) for mode in ("rgb", "cmyk")]
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace('"cover.png"', '"tall.png"'), "utf-8")
    rows.append(("a 1 × 60 000 000 PNG as the cover, check", *peak(["check", "big", *base],
                                                                    work)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(PARTS))
    parts = parser.parse_args().parts.split(",")
    with tempfile.TemporaryDirectory() as folder:
        rows = pictures(Path(folder)) if "pictures" in parts else []
    for what, rss, wall, code in rows:
        mark = "met" if rss < LIMIT_MIB and wall < 60 else "MISSED"
        print(f"{what:52} {rss:7.0f} MiB {wall:6.1f} s  exit {code}  (< 1 GB, 60 s: {mark})")


if __name__ == "__main__":
    main()
