"""Measure, wrap and shrink text to fit a box, using the bundled fonts' metrics.

Text that does not fit shrinks in steps down to MIN_SIZE; below that the caller gets
None and reports the item by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.colour.contrast import ink_on, small_text_ground
from printkit.layout.fonts import Metrics, draws, metrics
from printkit.layout.hyphens import AUTHOR, COMPOUND, SHY, SYLLABLE, glue, narrowest, split
from printkit.localise.kit import Block, Heading, Para, Row, Table

MIN_SIZE = 6.0
STEP = 0.25
NBSP = "\u00a0"
STYLES = {  # paragraph style -> (font role, size factor)
    "body": ("regular", 1.0),
    "strong": ("bold", 1.0),
    "number": ("numbers", 1.0),  # a price or amount on its own (bold unless a theme chooses)
    "small": ("italic", 0.86),
    "note": ("regular", 0.86),
    "heading": ("bold", 1.0),
}


TABLE_HEAD = "#E4E4E4"  # head cells of a table without a fill of their own
HEAD_PAD = 0.5  # a head cell's text from the edges of its fill, in ems
TABLE_RULE = "#8A8A8A"


@dataclass(frozen=True)
class Placed:
    """One laid-out line: offset below the top of the box, text, font, size, alignment.

    align: left (the caller may centre it), right (right edge at dx), at (left edge at
    dx) or middle (centred on dx). A table adds boxes (kind "box": a filled rectangle
    w × h whose bottom lies dy below the top, from dx) and ends with an "end" marker at its
    bottom; `colour` overrides the caller's ink (text on a coloured head cell).
    """

    dy: float
    text: str
    role: str
    size: float
    align: str = "left"
    dx: float = 0.0
    kind: str = "text"
    w: float = 0.0
    h: float = 0.0
    fill: str = ""
    colour: str = ""


def wrap(text: str, role: str, size: float, width: float, lang: str = "",
         keep: bool = True, level: int = SYLLABLE) -> list[str] | None:
    """Greedy word wrap; None if a word is wider than the box and cannot be broken.

    A word too wide for a line of its own breaks at the point of `lang` (at `level` or
    better, see hyphens) that fills the line best, before the caller shrinks the text.
    With `keep`, numbers stay with their units and short formulas stay whole (no-break
    spaces, see hyphens.glue). Widths add up exactly (advances in whole font units, no
    kerning), so a line is measured word by word instead of again for every word added.
    Soft hyphens print only where a line ends at one. A paragraph's last line of one word
    takes the word before it along (see pulled).
    """
    m = metrics(role)
    space = m.units(" ")
    room = width * 1000.0 / size
    lines: list[str] = []
    for paragraph in (glue(text) if keep else text).split("\n"):
        start = len(lines)
        whole: list[list[str] | None] = []  # each line's words, if none of them is broken
        line: list[str] = []
        used, cut = 0, False  # cut: the line begins with the last piece of a broken word
        for word in paragraph.split(" "):
            if not word:
                continue
            units = m.units(word)
            if line and used + space + units <= room:
                line.append(word)
                used += space + units
                continue
            if units <= room:
                if line:
                    lines.append(" ".join(line))
                    whole.append(None if cut else line)
                line, used, cut = [word], units, False
                continue
            pieces = split(word, m, room - used - space, room, lang, level) if line else None
            if pieces is None:
                if line:
                    lines.append(" ".join(line))
                    whole.append(None if cut else line)
                    line = []
                pieces = split(word, m, room, room, lang, level)
                if pieces is None:
                    return None
            lines.append(" ".join([*line, pieces[0][0]]))
            lines += [piece for piece, _ in pieces[1:-1]]
            whole += [None] * (len(pieces) - 1)
            line, used, cut = [pieces[-1][0]], pieces[-1][1], True
        lines.append(" ".join(line))
        whole.append(None if cut else line)
        pulled(lines, whole, m, room)
        lines[start:] = [unseparated(line) for line in lines[start:]]
    return [line.replace(SHY, "") for line in lines] if SHY in text else lines


SEPARATORS = ("·", "•")  # between the parts of a line ("TITLE DEED · MAASTRICHT")


def unseparated(line: str) -> str:
    """A line without a separator dot at its end or start: where the line breaks, the
    break separates ("EIGENDOMSBEWIJS · / MAASTRICHT" reads "EIGENDOMSBEWIJS /
    MAASTRICHT")."""
    words = line.split(" ")
    while len(words) > 1 and words[-1] in SEPARATORS:
        words.pop()
    while len(words) > 1 and words[0] in SEPARATORS:
        words.pop(0)
    return " ".join(words)


def pulled(lines: list[str], whole: list[list[str] | None], m: Metrics, room: float) -> None:
    """A paragraph's last line of a single word (a runt: "… die je / bezit.") takes the
    last word of the line above along, as a typesetter pulls it down, when that line keeps
    two words or more and the two fit the width (`room`, in font units). `whole`: the
    paragraph's lines as words (None for a line holding a piece of a broken word)."""
    above, last = (whole[-2], whole[-1]) if len(whole) > 1 else (None, None)
    if above is None or last is None or len(last) != 1 or len(above) < 3:
        return
    if m.units(above[-1]) + m.units(" ") + m.units(last[0]) > room:
        return
    lines[-2:] = [" ".join(above[:-1]), f"{above[-1]} {last[0]}"]


def flow(blocks: tuple[Block, ...], width: float, size: float, leading: float = 1.22,
         gap: float = 0.45, lang: str = "", breaking: Breaking = (SYLLABLE, AUTHOR)
         ) -> tuple[list[Placed], float] | None:
    """Lay out blocks top-down at base size `size`; returns lines and total height."""
    placed: list[Placed] = []
    y = 0.0
    for i, block in enumerate(blocks):
        if i:
            y += gap * size
        lines = _block(block, width, size, leading, y, lang, breaking)
        if lines is None:
            return None
        placed.extend(lines)
        if lines:
            y = lines[-1].dy + lines[-1].size * (leading - 1.0) * 0.5
    return placed, y


def _block(block: Block, width: float, size: float, leading: float,
           y: float, lang: str, breaking: Breaking) -> list[Placed] | None:
    if isinstance(block, Row):
        return _row(block, width, size, leading, y, lang, breaking[1])
    if isinstance(block, Table):
        return _table(block, width, size, leading, y, lang, breaking[1])
    role, factor = STYLES["heading"] if isinstance(block, Heading) else STYLES[
        block.style if isinstance(block, Para) else "body"]
    s = size * factor
    lines = wrap(block.text, role, s, width, lang, level=breaking[0])
    if lines is None:
        return None
    return [Placed(y + (n + 1) * s * leading - s * (leading - 1.0), line, role, s)
            for n, line in enumerate(lines)]


def _row(row: Row, width: float, size: float, leading: float, y: float,
         lang: str, level: int) -> list[Placed] | None:
    """Label left, value right on its first line (the label wrapping beside the value, so
    the value stays in line with those of the rows above; beside a value of half the width
    or more in two lines of whole words in the third of the width left at least), or the
    value on a line of its own when the label cannot wrap beside it."""
    reg, numbers = metrics("regular"), metrics("numbers")
    label_w, value_w = reg.width(row.label, size), numbers.width(row.value, size)
    line_h = size * leading
    base = y + line_h - size * (leading - 1.0)
    beside: list[str] | None = [row.label]
    room = width - value_w - size
    if label_w + value_w + size > width and value_w + size < width / 2:
        beside = wrap(row.label, "regular", size, room, lang, level=level)
    elif label_w + value_w + size > width:  # a long value ("€ 50 + 4 huizen")
        beside = wrap(row.label, "regular", size, room, lang, level=AUTHOR) \
            if room >= width / 3 else None
        beside = beside if beside is not None and len(beside) <= 2 else None
    if beside is not None:
        lines = [Placed(base + n * line_h, t, "regular", size) for n, t in enumerate(beside)]
        return [lines[0], Placed(base, row.value, "numbers", size, "right", width),
                *lines[1:]]  # in reading order, the lowest last
    label = wrap(row.label, "regular", size, width, lang, level=level)
    value = wrap(row.value, "numbers", size, width, lang, level=level)
    if label is None or value is None:
        return None
    out = [Placed(y + (n + 1) * line_h - size * (leading - 1.0), t, "regular", size)
           for n, t in enumerate(label)]
    y2 = out[-1].dy + size * (leading - 1.0)
    out += [Placed(y2 + (n + 1) * line_h - size * (leading - 1.0), t, "numbers", size,
                   "right", width) for n, t in enumerate(value)]
    return out


def _table(table: Table, width: float, size: float, leading: float,
           y: float, lang: str, level: int) -> list[Placed] | None:
    """Rows of wrapped cells, each row as tall as its tallest cell; head cells on a
    coloured band (their text centred in height), a thin rule between body rows."""
    columns = len(table.rows[0]) if table.rows else 0
    if not columns:
        return []
    pad_x, pad_y, line_h = size * 0.3, size * 0.22, size * leading
    widths = column_widths(table, width, size, 2 * pad_x, lang, level, 2 * HEAD_PAD * size)
    if widths is None:
        return None
    xs = [sum(widths[:i]) for i in range(columns)]
    fills = [small_text_ground((table.fills[c] if c < len(table.fills) else None)
                               or TABLE_HEAD, size) for c in range(columns)]
    aligns = [table.align[c] if c < len(table.align) else "left" for c in range(columns)]
    out: list[Placed] = []
    top = y
    for r, row in enumerate(table.rows):
        cells = []
        for c, cell in enumerate(row):
            role = "bold" if r == 0 or (c == 0 and table.strong_first) else "regular"
            lines = wrap(cell, role, size, widths[c] - 2 * (HEAD_PAD * size if r == 0
                                                            else pad_x), lang, level=level) \
                if cell else []
            if lines is None:
                return None
            cells.append((role, lines))
        tallest = max(1, *(len(lines) for _, lines in cells))
        bottom = top + tallest * line_h + 2 * pad_y
        if r == 0:
            out += [Placed(bottom, "", "regular", size, "at", xs[c], "box", widths[c],
                           bottom - top, fills[c]) for c in range(columns)]
        elif r > 1:
            out.append(Placed(top + 0.2, "", "regular", size, "at", 0.0, "box", width, 0.4,
                              TABLE_RULE))
        for c, (role, lines) in enumerate(cells):
            drop = (tallest - len(lines)) * line_h / 2 if r == 0 else 0.0
            inset = HEAD_PAD * size if r == 0 else pad_x
            dx = {"right": xs[c] + widths[c] - inset,
                  "centre": xs[c] + widths[c] / 2}.get(aligns[c], xs[c] + inset)
            align = {"right": "right", "centre": "middle"}.get(aligns[c], "at")
            out += [Placed(top + drop + pad_y + (n + 1) * line_h - size * (leading - 1.0),
                           text, role, size, align, dx, colour=ink_on(fills[c]) if r == 0
                           else "") for n, text in enumerate(lines)]
        top = bottom
    out.append(Placed(top, "", "regular", size, kind="end"))
    return out


def column_widths(table: Table, width: float, size: float, pad: float, lang: str,
                  level: int, head_pad: float | None = None) -> list[float] | None:
    """The table's columns as its `weights` share the width (equal without), each widened
    to hold its widest word (broken at `level`) and its `pad` (`head_pad` in the head
    row) at the cost of the columns with room to spare; None if the words cannot all
    fit."""
    columns = len(table.rows[0])
    weights = table.weights if len(table.weights) == columns else (1.0,) * columns
    shares = [width * w / sum(weights) for w in weights]
    need = [0.0] * columns
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row[:columns]):
            m = metrics("bold" if r == 0 or (c == 0 and table.strong_first) else "regular")
            inset = pad if r or head_pad is None else head_pad
            for word in glue(cell).split(" "):
                if word:
                    units = m.units(word)
                    if units * size / 1000.0 + inset > need[c]:
                        units = narrowest(word, m, lang, level)
                    need[c] = max(need[c], units * size / 1000.0 + inset)
    if sum(need) > width + 1e-6:
        return None
    short = sum(max(0.0, n - w) for n, w in zip(need, shares, strict=True))
    spare = sum(max(0.0, w - n) for n, w in zip(need, shares, strict=True))
    return [n if n >= w else w - short * (w - n) / spare
            for n, w in zip(need, shares, strict=True)]


Breaking = tuple[int, int]  # how far words may break (hyphens.AUTHOR, …): in text, in tables
RUNNING: tuple[Breaking, ...] = ((SYLLABLE, AUTHOR), (SYLLABLE, SYLLABLE))
NAMES: tuple[Breaking, ...] = ((AUTHOR, AUTHOR), (COMPOUND, COMPOUND), (SYLLABLE, SYLLABLE))
BOARD_NAMES: tuple[Breaking, ...] = ((COMPOUND, AUTHOR), (SYLLABLE, SYLLABLE))
WHOLE_PARTS: tuple[Breaking, ...] = BOARD_NAMES[:1]  # a board's name broken at its words and
# compounds only, never between syllables (the heat map of printkit analyse)


def fit(blocks: tuple[Block, ...], width: float, height: float, size: float,
        min_size: float = MIN_SIZE, lang: str = "",
        breaking: tuple[Breaking, ...] = RUNNING) -> tuple[list[Placed], float] | None:
    """The largest base size ≤ size at which blocks fit the box, with every line ≥ min_size,
    words too long for a line broken at their points in `lang` as the first of `breaking`
    allows (running text: anywhere, names in tables whole); only if nothing fits at the
    smallest size does the next allow more. A title keeps its names whole (NAMES), a
    board square breaks them at compounds (BOARD_NAMES)."""
    smallest = min((STYLES["small"][1] if isinstance(b, Para) and b.style in ("small", "note")
                    else 1.0) for b in blocks) if blocks else 1.0
    for allowed in breaking:
        s = size
        while s * smallest >= min_size - 1e-9:
            result = flow(blocks, width, s, lang=lang, breaking=allowed)
            if result is not None and result[1] <= height:
                return result[0], s
            s -= STEP
    return None


def missing_glyphs(texts: list[str]) -> list[str]:
    """Characters some font role cannot draw (spaces, line breaks and soft hyphens aside:
    render drops those)."""
    return sorted(ch for ch in set("".join(texts)) - {" ", NBSP, "\n", "\r", "\t", SHY}
                  if not draws(ch))
