"""Pictures of finished PDFs: every page as a PNG, and a contact sheet per product.

A stage after render: it reads the PDF bytes render made (pypdfium2 draws them) and never
the layout, so the pictures show exactly what will print. Contact sheets are drawn with
Pillow: every page of a product's files as a thumbnail, labelled with its file and page.

Memory stays bounded whatever the dpi, paper or number of pages: each page is drawn in
bands straight into its PNG file (printkit.commands.pictures), inside a hidden staging
folder in the output folder, and its thumbnail is drawn small and put on the contact sheet
at once, which is written a row of thumbnails at a time. The files are then written as
one set, the pictures moved into place.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import BinaryIO

from PIL import Image, ImageDraw, ImageFont

from printkit.commands.pictures import PngRows, opened, thumbnail, write_png
from printkit.errors import PrintkitError, Problem, Where
from printkit.localise.kit import Kit
from printkit.options import Request, Resolved
from printkit.pipeline import Built, Progress, make, product_files
from printkit.resources import FONTS
from printkit.write import Content, scratch_folder, write_all

THUMB = 220  # px: the longer side of a thumbnail on a contact sheet
GAP = 16
LABEL = 22
COLUMNS = 6
TOP = 2 * GAP + 24  # px: the title's band above the thumbnails
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
class Staged:
    """A picture drawn into a file (`drawn`, under the staging folder) before the set is
    written: where it goes (`target`)."""

    target: Path
    drawn: Path


@dataclass(frozen=True)
class Previewed:
    """A product's PDFs, its page pictures and its contact sheet, drawn into files."""

    files: list[Built]
    pictures: tuple[Staged, ...]
    sheet: Staged


@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / "DejaVuSansCondensed.ttf"), size)


class ContactSheet:
    """A product's contact sheet, written a row of thumbnails at a time as the pages are
    drawn: labelled thumbnails in rows of up to COLUMNS under a title. Only the row being
    filled is in memory, however many pages the product has."""

    def __init__(self, file: BinaryIO, title: str, count: int) -> None:
        self.columns = max(1, min(COLUMNS, count))
        rows = max(1, -(-count // self.columns))
        self.width = GAP + self.columns * (THUMB + GAP)
        self.png = PngRows(file, self.width, TOP + rows * (THUMB + GAP + LABEL), 72)
        head = Image.new("RGB", (self.width, TOP), BACKGROUND)
        ImageDraw.Draw(head).text((GAP, GAP), title, fill=INK, font=_font(20))
        self._write(head)
        self.row = self._blank()
        self.filled = 0

    def _blank(self) -> Image.Image:
        return Image.new("RGB", (self.width, THUMB + GAP + LABEL), BACKGROUND)

    def _write(self, strip: Image.Image) -> None:
        self.png.add(strip.tobytes(), strip.width * 3, strip.height)

    def add(self, thumb: Image.Image, label: str) -> None:
        """A page's thumbnail and its label, in the next cell."""
        left = GAP + (self.filled % self.columns) * (THUMB + GAP)
        x, y = left + (THUMB - thumb.width) // 2, (THUMB - thumb.height) // 2
        draw = ImageDraw.Draw(self.row)
        draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=(150,) * 3)
        self.row.paste(thumb, (x, y))
        draw.text((left + THUMB // 2, THUMB + 4), label, fill=INK, font=_font(14),
                  anchor="ma")
        self.filled += 1
        if self.filled % self.columns == 0:
            self._write(self.row)
            self.row = self._blank()

    def close(self) -> None:
        """The last row, and the end of the file."""
        if self.filled % self.columns or not self.filled:
            self._write(self.row)
        self.png.close()


def staged_path(staging: Path, out: Path, target: Path) -> Path:
    """Where a file bound for target (inside out) is written before the set is written:
    the same place under the staging folder."""
    path = staging / target.relative_to(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def product_previews(kit: Kit, folder: Path, options: Resolved, dpi: float,
                     out: Path, staging: Path) -> Previewed:
    """A product's files (a kit of one product), each page drawn at dpi into a PNG under
    the staging folder as it is drawn, and its contact sheet made from thumbnails drawn
    small: one job for printkit.workers. One page's picture is in memory at a time."""
    files = product_files(kit, folder, options)
    product = kit.products[0]
    contact = sheet_path(folder, files[0].product) if files else folder / "contact.png"
    staged = staged_path(staging, out, contact)
    made: list[Staged] = []
    with open(staged, "wb") as sheet_file:
        sheet = ContactSheet(sheet_file, f"{kit.title} – {product.title} ({kit.lang})",
                             sum(built.pages for built in files))
        for built in files:
            doc = built.path.name.removesuffix(".pdf")
            with opened(built.data) as pdf:
                for n, page in enumerate(pdf, 1):
                    target = folder / f"{doc}-{n}.png"
                    with open(staged_path(staging, out, target), "wb") as file:
                        write_png(page, dpi, file, f"page {n} of {built.path.name}")
                    sheet.add(thumbnail(page, THUMB), f"{doc} · {n}")
                    made.append(Staged(target, Path(file.name)))
                    page.close()
        sheet.close()
    return Previewed(files, tuple(made), Staged(contact, staged))


def sheet_path(folder: Path, product: str) -> Path:
    """Where a product's contact sheet goes: beside its PDFs."""
    return folder / f"{product}-contact.png"


def preview_files(made: list[Previewed]) -> list[tuple[Path, Content]]:
    """Every file a preview writes: the PDFs, their page pictures and the contact sheets
    (the pictures as the files they were drawn into)."""
    files: list[tuple[Path, Content]] = []
    for item in made:
        if item.files:
            files += [(built.path, built.data) for built in item.files]
            files += [(picture.target, picture.drawn) for picture in item.pictures]
            files.append((item.sheet.target, item.sheet.drawn))
    return files


def stale_pages(made: list[Previewed]) -> tuple[Path, ...]:
    """Page pictures of an earlier preview that a file no longer has (a deck that shrank
    from 9 sheets to 8 leaves no deeds-9.png): removed with the set written."""
    stale: list[Path] = []
    for item in made:
        written = {picture.target.name for picture in item.pictures}
        for built in item.files:
            doc = built.path.name.removesuffix(".pdf")
            for old in built.path.parent.glob(f"{doc}-*.png"):
                number = old.name.removeprefix(f"{doc}-").removesuffix(".png")
                if number.isdigit() and old.name not in written and old.is_file():
                    stale.append(old)
    return tuple(stale)


@contextmanager
def staging_folder(out: Path) -> Iterator[Path]:
    """A hidden folder inside out for the pictures drawn before the set is written (on
    out's file system, so that they are moved into place, not copied); removed after, and
    out with it if the preview made it and nothing was written. One a killed preview left
    is removed by the next preview into out (printkit.write.scratch_folder)."""
    made = not out.exists()
    try:
        out.mkdir(parents=True, exist_ok=True)
        with scratch_folder(out, "preview") as staging:
            yield staging
    except OSError as exc:
        raise PrintkitError([Problem(Where(str(out)), f"cannot write the file "
                                     f"({exc.strerror or exc}); check --out")]) from None
    finally:
        if made:
            with suppress(OSError):
                out.rmdir()  # only if empty


def preview_pictures(request: Request, out: Path, dpi: float,
                     progress: Progress = lambda _: None,
                     ) -> tuple[list[Built], list[Path], int]:
    """Build a game as `build` does and write, beside its PDFs, every page as a PNG at `dpi`
    and a contact sheet per product. Returns the PDFs, the contact sheets and the number of
    page pictures."""
    with staging_folder(out) as staging:
        made = make(request, out, partial(product_previews, dpi=dpi, out=out,
                                          staging=staging), progress)
        write_all(preview_files(made), out, remove=stale_pages(made))
    sheets = [item.sheet.target for item in made if item.files]
    return ([built for item in made for built in item.files], sheets,
            sum(len(item.pictures) for item in made))
