"""The analysis report: its sections flowed down pages of the paper (A4 unless chosen),
each block drawn from shapes and text (paragraphs, tables, bar charts and the board heat
map); a heading stays with what follows it, a table continued on the next page repeats its
head. Colours are the rule booklet's, so a theme's booklet colours apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.heat import INK, clipped, heat_ops
from printkit.layout.ops import MM, Face, Group, Line, Op, Rect, Text, translate
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.text import flow, wrap
from printkit.layout.themed import BOOKLET, recoloured
from printkit.localise.kit import Para
from printkit.localise.kit_report import (
    Bars,
    Block,
    Grid,
    ReportText,
    Section,
    Swatches,
)
from printkit.model.theme import DEFAULT, Theme

MARGIN = 15 * MM
ACCENT, RULE, NOTE = "#7A1F2B", "#9A9A9A", "#EEEAE0"
HEAD = "#E4E4E4"
BODY, TABLE, SMALL = 9.5, 8.0, 6.5
MIN_TABLE = 6.0
GAP = 3 * MM
@dataclass
class Pages:
    """The pages made so far and where the next block goes on the last."""

    paper: tuple[float, float]
    pages: list[list[Op]] = field(default_factory=list)
    y: float = 0.0

    @property
    def width(self) -> float:
        return self.paper[0] - 2 * MARGIN

    @property
    def room(self) -> float:
        return self.y - MARGIN - 8 * MM  # above the footer

    @property
    def full(self) -> float:
        return self.paper[1] - 2 * MARGIN - 8 * MM

    def new(self) -> None:
        self.pages.append([])
        self.y = self.paper[1] - MARGIN

    def put(self, ops: list[Op], height: float) -> None:
        """Ops drawn below the current top (their y = 0 there), which then moves down."""
        self.pages[-1].append(Group(tuple(ops), translate(MARGIN, self.y)))
        self.y -= height + GAP

    def need(self, height: float) -> None:
        """A new page unless `height` fits below the current top."""
        if height > self.room and self.pages[-1]:
            self.new()


def report_pages(report: ReportText, paper: tuple[float, float], where: Where,
                 problems: Problems, lang: str = "", theme: Theme = DEFAULT) -> list[Face]:
    """Every page of the report on `paper` (portrait)."""
    if not check_glyphs(texts_of(report), where, problems):
        return []
    pages = Pages(paper)
    pages.new()
    title = paragraph(Para(report.title, "strong"), pages.width, 18, lang)
    subtitle = paragraph(Para(report.subtitle, "small"), pages.width, 10, lang)
    if title is None or subtitle is None:
        too_long(where.at("title"), problems, 6)
        return []
    for ops, height in (title, subtitle):
        pages.put(recolour(ops, ACCENT), height)
    for section in report.sections:
        place_section(section, pages, where.at(section.title), problems, lang)
    total = len(pages.pages)
    faces = []
    for n, ops in enumerate(pages.pages, 1):
        foot: list[Op] = [Line(MARGIN, MARGIN, paper[0] - MARGIN, MARGIN, RULE, 0.4),
                Text(MARGIN, MARGIN - 4 * MM, report.footer, "regular", SMALL, INK),
                Text(paper[0] - MARGIN, MARGIN - 4 * MM, f"{n} / {total}", "regular", SMALL,
                     INK, "right")]
        faces.append(recoloured(Face(f"analysis-{n}", *paper, 0.0, (*ops, *foot)), theme,
                                BOOKLET))
    return faces


def texts_of(report: ReportText) -> list[str]:
    found = [report.title, report.subtitle, report.footer]
    for s in report.sections:
        found.append(s.title)
        for b in s.blocks:
            if isinstance(b, Para):
                found.append(b.text)
            elif isinstance(b, Grid):
                found += [*b.head, *(c.text for row in b.rows for c in row)]
            elif isinstance(b, Bars):
                found += [b.mark_label, b.axis, *(x.label + x.shown for x in b.bars)]
            elif isinstance(b, Swatches):
                found += [*b.head, *(label for label, _ in b.rows)]
            else:
                found += [b.held, b.legend, b.low, b.high, b.numbered, *b.shown,
                          *(s.name for s in b.board.squares)]
    return found


def recolour(ops: list[Op], colour: str) -> list[Op]:
    return [replace(op, colour=colour) if isinstance(op, Text) else op for op in ops]


def paragraph(para: Para, width: float, size: float, lang: str
              ) -> tuple[list[Op], float] | None:
    """A paragraph at `size` (its style's faces), as ops below y = 0 and its height."""
    laid = flow((para,), width, size, lang=lang)
    if laid is None:
        return None
    lines, height = laid
    ops = placed_ops(lines, 0, 0, width, INK)
    if para.style == "note":
        pad = 1.5 * MM
        ops = [Rect(-pad, -height - pad, width + 2 * pad, height + 2 * pad, fill=NOTE),
               Rect(-pad, -height - pad, 0.8 * MM, height + 2 * pad, fill=ACCENT), *ops]
        height += pad
    return ops, height


def place_section(section: Section, pages: Pages, where: Where, problems: Problems,
                  lang: str) -> None:
    if section.page and pages.pages[-1] and pages.y < pages.paper[1] - 2 * MARGIN:
        pages.new()
    elif section.keep and pages.pages[-1]:
        height = section_height(section, pages.paper, where, lang)
        if height is not None and height > pages.room:
            pages.new()
    heading = paragraph(Para(section.title, "strong"), pages.width, 13, lang)
    if heading is None:
        too_long(where, problems, 6)
        return
    ops, height = heading
    pages.need(height + 40 * MM)  # a heading stays with what follows it
    pages.put([*recolour(ops, ACCENT), Line(0, -height - 1.2 * MM, pages.width,
                                            -height - 1.2 * MM, ACCENT, 0.6)], height + MM)
    for block in section.blocks:
        place_block(block, pages, where, problems, lang)


def section_height(section: Section, paper: tuple[float, float], where: Where,
                   lang: str) -> float | None:
    """The height a section takes at the top of a page, laid out there on trial; None when
    it does not fit on one page."""
    trial = Pages(paper)
    trial.new()
    place_section(replace(section, page=False, keep=False), trial, where, Problems(), lang)
    if len(trial.pages) > 1:
        return None
    return paper[1] - MARGIN - trial.y - GAP


def place_block(block: Block, pages: Pages, where: Where, problems: Problems,
                lang: str) -> None:
    if isinstance(block, Para):
        laid = paragraph(block, pages.width, BODY, lang)
        if laid is None:
            too_long(where, problems, 6)
            return
        pages.need(laid[1])
        pages.put(*laid)
    elif isinstance(block, Grid):
        place_grid(block, pages, lang)
    elif isinstance(block, Bars):
        place_bars(block, pages, lang)
    elif isinstance(block, Swatches):
        place_swatches(block, pages, lang)
    else:
        side = min(pages.width, pages.full - 12 * MM)
        pages.need(side + 12 * MM)
        ops, height = heat_ops(block, min(side, pages.room - 12 * MM), lang)
        pages.put([Group(tuple(ops), translate((pages.width - side) / 2, 0))], height)


# tables -------------------------------------------------------------------------------

def cell_lines(text: str, role: str, width: float, size: float, lang: str) -> list[str]:
    """A cell's text wrapped at `size`; a word too wide for the column even when broken at
    its hyphenation points is cut with an ellipsis."""
    if not text:
        return [""]
    lines = wrap(text, role, size, width, lang)
    return lines if lines is not None else [clipped(text, role, size, width)]


def fits(text: str, role: str, width: float, size: float, lang: str) -> bool:
    return not text or wrap(text, role, size, width, lang) is not None


Cells = list[tuple[tuple[str, str | None, bool], ...]]  # text, swatch, bold


def place_grid(grid: Grid, pages: Pages, lang: str) -> None:
    """A table, its rows as tall as their tallest cell, split over pages as needed; its
    text shrinks from 8 pt towards 6 pt until every word fits its column."""
    n = len(grid.head)
    weights = grid.weights if len(grid.weights) == n else (1.0,) * n
    widths = [pages.width * w / sum(weights) for w in weights]
    aligns = grid.align if len(grid.align) == n else ("left",) * n
    pad, chip = 1.2 * MM, 3 * MM
    cells: Cells = [tuple((h, None, True) for h in grid.head),
                    *(tuple((c.text, c.swatch, c.strong) for c in row) for row in grid.rows)]

    def room(c: int, swatch: str | None) -> float:
        return widths[c] - 2 * pad - (chip + MM if swatch else 0)

    size = TABLE
    while size > MIN_TABLE and not all(
            fits(text, "bold" if strong or r == 0 else "regular", room(c, swatch), size, lang)
            for r, row in enumerate(cells) for c, (text, swatch, strong) in enumerate(row)):
        size -= 0.5
    style = Style(size, size * 1.25, pad, chip)
    rows: list[Row] = []
    for r, row in enumerate(cells):
        laid = [(cell_lines(text, "bold" if strong or r == 0 else "regular", room(c, swatch),
                            size, lang), swatch, strong or r == 0)
                for c, (text, swatch, strong) in enumerate(row)]
        rows.append((laid, max(len(lines) for lines, _, _ in laid) * style.line + 2 * pad))
    head, body = rows[0], rows[1:]
    while True:
        pages.need(head[1] + (body[0][1] if body else 0))
        height, ops = draw_row(head, widths, aligns, 0.0, HEAD, style)
        taken = 0
        for laid_row in body:
            if height + laid_row[1] > pages.room and taken:
                break
            h, row_ops = draw_row(laid_row, widths, aligns, -height, None, style)
            ops += [Line(0, -height, pages.width, -height, RULE, 0.3), *row_ops]
            height += h
            taken += 1
        pages.put(ops, height)
        body = body[taken:]
        if not body:
            return
        pages.new()


@dataclass(frozen=True)
class Style:
    """A table's text size, line height, cell padding and colour chip."""

    size: float
    line: float
    pad: float
    chip: float


Row = tuple[list[tuple[list[str], str | None, bool]], float]  # cells' lines, and the height


def draw_row(row: Row, widths: list[float], aligns: tuple[str, ...], top: float,
             fill: str | None, style: Style) -> tuple[float, list[Op]]:
    laid, height = row
    pad, size = style.pad, style.size
    ops: list[Op] = []
    x = 0.0
    for (lines, swatch, strong), w, align in zip(laid, widths, aligns, strict=True):
        if fill:
            ops.append(Rect(x, top - height, w, height, fill=fill))
        left = x + pad
        if swatch:
            ops.append(Rect(left, top - pad - style.chip, style.chip, style.chip,
                            fill=swatch, stroke=INK, width=0.3))
            left += style.chip + MM
        for k, text in enumerate(lines):
            y = top - pad - (k + 1) * style.line + size * 0.25
            role = "bold" if strong else "regular"
            if align == "right":
                ops.append(Text(x + w - pad, y, text, role, size, INK, "right"))
            elif align == "centre":
                ops.append(Text(x + w / 2, y, text, role, size, INK, "centre"))
            else:
                ops.append(Text(left, y, text, role, size, INK))
        x += w
    return height, ops


def place_swatches(block: Swatches, pages: Pages, lang: str) -> None:
    """A table of colours: the heads above their columns, each row's label (wrapped) and
    a box of each of its colours; rows go on over pages, under the heads again."""
    label_w = 0.3 * pages.width
    cell_w = (pages.width - label_w) / max(1, len(block.head))
    line = TABLE * 1.25
    heads = [cell_lines(h, "bold", cell_w - 2 * MM, TABLE, lang) for h in block.head]
    head_h = max((len(lines) for lines in heads), default=1) * line + 2 * MM

    def head_ops() -> list[Op]:
        return [Text(label_w + k * cell_w + cell_w / 2, -(n + 1) * line + 0.5 * MM, text,
                     "bold", TABLE, INK, "centre")
                for k, lines in enumerate(heads) for n, text in enumerate(lines)]

    ops, y, placed = head_ops(), -head_h, 0
    pages.need(head_h + 9 * MM)
    for label, colours in block.rows:
        lines = cell_lines(label, "regular", label_w - 2 * MM, TABLE, lang)
        row_h = max(9 * MM, len(lines) * line + 2 * MM)
        if -y + row_h > pages.room and placed:
            pages.put(ops, -y)
            pages.new()
            ops, y, placed = head_ops(), -head_h, 0
        placed += 1
        ops += [Text(0, y - (row_h - len(lines) * line) / 2 - (n + 0.8) * line, text,
                     "regular", TABLE, INK) for n, text in enumerate(lines)]
        ops += [Rect(label_w + k * cell_w + MM, y - row_h + MM, cell_w - 2 * MM, row_h - 2 * MM,
                     fill=colour, stroke=INK, width=0.3) for k, colour in enumerate(colours)]
        y -= row_h
    pages.put(ops, -y)


# bar charts ----------------------------------------------------------------------------

def place_bars(chart: Bars, pages: Pages, lang: str) -> None:
    if chart.vertical:
        ops, height = column_ops(chart, pages.width)
    else:
        row = max(SMALL * 1.3, min(4.8 * MM, (pages.full - 30 * MM) / max(1, len(chart.bars))))
        pages.need(row * len(chart.bars) + 10 * MM)
        ops, height = bar_ops(chart, pages.width, row)
    pages.need(height)
    pages.put(ops, height)


def bar_ops(chart: Bars, width: float, row: float) -> tuple[list[Op], float]:
    """Bars across, one per row: the label, the bar, its value."""
    label_w = 0.36 * width
    value_w = 16 * MM
    span = width - label_w - value_w - 2 * MM
    top = max((b.value for b in chart.bars), default=0.0) or 1.0
    size = min(BODY - 1, row / 1.3)
    ops: list[Op] = []
    for k, b in enumerate(chart.bars):
        y = -(k + 1) * row
        role = "bold" if b.strong else "regular"
        ops.append(Text(0, y + row * 0.28, clipped(b.label, role, size, label_w - 2 * MM),
                        role, size, INK))
        length = span * b.value / top
        ops.append(Rect(label_w, y + row * 0.15, max(length, 0.2), row * 0.7, fill=b.colour,
                        stroke=INK, width=0.3))
        ops.append(Text(label_w + length + 1.5 * MM, y + row * 0.28, b.shown, role, size, INK))
    bottom = len(chart.bars) * row
    if chart.mark is not None:
        x = label_w + span * chart.mark / top
        ops += [Line(x, 0, x, -bottom, ACCENT, 0.6),
                Text(x, -bottom - SMALL - 1, chart.mark_label, "italic", SMALL, ACCENT,
                     "centre")]
    ops.append(Text(label_w, -bottom - 2 * SMALL - 3, chart.axis, "italic", SMALL, INK))
    return ops, bottom + 2 * SMALL + 4


def column_ops(chart: Bars, width: float) -> tuple[list[Op], float]:
    """Bars upward, side by side (a histogram): the value above, the label below."""
    height = 55 * MM
    n = max(1, len(chart.bars))
    slot = width / n
    top = max((b.value for b in chart.bars), default=0.0) or 1.0
    size = min(BODY - 1, max(SMALL, slot / 4))
    ops: list[Op] = [Line(0, -height, width, -height, INK, 0.5)]
    for k, b in enumerate(chart.bars):
        h = (height - 2 * size) * b.value / top
        x = k * slot
        ops += [Rect(x + slot * 0.15, -height, slot * 0.7, max(h, 0.2), fill=b.colour,
                     stroke=INK, width=0.3),
                Text(x + slot / 2, -height + h + 2, clipped(b.shown, "regular", size, slot),
                     "regular", size, INK, "centre"),
                Text(x + slot / 2, -height - size - 1, clipped(b.label, "regular", size, slot),
                     "regular", size, INK, "centre")]
    ops.append(Text(width / 2, -height - 2 * size - 4, chart.axis, "italic", SMALL, INK,
                    "centre"))
    return ops, height + 2 * size + 6
