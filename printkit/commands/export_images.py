"""Pictures of single items, cut from finished PDFs at their trim: every card's front and
back, the board and each of its tiles. What `export --to png` writes and what
`export --to tts` lays on its deck sheets.

A stage after render, like the preview: the items are imposed as impose places them (a
card alone on its page, `printkit.impose.sheets.bare`; the board and its tiles as the
home build makes them), each page cut at its trim, rendered to PDF and drawn by
pypdfium2 one page at a time, a band at a time (printkit.commands.pictures), so a picture
shows exactly what prints inside the cut and memory stays bounded at any --dpi.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from printkit.errors import Problems
from printkit.impose import Document, Page
from printkit.impose.products import faces, game_where, layout_for
from printkit.impose.sheets import bare
from printkit.layout.fonts import using
from printkit.layout.ops import MM, Face, Group, translate
from printkit.lazy import Lazy
from printkit.localise.kit import Deck, Kit, Product
from printkit.options import Resolved
from printkit.render import render

DPI = 150  # default resolution of the pictures
DPI_RANGE = (50, 600)  # --dpi: from thumbnails to print quality


@dataclass(frozen=True)
class Shot:
    """One item as a PNG: its file name, product and what it is of the product: `side`
    front or back (a card, counted from 1 in the deck's order), board or tile; its trim
    size in mm; a card's title (or the tile's name)."""

    name: str
    png: bytes
    product: str
    side: str
    index: int = 0
    title: str = ""
    width_mm: float = 0.0
    height_mm: float = 0.0
    copies: int = 1  # a player aid: one for every player (on a table; one picture)


def safe(text: str) -> str:
    """A card id as a file name: letters, digits, - and _ kept, the rest as -."""
    return re.sub(r"[^\w-]+", "-", text, flags=re.ASCII).strip("-") or "card"


def cut(page: Page) -> Page:
    """The page cut at its trim: a page the size of the trim, nothing outside it drawn
    (a page without a trim as it is)."""
    if page.trim is None:
        return page
    x0, y0, x1, y1 = page.trim
    return Page(x1 - x0, y1 - y0, (Group(page.ops, translate(-x0, -y0),
                                         clip=(x0, y0, x1 - x0, y1 - y0)),),
                label=page.label)


def drawn(pages: Sequence[Page], name: str, kit: Kit, dpi: float,
          largest: int = 0) -> Iterator[bytes]:
    """The pages cut at their trims, rendered as one PDF (in RGB) and each drawn at `dpi`
    (lower where its longer side would be over `largest` pixels, when given) as a PNG, a
    band at a time (printkit.commands.pictures): one page's band in memory, and its PNG."""
    from printkit.commands.pictures import opened, write_png

    pdf = render(Document(name, Lazy(len(pages), lambda i: cut(pages[i])), kit.title, name,
                          kit.lang, kit.creator))
    with opened(pdf) as doc:
        for n, page in enumerate(doc, 1):
            longest = max(page.get_width(), page.get_height()) / 72
            own = min(dpi, largest / longest) if largest else dpi
            buffer = io.BytesIO()
            write_png(page, own, buffer, f"{name} ({n})")
            page.close()
            yield buffer.getvalue()


def alone(laid: Sequence[Face], side: str) -> Sequence[Page]:
    """Each face on a page of its own, TrimBox at its trim (made as the page is read)."""
    return Lazy(len(laid), lambda i: bare(laid[i], side))


def deck_shots(product: Product, kit: Kit, options: Resolved, dpi: float,
               problems: Problems) -> list[Shot]:
    """Every card of a deck, front and back, once (a player aid is not repeated per
    player): `<deck>-<nn>-<id>-front.png` and `-back.png`, nn its place in the deck."""
    d = product.content
    assert isinstance(d, Deck)
    spec = options.settings
    if d.card_format not in spec.formats:
        problems.add(game_where(kit, f"cards ({d.name})"),
                     f"'{d.card_format}' is not a card format; use one of "
                     f"{', '.join(spec.formats)} or define it under [print.formats] in "
                     "game.toml")
        return []
    size = spec.formats[d.card_format]
    copies = (options.players or 1) if d.per_player else 1
    width = len(str(len(d.fronts))) if len(d.fronts) > 99 else 2
    shots: list[Shot] = []
    for side, cards in (("front", d.fronts), ("back", d.backs)):
        pages = alone(faces(d.name, cards, side, size, kit, options, problems), side)
        for i, png in enumerate(drawn(pages, f"{d.name}-{side}", kit, dpi)):
            card = cards[i]
            shots.append(Shot(f"{d.name}-{i + 1:0{width}d}-{safe(card.id)}-{side}.png", png,
                              d.name, side, i + 1, card.title or card.id,
                              size[0] / MM, size[1] / MM, copies))
    return shots


def board_shots(product: Product, kit: Kit, options: Resolved, dpi: float,
                problems: Problems, largest: int = 0) -> list[Shot]:
    """The board whole (`board.png`) and each of its tiles on --paper
    (`board-tile-A1.png`, named as on the assembly map), as the home build imposes them.
    With `largest` (a table on the screen) the board alone, no more pixels a side than
    that."""
    outputs = layout_for(product.content)(product, kit, replace(options, target="home"),
                                          problems)
    if problems or not outputs:
        return []
    whole, *tiled = outputs
    page = whole.pages[0]
    trim = page.trim or (0.0, 0.0, page.width, page.height)
    size = ((trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM)
    shots = [Shot(f"{product.name}.png", png, product.name, "board", 0, product.title, *size)
             for png in drawn([page], product.name, kit, dpi, largest)]
    for out in [] if largest else tiled:
        tiles = [p for p in out.pages if p.trim is not None and p.label]
        for i, png in enumerate(drawn(tiles, out.name, kit, dpi)):
            shots.append(Shot(f"{product.name}-tile-{tiles[i].label}.png", png, product.name,
                              "tile", i + 1, tiles[i].label))
    return shots


def product_shots(kit: Kit, folder: Path, options: Resolved, dpi: float,
                  largest: int = 0) -> list[Shot]:
    """The pictures of a kit's product (a kit of one product): a deck's cards, the board
    and its tiles (with `largest`: the board alone, within that many pixels a side);
    nothing of other products (sheets and the booklet are pages, in the print-and-play
    PDF). One job for printkit.workers; raises with every problem."""
    from printkit.localise.kit_board import BoardText

    problems = Problems()
    shots: list[Shot] = []
    with using(options.theme.fonts):
        for product in kit.products:
            own = replace(options.for_product(product.name), cmyk=False)
            if isinstance(product.content, Deck):
                shots += deck_shots(product, kit, own, dpi, problems)
            elif isinstance(product.content, BoardText):
                shots += board_shots(product, kit, own, dpi, problems, largest)
    problems.raise_if_any()
    return shots
