"""Turn each product of a kit into documents: lay it out, then impose it on pages.

One function per kind of content; a new kind registers itself in LAYOUTS.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit.errors import Problems
from printkit.impose import PAPERS, Page, nup, plain, single, tile_pages
from printkit.impose.booklet import page_size, saddle
from printkit.layout.board import board_face
from printkit.layout.booklet import booklet_pages
from printkit.layout.cards import card_face
from printkit.layout.ledger import ledger_pages
from printkit.layout.problems import item_where
from printkit.layout.sheets import lines_page, scorepad_pages
from printkit.layout.style import CARD_FORMATS
from printkit.localise.kit import (
    BoardText, BookletText, Deck, Kit, LedgerText, LinesSet, Product, ScorepadText,
)


@dataclass(frozen=True)
class Options:
    """How to print: players on the score pad, paper, duplex, colour and gaps."""

    players: int | None = None  # None: 4, or the nearest the game allows
    paper: str = "a4"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cmyk: bool = False
    allow_missing: bool = False


Pages = list[tuple[str, str, list[Page]]]  # file name, title suffix, pages
Layout = Callable[[Product, Kit, Options, Problems], Pages]


def board(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    assert isinstance(product.content, BoardText)
    face = board_face(product.content, item_where(kit.game, kit.lang, "board"), problems)
    tiles = f"{product.name}-{options.paper}"
    return [(product.name, "", [single(face)]),
            (tiles, f" ({options.paper.upper()})", tile_pages(face, PAPERS[options.paper]))]


def deck(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    d = product.content
    assert isinstance(d, Deck)
    width, height = CARD_FORMATS[d.card_format]
    sides = []
    for side, cards in (("front", d.fronts), ("back", d.backs)):
        sides.append(tuple(card_face(c, width, height, item_where(
            kit.game, kit.lang, f"{d.name}.{c.id} ({side})"), problems) for c in cards))
    if problems:
        return []
    return [(product.name, "", nup(sides[0], sides[1], PAPERS[options.paper], options.duplex,
                                   options.back_offset))]


def scorepad(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    assert isinstance(product.content, ScorepadText)
    faces = scorepad_pages(product.content, options.players, PAPERS[options.paper],
                           item_where(kit.game, kit.lang, "scorepad"), problems)
    return [(product.name, "", [plain(f) for f in faces])]


def lines(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    assert isinstance(product.content, LinesSet)
    faces = [lines_page(t, PAPERS[options.paper], item_where(
        kit.game, kit.lang, f"penalty_lines.{t.id}"), problems)
        for t in product.content.sheets]
    return [(product.name, "", [plain(f) for f in faces if f])]


def rules(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    """The booklet in reading order (for a print shop) and imposed for saddle stitching."""
    assert isinstance(product.content, BookletText)
    faces = booklet_pages(product.content, page_size(options.paper),
                          item_where(kit.game, kit.lang, "rules"), problems)
    if not faces:
        return []
    return [(product.name, "", [plain(f) for f in faces]),
            (f"{product.name}-booklet", "", saddle(faces, options.paper))]


def ledger(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    """A money ledger per player (--players), the bank sheet and the property register."""
    content = product.content
    assert isinstance(content, LedgerText)
    faces = ledger_pages(content, options.players, PAPERS[options.paper],
                         item_where(kit.game, kit.lang, "ledger"), problems)
    return [(product.name, "", [plain(f) for f in faces])]


LAYOUTS: dict[type, Layout] = {BoardText: board, Deck: deck, ScorepadText: scorepad,
                               LinesSet: lines, BookletText: rules, LedgerText: ledger}
