"""Marks a home printer can print, and no line a cut can make uneven: crop marks, seam
ticks and trim marks end 6 mm or more from the paper edge (1 mm inside the 5 mm a home
printer may not reach); no stroked line runs within 3 mm of a card's trim."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from conftest import MM, kit_for, render_docs

from printkit.options import Options

PRINTABLE = 6 * MM  # marks end at least this far from the paper edge


@pytest.fixture(scope="module")
def kits():
    return {game: kit_for("nl", game) for game in ("spankopoly", "klassiek")}


def mark_ends(reader) -> list[tuple[float, float, float, float]]:
    """Every registration-colour line (crop marks, ticks) with its page size."""
    found = []
    with pdfplumber.open(io.BytesIO(reader.stream.getvalue())) as pdf:
        for page in pdf.pages:
            for line in page.lines:
                if line.get("stroking_color") in ((1.0,), 1.0):  # a tint of "All"
                    found.append((min(line["x0"], line["x1"]), min(line["top"], line["bottom"]),
                                  page.width - max(line["x0"], line["x1"]),
                                  page.height - max(line["top"], line["bottom"])))
    return found


@pytest.mark.parametrize("paper", ["a4", "a3", "letter"])
@pytest.mark.parametrize("product", ["deeds", "chance", "board"])
def test_marks_end_inside_the_printable_area(kits, paper: str, product: str) -> None:
    for kit in kits.values():
        docs = render_docs(kit, product, Options(paper=paper))
        for name, reader in docs.items():
            if name == "board":  # one sheet at its own size: printed by a shop
                continue
            ends = mark_ends(reader)
            assert ends, name
            nearest = min(min(e) for e in ends)
            assert nearest >= PRINTABLE - 0.01, (name, nearest / MM)


def test_no_stroked_line_runs_near_a_card_trim(kits) -> None:
    """A frame close to the trim shows as an uneven border after a cut 1 mm off."""
    for kit in kits.values():
        deeds = render_docs(kit, "deeds", Options(target="shop"))["deeds"]
        with pdfplumber.open(io.BytesIO(deeds.stream.getvalue())) as pdf:
            for number, page in enumerate(pdf.pages):
                x0, y0, x1, y1 = (float(v) for v in deeds.pages[number]["/TrimBox"])
                h = page.height
                for obj in page.rects + page.lines:
                    if not obj.get("stroke"):
                        continue
                    left, right = obj["x0"], obj["x1"]
                    bottom, top = h - obj["bottom"], h - obj["top"]
                    near = min(abs(left - x0), abs(right - x1), abs(bottom - y0),
                               abs(top - y1))
                    assert near >= 3 * MM, (kit.game, number + 1, near / MM)
