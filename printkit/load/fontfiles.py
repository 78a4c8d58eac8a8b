"""The font gate: font files a game or the print settings name are TrueType (or OpenType
with TrueType outlines), inside the folder of the file that names them, and readable by
layout and render.

The file is read once, at most MAX_BYTES, from a regular file (a pipe is not waited on).
Then every table layout and the PDF writer (reportlab, at render) read is checked to be
there, within the file and long enough, with the versions and formats they read: the
header, the horizontal metrics, the glyph count, the glyph locations and, for composite
glyphs, their parts; the PostScript name the PDF embeds the font under; the character map
(bounded: see printkit.truetype); the OS/2 table and its licence flags. A font that fails
is a located problem naming what is wrong, never a traceback later in render.

A CFF-flavoured OpenType font (PostScript outlines, 'OTTO') is refused with a message
saying so: the PDF writer embeds TrueType outlines only.
"""

from __future__ import annotations

import struct
from itertools import pairwise
from pathlib import Path

from printkit.errors import Problems, Where
from printkit.files import open_regular
from printkit.load.paths import names_a_file_inside
from printkit.truetype import FontError, advances, character_map, directory, table

MAX_BYTES = 32 * 1024 * 1024
TRUETYPE = (b"\x00\x01\x00\x00", b"true")
REQUIRED = (b"head", b"hhea", b"maxp", b"hmtx", b"cmap", b"loca", b"glyf", b"name", b"post")
HEAD_MAGIC = 0x5F0F3CF5
NAME_IDS = (1, 2, 3, 4, 6)  # the names the PDF writer looks at, 6 the PostScript name
BAD_IN_NAME = b" [](){}<>/%"
MORE_COMPONENTS, WORDS, SCALE, XY_SCALE, TWO_BY_TWO = 0x20, 0x01, 0x08, 0x40, 0x80


def font_file(value: object, folder: Path, where: Where, problems: Problems) -> Path | None:
    """The font file named by `value` (a path inside `folder`), or None with a problem."""
    if not names_a_file_inside(value, folder, "font", "fonts/MyFont.ttf", where, problems):
        return None
    path = folder / value
    opened = open_regular(path, MAX_BYTES)
    if isinstance(opened, str):
        problems.add(where, f"'{value}' {opened}; name a TrueType font file (.ttf) of at most"
                     f" {MAX_BYTES // 2**20} MB in the folder")
        return None
    with opened:
        data = opened.read(MAX_BYTES + 1)
    problem = font_problem(data) if len(data) <= MAX_BYTES else "is larger than 32 MB"
    if problem:
        problems.add(where, f"'{value}' {problem}")
        return None
    return path.resolve()


def font_problem(data: bytes) -> str:
    """What keeps a font file from being used ('' if nothing)."""
    tag = data[:4]
    if tag == b"OTTO":
        return ("is an OpenType font with PostScript (CFF) outlines, which printkit cannot"
                " embed; use the TrueType (.ttf) version of the font")
    if tag == b"ttcf":
        return "is a font collection; use a single .ttf font"
    if tag not in TRUETYPE:
        return "is not a TrueType font (.ttf)"
    try:
        why = _tables_problem(data)
    except (FontError, struct.error) as exc:
        why = str(exc) if isinstance(exc, FontError) else "a table is cut short"
    if why:
        return f"cannot be read as a TrueType font ({why})"
    if not embeddable(data):
        return ("does not allow embedding (its licence flags, OS/2 fsType, forbid it); "
                "choose a font that may be embedded in a PDF")
    return ""


def _tables_problem(data: bytes) -> str:
    """What in the font's tables layout or the PDF writer could not read ('' if
    nothing); raises FontError or struct.error for a table that is missing or short."""
    found = directory(data)
    for tag in found:
        try:
            tag.decode("utf-8")
        except UnicodeDecodeError:
            return "a table's name is not text"
    missing = [tag.decode() for tag in REQUIRED if tag not in found]
    if missing:
        return f"it has no {' or '.join(missing)} table"
    glyphs = _check_header(data)
    units, widths = advances(data)
    chars = character_map(data)
    if not 16 <= units <= 16384 or not widths or not chars:
        return "its tables do not agree"
    if max(chars.values()) >= glyphs:
        return "its character map names glyphs the font does not have"
    return _check_name(data) or _check_glyphs(data, glyphs)


def _check_header(data: bytes) -> int:
    """Versions and formats of head, hhea, maxp, post and OS/2 as the PDF writer reads
    them; the number of glyphs."""
    head = table(data, b"head", 54)
    major, magic = struct.unpack_from(">H10xI", data, head)
    location, glyph_format = struct.unpack_from(">hh", data, head + 50)
    hhea = table(data, b"hhea", 36)
    hhea_major, metric_format, long_metrics = struct.unpack_from(">H30xhH", data, hhea)
    maxp_major, glyphs = struct.unpack_from(">H2xH", data, table(data, b"maxp", 6))
    post_major = struct.unpack_from(">H", data, table(data, b"post", 16))[0]
    if (major, magic, hhea_major, metric_format, glyph_format) != (1, HEAD_MAGIC, 1, 0, 0) \
            or location not in (0, 1) or maxp_major != 1 or not 1 <= post_major <= 4:
        raise FontError("a table has a version or format printkit cannot read")
    if not long_metrics or not glyphs:
        raise FontError("it has no glyphs")
    if b"OS/2" in directory(data):
        (version,) = struct.unpack_from(">H", data, table(data, b"OS/2", 72))
        table(data, b"OS/2", 90 if version > 1 else 72)
    return int(glyphs)


def _check_name(data: bytes) -> str:
    """The PostScript name the PDF writer finds (in the name table, as reportlab looks
    for it) must be there and be fit for a PDF name."""
    at = table(data, b"name", 6)
    form, count, strings = struct.unpack_from(">HHH", data, at)
    if form != 0:
        return "its name table has a format printkit cannot read"
    names: dict[int, bytes] = {}
    for i in range(count):
        platform, encoding, language, name_id, length, offset = \
            struct.unpack_from(">6H", data, at + 6 + 12 * i)
        if name_id not in NAME_IDS:
            continue
        chunk = data[at + strings + offset:at + strings + offset + length]
        if (platform, encoding, language) == (3, 1, 0x409):
            if length % 2:
                return "a name in its name table is cut short"
            text = chunk.decode("utf-16-be", errors="replace")
        elif (platform, encoding, language) == (1, 0, 0):
            text = chunk.decode("mac-roman")
        else:
            continue
        if text and name_id not in names:
            names[name_id] = text.replace(" ", "-").encode("utf-8")
        if len(names) == len(NAME_IDS):
            break
    name = names.get(6) or names.get(4) or names.get(1)
    if not name:
        return "it has no PostScript name"
    if any(byte > 126 or byte in BAD_IN_NAME for byte in name):
        return "its PostScript name holds characters a PDF name cannot"
    return ""


def _check_glyphs(data: bytes, glyphs: int) -> str:
    """The glyph locations rise within the glyf table, and each composite glyph's parts
    are within its data and are glyphs of the font."""
    glyf, glyf_length = directory(data)[b"glyf"]
    (location,) = struct.unpack_from(">h", data, table(data, b"head") + 50)
    size = 2 if location == 0 else 4
    loca = table(data, b"loca", size * (glyphs + 1))
    starts = struct.unpack_from(f">{glyphs + 1}{'H' if size == 2 else 'I'}", data, loca)
    if size == 2:
        starts = tuple(2 * s for s in starts)
    if any(b < a for a, b in pairwise(starts)) or starts[-1] > glyf_length:
        return "its glyph locations do not lie in its glyph table"
    for first, end in pairwise(starts):
        if end == first:
            continue
        if end - first < 10:
            return "a glyph is cut short"
        if struct.unpack_from(">h", data, glyf + first)[0] < 0 and \
                not _parts_fit(data, glyf + first, glyf + end, glyphs):
            return "a composite glyph is cut short or names glyphs the font does not have"
    return ""


def _parts_fit(data: bytes, at: int, end: int, glyphs: int) -> bool:
    """Whether the parts of the composite glyph at..end lie within it and are glyphs."""
    at += 10
    flags = MORE_COMPONENTS
    while flags & MORE_COMPONENTS:
        if at + 4 > end:
            return False
        flags, part = struct.unpack_from(">HH", data, at)
        if part >= glyphs:
            return False
        at += 4 + (4 if flags & WORDS else 2) + (
            2 if flags & SCALE else 4 if flags & XY_SCALE else 8 if flags & TWO_BY_TWO else 0)
    return at <= end


def embeddable(data: bytes) -> bool:
    """False if the font's OS/2 fsType forbids embedding or subsetting (restricted
    licence, no subsetting, bitmap only): a PDF writer must not embed it."""
    found = directory(data).get(b"OS/2")
    if found is None:
        return True
    (fs_type,) = struct.unpack_from(">H", data, found[0] + 8)
    return fs_type != 0x0002 and not fs_type & 0x0300
