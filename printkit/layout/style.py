"""Shared print geometry and colour helpers for components (all lengths in points)."""

from __future__ import annotations

from printkit.layout.ops import MM

BLEED = 3 * MM        # backgrounds run this far past the trim
SAFE = 4 * MM         # text stays this far inside the trim
SHEET_MARGIN = 12 * MM  # margin of plain sheets (score pad, lines)
WHITE = "#FFFFFF"
BLACK = "#000000"

# card formats (trim sizes) are data: printkit/builtin/print.toml [formats]


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(colour: str | None) -> str:
    """Black or white, whichever reads better on the colour."""
    return BLACK if colour is None or luminance(colour) > 0.45 else WHITE
