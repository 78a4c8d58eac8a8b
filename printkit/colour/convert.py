"""RGB to CMYK for print: one ICC transform for flat colours and pictures alike.

Every colour goes from sRGB (or a picture's own embedded profile) to the CMYK output
profile (`fogra39-free.icc`) through littleCMS (Pillow's ImageCms), relative colorimetric
intent without black-point compensation: a colour the press can print keeps its measured
value (relative to the paper white), and one it cannot is moved to the nearest it can.
Black-point compensation would lift every dark colour towards the press's black and
shift the whole palette by ΔE76 3.6 on average; the shipped profile's perceptual table is
its colorimetric one, so "perceptual" would change nothing.

Neutral greys print on black ink alone (no cast from three inks out of balance): the K
whose printed lightness, through the same profile, is the grey's; a grey darker than black
ink alone prints (a large black area) takes the profile's rich black.

What paints decides too (`inks`): text and lines that are grey and dark (from #666666 on)
print in solid black (100 % K), so they cannot fringe when the plates are not quite in
register; hairlines (under 0.5 pt) print in solid black whatever their colour
(white stays white): screened as a tint, a line this thin prints as a row of dots, and in
three inks it needs three plates in register.

Then the total ink is kept within the press's limit (the sum of C, M, Y and K in percent,
which a vendor states): where a colour would carry more, its C, M and Y are scaled down
together and K is kept, so the colour keeps its darkness and loses a little saturation.

Each flat colour is converted once per process; values are whole steps of 1/255, the
steps a picture's pixels have, so a flat ground and a picture laid on it match exactly.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from printkit.colour import profile_bytes
from printkit.colour.icc import hex_rgb, read_profile, srgb_lab

if TYPE_CHECKING:
    import numpy as np
    from PIL.ImageCms import ImageCmsTransform

Cmyk = tuple[int, int, int, int]  # each 0 to 255
MAX_INK = 400.0
NEUTRAL = 2 / 255  # channels this close together: a grey
BAND_ROWS = 256  # rows of a picture ink-limited at once (memory stays small)
FILL, TEXT, LINE, HAIRLINE = "fill", "text", "line", "hairline"  # what a colour paints
NEAR_BLACK = 0.6   # 1 − max(R, G, B) from which grey text and lines print solid black
HAIRLINE_WIDTH = 0.5  # lines thinner than this print in solid black
SOLID_BLACK: Cmyk = (0, 0, 0, 255)


@lru_cache(maxsize=4)
def transform(source: bytes | None = None) -> ImageCmsTransform:
    """sRGB (or the embedded profile `source`) to the CMYK output profile, relative
    colorimetric."""
    from PIL import ImageCms  # littleCMS: only for CMYK, not on every build

    src = (ImageCms.ImageCmsProfile(io.BytesIO(source)) if source
           else ImageCms.createProfile("sRGB"))
    # read into memory: a profile opened by its path reads its tags from that file as it
    # goes, and forked workers share one file offset (their reads get mixed up)
    dst = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(src, dst, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def neutral(value: str) -> bool:
    """Whether #RRGGBB is a grey (black and white included)."""
    rgb = hex_rgb(value)
    return max(rgb) - min(rgb) <= NEUTRAL


@lru_cache(maxsize=1)
def _k_lightness() -> tuple[float, ...]:
    """L* printed by black ink alone at each of the 256 steps."""
    profile = read_profile(profile_bytes())
    return tuple(profile.lab((0.0, 0.0, 0.0, k / 255))[0] for k in range(256))


def grey_k(value: str) -> int | None:
    """The black ink (0 to 255) that prints the lightness of the grey #RRGGBB; None if it
    is darker than black ink alone prints."""
    lightness = srgb_lab(value)[0]
    steps = _k_lightness()
    if lightness < min(steps) - 0.5:
        return None
    return min(range(256), key=lambda k: abs(steps[k] - lightness))


def line_use(width: float) -> str:
    """How a line of this width (points) prints: as a hairline or as a line."""
    return HAIRLINE if width < HAIRLINE_WIDTH else LINE


@lru_cache(maxsize=4096)
def inks(value: str, use: str = FILL, ink_limit: float = MAX_INK) -> Cmyk:
    """The CMYK the colour #RRGGBB prints with when it paints `use` (see the module)."""
    rgb = hex_rgb(value)
    if use == HAIRLINE and min(rgb) < 1.0:
        return SOLID_BLACK
    if use in (TEXT, LINE) and neutral(value) and 1 - max(rgb) >= NEAR_BLACK:
        return SOLID_BLACK
    return cmyk(value, ink_limit)


def limit(cmyk: Cmyk, ink_limit: float) -> Cmyk:
    """The colour with at most `ink_limit` % ink in all: C, M and Y scaled down together
    (rounded down to whole steps), K kept."""
    c, m, y, k = cmyk
    most = int(ink_limit * 255 / 100 + 1e-9)
    if c + m + y + k <= most:
        return cmyk
    room = max(most - k, 0)
    scale = room / (c + m + y)
    return int(c * scale), int(m * scale), int(y * scale), k


@lru_cache(maxsize=1024)
def cmyk(value: str, ink_limit: float = MAX_INK) -> Cmyk:
    """The CMYK of the sRGB colour #RRGGBB: a grey on black ink alone (as far as black
    ink reaches), any other colour through the ICC transform; within the ink limit."""
    k = grey_k(value) if neutral(value) else None
    if k is not None:
        return 0, 0, 0, k
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in hex_rgb(value)))
    converted = transform().apply(pixel)
    assert converted is not None
    c, m, y, k = converted.getpixel((0, 0))  # type: ignore[misc]
    return limit((c, m, y, k), ink_limit)


def limit_picture(picture: Image.Image, ink_limit: float) -> tuple[Image.Image, int]:
    """A CMYK picture within the ink limit (as `limit` does to each pixel) and the most
    C + M + Y any of its pixels carries (0 to 765), band by band of rows."""
    import numpy as np  # only for a picture converted to CMYK

    most = int(ink_limit * 255 / 100 + 1e-9)
    pixels = np.array(picture, dtype=np.uint8)  # a copy, changed in place
    deepest = 0
    for top in range(0, pixels.shape[0], BAND_ROWS):
        band = pixels[top:top + BAND_ROWS]
        deepest = max(deepest, _limit_band(band, most))
    return Image.fromarray(pixels, "CMYK"), deepest


def _limit_band(band: np.ndarray, most: int) -> int:
    import numpy as np

    inks = band.astype(np.int32)
    colour = inks[..., :3].sum(axis=2)
    over = colour + inks[..., 3] > most
    if over.any():
        room = np.maximum(most - inks[..., 3][over], 0)
        scaled = inks[..., :3][over] * room[:, None] // np.maximum(colour[over], 1)[:, None]
        band[..., :3][over] = scaled.astype(np.uint8)
        colour = band[..., :3].astype(np.int32).sum(axis=2)
    return int(colour.max()) if colour.size else 0


@dataclass(frozen=True)
class Shift:
    """How a design colour prints: its CMYK and the colour difference (ΔE76) between the
    design (sRGB) and the print (the CMYK through the profile)."""

    colour: str
    cmyk: Cmyk
    delta_e: float
    outside: bool  # beyond the press: outside the profile's gamut, or cut by the ink limit

    def percent(self) -> str:
        return "/".join(f"{round(v / 2.55)}" for v in self.cmyk)


def shift(value: str, ink_limit: float = MAX_INK, use: str = FILL) -> Shift:
    """How the design colour #RRGGBB prints in CMYK, painting `use`."""
    from printkit.colour.icc import delta_e

    profile = read_profile(profile_bytes())
    printed = inks(value, use, ink_limit)
    design = srgb_lab(value)
    seen = profile.lab(tuple(v / 255 for v in printed))  # type: ignore[arg-type]
    cut = printed != inks(value, use)
    return Shift(value, printed, delta_e(design, seen), cut or profile.outside(design))


VISIBLE = 2.0  # ΔE76 from which two colours side by side look different


def out_of_gamut(uses: set[tuple[str, str]], ink_limit: float = MAX_INK) -> list[Shift]:
    """The design colours the press cannot print as designed, given as (#RRGGBB, use):
    outside the profile's gamut or cut by the ink limit, and off by a visible difference;
    each colour once (its farthest use), the farthest first. Solid black by choice (dark
    text, hairlines) is no gamut's fault and left out."""
    worst: dict[str, Shift] = {}
    for value, use in sorted(uses):
        if inks(value, use) == SOLID_BLACK and use != FILL:
            continue
        found = shift(value, ink_limit, use)
        if found.colour not in worst or found.delta_e > worst[found.colour].delta_e:
            worst[found.colour] = found
    return sorted((s for s in worst.values() if s.outside and s.delta_e > VISIBLE),
                  key=lambda s: (-s.delta_e, s.colour))
