"""Wrap text set in several faces (bold and italic runs of a booklet paragraph) into lines
of runs, and draw them; words too long for a line break at their hyphenation points."""

from __future__ import annotations

from printkit.layout.fonts import metrics
from printkit.layout.hyphens import breaks, glue
from printkit.layout.ops import Text
from printkit.localise.kit_booklet import Span

Word = list[Span]  # the pieces of one word (between spaces), each in its face


def words(spans: tuple[Span, ...]) -> list[Word]:
    """The words of the runs; a word may change face inside (**bold**, then a comma)."""
    out: list[Word] = [[]]
    for text, role in spans:
        for n, piece in enumerate(glue(text).split(" ")):
            if n:
                out.append([])
            if piece:
                out[-1].append((piece, role))
    return [w for w in out if w]


def units(word: Word) -> int:
    return sum(metrics(role).units(text) for text, role in word)


def wrap_spans(spans: tuple[Span, ...], size: float, width: float,
               lang: str = "") -> list[list[Span]] | None:
    """Lines of runs (adjacent runs of one face merged, spaces included); None if a word
    cannot be set in the width even after hyphenation."""
    room = width * 1000.0 / size
    lines: list[list[Span]] = []
    line: Word = []
    used = 0
    pending = words(spans)
    pending.reverse()
    while pending:
        word = pending.pop()
        space = metrics(line[-1][1]).units(" ") if line else 0
        need = units(word)
        if used + space + need <= room:
            line += ([(" ", line[-1][1])] if line else []) + word
            used += space + need
            continue
        split = hyphenated(word, room - used - space if line else room, lang) \
            if need > room else None
        if split is not None:
            head, tail = split
            lines.append(merged(line + ([(" ", line[-1][1])] if line else []) + head))
            line, used = [], 0
            pending.append(tail)
        elif line:
            lines.append(merged(line))
            line, used = [], 0
            pending.append(word)
        elif need <= room:
            line, used = list(word), need
        else:
            return None
    lines.append(merged(line))
    return lines


def hyphenated(word: Word, room: float, lang: str) -> tuple[Word, Word] | None:
    """A word of one face broken at the hyphenation point that fills `room` best."""
    if len(word) != 1:
        return None
    text, role = word[0]
    best = None
    for head, tail in breaks(text, lang):
        if metrics(role).units(head) <= room:
            best = ([(head, role)], [(tail, role)])
    return best


def merged(line: list[Span]) -> list[Span]:
    out: list[Span] = []
    for text, role in line:
        if out and out[-1][1] == role:
            out[-1] = (out[-1][0] + text, role)
        else:
            out.append((text, role))
    return out


def line_ops(line: list[Span], x: float, y: float, size: float, colour: str) -> list[Text]:
    """The runs of one line, left-aligned at x on baseline y."""
    ops = []
    for text, role in line:
        ops.append(Text(x, y, text, role, size, colour))
        x += metrics(role).width(text, size)
    return ops
