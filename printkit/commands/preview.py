"""Pictures of finished PDFs: every page as a PNG, and a contact sheet per product.

A stage after render: it reads the PDF bytes render made (pypdfium2 draws them) and never
the layout, so the pictures show exactly what will print. Contact sheets are drawn with
Pillow: every page of a product's files as a thumbnail, labelled with its file and page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from printkit.localise.kit import Kit
from printkit.options import Request, Resolved
from printkit.pipeline import Built, Progress, make, product_files
from printkit.resources import FONTS
from printkit.write import write_all

THUMB = 220  # px: the longer side of a thumbnail on a contact sheet
GAP = 16
LABEL = 22
COLUMNS = 6
BACKGROUND = (236, 236, 232)
INK = (40, 40, 40)


@dataclass(frozen=True)
class Picture:
    """One page as a PNG: its file's name (without .pdf), page number (from 1) and size."""

    doc: str
    page: int
    png: bytes
    width: int
    height: int

    @property
    def name(self) -> str:
        return f"{self.doc}-{self.page}.png"


@dataclass(frozen=True)
class Previewed:
    """A product's PDFs, its page pictures and its contact sheet (PNG bytes)."""

    files: list[Built]
    pictures: list[Picture]
    sheet: bytes


def page_images(pdf: bytes, dpi: float) -> list[Image.Image]:
    """Every page of a PDF drawn at `dpi`, on white."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("RGB") for page in doc]
    finally:
        doc.close()


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def pictures(built: Built, dpi: float) -> list[tuple[Picture, Image.Image]]:
    """The pages of one built PDF as pictures (and the images they were made of)."""
    doc = built.path.name.removesuffix(".pdf")
    return [(Picture(doc, n, png(image), image.width, image.height), image)
            for n, image in enumerate(page_images(built.data, dpi), 1)]


@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / "DejaVuSansCondensed.ttf"), size)


def contact_sheet(title: str, pages: list[tuple[Picture, Image.Image]]) -> Image.Image:
    """All pages as labelled thumbnails in rows of up to COLUMNS, under a title."""
    columns = max(1, min(COLUMNS, len(pages)))
    rows = max(1, -(-len(pages) // columns))
    cell = THUMB + GAP
    top = 2 * GAP + 24
    sheet = Image.new("RGB", (GAP + columns * cell, top + rows * (cell + LABEL)), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    draw.text((GAP, GAP), title, fill=INK, font=_font(20))
    for i, (picture, image) in enumerate(pages):
        thumb = image.copy()
        thumb.thumbnail((THUMB, THUMB))
        x = GAP + (i % columns) * cell + (THUMB - thumb.width) // 2
        y = top + (i // columns) * (cell + LABEL) + (THUMB - thumb.height) // 2
        draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=(150,) * 3)
        sheet.paste(thumb, (x, y))
        label = f"{picture.doc} · {picture.page}"
        lx = GAP + (i % columns) * cell + THUMB // 2
        ly = top + (i // columns) * (cell + LABEL) + THUMB + 4
        draw.text((lx, ly), label, fill=INK, font=_font(14), anchor="ma")
    return sheet


def product_previews(kit: Kit, folder: Path, options: Resolved, dpi: float) -> Previewed:
    """A product's files (a kit of one product), each page as a picture, and its contact
    sheet: one job for printkit.workers."""
    files = product_files(kit, folder, options)
    pages = [page for built in files for page in pictures(built, dpi)]
    product = kit.products[0]
    sheet = contact_sheet(f"{kit.title} – {product.title} ({kit.lang})", pages)
    return Previewed(files, [picture for picture, _ in pages], png(sheet))


def sheet_path(folder: Path, product: str) -> Path:
    """Where a product's contact sheet goes: beside its PDFs."""
    return folder / f"{product}-contact.png"


def preview_files(made: list[Previewed]) -> list[tuple[Path, bytes]]:
    """Every file a preview writes: the PDFs, their page pictures and the contact sheets."""
    files: list[tuple[Path, bytes]] = []
    for item in made:
        if not item.files:
            continue
        folder = item.files[0].path.parent
        files += [(built.path, built.data) for built in item.files]
        files += [(folder / picture.name, picture.png) for picture in item.pictures]
        files.append((sheet_path(folder, item.files[0].product), item.sheet))
    return files


def remove_stale_pages(made: list[Previewed]) -> None:
    """Remove page pictures of an earlier preview that a file no longer has (a deck that
    shrank from 9 sheets to 8 leaves no deeds-9.png)."""
    for item in made:
        written = {picture.name for picture in item.pictures}
        for built in item.files:
            doc = built.path.name.removesuffix(".pdf")
            for old in built.path.parent.glob(f"{doc}-*.png"):
                number = old.name.removeprefix(f"{doc}-").removesuffix(".png")
                if number.isdigit() and old.name not in written and old.is_file():
                    old.unlink(missing_ok=True)


def preview_pictures(request: Request, out: Path, dpi: float,
                     progress: Progress = lambda _: None,
                     ) -> tuple[list[Built], list[Path], int]:
    """Build a game as `build` does and write, beside its PDFs, every page as a PNG at `dpi`
    and a contact sheet per product. Returns the PDFs, the contact sheets and the number of
    page pictures."""
    made = make(request, out, partial(product_previews, dpi=dpi), progress)
    write_all(preview_files(made), out)
    remove_stale_pages(made)
    sheets = [sheet_path(item.files[0].path.parent, item.files[0].product)
              for item in made if item.files]
    return ([built for item in made for built in item.files], sheets,
            sum(len(item.pictures) for item in made))
