"""The canvas colours of a document: RGB for home printing, or the CMYK of
printkit.colour.convert (what each colour prints with, by what it paints), each made
once; the registration colour (crop marks) on every plate."""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color

from printkit.colour.convert import MAX_INK, inks
from printkit.colour.icc import hex_rgb
from printkit.layout.ops import REGISTRATION

ALL_PLATES = CMYKColorSep(1, 1, 1, 1, spotName="All")


def solid_black(colour: Color) -> bool:
    """100 % K and no other ink."""
    return isinstance(colour, CMYKColor) and not isinstance(colour, CMYKColorSep) \
        and (colour.cyan, colour.magenta, colour.yellow, colour.black) == (0, 0, 0, 1)


class Inks:
    """The colours of one document, each converted once per use (FILL, TEXT, LINE or
    HAIRLINE of printkit.colour.convert)."""

    def __init__(self, cmyk: bool = False, ink_limit: float = MAX_INK):
        self.cmyk = cmyk
        self.ink_limit = ink_limit
        self.made: dict[tuple[str, str], tuple[Color, int]] = {}

    def __call__(self, value: str, use: str) -> Color:
        """The canvas colour of #RRGGBB (or the registration colour) painting `use`."""
        return self._made(value, use)[0]

    def colour_ink(self, value: str, use: str) -> int:
        """How much C + M + Y (0 to 765) the colour prints with."""
        return self._made(value, use)[1]

    def _made(self, value: str, use: str) -> tuple[Color, int]:
        made = self.made.get((value, use))
        if made is None:
            made = self.made[(value, use)] = self._make(value, use)
        return made

    def _make(self, value: str, use: str) -> tuple[Color, int]:
        if value == REGISTRATION:
            return ALL_PLATES, 0  # crop marks, outside the trim: no ink on the item
        if not self.cmyk:
            return Color(*hex_rgb(value)), 0
        printed = inks(value, use, self.ink_limit)
        return CMYKColor(*(v / 255 for v in printed)), sum(printed[:3])
