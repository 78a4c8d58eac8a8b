"""Where the cards lie on a product's pages, for the one-card view of `printkit serve`.

Impose names each placed card side `front.<id>` or `back.<id>` (printkit.impose.sheets):
a Group whose matrix puts the card's trim on the page. Read back from the page's
drawing, each card gives a `Cell`: its box as fractions of the page picture (top left
at 0, 0), how far it is turned, and the file and line of its text (the `where` of its
CardText). The n-th front of a product and its n-th back are the two sides of one card.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from printkit.impose import Page
from printkit.layout.ops import IDENTITY, Group, Matrix, Op
from printkit.localise.kit import CardText, Deck, Kit

SIDES = ("front", "back")


@dataclass(frozen=True)
class Cell:
    """One card side on a page: its id, side, number among the product's cards of that
    side (from 0), box (x0, y0, x1, y1 as fractions of the page, from its top left),
    turn (degrees counter-clockwise) and the source of its text ('file:line')."""

    id: str
    side: str
    n: int
    box: tuple[float, float, float, float]
    turn: int
    source: str


def times(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies n, then m (as a group inside a group draws)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d,
            e2 * a + f2 * c + e, e2 * b + f2 * d + f)


def placed(ops: tuple[Op, ...], outer: Matrix = IDENTITY
           ) -> Iterator[tuple[str, str, Matrix, Group]]:
    """Every card side among `ops`: side, id, the matrix that places it and its group."""
    for op in ops:
        if not isinstance(op, Group):
            continue
        matrix = times(outer, op.matrix)
        side, _, name = op.key.partition(".")
        if side in SIDES and name and op.clip is not None:
            yield side, name, matrix, op
        else:
            yield from placed(op.ops, matrix)


def trim(group: Group) -> tuple[float, float, float]:
    """A placed card's bleed, width and height (its clip is its trim plus bleed)."""
    assert group.clip is not None
    bleed = -group.clip[0]
    return bleed, group.clip[2] - 2 * bleed, group.clip[3] - 2 * bleed


def card_page(page: Page, k: int) -> Page | None:
    """The k-th card side placed on a page, alone on a page of its size and upright,
    cut at its trim (None if the page has fewer)."""
    group = next((g for i, (*_, g) in enumerate(placed(page.ops)) if i == k), None)
    if group is None:
        return None
    _, w, h = trim(group)
    return Page(w, h, (Group(group.ops, clip=(0.0, 0.0, w, h)),))


def sources(part: Kit) -> dict[tuple[str, str], str]:
    """The 'file:line' of each card side's text in a one-product kit, by side and id."""
    found: dict[tuple[str, str], str] = {}
    content = part.products[0].content if part.products else None
    if isinstance(content, Deck):
        for side, cards in (("front", content.fronts), ("back", content.backs)):
            for card in cards:
                found.setdefault((side, card.id), place(card))
    return found


def place(card: CardText) -> str:
    return card.where.place()


def cells(pages: list[Page], part: Kit) -> tuple[tuple[Cell, ...], ...]:
    """The cards on each page of a product (pages in order), numbered per side."""
    texts = sources(part)
    counts = dict.fromkeys(SIDES, 0)
    result = []
    for page in pages:
        found = []
        for side, name, m, group in placed(page.ops):
            _, w, h = trim(group)
            corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
                       for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            box = (round(min(xs) / page.width, 5), round(1 - max(ys) / page.height, 5),
                   round(max(xs) / page.width, 5), round(1 - min(ys) / page.height, 5))
            turn = round(math.degrees(math.atan2(m[1], m[0]))) % 360
            found.append(Cell(name, side, counts[side], box, turn,
                              texts.get((side, name), "")))
            counts[side] += 1
        result.append(tuple(found))
    return tuple(result)
