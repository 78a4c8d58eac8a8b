"""Pictures placed on a face: fitted into a box (`contain`) or filling it edge to edge
(`cover`, cropped by a clip), with their effective resolution checked at the placed size.

Under GOOD_PPI a picture is a warning naming the file and where it is used; under
LOW_PPI it is a located problem, unless the build allows low resolution.
"""

from __future__ import annotations

from printkit.errors import Problems
from printkit.layout.ops import Group, Image, Op
from printkit.model.theme import Picture, Theme
from printkit.units import PPI_SLACK, shown_ppi

GOOD_PPI = 300
LOW_PPI = 150
Box = tuple[float, float, float, float]


def contain(pic: Picture, box: Box) -> Box:
    """The largest box of the picture's proportions inside `box`, centred in it."""
    x, y, w, h = box
    scale = min(w / pic.width, h / pic.height)
    pw, ph = pic.width * scale, pic.height * scale
    return x + (w - pw) / 2, y + (h - ph) / 2, pw, ph


def cover(pic: Picture, box: Box) -> Box:
    """The smallest box of the picture's proportions that covers `box`, centred on it."""
    x, y, w, h = box
    scale = max(w / pic.width, h / pic.height)
    pw, ph = pic.width * scale, pic.height * scale
    return x + (w - pw) / 2, y + (h - ph) / 2, pw, ph


def picture_ops(pic: Picture, box: Box, used: str, theme: Theme, problems: Problems,
                fill: bool = False, ground: str = "#FFFFFF") -> list[Op]:
    """The picture in `box`: whole and centred, or (`fill`) covering it, cropped to it.
    `used` says where it is used, for the resolution messages; `ground` is the colour
    it stands on. A picture the gate refused (printkit.load.pictures) is its problem."""
    if pic.refused:
        problems.add(pic.where, pic.refused)
        return []
    placed = cover(pic, box) if fill else contain(pic, box)
    check_resolution(pic, placed[2], used, theme, problems)
    image = Image(*placed, path=str(pic.path), ground=ground, digest=pic.digest)
    if fill and placed != box:
        return [Group((image,), clip=box)]
    return [image]


def ppi(pic: Picture, width: float) -> float:
    """Pixels per inch of the picture drawn `width` points wide."""
    return pic.width / (width / 72.0)


def check_resolution(pic: Picture, width: float, used: str, theme: Theme,
                     problems: Problems) -> None:
    found = ppi(pic, width)
    if found >= GOOD_PPI - PPI_SLACK:  # the rule preflight holds a PDF's images to
        return
    where = pic.where.at(f"{pic.where.field}, on {used}")
    text = (f"'{pic.name}' has {shown_ppi(found, GOOD_PPI)} ppi at its printed size "
            f"({pic.width} × {pic.height} pixels over {width / 72 * 25.4:.0f} mm)")
    if found < LOW_PPI and not theme.allow_low_resolution:
        problems.add(where, f"{text}, under {LOW_PPI} ppi it prints blurred; use a picture "
                     f"of at least {GOOD_PPI} ppi, or build with --allow-low-resolution")
    else:
        problems.warn(where, f"{text}; print shops ask for {GOOD_PPI} ppi")


LOGO_H = 12 * 72 / 25.4   # a logo in the heading of a sheet: 12 mm high,
LOGO_W = 45 * 72 / 25.4   # at most 45 mm wide


def logo_ops(theme: Theme, x: float, top: float, used: str, problems: Problems
             ) -> tuple[list[Op], float]:
    """The theme's logo at the left of a sheet's heading (its top at `top`), and the width
    it takes up with the gap after it (0 without a logo)."""
    pic = theme.logo
    if pic is None:
        return [], 0.0
    w = min(LOGO_W, pic.width * LOGO_H / pic.height)
    _, _, pw, ph = contain(pic, (0.0, 0.0, w, LOGO_H))
    return picture_ops(pic, (x, top - ph, pw, ph), used, theme, problems), pw + 4 * 72 / 25.4
