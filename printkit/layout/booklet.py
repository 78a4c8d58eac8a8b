"""The rule booklet in reading order: A5 pages with a cover, contents, headings, tables
and page numbers, brought to a multiple of four (for saddle stitching) by a back cover,
the blank inside of it and a page for notes (see closing_pages)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from printkit.errors import Problems, Where
from printkit.layout.fonts import metrics
from printkit.layout.hyphens import AUTHOR, COMPOUND, SYLLABLE, narrowest
from printkit.layout.ops import MM, Face, Group, Image, Line, Op, Rect, Text, translate
from printkit.layout.pagination import (
    HEADING_KEEPS,
    Chunk,
    lead_in,
    list_keeps,
    paginate,
    paragraph_keeps,
    row_keeps,
)
from printkit.layout.pictures import picture_ops
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.spans import line_ops, units, words, wrap_spans
from printkit.layout.text import MIN_SIZE, wrap
from printkit.layout.themed import BOOKLET, recoloured
from printkit.localise.kit_booklet import (
    BookHeading,
    BookImage,
    BookletText,
    BookPara,
    BookTable,
    Span,
)
from printkit.model.theme import DEFAULT, Theme

TOP, BOTTOM, INNER, OUTER = 15 * MM, 20 * MM, 17 * MM, 14 * MM
BODY, LEAD = 9.5, 1.32
SIZES = {1: 15.0, 2: 11.5, 3: 10.0}
INK, SHADE, ACCENT = "#1E1E1E", "#EEEAE0", "#7A1F2B"
CELL_PAD = 1.4 * MM
NBSP = "\u00a0"


def para_chunks(p: BookPara, width: float, where: Where, problems: Problems,
                lang: str = "") -> list[Chunk]:
    indent = (5 + 5 * p.depth) * MM if p.kind == "item" else (3 * MM if p.kind == "note" else 0)
    spans = p.spans or ((p.text, "regular"),)
    lines = wrap_spans(spans, BODY, width - 2 * indent if p.kind == "note" else width - indent,
                       lang)
    if lines is None:
        too_long(where.at("paragraph: " + p.text[:40]), problems, BODY)
        return []
    step = BODY * LEAD
    if p.kind == "note":
        h = len(lines) * step + 2 * indent
        ops: list[Op] = [Rect(0, -h, width, h, fill=SHADE), Line(0, -h, 0, 0, ACCENT, 2.0)]
        for n, line in enumerate(lines):
            ops += line_ops(line, indent, -indent - (n + 1) * step + step - BODY, BODY, INK)
        return [Chunk(h, tuple(ops), "note"), Chunk(BODY * 0.6, kind="space")]
    chunks = []
    count = len(lines)
    for n, line in enumerate(lines):
        ops = list(line_ops(line, indent, -BODY, BODY, INK))
        if n == 0 and p.marker:
            ops.append(Text(indent - 5 * MM, -BODY, p.marker,
                            "bold" if p.marker[0].isdigit() else "regular", BODY, ACCENT))
        chunks.append(Chunk(step, tuple(ops), keep=paragraph_keeps(count, n), part=(n, count)))
    chunks.append(Chunk(BODY * (0.6 if p.kind == "body" else 0.25), kind="space"))
    return chunks


def heading_chunks(h: BookHeading, width: float, lang: str = "") -> list[Chunk]:
    size = SIZES.get(h.level, SIZES[2])
    lines = wrap(h.text, "bold", size, width, lang, level=COMPOUND) or wrap(
        h.text, "bold", size, width, lang) or [h.text]
    before = {1: 4 * MM, 2: 2 * MM}.get(h.level, 1.5 * MM)
    chunks = [Chunk(before, kind="space", keep=1)]
    colour = ACCENT if h.level == 1 else INK
    for n, t in enumerate(lines):
        chunks.append(Chunk(size * 1.25, (Text(0, -size, t, "bold", size, colour),),
                            "heading", 1, (h.level, h.text) if n == 0 and h.level < 3
                            else None))
    if h.level == 1:
        chunks.append(Chunk(1.5 * MM, (Line(0, -0.5 * MM, width, -0.5 * MM, ACCENT, 0.8),),
                            "heading", 1))
    chunks[-1] = replace(chunks[-1], keep=HEADING_KEEPS)
    return chunks


def image_chunks(image: BookImage, width: float, height: float) -> list[Chunk]:
    """A picture at 300 pixels per inch, made smaller to fit the text width and half the
    text height, centred."""
    px_w, px_h = image.pixels
    w = min(px_w * 72 / 300, width, height * 0.5 * px_w / px_h)
    h = w * px_h / px_w
    op = Image((width - w) / 2, -h, w, h, image.path, digest=image.digest)
    return [Chunk(h, (op,), "image"), Chunk(BODY * 0.8, kind="space")]


Cell = tuple[Span, ...]  # a cell's text in its faces
Lines = list[list[Span]]  # a cell as set: its lines of runs
HEAD_FACE = {"regular": "bold", "italic": "bolditalic"}  # the heads are bold throughout


def table_cells(t: BookTable) -> list[list[Cell]]:
    """The table's cells in their faces (bold and italic as the rules' Markdown sets
    them), the header row bold."""
    out = []
    for r, row in enumerate(t.rows):
        faces = t.spans[r] if r < len(t.spans) else ()
        cells = []
        for c, text in enumerate(row):
            runs = faces[c] if c < len(faces) and faces[c] else ((text, "regular"),)
            cells.append(tuple((piece, HEAD_FACE.get(role, role)) for piece, role in runs)
                         if r == 0 else runs)
        out.append(cells)
    return out


def cell_width(cell: Cell, size: float) -> float:
    return sum(metrics(role).width(text, size) for text, role in cell)


def column_widths(cells: list[list[Cell]], width: float, size: float, lang: str = "",
                  level: int = AUTHOR, keep: bool = True,
                  figures: frozenset[int] = frozenset()) -> list[float]:
    """Column widths as a browser sets a table's: a column whose cells fit on one line in
    its fair share of the width gets that much (a column of numbers stays narrow); the
    others share the rest in proportion to their cells' length, each at least as wide as
    its longest word (broken at its points of `level` in `lang`). Room left when every
    cell fits on one line goes to the columns of text, not of `figures`. The widths add up
    to more than `width` when the words cannot fit at this size."""
    n = len(cells[0])
    natural = [max(cell_width(row[i], size) for row in cells if i < len(row)) + 2 * CELL_PAD
               + 0.01 for i in range(n)]
    minimum = [max([narrowest(word[0][0], metrics(word[0][1]), lang, level) * size / 1000.0
                    if len(word) == 1 else units(word) * size / 1000.0
                    for row in cells if i < len(row) for word in words(row[i], keep)]
                   or [0.0]) + 2 * CELL_PAD + 0.01 for i in range(n)]  # 0.01: rounding
    widths: dict[int, float] = {}
    for floor in (natural, minimum):  # the narrow columns, then those too wide to share
        while len(widths) < n:
            rest = [i for i in range(n) if i not in widths]
            room = width - sum(widths.values())
            total = sum(natural[i] for i in rest)
            fixed = [i for i in rest if (natural[i] <= room / len(rest) if floor is natural
                                         else room * natural[i] / total < minimum[i])]
            if not fixed:
                break
            widths.update((i, floor[i]) for i in fixed)
    rest = [i for i in range(n) if i not in widths]
    room = width - sum(widths.values())
    if rest:
        widths.update((i, room * natural[i] / sum(natural[i] for i in rest)) for i in rest)
    elif room > 0.01:
        takers = [i for i in range(n) if i not in figures] or list(range(n))
        for i in takers:
            widths[i] += room * natural[i] / sum(natural[t] for t in takers)
    return [widths[i] for i in range(n)]


CURRENCY = r"(?:[€$£%]|kr\.?|Kr\.?|DKK|NOK|SEK|EUR|USD)"
FIGURE = re.compile(rf"(?:{CURRENCY}\s?)?[+−-]?\d[\d.,\s]*(?:\s?{CURRENCY})?|[–—-]")


def figure_columns(t: BookTable) -> frozenset[int]:
    """The columns of figures: every cell below the head an amount, a count or a dash
    for none."""
    out = set()
    for c in range(len(t.rows[0])):
        cells = [row[c].replace(NBSP, " ") for row in t.rows[1:] if c < len(row) and row[c]]
        if cells and any(ch.isdigit() for cell in cells for ch in cell) and all(
                FIGURE.fullmatch(cell) for cell in cells):
            out.add(c)
    return frozenset(out)


def aligned(t: BookTable, figures: frozenset[int]) -> list[str]:
    """How each column is set: as the table says, else right for a column of figures and
    left for text and for the first column (the rows' labels, even when they are
    numbers: "Owner has 1, 2, 3")."""
    given = [t.align[c] if c < len(t.align) else "" for c in range(len(t.rows[0]))]
    return [side or ("right" if c in figures and c else "left")
            for c, side in enumerate(given)]


def fit_table(cells: list[list[Cell]], width: float, lang: str = "",
              figures: frozenset[int] = frozenset(), floor: float = MIN_SIZE,
              loose: bool = True) -> tuple[float, list[float], list[list[Lines]]] | None:
    """The largest size (8.5 pt down to `floor`, 6) at which every cell wraps into its
    column with its words whole (a name never breaks in a table); failing that, words
    break at compounds, then between syllables; as a last resort (`loose`) amounts may
    break at their no-break spaces."""
    levels = (AUTHOR, COMPOUND, SYLLABLE) if lang else (AUTHOR,)
    for keep in (True, False) if loose else (True,):
        table = cells if keep else [[tuple((text.replace(NBSP, " "), role) for text, role in cell)
                                     for cell in row] for row in cells]
        for level in levels:
            size = 8.5
            while size >= floor:
                widths = column_widths(table, width, size, lang, level, keep, figures)
                lines = [[wrap_spans(cell, size, w - 2 * CELL_PAD, lang, level, keep)
                          for cell, w in zip(row, widths, strict=False)] for row in table]
                if sum(widths) <= width + 0.01 and all(c is not None for row in lines
                                                       for c in row):
                    return size, widths, cast(list[list[Lines]], lines)
                size -= 0.5
    return None


READABLE = 7.0  # the size a table is set at, at least, if it can be
AMOUNT = re.compile(rf"(?:(?P<before>{CURRENCY})\s?)?(?P<figure>[+−-]?\d[\d.,\s]*?)"
                    rf"(?:\s?(?P<after>{CURRENCY}))?")


def currency_in_heads(t: BookTable) -> BookTable | None:
    """The table with the currency of each column of amounts said once, in its head
    ("Huur (DKK)" over "1.200" for "DKK 1.200"), a table too wide at 7 pt is set so
    rather than smaller; None when no column's amounts all share one currency, or a
    cell of one has faces of its own."""
    rows = [list(row) for row in t.rows]
    moved = False
    for c in range(len(rows[0])):
        found = [AMOUNT.fullmatch(row[c].replace(NBSP, " ")) if c < len(row) else None
                 for row in rows[1:]]
        units = {m["before"] or m["after"] for m in found if m}
        if c == 0 or None in found or len(units) != 1 or None in units or any(
                c < len(faces) and len(faces[c]) > 1 for faces in t.spans[1:]):
            continue
        for row, m in zip(rows[1:], found, strict=True):
            row[c] = m["figure"].strip().replace(" ", NBSP) if m else row[c]
        rows[0][c] = f"{rows[0][c]} ({units.pop()})"
        moved = True
    spans = tuple(tuple(((text, faces[c][0][1]),) if c < len(faces) and faces[c] else ()
                        for c, text in enumerate(row))
                  for row, faces in zip(rows, t.spans, strict=False)) if t.spans else ()
    return BookTable(tuple(tuple(row) for row in rows), t.align, spans) if moved else None


def fitted_table(t: BookTable, width: float, lang: str, figures: frozenset[int]
                 ) -> tuple[BookTable, tuple[float, list[float], list[list[Lines]]] | None]:
    """The table as set and its fit: at 7 pt or more with its amounts whole; else so with
    the currencies said in the heads; else as it is, down to 6 pt."""
    fitted = fit_table(table_cells(t), width, lang, figures, READABLE, loose=False)
    headed = None if fitted else currency_in_heads(t)
    if headed is not None:
        fitted = fit_table(table_cells(headed), width, lang, figures, READABLE, loose=False)
        if fitted:
            return headed, fitted
    return t, fitted or fit_table(table_cells(t), width, lang, figures)


def widest(rows: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The row whose cells need the most room at the smallest size (the one to shorten);
    the heads for a table of heads alone."""
    if len(rows) < 2:
        return rows[0] if rows else ()
    font = metrics("regular")
    return max(rows[1:], key=lambda r: sum(font.width(c, MIN_SIZE) for c in r))


def widest_row(rows: tuple[tuple[str, ...], ...]) -> str:
    """', row <first cell>' for the widest row; '' for a table of heads alone."""
    return f", row {widest(rows)[0]}" if len(rows) >= 2 and widest(rows) else ""


def table_chunks(t: BookTable, width: float, number: int, where: Where,
                 problems: Problems, lang: str = "") -> list[Chunk]:
    figures = figure_columns(t) if t.rows and t.rows[0] else frozenset()
    align = aligned(t, figures) if t.rows and t.rows[0] else []
    t, fitted = fitted_table(t, width, lang, figures) if align else (t, None)
    if fitted is None:
        too_long(where.at("table: " + " | ".join(t.rows[0] if t.rows else ())
                          + widest_row(t.rows)), problems, MIN_SIZE)
        return []
    size, widths, cells = fitted
    chunks = []
    count = len(cells)
    for r, row in enumerate(cells):
        h = max(len(c) for c in row) * size * 1.25 + 2 * CELL_PAD
        ops = row_ops(row, widths, size, width, h, r == 0, align)
        chunks.append(Chunk(h, tuple(ops), "header" if r == 0 else "row", row_keeps(count, r),
                            table=number, part=(r, count)))
    chunks.append(Chunk(BODY * 0.8, kind="space"))
    return chunks


def row_ops(row: list[Lines], widths: list[float], size: float, width: float,
            h: float, head: bool, align: list[str]) -> list[Op]:
    """One table row: its frame (shaded for the header), cell rules and text."""
    step = size * 1.25
    ops: list[Op] = [Rect(0, -h, width, h, fill=SHADE if head else None, stroke="#9A9A9A",
                          width=0.4)]
    x = 0.0
    for c, (lines, w) in enumerate(zip(row, widths, strict=False)):
        side = align[c] if c < len(align) else "left"
        for n, line in enumerate(lines):
            room = w - 2 * CELL_PAD - cell_width(tuple(line), size)
            at = x + CELL_PAD + {"right": room, "centre": room / 2}.get(side, 0.0)
            ops += line_ops(line, at, -CELL_PAD - size - n * step, size, INK)
        x += w
        if x < width - 0.1:
            ops.append(Line(x, 0, x, -h, "#9A9A9A", 0.4))
    return ops


def chunks_of(book: BookletText, size: tuple[float, float], where: Where,
              problems: Problems, lang: str = "") -> list[Chunk]:
    """The flow of the booklet's blocks on pages of `size`."""
    width, height = size[0] - INNER - OUTER, size[1] - TOP - BOTTOM
    out: list[Chunk] = []
    listed: list[int] = []  # the lines of the list being read
    for n, block in enumerate(book.blocks):
        if listed and not (isinstance(block, BookPara) and block.kind == "item"):
            list_keeps(out, listed)
            listed = []
        if isinstance(block, BookHeading):
            out += heading_chunks(block, width, lang)
        elif isinstance(block, BookTable):
            lead_in(out, n)
            found = Problems()  # as a paragraph's: its line looked up only for a problem
            chunks = table_chunks(block, width, n, where, found, lang)
            if found:  # a table of the rules file at the line of its widest row's
                cell = max(widest(block.rows), key=len, default="")  # longest cell; one
                at = book.where(cell[:20], where)  # made from data at the wording file
                chunks = table_chunks(block, width, n, at, problems, lang)
            out += chunks
        elif isinstance(block, BookImage):
            out += image_chunks(block, width, height)
        else:
            found = Problems()  # the paragraph's line is looked up only for a problem:
            chunks = para_chunks(block, width, where, found, lang)  # looking up every
            if found:                                 # one is quadratic in the file's size
                chunks = para_chunks(block, width, book.where(block.text[:20], where),
                                     problems, lang)
            if block.kind == "item":
                listed += [len(out) + i for i, c in enumerate(chunks) if c.kind == "line"]
            out += chunks
    if listed:
        list_keeps(out, listed)
    return out


def pages_of(book: BookletText, size: tuple[float, float], where: Where, problems: Problems,
             lang: str = "") -> list[list[tuple[float, Chunk]]]:
    """The rules' pages (after cover and contents): each a list of (offset, chunk)."""
    return paginate(chunks_of(book, size, where, problems, lang), size[1] - TOP - BOTTOM)


def page_face(number: int, placed: list[tuple[float, Chunk]], size: tuple[float, float],
              footer: bool = True) -> Face:
    """A page; odd (right-hand) pages have the inner margin on the left."""
    w, h = size
    x = INNER if number % 2 else OUTER
    ops: list[Op] = [Group(ch.ops, translate(x, h - TOP - y)) for y, ch in placed if ch.ops]
    if footer:
        ops.append(Text(w / 2, 10 * MM, str(number), "regular", 9, INK, "centre"))
    return Face(f"page-{number}", w, h, 0, tuple(ops))


def cover(book: BookletText, size: tuple[float, float], theme: Theme = DEFAULT,
          problems: Problems | None = None) -> Face:
    w, h = size
    # the band stops short of the edges: the pages have no bleed, and home printers
    # cannot print there
    band = 10 * MM
    ops: list[Op] = [Rect(band, h * 0.42, w - 2 * band, h * 0.22, fill=ACCENT)]
    title = 30.0
    while metrics("bold").width(book.title, title) > w - 2 * OUTER and title > 12:
        title -= 1
    ops.append(Text(w / 2, h * 0.42 + h * 0.11 - title * 0.3, book.title, "bold", title,
                    "#FFFFFF", "centre"))
    ops.append(Text(w / 2, h * 0.42 - 12 * MM, book.subtitle, "regular", 16, INK, "centre"))
    if theme.cover is not None and problems is not None:  # the picture above the band
        box = (band, h * 0.64 + 6 * MM, w - 2 * band, h * 0.36 - 6 * MM - band)
        ops += picture_ops(theme.cover, box, "rules cover", theme, problems)
    return Face("cover", w, h, 0, tuple(ops))


def contents(book: BookletText, entries: list[tuple[int, str, int]], first: int,
             size: tuple[float, float]) -> list[Face]:
    """The table of contents: chapters and sections with their page numbers."""
    width = size[0] - INNER - OUTER
    chunks = heading_chunks(BookHeading(1, book.contents), width)[1:]
    for level, title, page in entries:
        indent = 0 if level == 1 else 5 * MM
        role = "bold" if level == 1 else "regular"
        title_lines = wrap(title, role, BODY, width - indent - 12 * MM) or [title]
        ops: list[Op] = [Text(indent, -BODY - n * BODY * LEAD, t, role, BODY, INK)
                         for n, t in enumerate(title_lines)]
        ops.append(Text(width, -BODY - (len(title_lines) - 1) * BODY * LEAD, str(page), role,
                        BODY, INK, "right"))
        chunks.append(Chunk(len(title_lines) * BODY * LEAD + (1 * MM if level == 1 else 0),
                            tuple(ops)))
    pages = paginate(chunks, size[1] - TOP - BOTTOM)
    return [page_face(first + n, placed, size) for n, placed in enumerate(pages)]


def booklet_pages(book: BookletText, size: tuple[float, float], where: Where,
                  problems: Problems, lang: str = "", theme: Theme = DEFAULT) -> list[Face]:
    """Cover, contents, the rules, and the closing pages up to a multiple of four, in the
    theme's colours; words too long for a line break at the hyphenation points of `lang`."""
    texts = [book.title, book.subtitle, book.contents] + [
        getattr(b, "text", "") or " ".join(c for r in getattr(b, "rows", ()) for c in r)
        for b in book.blocks]
    if not check_glyphs(texts, where, problems, lambda ch: book.where(ch, where)):
        return []
    body = pages_of(book, size, where, problems, lang)
    entries = [(ch.toc[0], ch.toc[1], n) for n, page in enumerate(body)
               for _, ch in page if ch.toc]
    toc_pages = len(contents(book, [(lv, t, 0) for lv, t, _ in entries], 2, size))
    first = 2 + toc_pages
    entries = [(lv, t, first + n) for lv, t, n in entries]
    pages = [cover(book, size, theme, problems), *contents(book, entries, 2, size)]
    pages += [page_face(first + n, placed, size) for n, placed in enumerate(body)]
    pages += closing_pages(book, len(pages), size)
    return [recoloured(page, theme, BOOKLET) for page in pages]


NOTE_LINE = 8 * MM  # between the ruled lines of a page for notes


def closing_pages(book: BookletText, count: int, size: tuple[float, float]) -> list[Face]:
    """The pages after the `count` of cover, contents and rules, up to a multiple of four
    (saddle stitching): none when the rules end on one; else the last is the back cover,
    the one before it (when there is one) is left blank as the inside of the back cover,
    and a third is a page for notes, ruled, with its heading and page number. No other
    page is empty."""
    free = -count % 4
    if not free:
        return []
    w, h = size
    pages = []
    if free == 3:
        width = w - INNER - OUTER
        placed, y = [], 0.0
        for chunk in heading_chunks(BookHeading(1, book.notes), width)[1:]:
            placed.append((y, chunk))
            y += chunk.height
        rows = range(1, int((h - TOP - BOTTOM - y) / NOTE_LINE) + 1)
        placed.append((y, Chunk(0.0, tuple(Line(0, -n * NOTE_LINE, width, -n * NOTE_LINE,
                                                "#A0A0A0", 0.75) for n in rows))))
        pages.append(page_face(count + 1, placed, size))
    if free >= 2:
        pages.append(Face(f"page-{count + len(pages) + 1}", w, h, 0, ()))
    pages.append(back_cover(book, size))
    return pages


def back_cover(book: BookletText, size: tuple[float, float]) -> Face:
    """The last page: the cover's band, lower and narrower, with the game's title."""
    w, h = size
    band = 10 * MM
    title = 16.0
    while metrics("bold").width(book.title, title) > w - 2 * OUTER - 2 * band and title > 10:
        title -= 1
    ops: list[Op] = [Rect(band, 2 * band, w - 2 * band, 14 * MM, fill=ACCENT),
                     Text(w / 2, 2 * band + 7 * MM - title * 0.35, book.title, "bold", title,
                          "#FFFFFF", "centre")]
    return Face("back-cover", w, h, 0, tuple(ops))
