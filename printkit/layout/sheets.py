"""Plain sheets written on by hand: the score pad and the penalty-line sheets."""

from __future__ import annotations

from dataclasses import replace

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.fonts import width as text_width
from printkit.layout.ops import MM, Face, Line, Op, Rect, Text
from printkit.layout.pictures import LOGO_W, picture_ops
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.style import SHEET_MARGIN
from printkit.layout.text import fit
from printkit.layout.themed import SHEETS, recoloured
from printkit.localise.kit import Heading, Para
from printkit.localise.kit_sheets import LinesText, RoundText, ScorepadText
from printkit.model.theme import DEFAULT, Theme

INK = "#1E1E1E"
GRID = "#555555"
SHADE = "#EDEDED"
ROW_MIN = 5.5 * MM  # the lowest row a hand writes a score in
SUM_LABEL = 0.45  # of the points column: what a sum's label may take of it (at its left)
ROW_MAX = 7.5 * MM
COLUMNS = (0.28, 0.2, 0.14, 0.16, 0.22)  # of the table's width
HEAD_PAD = 1.5 * MM  # between a column's head and its rules
RANKING_ROW_MIN = 8 * MM  # a place and a name at 12 pt
SHEET_LOGO_H = 7.5 * MM  # above the name and date fields
SEPARATOR = "\u00a0·  "  # between the items of a legend: a line breaks after the dot


WRITE_ON = 15 * MM  # the shortest line to write a name or date on


def header_ops(title: str, x: float, top: float, width: float, where: Where,
               problems: Problems) -> list[Op]:
    """A sheet's title; one wider than the sheet is a problem."""
    fits_in(title, "bold", 16, width, where, problems)
    return [Text(x, top - 16, title, "bold", 16, INK)]


def fits_in(text: str, face: str, size: float, width: float, where: Where,
            problems: Problems) -> bool:
    """Whether a line of text set at `size` fits `width`; if not, a problem naming it (at
    where, its field followed by the text)."""
    if text_width(text, face, size) <= width:
        return True
    too_long(where.at(f"{where.field}: '{text[:40]}'" if where.field else text[:40]),
             problems, size)
    return False


def field_ops(label: str, x: float, y: float, width: float, where: Where,
              problems: Problems) -> list[Op]:
    """'Label: ________' as text and a line to write on; a label that leaves no room for
    the line is a problem."""
    fits_in(label + ":", "regular", 10, width - 2 * MM - WRITE_ON, where, problems)
    ops: list[Op] = [Text(x, y, label + ":", "regular", 10, INK)]
    start = x + text_width(label + ":", "regular", 10) + 2 * MM
    ops.append(Line(start, y - 1.5, x + width, y - 1.5, GRID, 0.5))
    return ops


def scorepad_pages(pad: ScorepadText, players: int, paper: tuple[float, float],
                   where: Where, problems: Problems, theme: Theme = DEFAULT) -> list[Face]:
    texts = [pad.title, pad.player, pad.date, pad.formula, pad.example, pad.total,
             pad.ranking_title, *pad.columns, *legend_items(pad), *pad.ranking_columns,
             *pad.place_labels] + [r.state_code + r.state_name for r in pad.rounds]
    if not check_glyphs(texts, where, problems):
        return []
    pages = [page for n in range(1, players + 1)
             for page in player_pages(pad, n, paper, where, problems)]
    pages.append(ranking_page(pad, players, paper, where, problems))
    return [with_logo(recoloured(page, theme, SHEETS), theme, problems, "scorepad heading")
            for page in pages]


def legend_items(pad: ScorepadText) -> list[str]:
    return [item for group in pad.legend for item in group]


def with_logo(face: Face, theme: Theme, problems: Problems, used: str) -> Face:
    """A plain sheet with the theme's logo in its top margin, at the right (a score pad
    or a line sheet: their headings hold the title at the left)."""
    if theme.logo is None:
        return face
    w = min(LOGO_W, theme.logo.width * SHEET_LOGO_H / theme.logo.height)
    box = (face.width - SHEET_MARGIN - w, face.height - SHEET_MARGIN - SHEET_LOGO_H, w,
           SHEET_LOGO_H)
    return replace(face, ops=face.ops + tuple(picture_ops(theme.logo, box, used, theme,
                                                          problems)))


def blank_scorepad(pad: ScorepadText, paper: tuple[float, float], where: Where,
                   problems: Problems, theme: Theme = DEFAULT) -> list[Face]:
    """A score sheet without a player number: a master to copy for any number of players."""
    texts = [pad.title, pad.player, pad.date, pad.formula, pad.example, pad.total,
             *pad.columns, *legend_items(pad)] + [r.state_code + r.state_name
                                                  for r in pad.rounds]
    if not check_glyphs(texts, where, problems):
        return []
    return [with_logo(recoloured(page, theme, SHEETS), theme, problems, "scorepad heading")
            for page in player_pages(pad, None, paper, where, problems)]


def player_pages(pad: ScorepadText, player: int | None, paper: tuple[float, float],
                where: Where, problems: Problems) -> list[Face]:
    """Player `player`'s score sheet (None: a blank one, without a number): one sheet, or
    on paper too short for every round at a row a hand writes in (A5), the rounds shared
    over sheets with the same heading, the total on the last."""
    pw, ph = paper
    x, width, top = SHEET_MARGIN, pw - 2 * SHEET_MARGIN, ph - SHEET_MARGIN
    name = f"scorepad-{player or 'blank'}"
    ops: list[Op] = []
    label = f"{pad.player} {player}" if player is not None else pad.player
    ops += field_ops(label, x, top - 30, width * 0.62, where, problems)
    ops += field_ops(pad.date, x + width * 0.68, top - 30, width * 0.32, where, problems)
    legend = fit((Para(pad.formula, "strong"), Para(pad.example, "note"),
                  *(Para(SEPARATOR.join(group), "note") for group in pad.legend)),
                 width, 24 * MM, 9)
    if legend is None:
        too_long(where.at("scorepad.legend"), problems, 6)
        return [Face(name, pw, ph, 0, tuple(header_ops(pad.title, x, top, width, where,
                                                       problems) + ops))]
    ops += placed_ops(legend[0], x, top - 38, width, INK)
    table_top = top - 38 - legend[0][-1].dy - 4 * MM
    for f, head in zip(COLUMNS, pad.columns, strict=False):
        fits_in(head, "bold", 6, f * width - HEAD_PAD, where.at("scorepad.columns"), problems)
    parts = round_parts(len(pad.rounds), pad.entries_per_round, table_top - SHEET_MARGIN)
    if not parts or len(parts) > len(pad.carried) + 1:
        problems.add(where.at("scorepad.rounds"), (
            f"a round's {pad.entries_per_round} rows do not fit under the sheet's heading"
            if not parts else f"a player's rounds take {len(parts)} sheets (at most "
            f"{len(pad.carried) + 1})") + f" at {ROW_MIN / MM:g} mm a row; choose a taller "
            "paper")
        return [Face(name, pw, ph, 0, tuple(header_ops(pad.title, x, top, width, where,
                                                       problems) + ops))]
    # the head and the total (a subtotal), and on a later sheet the sum carried to it
    rows = max(parts) * pad.entries_per_round + 2 + (len(parts) > 1)
    row_h = min(ROW_MAX, (table_top - SHEET_MARGIN) / rows)
    split = len(parts) > 1
    sums = [pad.total, *([pad.subtotal, *pad.carried[:len(parts) - 1]] if split else [])]
    for label in sums:  # at the left of the box, the sum written at its right
        fits_in(label, "bold", row_size(row_h) + 1,
                (COLUMNS[3] + SUM_LABEL * COLUMNS[4]) * width - 2 * MM,
                where.at("scorepad.total"), problems)
    faces, first = [], 0
    for i, count in enumerate(parts):
        rounds = pad.rounds[first:first + count]
        first += count
        # a player's sheets are numbered in the title (checked once: they are alike)
        title = pad.title if len(parts) == 1 else f"{pad.title} ({i + 1}/{len(parts)})"
        heading: list[Op] = header_ops(title, x, top, width, where, problems) if i == 0 \
            else [Text(x, top - 16, title, "bold", 16, INK)]
        last = i == len(parts) - 1
        table = table_ops(pad, rounds, x, table_top, width, row_h,
                          pad.total if last else pad.subtotal,
                          pad.carried[i - 1] if i else "")
        faces.append(Face(name if i == 0 else f"{name}-{i + 1}", pw, ph, 0,
                          tuple(heading + ops + table)))
    return faces


def round_parts(rounds: int, entries: int, room: float) -> list[int]:
    """How many rounds each sheet holds: all on one when their rows (with the head and
    the total) fit `room` at ROW_MIN, else shared as evenly as can be over the fewest
    sheets that hold them (each with a row more, the sum carried from the sheet before);
    none when not even one round fits."""
    fit = int(room / ROW_MIN + 1e-9)
    if (fit - 2) // entries >= rounds:
        return [rounds]
    per_sheet = (fit - 3) // entries
    if per_sheet < 1:
        return []
    sheets = -(-rounds // per_sheet)
    return [rounds // sheets + (1 if i < rounds % sheets else 0) for i in range(sheets)]


def table_ops(pad: ScorepadText, rounds: tuple[RoundText, ...], x: float, top: float,
              width: float, row_h: float, total: str, carried: str = "") -> list[Op]:
    """Rows grouped by round (round and clothing state at the left), then the box of the
    `total` (a subtotal on a sheet a player's rounds go on from); on a sheet they go on
    to, first the box of the sum `carried` from the sheet before."""
    xs = [x]
    for f in COLUMNS:
        xs.append(xs[-1] + f * width)
    head_size = min([9.0, row_h * 0.55] + [
        9.0 * (f * width - HEAD_PAD) / text_width(head, "bold", 9.0)
        for f, head in zip(COLUMNS, pad.columns, strict=False) if head])
    ops: list[Op] = [Rect(x, top - row_h, width, row_h, fill="#DADADA", stroke=GRID)]
    for i, head in enumerate(pad.columns):
        ops.append(Text((xs[i] + xs[i + 1]) / 2, top - row_h + 0.3 * row_h, head, "bold",
                        head_size, INK, "centre"))
    y = top - row_h
    size = row_size(row_h)
    if carried:
        ops += sum_ops(carried, xs, y, row_h, size)
        ops.append(Line(x, y - row_h, x + width, y - row_h, GRID, 0.8))
        y -= row_h
    rounds_top = y  # the columns are ruled in the head and beside the rounds
    for r in rounds:
        block = row_h * pad.entries_per_round
        if r.number % 2 == 0:
            ops.append(Rect(x, y - block, width, block, fill=SHADE))
        ops.append(Text(xs[0] + 2 * MM, y - row_h * 0.7, f"{r.number}", "bold", size + 1, INK))
        ops.append(Text(xs[0] + 9 * MM, y - row_h * 0.7, f"{r.state_code} · {r.state_name}",
                        "regular", size, INK))
        for k in range(1, pad.entries_per_round + 1):
            ops.append(Line(xs[1], y - k * row_h, x + width, y - k * row_h, GRID, 0.3))
        ops.append(Line(x, y - block, x + width, y - block, GRID, 0.8))
        y -= block
    ops += sum_ops(total, xs, y, row_h, size)
    for xv in xs[1:-1]:
        ops.append(Line(xv, top, xv, top - row_h, GRID, 0.5))
        ops.append(Line(xv, rounds_top, xv, y, GRID, 0.5))
    ops.append(Rect(x, y, width, top - y, stroke=INK, width=1.0))
    return ops


def row_size(row_h: float) -> float:
    """The size of a round's text in a row `row_h` high (a sum's label is a point larger)."""
    return min(9.0, row_h * 0.5)


def sum_ops(label: str, xs: list[float], y: float, row_h: float, size: float) -> list[Op]:
    """A framed box over the count and points columns, in the row below `y`, for a sum
    written by hand: its label at the box's left, the sum written at its right."""
    return [Rect(xs[3], y - row_h, xs[5] - xs[3], row_h, stroke=INK, width=1.2),
            Text(xs[3] + 2 * MM, y - row_h * 0.7, label, "bold", size + 1, INK)]


def ranking_page(pad: ScorepadText, players: int, paper: tuple[float, float],
                 where: Where, problems: Problems) -> Face:
    pw, ph = paper
    x, width, top = SHEET_MARGIN, pw - 2 * SHEET_MARGIN, ph - SHEET_MARGIN
    ops = header_ops(pad.ranking_title, x, top, width, where, problems)
    ops += field_ops(pad.date, x, top - 30, width * 0.4, where, problems)
    row_h = min(12 * MM, (top - 44 - SHEET_MARGIN) / (players + 1))
    if row_h < RANKING_ROW_MIN:
        problems.add(where.at("scorepad.ranking"), f"the ranking's {players} rows do not fit "
                     f"the sheet at {RANKING_ROW_MIN / MM:g} mm a row; choose a taller paper")
    xs = [x, x + 0.15 * width, x + 0.75 * width, x + width]
    for i, head in enumerate(pad.ranking_columns):
        fits_in(head, "bold", 11, xs[i + 1] - xs[i] - 2 * MM, where, problems)
    for place in pad.place_labels[:players]:
        fits_in(place, "bold", 12, xs[1] - xs[0] - 2 * MM, where, problems)
    y = top - 44
    ops.append(Rect(x, y - row_h, width, row_h, fill="#DADADA", stroke=GRID))
    for i, head in enumerate(pad.ranking_columns):
        ops.append(Text((xs[i] + xs[i + 1]) / 2, y - row_h * 0.62, head, "bold", 11, INK,
                        "centre"))
    for n in range(players):
        y -= row_h
        ops.append(Rect(x, y - row_h, width, row_h, stroke=GRID))
        ops.append(Text((xs[0] + xs[1]) / 2, y - row_h * 0.62, pad.place_labels[n], "bold", 12,
                        INK, "centre"))
    for xv in xs[1:-1]:
        ops.append(Line(xv, top - 44, xv, y - row_h, GRID, 0.5))
    return Face("ranking", pw, ph, 0, tuple(ops))


def lines_page(lines: LinesText, paper: tuple[float, float], where: Where,
               problems: Problems, theme: Theme = DEFAULT) -> Face | None:
    face = plain_lines_page(lines, paper, where, problems)
    if face is None:
        return None
    return with_logo(recoloured(face, theme, SHEETS), theme, problems, "lines heading")


def plain_lines_page(lines: LinesText, paper: tuple[float, float], where: Where,
                     problems: Problems) -> Face | None:
    pw, ph = paper
    x, width, top = SHEET_MARGIN, pw - 2 * SHEET_MARGIN, ph - SHEET_MARGIN
    if not check_glyphs([lines.title, lines.line, lines.instruction, lines.buyoff,
                         lines.name_label], where, problems):
        return None
    ops = header_ops(lines.title, x, top, width, where, problems)
    ops += field_ops(lines.name_label, x, top - 30, width * 0.6, where, problems)
    model = fit((Heading(lines.line),), width - 8 * MM, 30 * MM, 14)
    notes = fit((Para(lines.instruction), Para(lines.buyoff, "note")), width, 16 * MM, 10)
    if model is None or notes is None:
        too_long(where.at(f"penalty_lines.{lines.id}"), problems, 6)
        return None
    box_h = model[0][-1].dy + 8 * MM
    box_top = top - 40
    ops.append(Rect(x, box_top - box_h, width, box_h, fill="#F3F0E6", stroke=INK, width=1.0))
    ops += placed_ops(model[0], x + 4 * MM, box_top - 4 * MM, width - 8 * MM, INK)
    ops += placed_ops(notes[0], x, box_top - box_h - 4 * MM, width, INK)
    y = box_top - box_h - 8 * MM - notes[0][-1].dy
    spacing = 10 * MM
    number = 1
    while y - spacing >= SHEET_MARGIN:
        y -= spacing
        ops.append(Text(x, y + 1.5, f"{number}.", "regular", 9, "#777777"))
        ops.append(Line(x + 8 * MM, y, x + width, y, GRID, 0.5))
        number += 1
    return Face(f"lines-{lines.id}", pw, ph, 0, tuple(ops))
