"""Stage 5, impose: faces -> pages (n-up card sheets, duplex backs, board tiles, sheets).

The package exports the pages themselves; each product's layout imports the way it is
imposed, so a build imports only those it uses.
"""

from printkit.impose.page import Document, Page

__all__ = ["Document", "Page"]
