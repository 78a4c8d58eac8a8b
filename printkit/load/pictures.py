"""Picture files named by a game: confined to its folder, opened safely, measured.

A game folder is untrusted, so a picture is checked before anything draws it: it must be
a regular file inside the folder, PNG or JPEG, at most MAX_BYTES long and MAX_PIXELS in
area (a decompression bomb is refused before it is decoded), and it must decode to the
end (a truncated or broken file is a located problem, never a traceback).
"""

from __future__ import annotations

import warnings
from pathlib import Path

from printkit.errors import Problems, Where
from printkit.load.paths import names_a_file_inside
from printkit.model.theme import Picture

FORMATS = ("PNG", "JPEG")
MAX_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 64_000_000  # a 600 mm board at 330 ppi; a picture holds 4 bytes a pixel
ORIENTATION = 0x0112  # the EXIF tag: 5 to 8 lie on their side


def picture(value: object, folder: Path, where: Where, problems: Problems) -> Picture | None:
    """The picture a game names by `value` (a path inside `folder`), or None with a
    located problem."""
    if not names_a_file_inside(value, folder, "picture", "art/logo.png", where, problems):
        return None
    path = folder / value
    if path.suffix.lower() == ".svg":
        problems.add(where, f"'{value}' is an SVG drawing; printkit places PNG and JPEG "
                     "pictures: export it as a PNG at 300 ppi of its printed size")
        return None
    if not path.is_file():
        problems.add(where, f"'{value}': no such file in the game folder")
        return None
    if path.stat().st_size > MAX_BYTES:
        problems.add(where, f"'{value}' is larger than {MAX_BYTES // 2**20} MB; save it "
                     "smaller (a card needs about 1000 × 1500 pixels)")
        return None
    size = measure(path, value, where, problems)
    if size is None:
        return None
    return Picture(path.resolve(), value, size[0], size[1], where=where)


def measure(path: Path, name: str, where: Where, problems: Problems) -> tuple[int, int] | None:
    """The upright size in pixels of a PNG or JPEG, after decoding it once in full."""
    from PIL import Image, UnidentifiedImageError  # Pillow: only for a game with pictures

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path, formats=FORMATS) as im:
                if im.width * im.height > MAX_PIXELS:
                    problems.add(where, f"'{name}' has {im.width} × {im.height} pixels, more "
                                 f"than the {MAX_PIXELS // 1_000_000} million printkit decodes;"
                                 " scale it down")
                    return None
                im.load()  # decodes it all: a broken or cut-short file fails here
                turned = im.getexif().get(ORIENTATION, 1) in (5, 6, 7, 8)
                return (im.height, im.width) if turned else (im.width, im.height)
    except UnidentifiedImageError:
        problems.add(where, f"'{name}' is not a PNG or JPEG picture; save it as one")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        problems.add(where, f"'{name}' is too large to decode (a decompression bomb?); "
                     "scale it down")
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        problems.add(where, f"'{name}' cannot be read ({exc}); it is broken or cut short:"
                     " save it again")
    return None
