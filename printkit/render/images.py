"""Pictures as render embeds them: upright (EXIF orientation applied), transparency kept
as a separate alpha channel, and for CMYK output converted through the ICC transform of
printkit.colour.convert (littleCMS via Pillow's ImageCms, the one flat colours take too)
from sRGB or the picture's own embedded profile, then kept within the ink limit.

A picture laid on its ground for a PDF/X file is laid on it after the conversion, on the
very CMYK the flat ground around it has: the two cannot differ.

The files were checked when the game was loaded (printkit.load.pictures) and are decoded
by the same gate (printkit.imaging), within its bounds; a prepared picture is kept while
the pictures kept are small (a logo on every page), a large one until the next is made.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from PIL import Image, ImageCms

from printkit.colour.convert import MAX_INK, cmyk, limit_picture, transform
from printkit.imaging import MAX_PIXELS, split, within


class Prepared(NamedTuple):
    """A picture ready to embed: its colour channels (RGB or CMYK), its alpha channel
    (None when opaque, or laid on its ground) and, in CMYK, the most C + M + Y of any
    pixel (0 to 765: how much colour black text printed over it would stand on)."""

    colours: Image.Image
    alpha: Image.Image | None
    deepest: int = 0


def prepared(path: str, cmyk: bool, ground: str | None = None,
             ink_limit: float = MAX_INK) -> Prepared:
    """The picture as it is embedded (RGB, or CMYK when `cmyk`); with a `ground` colour,
    opaque, laid on it. Made once per version of the file (`printkit serve` sees a
    picture saved anew)."""
    info = os.stat(path)
    return _prepared(path, info.st_mtime_ns, info.st_size, cmyk, ground, ink_limit)


@within(MAX_PIXELS)  # one large picture at a time, or many small ones (a logo on every page)
def _prepared(path: str, _mtime: int, _size: int, to_cmyk: bool, ground: str | None,
              ink_limit: float) -> Prepared:
    colours, alpha, source_profile = split(path)  # decoded within bounds (printkit.imaging)
    if not to_cmyk:
        return Prepared(colours, alpha)
    colours = converted(colours, source_profile)
    if alpha is not None and ground is not None:  # laid on its ground: opaque
        under = Image.new("CMYK", colours.size, cmyk(ground, ink_limit))
        colours, alpha = Image.composite(colours, under, alpha), None
    colours, deepest = limit_picture(colours, ink_limit)
    return Prepared(colours, alpha, deepest)


def converted(rgb: Image.Image, source_profile: bytes | None) -> Image.Image:
    """The picture in CMYK, from its embedded profile (a broken or non-RGB one: sRGB)."""
    try:
        through = transform(source_profile)
    except (ImageCms.PyCMSError, OSError, TypeError):
        through = transform(None)
    result = ImageCms.applyTransform(rgb, through)
    assert result is not None
    return result
