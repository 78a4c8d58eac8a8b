"""Advance widths and the Unicode character map of a TrueType font, read straight from its
tables (the OpenType spec: head, hhea, maxp, hmtx and cmap formats 12 and 4).

This is all layout needs of a font, and what load checks of a chosen font file; reading it
directly takes a few milliseconds where a general font library spends tens on importing
itself and decoding the tables. Both stages use it, so it lives below them.

Every read stays within the file, or raises FontError (or struct.error): a table that
points past the end is a problem, never a read of something else. The character map read
is the one the PDF writer (reportlab) reads, so that layout measures the glyphs render
draws, and it maps at most MAX_CODES characters: a 30-byte subtable can claim every code
point there is, and a map is refused, not expanded, when it claims more.
"""

from __future__ import annotations

from struct import unpack_from

# Unicode subtables, best first: full repertoire (format 12), then the BMP (format 4).
UNICODE_CMAPS = ((3, 10), (0, 4), (3, 1), (0, 3))
MAX_CODES = 200_000  # characters a font may map (a CJK font maps about 65 000)
LAST_CODE = 0x10FFFF  # the last code point of Unicode


class FontError(ValueError):
    """What keeps a font's tables from being read."""


def directory(data: bytes) -> dict[bytes, tuple[int, int]]:
    """The offset and length of each table, by tag; each must lie within the file."""
    (count,) = unpack_from(">H", data, 4)
    found: dict[bytes, tuple[int, int]] = {}
    for i in range(count):
        tag, _, offset, length = unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            name = tag.decode("latin-1").strip()
            raise FontError(f"its {name} table lies past the end of the file")
        found[tag] = (offset, length)
    return found


def tables(data: bytes) -> dict[bytes, int]:
    """The offset of each table, by tag."""
    return {tag: offset for tag, (offset, _) in directory(data).items()}


def table(data: bytes, tag: bytes, size: int = 0) -> int:
    """The offset of a table that is at least `size` bytes long."""
    found = directory(data).get(tag)
    name = tag.decode("latin-1").strip()
    if found is None:
        raise FontError(f"it has no {name} table")
    if found[1] < size:
        raise FontError(f"its {name} table is cut short")
    return found[0]


def advances(data: bytes) -> tuple[int, list[int]]:
    """Units per em, and every glyph's advance width in font units (by glyph number)."""
    (units_per_em,) = unpack_from(">H", data, table(data, b"head", 54) + 18)
    (long_metrics,) = unpack_from(">H", data, table(data, b"hhea", 36) + 34)
    (glyphs,) = unpack_from(">H", data, table(data, b"maxp", 6) + 4)
    at = table(data, b"hmtx", 4 * long_metrics + 2 * max(0, glyphs - long_metrics))
    widths = list(unpack_from(f">{2 * long_metrics}H", data, at)[::2])
    return units_per_em, widths + widths[-1:] * (glyphs - long_metrics)  # the rest repeat the last


def subtable(data: bytes, wanted: tuple[tuple[int, int], ...] | None = None
             ) -> tuple[int, int]:
    """The offset and format of the cmap subtable read: the first in `wanted` (platform,
    encoding) that the font has, or, by default, the one the PDF writer reads (the last
    Unicode or Windows one in the table, else Macintosh Roman)."""
    cmap = table(data, b"cmap", 4)
    (count,) = unpack_from(">H", data, cmap + 2)
    subtables: dict[tuple[int, int], int] = {}
    chosen: int | None = None
    unicode = False
    for i in range(count):
        platform, encoding, offset = unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables.setdefault((platform, encoding), cmap + offset)
        if platform == 3 or (platform, encoding) == (1, 1) or (platform == 0
                                                                 and encoding != 5):
            chosen, unicode = cmap + offset, True
        elif (platform, encoding) == (1, 0) and not unicode:
            chosen = cmap + offset
    if wanted is not None:
        chosen = next((subtables[key] for key in wanted if key in subtables), None)
    if chosen is None:
        raise FontError("the font has no Unicode character map")
    (form,) = unpack_from(">H", data, chosen)
    return chosen, form


def character_map(data: bytes, wanted: tuple[tuple[int, int], ...] | None = None
                  ) -> dict[int, int]:
    """Code point -> glyph number, from the subtable `subtable` picks. Code points mapped
    to glyph 0 (.notdef, the missing glyph) are left out."""
    at, form = subtable(data, wanted)
    if form not in (12, 4):
        raise FontError("the font has no Unicode character map of format 12 or 4")
    ranges, end = _groups(data, at) if form == 12 else _segments(data, at)
    if sum(max(0, last - first + 1) for first, last, _, _ in ranges) > MAX_CODES:
        raise FontError(f"its character map claims more than {MAX_CODES:,} characters"
                        .replace(",", " "))
    mapping: dict[int, int] = {}
    wrap = 0xFFFF if form == 4 else -1  # format 4 counts glyphs modulo 65536
    for first, last, delta, array in ranges:
        for code in range(first, min(last, LAST_CODE) + 1):
            if not array:
                glyph = (code + delta) & wrap
            elif (where := array + 2 * (code - first)) + 2 > end:
                glyph = 0  # past the subtable: missing, as the PDF writer reads it
            else:
                (glyph,) = unpack_from(">H", data, where)
                glyph = (glyph + delta) & wrap if glyph else 0
            if glyph:
                mapping[code] = glyph
    return mapping


Range = tuple[int, int, int, int]  # first and last code point, delta, glyph array (0: none)


def _groups(data: bytes, at: int) -> tuple[list[Range], int]:
    """Format 12: groups of consecutive code points mapped to consecutive glyphs."""
    (count,) = unpack_from(">I", data, at + 12)
    if count > MAX_CODES or at + 16 + 12 * count > len(data):
        raise FontError("its character map is cut short")
    values = unpack_from(f">{3 * count}I", data, at + 16)
    return [(first, last, glyph - first, 0) for first, last, glyph
            in zip(values[::3], values[1::3], values[2::3], strict=True)], len(data)


def _segments(data: bytes, at: int) -> tuple[list[Range], int]:
    """Format 4: segments of the BMP, each mapped by a delta or through the glyph index
    array (which ends with the subtable)."""
    length, doubled = unpack_from(">H2xH", data, at + 2)
    if at + length > len(data):
        raise FontError("its character map is cut short")
    segments = doubled // 2
    ends = unpack_from(f">{segments}H", data, at + 14)
    starts = unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    offsets = unpack_from(f">{segments}H", data, ranges_at)
    return [(starts[i], ends[i], deltas[i], ranges_at + 2 * i + offsets[i] if offsets[i] else 0)
            for i in range(segments)], at + length
