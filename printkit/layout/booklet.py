"""The rule booklet in reading order: A5 pages with a cover, contents, headings, tables
and page numbers, brought to a multiple of four (for saddle stitching) by a back cover,
the blank inside of it and a page for notes (see closing_pages)."""

from __future__ import annotations

from dataclasses import replace

from printkit.errors import Problems, Where
from printkit.layout.booktable import INK, SHADE, table_chunks, widest
from printkit.layout.fonts import metrics
from printkit.layout.hyphens import COMPOUND
from printkit.layout.ops import MM, Face, Group, Image, Line, Op, Rect, Text, translate
from printkit.layout.pagination import (
    HEADING_KEEPS,
    Chunk,
    lead_in,
    list_keeps,
    paginate,
    paragraph_keeps,
)
from printkit.layout.pictures import picture_ops
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.spans import line_ops, wrap_spans
from printkit.layout.text import wrap
from printkit.layout.themed import BOOKLET, recoloured
from printkit.localise.kit_booklet import (
    BookHeading,
    BookImage,
    BookletText,
    BookPara,
    BookTable,
)
from printkit.model.theme import DEFAULT, Theme

TOP, BOTTOM, INNER, OUTER = 15 * MM, 20 * MM, 17 * MM, 14 * MM
BODY, LEAD = 9.5, 1.32
SIZES = {1: 15.0, 2: 11.5, 3: 10.0}
ACCENT = "#7A1F2B"


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


def chunks_of(book: BookletText, size: tuple[float, float], where: Where,
              problems: Problems, lang: str = "") -> list[Chunk]:
    """The flow of the booklet's blocks on pages of `size`."""
    width, height = size[0] - INNER - OUTER, size[1] - TOP - BOTTOM
    out: list[Chunk] = []
    listed: list[int] = []  # the lines of the list being read
    stride = len(book.blocks)  # table n's second part is table n + stride, and so on
    for n, block in enumerate(book.blocks):
        if listed and not (isinstance(block, BookPara) and block.kind == "item"):
            list_keeps(out, listed)
            listed = []
        if isinstance(block, BookHeading):
            out += heading_chunks(block, width, lang)
        elif isinstance(block, BookTable):
            lead_in(out, n)
            found = Problems()  # as a paragraph's: its line looked up only for a problem
            chunks = table_chunks(block, width, n, where, found, lang, stride, BODY * 0.8)
            if found:  # a table of the rules file at the line of its widest row's
                cell = max(widest(block.rows), key=len, default="")  # longest cell; one
                at = book.where(cell[:20], where)  # made from data at the wording file
                chunks = table_chunks(block, width, n, at, problems, lang, stride, BODY * 0.8)
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


CONTENTS_TIGHTER = ((9.0, LEAD), (8.5, LEAD), (8.0, LEAD), (8.0, 1.2))  # size, leading:
# the contents set tighter, step by step, to save a page (8 pt: the house minimum)


def contents(book: BookletText, entries: list[tuple[int, str, int]], first: int,
             size: tuple[float, float]) -> list[Face]:
    """The table of contents: chapters and sections with their page numbers, at the
    body's size, or smaller (down to CONTENTS_MIN) where that saves a page: a list that
    ran a few lines onto a page of their own (on A6 pages) fits one."""
    pages = contents_pages(book, entries, size, BODY, LEAD)
    for body, lead in CONTENTS_TIGHTER if len(pages) > 1 else ():
        fewer = contents_pages(book, entries, size, body, lead)
        if len(fewer) < len(pages):
            pages = fewer
            break
    return [page_face(first + n, placed, size) for n, placed in enumerate(pages)]


def contents_pages(book: BookletText, entries: list[tuple[int, str, int]],
                   size: tuple[float, float], body: float, lead: float
                   ) -> list[list[tuple[float, Chunk]]]:
    """The contents' entries set at `body` pt, `lead` times that apart, paginated."""
    width = size[0] - INNER - OUTER
    chunks = heading_chunks(BookHeading(1, book.contents), width)[1:]
    for level, title, page in entries:
        indent = 0 if level == 1 else 5 * MM
        role = "bold" if level == 1 else "regular"
        title_lines = wrap(title, role, body, width - indent - 12 * MM) or [title]
        ops: list[Op] = [Text(indent, -body - n * body * lead, t, role, body, INK)
                         for n, t in enumerate(title_lines)]
        ops.append(Text(width, -body - (len(title_lines) - 1) * body * lead, str(page), role,
                        body, INK, "right"))
        chunks.append(Chunk(len(title_lines) * body * lead + (1 * MM if level == 1 else 0),
                            tuple(ops)))
    return paginate(chunks, size[1] - TOP - BOTTOM)


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
