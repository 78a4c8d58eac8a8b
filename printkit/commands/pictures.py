"""Pictures of PDF pages in bounded memory, for preview (and any command that shows pages).

A page is drawn by pypdfium2 in bands of at most BAND pixels, each band written to the
PNG as it is drawn (the PNG's rows compressed as they come), so a page of any size takes
one band's memory, not the whole picture's. A page over MAX_PIXELS is refused before it
is drawn, naming the largest dpi its size allows. Thumbnails are drawn small from the
page itself, never made from its full picture. Nothing here imports reportlab.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO

from PIL import Image

from printkit.errors import PrintkitError

if TYPE_CHECKING:
    import pypdfium2 as pdfium

MAX_PIXELS = 250_000_000  # a page's picture: 500 × 500 mm at 600 dpi is 139 million
BAND = 4_000_000  # pixels drawn at a time (12 MB of RGB)
CHUNK = 1 << 20  # bytes of compressed rows per IDAT chunk
SIGNATURE = b"\x89PNG\r\n\x1a\n"


@contextmanager
def opened(pdf: bytes) -> Iterator[pdfium.PdfDocument]:
    """A PDF's pages to draw (pypdfium2 imported only here)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        yield doc
    finally:
        doc.close()


def size_at(width: float, height: float, dpi: float) -> tuple[int, int]:
    """The pixels of a page of width × height points drawn at dpi (as pypdfium2 counts)."""
    scale = dpi / 72
    return math.ceil(width * scale), math.ceil(height * scale)


def largest_dpi(width: float, height: float) -> int:
    """The largest whole dpi at which a page of width × height points stays within
    MAX_PIXELS."""
    dpi = max(1, math.floor(72 * math.sqrt(MAX_PIXELS / max(width * height, 1e-9))))
    while dpi > 1 and math.prod(size_at(width, height, dpi)) > MAX_PIXELS:
        dpi -= 1
    return dpi


def check_size(page: pdfium.PdfPage, dpi: float, name: str) -> tuple[int, int]:
    """The page's size in pixels at dpi; a page too large to draw is refused, naming the
    largest dpi its size allows."""
    width, height = page.get_width(), page.get_height()
    pixels = size_at(width, height, dpi)
    if math.prod(pixels) > MAX_PIXELS:
        mm = 25.4 / 72
        raise PrintkitError(
            f"--dpi {dpi:g}: {name} ({width * mm:.0f} × {height * mm:.0f} mm) would be a "
            f"picture of {pixels[0]} × {pixels[1]} pixels, more than the "
            f"{MAX_PIXELS // 1_000_000} million printkit draws a page in; use --dpi "
            f"{largest_dpi(width, height)} or less for this page")
    return pixels


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


class PngRows:
    """A PNG (RGB, 8 bits) written to a file as its rows come: the header first, each row
    compressed as it is given, so no more than a band of rows is ever in memory."""

    def __init__(self, file: BinaryIO, width: int, height: int, dpi: float) -> None:
        self.file, self.width, self.left = file, width, height
        ppm = round(dpi / 0.0254)
        file.write(SIGNATURE
                   + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                   + _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
        self.packer = zlib.compressobj(1)
        self.pending = bytearray()

    def add(self, data: memoryview | bytes, stride: int, count: int) -> None:
        """`count` rows of RGB bytes, `stride` bytes apart in data."""
        view = memoryview(data).cast("B")
        line = self.width * 3
        for row in range(min(count, self.left)):
            start = row * stride
            self.pending += self.packer.compress(b"\x00")  # no filter
            self.pending += self.packer.compress(view[start:start + line])
            if len(self.pending) >= CHUNK:
                self.file.write(_chunk(b"IDAT", bytes(self.pending)))
                self.pending.clear()
        self.left -= min(count, self.left)
        view.release()

    def close(self) -> None:
        """The last rows and the end; rows not given are white."""
        white = b"\xff" * (self.width * 3)
        while self.left:
            self.add(white, 0, 1)
        self.pending += self.packer.flush()
        self.file.write(_chunk(b"IDAT", bytes(self.pending)) + _chunk(b"IEND", b""))


def write_png(page: pdfium.PdfPage, dpi: float, file: BinaryIO, name: str = "the page",
              band: int = BAND) -> tuple[int, int]:
    """Draw the page at dpi (RGB, on white) into file as a PNG, `band` pixels at a time;
    its size in pixels. `name` is the page as a message names it."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    width, height = check_size(page, dpi, name)
    rows = max(1, min(height, band // width))
    bitmap = pdfium.PdfBitmap.new_native(width, rows, pdfium_c.FPDFBitmap_BGR,
                                         rev_byteorder=True)
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
    png = PngRows(file, width, height, dpi)
    for top in range(0, height, rows):
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, rows)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0, flags)
        png.add(bitmap.buffer, bitmap.stride, rows)
    png.close()
    bitmap.close()
    return width, height


def thumbnail(page: pdfium.PdfPage, longest: int) -> Image.Image:
    """The page drawn small, its longer side `longest` pixels at most."""
    scale = longest / max(page.get_width(), page.get_height(), 1e-9)
    image: Image.Image = page.render(scale=scale).to_pil().convert("RGB")
    if max(image.size) > longest:
        image.thumbnail((longest, longest))
    return image
