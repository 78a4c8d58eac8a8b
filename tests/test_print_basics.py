"""Print-ready basics of every PDF: embedded fonts, page boxes, bleed, marks, duplex backs,
minimum text size, reproducible bytes."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, char_size
from pypdf import PdfReader

from printkit.options import Request
from printkit.pipeline import build

FILES = ("board.pdf", "board-a4.pdf", "deeds.pdf", "chance.pdf", "scorepad.pdf", "lines.pdf")


def fonts_of(reader: PdfReader) -> dict[str, object]:
    fonts = {}
    for page in reader.pages:
        resources = page["/Resources"]
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
        for xobject in resources.get("/XObject", {}).values():
            for font in xobject.get_object().get("/Resources", {}).get("/Font", {}).values():
                font = font.get_object()
                fonts[str(font["/BaseFont"])] = font
    return fonts


@pytest.mark.parametrize("name", FILES)
def test_every_font_is_an_embedded_subset_and_no_base14(nl_kit: Path, name: str) -> None:
    fonts = fonts_of(PdfReader(nl_kit / name))
    assert fonts
    for base, font in fonts.items():
        assert "Helvetica" not in base
        assert "Times" not in base
        assert "Courier" not in base
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, base
        assert "+" in base, base  # subset tag
        assert base.lstrip("/").split("+")[0].isalpha(), base


@pytest.mark.parametrize("name", ["deeds.pdf", "chance.pdf"])
def test_card_pages_carry_trim_and_bleed_boxes(nl_kit: Path, name: str) -> None:
    for page in PdfReader(nl_kit / name).pages:
        assert "/TrimBox" in page
        assert "/BleedBox" in page
        trim, bleed = page.trimbox, page.bleedbox
        for a, b in ((trim.left, bleed.left), (trim.bottom, bleed.bottom)):
            assert float(a) - float(b) == pytest.approx(3 * MM, abs=0.01)
        assert float(bleed.right) - float(trim.right) == pytest.approx(3 * MM, abs=0.01)


def test_board_page_is_500mm_with_bleed_and_marks(nl_kit: Path) -> None:
    page = PdfReader(nl_kit / "board.pdf").pages[0]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert float(trim.width) == pytest.approx(500 * MM, abs=0.01)
    assert float(bleed.width) == pytest.approx(506 * MM, abs=0.01)
    assert float(media.width) > float(bleed.width)  # room for crop marks outside the bleed
    with pdfplumber.open(nl_kit / "board.pdf") as pdf:
        marks = [line for line in pdf.pages[0].lines
                 if line["linewidth"] == pytest.approx(0.25)]
    assert len(marks) == 8
    x0 = float(trim.left)
    for mark in marks:  # every mark lies outside the bleed box
        assert mark["x1"] <= x0 - 3 * MM + 0.01 or mark["x0"] >= float(trim.right) + 3 * MM - 0.01 \
            or mark["top"] >= float(media.top) - float(trim.bottom) + 3 * MM - 0.01 \
            or mark["bottom"] <= float(media.top) - float(trim.top) - 3 * MM + 0.01


def card_centres(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """Centres of the white card backgrounds (fronts) or full-colour backs on a sheet."""
    rects = [r for r in page.rects if r["width"] > 40 * MM and r["height"] > 40 * MM
             and r["non_stroking_color"] is not None and r["fill"]]
    return sorted({(round((r["x0"] + r["x1"]) / 2, 2), round((r["top"] + r["bottom"]) / 2, 2))
                   for r in rects})


@pytest.mark.parametrize("name", ["deeds.pdf", "chance.pdf"])
def test_every_back_sits_behind_its_front_long_edge(nl_kit: Path, name: str) -> None:
    with pdfplumber.open(nl_kit / name) as pdf:
        for front, back in zip(pdf.pages[0::2], pdf.pages[1::2], strict=True):
            width = float(front.width)
            fronts = card_centres(front)
            backs = card_centres(back)
            assert len(fronts) == len(backs) > 0
            mirrored = sorted((round(width - x, 2), y) for x, y in fronts)
            for (mx, my), (bx, by) in zip(mirrored, backs, strict=True):
                assert abs(mx - bx) < 0.1 * MM
                assert abs(my - by) < 0.1 * MM


def test_no_text_under_six_points(nl_kit: Path) -> None:
    for name in FILES:
        with pdfplumber.open(nl_kit / name) as pdf:
            sizes = [char_size(c) for p in pdf.pages for c in p.chars if c["text"].strip()]
        assert min(sizes) >= 6 - 1e-6, name


def test_card_text_stays_inside_the_safe_zone(nl_kit: Path) -> None:
    """On every card sheet, each character lies at least 3 mm inside its card's trim."""
    with pdfplumber.open(nl_kit / "deeds.pdf") as pdf:
        page = pdf.pages[0]
        cards = [r for r in page.rects  # backgrounds: 63 × 88 mm + bleed, upright or turned
                 if sorted((r["width"], r["height"])) == pytest.approx((69 * MM, 94 * MM))]
        assert len(cards) == 8
        for ch in page.chars:
            card = next(r for r in cards if r["x0"] <= ch["x0"] <= r["x1"]
                        and r["top"] <= ch["top"] <= r["bottom"])
            inner = (card["x0"] + 6 * MM, card["top"] + 6 * MM, card["x1"] - 6 * MM,
                     card["bottom"] - 6 * MM)  # trim = background minus 3 mm bleed
            assert inner[0] - 0.01 <= ch["x0"]
            assert ch["x1"] <= inner[2] + 0.01
            assert inner[1] - 0.01 <= ch["top"]
            assert ch["bottom"] <= inner[3] + 0.01


def test_builds_are_byte_identical(tmp_path: Path, nl_kit: Path) -> None:
    build(Request("spankopoly", ("nl",)), tmp_path)
    for name in FILES:
        assert (tmp_path / "spankopoly" / "nl" / name).read_bytes() == (nl_kit / name).read_bytes()
