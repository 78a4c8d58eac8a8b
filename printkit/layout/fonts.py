"""The bundled font family: file names per role, advance widths and glyph coverage.

Widths come straight from the fonts' hmtx tables (printkit.layout.truetype), in the same
1/1000 em units the PDF writer uses, so measured text is exactly as wide as printed text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printkit.layout.truetype import advances, character_map
from printkit.resources import FONTS

FILES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "bolditalic": "DejaVuSansCondensed-BoldOblique.ttf",
}
ASCENT = 0.76  # of the size: cap height and ascenders, for vertical placement
DESCENT = 0.24


@dataclass(frozen=True)
class Metrics:
    widths: dict[str, int]  # character -> advance in 1/1000 em
    default: int
    measured: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def units(self, text: str) -> int:
        """The advance of text in 1/1000 em (remembered: words recur)."""
        units = self.measured.get(text)
        if units is None:
            w, d = self.widths, self.default
            units = sum([w.get(ch, d) for ch in text])
            if len(self.measured) > 100_000:
                self.measured.clear()
            self.measured[text] = units
        return units

    def width(self, text: str, size: float) -> float:
        return self.units(text) * size / 1000.0

    def missing(self, text: str) -> list[str]:
        """Characters the font has no glyph for (spaces and line breaks aside)."""
        return sorted({ch for ch in text if ch not in self.widths and ch not in "\n\r\t"})


def font_path(role: str) -> Path:
    return FONTS / FILES[role]


@cache
def metrics(role: str) -> Metrics:
    data = font_path(role).read_bytes()
    units_per_em, advance = advances(data)
    scale = 1000.0 / units_per_em
    widths = {chr(cp): round(advance[glyph] * scale)
              for cp, glyph in character_map(data).items()}
    default = round(advance[0] * scale)  # glyph 0 is .notdef
    return Metrics(widths, default)


def width(text: str, role: str, size: float) -> float:
    return metrics(role).width(text, size)


@cache
def drawable() -> frozenset[str]:
    """Characters every role of the family can draw."""
    return frozenset.intersection(*(frozenset(metrics(role).widths) for role in FILES))
