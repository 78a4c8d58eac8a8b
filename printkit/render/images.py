"""Pictures as render embeds them: upright (EXIF orientation applied), transparency kept
as a separate alpha channel, and for CMYK output converted through a real ICC transform
(littleCMS via Pillow's ImageCms) from sRGB to printkit's CMYK output profile.

The files were checked when the game was loaded (printkit.load.pictures); each is
prepared once per process and colour mode.
"""

from __future__ import annotations

import io
import os
from functools import lru_cache

from PIL import Image, ImageCms, ImageOps

from printkit.colour import profile_path

FORMATS = ("PNG", "JPEG")


def prepared(path: str, cmyk: bool,
             ground: str | None = None) -> tuple[Image.Image, Image.Image | None]:
    """The picture's colour channels (RGB, or CMYK when `cmyk`) and its alpha channel
    (None when the picture is opaque, or once it is laid on the colour `ground`); made
    once per version of the file (`printkit serve` sees a picture saved anew)."""
    info = os.stat(path)
    return _prepared(path, info.st_mtime_ns, info.st_size, cmyk, ground)


@lru_cache(maxsize=4)  # a logo on every page; at most 4 × 64 million pixels held
def _prepared(path: str, _mtime: int, _size: int, cmyk: bool,
              ground: str | None) -> tuple[Image.Image, Image.Image | None]:
    with Image.open(path, formats=FORMATS) as im:
        im.load()
        upright = ImageOps.exif_transpose(im)
    source_profile = upright.info.get("icc_profile")
    rgba = upright.convert("RGBA") if has_alpha(upright) else upright.convert("RGB")
    alpha = rgba.getchannel("A") if rgba.mode == "RGBA" else None
    if alpha is not None and alpha.getextrema() == (255, 255):
        alpha = None
    if alpha is not None and ground is not None:  # laid on its ground: opaque
        laid = Image.new("RGBA", rgba.size, ground)
        laid.alpha_composite(rgba)
        rgba, alpha = laid, None
    colours = rgba.convert("RGB")
    if cmyk:
        colours = to_cmyk(colours, source_profile)
    return colours, alpha


def has_alpha(im: Image.Image) -> bool:
    return im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info


@lru_cache(maxsize=4)
def _transform(source: bytes | None) -> ImageCms.ImageCmsTransform:
    """sRGB (or the picture's own embedded profile) to the CMYK output profile,
    perceptual intent."""
    src = (ImageCms.ImageCmsProfile(io.BytesIO(source)) if source
           else ImageCms.createProfile("sRGB"))
    # read into memory: a profile opened by its path reads its tags from that file as it
    # goes, and forked workers share one file offset (their reads get mixed up)
    dst = ImageCms.ImageCmsProfile(io.BytesIO(profile_path().read_bytes()))
    return ImageCms.buildTransform(src, dst, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.PERCEPTUAL)


def to_cmyk(rgb: Image.Image, source_profile: bytes | None) -> Image.Image:
    try:
        transform = _transform(source_profile)
    except (ImageCms.PyCMSError, OSError, TypeError):  # a broken or non-RGB embedded profile
        transform = _transform(None)
    result = ImageCms.applyTransform(rgb, transform)
    assert result is not None
    return result
