"""Impose A5 reading-order pages 2-up on A4 landscape for saddle stitching.

Sheet s (from 0) carries [n − 2s | 1 + 2s] on its front and [2 + 2s | n − 1 − 2s] on its
back; print duplex with short-edge flip, fold, and staple at the fold.
"""

from __future__ import annotations

from printkit.impose.page import PAPERS, Page
from printkit.layout.ops import MM, Face, Group, translate


def spreads(n: int) -> list[tuple[int, int]]:
    """Page numbers (left, right) of every sheet side in printing order."""
    if n % 4:
        raise ValueError("a saddle-stitched booklet needs a multiple of four pages")
    sides = []
    for s in range(n // 4):
        sides.append((n - 2 * s, 1 + 2 * s))
        sides.append((2 + 2 * s, n - 1 - 2 * s))
    return sides


HALF = {"a3": PAPERS["a4"], "a4": PAPERS["a5"], "a5": (105 * MM, 148 * MM)}


def page_size(paper: str) -> tuple[float, float]:
    """The booklet page for a paper: the ISO size below it (A4 -> A5), or half of it
    (Letter -> half letter)."""
    width, height = PAPERS[paper]
    return HALF.get(paper, (height / 2, width))


def saddle(pages: list[Face], paper: str = "a4") -> list[Page]:
    """Sheet sides (landscape) with two pages each, in booklet order."""
    height, width = PAPERS[paper]  # landscape: the paper's long side is the width
    result = []
    for left, right in spreads(len(pages)):
        a, b = pages[left - 1], pages[right - 1]
        x0 = (width - a.width - b.width) / 2
        y0 = (height - a.height) / 2
        ops = (Group(a.ops, translate(x0, y0)), Group(b.ops, translate(x0 + a.width, y0)))
        trim = (x0, y0, x0 + a.width + b.width, y0 + a.height)
        result.append(Page(width, height, ops, trim, trim, f"{left}|{right}"))
    return result
