"""Fonts: every font a page reaches is embedded (the base-14 fonts never are), and which
codes of a text print glyph 0 (.notdef, the missing glyph: an empty box or nothing)."""

from __future__ import annotations

import struct
from collections.abc import Callable
from struct import unpack_from
from typing import Any

from printkit.preflight.common import MAX_FORMS, MAX_NESTING, Unjudged, as_dict, identity
from printkit.truetype import FontError, character_map, subtable

BASE14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
          "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
          "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}
MAX_FONT = 32 * 2**20  # bytes of an embedded font read for its character map

Missing = Callable[[bytes], int]  # a text's bytes -> how many of its codes print glyph 0


def collect_fonts(resources: Any, fonts: dict[str, str]) -> None:
    """Every font of a resource dictionary and of its forms: name -> problem ('' if none).

    Forms are followed in a loop, at most MAX_FORMS of them and MAX_NESTING deep."""
    stack, seen = [(resources, 0)], set()
    while stack:
        resources, depth = stack.pop()
        if resources is None:
            continue
        key = identity(resources)
        resources = resources.get_object()
        if key in seen or not isinstance(resources, dict):
            continue
        seen.add(key)
        if len(seen) > MAX_FORMS or depth > MAX_NESTING:
            raise Unjudged(f"more than {MAX_FORMS} forms, or forms nested over "
                           f"{MAX_NESTING} deep")
        for font in as_dict(resources.get("/Font")).values():
            font = font.get_object()
            if not isinstance(font, dict):
                raise Unjudged("a font that is not a dictionary")
            name = str(font.get("/BaseFont", "(unnamed)")).lstrip("/")
            fonts[name] = fonts.get(name) or font_problem(font, name)
        for xobject in as_dict(resources.get("/XObject")).values():
            form = xobject.get_object()
            if isinstance(form, dict) and form.get("/Subtype") == "/Form":
                stack.append((form.get("/Resources"), depth + 1))


def font_problem(font: Any, name: str) -> str:
    if font.get("/Subtype") == "/Type3":
        return ""
    if font.get("/Subtype") == "/Type0":
        descendants = font.get("/DescendantFonts")
        descendants = descendants.get_object() if descendants is not None else None
        if not isinstance(descendants, list) or not descendants or \
                not isinstance(descendants[0].get_object(), dict):
            raise Unjudged(f"font {name}: a Type0 font without its descendant font")
        font = descendants[0].get_object()
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if not isinstance(descriptor, dict):
        raise Unjudged(f"font {name}: a font descriptor that is not a dictionary")
    if any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        return ""
    if name.split("+")[-1] in BASE14:
        return "not embedded (a base-14 font: the printer substitutes its own)"
    return "not embedded"




def glyph_zero(font: Any) -> Missing:
    """How to count the codes of a text in `font` that print glyph 0: for a CID font with
    Identity-H, the CIDs its CIDToGIDMap sends to 0; for an embedded TrueType font, the
    codes its own character map leaves out. Other fonts (Type 1, CFF, Type 3, a font not
    embedded) are not read: their glyph 0 is not counted."""
    if font.get("/Subtype") == "/Type0":
        return _cid_zero(font)
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if font.get("/Subtype") != "/TrueType" or not isinstance(descriptor, dict) or \
            "/FontFile2" not in descriptor or "/Encoding" in font:
        return _none
    glyphs = _simple_glyphs(descriptor["/FontFile2"].get_object())
    if glyphs is None:
        return _none
    return lambda text: sum(1 for code in text if not glyphs[code])


def _none(text: bytes) -> int:
    return 0


def _cid_zero(font: Any) -> Missing:
    if font.get("/Encoding") != "/Identity-H":
        return _none
    descendant = font["/DescendantFonts"].get_object()[0].get_object()
    mapping = descendant.get("/CIDToGIDMap", "/Identity")
    table = b""
    if mapping != "/Identity":
        table = mapping.get_object().get_data()[:2 * 65536]

    def zero(text: bytes) -> int:
        cids = unpack_from(f">{len(text) // 2}H", text)
        if not table:
            return sum(1 for cid in cids if cid == 0)
        return sum(1 for cid in cids if table[2 * cid:2 * cid + 2] in (b"", b"\0\0"))
    return zero


def _simple_glyphs(stream: Any) -> list[bool] | None:
    """For each code 0-255 of a symbolic TrueType font, whether its (1,0) or (3,0) character
    map gives it a glyph other than 0 (None if neither map can be read)."""
    try:
        data = stream.get_data()[:MAX_FONT]
        at, form = subtable(data, ((1, 0), (3, 0)))
        if form == 0:
            return [bool(g) for g in data[at + 6:at + 6 + 256]] + [False] * 256
        if form == 6:
            first, count = unpack_from(">HH", data, at + 6)
            mapped = unpack_from(f">{count}H", data, at + 10)
            return [0 <= c - first < count and bool(mapped[c - first]) for c in range(256)]
        codes = character_map(data, ((3, 0), (1, 0)))
        return [c in codes or 0xF000 + c in codes for c in range(256)]
    except (FontError, struct.error, ValueError, KeyError):
        return None
