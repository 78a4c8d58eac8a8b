"""Images: their data is as long as their size says (Width × Height × components × bits,
after decoding), and a CMYK image carries no more ink than the limit. The data is read in
bands and the ink measured at a reduced resolution (the mean of blocks of pixels), so an
image of any size is judged in bounded memory."""

from __future__ import annotations

import io
import math
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np

from printkit.preflight.common import Unjudged, number

MAX_PIXELS = 400_000_000  # pixels of one image (a 1.7 m board at 300 ppi has 40 million)
BLOCKS = 600  # ink is measured on at most this many blocks along an image's longer side
CHUNK = 1 << 20  # bytes decoded at a time
TEXTS = {"/AHx": "/ASCIIHexDecode", "/A85": "/ASCII85Decode", "/Fl": "/FlateDecode",
         "/DCT": "/DCTDecode"}
COMPONENTS = {"/DeviceGray": 1, "/CalGray": 1, "/DeviceRGB": 3, "/CalRGB": 3, "/Lab": 3,
              "/DeviceCMYK": 4, "/Indexed": 1, "/Separation": 1, "/Pattern": 1}


def image_problems(name: str, image: Any, limit: float) -> list[str]:
    """What is wrong with one image drawn as `name`: data that does not match its size is
    Unjudged; ink over `limit` percent is a problem."""
    width, height = int(number(image.get("/Width"))), int(number(image.get("/Height")))
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        raise Unjudged(f"the image {name} is {width} × {height} pixels")
    filters = [TEXTS.get(str(f), str(f)) for f in _list(image.get("/Filter"))]
    space, components = colour_space(image)
    if "/JPXDecode" in filters:  # its size and colours live in the codec's own data
        if space in ("/DeviceCMYK", "/DeviceN", "None"):  # (None: the codec's own)
            raise Unjudged(f"the image {name} is JPEG 2000 data, whose ink preflight does "
                           "not read")
        return []
    if "/JBIG2Decode" in filters or "/CCITTFaxDecode" in filters:
        return []  # one bit a pixel: at most one full ink; their size is the codec's
    bits = 1 if image.get("/ImageMask") else int(number(image.get("/BitsPerComponent"), 8))
    if space == "/Indexed" and _palette_inks(image) > limit + 0.5:
        raise Unjudged(f"the image {name} takes its colours from a palette of CMYK or "
                       "DeviceN colours (Indexed), whose ink preflight does not read")
    if bits not in (1, 2, 4, 8, 16) or components <= 0:
        raise Unjudged(f"the image {name} has {bits} bits of {components} components")
    cmyk = space == "/DeviceCMYK" and bits == 8
    if not cmyk and ink_reaches(space, components) > limit + 0.5:
        raise Unjudged(f"the image {name} has {bits} bits a component of "
                       f"{components} inks; preflight reads the ink of 8-bit CMYK images")
    row = math.ceil(width * components * bits / 8)
    decode = image.get("/Decode")
    inverted = bool(decode) and number(decode[0]) == 1 and number(decode[1]) == 0
    if filters and filters[-1] == "/DCTDecode":
        deepest = _jpeg(name, image, filters, (width, height), components, cmyk)
    else:
        deepest = _bands(name, image, filters, (row, height), width if cmyk else 0, inverted)
    if deepest > limit + 0.5:
        return [f"the image {name} ({width}×{height} px) carries {deepest:.0f} % ink in "
                f"places, over the file's {limit:g} % limit"]
    return []


def ink_reaches(space: str, components: int) -> float:
    """The most ink (percent) an image in a colour space can carry: a CMYK or DeviceN
    pixel of full tints, one ink's 100 % for grey or a separation, none for RGB or Lab."""
    if space in ("/DeviceCMYK", "/DeviceN"):
        return 100.0 * components
    return 100.0 if space in ("/DeviceGray", "/Separation", "/ImageMask") else 0.0


def _palette_inks(image: Any) -> float:
    """The most ink the base space of an Indexed image's palette can carry."""
    space = image.get("/ColorSpace").get_object()
    return ink_reaches(*family(space[1] if len(space) > 1 else None))


def colour_space(image: Any) -> tuple[str, int]:
    """The family of an image's colour space and its number of components."""
    if image.get("/ImageMask"):
        return "/ImageMask", 1
    return family(image.get("/ColorSpace"))


def family(space: Any) -> tuple[str, int]:
    """The family of a colour space (an image's, or an Indexed palette's base) and its
    number of components."""
    space = space.get_object() if space is not None else None
    if isinstance(space, list) and space:
        first = str(space[0])
        if first == "/ICCBased" and len(space) > 1:
            n = int(number(space[1].get_object().get("/N")))
            return {4: "/DeviceCMYK"}.get(n, first), n
        if first == "/DeviceN" and len(space) > 1:
            return first, len(space[1].get_object())
        return first, COMPONENTS.get(first, 0)
    return str(space), COMPONENTS.get(str(space), 0)


def _list(value: Any) -> list[Any]:
    value = value.get_object() if value is not None else None
    return [] if value is None else list(value) if isinstance(value, list) else [value]


def _raw(image: Any, filters: list[str]) -> bytes:
    """The image's data through its ASCII filters (what comes before Flate or DCT)."""
    data: bytes = image._data  # the stream as stored
    from pypdf.filters import ASCII85Decode, ASCIIHexDecode

    for name in filters:
        if name == "/ASCII85Decode":
            data = ASCII85Decode.decode(data)
        elif name == "/ASCIIHexDecode":
            data = ASCIIHexDecode.decode(data)
        else:
            break
    return data


def _bands(name: str, image: Any, filters: list[str], size: tuple[int, int],
           cmyk_width: int, inverted: bool = False) -> float:
    """Read the data in bands of rows: Unjudged if it is not `row` × `height` bytes; the most
    ink of a block when `cmyk_width` (pixels a row of a CMYK image) is given."""
    row, height = size
    step = max(1, math.ceil(max(cmyk_width, height) / BLOCKS)) if cmyk_width else 1
    band = row * step
    expected, total, deepest = row * height, 0, 0.0
    buffer = bytearray()
    for chunk in _decoded(name, image, filters):
        total += len(chunk)
        if total > expected + row:
            break
        if cmyk_width:
            buffer += chunk
            while len(buffer) >= band:
                deepest = max(deepest, _deepest(bytes(buffer[:band]), cmyk_width, step, inverted))
                del buffer[:band]
    if total < expected or total > expected + row:
        if total > expected:
            raise Unjudged(f"the image {name} holds more data than its size needs "
                           f"({expected} bytes)")
        raise Unjudged(f"the image {name} holds {total} bytes of data where its size needs "
                       f"{expected}")
    if cmyk_width and len(buffer) >= 4 * cmyk_width:
        rows = len(buffer) // (4 * cmyk_width)
        deepest = max(deepest, _deepest(bytes(buffer[:rows * 4 * cmyk_width]), cmyk_width,
                                        step, inverted))
    return deepest


def _decoded(name: str, image: Any, filters: list[str]) -> Iterator[bytes]:
    """The decoded data in chunks: Flate (without a predictor) is inflated a chunk at a
    time; other filters are decoded whole by pypdf."""
    tail = [f for f in filters if f not in ("/ASCII85Decode", "/ASCIIHexDecode")]
    params = image.get("/DecodeParms")
    predictor = any(number(p.get_object().get("/Predictor"), 1) > 1 for p in _list(params)
                    if isinstance(p.get_object(), dict))
    if tail != ["/FlateDecode"] or predictor:
        yield image.get_data() if tail else _raw(image, filters)
        return
    data = _raw(image, filters)
    inflate = zlib.decompressobj()
    try:
        for start in range(0, len(data), CHUNK):
            out = inflate.decompress(data[start:start + CHUNK], CHUNK)
            while True:
                yield out
                if not inflate.unconsumed_tail:
                    break
                out = inflate.decompress(inflate.unconsumed_tail, CHUNK)
    except zlib.error as exc:
        raise Unjudged(f"the image {name}'s data cannot be decoded ({exc})") from None


def _deepest(data: bytes, width: int, step: int, inverted: bool = False) -> float:
    """The most ink (percent) of a block of step × step pixels of CMYK rows (`inverted`: a
    Decode array of 1 0 makes 0 full ink)."""
    pixels = np.frombuffer(data, dtype=np.uint8).reshape(-1, width, 4)
    ink = pixels.sum(axis=2, dtype=np.float64) * (100 / 255)
    if inverted:
        ink = 400 - ink
    rows, cols = ink.shape
    cut = cols - cols % step
    if cut:
        blocks = ink[:, :cut].reshape(rows, cut // step, step).mean(axis=(0, 2))
        found = float(blocks.max())
    else:
        found = 0.0
    if cols % step:
        found = max(found, float(ink[:, cut:].mean()))
    return found


def _jpeg(name: str, image: Any, filters: list[str], size: tuple[int, int],
          components: int, cmyk: bool) -> float:
    """A JPEG's own size and components against the image's; its ink read at a reduced
    scale (the decoder's draft mode)."""
    from PIL import Image

    try:
        picture = Image.open(io.BytesIO(_raw(image, filters)))
        if picture.size != size or len(picture.getbands()) != components:
            raise Unjudged(f"the image {name} is {size[0]} × {size[1]} × {components} but "
                           f"its JPEG data {picture.size[0]} × {picture.size[1]} × "
                           f"{len(picture.getbands())}")
        if not cmyk:
            return 0.0
        picture.draft("CMYK", (max(1, size[0] // 8), max(1, size[1] // 8)))
        pixels = np.asarray(picture.convert("CMYK"))
    except (OSError, ValueError, SyntaxError) as exc:
        raise Unjudged(f"the image {name}'s JPEG data cannot be read ({exc})") from None
    step = max(1, math.ceil(max(pixels.shape[:2]) / BLOCKS))
    return _deepest(pixels.tobytes(), pixels.shape[1], step)
