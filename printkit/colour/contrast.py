"""Contrast as WCAG 2.1 measures it: the relative luminance of a colour, and the ink (black
or white) that text on a colour is printed in."""

from __future__ import annotations

WHITE = "#FFFFFF"
BLACK = "#000000"


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
