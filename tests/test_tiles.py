"""The tiled board: stitched by the overlap its PDF declares, the tiles reproduce the
one-sheet board pixel for pixel (within a small antialiasing tolerance).

Both PDFs are rendered with pypdfium2 at 2 px/mm, cropped to the board's BleedBox and to
each tile's TrimBox (image area); all of these are whole millimetres, so both renderings
share one pixel grid.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import MM, kit_for, multiply, render_docs

from printkit.options import Options

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


def trim_cut(tiled, first: int, last: int, cols: int, overlap_px: int,
             size: tuple[int, int]) -> tuple[float, float, float, float]:
    """Where the board's trim marks (0.25 pt lines outside each tile's image) put the cut,
    in pixels of the stitched tiles: left, top, right, bottom."""
    import pdfplumber

    h_px, w_px = size
    xs, ys = set(), set()
    with pdfplumber.open(io.BytesIO(tiled.stream.getvalue())) as pdf:
        for k, number in enumerate(range(first, last + 1)):
            page = pdf.pages[number - 1]
            x0, _, _, y1 = (float(v) for v in tiled.pages[number - 1]["/TrimBox"])
            r, c = divmod(k, cols)
            for line in page.lines:
                if abs(line["linewidth"] - 0.25) > 1e-3:
                    continue
                if line["x0"] == line["x1"]:  # across the top or bottom edge: an x
                    xs.add(round(c * (w_px - overlap_px) + (line["x0"] - x0) * SCALE, 3))
                else:  # across the left or right edge: a y (from the top)
                    ys.add(round(r * (h_px - overlap_px) + (y1 - line["y0"]) * SCALE, 3))
    assert len(xs) == 2, (xs, ys)
    assert len(ys) == 2, (xs, ys)
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_tiles_cut_at_their_trim_marks_give_the_board_at_its_trim_size(kit,
                                                                       paper: str) -> None:
    """Stitch the tiles by their declared overlap, cut where the trim marks say: the board
    has the one-sheet board's trim size (within 0.2 mm) and its pixels."""
    docs = render_docs(kit, "board", Options(paper=paper))
    board, tiled = docs["board"], docs[f"board-{paper}"]
    info = declared(tiled.metadata["/Keywords"])
    cols, rows = int(info["cols"]), int(info["rows"])
    first, last = (int(v) for v in info["pages"].split("-"))
    overlap = round(float(info["overlap"].removesuffix("mm")) * PX_PER_MM)
    tiles = [crop_render(tiled.stream.getvalue(), n - 1,
                         [float(v) for v in tiled.pages[n - 1]["/TrimBox"]])
             for n in range(first, last + 1)]
    left, top, right, bottom = trim_cut(tiled, first, last, cols, overlap, tiles[0].shape[:2])
    trim = [float(v) for v in board.pages[0]["/TrimBox"]]
    size_mm = ((trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM)
    assert size_mm == pytest.approx((500, 500), abs=0.01)
    cut_mm = ((right - left) / PX_PER_MM, (bottom - top) / PX_PER_MM)
    assert cut_mm == pytest.approx(size_mm, abs=0.2)
    whole = crop_render(board.stream.getvalue(), 0, trim)
    stitched = stitch(tiles, cols, rows, overlap, reverse=False)
    cut = stitched[round(top):round(bottom), round(left):round(right)]
    assert_close(cut, whole)


def test_each_tile_holds_only_its_own_text(kit) -> None:
    """No word of the rest of the board hides under a tile's clip: the board's artwork,
    shared by the tiles, holds no text, and the tiles together hold about the board's
    text once (a word across a seam is on both tiles), not once per tile."""
    import pdfplumber

    docs = render_docs(kit, "board", Options(paper="a4"))
    board, tiled = docs["board"], docs["board-a4"]

    def chars(reader, number: int) -> int:
        with pdfplumber.open(io.BytesIO(reader.stream.getvalue())) as pdf:
            return len([c for c in pdf.pages[number - 1].chars if c["text"].strip()
                        and c["y0"] > 16 * MM])  # not the tile's label strip

    for page in tiled.pages[1:]:
        for ref in page["/Resources"].get("/XObject", {}).values():
            form = ref.get_object()
            assert b"BT" not in form.get_data().split(), "text in the shared artwork"
    on_board = chars(board, 1)
    on_tiles = [chars(tiled, n) for n in range(2, len(tiled.pages) + 1)]
    assert min(on_tiles) > 0
    assert max(on_tiles) < on_board
    assert on_board <= sum(on_tiles) < 1.5 * on_board, (on_board, on_tiles)


def test_the_assembly_map_draws_no_line_under_a_quarter_point(kit) -> None:
    from pypdf.generic import ContentStream

    tiled = render_docs(kit, "board", Options(paper="a4"))["board-a4"]
    page = tiled.pages[0]
    ctm, width, stack, widths = (1, 0, 0, 1, 0, 0), 1.0, [], []
    for operands, op in ContentStream(page.get_contents(), tiled).operations:
        if op == b"q":
            stack.append((ctm, width))
        elif op == b"Q":
            ctm, width = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"w":
            width = float(operands[0])
        elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
            widths.append(width * abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5)
    assert len(widths) > 20
    assert min(widths) >= 0.25 - 1e-6, min(widths)


def test_board_dividers_run_into_the_bleed(kit) -> None:
    """The lines between squares reach the bleed's edge on every side of the board."""
    import pdfplumber

    board = render_docs(kit, "board", Options())["board"]
    x0, y0, x1, y1 = (float(v) for v in board.pages[0]["/BleedBox"])
    with pdfplumber.open(io.BytesIO(board.stream.getvalue())) as pdf:
        lines = pdf.pages[0].lines

    def near(a: float, b: float) -> bool:
        return abs(a - b) < 0.1

    sides = {"left": [ln for ln in lines if near(min(ln["x0"], ln["x1"]), x0)],
             "right": [ln for ln in lines if near(max(ln["x0"], ln["x1"]), x1)],
             "bottom": [ln for ln in lines if near(min(ln["y0"], ln["y1"]), y0)],
             "top": [ln for ln in lines if near(max(ln["y0"], ln["y1"]), y1)]}
    for side, found in sides.items():
        assert len(found) >= 10, side  # 9 squares and 2 corners: 10 dividers a side
