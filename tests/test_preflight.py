"""`printkit preflight`: clean on everything the built-in games produce, and it reports the
problems of a deliberately bad PDF (made here with reportlab, not stored)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app
from printkit.layout.ops import MM
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.preflight import check_pdf
from printkit.resources import builtin, list_games

runner = CliRunner()
VARIANTS = {  # print form -> (options, the files checked: those the form changes)
    "home": (Options(), "*.pdf"),
    "letter-short-cmyk": (Options(paper="letter", duplex="short", cmyk=True), "*.pdf"),
    "a3-none-a2board": (Options(paper="a3", duplex="none", board_size="a2"), "[bdc]*.pdf"),
    "shop-us-cmyk": (Options(target="shop", vendor="us", cmyk=True), "[bdcsl]*.pdf"),
}


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    """Every PDF of every built-in game in its first language, in several print forms."""
    found = {}
    for variant, (options, pattern) in VARIANTS.items():
        out = tmp_path_factory.mktemp(variant)
        # every game in the home form; the other forms change the same code for every
        # game, so one game stands for them (keeps the suite fast)
        for game in list_games(None) if variant == "home" else ["spankopoly"]:
            build(Request(game, ("nl",), options=options), out)
        found[variant] = sorted(out.rglob(pattern))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_preflight_finds_nothing_wrong_in_built_in_output(outputs, variant: str) -> None:
    files = outputs[variant]
    assert len(files) >= 4
    for path in files:
        report = check_pdf(path)
        assert report.problems == [], path


def test_preflight_cli_exits_0_and_says_clean(outputs) -> None:
    files = [str(p) for p in outputs["home"] if p.name in ("board-a4.pdf", "deeds.pdf")]
    boards = [g for g in list_games(None) if (builtin("data") / g / "board.csv").is_file()]
    assert len(files) == 2 * len(boards)  # the card-deck game has neither
    result = runner.invoke(app, ["preflight", *files])
    assert result.exit_code == 0, result.output
    assert result.output.count(": clean (") == len(files)
    assert "note: p2: a tile" in result.output


def bad_pdf(path: Path) -> Path:
    """A card with the usual mistakes: no boxes or bleed, base-14 Helvetica (not embedded),
    a line of text running off the trim, 5 pt type, a 25 ppi image."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    w, h = 63 * MM, 88 * MM
    canvas = Canvas(str(path), pagesize=(w, h))
    canvas.setFillColorRGB(0.95, 0.85, 0.6)
    canvas.rect(0, 0, w, h, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont("Helvetica", 14)
    canvas.drawString(20 * MM, h - 12 * MM, "Kongens gate – Kjøpesum 2 000 kr")
    canvas.setFont("Helvetica", 5)
    canvas.drawString(10 * MM, 40 * MM, "Ærøskøbing, Østergade – pris 60 kr")
    buffer = io.BytesIO()
    Image.new("RGB", (30, 30), (200, 30, 30)).save(buffer, "PNG")
    buffer.seek(0)
    canvas.drawImage(ImageReader(buffer), 16 * MM, 50 * MM, 30 * MM, 30 * MM)
    canvas.showPage()
    canvas.save()
    return path


def test_preflight_reports_each_problem_of_a_bad_pdf(tmp_path: Path) -> None:
    problems = check_pdf(bad_pdf(tmp_path / "bad.pdf")).problems
    text = "\n".join(problems)
    assert "no TrimBox" in text
    assert "font Helvetica: not embedded (a base-14 font" in text
    assert "characters run off the trim: 'øpesum2000kr'" in text
    assert "characters smaller than 6 pt (smallest 5.0 pt): 'Ærøskøbing" in text
    assert "prints at 25 ppi" in text
    assert "artwork reaches the right trim edge but there is no bleed" in text


def test_preflight_cli_exits_1_on_problems(tmp_path: Path, outputs) -> None:
    bad = bad_pdf(tmp_path / "bad.pdf")
    result = runner.invoke(app, ["preflight", str(outputs["home"][0]), str(bad)])
    assert result.exit_code == 1
    assert f"{bad}: p1: no TrimBox" in " ".join(result.output.split())
    assert "problems found." in result.output


def test_preflight_limits_are_options(tmp_path: Path) -> None:
    bad = bad_pdf(tmp_path / "bad.pdf")
    result = runner.invoke(app, ["preflight", "--min-size", "4", "--min-ppi", "20", str(bad)])
    assert "smaller than" not in result.output
    assert "ppi" not in result.output
    assert result.exit_code == 1


def test_preflight_of_a_file_that_is_no_pdf_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    path.write_text("not a pdf")
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.exit_code == 2
    assert "not a readable PDF" in result.output


def test_preflight_of_a_pipe_or_device_exits_2_without_reading_it(tmp_path: Path) -> None:
    """Reading a pipe would wait for ever, /dev/zero fill the memory."""
    os.mkfifo(tmp_path / "pipe.pdf")
    for path in (tmp_path / "pipe.pdf", Path("/dev/zero")):
        result = runner.invoke(app, ["preflight", str(path)])
        assert result.exit_code == 2
        assert f"{path}: not a readable PDF (not a regular file)" in result.output


EXPECTED = {  # hostile PDF (tests/hostile_pdfs.py) -> the one line preflight says of it
    "two_million_rectangles": "p1: 25 MB of drawing; preflight judges up to 8 MB a page",
    "crop_box_of_three_numbers": "the CropBox is not four numbers",
    "boxes_as_strings": "the MediaBox is not four numbers",
    "form_bbox_nan": "p1: the form /X has no drawing (it is not a stream)",
    "font_not_a_dictionary": "a font that is not a dictionary",
    "type0_without_descendants": "font X: a Type0 font without its descendant font",
    "nested_forms_3000": "more than 2000 forms, or forms nested over 32 deep",
    "no_media_box": "p1: no MediaBox (a page without a size)",
    "page_300_inches": "p1: the MediaBox is over 200 inches (PDF's limit)",
    "page_of_no_size": "p1: the MediaBox is 0 × 0 pt (a page is at least 3 pt a side)",
    "form_draws_itself": "p1: the form /X draws itself",
    "no_pages": "it has no pages",
    "image_data_short": "p1: the image /I holds 1000 bytes of data where its size needs 16384",
    "image_data_long": "p1: the image /I holds more data than its size needs (16384 bytes)",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_pdf_preflight_cannot_judge_is_one_line_and_exit_2(tmp_path: Path,
                                                              name: str) -> None:
    """Malformed or enormous PDFs were tracebacks (exit 1, read as 'problems found') or
    ran for minutes into gigabytes."""
    from hostile_pdfs import HOSTILE

    path = tmp_path / f"{name}.pdf"
    path.write_bytes(HOSTILE[name])
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.output.splitlines() == [
        f"error: {path}: cannot judge this PDF: {EXPECTED[name]}"]
    assert result.exit_code == 2


def test_a_page_tree_that_loops_is_not_read(tmp_path: Path) -> None:
    from hostile_pdfs import HOSTILE

    path = tmp_path / "loop.pdf"
    path.write_bytes(HOSTILE["page_tree_loop"])
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.output.splitlines() == [
        f"error: {path}: not a readable PDF (Detected cyclic page references.)"]
    assert result.exit_code == 2


def test_tiles_declared_beyond_the_last_page_are_only_the_pages_there_are(
        tmp_path: Path) -> None:
    """`pages=1-30000000` in the keywords made a set of 30 million pages (2.2 GB): in a
    process limited to 1 GB it is one page, a tile, and no more."""
    import resource
    import subprocess
    import sys

    from hostile_pdfs import HOSTILE

    path = tmp_path / "tiles.pdf"
    path.write_bytes(HOSTILE["tiles_pages_30_million"])

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    run = subprocess.run([sys.executable, "-m", "printkit", "preflight", str(path)],
                         capture_output=True, text=True, preexec_fn=limited, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent)))
    assert run.stdout.splitlines() == [
        f"{path}: note: p1: a tile: safe zone and bleed are checked on the one-sheet "
        "original",
        f"{path}: p1: no TrimBox: the finished size is unknown (a print shop needs it)",
        "1 problem found."], run.stderr
    assert run.returncode == 1


def test_preflight_checks_each_file_within_its_memory(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file is checked in a process of its own with a memory cap: 300 000 rectangles
    (two million took 3.9 GB; 1.5 million operators and operands, within the PDF reader's
    own bound of 2 million per stream) stop at the cap, and the next file is still
    judged."""
    from hostile_pdfs import one_page

    path = tmp_path / "rectangles.pdf"
    path.write_bytes(one_page(content=b"0 0 1 1 re f\n" * 300_000, compress=True))
    monkeypatch.setattr("printkit.preflight.MEMORY", 100)
    bad = bad_pdf(tmp_path / "bad.pdf")
    result = runner.invoke(app, ["preflight", str(path), str(bad)])
    lines = result.output.splitlines()
    assert lines[0] in (f"error: {path}: cannot judge this PDF: it needs more than 100 MB",
                        f"error: {path}: cannot judge this PDF: it needs more than 100 MB "
                        "or 60 s")
    assert f"{bad}: p1: no TrimBox: the finished size is unknown (a print shop needs it)" \
        in lines
    assert result.exit_code == 2
