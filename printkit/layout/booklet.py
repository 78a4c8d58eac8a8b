"""The rule booklet in reading order: A5 pages with a cover, contents, headings, tables
and page numbers, padded with blank pages to a multiple of four (for saddle stitching)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Problems, Where
from printkit.layout.fonts import metrics
from printkit.layout.ops import MM, Face, Group, Line, Op, Rect, Text, translate
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.text import MIN_SIZE, wrap
from printkit.localise.kit import BookHeading, BookletText, BookPara, BookTable

TOP, BOTTOM, INNER, OUTER = 15 * MM, 20 * MM, 17 * MM, 14 * MM
BODY, LEAD = 9.5, 1.32
SIZES = {1: 15.0, 2: 11.5}
INK, SHADE, ACCENT = "#1E1E1E", "#EEEAE0", "#7A1F2B"
CELL_PAD = 1.4 * MM


@dataclass(frozen=True)
class Chunk:
    """A piece of the flow that is never split: ops drawn below (0, 0), and its height."""

    height: float
    ops: tuple[Op, ...] = ()
    kind: str = "line"  # line, space, heading, header, row
    keep_next: bool = False
    toc: tuple[int, str] | None = None
    table: int = -1


def para_chunks(p: BookPara, width: float, where: Where, problems: Problems) -> list[Chunk]:
    indent = 5 * MM if p.kind == "item" else (3 * MM if p.kind == "note" else 0)
    role = "regular"
    lines = wrap(p.text, role, BODY, width - 2 * indent if p.kind == "note" else width - indent)
    if lines is None:
        too_long(where.at("paragraph: " + p.text[:40]), problems, BODY)
        return []
    step = BODY * LEAD
    if p.kind == "note":
        h = len(lines) * step + 2 * indent
        ops: list[Op] = [Rect(0, -h, width, h, fill=SHADE), Line(0, -h, 0, 0, ACCENT, 2.0)]
        ops += [Text(indent, -indent - (n + 1) * step + step - BODY, t, role, BODY, INK)
                for n, t in enumerate(lines)]
        return [Chunk(h, tuple(ops)), Chunk(BODY * 0.6, kind="space")]
    chunks = []
    for n, t in enumerate(lines):
        ops = [Text(indent, -BODY, t, role, BODY, INK)]
        if n == 0 and p.marker:
            ops.append(Text(0, -BODY, p.marker, "bold" if p.marker != "•" else role, BODY,
                            ACCENT))
        chunks.append(Chunk(step, tuple(ops)))
    chunks.append(Chunk(BODY * (0.6 if p.kind == "body" else 0.25), kind="space"))
    return chunks


def heading_chunks(h: BookHeading, width: float) -> list[Chunk]:
    size = SIZES.get(h.level, SIZES[2])
    lines = wrap(h.text, "bold", size, width) or [h.text]
    before = 4 * MM if h.level == 1 else 2 * MM
    chunks = [Chunk(before, kind="space")]
    for n, t in enumerate(lines):
        colour = ACCENT if h.level == 1 else INK
        chunks.append(Chunk(size * 1.25, (Text(0, -size, t, "bold", size, colour),),
                            "heading", True, (h.level, h.text) if n == 0 else None))
    if h.level == 1:
        chunks.append(Chunk(1.5 * MM, (Line(0, -0.5 * MM, width, -0.5 * MM, ACCENT, 0.8),),
                            "heading", True))
    return chunks


def column_widths(rows: tuple[tuple[str, ...], ...], width: float, size: float) -> list[float]:
    """Column widths: each column gets at least its longest word, the rest of the width is
    shared in proportion to what the columns need to fit their cells on one line."""
    fonts = [metrics("bold")] + [metrics("regular")] * (len(rows) - 1)
    columns = range(len(rows[0]))
    natural = [max(f.width(r[i], size) for f, r in zip(fonts, rows)) + 2 * CELL_PAD
               for i in columns]
    minimum = [max(f.width(word, size) for f, r in zip(fonts, rows) for word in
                   r[i].split(" ") or [""]) + 2 * CELL_PAD for i in columns]
    if sum(natural) <= width:
        return [w * width / sum(natural) for w in natural]
    extra = width - sum(minimum)
    wants = [n - m for n, m in zip(natural, minimum)]
    if extra <= 0 or not sum(wants):
        return minimum
    return [m + extra * w / sum(wants) for m, w in zip(minimum, wants)]


def fit_table(rows: tuple[tuple[str, ...], ...], width: float
              ) -> tuple[float, list[float], list[list[list[str] | None]]] | None:
    """The largest size (8.5 pt down to 6) at which every cell wraps into its column;
    as a last resort amounts may break at their no-break spaces."""
    for breakable in (False, True):
        cells_text = [tuple(c.replace("\u00a0", " ") for c in row) for row in rows] \
            if breakable else list(rows)
        size = 8.5
        while size >= MIN_SIZE:
            widths = column_widths(tuple(cells_text), width, size)
            cells = [[wrap(c, "bold" if r == 0 else "regular", size, w - 2 * CELL_PAD)
                      for c, w in zip(row, widths)] for r, row in enumerate(cells_text)]
            if sum(widths) <= width + 0.01 and all(c is not None for row in cells for c in row):
                return size, widths, cells
            size -= 0.5
    return None


def table_chunks(t: BookTable, width: float, number: int, where: Where,
                 problems: Problems) -> list[Chunk]:
    fitted = fit_table(t.rows, width)
    if fitted is None:
        too_long(where.at("table: " + " | ".join(t.rows[0])), problems, MIN_SIZE)
        return []
    size, widths, cells = fitted
    chunks = []
    for r, row in enumerate(cells):
        step = size * 1.25
        h = max(len(c or []) for c in row) * step + 2 * CELL_PAD
        ops: list[Op] = [Rect(0, -h, width, h, fill=SHADE if r == 0 else None,
                              stroke="#9A9A9A", width=0.4)]
        x = 0.0
        for lines, w in zip(row, widths):
            ops += [Text(x + CELL_PAD, -CELL_PAD - size - n * step, line,
                         "bold" if r == 0 else "regular", size, INK)
                    for n, line in enumerate(lines or [])]
            x += w
            if x < width - 0.1:
                ops.append(Line(x, 0, x, -h, "#9A9A9A", 0.4))
        chunks.append(Chunk(h, tuple(ops), "header" if r == 0 else "row", r == 0, table=number))
    chunks.append(Chunk(BODY * 0.8, kind="space"))
    return chunks


def chunks_of(book: BookletText, width: float, where: Where,
              problems: Problems) -> list[Chunk]:
    out: list[Chunk] = []
    for n, block in enumerate(book.blocks):
        if isinstance(block, BookHeading):
            out += heading_chunks(block, width)
        elif isinstance(block, BookTable):
            out += table_chunks(block, width, n, where, problems)
        else:
            found = Problems()  # the paragraph's line is looked up only for a problem:
            chunks = para_chunks(block, width, where, found)  # looking up every one is
            if found:                                         # quadratic in the file's size
                chunks = para_chunks(block, width, book.where(block.text[:20], where),
                                     problems)
            out += chunks
    return out


def paginate(chunks: list[Chunk], height: float) -> list[list[tuple[float, Chunk]]]:
    """Chunks placed top-down on pages of text height `height`; a heading stays with
    what follows it and a table split over pages repeats its header row."""
    pages: list[list[tuple[float, Chunk]]] = [[]]
    y = 0.0
    headers: dict[int, Chunk] = {}
    for i, ch in enumerate(chunks):
        if ch.kind == "header":
            headers[ch.table] = ch
        need = ch.height
        j = i
        while chunks[j].keep_next and j + 1 < len(chunks):
            j += 1
            need += chunks[j].height
        if y + need > height and pages[-1]:
            pages.append([])
            y = 0.0
            if ch.kind == "row" and ch.table in headers:
                pages[-1].append((y, headers[ch.table]))
                y += headers[ch.table].height
        if ch.kind == "space" and not pages[-1]:
            continue
        pages[-1].append((y, ch))
        y += ch.height
    return [p for p in pages if any(c.kind != "space" for _, c in p)]


def page_face(number: int, placed: list[tuple[float, Chunk]], size: tuple[float, float],
              footer: bool = True) -> Face:
    """A page; odd (right-hand) pages have the inner margin on the left."""
    w, h = size
    x = INNER if number % 2 else OUTER
    ops: list[Op] = [Group(ch.ops, translate(x, h - TOP - y)) for y, ch in placed if ch.ops]
    if footer:
        ops.append(Text(w / 2, 10 * MM, str(number), "regular", 9, INK, "centre"))
    return Face(f"page-{number}", w, h, 0, tuple(ops))


def cover(book: BookletText, size: tuple[float, float]) -> Face:
    w, h = size
    # the band stops short of the edges: the pages have no bleed, and home printers
    # cannot print there
    band = 10 * MM
    ops: list[Op] = [Rect(band, h * 0.42, w - 2 * band, h * 0.22, fill=ACCENT)]
    size = 30.0
    while metrics("bold").width(book.title, size) > w - 2 * OUTER and size > 12:
        size -= 1
    ops.append(Text(w / 2, h * 0.42 + h * 0.11 - size * 0.3, book.title, "bold", size,
                    "#FFFFFF", "centre"))
    ops.append(Text(w / 2, h * 0.42 - 12 * MM, book.subtitle, "regular", 16, INK, "centre"))
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
                  problems: Problems) -> list[Face]:
    """Cover, contents, the rules, and blank pages up to a multiple of four."""
    texts = [book.title, book.subtitle, book.contents] + [
        getattr(b, "text", "") or " ".join(c for r in getattr(b, "rows", ()) for c in r)
        for b in book.blocks]
    if not check_glyphs(texts, where, problems, lambda ch: book.where(ch, where)):
        return []
    body = paginate(chunks_of(book, size[0] - INNER - OUTER, where, problems),
                    size[1] - TOP - BOTTOM)
    entries = [(ch.toc[0], ch.toc[1], n) for n, page in enumerate(body)
               for _, ch in page if ch.toc]
    toc_pages = len(contents(book, [(lv, t, 0) for lv, t, _ in entries], 2, size))
    first = 2 + toc_pages
    entries = [(lv, t, first + n) for lv, t, n in entries]
    pages = [cover(book, size), *contents(book, entries, 2, size)]
    pages += [page_face(first + n, placed, size) for n, placed in enumerate(body)]
    while len(pages) % 4:
        pages.append(Face(f"page-{len(pages) + 1}", size[0], size[1], 0, ()))
    return pages
