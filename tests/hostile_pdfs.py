"""Small hostile PDFs, written byte by byte: each breaks one assumption a PDF reader makes
(sizes, types, nesting, counts). Used by the preflight tests and the fuzz tests."""

from __future__ import annotations

import zlib


def pdf(objects: list[bytes], info: bytes = b"") -> bytes:
    """A PDF of the given objects (object 1 is the catalog), with a valid xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    trailer = b"<< /Size %d /Root 1 0 R" % (len(objects) + 1)
    if info:
        trailer += b" /Info %d 0 R" % len(objects)
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def stream(data: bytes, extra: bytes = b"", compress: bool = False) -> bytes:
    if compress:
        data = zlib.compress(data, 9)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def one_page(page: bytes = b"/MediaBox [0 0 200 200]", resources: bytes = b"<< >>",
             content: bytes = b"", extra: list[bytes] | None = None,
             info: bytes = b"", compress: bool = False) -> bytes:
    """A one-page PDF: objects 1-4 are catalog, pages, page, content; `extra` follow."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R " + page + b" /Resources " + resources +
               b" /Contents 4 0 R >>",
               stream(content, compress=compress), *(extra or [])]
    if info:
        objects.append(info)
    return pdf(objects, info)


TEXT = b"BT /F1 12 Tf 20 100 Td (Hello) Tj ET"


def nested_forms(depth: int) -> bytes:
    """A page drawing form 5, which draws form 6, … `depth` forms deep."""
    forms = []
    for n in range(depth):
        number = 5 + n
        inner = b"/XObject << /X %d 0 R >>" % (number + 1) if n + 1 < depth else b""
        forms.append(stream(b"/X Do" if inner else b"0 0 1 1 re f",
                            b" /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources "
                            b"<< " + inner + b" >>"))
    return one_page(resources=b"<< /XObject << /X 5 0 R >> >>", content=b"/X Do",
                    extra=forms)


def form_drawing(form: bytes) -> bytes:
    """A page drawing form 5, whose own drawing is `form` (and whose /X is itself)."""
    return one_page(resources=b"<< /XObject << /X 5 0 R >> >>", content=b"/X Do",
                    extra=[stream(form, b" /Type /XObject /Subtype /Form /BBox [0 0 10 10] "
                                  b"/Resources << /XObject << /X 5 0 R >> >>")])


def image_of(data: bytes) -> bytes:
    """A page drawing a 64 × 64 CMYK image (16 384 bytes) whose data is `data`, Flate."""
    return one_page(resources=b"<< /XObject << /I 5 0 R >> >>", content=b"9 0 0 9 0 0 cm /I Do",
                    extra=[stream(data, b" /Type /XObject /Subtype /Image /Width 64 /Height 64 "
                                  b"/ColorSpace /DeviceCMYK /BitsPerComponent 8",
                                  compress=True)])


HOSTILE = {  # name -> the PDF's bytes
    "tiles_pages_30_million": one_page(info=b"<< /Keywords (printkit-tiles cols=3 rows=2 "
                                       b"overlap=10mm pages=1-30000000 order=rows) >>"),
    "two_million_rectangles": one_page(content=b"0 0 1 1 re f\n" * 2_000_000, compress=True),
    "crop_box_of_three_numbers": one_page(b"/MediaBox [0 0 200 200] /CropBox [0 0 200]"),
    "boxes_as_strings": one_page(b"/MediaBox (0 0 200 200) /TrimBox (a)"),
    "form_bbox_nan": one_page(resources=b"<< /XObject << /X 5 0 R >> >>", content=b"/X Do",
                              extra=[stream(b"0 0 1 1 re f", b" /Type /XObject /Subtype "
                                            b"/Form /BBox [0 0 1e999 nan]")]),
    "font_not_a_dictionary": one_page(resources=b"<< /Font << /F1 [1 2 3] >> >>",
                                      content=TEXT),
    "type0_without_descendants": one_page(
        resources=b"<< /Font << /F1 5 0 R >> >>", content=TEXT,
        extra=[b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H >>"]),
    "nested_forms_3000": nested_forms(3000),
    "no_media_box": one_page(b"/TrimBox [0 0 200 200]"),
    "page_300_inches": one_page(b"/MediaBox [0 0 21600 21600]"),
    "page_of_no_size": one_page(b"/MediaBox [0 0 0 0]"),
    "form_draws_itself": form_drawing(b"0 0 1 1 re f /X Do"),
    "image_data_short": image_of(b"\0" * 1000),
    "image_data_long": image_of(b"\0" * 20_000),
    "no_pages": pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                     b"<< /Type /Pages /Kids [] /Count 0 >>"]),
    "page_tree_loop": pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                           b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
                           b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"]),
}
