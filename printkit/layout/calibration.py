"""The duplex calibration sheet: graded scales on the front, red pointer lines on the back.

Each pointer lies exactly behind the 0 of its scale when the printer registers front and
back perfectly. Held against the light, a pointer that misses 0 shows the correction to
add to the back offset; the scale labels carry the sign that the chosen flip needs, so the
reading is the number to add, not its mirror image.
"""

from __future__ import annotations

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.ops import MM, Face, Line, Op, Text
from printkit.layout.problems import too_long
from printkit.layout.text import fit
from printkit.localise.kit import CalibrationText, Heading, Para

RANGE = 5  # the scales run from -RANGE to +RANGE mm
STEP = 0.5 * MM
INK = "#000000"
POINTER = "#D0021B"
MARGIN = 15 * MM


def places(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Where the scale pairs stand on the front: the middle and two lower corners."""
    w, h = paper
    return [(w * 0.25, h * 0.22), (w / 2, h * 0.45), (w * 0.75, h * 0.22)]


def signs(duplex: str) -> tuple[int, int]:
    """The sign of the x and y readings as back-offset corrections, for the flip.

    A long-edge flip mirrors x, so a back shifted right shows left of 0 from the front;
    a short-edge flip mirrors y in the same way.
    """
    return (1, -1) if duplex == "long" else (-1, 1)


def number(mm: int) -> str:
    return f"{mm:+d}" if mm else "0"


def scale_x(cx: float, cy: float, sign: int, caption: str) -> list[Op]:
    """A horizontal scale centred on (cx, cy): ticks every 0.5 mm, labels every 2 mm."""
    ops: list[Op] = [Line(cx - RANGE * MM, cy, cx + RANGE * MM, cy, INK, 0.25)]
    for k in range(-2 * RANGE, 2 * RANGE + 1):
        x = cx + k * STEP
        long = k % 2 == 0
        ops.append(Line(x, cy, x, cy + (4 if long else 2.5) * MM, INK, 0.25))
        if k % 4 == 0:  # every 2 mm, on two rows so the numbers do not touch
            row = 3 * MM if k % 8 == 0 else 6 * MM
            ops.append(Text(x, cy - row, number(sign * k // 2), "regular", 6.5, INK,
                            "centre"))
    ops.append(Text(cx, cy + 6 * MM, caption, "bold", 7, INK, "centre"))
    return ops


def scale_y(cx: float, cy: float, sign: int, caption: str) -> list[Op]:
    """A vertical scale centred on (cx, cy), labels to its right."""
    ops: list[Op] = [Line(cx, cy - RANGE * MM, cx, cy + RANGE * MM, INK, 0.25)]
    for k in range(-2 * RANGE, 2 * RANGE + 1):
        y = cy + k * STEP
        long = k % 2 == 0
        ops.append(Line(cx, y, cx - (4 if long else 2.5) * MM, y, INK, 0.25))
        if k % 4 == 0:
            ops.append(Text(cx + 1.5 * MM, y - 2.2, number(sign * k // 2), "regular", 6.5,
                            INK))
    ops.append(Text(cx, cy + RANGE * MM + 3 * MM, caption, "bold", 7, INK, "centre"))
    return ops


def front(text: CalibrationText, paper: tuple[float, float], duplex: str, where: Where,
          problems: Problems) -> Face:
    w, h = paper
    sx, sy = signs(duplex)
    fitted = fit((Heading(text.title), *(Para(f"{n}. {s}") for n, s in enumerate(text.steps, 1))),
                 w - 2 * MARGIN, h * 0.3, 12)
    ops: list[Op] = []
    if fitted is None:
        too_long(where, problems, 6)
    else:
        ops += placed_ops(fitted[0], MARGIN, h - MARGIN, w - 2 * MARGIN, INK)
    for cx, cy in places(paper):
        ops += scale_x(cx - 12 * MM, cy, sx, text.horizontal)
        ops += scale_y(cx + 12 * MM, cy, sy, text.vertical)
    return Face("calibration-front", w, h, 0, tuple(ops))


def back(text: CalibrationText, paper: tuple[float, float], duplex: str) -> Face:
    """Pointers behind every scale's 0 (before any back offset), seen from the back."""
    w, h = paper
    ops: list[Op] = [Text(w / 2, h - MARGIN - 12, text.back, "bold", 12, INK, "centre")]
    for cx, cy in places(paper):
        x, y = cx - 12 * MM, cx + 12 * MM  # zeros of the x and y scales, on the front
        segments = [((x, cy - 2 * MM), (x, cy + 7 * MM)), ((y - 7 * MM, cy), (y + 2 * MM, cy))]
        for start, end in segments:
            (x1, y1), (x2, y2) = (behind(p, paper, duplex) for p in (start, end))
            ops.append(Line(x1, y1, x2, y2, POINTER, 0.5))
    return Face("calibration-back", w, h, 0, tuple(ops))


def behind(point: tuple[float, float], paper: tuple[float, float],
           duplex: str) -> tuple[float, float]:
    """The point of the back page that lies behind a point of the front."""
    x, y = point
    return (paper[0] - x, y) if duplex == "long" else (x, paper[1] - y)
