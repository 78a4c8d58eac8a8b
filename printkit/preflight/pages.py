"""A page's geometry: its boxes, its size against the product it claims, and where text,
artwork and images fall on it (positions from pdfplumber)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from pypdf import PdfReader

from printkit import keywords as declared
from printkit.claims import Claim, card_safe_zone
from printkit.preflight.common import (
    MAX_DRAWING,
    MAX_SIDE,
    MIN_SIDE,
    Box,
    Limits,
    Unjudged,
    box_of,
    contains,
    counted,
    effective_trim,
)
from printkit.units import MM, PPI_SLACK, shown_ppi

PdfTest = Callable[[dict[str, Any]], bool]  # a test of one of pdfplumber's objects

TOUCH = 0.5  # points: artwork this close to a trim edge touches it
SAME = 0.25 * MM  # trims this close in size are one size; bleeds this close are even
BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def check_bounds(page: Any, number: int) -> None:
    """A page preflight can judge: every box four finite numbers, from 3 pt to 200 inches
    a side, a MediaBox, and at most MAX_DRAWING bytes of drawing."""
    for key in BOXES:
        box = box_of(page, key)
        if box is not None and max(box[2] - box[0], box[3] - box[1]) > MAX_SIDE:
            raise Unjudged(f"p{number}: the {key[1:]} is over 200 inches (PDF's limit)")
        if box is not None and min(box[2] - box[0], box[3] - box[1]) < MIN_SIDE:
            raise Unjudged(f"p{number}: the {key[1:]} is {box[2] - box[0]:g} × "
                           f"{box[3] - box[1]:g} pt (a page is at least 3 pt a side)")
    if box_of(page, "/MediaBox") is None:
        raise Unjudged(f"p{number}: no MediaBox (a page without a size)")
    contents = page.get_contents()
    size = len(contents.get_data()) if contents is not None else 0
    if size > MAX_DRAWING:
        raise Unjudged(f"p{number}: {size / 2**20:.0f} MB of drawing; preflight judges up "
                       f"to {MAX_DRAWING // 2**20} MB a page")


def tile_pages(reader: PdfReader, count: int) -> set[int]:
    """The pages the keywords declare tiles (only pages the file has): `pages=` a range
    (`2-7`, the board's own file) or a list of pages and ranges (`3,5,7`, the
    print-and-play file, whose tiles have empty backs between them), in every
    `printkit-tiles` declaration."""
    keywords = str(reader.metadata.get("/Keywords", "") if reader.metadata else "")
    return declared.tile_pages(keywords, count)


def box_problems(page: Any) -> list[str]:
    media = box_of(page, "/MediaBox")
    trim = box_of(page, "/TrimBox")
    bleed = box_of(page, "/BleedBox")
    problems = []
    if trim is None:
        problems.append("no TrimBox: the finished size is unknown (a print shop needs it)")
    elif media is not None and not contains(media, trim):
        problems.append("TrimBox reaches outside the MediaBox")
    if bleed is not None:
        if trim is not None and not contains(bleed, trim):
            problems.append("BleedBox does not contain the TrimBox")
        if media is not None and not contains(media, bleed):
            problems.append("BleedBox reaches outside the MediaBox")
    return problems


def char_size(char: dict[str, Any]) -> float:
    """The size a character prints at: its font size through the text and page matrices
    (pdfplumber's `size` is a box height, which is wrong for turned text)."""
    a, b, c, d = char["matrix"][:4]
    adv = char.get("adv", 0.0)
    width, height = char["x1"] - char["x0"], char["y1"] - char["y0"]
    if abs(d) >= abs(c):
        size = (height - abs(b) * adv) / abs(d) if d else height
    else:
        size = (width - abs(a) * adv) / abs(c)
    return float(size * math.sqrt(abs(a * d - b * c)))


def visible(chars: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for c in chars if c["text"].strip()]


def sample(chars: list[dict[str, Any]]) -> str:
    text = "".join(c["text"] for c in chars[:24])
    return text + ("…" if len(chars) > 24 else "")


def text_size(page: Any, limits: Limits) -> list[str]:
    small = [c for c in visible(page.chars) if char_size(c) < limits.min_size - 0.01]
    if not small:
        return []
    least = min(char_size(c) for c in small)
    return [f"{counted(len(small), 'character')} smaller than {limits.min_size:g} pt (smallest "
            f"{least:.1f} pt): '{sample(small)}'"]


def safe_zone(page: Any, trim: Box, limits: Limits) -> list[str]:
    """Text outside the trim, and text in the margin just inside it."""
    x0, y0, x1, y1 = trim
    s = limits.safe
    off, near = [], []
    for c in visible(page.chars):
        if c["x0"] < x0 - 0.01 or c["x1"] > x1 + 0.01 or c["y0"] < y0 - 0.01 \
                or c["y1"] > y1 + 0.01:
            off.append(c)
        elif c["x0"] < x0 + s or c["x1"] > x1 - s or c["y0"] < y0 + s or c["y1"] > y1 - s:
            near.append(c)
    found = []
    if off:
        runs = "runs" if len(off) == 1 else "run"
        found.append(f"{counted(len(off), 'character')} {runs} off the trim: '{sample(off)}'")
    if near:
        found.append(f"{counted(len(near), 'character')} within {s / MM:g} mm of the trim "
                     f"(outside the safe zone): '{sample(near)}'")
    return found


def text_zone(page: Any, number: int, trim: Box, claim: Claim, limits: Limits) -> list[str]:
    """The safe zone: of each card on a card sheet, else of the page's trim."""
    cards = claim.cards
    if cards and cards.first <= number <= cards.last:
        return card_safe_zone(visible(page.chars), cards.cells(trim), limits.safe)
    return safe_zone(page, trim, limits)


def bleed_problems(page: Any, trim: Box, bleed: Box, limits: Limits) -> list[str]:
    """Filled artwork that reaches a trim edge must run into a bleed of the minimum width."""
    x0, y0, x1, y1 = trim
    need = limits.min_bleed - 0.01
    sides: dict[str, tuple[float, PdfTest, PdfTest]] = {
        "left": (x0 - bleed[0], lambda o: o["x0"] <= x0 + TOUCH and o["x1"] > x0,
                 lambda o: o["x0"] <= x0 - need),
        "right": (bleed[2] - x1, lambda o: o["x1"] >= x1 - TOUCH and o["x0"] < x1,
                  lambda o: o["x1"] >= x1 + need),
        "bottom": (y0 - bleed[1], lambda o: o["y0"] <= y0 + TOUCH and o["y1"] > y0,
                   lambda o: o["y0"] <= y0 - need),
        "top": (bleed[3] - y1, lambda o: o["y1"] >= y1 - TOUCH and o["y0"] < y1,
                lambda o: o["y1"] >= y1 + need)}
    art = [o for o in page.rects + page.curves if o.get("fill")
           and o["x1"] > x0 and o["x0"] < x1 and o["y1"] > y0 and o["y0"] < y1]
    found = []
    for side, (room, touches, runs_on) in sides.items():
        short = [o for o in art if touches(o) and not (room >= need and runs_on(o))]
        if short:
            why = "there is no bleed" if room < need else "it stops short of the bleed"
            found.append(f"artwork reaches the {side} trim edge but {why} (needs "
                         f"{limits.min_bleed / MM:g} mm)")
    return found


def image_problems(page: Any, limits: Limits) -> list[str]:
    found = []
    for (px_w, px_h), (width, height) in drawn_images(page):
        if width <= 0 or height <= 0 or not px_w or not px_h:
            continue
        ppi = min(px_w / (width / 72), px_h / (height / 72))
        if ppi < limits.min_ppi - PPI_SLACK:  # the rule of build's picture warning
            found.append(f"an image of {px_w}×{px_h} px prints at "
                         f"{shown_ppi(ppi, limits.min_ppi)} ppi (needs {limits.min_ppi:g})")
    return found


def drawn_images(page: Any) -> list[tuple[tuple[int, int], tuple[float, float]]]:
    """Each image's size in pixels and the size it is drawn at (points along its own
    edges, from the matrix it is drawn with: right also when it is turned)."""
    found = []

    def walk(item: Any, matrix: tuple[float, ...] | None) -> None:
        for child in getattr(item, "_objs", ()):
            if type(child).__name__ == "LTImage":
                px = tuple(child.srcsize) if child.srcsize else (0, 0)
                if matrix is None:  # an inline image: its box is all there is
                    found.append((px, (child.width, child.height)))
                else:
                    a, b, c, d = matrix[:4]
                    found.append((px, (math.hypot(a, b), math.hypot(c, d))))
            else:
                walk(child, getattr(child, "matrix", None))

    walk(page.layout, None)
    return found


def size_problems(pages: list[Any], claim: Claim, limits: Limits) -> list[str]:
    """Each page against the product the file claims: a deck (a file for a print shop or a
    PDF/X file, or a card sheet) is cut to one size, so every trim has the size most of them
    have; a shop's page is its trim and an even bleed; a card sheet's trim is a whole grid
    of its cards."""
    if not (claim.shop or claim.pdfx or claim.cards):
        return []
    trims = [effective_trim(page) for page in pages]
    sizes = [tuple(sorted((t[2] - t[0], t[3] - t[1]))) for t in trims]
    common = Counter(tuple(round(v / SAME) for v in s) for s in sizes).most_common(1)[0][0]
    at = next(i for i, s in enumerate(sizes) if tuple(round(v / SAME) for v in s) == common)
    usual = sizes[at]
    found = []
    for number, (trim, size) in enumerate(zip(trims, sizes, strict=True), 1):
        if max(abs(a - b) for a, b in zip(size, usual, strict=True)) > SAME:
            found.append(f"p{number}: trim {_mm(trim)}, where the file's other pages are "
                         f"{_mm(trims[at])}: every page of a deck is cut to one size")
        if claim.shop:
            found += [f"p{number}: {p}" for p in bleed_box_problems(pages[number - 1], trim,
                                                                       limits)]
        cards = claim.cards
        if cards and cards.first <= number <= cards.last and not cards.fits(trim):
            found.append(f"p{number}: trim {_mm(trim)} does not hold a whole grid of "
                         f"{cards.width / MM:.1f} × {cards.height / MM:.1f} mm cards "
                         f"{cards.gutter / MM:g} mm apart")
    return found


def bleed_box_problems(page: Any, trim: Box, limits: Limits) -> list[str]:
    """A shop's page is the trim and the bleed around it: as wide on every side, and at
    least the bleed the shop needs."""
    media = box_of(page, "/MediaBox") or trim
    sides = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    if min(sides) < limits.min_bleed - 0.01:
        return [f"the page holds {max(0.0, min(sides)) / MM:.1f} mm of bleed around the trim "
                f"(a print shop needs {limits.min_bleed / MM:g} mm on every side)"]
    if max(sides) - min(sides) > SAME:
        shown = ", ".join(f"{side} {v / MM:.1f}" for side, v in
                          zip(("left", "bottom", "right", "top"), sides, strict=True))
        return [f"the page is not its trim and an even bleed ({shown} mm around the trim)"]
    return []


def _mm(box: Box) -> str:
    return f"{(box[2] - box[0]) / MM:.1f} × {(box[3] - box[1]) / MM:.1f} mm"
