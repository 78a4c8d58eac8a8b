"""The board of the analysis report, each square shaded by a share (its landing odds) and
showing it with the square's name; a name that does not fit its square whole (broken only
at its words and compounds) shows the square's number, and the board's centre lists it."""

from __future__ import annotations

from printkit.colour.contrast import ink_on
from printkit.layout.board import square_matrix
from printkit.layout.cards import placed_ops
from printkit.layout.fonts import width as text_width
from printkit.layout.hyphens import NBSP
from printkit.layout.ops import MM, Group, Op, Rect, Text, translate
from printkit.layout.text import BOARD_NAMES, MIN_SIZE, WHOLE_PARTS, Placed, fit, flow
from printkit.localise.kit import Heading, Para
from printkit.localise.kit_board import SquareText
from printkit.localise.kit_report import HeatBoard

INK = "#1E1E1E"  # the report's text
RAMP = ("#FFFFFF", "#FFF3B0", "#FDC25C", "#F0703A", "#C4223A", "#6B0F3A")  # share: 0 to most


def shade(x: float, top: float) -> str:
    """The colour of a share on the ramp from white (0) to the darkest (`top`)."""
    t = min(max(x / top, 0.0), 1.0) * (len(RAMP) - 1) if top > 0 else 0.0
    i = min(int(t), len(RAMP) - 2)
    f = t - i
    a, b = RAMP[i], RAMP[i + 1]
    mixed = (round(int(a[k:k + 2], 16) * (1 - f) + int(b[k:k + 2], 16) * f) for k in (1, 3, 5))
    return "#" + "".join(f"{v:02X}" for v in mixed)


def heat_ops(heat: HeatBoard, side: float, lang: str) -> tuple[list[Op], float]:
    """The board at `side`: every square shaded by its share, its name and share on it;
    in its centre the legend's ramp and the names of the squares that show their number
    (a name too long for its square even broken at its words and compounds)."""
    board = heat.board
    n = len(board.squares)
    corner = side * board.corner / board.size
    w = (side - 2 * corner) / (n // 4 - 1)
    top = max(*heat.shares, heat.held_share, 1e-9)
    ops: list[Op] = []
    numbered: list[SquareText] = []
    for sq in board.squares:
        fill = shade(heat.shares[sq.position], top)
        if sq.position % (n // 4):
            local, named = square_heat(sq, heat.shown[sq.position], fill, w, corner, lang)
        else:
            local, named = corner_heat(sq, heat.shown[sq.position], fill, corner, lang,
                                       heat.held if sq.position == heat.held_at else "",
                                       shade(heat.held_share, top))
        numbered += [] if named else [sq]
        ops.append(Group(tuple(local), square_matrix(sq.position, n, side, corner, w)))
    ops += centre_ops(heat, numbered, side, corner, top, lang)
    return [Group(tuple(ops), translate(0, -side))], side + 2 * MM


def square_heat(sq: SquareText, shown: str, fill: str, w: float, depth: float,
                lang: str) -> tuple[list[Op], bool]:
    """A square, upright, outer edge at y = 0; and whether it shows its name (else its
    number)."""
    ink = ink_on(fill)
    ops: list[Op] = [Rect(0, 0, w, depth, fill=fill, stroke=INK, width=0.4)]
    room = depth
    if sq.kind == "street" and sq.colour:
        b = depth * 0.16
        ops.append(Rect(0, depth - b, w, b, fill=sq.colour, stroke=INK, width=0.4))
        room -= b
    name = name_ops(sq.name, 0.8 * MM, room - 0.8 * MM, w - 1.6 * MM, room - 7 * MM, ink, lang)
    ops += name or number_ops(sq.position, w / 2, room - 0.8 * MM, ink)
    ops.append(Text(w / 2, 1.8 * MM, shown, "bold", 6.5, ink, "centre"))
    return ops, name is not None


def name_ops(name: str, x: float, top: float, width: float, height: float, ink: str,
             lang: str) -> list[Op] | None:
    """A name fitted in its box from 7 pt down to 6, broken only at its words (those
    joined by a no-break space too, when it must) and at the compounds the board breaks
    at (text.WHOLE_PARTS), never between syllables; None if it does not fit so."""
    for text in dict.fromkeys((name, name.replace(NBSP, " "))):
        laid = fit((Heading(text),), width, height, 7, lang=lang, breaking=WHOLE_PARTS)
        if laid is not None:
            return placed_ops(laid[0], x, top, width, ink, centre=True)
    return None


def number_ops(position: int, x: float, top: float, ink: str) -> list[Op]:
    """A square's number in the place of its name (the name is listed in the centre)."""
    return [Text(x, top - 9, str(position), "bold", 9, ink, "centre")]


def corner_heat(sq: SquareText, shown: str, fill: str, c: float, lang: str, held: str,
                held_fill: str) -> tuple[list[Op], bool]:
    """A corner: outer edges at the bottom and right of its frame. The jail corner holds
    its cell, shaded by the share of the token in jail, in its top left. And whether it
    shows its name (else its number)."""
    ink = ink_on(fill)
    ops: list[Op] = [Rect(0, 0, c, c, fill=fill, stroke=INK, width=0.4)]
    if held:
        cell = c * 0.6
        ops.append(Rect(0, c - cell, cell, cell, fill=held_fill, stroke=INK, width=0.4))
        ops += held_ops(held, cell, c - 0.8 * MM, ink_on(held_fill), lang)
        name = name_ops(sq.name, c * 0.05, c - cell - 0.8 * MM, c * 0.9, c - cell - 7 * MM,
                        ink, lang)
        ops += name or number_ops(sq.position, (c + cell) / 2, c - 0.8 * MM, ink)  # beside
    else:
        name = name_ops(sq.name, c * 0.08, c - 2 * MM, c * 0.84, c * 0.55, ink, lang)
        ops += name or number_ops(sq.position, c / 2, c - 2 * MM, ink)
    ops.append(Text(c / 2, 2.5 * MM, shown, "bold", 7, ink, "centre"))
    return ops, name is not None


def held_ops(held: str, cell: float, top: float, ink: str, lang: str) -> list[Op]:
    """The jail's cell: the token in jail and its share, broken as a board breaks a name
    (at words and compounds, and between syllables when it must), else cut."""
    laid = fit((Heading(held),), cell - 1.6 * MM, cell - 1.6 * MM, 7, lang=lang,
               breaking=BOARD_NAMES)
    if laid is None:
        return [Text(cell / 2, top - 6, clipped(held, "bold", 6, cell - 1.6 * MM), "bold", 6,
                     ink, "centre")]
    return placed_ops(laid[0], 0.8 * MM, top, cell - 1.6 * MM, ink, centre=True)


def centre_ops(heat: HeatBoard, squares: list[SquareText], side: float, corner: float,
               top: float, lang: str) -> list[Op]:
    """The board's centre: the legend, and under it the squares that show their number
    with their names, as large as they fit (from 8 pt down to 6) in one to three columns
    under the legend in the middle or at the top of the centre (the fewest columns, the
    legend in the middle, when two ways give the same size)."""
    if not squares:
        return legend_ops(heat, side, corner, top, side / 2)
    high = side - corner - 14 * MM  # the legend at the top of the centre
    numbers: dict[str, list[str]] = {}  # a name, with the numbers of its squares
    for sq in squares:
        numbers.setdefault(sq.name, []).append(str(sq.position))
    entries = [Para(f"{', '.join(n)}{NBSP}{NBSP}{name}") for name, n in numbers.items()]
    width = side - 2 * corner - 8 * MM
    best: tuple[float, int, float, list[list[Placed]]] | None = None
    for k in (1, 2, 3):
        for y0 in (side / 2, high):
            column = (width - (k - 1) * COLUMN_GAP) / k
            laid = columns(entries, k, column, y0 - 7 * MM - 12 - corner - 3 * MM, lang)
            if laid is not None and (best is None or laid[0] > best[0]):
                best = (laid[0], k, y0, laid[1])
    k, y0, lines = (best[1], best[2], best[3]) if best else (3, high, forced(entries, width))
    column = (width - (k - 1) * COLUMN_GAP) / k
    ops = [*legend_ops(heat, side, corner, top, y0),
           Text(side / 2, y0 - 7 * MM - 8, heat.numbered, "bold", 8, INK, "centre")]
    for j, placed in enumerate(lines):
        ops += placed_ops(placed, corner + 4 * MM + j * (column + COLUMN_GAP),
                          y0 - 7 * MM - 12, column, INK, centre=k == 1)
    return ops


COLUMN_GAP = 4 * MM


def columns(entries: list[Para], k: int, width: float, room: float,
            lang: str) -> tuple[float, list[list[Placed]]] | None:
    """The size and lines of the entries in `k` columns of `width`, at the largest size
    from 8 pt to 6 at which every column is at most `room` tall; None if none is."""
    size = 8.0
    while size >= MIN_SIZE - 1e-9:
        laid = [flow(chunk, width, size, lang=lang, breaking=WHOLE_PARTS[0])
                for chunk in chunked(entries, k)]
        if all(x is not None and x[1] <= room for x in laid):
            return size, [x[0] for x in laid if x is not None]
        size -= 0.25
    return None


def chunked(entries: list[Para], k: int) -> list[tuple[Para, ...]]:
    per = -(-len(entries) // k)
    return [tuple(entries[j:j + per]) for j in range(0, len(entries), per)]


def forced(entries: list[Para], width: float) -> list[list[Placed]]:
    """The entries in three columns at 6 pt, however long they run (a board of more
    numbered squares than its centre holds)."""
    column = (width - 2 * COLUMN_GAP) / 3
    laid = [flow(chunk, column, MIN_SIZE) for chunk in chunked(entries, 3)]
    return [x[0] for x in laid if x is not None]


def legend_ops(heat: HeatBoard, side: float, corner: float, top: float,
               y0: float) -> list[Op]:
    """In the board's centre, the ramp's foot at `y0`: the legend's title over the ramp,
    from 0 to the largest share."""
    width = side - 2 * corner - 16 * MM
    x0 = corner + 8 * MM
    steps = 12
    ops: list[Op] = [Text(side / 2, y0 + 8 * MM, heat.legend, "bold", 8, INK, "centre")]
    for k in range(steps):
        ops.append(Rect(x0 + k * width / steps, y0, width / steps, 5 * MM,
                        fill=shade(top * (k + 0.5) / steps, top)))
    ops += [Rect(x0, y0, width, 5 * MM, stroke=INK, width=0.4),
            Text(x0, y0 - 4 * MM, heat.low, "regular", 7, INK),
            Text(x0 + width, y0 - 4 * MM, heat.high, "regular", 7, INK, "right")]
    return ops


def clipped(text: str, role: str, size: float, room: float) -> str:
    """The text, cut with an ellipsis when wider than `room`."""
    if text_width(text, role, size) <= room:
        return text
    while text and text_width(text + "…", role, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"
