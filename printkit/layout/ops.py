"""Drawing operations: what layout produces and render draws. Units are points.

A `Face` is one item (a card side, the board, a sheet) in its own coordinates: (0, 0) is
the bottom-left corner of its trim; the bleed lies at negative coordinates and beyond
width/height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.units import MM as MM  # layout modules take the unit from here

REGISTRATION = "registration"  # prints on every plate: crop marks
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Rect:
    """A rectangle from its bottom-left corner, filled and/or stroked (dashed if `dash`)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "#000000"
    width: float = 0.5


@dataclass(frozen=True)
class Circle:
    """A circle around (x, y), filled and/or stroked."""

    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Polygon:
    """A closed shape through its corners ((x, y) in order), filled and/or stroked."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Text:
    """One line of text; x is its left edge, centre or right edge according to align."""

    x: float
    y: float
    text: str
    font: str = "regular"
    size: float = 9.0
    colour: str = "#000000"
    align: str = "left"


@dataclass(frozen=True)
class Image:
    """A picture file drawn into the box x, y, w, h (the layout keeps its proportions).

    Render embeds each file once per PDF, however often it is drawn. `ground` is the
    colour it stands on: a PDF/X-1a file allows no transparency, so there the picture's
    transparent parts are filled with it."""

    x: float
    y: float
    w: float
    h: float
    path: str
    ground: str = "#FFFFFF"
    digest: str = ""  # of the file's content: a page with a picture replaced differs


@dataclass(frozen=True)
class Group:
    """Ops drawn through a transform, optionally clipped to a local rectangle.

    A non-empty `key` names the drawing (a placed card: `front.<id>`), so the PDF tells
    items apart. `reuse` marks artwork drawn many times with the same key (a card back,
    the board on every tile): render draws it once and reuses it.
    """

    ops: tuple[Op, ...]
    matrix: Matrix = IDENTITY
    clip: tuple[float, float, float, float] | None = None
    key: str = ""
    reuse: bool = False


Op = Rect | Line | Circle | Polygon | Text | Image | Group


@dataclass(frozen=True)
class Face:
    """One item to print: trim size, bleed width and its drawing."""

    name: str
    width: float
    height: float
    bleed: float
    ops: tuple[Op, ...]


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def rotate(degrees: float, x: float = 0.0, y: float = 0.0) -> Matrix:
    """Rotation by degrees (counter-clockwise), then a move to (x, y)."""
    r = math.radians(degrees)
    c, s = round(math.cos(r), 12), round(math.sin(r), 12)
    return (c, s, -s, c, x, y)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix that applies inner first, then outer."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)
