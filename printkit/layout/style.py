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
    """WCAG 2.1's relative luminance of a #RRGGBB colour (0 black, 1 white)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(colour: str | None) -> str:
    """Black or white, whichever has the higher WCAG contrast on the colour (at least
    4.58:1 on any colour)."""
    if colour is None:
        return BLACK
    shade = luminance(colour) + 0.05
    return BLACK if shade / 0.05 >= 1.05 / shade else WHITE
