"""One print-and-play PDF of a game in one language (what `export --to pnp` writes): the
files of the home build that a player prints, one after the other, each a bookmark.

Left out: the board on one large sheet (its tiles are in), the rules in reading order
(the booklet imposed for folding is in) and the blank sheets (`-blank`: the filled ones
are in). A part of an odd number of pages is followed by a blank page, so every part
starts on the front of a sheet when the whole file is printed double-sided.
"""

from __future__ import annotations

import io

from printkit.pipeline import Built


def wanted(files: list[Built]) -> list[Built]:
    """The files a player prints, in the build's order."""
    names = {b.path.stem for b in files}
    return [b for b in files
            if not (b.product == "board" and b.path.stem == b.product)
            and f"{b.path.stem}-booklet" not in names
            and not b.path.stem.endswith("-blank")]


def pnp_pdf(title: str, lang: str, files: list[Built], titles: dict[str, str]) -> bytes:
    """The files as one PDF, each part a bookmark named by its product's title."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for built in wanted(files):
        reader = PdfReader(io.BytesIO(built.data))
        writer.append(reader, outline_item=titles.get(built.product, built.path.stem))
        if len(reader.pages) % 2:
            last = reader.pages[-1].mediabox
            writer.add_blank_page(float(last.width), float(last.height))
    writer.add_metadata({"/Title": title, "/Subject": f"print and play ({lang})",
                         "/Creator": "printkit"})
    writer.compress_identical_objects()
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
