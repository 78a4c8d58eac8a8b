"""Preflight: check finished PDFs from outside, as a print shop would.

Per page: the boxes (a TrimBox, MediaBox ⊇ BleedBox ⊇ TrimBox, bleed wherever artwork
reaches the trim), fonts (every font embedded; the base-14 fonts never are), the smallest
text, text inside the safe zone, and the effective resolution of images. Works on any PDF
(pypdf for the structure, pdfplumber for positions); it never imports the PDF writer.

Tiles of a larger sheet (declared in the keywords as `printkit-tiles … pages=A-B`) are cut
on their seams, not on a trim of their own: their safe zone and bleed are those of the
one-sheet original, so those two checks are skipped on them (with a note).
"""

from __future__ import annotations

import math
import os
import pickle
import re
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader
from pypdf.errors import PdfReadError

from printkit.claims import Claim, card_safe_zone, claim_problems, read_claim
from printkit.errors import PrintkitError
from printkit.units import MM

PdfTest = Callable[[dict[str, Any]], bool]  # a test of one of pdfplumber's objects

BASE14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
          "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
          "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}
TOUCH = 0.5  # points: artwork this close to a trim edge touches it
TILES = re.compile(r"printkit-tiles\b.*?\bpages=(\d{1,9})-(\d{1,9})\b")

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Limits:
    """What preflight holds a PDF to: safe area, smallest text, resolution, bleed."""

    safe: float = 3 * MM        # text stays this far inside the trim
    min_size: float = 6.0       # points
    min_ppi: float = 300.0
    min_bleed: float = 3 * MM   # artwork that reaches the trim runs this far past it


@dataclass
class Report:
    """What preflight found in one PDF."""

    pages: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


MAX_PAGES = 10_000  # pages of one file (a card deck of 10 000 cards has fewer sheets)
MAX_DRAWING = 8 * 2**20  # bytes of drawing per page, unpacked (printkit's pages: < 50 KB)
MAX_FORMS = 2_000  # form XObjects per file, and MAX_NESTING of them inside each other
MAX_NESTING = 32
MAX_SIDE = 200 * 72  # points: PDF pages are at most 200 inches (PDF 1.7, annex C)
MEMORY = 1024  # MB a check may use on top of what printkit uses already
SECONDS = 60  # CPU seconds a check may take per file


class Unjudged(Exception):  # noqa: N818 (a verdict, not an error of printkit)
    """A PDF preflight cannot judge: the one-line reason."""


def check_pdf(path: Path, limits: Limits = Limits(), target: str = "") -> Report:
    """Every print problem of one PDF; raises PrintkitError (one line) if it cannot be read
    or judged. With target `shop` it is judged as a file for a print shop whatever it says
    it is. Where processes can be forked, the file is checked in a process of its own
    with at most MEMORY MB and SECONDS s: a hostile PDF cannot exhaust the machine."""
    if path.exists() and not path.is_file():  # a pipe would wait, /dev/zero never end
        raise PrintkitError(f"{path}: not a readable PDF (not a regular file)")
    result = apart(lambda: judged(path, limits, target)) if hasattr(os, "fork") else \
        judged(path, limits, target)
    if isinstance(result, str):
        raise PrintkitError(f"{path}: {result}")
    return result


def judged(path: Path, limits: Limits, target: str = "") -> Report | str:
    """The report of one file, or why it cannot be judged."""
    try:
        return check_pages(path, limits, target)
    except (OSError, PdfReadError) as exc:
        return f"not a readable PDF ({exc})"
    except Unjudged as exc:
        return f"cannot judge this PDF: {exc}"
    except Exception as exc:  # a malformed PDF can break the readers anywhere
        causes = _causes(exc)
        # out of memory: a MemoryError, or C code failing without one (SystemError)
        if any(isinstance(e, (MemoryError, SystemError)) for e in causes):
            return f"cannot judge this PDF: it needs more than {MEMORY} MB"
        if any(isinstance(e, RecursionError) for e in causes):
            return "cannot judge this PDF: its objects are nested too deeply"
        return f"cannot judge this PDF: malformed ({exc.__class__.__name__}: {exc})"[:300]


def _causes(exc: BaseException) -> list[BaseException]:
    """An exception and those it was raised from (pdfminer wraps a MemoryError)."""
    found: list[BaseException] = []
    while exc is not None and len(found) < 20:
        found.append(exc)
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return found


def apart(run: Callable[[], Report | str]) -> Report | str:
    """run() in a forked process bounded to MEMORY MB more than now and SECONDS of CPU."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read)
            quiet = os.open(os.devnull, os.O_WRONLY)  # the readers' warnings are not verdicts
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            bound_child()
            data = pickle.dumps(run())
            with os.fdopen(write, "wb") as fh:
                fh.write(data)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        data = fh.read()
    _, status = os.waitpid(pid, 0)
    if data and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        result: Report | str = pickle.loads(data)
        return result
    return f"cannot judge this PDF: it needs more than {MEMORY} MB or {SECONDS} s"


def bound_child() -> None:
    import resource  # POSIX only, as fork is

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    with open("/proc/self/statm", "rb") as fh:
        now = int(fh.read().split()[0]) * resource.getpagesize()
    memory = now + MEMORY * 2**20
    for limit, wanted in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, SECONDS)):
        hard = resource.getrlimit(limit)[1]  # a lower limit set from outside stays
        wanted = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(limit, (wanted, wanted))


def check_pages(path: Path, limits: Limits, target: str = "") -> Report:
    """Every print problem of one PDF (Unjudged if it is beyond preflight's bounds)."""
    reader = PdfReader(path)
    pages = reader.pages
    count = len(pages)
    if count > MAX_PAGES:
        raise Unjudged(f"{count} pages; preflight judges files of up to {MAX_PAGES}")
    report = Report(count)
    tiles = tile_pages(reader, count)
    claim = read_claim(reader, target)
    report.problems += claim_problems(reader, claim)
    fonts: dict[str, str] = {}
    for number, page in enumerate(pages, 1):
        check_bounds(page, number)
        report.problems += [f"p{number}: {p}" for p in box_problems(page)]
        collect_fonts(page.get("/Resources"), fonts)
    for name, problem in sorted(fonts.items()):
        if problem:
            report.problems.append(f"font {name}: {problem}")
    with pdfplumber.open(path) as pdf:
        for number, drawn in enumerate(pdf.pages, 1):
            trim = effective_trim(pages[number - 1])
            bleed = box_of(pages[number - 1], "/BleedBox") or trim
            found = text_size(drawn, limits) + image_problems(drawn, limits)
            if number in tiles:
                report.notes.append(f"p{number}: a tile: safe zone and bleed are checked on "
                                    "the one-sheet original")
            else:
                found += text_zone(drawn, number, trim, claim, limits) + bleed_problems(
                    drawn, trim, bleed, limits)
            report.problems += [f"p{number}: {p}" for p in found]
    return report


def check_bounds(page: Any, number: int) -> None:
    """A page preflight can judge: every box four finite numbers and at most 200 inches,
    a MediaBox, and at most MAX_DRAWING bytes of drawing."""
    for key in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox"):
        box = box_of(page, key)
        if box is not None and max(box[2] - box[0], box[3] - box[1]) > MAX_SIDE:
            raise Unjudged(f"p{number}: the {key[1:]} is over 200 inches (PDF's limit)")
    if box_of(page, "/MediaBox") is None:
        raise Unjudged(f"p{number}: no MediaBox (a page without a size)")
    contents = page.get_contents()
    size = len(contents.get_data()) if contents is not None else 0
    if size > MAX_DRAWING:
        raise Unjudged(f"p{number}: {size / 2**20:.0f} MB of drawing; preflight judges up "
                       f"to {MAX_DRAWING // 2**20} MB a page")


def tile_pages(reader: PdfReader, count: int) -> set[int]:
    """The pages the keywords declare tiles (only pages the file has)."""
    keywords = str(reader.metadata.get("/Keywords", "") if reader.metadata else "")[:10_000]
    match = TILES.search(keywords)
    if not match:
        return set()
    first, last = int(match.group(1)), int(match.group(2))
    return set(range(max(1, first), min(last, count) + 1))


INHERITED = ("/MediaBox", "/CropBox")  # a page takes these from its parents when it has none


def box_of(page: Any, key: str) -> Box | None:
    """A page box as given in the file (None when absent: defaults do not count)."""
    node, depth = page, 0
    while key not in node and key in INHERITED and "/Parent" in node and depth < MAX_NESTING:
        node, depth = node["/Parent"].get_object(), depth + 1
        if not isinstance(node, dict):
            raise Unjudged("a page whose parent is not a dictionary")
    if key not in node:
        return None
    value = node[key]
    value = value.get_object() if hasattr(value, "get_object") else value
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError):
        raise Unjudged(f"the {key[1:]} is not four numbers") from None
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        raise Unjudged(f"the {key[1:]} is not four finite numbers")
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def effective_trim(page: Any) -> Box:
    """The TrimBox, or what a reader takes instead: the CropBox, else the MediaBox."""
    for key in ("/TrimBox", "/CropBox", "/MediaBox"):
        box = box_of(page, key)
        if box is not None:
            return box
    raise Unjudged("a page without a MediaBox")


def contains(outer: Box, inner: Box, tol: float = 0.01) -> bool:
    return (outer[0] <= inner[0] + tol and outer[1] <= inner[1] + tol
            and outer[2] >= inner[2] - tol and outer[3] >= inner[3] - tol)


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


def collect_fonts(resources: Any, fonts: dict[str, str]) -> None:
    """Every font of a resource dictionary and of its forms: name -> problem ('' if none).

    Forms are followed in a loop, at most MAX_FORMS of them and MAX_NESTING deep."""
    stack, seen = [(resources, 0)], set()
    while stack:
        resources, depth = stack.pop()
        if resources is None:
            continue
        key = _identity(resources)
        resources = resources.get_object()
        if key in seen or not isinstance(resources, dict):
            continue
        seen.add(key)
        if len(seen) > MAX_FORMS or depth > MAX_NESTING:
            raise Unjudged(f"more than {MAX_FORMS} forms, or forms nested over "
                           f"{MAX_NESTING} deep")
        for font in _dict(resources.get("/Font")).values():
            font = font.get_object()
            if not isinstance(font, dict):
                raise Unjudged("a font that is not a dictionary")
            name = str(font.get("/BaseFont", "(unnamed)")).lstrip("/")
            fonts[name] = fonts.get(name) or font_problem(font, name)
        for xobject in _dict(resources.get("/XObject")).values():
            form = xobject.get_object()
            if isinstance(form, dict) and form.get("/Subtype") == "/Form":
                stack.append((form.get("/Resources"), depth + 1))


def _identity(value: Any) -> object:
    """An indirect object by its number (the same object read twice is one), else by id."""
    ref = getattr(value, "indirect_reference", None) or value
    return (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(value)


def _dict(value: Any) -> dict[str, Any]:
    value = value.get_object() if value is not None else None
    if value is not None and not isinstance(value, dict):
        raise Unjudged("a resource list that is not a dictionary")
    return value or {}


def font_problem(font: Any, name: str) -> str:
    if font.get("/Subtype") == "/Type3":
        return ""
    if font.get("/Subtype") == "/Type0":
        descendants = font.get("/DescendantFonts")
        descendants = descendants.get_object() if descendants is not None else None
        if not isinstance(descendants, list) or not descendants or \
                not isinstance(descendants[0].get_object(), dict):
            raise Unjudged(f"font {name}: a Type0 font without its descendant font")
        font = descendants[0].get_object()
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if not isinstance(descriptor, dict):
        raise Unjudged(f"font {name}: a font descriptor that is not a dictionary")
    if any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        return ""
    if name.split("+")[-1] in BASE14:
        return "not embedded (a base-14 font: the printer substitutes its own)"
    return "not embedded"


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
    return [f"{len(small)} characters smaller than {limits.min_size:g} pt (smallest "
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
        found.append(f"{len(off)} characters run off the trim: '{sample(off)}'")
    if near:
        found.append(f"{len(near)} characters within {s / MM:g} mm of the trim (outside the "
                     f"safe zone): '{sample(near)}'")
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
        if ppi < limits.min_ppi - 0.5:
            found.append(f"an image of {px_w}×{px_h} px prints at {ppi:.0f} ppi (needs "
                         f"{limits.min_ppi:g})")
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
