"""Pages as a typesetter breaks them: the booklet's flow is a list of chunks (a line, a
table row, a heading, a boxed note, a picture, a space), each never split, each saying
how many of the printed chunks after it must stand on its page.

The rules the booklet sets with these keeps (`keeps` and the chunks' makers):

- a heading keeps the next three printed lines with it, and goes overleaf with them when
  a line it keeps goes there (see carried); fewer only when the chunks it keeps, with
  theirs, are taller than a page;
- a paragraph keeps its first two lines together and its last two (no orphan, no widow),
  and so does a list as a whole (its first item does not stand alone at a page's foot,
  nor its last at the top);
- a table of up to SHORT_TABLE rows moves whole, and the paragraph leading into a table
  keeps its last line with it; a longer one keeps its head with three rows and its last
  three rows together (no page holds fewer than three of its rows), and repeats its head
  on the next page. So does a short table taller than a page together with what keeps
  with it from above (its lead-in lines, a heading right above; see tall_tables): on
  A6 pages that is split as a long one rather than leave a heading, a lead-in line or
  a line of a paragraph alone, or a page nearly empty; and so does a short table whose
  moving whole, with what keeps with it, would leave more than GAP of its page empty.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.layout.ops import Op

SHORT_TABLE = 12  # body rows of a table that is never split
HEADING_KEEPS = 3  # printed lines a heading keeps on its page
SPLIT_ROWS = 3  # body rows a split table leaves on either side of the break, at least
GAP = 0.3  # of a page: the most that a short table moved whole may leave empty


@dataclass(frozen=True)
class Chunk:
    """A piece of the flow that is never split: ops drawn below (0, 0), and its height.

    `keep` is how many of the printed chunks after it (spaces do not count) stand on its
    page; those chunks' own keeps carry on. `part` is (index, count) of a paragraph's
    line among its lines, or of a table's row among its rows (the header is row 0);
    `items` the line's place among the lines of its list; `lead` the table a paragraph's
    last line leads into."""

    height: float
    ops: tuple[Op, ...] = ()
    kind: str = "line"  # line, space, heading, header, row, note, image
    keep: int = 0
    toc: tuple[int, str] | None = None
    table: int = -1
    part: tuple[int, int] = (0, 1)
    items: tuple[int, int] = (0, 1)
    lead: int = -1


def paragraph_keeps(count: int, n: int) -> int:
    """The keep of line n of count: the first and the last two lines stay together."""
    return 1 if count > 1 and n in (0, count - 2) else 0


def row_keeps(count: int, r: int, whole: bool = True) -> int:
    """The keep of row r (0: the header) of a table of count rows: a short table whole
    (unless not `whole`), a long one its header with SPLIT_ROWS rows and its last
    SPLIT_ROWS rows together."""
    if count - 1 <= SHORT_TABLE and whole:
        return 1 if r < count - 1 else 0
    return 1 if r < SPLIT_ROWS or count - SPLIT_ROWS <= r < count - 1 else 0


def list_keeps(chunks: list[Chunk], lines: list[int]) -> None:
    """Mark the lines (indexes into chunks) of one list: their places in it, and the keeps
    that hold its first two and its last two lines together."""
    total = len(lines)
    for k, i in enumerate(lines):
        keep = max(chunks[i].keep, paragraph_keeps(total, k))
        chunks[i] = replace(chunks[i], keep=keep, items=(k, total))


def lead_in(chunks: list[Chunk], table: int) -> None:
    """The last line so far (a paragraph's, right before a table) keeps with the table."""
    for i in range(len(chunks) - 1, -1, -1):
        if chunks[i].kind != "space":
            if chunks[i].kind == "line":
                chunks[i] = replace(chunks[i], keep=max(chunks[i].keep, 1), lead=table)
            return


def group_height(chunks: list[Chunk], i: int, room: float) -> float:
    """The height chunk i needs on its page: its own and that of the chunks it keeps
    (carried on through their keeps). A group taller than `room` (a full page) counts
    only the chunks chunk i itself keeps, and if those do not fit either, itself."""
    for chained in (True, False):
        need, remaining, j = chunks[i].height, chunks[i].keep, i
        while remaining > 0 and j + 1 < len(chunks):
            j += 1
            need += chunks[j].height
            if chunks[j].kind != "space":
                remaining = max(remaining - 1, chunks[j].keep if chained else 0)
        if need <= room:
            return need
    return chunks[i].height


def reaches(chunks: list[Chunk], i: int, j: int) -> bool:
    """Whether chunk i keeps chunk j (after it) on its page, through the keeps of the
    chunks between."""
    remaining, k = chunks[i].keep, i
    while remaining > 0 and k < j:
        k += 1
        if chunks[k].kind != "space":
            remaining = max(remaining - 1, chunks[k].keep)
    return k >= j


def tall_tables(chunks: list[Chunk], height: float) -> list[Chunk]:
    """The chunks with each short table (a part of one) that, with the chunks above it
    that keep it on their page, is taller than `height` keyed as a long one."""
    out = list(chunks)
    for j, ch in enumerate(chunks):
        if ch.kind != "header" or ch.part[1] - 1 > SHORT_TABLE:
            continue
        end = j + ch.part[1]
        start, k = j, j - 1
        while k >= 0 and (chunks[k].kind == "space" or reaches(chunks, k, j)):
            start = k if chunks[k].kind != "space" else start
            k -= 1
        if sum(c.height for c in chunks[start:end]) > height:
            out[j:end] = split(chunks, j)
    return out


def split(chunks: list[Chunk], j: int) -> list[Chunk]:
    """The header (chunk j) and rows of a short table keyed as those of a long one."""
    return [replace(c, keep=row_keeps(c.part[1], c.part[0], False))
            for c in chunks[j:j + chunks[j].part[1]]]


def whole_table(chunks: list[Chunk], i: int) -> int | None:
    """The header of a short table that chunk i keeps whole on its page, through the
    keeps of the chunks between (the first, if more), if any."""
    remaining, k = chunks[i].keep, i
    while remaining > 0 and k + 1 < len(chunks):
        k += 1
        ch = chunks[k]
        if ch.kind == "header" and ch.part[1] - 1 > SPLIT_ROWS * 2 and ch.keep and all(
                c.keep for c in chunks[k:k + ch.part[1] - 1]):
            return k
        if ch.kind != "space":
            remaining = max(remaining - 1, ch.keep)
    return None


def carried(page: list[Chunk]) -> int:
    """Where the tail of a full page starts that goes overleaf: at the first chunk that
    keeps more printed chunks than stand after it on the page (a heading whose lines
    were parted from it: its group fitted, the group of a line under it did not), and
    the chunks that keep that one. len(page) when none, or when all of the page would."""
    start, printed = len(page), 0
    for p in range(len(page) - 1, -1, -1):
        if page[p].keep > printed:
            start, printed = p, 0
        elif page[p].kind != "space":
            printed += 1
    return start if start > 0 else len(page)


def paginate(chunks: list[Chunk], height: float) -> list[list[tuple[float, Chunk]]]:
    """Chunks placed top-down on pages of text height `height` (short tables too tall to
    move whole keyed as long ones, see tall_tables), each page ending before a
    chunk whose group (see group_height) would not fit, taking along the chunks at its
    foot that keep with what went overleaf (see carried) when they fit there; a table
    split over pages repeats its header row. A page never starts with a space."""
    chunks = tall_tables(chunks, height)
    pages: list[list[Chunk]] = [[]]
    y = 0.0
    headers: dict[int, Chunk] = {}
    for i in range(len(chunks)):
        need = group_height(chunks, i, height)
        if y + need > height and pages[-1] and height - y > GAP * height:
            table = whole_table(chunks, i)  # moved whole, it would leave a hole: split it
            if table is not None:
                chunks[table:table + chunks[table].part[1]] = split(chunks, table)
                need = group_height(chunks, i, height)
        ch = chunks[i]
        if ch.kind == "header":
            headers[ch.table] = ch
        if y + need > height and pages[-1]:
            page = pages[-1]
            cut = carried(page)
            tail = list(page[cut:])
            if sum(c.height for c in tail) + need > height:
                cut, tail = len(page), []
            del page[cut:]
            while tail and tail[0].kind == "space":
                tail.pop(0)
            first = tail[0] if tail else ch
            lead = [headers[first.table]] if first.kind == "row" and first.table in headers \
                else []
            pages.append(lead + tail)
            y = sum(c.height for c in pages[-1])
        if ch.kind == "space" and not pages[-1]:
            continue
        pages[-1].append(ch)
        y += ch.height
    return [placed(p) for p in pages if any(c.kind != "space" for c in p)]


def placed(page: list[Chunk]) -> list[tuple[float, Chunk]]:
    """The chunks of a page with their offsets from its top."""
    out, y = [], 0.0
    for ch in page:
        out.append((y, ch))
        y += ch.height
    return out
