"""Measure, wrap and shrink text to fit a box, using the bundled fonts' metrics.

Text that does not fit shrinks in steps down to MIN_SIZE; below that the caller gets
None and reports the item by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.layout.fonts import drawable, metrics
from printkit.localise.kit import Block, Heading, Para, Row

MIN_SIZE = 6.0
STEP = 0.25
NBSP = "\u00a0"
STYLES = {  # paragraph style -> (font role, size factor)
    "body": ("regular", 1.0),
    "strong": ("bold", 1.0),
    "small": ("italic", 0.86),
    "note": ("regular", 0.86),
    "heading": ("bold", 1.0),
}


@dataclass(frozen=True)
class Placed:
    """One laid-out line: offset below the top of the box, text, font, size, alignment."""

    dy: float
    text: str
    role: str
    size: float
    align: str = "left"
    dx: float = 0.0


def wrap(text: str, role: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; None if a single word is wider than the box.

    Widths add up exactly (advances in whole font units, no kerning), so a line is
    measured word by word instead of again for every word added.
    """
    m = metrics(role)
    space = m.units(" ")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0
        for word in paragraph.split(" "):
            if not word:
                continue
            units = m.units(word)
            if units * size / 1000.0 > width:
                return None
            if not line:
                line, used = [word], units
            elif (used + space + units) * size / 1000.0 <= width:
                line.append(word)
                used += space + units
            else:
                lines.append(" ".join(line))
                line, used = [word], units
        lines.append(" ".join(line))
    return lines


def flow(blocks: tuple[Block, ...], width: float, size: float,
         leading: float = 1.22, gap: float = 0.45) -> tuple[list[Placed], float] | None:
    """Lay out blocks top-down at base size `size`; returns lines and total height."""
    placed: list[Placed] = []
    y = 0.0
    for i, block in enumerate(blocks):
        if i:
            y += gap * size
        lines = _block(block, width, size, leading, y)
        if lines is None:
            return None
        placed.extend(lines)
        if lines:
            y = lines[-1].dy + lines[-1].size * (leading - 1.0) * 0.5
    return placed, y


def _block(block: Block, width: float, size: float, leading: float,
           y: float) -> list[Placed] | None:
    if isinstance(block, Row):
        return _row(block, width, size, leading, y)
    role, factor = STYLES["heading"] if isinstance(block, Heading) else STYLES[
        block.style if isinstance(block, Para) else "body"]
    s = size * factor
    lines = wrap(block.text, role, s, width)
    if lines is None:
        return None
    return [Placed(y + (n + 1) * s * leading - s * (leading - 1.0), line, role, s)
            for n, line in enumerate(lines)]


def _row(row: Row, width: float, size: float, leading: float, y: float) -> list[Placed] | None:
    """Label left, value right on one line, or the value on its own line when too long."""
    reg, bold = metrics("regular"), metrics("bold")
    label_w, value_w = reg.width(row.label, size), bold.width(row.value, size)
    line_h = size * leading
    if label_w + value_w + size <= width:
        base = y + line_h - size * (leading - 1.0)
        return [Placed(base, row.label, "regular", size),
                Placed(base, row.value, "bold", size, "right", width)]
    label = wrap(row.label, "regular", size, width)
    value = wrap(row.value, "bold", size, width)
    if label is None or value is None:
        return None
    out = [Placed(y + (n + 1) * line_h - size * (leading - 1.0), t, "regular", size)
           for n, t in enumerate(label)]
    y2 = out[-1].dy + size * (leading - 1.0)
    out += [Placed(y2 + (n + 1) * line_h - size * (leading - 1.0), t, "bold", size, "right",
                   width) for n, t in enumerate(value)]
    return out


def fit(blocks: tuple[Block, ...], width: float, height: float, size: float,
        min_size: float = MIN_SIZE) -> tuple[list[Placed], float] | None:
    """The largest base size ≤ size at which blocks fit the box, with every line ≥ min_size."""
    smallest = min((STYLES["small"][1] if isinstance(b, Para) and b.style in ("small", "note")
                    else 1.0) for b in blocks) if blocks else 1.0
    s = size
    while s * smallest >= min_size - 1e-9:
        result = flow(blocks, width, s)
        if result is not None and result[1] <= height:
            return result[0], s
        s -= STEP
    return None


def missing_glyphs(texts: list[str]) -> list[str]:
    """Characters some font role cannot draw (spaces and line breaks aside)."""
    return sorted(set("".join(texts)) - drawable() - {" ", NBSP, "\n", "\r", "\t"})
