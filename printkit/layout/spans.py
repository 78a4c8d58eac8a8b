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
    cannot be set in the width even when broken at its points of `level` (hyphens). A
    last line of one word takes the word before it along (see pulled)."""
    room = width * 1000.0 / size
    lines: list[list[Span]] = []
    whole: list[list[Word] | None] = []  # each line's words, if none of them is broken
    line: Word = []
    ws: list[Word] | None = []
    used = 0
    for word in words(spans, keep):
        space = metrics(line[-1][1]).units(" ") if line else 0
        need = units(word)
        if used + space + need <= room:
            line += ([(" ", line[-1][1])] if line else []) + word
            used += space + need
            ws = None if ws is None else [*ws, word]
            continue
        if need <= room:
            if line:
                lines.append(merged(line))
                whole.append(ws)
            line, used, ws = list(word), need, [word]
            continue
        pieces = broken(word, room - used - space, room, lang, level) if line else None
        if pieces is None:
            if line:
                lines.append(merged(line))
                whole.append(ws)
                line, used = [], 0
            pieces = broken(word, room, room, lang, level)
            if pieces is None:
                return None
        role = word[0][1]
        lines.append(merged(line + ([(" ", line[-1][1])] if line else []) + [pieces[0]]))
        whole.append(None)
        lines += [[piece] for piece in pieces[1:-1]]
        whole += [None] * (len(pieces) - 2)
        line, used, ws = [pieces[-1]], metrics(role).units(pieces[-1][0]), None
    lines.append(merged(line))
    whole.append(ws)
    pulled(lines, whole, room)
    return [[(text.replace(SHY, ""), role) for text, role in line] for line in lines]


def pulled(lines: list[list[Span]], whole: list[list[Word] | None], room: float) -> None:
    """A paragraph's last line of a single word (a runt: "… het / monopolie.") takes the
    last word of the line above along, as a typesetter pulls it down, when that line keeps
    two words or more and the two fit the width. Lines holding a broken word stay."""
    above, last = (whole[-2], whole[-1]) if len(whole) > 1 else (None, None)
    if above is None or last is None or len(last) != 1 or len(above) < 3:
        return
    down = [above[-1], last[0]]
    if units(down[0]) + metrics(down[0][-1][1]).units(" ") + units(down[1]) > room:
        return
    lines[-2:] = [joined(above[:-1]), joined(down)]


def joined(ws: list[Word]) -> list[Span]:
    """Words as one line of runs, a space (in the face before it) between words."""
    line: list[Span] = []
    for word in ws:
        line += ([(" ", line[-1][1])] if line else []) + word
    return merged(line)


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
