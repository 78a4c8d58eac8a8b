"""Preflight by what a PDF claims to be: PDF/X, a file for a print shop, a card sheet.

- A file that names a PDF/X version (Info `/GTS_PDFXVersion`), says it is for a print shop
  (keywords `printkit-shop …`), or is checked with `--target shop` must carry no RGB:
  no `rg`/`RG` operator, no RGB colour space (DeviceRGB, CalRGB, an ICC profile of three
  components) and no RGB image, on its pages and in the forms they draw.
- A PDF/X file must also carry a PDF/X OutputIntent with a CMYK output profile and say
  whether it is trapped (Trapped True or False).
- A card sheet (keywords `printkit-cards card=WxHmm gutter=Gmm pages=A-B`) holds a grid of
  cards of that size over each page's TrimBox; text is checked against each card's trim
  and safe zone, not against the sheet's.

Reads only with pypdf (structure) and the pdfplumber page it is handed (positions).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject

MM = 72 / 25.4
SHOP = re.compile(r"\bprintkit-shop\b")
CARDS = re.compile(r"\bprintkit-cards card=([\d.]+)x([\d.]+)mm gutter=([\d.]+)mm "
                   r"pages=(\d+)-(\d+)")
STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")
RGB_FAMILIES = {"/DeviceRGB", "/CalRGB"}
MAX_FORMS = 10_000  # forms followed per page at most (a hostile file cannot loop)

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Cards:
    """The card grid a sheet declares: card size as placed and gutter (points), pages."""

    width: float
    height: float
    gutter: float
    first: int
    last: int

    def cells(self, trim: Box) -> list[Box]:
        """The card trims of a page whose TrimBox holds the whole grid."""
        x0, y0, x1, y1 = trim
        pitch_x, pitch_y = self.width + self.gutter, self.height + self.gutter
        cols = max(1, round((x1 - x0 + self.gutter) / pitch_x))
        rows = max(1, round((y1 - y0 + self.gutter) / pitch_y))
        return [(x0 + c * pitch_x, y1 - r * pitch_y - self.height,
                 x0 + c * pitch_x + self.width, y1 - r * pitch_y)
                for r in range(rows) for c in range(cols)]


@dataclass(frozen=True)
class Claim:
    """What a PDF says it is for: a PDF/X version, a print shop, the card grid of its
    sheets."""

    pdfx: str = ""  # the PDF/X version named, if any
    shop: bool = False  # for a print shop (said by the file, or --target shop)
    cards: Cards | None = None


def read_claim(reader: PdfReader, target: str = "") -> Claim:
    """What the file says it is (or the target it is checked for: `shop`)."""
    info: Any = reader.metadata or {}
    keywords = str(info.get("/Keywords", ""))
    match = CARDS.search(keywords)
    cards = None
    if match:
        w, h, g = (float(match.group(i)) * MM for i in (1, 2, 3))
        cards = Cards(w, h, g, int(match.group(4)), int(match.group(5)))
    return Claim(str(info.get("/GTS_PDFXVersion", "")),
                 target == "shop" or bool(SHOP.search(keywords)), cards)


def claim_problems(reader: PdfReader, claim: Claim) -> list[str]:
    """Problems of the whole file against its claim."""
    found = []
    if claim.pdfx or claim.shop:
        uses = {number: rgb_uses(page) for number, page in enumerate(reader.pages, 1)}
        pages = [number for number, rgb in uses.items() if rgb]
        if pages:
            kinds = sorted(set().union(*uses.values()))
            found.append(f"RGB colour in {claim.pdfx or 'a file for a print shop'} on "
                         f"{len(pages)} of {len(uses)} pages (first p{pages[0]}; "
                         f"{', '.join(kinds)}): build it with --color cmyk")
    if claim.pdfx:
        found += pdfx_problems(reader, claim.pdfx)
    return found


def pdfx_problems(reader: PdfReader, version: str) -> list[str]:
    root: Any = reader.trailer["/Root"]
    intents = [i.get_object() for i in root.get("/OutputIntents", ArrayObject())]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    found = []
    if not pdfx:
        found.append(f"claims {version} but has no PDF/X OutputIntent")
    elif "/DestOutputProfile" in pdfx[0]:
        profile = pdfx[0]["/DestOutputProfile"].get_object()
        if profile.get("/N") != 4:
            found.append(f"claims {version} but its output profile is not CMYK")
    elif not pdfx[0].get("/OutputConditionIdentifier"):
        found.append(f"claims {version} but its OutputIntent names no printing condition")
    info: Any = reader.metadata or {}
    trapped = info.get("/Trapped")
    if trapped not in ("/True", "/False"):
        found.append(f"claims {version} but does not say whether it is trapped "
                     "(Trapped True or False)")
    return found


def rgb_uses(page: Any) -> set[str]:
    """How a page (and the forms it draws) uses RGB: operators, spaces, images."""
    found: set[str] = set()
    for code, resources in drawings(page):
        ops = {t for t in STRING.sub(b" ", code).split() if t in (b"rg", b"RG")}
        found |= {f"{op.decode()} operator" for op in ops}
        found |= rgb_resources(resources)
    return found


def drawings(page: Any) -> Iterator[tuple[bytes, Any]]:
    """The drawing code and resources of a page and of every form it reaches."""
    contents = page.get_contents()
    yield (contents.get_data() if contents is not None else b""), page.get("/Resources")
    todo: list[Any] = [page.get("/Resources")]
    seen: set[int] = set()
    while todo and len(seen) < MAX_FORMS:
        resources = todo.pop()
        if resources is None:
            continue
        for ref in (resources.get_object().get("/XObject") or DictionaryObject()).values():
            xobject = ref.get_object()
            if id(xobject) in seen or xobject.get("/Subtype") != "/Form":
                continue
            seen.add(id(xobject))
            yield xobject.get_data(), xobject.get("/Resources")
            todo.append(xobject.get("/Resources"))


def rgb_resources(resources: Any) -> set[str]:
    if resources is None:
        return set()
    resources = resources.get_object()
    found = set()
    for space in (resources.get("/ColorSpace") or DictionaryObject()).values():
        if is_rgb(space.get_object()):
            found.add("RGB colour space")
    for ref in (resources.get("/XObject") or DictionaryObject()).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Image" and is_rgb(xobject.get("/ColorSpace")):
            found.add("RGB image")
    return found


def is_rgb(space: Any) -> bool:
    """An RGB colour space, directly, as an ICC profile of 3 components, or as the base or
    alternate of an indexed, separation or DeviceN space."""
    if space is None:
        return False
    space = space.get_object()
    if not isinstance(space, ArrayObject):
        return str(space) in RGB_FAMILIES
    family = space[0]
    if family in RGB_FAMILIES:
        return True
    if family == "/ICCBased":
        return bool(space[1].get_object().get("/N") == 3)
    if family == "/Indexed":
        return is_rgb(space[1])
    if family in ("/Separation", "/DeviceN"):
        return is_rgb(space[2])
    return False


def card_safe_zone(chars: list[dict[str, Any]], cells: list[Box], safe: float) -> list[str]:
    """Text of a card sheet against each card: off every card (in a gutter or the sheet
    margin), or on a card but within `safe` of its trim."""
    off, near = [], []
    for c in chars:
        cell = next((b for b in cells if b[0] - 0.01 <= c["x0"] and c["x1"] <= b[2] + 0.01
                     and b[1] - 0.01 <= c["y0"] and c["y1"] <= b[3] + 0.01), None)
        if cell is None:
            off.append(c)
        elif (c["x0"] < cell[0] + safe or c["x1"] > cell[2] - safe
              or c["y0"] < cell[1] + safe or c["y1"] > cell[3] - safe):
            near.append(c)
    found = []
    if off:
        found.append(f"{len(off)} characters run off their card's trim: "
                     f"'{''.join(c['text'] for c in off[:24])}'")
    if near:
        found.append(f"{len(near)} characters within {safe / MM:g} mm of their card's trim "
                     f"(outside the card's safe zone): '{''.join(c['text'] for c in near[:24])}'")
    return found
