"""Picture files a game names, opened within bounds: the one way printkit opens a picture.

Load checks every picture with it wherever the game uses it (printkit.load.pictures: the
theme's, the cards', the ledgers' logo, the rule booklet's) and render decodes it with it
(printkit.render.images), so both apply the same limits. A picture must be a regular file
(a pipe is never waited on) of at most MAX_BYTES, a PNG or a JPEG by its content (a GIF,
WebP, BMP or TIFF named .png is refused), at most MAX_PIXELS in area and MAX_SIDE on a
side — judged from its header before anything is decoded, so a decompression bomb never
is — and it must decode to the end.

Decoding keeps memory near the picture's own size: a JPEG is checked at an eighth of its
size (its whole stream is still decoded), a picture is turned upright in place, and it is
split into its colours and alpha with one copy in flight, so a picture with transparency
peaks at twice its decoded size, not five times (and a build with the largest picture
printkit takes, bench/pictures.py, stays under 1 GB). Render keeps prepared
pictures up to MAX_PIXELS together (`within`): one large picture at a time, or many small
ones (a logo on every page).
"""

from __future__ import annotations

import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from printkit.files import open_regular

if TYPE_CHECKING:
    from PIL import Image

FORMATS = ("PNG", "JPEG")
MAX_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 48_000_000  # the A1 board (568 mm) at 300 ppi: a build with it stays under 1 GB
MAX_SIDE = 20_000  # pixels: a 1200 mm board at 420 ppi (a picture holds 8 bytes a row)
ORIENTATION = 0x0112  # the EXIF tag: 5 to 8 lie on their side
P = ParamSpec("P")
R = TypeVar("R")


class PictureError(Exception):
    """Why a picture cannot be used: the end of a sentence that starts with its name."""


@contextmanager
def opened(path: Path | str) -> Iterator[Image.Image]:
    """The picture at path, opened (its header read, nothing decoded) and within bounds."""
    from PIL import Image, UnidentifiedImageError  # Pillow: only for a game with pictures

    file = open_regular(Path(path), MAX_BYTES)
    if isinstance(file, str):
        raise PictureError(file)
    with file, warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # bounds: below
        try:
            im = Image.open(file, formats=FORMATS)
        except UnidentifiedImageError:
            raise PictureError("is not a PNG or JPEG picture; save it as one") from None
        except Image.DecompressionBombError:
            raise PictureError("is too large to decode (a decompression bomb?); scale it "
                               "down") from None
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            raise PictureError(broken(exc)) from None
        _within_bounds(im.width, im.height)
        try:
            yield im
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            raise PictureError(broken(exc)) from None


def broken(exc: BaseException) -> str:
    return f"cannot be read ({exc}); it is broken or cut short: save it again"


def _within_bounds(width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise PictureError(f"has {width} × {height} pixels, more than the "
                           f"{MAX_PIXELS // 1_000_000} million printkit decodes; scale it down")
    if max(width, height) > MAX_SIDE:
        raise PictureError(f"has {width} × {height} pixels: a side of more than {MAX_SIDE} "
                           "pixels is more than any print needs; crop it or scale it down")


def measure(path: Path) -> tuple[int, int]:
    """The upright size in pixels of a picture, after decoding it once to the end (a
    JPEG at an eighth of its size); PictureError if it cannot be used."""
    with opened(path) as im:
        size = im.size
        if im.format == "JPEG":
            im.draft(im.mode, (max(1, im.width // 8), max(1, im.height // 8)))
        im.load()  # decodes it all: a broken or cut-short file fails here
        turned = im.getexif().get(ORIENTATION, 1) in (5, 6, 7, 8)
    return (size[1], size[0]) if turned else size


def decoded(path: Path | str) -> Image.Image:
    """The picture decoded and turned upright (EXIF orientation) in place."""
    from PIL import ImageOps

    with opened(path) as im:
        im.load()
        ImageOps.exif_transpose(im, in_place=True)
        return im


def split(path: Path | str) -> tuple[Image.Image, Image.Image | None, bytes | None]:
    """The picture upright as RGB colours, its alpha channel (None if it is opaque) and
    its embedded ICC profile, made with one copy of it in flight at a time."""
    im = decoded(path)
    profile = im.info.get("icc_profile")
    if not (im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info):
        return (im if im.mode == "RGB" else im.convert("RGB")), None, profile
    if im.mode != "RGBA":
        im = im.convert("RGBA")
    alpha: Image.Image | None = im.getchannel("A")
    if alpha is not None and alpha.getextrema() == (255, 255):
        alpha = None
    return im.convert("RGB"), alpha, profile


def within(budget: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Remember a function's results (by its arguments) while the pictures they hold
    together stay small: before a new result is made, the largest are let go until those
    kept hold at most a quarter of `budget` pixels. So a large picture is kept only
    until another is made, and small ones (a logo on every page) stay side by side."""
    def decorate(make: Callable[P, R]) -> Callable[P, R]:
        kept: OrderedDict[Any, tuple[R, int]] = OrderedDict()
        lock = threading.Lock()

        def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items())))
            with lock:
                if key in kept:
                    kept.move_to_end(key)
                    return kept[key][0]
                while kept and sum(size for _, size in kept.values()) > budget // 4:
                    del kept[max(kept, key=lambda k: kept[k][1])]
            result = make(*args, **kwargs)
            with lock:
                kept[key] = (result, _pixels(result))
            return result

        return remembered
    return decorate


def _pixels(result: object) -> int:
    """Pixels of the pictures a result holds (a picture, or a tuple with pictures)."""
    items = result if isinstance(result, tuple) else (result,)
    return sum(item.width * item.height for item in items
               if hasattr(item, "width") and hasattr(item, "height"))
