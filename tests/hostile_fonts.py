"""Hostile TrueType fonts, made from a real one by changing its tables: each breaks one
assumption a font reader makes (a table within the file, a bounded character map, the
tables the PDF writer needs). Used by the font gate's tests and the fuzz tests."""

from __future__ import annotations

import struct
from pathlib import Path

SERIF = Path(__file__).resolve().parent / "fixtures" / "fonts" / "DejaVuSerif.ttf"


def entries(data: bytes) -> dict[bytes, int]:
    """The position of each table's record in the table directory, by tag."""
    (count,) = struct.unpack_from(">H", data, 4)
    return {data[12 + 16 * i:16 + 16 * i]: 12 + 16 * i for i in range(count)}


def replaced(data: bytes, tag: bytes, table: bytes) -> bytes:
    """The font with `table` (appended at the end) as its `tag` table."""
    out = bytearray(data)
    struct.pack_into(">II", out, entries(data)[tag] + 8, len(out), len(table))
    return bytes(out + table)


def moved(data: bytes, tag: bytes, offset: int, length: int | None = None) -> bytes:
    """The font with its `tag` table said to be at `offset` (and `length` long)."""
    out = bytearray(data)
    at = entries(data)[tag]
    struct.pack_into(">I", out, at + 8, offset)
    if length is not None:
        struct.pack_into(">I", out, at + 12, length)
    return bytes(out)


def without(data: bytes, *tags: bytes) -> bytes:
    """The font with the records of these tables renamed (so it has none of them)."""
    out = bytearray(data)
    for n, tag in enumerate(tags):
        out[entries(data)[tag]:entries(data)[tag] + 4] = b"zz%02d" % n
    return bytes(out)


def cmap(subtable: bytes, platform: int = 3, encoding: int = 10) -> bytes:
    """A cmap table holding one subtable."""
    return struct.pack(">HHHHI", 0, 1, platform, encoding, 12) + subtable


def format12(groups: list[tuple[int, int, int]]) -> bytes:
    """A format-12 subtable: (first code, last code, first glyph) per group."""
    body = b"".join(struct.pack(">III", *g) for g in groups)
    return struct.pack(">HHIII", 12, 0, 16 + len(body), 0, len(groups)) + body


def format4(segments: list[tuple[int, int, int]]) -> bytes:
    """A format-4 subtable mapping by delta: (first code, last code, delta) per segment."""
    n = len(segments)
    ends = struct.pack(f">{n}H", *(s[1] for s in segments))
    starts = struct.pack(f">{n}H", *(s[0] for s in segments))
    deltas = struct.pack(f">{n}h", *(s[2] for s in segments))
    body = ends + b"\0\0" + starts + deltas + b"\0\0" * n
    length = (14 + len(body)) & 0xFFFF  # (32 767 segments do not fit in 64 KB: it lies)
    return struct.pack(">HHHHHHH", 4, length, 0, 2 * n, 0, 0, 0) + body


def serif() -> bytes:
    return SERIF.read_bytes()


def every_code_point() -> bytes:
    """A 28-byte format-12 subtable claiming U+0000..U+7FFFFFFF."""
    return replaced(serif(), b"cmap", cmap(format12([(0, 0x7FFFFFFF, 0)])))


def overlapping_segments() -> bytes:
    """32 767 format-4 segments, each over the whole BMP."""
    return replaced(serif(), b"cmap", cmap(format4([(0, 0xFFFF, 1)] * 32_767), 3, 1))


def os2_past_the_end() -> bytes:
    data = serif()
    return moved(data, b"OS/2", len(data) + 1000)


def without_outlines() -> bytes:
    return without(serif(), b"glyf", b"loca")


SHAPES = {
    "every-code-point": (every_code_point,
                         "its character map claims more than 200 000 characters"),
    "32767-segments": (overlapping_segments,
                       "its character map claims more than 200 000 characters"),
    "os2-past-the-end": (os2_past_the_end, "its OS/2 table lies past the end of the file"),
    "no-glyf-loca": (without_outlines, "it has no loca or glyf table"),
}
