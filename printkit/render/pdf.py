"""Draw a `Document` with reportlab: embedded subset TrueType fonts, page boxes, and
byte-reproducible output (invariant mode)."""

from __future__ import annotations

import io
import re

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.impose.page import Document, Page
from printkit.layout.fonts import FILES, font_path
from printkit.layout.ops import REGISTRATION, Circle, Group, Line, Op, Rect, Text

FONT_NAMES = {role: f"PrintkitSans-{role.capitalize()}" for role in FILES}
ALL_PLATES = CMYKColorSep(1, 1, 1, 1, spotName="All")
NEAR_BLACK = 0.6   # K from which grey text and thin lines print as solid black
THIN = 1.0         # lines up to this width (points) count as thin
SAFE_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")


def register_fonts() -> None:
    """Register the bundled family with reportlab (once per process)."""
    known = set(pdfmetrics.getRegisteredFontNames())
    for role, name in FONT_NAMES.items():
        if name not in known:
            pdfmetrics.registerFont(TTFont(name, str(font_path(role))))


class Painter:
    """Draws ops on one canvas; colours as RGB, or CMYK when `cmyk` is set."""

    def __init__(self, canvas: Canvas, cmyk: bool = False):
        self.c = canvas
        self.cmyk = cmyk
        self.forms: dict[str, str] = {}

    def colour(self, value: str, k_only: bool = False) -> Color:
        """A colour for the canvas. In CMYK, greys are black ink only, and near-black text
        and thin lines (`k_only`) are 100 % K, so they cannot print with colour fringes."""
        if value == REGISTRATION:
            return ALL_PLATES
        r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
        if not self.cmyk:
            return Color(r, g, b)
        k = 1 - max(r, g, b)
        neutral = max(r, g, b) - min(r, g, b) <= 2 / 255
        if k >= 1 - 1e-9 or (k_only and neutral and k >= NEAR_BLACK):
            return CMYKColor(0, 0, 0, 1)
        if neutral:
            return CMYKColor(0, 0, 0, round(k, 4))
        return CMYKColor((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)

    def draw(self, ops: tuple[Op, ...]) -> None:
        for op in ops:
            getattr(self, "draw_" + type(op).__name__.lower())(op)

    def draw_rect(self, op: Rect) -> None:
        c = self.c
        if op.fill:
            c.setFillColor(self.colour(op.fill))
        if op.stroke:
            c.setStrokeColor(self.colour(op.stroke, op.width <= THIN))
            c.setLineWidth(op.width)
            c.setDash(list(op.dash) if op.dash else [])
        c.rect(op.x, op.y, op.w, op.h, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)

    def draw_line(self, op: Line) -> None:
        c = self.c
        c.setStrokeColor(self.colour(op.colour, op.width <= THIN))
        c.setLineWidth(op.width)
        c.setDash([])
        c.line(op.x1, op.y1, op.x2, op.y2)

    def draw_circle(self, op: Circle) -> None:
        c = self.c
        if op.fill:
            c.setFillColor(self.colour(op.fill))
        if op.stroke:
            c.setStrokeColor(self.colour(op.stroke, op.width <= THIN))
            c.setLineWidth(op.width)
        c.circle(op.x, op.y, op.r, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)

    def draw_text(self, op: Text) -> None:
        c = self.c
        c.setFont(FONT_NAMES[op.font], op.size)
        c.setFillColor(self.colour(op.colour, k_only=True))
        if op.align == "centre":
            c.drawCentredString(op.x, op.y, op.text)
        elif op.align == "right":
            c.drawRightString(op.x, op.y, op.text)
        else:
            c.drawString(op.x, op.y, op.text)

    def draw_group(self, op: Group) -> None:
        """Ops through a transform; keyed groups become a form XObject (drawn once, its
        BBox the group's clip), others are clipped with a clipping path."""
        c = self.c
        c.saveState()
        c.transform(*op.matrix)
        if op.key:
            c.doForm(self.form(op))
        else:
            if op.clip:
                path = c.beginPath()
                path.rect(*op.clip)
                c.clipPath(path, stroke=0, fill=0)
            self.draw(op.ops)
        c.restoreState()

    def form(self, op: Group) -> str:
        """Draw repeated artwork once as a form XObject and return its name (the key
        itself when it is a plain name, so placed items can be told apart in the PDF)."""
        name = self.forms.get(op.key)
        if name is None:
            name = op.key if SAFE_NAME.fullmatch(op.key) else f"F{len(self.forms)}"
            self.forms[op.key] = name
            x, y, w, h = op.clip or (-5000, -5000, 10000, 10000)
            self.c.beginForm(name, x, y, x + w, y + h)
            self.draw(op.ops)
            self.c.endForm()
        return name


def render(doc: Document, cmyk: bool = False) -> bytes:
    """The PDF file of a document."""
    register_fonts()
    buffer = io.BytesIO()
    first = doc.pages[0]
    canvas = Canvas(buffer, pagesize=(first.width, first.height), invariant=1,
                    initialFontName=FONT_NAMES["regular"], initialFontSize=9,
                    pageCompression=1, lang=doc.lang)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setCreator(doc.creator)
    canvas.setAuthor(doc.creator)
    if doc.keywords:
        canvas.setKeywords(doc.keywords)
    painter = Painter(canvas, cmyk)
    for page in doc.pages:
        draw_page(canvas, painter, page)
    canvas.save()
    return buffer.getvalue()


def draw_page(canvas: Canvas, painter: Painter, page: Page) -> None:
    canvas.setPageSize((page.width, page.height))
    media = (0, 0, page.width, page.height)
    canvas.setTrimBox(page.trim or media)
    canvas.setBleedBox(page.bleed or page.trim or media)
    painter.draw(page.ops)
    canvas.showPage()
