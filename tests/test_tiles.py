"""The tiled board: stitched by the overlap its PDF declares, the tiles reproduce the
one-sheet board pixel for pixel (within a small antialiasing tolerance).

Both PDFs are rendered with pypdfium2 at 2 px/mm, cropped to the board's BleedBox and to
each tile's TrimBox (image area); all of these are whole millimetres, so both renderings
share one pixel grid.
"""

from __future__ import annotations

import re

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import MM, kit_for, render_docs

from printkit.pipeline import Options

PX_PER_MM = 2
SCALE = PX_PER_MM / MM  # pixels per point
# Tolerance: channels may differ by antialiasing only. At most 0.1 % of the pixels may
# differ by more than 48 (of 255) in any channel, and the mean difference stays below 0.25
# (measured: about 0.01 % and 0.02; a stitch 1 mm off gives several per cent).
LOUD, SHARE, MEAN = 48, 0.001, 0.25


@pytest.fixture(scope="module")
def kit():
    return kit_for("nl")


def crop_render(data: bytes, index: int, box: list[float]) -> np.ndarray:
    """The part `box` (points) of page `index`, rendered at exactly SCALE, as RGB.

    pdfium's plain render stretches a page to whole pixels; rendering through an exact
    matrix into a bitmap of the box's size keeps one pixel grid for every file.
    """
    page = pdfium.PdfDocument(data)[index]
    height = page.get_height()
    x0, y0, x1, y1 = box
    w, h = round((x1 - x0) * SCALE), round((y1 - y0) * SCALE)
    bitmap = pdfium.PdfBitmap.new_native(w, h, pdfium.raw.FPDFBitmap_BGR)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, w, h)
    matrix = pdfium.raw.FS_MATRIX(SCALE, 0, 0, SCALE, -x0 * SCALE, -(height - y1) * SCALE)
    clip = pdfium.raw.FS_RECTF(0, 0, w, h)
    pdfium.raw.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip,
                                               pdfium.raw.FPDF_ANNOT)
    return np.asarray(bitmap.to_pil().convert("RGB"), dtype=np.int16)


def declared(keywords: str) -> dict[str, str]:
    match = re.search(r"printkit-tiles ((?:\w+=\S+ ?)+)", keywords)
    assert match, keywords
    return dict(part.split("=") for part in match.group(1).split())


def stitch(tiles: list[np.ndarray], cols: int, rows: int, overlap: int,
           reverse: bool) -> np.ndarray:
    h, w, _ = tiles[0].shape
    canvas = np.full(((h - overlap) * rows + overlap, (w - overlap) * cols + overlap, 3), 255,
                     dtype=np.int16)
    order = list(enumerate(tiles))
    for k, tile in reversed(order) if reverse else order:
        r, c = divmod(k, cols)
        y, x = r * (h - overlap), c * (w - overlap)
        canvas[y:y + h, x:x + w] = tile
    return canvas


def assert_close(a: np.ndarray, b: np.ndarray) -> None:
    assert a.shape == b.shape
    diff = np.abs(a - b).max(axis=2)
    assert diff.mean() < MEAN, diff.mean()
    assert (diff > LOUD).mean() < SHARE, (diff > LOUD).mean()


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_tiles_stitched_by_their_declared_overlap_equal_the_one_sheet_board(kit,
                                                                            paper: str) -> None:
    docs = render_docs(kit, "board", Options(paper=paper))
    board, tiled = docs["board"], docs[f"board-{paper}"]
    info = declared(tiled.metadata["/Keywords"])
    cols, rows = int(info["cols"]), int(info["rows"])
    first, last = (int(v) for v in info["pages"].split("-"))
    assert info["order"] == "rows"
    assert last - first + 1 == cols * rows == len(tiled.pages) - 1
    overlap_mm = float(info["overlap"].removesuffix("mm"))
    assert overlap_mm == 10

    bleed = [float(v) for v in board.pages[0]["/BleedBox"]]
    whole = crop_render(board.stream.getvalue(), 0, bleed)
    assert whole.shape[:2] == (1012, 1012)  # 500 mm + 2 × 3 mm bleed at 2 px/mm
    tiles = [crop_render(tiled.stream.getvalue(), n - 1,
                         [float(v) for v in tiled.pages[n - 1]["/TrimBox"]])
             for n in range(first, last + 1)]
    overlap = round(overlap_mm * PX_PER_MM)
    for reverse in (False, True):  # overlaps agree both ways round
        stitched = stitch(tiles, cols, rows, overlap, reverse)
        assert stitched.shape[0] >= whole.shape[0]
        assert stitched.shape[1] >= whole.shape[1]
        assert_close(stitched[:whole.shape[0], :whole.shape[1]], whole)


def test_a_wrong_overlap_does_not_stitch(kit) -> None:
    """The comparison can fail: stitching with 1 mm too much overlap is caught."""
    docs = render_docs(kit, "board", Options(paper="a4"))
    board, tiled = docs["board"], docs["board-a4"]
    whole = crop_render(board.stream.getvalue(), 0,
                        [float(v) for v in board.pages[0]["/BleedBox"]])
    tiles = [crop_render(tiled.stream.getvalue(), n,
                         [float(v) for v in tiled.pages[n]["/TrimBox"]]) for n in range(1, 7)]
    stitched = stitch(tiles, 3, 2, 22, reverse=False)
    with pytest.raises(AssertionError):
        assert_close(stitched[:1012, :1012], whole)


@pytest.mark.parametrize("paper,sheets", [("a4", 6), ("letter", 6), ("a3", 4)])
def test_the_board_takes_few_sheets_and_starts_with_an_assembly_map(kit, paper: str,
                                                                   sheets: int) -> None:
    tiled = render_docs(kit, "board", Options(paper=paper))[f"board-{paper}"]
    assert len(tiled.pages) == sheets + 1
    assert "Zo zet je het bord in elkaar" in tiled.pages[0].extract_text()
    texts = [" ".join(p.extract_text().split()) for p in tiled.pages[1:]]
    assert "A1 1 / " in texts[0]
    assert "↔ 10 mm" in texts[0]
    assert f" {sheets} / {sheets}" in texts[-1]
