"""Advance widths and the Unicode character map of a TrueType font, read straight from its
tables (the OpenType spec: head, hhea, maxp, hmtx and cmap formats 12 and 4).

This is all layout needs of a font, and what load checks of a chosen font file; reading it
directly takes a few milliseconds where a general font library spends tens on importing
itself and decoding the tables. Both stages use it, so it lives below them.
"""

from __future__ import annotations

from struct import unpack_from

# Unicode subtables, best first: full repertoire (format 12), then the BMP (format 4).
UNICODE_CMAPS = ((3, 10), (0, 4), (3, 1), (0, 3))


def tables(data: bytes) -> dict[bytes, int]:
    """The offset of each table, by tag."""
    (count,) = unpack_from(">H", data, 4)
    return {tag: offset for tag, _, offset, _ in
            (unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count))}


def advances(data: bytes) -> tuple[int, list[int]]:
    """Units per em, and every glyph's advance width in font units (by glyph number)."""
    at = tables(data)
    (units_per_em,) = unpack_from(">H", data, at[b"head"] + 18)
    (long_metrics,) = unpack_from(">H", data, at[b"hhea"] + 34)
    (glyphs,) = unpack_from(">H", data, at[b"maxp"] + 4)
    widths = list(unpack_from(f">{2 * long_metrics}H", data, at[b"hmtx"])[::2])
    return units_per_em, widths + widths[-1:] * (glyphs - long_metrics)  # the rest repeat the last


def character_map(data: bytes, wanted: tuple[tuple[int, int], ...] = UNICODE_CMAPS
                  ) -> dict[int, int]:
    """Code point -> glyph number, from the first subtable of the cmap table that is in
    `wanted` (platform, encoding). Code points mapped to glyph 0 (.notdef, the missing
    glyph) are left out."""
    cmap = tables(data)[b"cmap"]
    (count,) = unpack_from(">H", data, cmap + 2)
    subtables: dict[tuple[int, int], int] = {}
    for i in range(count):
        platform, encoding, offset = unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables.setdefault((platform, encoding), cmap + offset)
    for key in wanted:
        if key in subtables:
            at = subtables[key]
            (form,) = unpack_from(">H", data, at)
            if form in (12, 4):
                mapping = _format12(data, at) if form == 12 else _format4(data, at)
                return {code: glyph for code, glyph in mapping.items() if glyph}
    raise ValueError("the font has no Unicode character map of format 12 or 4")


def _format12(data: bytes, at: int) -> dict[int, int]:
    """Groups of consecutive code points mapped to consecutive glyphs."""
    (groups,) = unpack_from(">I", data, at + 12)
    mapping: dict[int, int] = {}
    for i in range(groups):
        first, last, glyph = unpack_from(">III", data, at + 16 + 12 * i)
        mapping.update(zip(range(first, last + 1), range(glyph, glyph + last - first + 1),
                           strict=True))
    return mapping


def _format4(data: bytes, at: int) -> dict[int, int]:
    """Segments of the BMP, each mapped by a delta or through the glyph index array."""
    (segments,) = unpack_from(">H", data, at + 6)
    segments //= 2
    ends = unpack_from(f">{segments}H", data, at + 14)
    starts = unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = unpack_from(f">{segments}H", data, ranges_at)
    mapping: dict[int, int] = {}
    for i in range(segments - 1):  # the last segment only ends the table (at U+FFFF)
        for code in range(starts[i], ends[i] + 1):
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                where = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                (glyph,) = unpack_from(">H", data, where)
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            mapping[code] = glyph
    return mapping
