"""How to print each file a build writes: paper, scale, duplex flip, folding, and whether
it is one for the home printer, a copy shop (large sheets) or a print shop.

A `Hint` is decided when a document is made (it knows its product and the options); the
command line puts it into words in the file's language with the tool's label catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from printkit.impose import Document
from printkit.layout.ops import MM
from printkit.lazy import Lazy
from printkit.localise.kit import Deck, Product

if TYPE_CHECKING:
    from printkit.localise.catalog import Labels


@dataclass(frozen=True)
class Hint:
    """How one file is printed. kind: cards (n-up with backs), sheets (one-sided), tiles,
    poster (one large sheet), booklet (imposed for saddle stitching), reading (booklet pages
    in reading order), shop (one item per page for a print shop) or shop-rgb (the same in
    RGB, built so on purpose with --color rgb)."""

    kind: str
    paper: str
    duplex: str = "long"
    size: tuple[float, float] = (0.0, 0.0)  # the page in mm, when it matters (poster, reading)


def hint_for(product: Product, doc: Document, target: str, paper: str, duplex: str,
             cmyk: bool = True) -> Hint:
    """The hint for a document made of a product with the given target, paper, duplex and
    colour (CMYK or RGB)."""
    if target == "shop":
        return Hint("shop" if cmyk else "shop-rgb", paper)
    content = product.content
    if isinstance(content, Deck):
        return Hint("cards", paper, duplex)
    from printkit.localise.kit_board import BoardText  # the other kinds: only when built
    from printkit.localise.kit_booklet import BookletText

    kind = "sheets"
    if isinstance(content, BoardText):
        kind = "poster" if doc.name == product.name else "tiles"
    elif isinstance(content, BookletText):
        kind = "reading" if doc.name == product.name else "booklet"
    size = (0.0, 0.0)
    if kind in ("poster", "reading") and doc.pages and not isinstance(doc.pages, Lazy):
        first = doc.pages[0]
        size = (first.width / MM, first.height / MM)
    return Hint(kind, paper, duplex, size)


def advice(hint: Hint, _: Labels) -> str:
    """How to print a file, in the language of the labels."""
    paper = hint.paper.upper() if len(hint.paper) <= 3 else hint.paper
    size = f"{hint.size[0]:.0f} × {hint.size[1]:.0f} mm"
    if hint.kind == "cards" and hint.duplex == "none":
        return _("{paper}, scale 100 %, one-sided; cut out fronts and backs and glue them "
                 "together", paper=paper)
    if hint.kind == "cards" and hint.duplex == "short":
        return _("{paper}, scale 100 %, double-sided, flip on the short edge; cut along the "
                 "crop marks", paper=paper)
    texts = {
        "cards": lambda: _("{paper}, scale 100 %, double-sided, flip on the long edge; cut "
                           "along the crop marks", paper=paper),
        "tiles": lambda: _("{paper}, scale 100 %, one-sided; cut and glue the tiles as the "
                           "first page shows", paper=paper),
        "poster": lambda: _("one sheet of {size}: take this one to a copy shop (large "
                            "format, scale 100 %)", size=size),
        "booklet": lambda: _("{paper}, scale 100 %, double-sided, flip on the short edge; "
                             "fold in the middle and staple", paper=paper),
        "reading": lambda: _("pages of {size} in reading order: take this one to a print "
                             "shop", size=size),
        "shop": lambda: _("one item per page with trim and bleed: take this one to a print "
                          "shop"),
        "shop-rgb": lambda: _("one item per page with trim and bleed, in RGB (--color rgb): "
                              "the print shop converts the colours itself; for CMYK, build "
                              "without --color rgb"),
    }
    return texts.get(hint.kind, lambda: _("{paper}, scale 100 %, one-sided",
                                          paper=paper))()
