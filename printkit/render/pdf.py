"""Draw a `Document` with reportlab: embedded subset TrueType fonts, page boxes, and
byte-reproducible output (invariant mode).

Pages are read one at a time (a deck's are laid out as they are read) and each page's
content is compressed as soon as it is finished, so a long document costs little more
memory than its compressed size.
"""

from __future__ import annotations

import io
import os
import re
import zlib
from dataclasses import dataclass
from itertools import chain

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from printkit.colour.convert import FILL, HAIRLINE, HAIRLINE_WIDTH, MAX_INK, TEXT, line_use
from printkit.errors import PrintkitError
from printkit.impose.page import Document, Page
from printkit.layout.fonts import ROLES, SHY, font_name, font_path
from printkit.layout.ops import Circle, Group, Image, Line, Op, Polygon, Rect, Text
from printkit.render.fonts import SubsetFont
from printkit.render.inks import Inks, solid_black
from printkit.render.pdfx import (
    OVERPRINT_OFF,
    OVERPRINT_ON,
    PrintCanvas,
    mark_pdfx,
    with_content_id,
)

SAFE_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")


def register_fonts() -> None:
    """Register every font in use with reportlab (before forking workers, so that each
    starts with them)."""
    for role in ROLES:
        register(role)


def register(role: str) -> str:
    """The name of a role's font, registered with reportlab when first needed (a file is
    parsed once per process, and only if some text is set in it)."""
    name = font_name(role)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(SubsetFont(name, str(font_path(role))))
    return name


class PictureReader(ImageReader):  # type: ignore[misc]
    """A prepared picture for reportlab: its colours (RGB or CMYK) and its alpha channel
    as a soft mask (reportlab itself keeps alpha only for RGB pictures); with a `ground`,
    opaque: laid on that colour (PDF/X-1a)."""

    def __init__(self, path: str, cmyk: bool, ground: str | None = None,
                 ink_limit: float = MAX_INK):
        from printkit.render.images import prepared  # Pillow: only for a picture

        picture = prepared(path, cmyk, ground, ink_limit)
        super().__init__(picture.colours)
        self.alpha = picture.alpha
        self.deepest = picture.deepest

    def getRGBData(self) -> bytes:  # noqa: N802 (the library's own method name)
        data: bytes = super().getRGBData()
        if self.alpha is not None:
            self._dataA = ImageReader(self.alpha)
        return data


@dataclass(frozen=True)
class Form:
    """Artwork drawn once as a form XObject: its name, the colour under it when it was
    drawn, the most colour it paints, and whether black text in it overprints."""

    name: str
    ground: int
    deepest: int
    overprints: bool


class Painter:
    """Draws ops on one canvas; colours as RGB, or CMYK when `cmyk` is set (see
    printkit.render.inks). In CMYK, solid black text overprints (it leaves the colour band
    it stands on, so a misregistered plate shows no white fringe) and every other fill
    knocks out, unless the black on top of what is painted under it could exceed the ink
    limit: the painter keeps the most C + M + Y painted on the page so far (`ground`), and
    black text on more than the limit leaves room for knocks out.

    Graphics state (colours, line width, dash, font) is set only when it changes, within
    each saveState/restoreState level, and runs of lines with the same pen are stroked
    as one path (crop marks, table rules).
    """

    def __init__(self, canvas: Canvas, cmyk: bool = False, opaque: bool = False,
                 ink_limit: float = MAX_INK):
        self.c = canvas
        self.cmyk = cmyk
        self.opaque = opaque  # PDF/X-1a: no soft masks; pictures filled on their ground
        self.inks = Inks(cmyk, ink_limit)
        self.room = int(ink_limit * 255 / 100 + 1e-9) - 255  # C + M + Y black may cover
        self.forms: dict[str, Form] = {}
        self.state: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []
        self.ground = 0  # the most C + M + Y painted on this page so far
        self.overprinted = 0  # black texts set to overprint

    def new_page(self) -> None:
        self.forget()
        self.ground = 0

    def _paint(self, colour: str, use: str) -> Color:
        """The canvas colour, counted as painted on the page."""
        self.ground = max(self.ground, self.inks.colour_ink(colour, use))
        return self.inks(colour, use)

    # graphics state, set only when it changes ----------------------------------------

    def _set(self, key: str, value: object) -> bool:
        if self.state.get(key, self) == value:
            return False
        self.state[key] = value
        return True

    def fill(self, colour: str, use: str = FILL) -> None:
        if self._set("fill", (colour, use)):
            self.c.setFillColor(self._paint(colour, use))
        else:
            self._paint(colour, use)
        if self.cmyk:
            black = use == TEXT and solid_black(self.inks(colour, use))
            on = black and self.ground <= self.room
            self.overprinted += on
            self.overprint(on)

    def overprint(self, on: bool) -> None:
        """Fill overprint on or off (the canvas's graphics states, CMYK only)."""
        if self._set("overprint", on):
            self.c.addLiteral(f"/{OVERPRINT_ON if on else OVERPRINT_OFF} gs")

    def pen(self, colour: str, width: float, dash: tuple[float, ...] = ()) -> None:
        use = line_use(width)
        if self._set("stroke", (colour, use)):
            self.c.setStrokeColor(self._paint(colour, use))
        if self._set("width", width):
            self.c.setLineWidth(width)
        if self._set("dash", dash):
            self.c.setDash(list(dash))

    def font(self, role: str, size: float) -> None:
        name = font_name(role)
        if self._set("font", (name, size)):
            self.c.setFont(register(role), size)

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.state))

    def restore(self) -> None:
        self.c.restoreState()
        self.state = self.saved.pop()

    def forget(self) -> None:
        """The state is unknown (a new page, or a form drawn anywhere)."""
        self.state = {}

    # ops ------------------------------------------------------------------------------

    def draw(self, ops: tuple[Op, ...]) -> None:
        i, n = 0, len(ops)
        while i < n:
            op = ops[i]
            if type(op) is Line:
                j = i + 1
                run = [op]
                while (j < n and type(nxt := ops[j]) is Line and nxt.colour == op.colour
                       and nxt.width == op.width):
                    run.append(nxt)
                    j += 1
                self.draw_lines(tuple(run))
                i = j
            else:
                getattr(self, "draw_" + type(op).__name__.lower())(op)
                i += 1

    def draw_rect(self, op: Rect) -> None:
        """A rectangle; one thinner than a hairline is a rule drawn as a box (a table's
        rule) and prints as a hairline does."""
        if op.fill:
            thin = min(abs(op.w), abs(op.h)) < HAIRLINE_WIDTH
            self.fill(op.fill, HAIRLINE if thin else FILL)
        if op.stroke:
            self.pen(op.stroke, op.width, op.dash)
        self.c.rect(op.x, op.y, op.w, op.h, stroke=1 if op.stroke else 0,
                    fill=1 if op.fill else 0)

    def draw_lines(self, lines: tuple[Line, ...]) -> None:
        """Lines with the same colour and width, stroked as one path."""
        self.pen(lines[0].colour, lines[0].width)
        path = self.c.beginPath()
        for line in lines:
            path.moveTo(line.x1, line.y1)
            path.lineTo(line.x2, line.y2)
        self.c.drawPath(path, stroke=1, fill=0)

    def draw_circle(self, op: Circle) -> None:
        if op.fill:
            self.fill(op.fill)
        if op.stroke:
            self.pen(op.stroke, op.width)
        self.c.circle(op.x, op.y, op.r, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)

    def draw_polygon(self, op: Polygon) -> None:
        if op.fill:
            self.fill(op.fill)
        if op.stroke:
            self.pen(op.stroke, op.width)
        path = self.c.beginPath()
        path.moveTo(*op.points[0])
        for x, y in op.points[1:]:
            path.lineTo(x, y)
        path.close()
        self.c.drawPath(path, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)

    def draw_text(self, op: Text) -> None:
        """A line of text; a soft hyphen left in it is a break point not taken, which
        prints as nothing (layout measures it so)."""
        c = self.c
        self.font(op.font, op.size)
        self.fill(op.colour, TEXT)
        text = op.text.replace(SHY, "")
        if op.align == "centre":
            c.drawCentredString(op.x, op.y, text)
        elif op.align == "right":
            c.drawRightString(op.x, op.y, text)
        else:
            c.drawString(op.x, op.y, text)

    def draw_image(self, op: Image) -> None:
        """A picture: one image XObject per file in the PDF (reportlab embeds equal
        pixels once, by their digest), its alpha channel as a soft mask."""
        ground = op.ground if self.opaque else None
        picture = PictureReader(op.path, self.cmyk, ground, self.inks.ink_limit)
        self.ground = max(self.ground, picture.deepest)
        self.c.drawImage(picture, op.x, op.y, op.w, op.h, mask="auto")

    def draw_group(self, op: Group) -> None:
        """Ops through a transform. Artwork marked for reuse becomes a form XObject (drawn
        once, its BBox the group's clip); another keyed group (a placed card) is drawn in
        place as a marked-content item named by its key, so the PDF still tells items
        apart; other groups are clipped with a clipping path. Reused artwork whose black
        text overprints is drawn in place where the colour under it leaves the black too
        little room."""
        c = self.c
        self.save()
        c.transform(*op.matrix)
        made = self.forms.get(op.key)
        if op.reuse and op.key and not (made and self.too_deep_for(made)):
            form = self.form(op)
            if self.cmyk:
                self.overprint(False)  # a form starts from the state it is drawn in
            c.doForm(form.name)
            self.ground = max(self.ground, form.deepest)
        else:
            if op.key:
                c.addLiteral(f"/Item <</Name ({pdf_string(op.key)})>> BDC")
            if op.clip:
                path = c.beginPath()
                path.rect(*op.clip)
                c.clipPath(path, stroke=0, fill=0)
            self.draw(op.ops)
            if op.key:
                c.addLiteral("EMC")
        self.restore()

    def too_deep_for(self, form: Form) -> bool:
        """Whether the form's overprinting black would stand on more colour here than
        where it was drawn, and more than the ink limit leaves room for."""
        return form.overprints and self.ground > form.ground and self.ground > self.room

    def form(self, op: Group) -> Form:
        """Draw repeated artwork once as a form XObject (named by its key itself when it
        is a plain name, so placed items can be told apart in the PDF)."""
        made = self.forms.get(op.key)
        if made is None:
            name = op.key if SAFE_NAME.fullmatch(op.key) else f"F{len(self.forms)}"
            x, y, w, h = op.clip or (-5000, -5000, 10000, 10000)
            outside, ground, overprinted = self.state, self.ground, self.overprinted
            self.forget()
            self.c.beginForm(name, x, y, x + w, y + h)
            self.draw(op.ops)
            self.c.endForm()
            made = self.forms[op.key] = Form(name, ground, self.ground,
                                             self.overprinted > overprinted)
            self.state = outside
        return made


def render(doc: Document, cmyk: bool = False, pdfx: bool = False,
           ink_limit: float = MAX_INK) -> bytes:
    """The PDF file of a document, its pages read once each, in order; in CMYK with at
    most `ink_limit` % ink anywhere; with `pdfx` (CMYK only) a PDF/X-1a:2003 file (see
    printkit.render.pdfx).

    The file's dates are reportlab's fixed invariant date whatever SOURCE_DATE_EPOCH
    says: the bytes never depend on the environment (and a malformed value cannot break
    a build). Streams are Flate-compressed only (reportlab would wrap images and forms
    in ASCII85 as well, a quarter larger for nothing); the file's ID is a digest of its
    own bytes."""
    if pdfx and not cmyk:
        raise ValueError("PDF/X-1a is CMYK only")
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    ascii85, rl_config.useA85 = rl_config.useA85, 0
    try:
        return with_content_id(_render(doc, cmyk, pdfx, ink_limit))
    finally:
        rl_config.useA85 = ascii85
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def _render(doc: Document, cmyk: bool, pdfx: bool, ink_limit: float) -> bytes:
    register("regular")  # the canvas starts in it
    buffer = io.BytesIO()
    pages = iter(doc.pages)
    first = next(pages)
    canvas = PrintCanvas(buffer, pagesize=(first.width, first.height), invariant=1,
                         initialFontName=font_name("regular"), initialFontSize=9,
                         pageCompression=1, lang=doc.lang)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setCreator(doc.creator)
    canvas.setAuthor(doc.creator)
    if doc.keywords:
        canvas.setKeywords(doc.keywords)
    canvas.overprint = cmyk
    if pdfx:
        mark_pdfx(canvas)
    painter = Painter(canvas, cmyk, opaque=pdfx, ink_limit=ink_limit)
    for page in chain((first,), pages):
        draw_page(canvas, painter, page)
    canvas.save()
    return buffer.getvalue()


def pdf_string(text: str) -> str:
    """Text for a PDF literal string: backslashes and parentheses escaped."""
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


MAX_PAGE = 200 * 72  # points: PDF's largest page, 200 inches (viewers refuse larger)


def draw_page(canvas: Canvas, painter: Painter, page: Page) -> None:
    if not 0 < max(page.width, page.height) <= MAX_PAGE:
        raise PrintkitError(f"a page of {page.width / 72 * 25.4:.0f} × "
                            f"{page.height / 72 * 25.4:.0f} mm: PDF pages are at most 200 "
                            "inches (5080 mm); choose a smaller paper, card or bleed in the "
                            "print settings")
    canvas.setPageSize((page.width, page.height))
    media = (0, 0, page.width, page.height)
    canvas.setTrimBox(page.trim or media)
    canvas.setBleedBox(page.bleed or page.trim or media)
    painter.new_page()
    painter.draw(page.ops)
    canvas.showPage()
    compress_last_page(canvas)


def compress_last_page(canvas: Canvas) -> None:
    """Replace the drawing code of the page just finished by its compressed stream.

    reportlab keeps every page's code as text until it saves the file and only then
    compresses it; doing it now keeps a long document's memory near its file size.
    """
    page = canvas._doc.Pages.pages[-1]
    stream = PDFStream(content=zlib.compress(page.stream.encode("utf-8")))
    stream.dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])
    page.Contents, page.stream = stream, None
    page.Trans = None  # reportlab writes an empty /Trans <<>> on every page otherwise
