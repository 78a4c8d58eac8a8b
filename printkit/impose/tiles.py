"""Tile a large face (the board) over small sheets for a home printer.

The first page is an assembly map: the board in miniature with the tiles drawn on it and
how to put them together. Each further sheet shows one tile of the board at 100 %, the
board clipped to the tile's image area (its TrimBox), in rows from the top left.
Neighbouring tiles share an overlap strip: cut a tile along its picture's edge where it has
a neighbour to the left or above, and lay it on that neighbour's glue strip, its edge on
the seam ticks. Sheets are portrait or landscape, whichever needs fewer of them.

The board's own edges are marked on the tiles that hold them (trim marks in the white
border, on the line of each edge): cut along them last and the board has its trim size.
Each tile draws the board's artwork (one reused drawing) and only the text that shows on
it, so a tile holds no hidden text of the rest of the board.

The overlap and grid are declared in the document's keywords (see `keywords`), so the
tiles can be checked (or stitched) by machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit import keywords as declared
from printkit.errors import Problems, Where
from printkit.impose.page import Page
from printkit.layout.cards import placed_ops
from printkit.layout.fonts import width as text_width
from printkit.layout.ops import (
    IDENTITY,
    MM,
    REGISTRATION,
    Circle,
    Face,
    Group,
    Line,
    Matrix,
    Op,
    Polygon,
    Rect,
    Text,
    apply,
    compose,
    translate,
)
from printkit.layout.problems import too_long
from printkit.layout.text import fit
from printkit.localise.kit import Heading, Para

FRAME = 10 * MM      # printer margin plus room for seam ticks around the image
LABEL = 16 * MM      # bottom strip with the tile name and a small map
TICK = 3 * MM        # seam ticks and trim marks: 1-4 mm outside the image, so they end
GAP = 1 * MM         # 6 mm from the paper edge, inside what home printers reach (5 mm)
TRIM_MARK = 0.25     # points: trim marks (seam ticks are 0.5 pt)
MAP_LINE = 0.25      # points: the thinnest line of the assembly map, as printed
INK = "#1E1E1E"
MAP_INK = "#C0392B"
MAX_TILES = 26  # rows and columns of tiles at most (rows are named A–Z)


@dataclass(frozen=True)
class Tiling:
    """How a face is cut into tiles: counts, sheet, image size and the overlap."""

    cols: int
    rows: int
    paper: tuple[float, float]  # as printed (landscape when wider)
    image_w: float
    image_h: float
    overlap: float
    x0: float  # face coordinates of the first tile's left edge
    top: float  # face coordinates of the first row's top edge

    def origin(self, row: int, col: int) -> tuple[float, float]:
        """Face coordinates of the bottom-left corner of tile (row, col)."""
        return (self.x0 + col * (self.image_w - self.overlap),
                self.top - row * (self.image_h - self.overlap) - self.image_h)

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def image_box(self) -> tuple[float, float, float, float]:
        """Where a tile's image sits on its sheet: FRAME from the top and left edges."""
        top = self.paper[1] - FRAME
        return (FRAME, top - self.image_h, FRAME + self.image_w, top)


def whole_mm(length: float) -> float:
    """A length rounded down to whole millimetres, so tiles sit on a millimetre grid."""
    return math.floor(length / MM + 1e-9) * MM


def tiling(face: Face, paper: tuple[float, float], overlap: float) -> Tiling | None:
    """The tiling with the fewest sheets, portrait or landscape (portrait when equal); None
    when a tile shows no more than the overlap or the face needs over MAX_TILES rows or
    columns (rows are named A–Z)."""
    ew, eh = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    best: Tiling | None = None
    for pw, ph in (paper, (paper[1], paper[0])):
        iw, ih = whole_mm(pw - 2 * FRAME), whole_mm(ph - FRAME - LABEL)
        if min(iw, ih) - overlap < MM:
            continue
        cols = max(1, math.ceil((ew - overlap) / (iw - overlap) - 1e-9))
        rows = max(1, math.ceil((eh - overlap) / (ih - overlap) - 1e-9))
        t = Tiling(cols, rows, (pw, ph), iw, ih, overlap, -face.bleed,
                   face.height + face.bleed)
        if max(cols, rows) <= MAX_TILES and (best is None or t.count < best.count):
            best = t
    return best


def name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def keywords(t: Tiling) -> str:
    """The machine-readable declaration of the tiles (pages 2 on, after the assembly
    map), for the PDF's /Keywords (printkit.keywords)."""
    return declared.tiles(t.cols, t.rows, t.overlap, 2, t.count + 1)


def board_drawing(face: Face) -> Group:
    """The face's artwork (with bleed, without words) as one drawing, drawn once and
    reused on every tile."""
    b = face.bleed
    return Group(without_text(face.ops), IDENTITY,
                 clip=(-b, -b, face.width + 2 * b, face.height + 2 * b),
                 key=f"face.{face.name}", reuse=True)


Area = tuple[float, float, float, float]  # x0, y0, x1, y1


def text_area(op: Text, m: Matrix) -> Area:
    """Where a line of text lies, through matrix m (a box round its ascent and descent)."""
    w = text_width(op.text, op.font, op.size)
    left = op.x - {"centre": w / 2, "right": w}.get(op.align, 0.0)
    corners = [apply(m, x, y) for x in (left, left + w)
               for y in (op.y - 0.3 * op.size, op.y + op.size)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def texts_within(ops: tuple[Op, ...], area: Area, m: Matrix = IDENTITY) -> tuple[Op, ...]:
    """The words of a drawing that show in `area` (face coordinates), in their groups."""
    kept: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            inner = texts_within(op.ops, area, compose(m, op.matrix))
            if inner:
                kept.append(Group(inner, op.matrix, op.clip))
        elif isinstance(op, Text):
            x0, y0, x1, y1 = text_area(op, m)
            if x0 < area[2] and x1 > area[0] and y0 < area[3] and y1 > area[1]:
                kept.append(op)
    return tuple(kept)


def tile_pages(face: Face, paper: tuple[float, float], overlap: float, steps: tuple[str, ...],
               title: str, where: Where, problems: Problems) -> tuple[list[Page], str]:
    """The assembly map and the tiles; and the keywords that declare them."""
    t = tiling(face, paper, overlap)
    if t is None:
        problems.add(where, f"the board cannot be tiled over {paper[0] / MM:.0f} × "
                     f"{paper[1] / MM:.0f} mm sheets with a {overlap / MM:g} mm overlap in "
                     f"at most {MAX_TILES} rows and columns; choose a larger --paper or a "
                     "smaller tile_overlap")
        return [], ""
    pw, ph = t.paper
    drawing = board_drawing(face)
    pages = [map_page(face, t, steps, title, where, problems)]
    for r in range(t.rows):
        for c in range(t.cols):
            fx, fy = t.origin(r, c)
            box = t.image_box()
            words = texts_within(face.ops, (fx, fy, fx + t.image_w, fy + t.image_h))
            image = Group((drawing, *words), translate(box[0] - fx, box[1] - fy),
                          clip=(fx, fy, t.image_w, t.image_h))
            ops: list[Op] = [image, *seam_ticks(t, r, c), *trim_marks(t, r, c, face),
                             *label_ops(t, r, c)]
            pages.append(Page(pw, ph, tuple(ops), box, box, name(r, c)))
    return pages, keywords(t)


def seam_ticks(t: Tiling, r: int, c: int) -> list[Op]:
    """Ticks outside the image where a neighbour's cut edge goes (or where to cut)."""
    x0, y0, x1, y1 = t.image_box()
    xs = ([x0 + t.overlap] if c > 0 else []) + ([x1 - t.overlap] if c < t.cols - 1 else [])
    ys = ([y1 - t.overlap] if r > 0 else []) + ([y0 + t.overlap] if r < t.rows - 1 else [])
    return marks(t, xs, ys, 0.5)


def trim_marks(t: Tiling, r: int, c: int, face: Face) -> list[Op]:
    """Marks in the white border on the line of each edge of the board (its trim) that
    runs across this tile's image."""
    x0, y0, _, _ = t.image_box()
    fx, fy = t.origin(r, c)
    xs = [x0 + edge - fx for edge in (0.0, face.width) if 0 < x0 + edge - fx - x0 < t.image_w]
    ys = [y0 + edge - fy for edge in (0.0, face.height) if 0 < y0 + edge - fy - y0 < t.image_h]
    return marks(t, xs, ys, TRIM_MARK)


def marks(t: Tiling, xs: list[float], ys: list[float], weight: float) -> list[Op]:
    """Short lines outside the image: across its top and bottom edges at each x, across
    its left and right edges at each y."""
    x0, y0, x1, y1 = t.image_box()
    ops: list[Op] = []
    for x in xs:
        ops += [Line(x, y1 + GAP, x, y1 + GAP + TICK, REGISTRATION, weight),
                Line(x, y0 - GAP, x, y0 - GAP - TICK, REGISTRATION, weight)]
    for y in ys:
        ops += [Line(x0 - GAP, y, x0 - GAP - TICK, y, REGISTRATION, weight),
                Line(x1 + GAP, y, x1 + GAP + TICK, y, REGISTRATION, weight)]
    return ops


def label_ops(t: Tiling, r: int, c: int) -> list[Op]:
    """The tile's name, its number, and a small map of all tiles with this one filled."""
    pw = t.paper[0]
    y = LABEL - 9 * MM
    ops: list[Op] = [Text(FRAME, y, name(r, c), "bold", 16, INK),
                     Text(FRAME + 14 * MM, y + 1 * MM,
                          f"{r * t.cols + c + 1} / {t.count}   ↔ {t.overlap / MM:g} mm",
                          "regular", 8, INK)]
    cell = min(4 * MM, (LABEL - 11 * MM) / t.rows, (pw / 3) / t.cols)
    map_top = LABEL - 4 * MM
    mx = pw - FRAME - t.cols * cell
    for rr in range(t.rows):
        for cc in range(t.cols):
            fill = INK if (rr, cc) == (r, c) else None
            ops.append(Rect(mx + cc * cell, map_top - (rr + 1) * cell, cell, cell,
                            fill=fill, stroke=INK, width=0.4))
    return ops


def without_text(ops: tuple[Op, ...], least: float = 0.0) -> tuple[Op, ...]:
    """The artwork of a drawing without its words; strokes at least `least` wide (for a
    miniature, whose lines would otherwise print too thin)."""
    kept: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            kept.append(Group(without_text(op.ops, least), op.matrix, op.clip))
        elif isinstance(op, (Line, Rect, Circle, Polygon)):
            kept.append(op if op.width >= least else replace(op, width=least))
        elif not isinstance(op, Text):
            kept.append(op)
    return tuple(kept)


def map_page(face: Face, t: Tiling, steps: tuple[str, ...], title: str, where: Where,
             problems: Problems) -> Page:
    """The board in miniature with every tile outlined and named, and how to assemble it."""
    pw, ph = t.paper
    width = pw - 2 * FRAME
    text = fit((Heading(title), *(Para(f"{n}. {s}") for n, s in enumerate(steps, 1))),
               width, ph * 0.3, 12)
    if text is None:
        too_long(where, problems, 6)
        return Page(pw, ph, ())
    lines, _ = text
    ops: list[Op] = placed_ops(lines, FRAME, ph - FRAME, width, INK)
    top = ph - FRAME - lines[-1].dy - 8 * MM
    cover_w = t.cols * (t.image_w - t.overlap) + t.overlap
    cover_h = t.rows * (t.image_h - t.overlap) + t.overlap
    scale = min(width / cover_w, (top - FRAME) / cover_h)
    left = FRAME + (width - cover_w * scale) / 2
    mini = (scale, 0.0, 0.0, scale, left - t.x0 * scale, top - t.top * scale)
    ops.append(Group(without_text(face.ops, MAP_LINE / scale), mini))
    for r in range(t.rows):
        for c in range(t.cols):
            fx, fy = t.origin(r, c)
            x, y = left + (fx - t.x0) * scale, top + (fy - t.top) * scale
            w, h = t.image_w * scale, t.image_h * scale
            ops.append(Rect(x, y, w, h, stroke=MAP_INK, width=1.0, dash=(4, 2)))
            ops.append(Text(x + w / 2, y + h / 2 - 8, name(r, c), "bold", 24, MAP_INK,
                            "centre"))
    return Page(pw, ph, tuple(ops), label="map")
