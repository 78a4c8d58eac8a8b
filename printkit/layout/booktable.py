"""The rule booklet's tables: cells in their faces, column widths as a browser sets them,
figures set right, and a table set at a readable size with every word whole (a street
name never hyphenates in a table, nor does a column head: both wrap at spaces only), its
currency said once in a column's head, or its columns shared over parts one under the
other, before its type goes below 7 pt."""

from __future__ import annotations

import itertools
import re
from typing import cast

from printkit.errors import Problems, Where
from printkit.layout.fonts import metrics
from printkit.layout.hyphens import AUTHOR, narrowest
from printkit.layout.ops import MM, Line, Op, Rect
from printkit.layout.pagination import Chunk, row_keeps
from printkit.layout.problems import too_long
from printkit.layout.spans import line_ops, units, words, wrap_spans
from printkit.layout.text import MIN_SIZE
from printkit.localise.kit_booklet import BookTable, Span

INK, SHADE = "#1E1E1E", "#EEEAE0"
CELL_PAD = 1.4 * MM
NBSP = "\u00a0"
LARGEST = 8.5  # pt: a table's type, where it fits

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
    widths = shared(width, natural, minimum, figures, narrow_first=True)
    if sum(widths) > width + 0.01:  # the narrow columns, each on one line, left too little
        widths = shared(width, natural, minimum, figures, narrow_first=False)  # to the rest
    return widths


def shared(width: float, natural: list[float], minimum: list[float], figures: frozenset[int],
           narrow_first: bool) -> list[float]:
    """The width shared by columns of these natural and minimum widths: (`narrow_first`)
    a column whose natural width is within its fair share gets it, then those too wide
    for their share of the rest get their minimum, and the others share what is left in
    proportion to their natural widths."""
    n = len(natural)
    widths: dict[int, float] = {}
    for floor in (natural, minimum) if narrow_first else (minimum,):
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


Fit = tuple[float, list[float], list[list[Lines]]]  # size, column widths, cells as set


def fit_table(cells: list[list[Cell]], width: float, lang: str = "",
              figures: frozenset[int] = frozenset(), floor: float = MIN_SIZE,
              largest: float = LARGEST) -> Fit | None:
    """The largest size (`largest` down to `floor`) at which every cell wraps into its
    column with its words whole and its amounts with their currency: a table never
    hyphenates (a name, a head), its words break only where their author set a break."""
    size = largest
    while size >= floor - 1e-9:
        widths = column_widths(cells, width, size, lang, AUTHOR, True, figures)
        lines = [[wrap_spans(cell, size, w - 2 * CELL_PAD, lang, AUTHOR, True)
                  for cell, w in zip(row, widths, strict=False)] for row in cells]
        if sum(widths) <= width + 0.01 and all(c is not None for row in lines for c in row):
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


def set_table(t: BookTable, width: float, lang: str) -> list[tuple[BookTable, Fit]]:
    """The table as set, in one part or more: at 7 pt or more as it is; else so with the
    currencies said in the heads; else with its columns shared over the fewest parts that
    fit (one under the other, each with the first column, the rows' names); else as it
    is, down to 6 pt. Empty when nothing fits."""
    headed = currency_in_heads(t)
    tables = [t] if headed is None else [t, headed]
    for table in tables:
        fitted = fit_table(table_cells(table), width, lang, figure_columns(table), READABLE)
        if fitted:
            return [(table, fitted)]
    parts = column_parts(tables[-1], width, lang)
    if parts:
        return parts
    fitted = fit_table(table_cells(t), width, lang, figure_columns(t))
    return [(t, fitted)] if fitted else []


def column_parts(t: BookTable, width: float, lang: str) -> list[tuple[BookTable, Fit]]:
    """The table's columns after the first shared in order over the fewest parts that
    each fit at 7 pt or more with the first column (as evenly as fits), at one size where
    they can; empty when even parts of one column each do not fit."""
    n = len(t.rows[0])
    for count in range(2, n):
        for groups in sharings(n - 1, count):
            parts = [part_of(t, [0, *(1 + c for c in group)]) for group in groups]
            fits = [fit_table(table_cells(p), width, lang, figure_columns(p), READABLE)
                    for p in parts]
            if all(fits):
                size = min(f[0] for f in fits if f)
                return [(p, fit_table(table_cells(p), width, lang, figure_columns(p), READABLE,
                                      size) or f)
                        for p, f in zip(parts, cast(list[Fit], fits), strict=True)]
    return []


def sharings(n: int, count: int) -> list[list[range]]:
    """The ways to cut n columns in order into `count` groups, the most even first (and
    of those, the wider groups first)."""
    ways = [[range(a, b) for a, b in itertools.pairwise((0, *cuts, n))]
            for cuts in itertools.combinations(range(1, n), count - 1)]
    return sorted(ways, key=lambda w: (max(map(len, w)) - min(map(len, w)),
                                       [-len(g) for g in w]))


def part_of(t: BookTable, columns: list[int]) -> BookTable:
    """The table's columns `columns`, with their alignment and faces."""
    def pick(row: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(row[c] for c in columns if c < len(row))
    align = tuple(t.align[c] if c < len(t.align) else "" for c in columns) if t.align else ()
    spans = tuple(tuple(faces[c] if c < len(faces) else () for c in columns)
                  for faces in t.spans)
    return BookTable(tuple(pick(row) for row in t.rows), align, spans)


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
                 problems: Problems, lang: str, stride: int, space: float) -> list[Chunk]:
    """The table's rows as chunks (table `number`; a second part `number` + `stride`,
    and so on), `space` after each part; none, and a problem, when it does not fit."""
    parts = set_table(t, width, lang) if t.rows and t.rows[0] else []
    if not parts:
        too_long(where.at("table: " + " | ".join(t.rows[0] if t.rows else ())
                          + widest_row(t.rows)), problems, MIN_SIZE)
        return []
    chunks = []
    for k, (part, (size, widths, cells)) in enumerate(parts):
        align = aligned(part, figure_columns(part))
        count = len(cells)
        for r, row in enumerate(cells):
            h = max(len(c) for c in row) * size * 1.25 + 2 * CELL_PAD
            ops = row_ops(row, widths, size, width, h, r == 0, align)
            chunks.append(Chunk(h, tuple(ops), "header" if r == 0 else "row",
                                row_keeps(count, r), table=number + k * stride,
                                part=(r, count)))
        chunks.append(Chunk(space, kind="space"))
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
