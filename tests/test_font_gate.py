"""The font gate: a font file a theme or the print settings name is read within bounds
and checked for everything layout and the PDF writer read, so a hostile font is a located
problem, never a traceback, a hang or a memory blow-up."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from hostile_fonts import SHAPES, serif
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.load.fontfiles import font_problem

# The gate in a process of its own, capped at 1 GB and 60 s of CPU: a blow-up or a hang
# there fails the test instead of the machine.
BOUNDED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
from printkit.load.fontfiles import font_problem
print(font_problem(open(sys.argv[1], "rb").read()))
"""


def gate(data: bytes, tmp_path: Path) -> str:
    font = tmp_path / "font.ttf"
    font.write_bytes(data)
    run = subprocess.run([sys.executable, "-c", BOUNDED, str(font)], capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.strip()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_hostile_font_is_refused_within_bounds(shape: str, tmp_path: Path) -> None:
    """A 28-byte format-12 subtable claiming U+0000..U+7FFFFFFF was a MemoryError; 32 767
    format-4 segments took over 100 s; an OS/2 table past the end was a struct.error; a
    font without glyf and loca passed and failed in render."""
    make, why = SHAPES[shape]
    assert gate(make(), tmp_path) == f"cannot be read as a TrueType font ({why})"


def test_a_font_the_gate_passes_is_one_the_pdf_writer_embeds(tmp_path: Path) -> None:
    """The gate's other side (the fuzz tests try many more): the real font passes, and
    the PDF writer registers, subsets and embeds it."""
    assert font_problem(serif()) == ""
    assert embeds(serif(), tmp_path)


def embeds(data: bytes, tmp_path: Path) -> bool:
    """Whether reportlab registers the font and writes a PDF with text set in it."""
    font = tmp_path / "embedded.ttf"
    font.write_bytes(data)
    canvas = Canvas(str(tmp_path / "embedded.pdf"))
    face = TTFont(f"Probe-{hashlib.sha256(data).hexdigest()[:12]}", str(font))
    pdfmetrics.registerFont(face)
    canvas.setFont(face.fontName, 12)
    canvas.drawString(10, 10, "Kans ÆØÅ ĳ € 123 Ŵ")
    canvas.save()
    return (tmp_path / "embedded.pdf").stat().st_size > 0


@pytest.mark.parametrize("where", ["theme", "config"])
def test_a_hostile_font_in_a_game_or_the_print_settings_is_a_located_problem(
        cli, tmp_path: Path, where: str) -> None:
    """An OS/2 table past the end was a struct.error traceback in build, check and with
    a printkit.toml that names the font."""
    from hostile_fonts import os2_past_the_end
    from test_theme import themed_game

    game = themed_game(tmp_path / "data")
    hostile = os2_past_the_end()
    if where == "theme":
        (game / "fonts" / "DejaVuSerif.ttf").write_bytes(hostile)
        args = ("check", "themed", "--lang", "nl")
        shown = "data/themed/game.toml"
    else:
        (tmp_path / "bad.ttf").write_bytes(hostile)
        (tmp_path / "printkit.toml").write_text('[theme.fonts]\nheading = "bad.ttf"\n')
        args = ("build", "themed", "--lang", "nl", "--only", "chance", "--config",
                "printkit.toml", "--out", "out")
        shown = "printkit.toml"
    run = cli(*args)
    assert run.code == 2, run.err
    field = "theme.fonts.body" if where == "theme" else "theme.fonts.heading"
    name = "fonts/DejaVuSerif.ttf" if where == "theme" else "bad.ttf"
    assert [e for e in run.errors if e.startswith("error:")] == [
        f"error: {shown}:{line(tmp_path / shown, field)}: {field}: '{name}' cannot be read "
        "as a TrueType font (its OS/2 table lies past the end of the file)"]


def line(path: Path, field: str) -> int:
    key = field.rsplit(".", 1)[1]
    return next(i for i, text in enumerate(path.read_text("utf-8").splitlines(), 1)
                if text.startswith(f"{key} ="))


@pytest.mark.parametrize("kind", ["fifo", "folder", "long-path", "missing"])
def test_a_font_that_is_not_a_readable_file_is_a_located_problem(cli, tmp_path: Path,
                                                                 kind: str) -> None:
    """A pipe named as the font is not waited on; a path over PATH_MAX was a traceback."""
    from test_theme import themed_game

    game = themed_game(tmp_path / "data")
    font = game / "fonts" / "DejaVuSerif.ttf"
    font.unlink()
    name = "fonts/DejaVuSerif.ttf"
    if kind == "fifo":
        os.mkfifo(font)
    elif kind == "folder":
        font.mkdir()
    elif kind == "long-path":
        name = "fonts/" + "x" * 5000 + ".ttf"
        toml = game / "game.toml"
        toml.write_text(toml.read_text("utf-8").replace("fonts/DejaVuSerif.ttf", name))
    run = cli("check", "themed", "--lang", "nl")
    assert run.code == 2
    why = {"fifo": f"'{name}' is not a regular file (a pipe or a device)",
           "folder": f"'{name}' is a folder, not a file",
           "missing": f"'{name}' does not exist",
           "long-path": "the path is 5010 characters long; name the font by a path of at most"
                        ' 200, e.g. "fonts/MyFont.ttf"'}[kind]
    errors = [e for e in run.errors if e.startswith("error:")]
    assert len(errors) == 1, errors
    assert errors[0].startswith("error: data/themed/game.toml:")
    assert f"theme.fonts.body: {why}" in errors[0]
