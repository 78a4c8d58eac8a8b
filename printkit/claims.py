"""Preflight by what a PDF claims to be: PDF/X, a file for a print shop, a card sheet.

- A file that names a PDF/X version (Info `/GTS_PDFXVersion`), says it is for a print shop
  (keywords `printkit-shop …`), or is checked with `--target shop` must carry no RGB:
  no `rg`/`RG` operator, no RGB colour space (DeviceRGB, CalRGB, an ICC profile of three
  components) and no RGB image, on its pages and in the forms they draw; a PDF/X-1a file or
  a shop file no Lab colour either (Lab, or an ICC profile of Lab).
- A PDF/X file must also carry a PDF/X OutputIntent with a CMYK output profile, say
  whether it is trapped (Trapped True or False), and name its version with the keys its
  standard gives (PDF/X-1a:2003: `GTS_PDFXVersion (PDF/X-1a:2003)`; PDF/X-1a:2001:
  `GTS_PDFXVersion (PDF/X-1:2001)` and `GTS_PDFXConformance (PDF/X-1a:2001)`).
- A shop file states its ink limit in its keywords (`ink=300%`); 330 % (FOGRA39) when it
  states none.
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

from printkit import keywords as declared

MM = 72 / 25.4
INLINE_RGB = re.compile(rb"\bBI\s(?:(?!\bID\s).){0,400}?/(?:CS|ColorSpace)\s*/(?:RGB|DeviceRGB|"
                        rb"CalRGB)\b", re.DOTALL)  # an inline image's dictionary
STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")
RGB_FAMILIES = {"/DeviceRGB", "/CalRGB"}
INK_LIMIT = 330.0  # percent: FOGRA39's, when a file states none
# GTS_PDFXVersion -> the GTS_PDFXConformance its standard gives ("" for none)
PDFX_KEYS = {"PDF/X-1a:2003": "", "PDF/X-3:2002": "", "PDF/X-3:2003": "", "PDF/X-2:2003": "",
             "PDF/X-4": "", "PDF/X-4p": "", "PDF/X-5g": "", "PDF/X-5n": "", "PDF/X-5pg": "",
             "PDF/X-6": "", "PDF/X-6n": "", "PDF/X-6p": "",
             "PDF/X-1:2001": "PDF/X-1a:2001"}
OPAQUE = ("PDF/X-1a", "PDF/X-3")  # standards that allow no transparency
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

    def fits(self, trim: Box) -> bool:
        """Whether a TrimBox holds a whole grid of these cards (within 0.5 pt)."""
        cells = self.cells(trim)
        width = max(c[2] for c in cells) - trim[0]
        height = trim[3] - min(c[1] for c in cells)
        return abs(width - (trim[2] - trim[0])) <= 0.5 and abs(
            height - (trim[3] - trim[1])) <= 0.5

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
    conformance: str = ""  # GTS_PDFXConformance, if any
    ink_limit: float = INK_LIMIT  # percent, C + M + Y + K
    printkit: bool = False  # made by printkit (its creator or its keywords say so)

    @property
    def standard(self) -> str:
        """The PDF/X standard claimed: PDF/X-1a:2001 names its level in the conformance (and
        so does a file whose version key names no version but whose conformance key does)."""
        if self.pdfx == "PDF/X-1:2001" or (self.pdfx not in PDFX_KEYS and self.conformance):
            return self.conformance
        return self.pdfx

    @property
    def opaque(self) -> bool:
        """Whether the standard claimed allows no transparency (PDF/X-1a, PDF/X-3)."""
        return self.standard.startswith(OPAQUE)

    @property
    def cmyk_only(self) -> bool:
        """Whether the claim allows no RGB and no Lab: PDF/X-1a or a file for a shop."""
        return self.shop or self.standard.startswith("PDF/X-1a")


def read_claim(reader: PdfReader, target: str = "") -> Claim:
    """What the file says it is (or the target it is checked for: `shop`)."""
    info: Any = reader.metadata or {}
    keywords = str(info.get("/Keywords", ""))[:10_000]
    grid = declared.card_grid(keywords)
    ink = declared.ink_limit(keywords)
    made = any(str(info.get(key, "")).startswith("printkit") for key in ("/Creator", "/Author"))
    return Claim(str(info.get("/GTS_PDFXVersion", "")),
                 target == "shop" or declared.for_shop(keywords),
                 Cards(*grid) if grid else None, str(info.get("/GTS_PDFXConformance", "")),
                 ink if ink is not None else INK_LIMIT, made or "printkit-" in keywords)


def claim_problems(reader: PdfReader, claim: Claim) -> list[str]:
    """Problems of the whole file against its claim."""
    found = []
    if claim.pdfx or claim.shop:
        uses = {number: colour_uses(page, claim.cmyk_only)
                for number, page in enumerate(reader.pages, 1)}
        what = claim.pdfx or "a file for a print shop"
        fix = "build it with --color cmyk" if claim.printkit else "convert it to CMYK"
        for kind in ("RGB", "Lab"):
            pages = [n for n, used in uses.items() if any(u[0] == kind for u in used)]
            if pages:
                hows = sorted({u[1] for n in pages for u in uses[n] if u[0] == kind})
                found.append(f"{kind} colour in {what} on {len(pages)} of {len(uses)} "
                             f"pages (first p{pages[0]}; {', '.join(hows)}): {fix}")
    if claim.pdfx:
        found += pdfx_problems(reader, claim)
    return found


def pdfx_problems(reader: PdfReader, claim: Claim) -> list[str]:
    version = claim.pdfx
    root: Any = reader.trailer["/Root"]
    intents = [i.get_object() for i in root.get("/OutputIntents", ArrayObject())]
    pdfx = [i for i in intents if isinstance(i, dict) and i.get("/S") == "/GTS_PDFX"]
    found = key_problems(claim)
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


def key_problems(claim: Claim) -> list[str]:
    """The Info keys that name the PDF/X version, against the keys its standard gives."""
    version, conformance = claim.pdfx, claim.conformance
    if version not in PDFX_KEYS:
        return [f"GTS_PDFXVersion '{version[:40]}' names no PDF/X version (PDF/X-1a:2003 "
                "is named 'PDF/X-1a:2003'; PDF/X-1a:2001 'PDF/X-1:2001' with "
                "GTS_PDFXConformance 'PDF/X-1a:2001')"]
    wanted = PDFX_KEYS[version]
    if wanted and conformance != wanted:
        return [f"GTS_PDFXVersion '{version}' needs GTS_PDFXConformance '{wanted}' "
                f"(it has {repr(conformance[:40]) if conformance else 'none'})"]
    if not wanted and conformance and conformance != version:
        return [f"GTS_PDFXConformance '{conformance[:40]}' does not belong to "
                f"GTS_PDFXVersion '{version}'"]
    return []


def colour_uses(page: Any, cmyk_only: bool) -> set[tuple[str, str]]:
    """How a page (and the forms it draws) uses colour a CMYK-only file may not hold:
    (RGB or Lab, how: an operator, a colour space, an image). Lab only if `cmyk_only`."""
    found: set[tuple[str, str]] = set()
    for code, resources in drawings(page):
        tokens = set(STRING.sub(b" ", code).split())
        found |= {("RGB", f"{op.decode()} operator") for op in tokens & {b"rg", b"RG"}}
        found |= {("RGB", "DeviceRGB colour space") for _ in tokens & {b"/DeviceRGB"}}
        if INLINE_RGB.search(code):
            found.add(("RGB", "RGB inline image"))
        found |= colour_resources(resources)
    return {use for use in found if cmyk_only or use[0] == "RGB"}


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


def colour_resources(resources: Any) -> set[tuple[str, str]]:
    if resources is None:
        return set()
    resources = resources.get_object()
    found = set()
    for space in (resources.get("/ColorSpace") or DictionaryObject()).values():
        if kind := colour_kind(space.get_object()):
            found.add((kind, f"{kind} colour space"))
    for ref in (resources.get("/XObject") or DictionaryObject()).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Image" and (kind := colour_kind(
                xobject.get("/ColorSpace"))):
            found.add((kind, f"{kind} image"))
    return found


def colour_kind(space: Any, depth: int = 0) -> str:
    """RGB or Lab for such a colour space: directly, as an ICC profile (3 components: RGB
    or Lab, as its header says), or as the base or alternate of an indexed, separation or
    DeviceN space; "" for any other."""
    if space is None or depth > 8:
        return ""
    space = space.get_object()
    if not isinstance(space, ArrayObject):
        return "RGB" if str(space) in RGB_FAMILIES else "Lab" if space == "/Lab" else ""
    family = space[0] if space else None
    if family in RGB_FAMILIES:
        return "RGB"
    if family == "/Lab":
        return "Lab"
    if family == "/ICCBased" and len(space) > 1:
        profile = space[1].get_object()
        if profile.get("/N") != 3:
            return ""
        return "Lab" if profile.get("/Alternate") == "/Lab" or icc_space(profile) == b"Lab " \
            else "RGB"
    if family == "/Indexed" and len(space) > 1:
        return colour_kind(space[1], depth + 1)
    if family in ("/Separation", "/DeviceN") and len(space) > 2:
        return colour_kind(space[2], depth + 1)
    return ""


def icc_space(profile: Any) -> bytes:
    """The data colour space an ICC profile's header names (bytes 16-19)."""
    try:
        return bytes(profile.get_data()[16:20])
    except Exception:  # a profile that cannot be read is not Lab by its header
        return b""


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
        runs = "runs" if len(off) == 1 else "run"
        found.append(f"{len(off)} character{'s' if len(off) != 1 else ''} {runs} off their "
                     f"card's trim: '{''.join(c['text'] for c in off[:24])}'")
    if near:
        found.append(f"{len(near)} character{'s' if len(near) != 1 else ''} within "
                     f"{safe / MM:g} mm of their card's trim (outside the card's safe zone): "
                     f"'{''.join(c['text'] for c in near[:24])}'")
    return found
