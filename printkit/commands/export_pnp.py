"""One print-and-play PDF of a game in one language (what `export --to pnp` writes): the
files of the home build that a player prints, one after the other, each a bookmark.

Left out: the board on one large sheet (its tiles are in), the rules in reading order
(the booklet imposed for folding is in) and the blank sheets (`-blank`: the filled ones
are in).

The whole file prints double-sided with one flip, the one of `--duplex` (long edge by
default): a page printed one-sided at home (a board tile, the assembly map, a ledger, a
score pad) is followed by an empty back, so a cut never runs through what is on the
other side; card fronts and backs keep their pairs; the booklet's sheets, imposed for the
short edge, have their backs turned upside down when the file is flipped on the long
edge, which prints them as the short edge would. With `--duplex none` (no double-sided
printer) nothing is added: the file prints one-sided, except the booklet's sheets.

The tile pages are declared in the keywords (`printkit-tiles … pages=3,5,…`, their page
numbers in this file), as the board's own file declares them, for preflight.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from printkit import keywords as declared
from printkit.pipeline import Built

if TYPE_CHECKING:
    from pypdf import PdfReader, PdfWriter

    from printkit.localise.catalog import Labels



def wanted(files: list[Built]) -> list[Built]:
    """The files a player prints, in the build's order."""
    names = {b.path.stem for b in files}
    return [b for b in files
            if not (b.product == "board" and b.path.stem == b.product)
            and f"{b.path.stem}-booklet" not in names
            and not b.path.stem.endswith("-blank")]


def sides(built: Built) -> str:
    """How a file is printed at home: `long` or `short` (double-sided, the flip of its
    backs) or `one` (one-sided)."""
    if built.hint.kind == "booklet":
        return "short"
    if built.hint.kind == "cards" and built.hint.duplex in ("long", "short"):
        return built.hint.duplex
    return "one"


def flip_of(files: list[Built]) -> str:
    """The flip the whole file is printed with: --duplex (`long`, `short` or `none`)."""
    duplex = files[0].hint.duplex if files else "long"
    return duplex if duplex in ("long", "short", "none") else "long"


def advice(flip: str, _: Labels) -> str:
    """How to print the file with its flip, in the language of the labels."""
    if flip == "none":
        return _("scale 100 %, one-sided; the rule booklet's sheets double-sided, flip on "
                 "the short edge")
    if flip == "short":
        return _("scale 100 %, the whole file double-sided, flip on the short edge; the "
                 "empty pages are the backs of one-sided pages")
    return _("scale 100 %, the whole file double-sided, flip on the long edge; the empty "
             "pages are the backs of one-sided pages")


def add_empty(writer: PdfWriter, index: int) -> None:
    """An empty page the size of the page before it (its back), at `index`."""
    box = writer.pages[index - 1].mediabox
    writer.insert_blank_page(float(box.width), float(box.height), index)
    page = writer.pages[index]
    page.trimbox = page.mediabox


def tile_keywords(reader: PdfReader, numbers: list[int]) -> str:
    """The file's tile declaration with its tile pages given as their numbers in the
    print-and-play file (`numbers`: the pnp's page number of each of the file's pages);
    "" when it declares no tiles."""
    keywords = str(reader.metadata.get("/Keywords", "") if reader.metadata else "")
    return declared.renumbered(keywords, numbers)


def add_part(writer: PdfWriter, built: Built, title: str, flip: str) -> str:
    """Append one file as a part that starts on the front of a sheet; its tile
    declaration in the print-and-play file's numbering ("" when it has no tiles)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(built.data))
    start, count = len(writer.pages), len(reader.pages)
    writer.append(reader, outline_item=title)
    own = sides(built)
    step = 2 if own == "one" and flip != "none" else 1
    if step == 2:
        for index in range(start + count, start, -1):
            add_empty(writer, index)
    if own == "short" and flip == "long":
        for page in writer.pages[start + 1::2]:
            page.rotate(180)
    if flip != "none" and (len(writer.pages) - start) % 2:
        add_empty(writer, len(writer.pages))
    return tile_keywords(reader, [start + 1 + step * i for i in range(count)])


def pnp_pdf(title: str, lang: str, files: list[Built], titles: dict[str, str]) -> bytes:
    """The files as one PDF, each part a bookmark named by its product's title."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    flip = flip_of(files)
    tiles = [add_part(writer, built, titles.get(built.product, built.path.stem), flip)
             for built in wanted(files)]
    writer.add_metadata({"/Title": title, "/Subject": f"print and play ({lang})",
                         "/Creator": "printkit",
                         "/Keywords": " ; ".join(t for t in tiles if t)})
    writer.compress_identical_objects()
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
