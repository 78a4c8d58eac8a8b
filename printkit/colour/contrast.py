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


FAINT = 1.2  # contrast under which a colour does not stand out from its ground ...
FAINT_HUE = 40.0  # ... unless its red, green and blue lie this far from the ground's


def faint(colour: str, ground: str) -> bool:
    """Whether `colour` hardly shows on `ground`: as light and of nearly the same hue
    (koebstad's white group, #FBFBF6, on its cream board: 1.12:1, 30 apart; a yellow
    band on a light green board is as light but shows by its hue)."""
    apart = sum((int(colour[i:i + 2], 16) - int(ground[i:i + 2], 16)) ** 2
                for i in (1, 3, 5)) ** 0.5
    return contrast(colour, ground) < FAINT and apart < FAINT_HUE


REVERSED_MIN = 9.0  # white text smaller than this (pt) stands on no colour of several inks
SMALL_CONTRAST = 7.0  # black text on the light ground that replaces it (WCAG 2.1 AAA)


def contrast(one: str, other: str) -> float:
    """WCAG 2.1's contrast ratio of two #RRGGBB colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def tint(colour: str, share: float) -> str:
    """The colour at `share` (0 to 1) of its strength on white paper, as #RRGGBB."""
    return "#" + "".join(f"{round(255 - (255 - int(colour[i:i + 2], 16)) * share):02X}"
                         for i in (1, 3, 5))


def small_text_ground(colour: str, size: float) -> str:
    """The ground for text of `size` pt on `colour`: the colour itself, unless the text
    would be white (knocked out), smaller than REVERSED_MIN and the colour prints in
    several inks (not a grey, which prints on black ink alone): thin white strokes cut out
    of three plates fill with a tint of the others when the plates are 0.1 mm out of
    register (a grey within 2/255 prints on black alone, as printkit.colour.convert
    has it). Then the text prints black on the strongest tint of the colour (in steps of
    5 %) on which black has SMALL_CONTRAST: the column keeps its colour, lighter."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    if max(rgb) - min(rgb) <= 2 or size >= REVERSED_MIN or ink_on(colour) != WHITE:
        return colour
    share = 1.0
    while share > 0.05 and contrast(BLACK, tint(colour, share)) < SMALL_CONTRAST:
        share -= 0.05
    return tint(colour, share)
