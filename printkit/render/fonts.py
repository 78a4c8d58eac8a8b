"""Embedded TrueType subsets whose names tell them apart.

A PDF names an embedded subset `TAG+FontName`, where the six capital letters of the tag
stand for the subset (PDF Reference 1.4, 5.5.3 "Font Subsets"). reportlab numbers its
subsets within a file (`AAAAAA+`, `AAAAAB+`, …), so two files carry different glyph sets
under one name, and a print shop that gangs or imposes them together may take one for the
other. `SubsetFont` derives the tag from the font and the characters of the subset: equal
subsets are named alike, different ones differently.

reportlab's font registry (`pdfmetrics.registerFont`) keeps one font per face name, the
PostScript name inside the file: a second file of the same name (a subset of DejaVu Serif
made for a theme, another version of a family, a font saved anew while `printkit serve`
runs) registered under a name of its own is silently given the first file's font, and its
text is drawn with the first file's glyphs: a character the first lacks prints as glyph 0
(the empty box), though layout measured and checked it in the second. So the registry
knows a `SubsetFont` by the name printkit registers it under (made from the file's
content), and the file's own name is kept only for the subsets it embeds.
"""

from __future__ import annotations

import hashlib
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap


def subset_tag(font: str, characters: list[int]) -> str:
    """Six capital letters from a digest of the font's name and the subset's characters
    (in their order: the order gives each its code in the subset)."""
    digest = hashlib.sha256(font.encode("utf-8") + b"\0"
                            + ",".join(map(str, characters)).encode("ascii")).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(6):
        number, letter = divmod(number, 26)
        letters.append(chr(ord("A") + letter))
    return "".join(letters)


class SubsetFont(TTFont):  # type: ignore[misc]  # reportlab has no type hints
    """A TrueType font embedded as subsets tagged by their contents, registered as itself
    whatever other file has its PostScript name (see the module)."""

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        face = self.face
        self.embedded_name: str = (face.name + face.subfontNameX).decode("pdfdoc")
        face.name = name.encode("ascii")  # the registry's key: one font per content

    def addObjects(self, doc: Any) -> None:  # noqa: N802 (the library's own method name)
        """The font and descriptor objects of each subset of this font used in `doc`: as
        reportlab's own, with each subset's tag taken from its characters."""
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable)
        state.frozen = 1
        face = self.face
        for n, subset in enumerate(state.subsets):
            internal = self.getSubsetInternalName(n, doc)[1:]
            name = subset_tag(self.fontName, subset) + "+" + self.embedded_name
            font = pdfdoc.PDFTrueTypeFont()
            font.Name = internal
            font.BaseFont = name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(face.getCharWidth, subset)))
            cmap = pdfdoc.PDFStream()
            cmap.content = makeToUnicodeCMap(name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + name)
            font.FontDescriptor = face.addSubsetObjects(doc, name, subset)
            doc.Reference(font, internal)
            doc.idToObject["BasicFonts"].dict[internal] = font
        del self.state[doc]
