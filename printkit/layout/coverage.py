"""Glyph coverage: no character prints as an empty box (glyph 0, `.notdef`).

A character is printed in the font of its role (body, heading, italic, numbers), and a
font that lacks it would print the empty box in its place. So:

- the texts a layout sets (game texts, labels) are checked as it sets them
  (`printkit.layout.problems.check_glyphs`): a located error at the text's line;
- a pictogram (an arrow, a card suit, a star: `printkit.layout.fonts.PICTOGRAMS`) that a
  chosen font lacks is borrowed from the role's bundled face (DejaVu Sans Condensed): layout
  measures it with that face's width, and `covered_ops` draws it from that face;
- every page is walked before it is drawn (`covered_ops`, called for each page by
  `printkit.impose.glyphs`), so whatever else a role's font lacks (a currency sign in a
  numbers font, a label) is found there; the borrowed pictograms are reported too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby

from printkit.layout.fonts import BUNDLED, metrics
from printkit.layout.ops import Group, Op, Text

SPACES = frozenset(" \n\r\t\u00ad")  # not drawn (a soft hyphen: render drops it)
Uses = dict[tuple[str, str], str]  # (role, character) -> the first text holding it


@dataclass
class Found:
    """Characters of a drawing that its roles' fonts lack: drawn from the bundled face
    (borrowed pictograms) or not drawable at all (missing)."""

    borrowed: Uses = field(default_factory=dict)
    missing: Uses = field(default_factory=dict)


def named(ch: str) -> str:
    """A character as messages name it: '←' (U+2190)."""
    return f"'{ch}' (U+{ord(ch):04X})"


def covered_ops(ops: tuple[Op, ...], found: Found) -> tuple[Op, ...]:
    """The drawing with each text that holds a borrowed pictogram set in runs, the
    pictograms in the role's bundled face (the same tuple when nothing changes); what its
    fonts lack goes to `found`."""
    out: list[Op] = []
    changed = False
    for op in ops:
        if isinstance(op, Text):
            runs = text_runs(op, found)
            changed |= runs != (op,)
            out += runs
        elif isinstance(op, Group):
            inner = covered_ops(op.ops, found)
            changed |= inner is not op.ops
            out.append(op if inner is op.ops else replace(op, ops=inner))
        else:
            out.append(op)
    return tuple(out) if changed else ops


def text_runs(op: Text, found: Found) -> tuple[Text, ...]:
    """A text as drawn: itself, or runs left to right where it borrows pictograms (at the
    widths layout measured it with: the borrowed widths are the bundled face's)."""
    face = metrics(op.font)
    for ch in op.text:
        if ch not in face.widths and ch not in SPACES:
            found.missing.setdefault((op.font, ch), op.text)
    if not face.borrowed.intersection(op.text):
        return (op,)
    total = face.width(op.text, op.size)
    x = op.x - {"centre": total / 2, "right": total}.get(op.align, 0.0)
    runs = []
    for borrowed, chars in groupby(op.text, lambda ch: ch in face.borrowed):
        run = "".join(chars)
        for ch in run if borrowed else "":
            found.borrowed.setdefault((op.font, ch), op.text)
        runs.append(Text(x, op.y, run, op.font + BUNDLED if borrowed else op.font, op.size,
                         op.colour, "left"))
        x += face.width(run, op.size)
    return tuple(runs)
