"""What every part of preflight shares: the limits a PDF is held to, the bounds of what it
reads, and reading a page box or a dictionary from a file that may lie."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from printkit.units import MM

Box = tuple[float, float, float, float]

MAX_DRAWING = 8 * 2**20  # bytes of drawing per page, unpacked (printkit's pages: < 50 KB)
MAX_FORMS = 2_000  # form XObjects per file, and MAX_NESTING of them inside each other
MAX_NESTING = 32
MAX_SIDE = 200 * 72  # points: PDF pages are at most 200 inches (PDF 1.7, annex C)
MIN_SIDE = 3.0  # points: and at least 3 units (the same annex)
INHERITED = ("/MediaBox", "/CropBox")  # a page takes these from its parents when it has none


@dataclass(frozen=True)
class Limits:
    """What preflight holds a PDF to: safe area, smallest text, resolution, bleed, lines."""

    safe: float = 3 * MM        # text stays this far inside the trim
    min_size: float = 6.0       # points
    min_ppi: float = 300.0
    min_bleed: float = 3 * MM   # artwork that reaches the trim runs this far past it
    min_line: float = 0.25      # points: the thinnest line a print shop accepts


class Unjudged(Exception):  # noqa: N818 (a verdict, not an error of printkit)
    """A PDF preflight cannot judge: the one-line reason."""


def counted(n: int, one: str, many: str = "") -> str:
    """'1 character', '2 characters': a count with its noun in the right number."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def box_of(page: Any, key: str) -> Box | None:
    """A page box as given in the file (None when absent: defaults do not count)."""
    node, depth = page, 0
    while key not in node and key in INHERITED and "/Parent" in node and depth < MAX_NESTING:
        node, depth = node["/Parent"].get_object(), depth + 1
        if not isinstance(node, dict):
            raise Unjudged("a page whose parent is not a dictionary")
    if key not in node:
        return None
    value = node[key]
    value = value.get_object() if hasattr(value, "get_object") else value
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError):
        raise Unjudged(f"the {key[1:]} is not four numbers") from None
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        raise Unjudged(f"the {key[1:]} is not four finite numbers")
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def effective_trim(page: Any) -> Box:
    """The TrimBox, or what a reader takes instead: the CropBox, else the MediaBox."""
    for key in ("/TrimBox", "/CropBox", "/MediaBox"):
        box = box_of(page, key)
        if box is not None:
            return box
    raise Unjudged("a page without a MediaBox")


def contains(outer: Box, inner: Box, tol: float = 0.01) -> bool:
    return (outer[0] <= inner[0] + tol and outer[1] <= inner[1] + tol
            and outer[2] >= inner[2] - tol and outer[3] >= inner[3] - tol)


def identity(value: Any) -> object:
    """An indirect object by its number (the same object read twice is one), else by id."""
    ref = getattr(value, "indirect_reference", None) or value
    return (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(value)


def as_dict(value: Any) -> dict[str, Any]:
    """A resource dictionary (empty when absent); Unjudged when it is something else."""
    value = value.get_object() if value is not None else None
    if value is not None and not isinstance(value, dict):
        raise Unjudged("a resource list that is not a dictionary")
    return value or {}


def number(value: Any, default: float = 0.0) -> float:
    """A number of the file (a default for anything else)."""
    value = value.get_object() if hasattr(value, "get_object") else value
    try:
        found = float(value)
    except (TypeError, ValueError):
        return default
    return found if math.isfinite(found) else default
