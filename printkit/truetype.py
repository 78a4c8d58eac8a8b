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
    mapping: dict[int, int] = {}
    for code, glyph, count in glyph_runs(data, wanted):
        mapping.update(zip(range(code, code + count), range(glyph, glyph + count),
                           strict=True))
    return mapping


def glyph_runs(data: bytes, wanted: tuple[tuple[int, int], ...] | None = None
               ) -> list[tuple[int, int, int]]:
    """The character map as runs (first code point, its glyph, how many): consecutive
    code points mapped to consecutive glyphs, none to glyph 0, in the order the subtable
    gives them (a later run's code overrides an earlier's)."""
    ranges, end, wrap = _ranges(data, wanted)
    runs: list[tuple[int, int, int]] = []
    for first, last, delta, array in ranges:
        if not array:
            _consecutive(runs, first, last, delta, wrap)
            continue
        for code in range(first, last + 1):
            glyph = _looked_up(data, end, array + 2 * (code - first), delta, wrap)
            if glyph:
                runs.append((code, glyph, 1))
    return runs


def spans(data: bytes) -> list[tuple[int, int]]:
    """The code points `character_map` maps, as sorted runs (first, last) that neither
    overlap nor touch: what a font covers, without a dictionary entry per character."""
    merged: list[tuple[int, int]] = []
    for first, last in sorted((code, code + count - 1) for code, _, count in glyph_runs(data)):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged


def _ranges(data: bytes, wanted: tuple[tuple[int, int], ...] | None = None
            ) -> tuple[list[Range], int, int]:
    """The runs of the subtable `subtable` picks (each cut at the last code point), where
    its glyph array ends, and the mask of its glyph numbers (format 4 counts them modulo
    65536)."""
    at, form = subtable(data, wanted)
    if form not in (12, 4):
        raise FontError("the font has no Unicode character map of format 12 or 4")
    ranges, end = _groups(data, at) if form == 12 else _segments(data, at)
    if sum(max(0, last - first + 1) for first, last, _, _ in ranges) > MAX_CODES:
        raise FontError(f"its character map claims more than {MAX_CODES:,} characters"
                        .replace(",", " "))
    return [(first, min(last, LAST_CODE), delta, array) for first, last, delta, array
            in ranges], end, 0xFFFF if form == 4 else -1


def _looked_up(data: bytes, end: int, where: int, delta: int, wrap: int) -> int:
    """The glyph of a code mapped through the glyph array (0 past the subtable: missing, as
    the PDF writer reads it)."""
    if where + 2 > end:
        return 0
    (glyph,) = unpack_from(">H", data, where)
    return (glyph + delta) & wrap if glyph else 0


def _consecutive(runs: list[tuple[int, int, int]], first: int, last: int, delta: int,
                 wrap: int) -> None:
    """Codes first..last mapped to consecutive glyphs, code + delta (`wrap` 0xFFFF: modulo
    65536, as format 4 counts), as runs; a code whose glyph is 0 is left out."""
    code, glyph = first, (first + delta) & wrap
    while code <= last:
        if glyph == 0:  # .notdef, the missing glyph
            code, glyph = code + 1, 1
            continue
        count = last - code + 1 if wrap < 0 else min(last - code + 1, wrap + 1 - glyph)
        runs.append((code, glyph, count))
        code, glyph = code + count, 0


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
