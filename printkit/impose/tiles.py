"""Tile a large face (the board) over small sheets for a home printer.

Each sheet shows one tile of the board at 100 %, clipped to its image area. Neighbouring
tiles share an overlap strip: cut a tile along its seam ticks and lay it on the glue strip
of its neighbour, ticks on ticks. A label strip names the tile (A1, A2, …) and shows
where it sits in the assembly map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.impose.page import Page
from printkit.layout.ops import MM, REGISTRATION, Face, Group, Line, Op, Rect, Text, translate

OVERLAP = 10 * MM
FRAME = 10 * MM      # printer margin plus room for seam ticks around the image
LABEL = 16 * MM      # bottom strip with the tile name and the assembly map
TICK = 4 * MM
INK = "#1E1E1E"


@dataclass(frozen=True)
class Tiling:
    """How a face is cut into tiles: counts, image size and the overlap between tiles."""

    cols: int
    rows: int
    image_w: float
    image_h: float
    overlap: float
    x0: float  # face coordinates of the first tile's left edge
    top: float  # face coordinates of the first row's top edge

    def origin(self, row: int, col: int) -> tuple[float, float]:
        """Face coordinates of the bottom-left corner of tile (row, col)."""
        return (self.x0 + col * (self.image_w - self.overlap),
                self.top - row * (self.image_h - self.overlap) - self.image_h)


def tiling(face: Face, paper: tuple[float, float], overlap: float = OVERLAP) -> Tiling:
    pw, ph = paper
    iw, ih = pw - 2 * FRAME, ph - FRAME - LABEL
    ew, eh = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    cols = max(1, math.ceil((ew - overlap) / (iw - overlap)))
    rows = max(1, math.ceil((eh - overlap) / (ih - overlap)))
    return Tiling(cols, rows, iw, ih, overlap, -face.bleed, face.height + face.bleed)


def name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def tile_pages(face: Face, paper: tuple[float, float], overlap: float = OVERLAP) -> list[Page]:
    t = tiling(face, paper, overlap)
    pw, ph = paper
    pages = []
    total = t.rows * t.cols
    for r in range(t.rows):
        for c in range(t.cols):
            fx, fy = t.origin(r, c)
            image = Group(face.ops, translate(FRAME - fx, LABEL - fy),
                          clip=(fx, fy, t.image_w, t.image_h))
            ops: list[Op] = [image, *seam_ticks(t, r, c), *label_ops(t, r, c, pw, total)]
            box = (FRAME, LABEL, FRAME + t.image_w, LABEL + t.image_h)
            pages.append(Page(pw, ph, tuple(ops), box, box, name(r, c)))
    return pages


def seam_ticks(t: Tiling, r: int, c: int) -> list[Op]:
    """Ticks outside the image where a neighbour's cut edge goes (or where to cut)."""
    x0, y0, x1, y1 = FRAME, LABEL, FRAME + t.image_w, LABEL + t.image_h
    xs = ([x0 + t.overlap] if c > 0 else []) + ([x1 - t.overlap] if c < t.cols - 1 else [])
    ys = ([y1 - t.overlap] if r > 0 else []) + ([y0 + t.overlap] if r < t.rows - 1 else [])
    ops: list[Op] = []
    for x in xs:
        ops += [Line(x, y1 + 1 * MM, x, y1 + 1 * MM + TICK, REGISTRATION, 0.5),
                Line(x, y0 - 1 * MM, x, y0 - 1 * MM - TICK, REGISTRATION, 0.5)]
    for y in ys:
        ops += [Line(x0 - 1 * MM, y, x0 - 1 * MM - TICK, y, REGISTRATION, 0.5),
                Line(x1 + 1 * MM, y, x1 + 1 * MM + TICK, y, REGISTRATION, 0.5)]
    return ops


def label_ops(t: Tiling, r: int, c: int, pw: float, total: int) -> list[Op]:
    """The tile's name, its number, and a small map of all tiles with this one filled."""
    y = LABEL - 9 * MM
    ops: list[Op] = [Text(FRAME, y, name(r, c), "bold", 16, INK),
                     Text(FRAME + 14 * MM, y + 1 * MM,
                          f"{r * t.cols + c + 1} / {total}   ↔ {t.overlap / MM:g} mm", "regular",
                          8, INK)]
    cell = min(4 * MM, (LABEL - 11 * MM) / t.rows, (pw / 3) / t.cols)
    map_top = LABEL - 4 * MM
    mx = pw - FRAME - t.cols * cell
    for rr in range(t.rows):
        for cc in range(t.cols):
            fill = INK if (rr, cc) == (r, c) else None
            ops.append(Rect(mx + cc * cell, map_top - (rr + 1) * cell, cell, cell,
                            fill=fill, stroke=INK, width=0.4))
    return ops
