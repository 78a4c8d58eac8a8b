"""Impose A5 reading-order pages 2-up on A4 landscape for saddle stitching.

Sheet s (from 0) carries [n − 2s | 1 + 2s] on its front and [2 + 2s | n − 1 − 2s] on its
back; print duplex with short-edge flip, fold, and staple at the fold.
"""

from __future__ import annotations

from collections.abc import Mapping

from printkit.impose.page import Page
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


def page_size(paper: str, papers: Mapping[str, tuple[float, float]]) -> tuple[float, float]:
    """The booklet page for a paper of `papers`: half of it (Letter -> half letter), or the
    paper of the table within 1 mm of that half (A4 -> A5: 148 x 210 mm, not 148.5)."""
    width, height = papers[paper]
    half = (height / 2, width)
    for size in papers.values():
        if all(abs(a - b) <= MM for a, b in zip(size, half, strict=True)):
            return size
    return half


def saddle(pages: list[Face], paper: tuple[float, float]) -> list[Page]:
    """Sheet sides of a paper (portrait size `paper`, printed landscape) with two pages
    each, in booklet order."""
    height, width = paper  # landscape: the paper's long side is the width
    result = []
    for left, right in spreads(len(pages)):
        a, b = pages[left - 1], pages[right - 1]
        x0 = (width - a.width - b.width) / 2
        y0 = (height - a.height) / 2
        ops = (Group(a.ops, translate(x0, y0)), Group(b.ops, translate(x0 + a.width, y0)))
        trim = (x0, y0, x0 + a.width + b.width, y0 + a.height)
        result.append(Page(width, height, ops, trim, trim, f"{left}|{right}"))
    return result
