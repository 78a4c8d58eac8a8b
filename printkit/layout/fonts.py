"""The bundled font family: file names per role, advance widths and glyph coverage.

Widths come straight from the fonts' hmtx tables (via fontTools), in the same 1/1000 em
units the PDF writer uses, so measured text is exactly as wide as printed text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from printkit.resources import FONTS

FILES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
}
ASCENT = 0.76  # of the size: cap height and ascenders, for vertical placement
DESCENT = 0.24


@dataclass(frozen=True)
class Metrics:
    widths: dict[int, int]  # code point -> advance in 1/1000 em
    default: int

    def width(self, text: str, size: float) -> float:
        w = self.widths
        return sum(w.get(ord(ch), self.default) for ch in text) * size / 1000.0

    def missing(self, text: str) -> list[str]:
        """Characters the font has no glyph for (spaces and line breaks aside)."""
        return sorted({ch for ch in text if ord(ch) not in self.widths and ch not in "\n\r\t"})


def font_path(role: str) -> Path:
    return FONTS / FILES[role]


@lru_cache(maxsize=None)
def metrics(role: str) -> Metrics:
    font = TTFont(font_path(role), lazy=True)
    scale = 1000.0 / font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()
    widths = {cp: int(round(hmtx[glyph][0] * scale)) for cp, glyph in cmap.items()}
    default = int(round(hmtx[".notdef"][0] * scale))
    font.close()
    return Metrics(widths, default)


def width(text: str, role: str, size: float) -> float:
    return metrics(role).width(text, size)
