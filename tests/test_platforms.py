"""printkit runs on Linux, macOS and Windows. Windows has neither `fcntl` nor `os.fork`; the
tests run on Linux, so they take both away from a printkit process and build every
built-in game in it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import ROOT
from games import GAMES

# Before printkit is imported: `import fcntl` fails and os.fork is gone, as on Windows.
WINDOWS_LIKE = textwrap.dedent("""
    import os, sys

    class NoFcntl:
        def find_spec(self, name, path=None, target=None):
            if name == "fcntl":
                raise ImportError("no module named 'fcntl' (as on Windows)")
            return None

    sys.meta_path.insert(0, NoFcntl())
    sys.modules.pop("fcntl", None)
    for name in ("fork", "forkpty", "register_at_fork"):
        if hasattr(os, name):
            delattr(os, name)
""")

BUILD_ALL = WINDOWS_LIKE + textwrap.dedent("""
    from printkit.cli import main
    codes = []
    for game in sys.argv[1:]:
        sys.argv = ["printkit", "build", game, "--lang", "all", "-q", "--out", "out"]
        try:
            main()
        except SystemExit as exc:
            codes.append(exc.code or 0)
    assert "fcntl" not in sys.modules
    print(codes)
""")


def test_every_game_builds_without_fcntl_and_fork(tmp_path: Path) -> None:
    """Every language of every game: workers.py builds them one after the other (the
    bytes are those of forked workers, tests/test_parallel.py), write.py locks the output
    folder without fcntl."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", BUILD_ALL, *(g.name for g in GAMES)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == str([0] * len(GAMES)), run.stderr
    for game in GAMES:
        languages = sorted(p.name for p in (tmp_path / "out" / game.name).iterdir())
        assert languages == ["da", "nb", "nl"], game.name
        for lang in languages:
            pdfs = list((tmp_path / "out" / game.name / lang).glob("*.pdf"))
            assert len(pdfs) >= game.files, (game.name, lang)


PREFLIGHT = WINDOWS_LIKE + textwrap.dedent("""
    import printkit.preflight
    from printkit.cli import main
    printkit.preflight.MEMORY = 100
    sys.argv = ["printkit", "preflight", *sys.argv[1:]]
    main()
""")


def test_preflight_checks_each_file_apart_without_fork(tmp_path: Path) -> None:
    """Without os.fork each file is checked in a spawned process, still within its memory:
    a file of 300 000 rectangles stops at the cap and the next file is judged."""
    from hostile_pdfs import one_page

    heavy, plain = tmp_path / "rectangles.pdf", tmp_path / "plain.pdf"
    heavy.write_bytes(one_page(content=b"0 0 1 1 re f\n" * 300_000, compress=True))
    plain.write_bytes(one_page())
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", PREFLIGHT, str(heavy), str(plain)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.stdout.splitlines()[:2] == [
        f"{plain}: p1: no TrimBox: the finished size is unknown (a print shop needs it)",
        "1 problem found."], run.stdout + run.stderr
    assert (f"error: {heavy}: cannot judge this PDF: it needs more than 100 MB"
            in run.stdout + run.stderr)
    assert run.returncode == 2
