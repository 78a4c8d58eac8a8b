"""Place card faces n-up on sheets, with crop marks and duplex backs behind their fronts."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import PrintkitError
from printkit.impose.page import Box, Page
from printkit.layout.ops import MM, REGISTRATION, Face, Group, Line, Op, translate

PRINTER_MARGIN = 5 * MM  # home printers cannot print closer to the sheet edge
MARK_OFFSET = 3 * MM     # crop marks start this far from the trim (outside the bleed)
MARK_LONG = 5 * MM
MARK_SHORT = 2.5 * MM
MARK_WIDTH = 0.25


@dataclass(frozen=True)
class Grid:
    """Where the item trims sit on a sheet: columns, rows, item size and the first origin."""

    cols: int
    rows: int
    item_w: float
    item_h: float
    gutter: float
    x0: float  # left edge of the first column's trim
    top: float  # top edge of the first row's trim
    mark: float  # crop mark length

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the trim of slot `index` (row by row from the top left)."""
        r, c = divmod(index, self.cols)
        return (self.x0 + c * (self.item_w + self.gutter),
                self.top - (r + 1) * self.item_h - r * self.gutter)

    def trim_box(self) -> Box:
        w = self.cols * self.item_w + (self.cols - 1) * self.gutter
        h = self.rows * self.item_h + (self.rows - 1) * self.gutter
        return (self.x0, self.top - h, self.x0 + w, self.top)


def fit_count(space: float, item: float, gutter: float) -> tuple[int, float]:
    """How many items fit in space with room for marks, and the mark length left over."""
    n = 0
    while (n + 1) * item + n * gutter + 2 * (MARK_OFFSET + MARK_SHORT) <= space + 1e-6:
        n += 1
    used = n * item + max(n - 1, 0) * gutter
    return n, min(MARK_LONG, (space - used) / 2 - MARK_OFFSET)


def grid(paper: tuple[float, float], item_w: float, item_h: float, bleed: float) -> Grid:
    """The grid with the most items per sheet, centred so that duplex mirroring is exact."""
    pw, ph = paper
    gutter = 2 * bleed
    cols, mark_x = fit_count(pw - 2 * PRINTER_MARGIN, item_w, gutter)
    rows, mark_y = fit_count(ph - 2 * PRINTER_MARGIN, item_h, gutter)
    if cols < 1 or rows < 1:
        raise PrintkitError(f"a {item_w / MM:.0f} × {item_h / MM:.0f} mm card does not fit "
                            "the sheet with bleed and crop marks; choose a larger --paper")
    w = cols * item_w + (cols - 1) * gutter
    h = rows * item_h + (rows - 1) * gutter
    return Grid(cols, rows, item_w, item_h, gutter, (pw - w) / 2, (ph + h) / 2,
                min(mark_x, mark_y))


def place(face: Face, x: float, y: float) -> Op:
    return Group(face.ops, translate(x, y))


def crop_marks(g: Grid, trim: Box, slots: list[tuple[float, float]]) -> list[Op]:
    """Marks on every cut line, in the sheet margins outside the whole grid's bleed."""
    x0, y0, x1, y1 = trim
    xs = sorted({round(x, 3) for sx, _ in slots for x in (sx, sx + g.item_w)})
    ys = sorted({round(y, 3) for _, sy in slots for y in (sy, sy + g.item_h)})
    near, far = MARK_OFFSET, MARK_OFFSET + g.mark
    ops: list[Op] = []
    for x in xs:
        ops.append(Line(x, y1 + near, x, y1 + far, REGISTRATION, MARK_WIDTH))
        ops.append(Line(x, y0 - near, x, y0 - far, REGISTRATION, MARK_WIDTH))
    for y in ys:
        ops.append(Line(x0 - near, y, x0 - far, y, REGISTRATION, MARK_WIDTH))
        ops.append(Line(x1 + near, y, x1 + far, y, REGISTRATION, MARK_WIDTH))
    return ops


def back_slot(x: float, y: float, g: Grid, paper: tuple[float, float], duplex: str,
              offset: tuple[float, float]) -> tuple[float, float]:
    """Where the back of the item at (x, y) goes so it lands behind its front.

    long: the sheet turns over its long (vertical) edge, so columns mirror;
    short: it turns over its short edge, so rows mirror.
    """
    pw, ph = paper
    if duplex == "long":
        x = pw - x - g.item_w
    elif duplex == "short":
        y = ph - y - g.item_h
    return x + offset[0], y + offset[1]


def nup(fronts: tuple[Face, ...], backs: tuple[Face, ...], paper: tuple[float, float],
        duplex: str = "long", offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """Sheets of fronts, each followed by the sheet of their backs.

    With duplex 'none' the backs are laid out like the fronts, for one-sided printing and
    gluing; otherwise they are mirrored for the chosen duplex flip.
    """
    first = fronts[0]
    g = grid(paper, first.width, first.height, first.bleed)
    pages: list[Page] = []
    for start in range(0, len(fronts), g.per_sheet):
        chunk = range(start, min(start + g.per_sheet, len(fronts)))
        slots = [g.slot(i - start) for i in chunk]
        trim = g.trim_box()
        bleed = (trim[0] - first.bleed, trim[1] - first.bleed, trim[2] + first.bleed,
                 trim[3] + first.bleed)
        front_ops = [place(fronts[i], *s) for i, s in zip(chunk, slots)]
        pages.append(Page(*paper, tuple(front_ops + crop_marks(g, trim, slots)), trim, bleed,
                          f"front {start // g.per_sheet + 1}"))
        if backs:
            mode = duplex if duplex in ("long", "short") else "none"
            bslots = [back_slot(x, y, g, paper, mode, offset) for x, y in slots]
            back_ops = [place(backs[i], *s) for i, s in zip(chunk, bslots)]
            btrim = _shift(trim, paper, mode, offset)
            bbleed = (btrim[0] - first.bleed, btrim[1] - first.bleed,
                      btrim[2] + first.bleed, btrim[3] + first.bleed)
            pages.append(Page(*paper, tuple(back_ops + crop_marks(g, btrim, bslots)), btrim, bbleed,
                              f"back {start // g.per_sheet + 1}"))
    return pages


def _shift(trim: Box, paper: tuple[float, float], mode: str,
           offset: tuple[float, float]) -> Box:
    """The grid's trim box on the back page (mirrored like the slots, then offset)."""
    x0, y0, x1, y1 = trim
    pw, ph = paper
    if mode == "long":
        x0, x1 = pw - x1, pw - x0
    elif mode == "short":
        y0, y1 = ph - y1, ph - y0
    return (x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1])


def single(face: Face, marks: bool = True) -> Page:
    """One item on its own page: trim plus bleed, and room for crop marks when wanted."""
    b = face.bleed
    margin = MARK_OFFSET + MARK_LONG if marks else b
    w, h = face.width + 2 * margin, face.height + 2 * margin
    trim = (margin, margin, margin + face.width, margin + face.height)
    ops: list[Op] = [place(face, margin, margin)]
    if marks:
        g = Grid(1, 1, face.width, face.height, 0, margin, margin + face.height, MARK_LONG)
        ops += crop_marks(g, trim, [(margin, margin)])
    return Page(w, h, tuple(ops), trim, (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b),
                face.name)


def plain(face: Face) -> Page:
    """A sheet that is printed as it is (no trimming): page = face, every box = page."""
    return Page(face.width, face.height, face.ops, None, None, face.name)
