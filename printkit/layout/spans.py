"""Wrap text set in several faces (bold and italic runs of a booklet paragraph) into lines
of runs, and draw them; words too long for a line break at their hyphenation points."""

from __future__ import annotations

from printkit.layout.fonts import metrics
from printkit.layout.hyphens import SHY, SYLLABLE, glue, split
from printkit.layout.ops import Text
from printkit.localise.kit_booklet import Span

Word = list[Span]  # the pieces of one word (between spaces), each in its face


def words(spans: tuple[Span, ...], keep: bool = True) -> list[Word]:
    """The words of the runs; a word may change face inside (**bold**, then a comma).
    With `keep`, numbers stay with their units (see hyphens.glue)."""
    out: list[Word] = [[]]
    for text, role in spans:
        for n, piece in enumerate((glue(text) if keep else text).split(" ")):
            if n:
                out.append([])
            if piece:
                out[-1].append((piece, role))
    return [w for w in out if w]


def units(word: Word) -> int:
    return sum(metrics(role).units(text) for text, role in word)


def wrap_spans(spans: tuple[Span, ...], size: float, width: float, lang: str = "",
               level: int = SYLLABLE, keep: bool = True) -> list[list[Span]] | None:
    """Lines of runs (adjacent runs of one face merged, spaces included); None if a word
    cannot be set in the width even when broken at its points of `level` (hyphens)."""
    room = width * 1000.0 / size
    lines: list[list[Span]] = []
    line: Word = []
    used = 0
    for word in words(spans, keep):
        space = metrics(line[-1][1]).units(" ") if line else 0
        need = units(word)
        if used + space + need <= room:
            line += ([(" ", line[-1][1])] if line else []) + word
            used += space + need
            continue
        if need <= room:
            if line:
                lines.append(merged(line))
            line, used = list(word), need
            continue
        pieces = broken(word, room - used - space, room, lang, level) if line else None
        if pieces is None:
            if line:
                lines.append(merged(line))
                line, used = [], 0
            pieces = broken(word, room, room, lang, level)
            if pieces is None:
                return None
        role = word[0][1]
        lines.append(merged(line + ([(" ", line[-1][1])] if line else []) + [pieces[0]]))
        lines += [[piece] for piece in pieces[1:-1]]
        line, used = [pieces[-1]], metrics(role).units(pieces[-1][0])
    lines.append(merged(line))
    return [[(text.replace(SHY, ""), role) for text, role in line] for line in lines]


def broken(word: Word, first: float, room: float, lang: str,
           level: int) -> list[Span] | None:
    """A word of one face in pieces for lines (see hyphens.split); None for a word that
    changes face or cannot be broken to fit."""
    if len(word) != 1:
        return None
    text, role = word[0]
    pieces = split(text, metrics(role), first, room, lang, level)
    return None if pieces is None else [(piece, role) for piece, _ in pieces]


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
