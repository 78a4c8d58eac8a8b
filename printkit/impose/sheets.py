"""Place card faces n-up on sheets, with crop marks and duplex backs behind their fronts.

Each face is placed whole (as one named drawing clipped to its bleed box). The grid is
centred on the sheet; cards may be turned a quarter turn when more fit that way. Backs
are placed so that a card turned over sideways (about its own vertical axis) shows its
back upright, whichever edge the sheet is flipped over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from printkit import keywords as declared
from printkit.impose.page import Box, Page
from printkit.layout.ops import MM, REGISTRATION, Face, Group, Line, Matrix, Op, Rect, rotate
from printkit.lazy import Lazy
from printkit.model.printing import SheetSpec

MARK_WIDTH = 0.25
MARK_MIN = 2.5 * MM  # shortest crop mark worth drawing
EDGE = 0.01  # points: a rectangle this close to a trim edge reaches it
CLEARANCE = 1 * MM  # crop marks end this far inside the printer margin when there is room


@dataclass(frozen=True)
class Grid:
    """Where the item trims sit on a sheet: counts, placed item size, first origin, marks."""

    cols: int
    rows: int
    item_w: float  # trim size as placed (turned when `turned`)
    item_h: float
    gutter: float
    x0: float  # left edge of the first column's trim
    top: float  # top edge of the first row's trim
    mark: float  # crop mark length
    mark_offset: float
    bleed: float  # bleed kept round each item (at most half the gutter)
    turned: bool = False

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


def fit_count(space: float, item: float, gutter: float, spec: SheetSpec,
              fixed: int) -> tuple[int, float]:
    """How many items fit in `space` with room for marks, and the mark length left over."""
    def used(n: int) -> float:
        return n * item + max(n - 1, 0) * gutter

    room = 2 * (spec.mark_offset + MARK_MIN)
    n = 0
    while (fixed == 0 or n < fixed) and used(n + 1) + room <= space + 1e-6:
        n += 1
    if fixed and n < fixed:
        return 0, 0.0
    most = (space - used(n)) / 2 - spec.mark_offset  # up to the printer margin
    return n, min(most, max(MARK_MIN, min(spec.mark_length, most - CLEARANCE)))


def grid(paper: tuple[float, float], item_w: float, item_h: float, spec: SheetSpec) -> Grid:
    """The grid with the most items per sheet (upright first), centred on the sheet."""
    pw, ph = paper
    best: Grid | None = None
    for turned in (False, True) if spec.rotate else (False,):
        w, h = (item_h, item_w) if turned else (item_w, item_h)
        cols, mark_x = fit_count(pw - 2 * spec.margin, w, spec.gutter, spec, spec.cols)
        rows, mark_y = fit_count(ph - 2 * spec.margin, h, spec.gutter, spec, spec.rows)
        if cols < 1 or rows < 1:
            continue
        gw = cols * w + (cols - 1) * spec.gutter
        gh = rows * h + (rows - 1) * spec.gutter
        g = Grid(cols, rows, w, h, spec.gutter, (pw - gw) / 2, (ph + gh) / 2,
                 min(mark_x, mark_y), spec.mark_offset, min(spec.bleed, spec.gutter / 2),
                 turned)
        if best is None or g.per_sheet > best.per_sheet:
            best = g
    if best is None:
        slots = f" in {spec.cols or 'any'} × {spec.rows or 'any'} slots" \
            if spec.cols or spec.rows else ""
        raise ValueError(f"a {item_w / MM:.0f} × {item_h / MM:.0f} mm card does not fit the "
                         f"sheet{slots} with its bleed, the crop marks and the printer margin")
    return best


def placement(face: Face, x: float, y: float, turn: int) -> Matrix:
    """The matrix that puts the face, turned `turn` degrees, with its trim's lower-left
    corner at (x, y)."""
    w, h = face.width, face.height
    turn %= 360
    dx, dy = {0: (0, 0), 90: (h, 0), 180: (w, h), 270: (0, w)}[turn]
    return rotate(turn, x + dx, y + dy)


def place(face: Face, x: float, y: float, turn: int, bleed: float, key: str) -> Op:
    """A face placed as one named item (its key), clipped to its trim plus `bleed`."""
    return Group(face.ops, placement(face, x, y, turn),
                 clip=(-bleed, -bleed, face.width + 2 * bleed, face.height + 2 * bleed),
                 key=key)


def crop_marks(g: Grid, trim: Box, slots: list[tuple[float, float]]) -> list[Op]:
    """Marks on every cut line, in the sheet margins outside the whole grid's bleed."""
    x0, y0, x1, y1 = trim
    xs = sorted({round(x, 3) for sx, _ in slots for x in (sx, sx + g.item_w)})
    ys = sorted({round(y, 3) for _, sy in slots for y in (sy, sy + g.item_h)})
    near, far = g.mark_offset, g.mark_offset + g.mark
    ops: list[Op] = []
    for x in xs:
        ops.append(Line(x, y1 + near, x, y1 + far, REGISTRATION, MARK_WIDTH))
        ops.append(Line(x, y0 - near, x, y0 - far, REGISTRATION, MARK_WIDTH))
    for y in ys:
        ops.append(Line(x0 - near, y, x0 - far, y, REGISTRATION, MARK_WIDTH))
        ops.append(Line(x1 + near, y, x1 + far, y, REGISTRATION, MARK_WIDTH))
    return ops


def mirror(box: Box, paper: tuple[float, float], duplex: str,
           offset: tuple[float, float]) -> Box:
    """Where a box of the front lies on the back, seen from the back, shifted by offset.

    long: the sheet turns over its long (vertical) edge, so x mirrors;
    short: it turns over its short (horizontal) edge, so y mirrors.
    """
    x0, y0, x1, y1 = box
    pw, ph = paper
    if duplex == "long":
        x0, x1 = pw - x1, pw - x0
    elif duplex == "short":
        y0, y1 = ph - y1, ph - y0
    dx, dy = offset if duplex in ("long", "short") else (0.0, 0.0)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def back_turn(front_turn: int, duplex: str) -> int:
    """How far a back is turned so the card, turned over sideways, shows it upright.

    A long-edge flip turns a card over its own vertical axis when it stands upright, a
    short-edge flip over its horizontal axis (hence the half turn).
    """
    if duplex == "long":
        return -front_turn % 360
    if duplex == "short":
        return (180 - front_turn) % 360
    return front_turn


def grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


@dataclass(frozen=True)
class Sheets:
    """Card faces on n-up sheets: page k of the fronts and of their backs, made on demand."""

    fronts: Sequence[Face]
    backs: Sequence[Face]
    paper: tuple[float, float]
    grid: Grid
    duplex: str
    offset: tuple[float, float]

    @property
    def count(self) -> int:
        return -(-len(self.fronts) // self.grid.per_sheet)

    def slots(self, k: int) -> tuple[range, list[tuple[float, float]]]:
        """The faces of sheet k (0-based) and the bottom-left corners of their trims."""
        g = self.grid
        chunk = range(k * g.per_sheet, min((k + 1) * g.per_sheet, len(self.fronts)))
        return chunk, [g.slot(i - chunk.start) for i in chunk]

    def front(self, k: int) -> Page:
        g = self.grid
        chunk, slots = self.slots(k)
        turn = 90 if g.turned else 0
        ops = [place(face, *s, turn, g.bleed, f"front.{face.name}")
               for face, s in zip(self.fronts[chunk.start:chunk.stop], slots, strict=False)]
        trim = g.trim_box()
        return Page(*self.paper, tuple(ops + crop_marks(g, trim, slots)), trim,
                    grow(trim, g.bleed), f"front {k + 1}")

    def back(self, k: int) -> Page:
        """The backs of sheet k where they land behind their fronts (or, not duplex, in
        the same places as the fronts, with their own crop marks)."""
        g, duplex = self.grid, self.duplex
        chunk, slots = self.slots(k)
        bturn = back_turn(90 if g.turned else 0, duplex)
        boxes = [mirror((x, y, x + g.item_w, y + g.item_h), self.paper, duplex, self.offset)
                 for x, y in slots]
        ops = [place(face, b[0], b[1], bturn, g.bleed, f"back.{face.name}")
               for face, b in zip(self.backs[chunk.start:chunk.stop], boxes, strict=False)]
        btrim = mirror(g.trim_box(), self.paper, duplex, self.offset)
        if duplex not in ("long", "short"):
            ops += crop_marks(g, btrim, [(b[0], b[1]) for b in boxes])
        return Page(*self.paper, tuple(ops), btrim, grow(btrim, g.bleed), f"back {k + 1}")

    def page(self, i: int) -> Page:
        """Page i of the document: each sheet of fronts followed by its backs (duplex), or
        all fronts, then all backs."""
        if not self.backs:
            return self.front(i)
        if self.duplex in ("long", "short"):
            return self.back(i // 2) if i % 2 else self.front(i // 2)
        return self.front(i) if i < self.count else self.back(i - self.count)


def nup(fronts: Sequence[Face], backs: Sequence[Face], paper: tuple[float, float],
        spec: SheetSpec, duplex: str = "long",
        offset: tuple[float, float] = (0.0, 0.0)) -> Sequence[Page]:
    """Sheets of fronts with crop marks, and the sheets of their backs, each made when it
    is read (so are the faces, when they are a `Lazy` sequence).

    long/short: each sheet of fronts is followed by its backs, mirrored for that flip and
    shifted by `offset` (points). none: all fronts, then all backs in the same places as
    their fronts (print one-sided, cut both and glue), each sheet with its own marks.
    """
    first = fronts[0]
    sheets = Sheets(fronts, backs, paper, grid(paper, first.width, first.height, spec), duplex,
                    offset)
    return Lazy(sheets.count * (2 if backs else 1), sheets.page)


def cards_keywords(face: Face, paper: tuple[float, float], spec: SheetSpec, pages: int) -> str:
    """The machine-readable declaration of a card sheet's grid, for the PDF's /Keywords:
    each page's TrimBox holds a grid of cards of this size (as placed) and gutter."""
    g = grid(paper, face.width, face.height, spec)
    return declared.cards(g.item_w, g.item_h, g.gutter, pages)


def single(face: Face, mark_offset: float, mark_length: float,
           paper: tuple[float, float] | None = None) -> Page:
    """One item with crop marks: centred on `paper`, or on a page just big enough."""
    margin = mark_offset + mark_length
    w, h = paper or (face.width + 2 * margin, face.height + 2 * margin)
    x, y = (w - face.width) / 2, (h - face.height) / 2
    trim = (x, y, x + face.width, y + face.height)
    g = Grid(1, 1, face.width, face.height, 0, x, y + face.height, mark_length, mark_offset,
             face.bleed)
    ops = [place(face, x, y, 0, face.bleed, f"face.{face.name}"), *crop_marks(g, trim, [(x, y)])]
    return Page(w, h, tuple(ops), trim, grow(trim, face.bleed), face.name)


def bare(face: Face, side: str = "face") -> Page:
    """One item for a print shop: page = trim + bleed, no marks; TrimBox and BleedBox set."""
    b = face.bleed
    trim = (b, b, b + face.width, b + face.height)
    page_box = grow(trim, b)
    return Page(page_box[2], page_box[3], (place(face, b, b, 0, b, f"{side}.{face.name}"),),
                trim, page_box, f"{side} {face.name}")


def shop(fronts: Sequence[Face], backs: Sequence[Face],
         sides: str) -> tuple[Sequence[Page], Sequence[Page]]:
    """One card per page in a vendor's order; the second sequence holds separate backs.
    Pages are made when they are read."""
    f: Sequence[Page] = Lazy(len(fronts), lambda i: bare(fronts[i], "front"))
    b: Sequence[Page] = Lazy(len(backs), lambda i: bare(backs[i], "back"))
    if sides == "separate" or not b:
        return f, b
    first, second = (b, f) if sides == "back-first" else (f, b)
    pairs = min(len(f), len(b))
    return Lazy(2 * pairs, lambda i: (second if i % 2 else first)[i // 2]), ()


def flat(face: Face, bleed: float) -> Page:
    """A flat product (a ledger, a pad, a booklet page) for a print shop: page = trim +
    bleed, TrimBox and BleedBox set, and every background that reaches a trim edge run on
    to the bleed's edge."""
    ops = extend_backgrounds(face.ops, face.width, face.height, bleed)
    return bare(Face(face.name, face.width, face.height, bleed, ops), "sheet")


def extend_backgrounds(ops: tuple[Op, ...], w: float, h: float, bleed: float) -> tuple[Op, ...]:
    """Filled rectangles (of the face itself, not nested drawings) that touch a trim edge,
    grown past that edge by `bleed`."""
    def grown(op: Op) -> Op:
        if not isinstance(op, Rect) or not op.fill:
            return op
        x0, y0, x1, y1 = op.x, op.y, op.x + op.w, op.y + op.h
        x0 -= bleed if x0 <= EDGE else 0.0
        y0 -= bleed if y0 <= EDGE else 0.0
        x1 += bleed if x1 >= w - EDGE else 0.0
        y1 += bleed if y1 >= h - EDGE else 0.0
        return replace(op, x=x0, y=y0, w=x1 - x0, h=y1 - y0)
    return tuple(grown(op) for op in ops)


def plain(face: Face) -> Page:
    """A sheet that is printed as it is (no trimming): page = face, every box = page."""
    return Page(face.width, face.height, face.ops, None, None, face.name)
