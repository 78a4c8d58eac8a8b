"""What impose hands to render: pages with their drawing and page boxes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.layout.ops import Op

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points

@dataclass(frozen=True)
class Page:
    """One page of a PDF: its size, its drawing, the boxes of what is cut from it (trim
    and bleed; none for a page printed as it is) and a label naming it."""

    width: float
    height: float
    ops: tuple[Op, ...]
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""


@dataclass(frozen=True)
class Document:
    """A PDF to write: pages plus the information in its metadata. The pages may be made
    as they are read (a `printkit.lazy.Lazy` sequence): render reads each one once."""

    name: str
    pages: Sequence[Page]
    title: str
    subject: str
    lang: str
    creator: str
    keywords: str = ""
