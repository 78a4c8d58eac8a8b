"""Picture files named by a game: confined to its folder and checked by the one picture
gate (printkit.imaging) wherever they are used: the theme's pictures, the cards', the
ledgers' logo and the rule booklet's.

A game folder is untrusted, so a picture is checked before anything draws it: a regular
file inside the folder, PNG or JPEG by its content, within printkit.imaging's bounds of
bytes, pixels and sides (a decompression bomb is refused before it is decoded), and it
must decode to the end (a truncated or broken file is a located problem, never a
traceback).
"""

from __future__ import annotations

from pathlib import Path

from printkit.errors import Problems, Where
from printkit.files import digest
from printkit.imaging import MAX_BYTES, PictureError, measure
from printkit.load.paths import names_a_file_inside
from printkit.model.theme import Picture


def picture(value: object, folder: Path, where: Where, problems: Problems,
            where_used: bool = False) -> Picture | None:
    """The picture a game names by `value` (a path inside `folder`), or None with a
    located problem. With `where_used` a picture the gate refuses is kept as `refused`:
    its problem is then one of the products that use it (printkit serve draws the
    others)."""
    if not names_a_file_inside(value, folder, "picture", "art/logo.png", where, problems):
        return None
    size = picture_size(folder / value, value)
    if isinstance(size, str):
        if where_used:
            return Picture((folder / value).resolve(), value, 1, 1, where=where,
                           refused=size)
        problems.add(where, size)
        return None
    return Picture((folder / value).resolve(), value, size[0], size[1],
                   digest(folder / value, MAX_BYTES), where=where)


def picture_size(path: Path, name: str) -> tuple[int, int] | str:
    """The upright size in pixels of the picture at path (named `name` in messages), or
    what is wrong with it."""
    if path.suffix.lower() == ".svg":
        return (f"'{name}' is an SVG drawing; printkit places PNG and JPEG pictures: export "
                "it as a PNG at 300 ppi of its printed size")
    try:
        return measure(path)
    except PictureError as exc:
        why = str(exc)
        if why.startswith("is larger than"):
            why = f"is larger than {MAX_BYTES // 2**20} MB; save it smaller (a card needs " \
                  "about 1000 × 1500 pixels)"
        elif why == "does not exist":
            return f"'{name}': no such file in the game folder"
        return f"'{name}' {why}"
