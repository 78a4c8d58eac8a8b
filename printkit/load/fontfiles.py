"""Font files a game or the print settings name: TrueType (or OpenType with TrueType
outlines), inside the folder of the file that names them, readable by layout and render.

A CFF-flavoured OpenType font (PostScript outlines, 'OTTO') is refused with a message
saying so: the PDF writer embeds TrueType outlines only.
"""

from __future__ import annotations

import struct
from pathlib import Path

from printkit.errors import Problems, Where
from printkit.load.paths import names_a_file_inside
from printkit.truetype import advances, character_map, tables

MAX_BYTES = 32 * 1024 * 1024
TRUETYPE = (b"\x00\x01\x00\x00", b"true")


def font_file(value: object, folder: Path, where: Where, problems: Problems) -> Path | None:
    """The font file named by `value` (a path inside `folder`), or None with a problem."""
    if not names_a_file_inside(value, folder, "font", "fonts/MyFont.ttf", where, problems):
        return None
    path = folder / value
    if not path.is_file() or path.stat().st_size > MAX_BYTES:
        problems.add(where, f"'{value}': no such font file (or larger than "
                     f"{MAX_BYTES // 2**20} MB)")
        return None
    data = path.read_bytes()
    problem = font_problem(data)
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
        units, widths = advances(data)
        chars = character_map(data)
    except (struct.error, KeyError, ValueError, IndexError) as exc:
        return f"cannot be read as a TrueType font ({exc or 'a table is missing'})"
    if not units or not widths or not chars or max(chars.values()) >= len(widths):
        return "cannot be read as a TrueType font (its tables do not agree)"
    if not embeddable(data):
        return ("does not allow embedding (its licence flags, OS/2 fsType, forbid it); "
                "choose a font that may be embedded in a PDF")
    return ""


def embeddable(data: bytes) -> bool:
    """False if the font's OS/2 fsType forbids embedding or subsetting (restricted
    licence, no subsetting, bitmap only): a PDF writer must not embed it."""
    at = tables(data).get(b"OS/2")
    if at is None:
        return True
    (fs_type,) = struct.unpack_from(">H", data, at + 8)
    return fs_type != 0x0002 and not fs_type & 0x0300
