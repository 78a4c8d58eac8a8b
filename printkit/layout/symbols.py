"""Group symbols ([theme] group_symbols = true): a small shape in the colour band of every
street square and street deed, one shape per group, so that no player has to tell the
groups apart by colour alone.

A group's symbol follows its place among the board's groups (`mark`): a filled circle,
square, triangle, diamond, star, cross, ring and downward triangle for the first eight,
then a hexagon and a plus; further groups get the same shapes drawn in outline. The shape
is drawn in the band's text colour (black or white, whichever reads better on the band).
"""

from __future__ import annotations

import math

from printkit.colour.contrast import faint, ink_on
from printkit.layout.ops import MM, Circle, Op, Polygon, Rect

SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross", "ring", "down",
          "hexagon", "plus")
Points = tuple[tuple[float, float], ...]


def star(r: float) -> Points:
    return tuple((math.cos(a) * (r if k % 2 == 0 else 0.42 * r),
                  math.sin(a) * (r if k % 2 == 0 else 0.42 * r))
                 for k in range(10) for a in (math.pi / 2 + k * math.pi / 5,))


def regular(r: float, corners: int, turn: float) -> Points:
    return tuple((math.cos(turn + k * 2 * math.pi / corners) * r,
                  math.sin(turn + k * 2 * math.pi / corners) * r) for k in range(corners))


def plus(r: float, turn: float) -> Points:
    """A plus of arms 0.36 r wide, turned by `turn` (a cross at 45°)."""
    t = 0.18 * r
    arm = ((t, t), (t, r), (-t, r), (-t, t))
    corners: list[tuple[float, float]] = []
    for k in range(4):  # each arm, turned a quarter further
        c, s = math.cos(turn + k * math.pi / 2), math.sin(turn + k * math.pi / 2)
        corners += [(x * c - y * s, x * s + y * c) for x, y in arm[:3]]
    return tuple(corners)


def outline(shape: str, r: float) -> Points:
    """The corners of a shape of radius r round (0, 0) (not of the circles)."""
    return {
        "triangle": regular(r, 3, math.pi / 2),
        "down": regular(r, 3, -math.pi / 2),
        "diamond": ((0.0, r), (0.78 * r, 0.0), (0.0, -r), (-0.78 * r, 0.0)),
        "star": star(r),
        "cross": plus(r, math.pi / 4),
        "plus": plus(r, 0.0),
        "hexagon": regular(0.92 * r, 6, 0.0),
    }[shape]


def symbol_ops(mark: int, cx: float, cy: float, size: float, colour: str) -> list[Op]:
    """The symbol of the group at `mark`, `size` across, centred on (cx, cy)."""
    if mark < 0:
        return []
    shape = SHAPES[mark % len(SHAPES)]
    hollow = (mark // len(SHAPES)) % 2 == 1
    fill, stroke = (None, colour) if hollow else (colour, None)
    r = size / 2
    width = size * 0.12
    if shape == "circle":
        return [Circle(cx, cy, r * 0.9, fill=fill, stroke=stroke, width=width)]
    if shape == "ring":  # hollow already: in outline it becomes a double ring
        ops: list[Op] = [Circle(cx, cy, r * 0.78, stroke=colour, width=size * 0.2)]
        return ops + ([Circle(cx, cy, r * 0.3, fill=colour)] if hollow else [])
    if shape == "square":
        side = r * 1.6
        return [Rect(cx - side / 2, cy - side / 2, side, side, fill=fill, stroke=stroke,
                     width=width)]
    return [Polygon(tuple((cx + x, cy + y) for x, y in outline(shape, r)), fill=fill,
                    stroke=stroke, width=width)]


def band_symbol(mark: int, x: float, y: float, w: float, h: float, colour: str,
                beside: bool, largest: float = 6 * MM) -> tuple[list[Op], float]:
    """A group's symbol in a colour band whose inside is (x, y, w, h), at most `largest`
    across: centred when the band has no text, else at its left (`beside` the text); and
    the room it takes there from the text (0 when centred or when there is no symbol)."""
    if mark < 0:
        return [], 0.0
    size = min(h * 0.6, largest)
    if not beside:
        return symbol_ops(mark, x + w / 2, y + h / 2, size, colour), 0.0
    return symbol_ops(mark, x + size / 2, y + h / 2, size, colour), size + 1.5 * MM


def faint_band_outline(x: float, y: float, w: float, h: float, colour: str,
                       ground: str) -> list[Op]:
    """A thin outline in the band's text colour just inside a colour band that hardly
    shows on its ground (see contrast.faint), so that it reads as a band of its colour,
    not as an empty strip; nothing for a band that shows."""
    if not faint(colour, ground):
        return []
    inset = 0.8 * MM
    return [Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=ink_on(colour),
                 width=0.5)]
