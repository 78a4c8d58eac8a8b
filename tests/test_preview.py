"""`printkit preview` and the command-line habits: pictures of every page, a contact sheet
per product with real thumbnails, building a few products, a paper per product,
--version, -h, -q, and how to print each file in the user's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.commands.preview import GAP, THUMB

runner = CliRunner()
MM = 72 / 25.4


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_preview_writes_a_picture_of_every_page_and_a_contact_sheet_per_product(
        tmp_path: Path) -> None:
    code, out = run("preview", "--only", "chance,lines", "--dpi", "30", "--out", str(tmp_path))
    assert code == 0, out
    folder = tmp_path / "spankopoly" / "nl"
    for doc in ("chance", "lines"):
        pages = len(PdfReader(folder / f"{doc}.pdf").pages)
        pictures = sorted(folder.glob(f"{doc}-[0-9]*.png"))
        assert len(pictures) == pages > 0
        width, height = Image.open(pictures[0]).size
        assert abs(width - 210 / 25.4 * 30) <= 2
        assert abs(height - 297 / 25.4 * 30) <= 2
    assert sorted(p.name for p in folder.glob("*-contact.png")) == ["chance-contact.png",
                                                                    "lines-contact.png"]
    sheet = Image.open(folder / "chance-contact.png").convert("L")
    pages = len(PdfReader(folder / "chance.pdf").pages)
    top = 2 * GAP + 24
    for i in range(pages):  # every thumbnail has ink on white paper
        x, y = GAP + (i % 6) * (THUMB + GAP), top + (i // 6) * (THUMB + GAP + 22)
        cell = sheet.crop((x, y, x + THUMB, y + THUMB))
        low, high = cell.getextrema()
        assert high >= 250, f"thumbnail {i + 1} is blank"
        assert low <= 80, f"thumbnail {i + 1} is blank"
    assert "contact sheets:" in out
    assert "chance-contact.png" in out


def test_a_second_preview_of_fewer_pages_leaves_no_stale_pictures(tmp_path: Path) -> None:
    folder = tmp_path / "spankopoly" / "nl"
    assert run("preview", "--only", "lines", "--dpi", "20", "--out", str(tmp_path))[0] == 0
    (folder / "lines-7.png").write_bytes(b"old")
    assert run("preview", "--only", "lines", "--dpi", "20", "--out", str(tmp_path))[0] == 0
    assert not (folder / "lines-7.png").exists()


def test_build_only_some_products(tmp_path: Path) -> None:
    code, out = run("build", "--only", "board", "--only", "lines", "--out", str(tmp_path))
    assert code == 0, out
    names = sorted(p.name for p in (tmp_path / "spankopoly" / "nl").glob("*.pdf"))
    assert names == ["board-a4.pdf", "board.pdf", "lines.pdf"]


def test_an_unknown_product_is_refused_naming_the_games_products(tmp_path: Path) -> None:
    code, out = run("build", "--only", "board,dice", "--out", str(tmp_path))
    assert code == 2
    assert ("--only dice: spankopoly has no product 'dice'; its products are board, deeds, "
            "chance, scorepad, lines, rules") in out
    code, out = run("build", "--paper", "tiles=a3", "--out", str(tmp_path))
    assert code == 2
    assert "--paper tiles: spankopoly has no product 'tiles'" in out
    assert not tmp_path.joinpath("spankopoly").exists()


def test_products_are_named_in_any_case(tmp_path: Path) -> None:
    """As README says of option values: `--only BOARD` and `--paper BOARD=A3` were refused
    as naming no product."""
    code, out = run("build", "--only", "BOARD,Lines,board", "--paper", "Board=A3", "--out",
                    str(tmp_path))
    assert code == 0, out
    names = sorted(p.name for p in (tmp_path / "spankopoly" / "nl").glob("*.pdf"))
    assert names == ["board-a3.pdf", "board.pdf", "lines.pdf"]


@pytest.mark.parametrize("only", ["", ",,,", " , "])
def test_an_only_that_names_no_product_is_refused(tmp_path: Path, only: str) -> None:
    """`--only ''` and `--only ',,,'` built every product."""
    code, out = run("build", "--only", only, "--out", str(tmp_path))
    assert code == 2, out
    assert f"--only '{only}': names no product; name one or more (--only board,deeds), " \
        "or leave --only out to make them all" in out
    assert not (tmp_path / "spankopoly").exists()


def test_a_paper_per_product(tmp_path: Path) -> None:
    code, out = run("build", "--only", "board,lines", "--paper", "board=a3", "--out",
                    str(tmp_path))
    assert code == 0, out
    folder = tmp_path / "spankopoly" / "nl"
    assert not (folder / "board-a4.pdf").exists()
    tiles = PdfReader(folder / "board-a3.pdf").pages[1].mediabox
    assert sorted((round(float(tiles.width) / MM), round(float(tiles.height) / MM))) \
        == [297, 420]
    sheet = PdfReader(folder / "lines.pdf").pages[0].mediabox
    assert (round(float(sheet.width) / MM), round(float(sheet.height) / MM)) == (210, 297)
    code, out = run("build", "--paper", "board=a9", "--out", str(tmp_path))
    assert code == 2
    assert "--paper board=a9: choose one of" in out


def test_version_and_short_help() -> None:
    code, out = run("--version")
    assert code == 0
    assert out.startswith("printkit ")
    code, out = run("build", "-h")
    assert code == 0
    assert "--only" in out
    assert "--quiet" in out
    code, out = run("-h")
    assert code == 0
    assert "--install-completion" in out
    assert "serve" in out


def test_each_file_is_listed_with_how_to_print_it_in_the_terminals_language(
        tmp_path: Path) -> None:
    """How to print follows the language of the terminal, not that of the file: no line
    mixes two languages."""
    code, out = run("--ui-lang", "nb", "build", "spankopoly", "--only", "deeds,rules,board",
                    "--lang", "nl", "--out", str(tmp_path))
    assert code == 0, out
    lines = out.splitlines()
    advice = {Path(lines[i].split()[0]).name: lines[i + 1].strip()
              for i in range(0, len(lines) - 1, 2) if lines[i].endswith(")")}
    assert advice["deeds.pdf"] == ("A4, skala 100 %, tosidig, vendt langs langsiden; "
                                   "skjær langs skjæremerkene")
    assert "brett på midten og stift" in advice["rules-booklet.pdf"]
    assert "trykkeri" in advice["rules.pdf"]
    assert "kopisenter" in advice["board.pdf"]
    assert "board.pdf  (1 side)" in out
    assert "rules-booklet.pdf  (8 sider)" in out
    assert lines[-1] == "5 filer skrevet."
    code, out = run("build", "spankopoly", "--only", "deeds", "--lang", "nb", "--duplex",
                    "short", "--out", str(tmp_path))
    assert "double-sided, flip on the short edge" in out  # LANG=C: English


def test_quiet_prints_nothing_but_problems(tmp_path: Path) -> None:
    code, out = run("build", "-q", "--only", "lines", "--out", str(tmp_path))
    assert code == 0
    assert out == ""
    code, out = run("build", "-v", "--only", "lines", "--out", str(tmp_path))
    assert code == 0
    assert "spankopoly (nl): lines" in out


def test_a_page_is_drawn_in_bands_as_pdfium_draws_it_whole(tmp_path: Path) -> None:
    """A page is drawn a band at a time straight into its PNG, so that memory does not
    grow with the picture: the bands joined are the page."""
    from PIL import ImageChops

    from printkit.commands.pictures import opened, write_png

    code, out = run("build", "--only", "board", "--out", str(tmp_path))
    assert code == 0, out
    png_path = tmp_path / "board.png"
    with opened((tmp_path / "spankopoly" / "nl" / "board.pdf").read_bytes()) as pdf:
        page = pdf[0]
        with open(png_path, "wb") as file:
            size = write_png(page, 40, file, band=20_000)  # 813 pixels wide: 24 rows a band
        whole = page.render(scale=40 / 72).to_pil().convert("RGB")
    banded = Image.open(png_path)
    assert banded.size == size == whole.size
    assert banded.mode == "RGB"
    difference = ImageChops.difference(banded.convert("RGB"), whole).convert("L")
    off = sum(difference.histogram()[9:])  # the same, up to a few smoothed edges
    assert off <= whole.width * whole.height // 10_000, off
    assert whole.convert("L").getextrema()[0] < 80  # and the page has ink


def test_a_page_too_large_to_draw_names_the_dpi_it_takes(tmp_path: Path) -> None:
    """A board of 1200 mm at 600 dpi would be 825 million pixels (a MemoryError): it is
    refused before it is drawn, naming the dpi that page takes; nothing is written."""
    code, out = run("preview", "--only", "board", "--board-size", "1200mm", "--dpi", "600",
                    "--out", str(tmp_path / "out"))
    assert code == 2, out
    assert ("--dpi 600: page 1 of board.pdf (1216 × 1216 mm) would be a picture of "
            "28725 × 28725 pixels, more than the 250 million printkit draws a page in; "
            "use --dpi 330 or less for this page") in out
    assert not (tmp_path / "out").exists()


def test_a_preview_leaves_nothing_but_its_files(tmp_path: Path) -> None:
    """The pictures are drawn into a hidden folder of the output folder and moved into
    place with the set: none is left behind, and no stale page either."""
    assert run("preview", "--only", "lines", "--dpi", "20", "--out", str(tmp_path))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spankopoly"]
    folder = tmp_path / "spankopoly" / "nl"
    assert sorted(p.name for p in folder.iterdir()) == [
        "lines-1.png", "lines-2.png", "lines-contact.png", "lines.pdf"]
    assert Image.open(folder / "lines-1.png").info["dpi"][0] == pytest.approx(20, abs=0.02)


def test_pictures_a_killed_preview_left_are_removed_by_the_next(tmp_path: Path) -> None:
    """A preview killed while drawing leaves its hidden folder of pictures (hundreds of MB
    at a high dpi): the next preview into the folder removes it, but not the folder of a
    preview still running (its lock is held)."""
    import subprocess
    import sys

    left, running = tmp_path / ".printkit-preview.0123456789ab", \
        tmp_path / ".printkit-preview.ba9876543210"
    for folder in (left, running):
        (folder / "spankopoly" / "nl").mkdir(parents=True)
        (folder / "spankopoly" / "nl" / "board-1.png").write_bytes(b"x" * 1000)
        folder.with_name(folder.name + ".lock").touch()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import os, sys, time\n"
         "fd = os.open(sys.argv[1], os.O_RDWR); os.lockf(fd, os.F_LOCK, 0)\n"
         "print('held', flush=True); time.sleep(60)", f"{running}.lock"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        assert run("preview", "--only", "lines", "--dpi", "20", "--out", str(tmp_path))[0] == 0
        assert not left.exists()
        assert not left.with_name(left.name + ".lock").exists()
        assert (running / "spankopoly" / "nl" / "board-1.png").exists()
    finally:
        holder.kill()
        holder.wait()
    assert run("preview", "--only", "lines", "--dpi", "20", "--out", str(tmp_path))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spankopoly"]


def test_a_contact_sheet_of_many_rows_has_every_page_in_its_cell(tmp_path: Path) -> None:
    """The sheet is written a row at a time: each of the booklet's 24 pages is in its
    cell of four rows of six."""
    assert run("preview", "--only", "rules", "--dpi", "20", "--out", str(tmp_path))[0] == 0
    folder = tmp_path / "spankopoly" / "nl"
    pages = sum(len(PdfReader(folder / name).pages)
                for name in ("rules.pdf", "rules-booklet.pdf"))
    assert pages == 24
    sheet = Image.open(folder / "rules-contact.png").convert("L")
    top, row = 2 * GAP + 24, THUMB + GAP + 22
    assert sheet.size == (GAP + 6 * (THUMB + GAP), top + 4 * row)
    for i in range(pages):
        x, y = GAP + (i % 6) * (THUMB + GAP), top + (i // 6) * row
        low, high = sheet.crop((x, y, x + THUMB, y + THUMB)).getextrema()
        assert high >= 250, f"thumbnail {i + 1} is blank"
        assert low <= 200, f"thumbnail {i + 1} has no ink"
