"""The declarations printkit writes in a PDF's /Keywords, and how they are read back.

A file says, to whoever checks or reuses it (`printkit preflight`, the print-and-play
export), what it is:

- `printkit-shop vendor=NAME colour=cmyk ink=300%` (or `colour=rgb`): a file for a print
  shop, and the most ink (C + M + Y + K) it may carry;
- `printkit-cards card=WxHmm gutter=Gmm pages=A-B`: a sheet of cards, a grid of cards of
  that size over each page's TrimBox;
- `printkit-tiles cols=C rows=R overlap=Omm pages=A-B order=rows`: the pages that are
  tiles of one larger sheet (`pages=3,5,7`, a list of pages and ranges, where empty backs
  lie between them).

Each declaration is written and read here only. Reading looks at the first 10 000
characters of the keywords.
"""

from __future__ import annotations

import re

from printkit.units import MM

SHOP = re.compile(r"\bprintkit-shop\b")
INK = re.compile(r"\bink=(\d{1,3}(?:\.\d{1,3})?)%")
CARDS = re.compile(r"\bprintkit-cards card=([\d.]+)x([\d.]+)mm gutter=([\d.]+)mm "
                   r"pages=(\d+)-(\d+)")
TILES = re.compile(r"(printkit-tiles\b.*?\bpages=)([\d,-]{1,10000})")
PAGES = re.compile(r"(\d{1,9})(?:-(\d{1,9}))?")
READ = 10_000  # characters of the keywords read


def shop(vendor: str, cmyk: bool, ink_limit: float) -> str:
    """A file for a print shop (`vendor`), in CMYK up to `ink_limit` percent, or in RGB."""
    colour = f"cmyk ink={ink_limit:g}%" if cmyk else "rgb"
    return f"printkit-shop vendor={vendor} colour={colour}"


def cards(width: float, height: float, gutter: float, pages: int) -> str:
    """Sheets 1 to `pages` of cards `width` × `height` (points, as placed) `gutter` apart."""
    return (f"printkit-cards card={width / MM:.6g}x{height / MM:.6g}mm "
            f"gutter={gutter / MM:.6g}mm pages=1-{pages}")


def tiles(cols: int, rows: int, overlap: float, first: int, last: int) -> str:
    """Pages `first` to `last` are the tiles, `cols` × `rows` in rows, of one sheet, each
    overlapping its neighbours by `overlap` (points)."""
    return (f"printkit-tiles cols={cols} rows={rows} overlap={overlap / MM:g}mm "
            f"pages={first}-{last} order=rows")


def for_shop(keywords: str) -> bool:
    return bool(SHOP.search(keywords[:READ]))


def ink_limit(keywords: str) -> float | None:
    """The ink limit a file states (percent), if it states one."""
    found = INK.search(keywords[:READ])
    return float(found.group(1)) if found else None


def card_grid(keywords: str) -> tuple[float, float, float, int, int] | None:
    """The card sheet a file declares: card width, height and gutter (points), its first
    and last page."""
    found = CARDS.search(keywords[:READ])
    if not found:
        return None
    w, h, g = (float(found.group(i)) * MM for i in (1, 2, 3))
    return w, h, g, int(found.group(4)), int(found.group(5))


def tile_pages(keywords: str, count: int) -> set[int]:
    """The pages of a file of `count` pages that its declarations say are tiles (only
    pages the file has), each once, in every `printkit-tiles` declaration."""
    spans = sorted((max(1, int(found.group(1))), min(count, int(found.group(2) or
                                                          found.group(1))))
                   for match in TILES.finditer(keywords[:READ])
                   for found in map(PAGES.fullmatch, match.group(2).split(",")) if found)
    pages: set[int] = set()
    done = 0  # the last page added: each page once, however often it is declared
    for first, last in spans:
        pages.update(range(max(first, done + 1), last + 1))
        done = max(done, last)
    return pages


def renumbered(keywords: str, numbers: list[int]) -> str:
    """The file's tile declaration with its tile pages given by their numbers in another
    file that holds it (`numbers`: that file's page number of each of this file's pages,
    in order); "" when the file declares no tiles."""
    found = TILES.search(keywords[:READ])
    if not found:
        return ""
    pages = sorted(tile_pages(keywords, len(numbers)))
    shown = ",".join(str(numbers[page - 1]) for page in pages)
    return f"{found.group(1)}{shown}{keywords[found.end():READ]}".strip()
