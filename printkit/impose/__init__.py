"""Stage 5, impose: faces -> pages (n-up card sheets, duplex backs, board tiles, sheets)."""

from printkit.impose.page import Document, Page
from printkit.impose.sheets import bare, flat, nup, plain, shop, single
from printkit.impose.tiles import tile_pages

__all__ = ["Document", "Page", "bare", "flat", "nup", "plain", "shop", "single",
           "tile_pages"]
