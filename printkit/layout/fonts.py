"""The fonts per role (regular, bold, italic, and numbers: bold unless chosen): the bundled
family, or the files a theme chooses; advance widths and glyph coverage.

Widths come straight from the fonts' hmtx tables (printkit.truetype), in the same
1/1000 em units the PDF writer uses, so measured text is exactly as wide as printed text.

The fonts of a build are chosen for the job that lays out and renders it (`using`): the
layout measures with them and render embeds them, so both always agree.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from printkit.resources import FONTS
from printkit.truetype import advances, glyph_runs, spans

FILES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "bolditalic": "DejaVuSansCondensed-BoldOblique.ttf",
}
SHY = "\u00ad"
DRAWN_AS = {"numbers": "bold"}  # a role without a file of its own: drawn with another's
ROLES = (*FILES, *DRAWN_AS)
BUNDLED = "+bundled"  # role + BUNDLED: the role's bundled face, whatever a theme chose
# Pictograms of the games (arrows, card suits, stars, ticks): a chosen font that lacks one
# borrows it from the role's bundled face (printkit.layout.coverage draws it from there).
PICTOGRAMS = frozenset("←↑→↓↔↕↖↗↘↙⇐⇒⇔★☆♠♣♥♦♤♧♡♢✓✔✗✘•×÷−")
THEME_KEYS = {"regular": "body", "bold": "heading", "italic": "italic",  # as a theme says
              "bolditalic": "bold italic", "numbers": "numbers"}
ASCENT = 0.76  # of the size: cap height and ascenders, for vertical placement
DESCENT = 0.24
Chosen = tuple[tuple[str, Path], ...]  # font role -> file, for the roles a theme sets


@dataclass(frozen=True)
class Metrics:
    """The advance widths of one font face, as layout measures text with them."""

    widths: dict[str, int]  # character -> advance in 1/1000 em
    default: int
    borrowed: frozenset[str] = frozenset()  # pictograms drawn from the bundled face
    measured: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def units(self, text: str) -> int:
        """The advance of text in 1/1000 em (remembered: words recur); a soft hyphen
        takes none (it prints only where a line breaks, as a hyphen)."""
        units = self.measured.get(text)
        if units is None:
            w, d = self.widths, self.default
            units = sum([w.get(ch, d) for ch in text])
            if SHY in text:
                units -= text.count(SHY) * w.get(SHY, d)
            if len(self.measured) > 100_000:
                self.measured.clear()
            self.measured[text] = units
        return units

    def width(self, text: str, size: float) -> float:
        return self.units(text) * size / 1000.0

    def missing(self, text: str) -> list[str]:
        """Characters the font has no glyph for (spaces and line breaks aside)."""
        return sorted({ch for ch in text if ch not in self.widths and ch not in "\n\r\t"})


@dataclass(frozen=True, eq=False)
class InUse:
    """The fonts of a build: the roles a theme chose (role -> file), and for every role its
    file, the name render registers it under and its metrics, each worked out once (text
    asks for them at every line)."""

    chosen: Chosen
    measures: dict[str, Metrics] = field(default_factory=dict, repr=False)
    drawn: dict[str, bool] = field(default_factory=dict, repr=False)

    def chosen_path(self, role: str) -> Path | None:
        own = dict(self.chosen)
        return own.get(role) or own.get(DRAWN_AS.get(role, ""))

    @cached_property
    def paths(self) -> dict[str, Path]:
        """The file of every role, and of every role's bundled face (role + BUNDLED)."""
        bundled = {role: FONTS / FILES[DRAWN_AS.get(role, role)] for role in ROLES}
        return {role: self.chosen_path(role) or path for role, path in bundled.items()} | {
            role + BUNDLED: path for role, path in bundled.items()}

    @cached_property
    def names(self) -> dict[str, str]:
        return {name: f"PrintkitSans-{DRAWN_AS.get(base, base).capitalize()}"
                if name != base or (path := self.chosen_path(base)) is None
                else f"PrintkitTheme-{file_digest(path)}"
                for name in self.paths for base in (name.removesuffix(BUNDLED),)}

    def metrics(self, role: str) -> Metrics:
        found = self.measures.get(role)
        if found is None:
            found = metrics_of(self.paths[role])
            if role in ROLES and self.chosen_path(role) is not None:
                found = borrowing(found, metrics_of(self.paths[role + BUNDLED]))
            self.measures[role] = found
        return found

    def draws(self, ch: str) -> bool:
        """Whether every role can draw `ch` (a chosen font also by the pictograms it
        borrows): looked up in the runs of code points each font maps, so that a face
        no text is set in (italic, on a deck's cards) is not measured only to be
        checked; remembered per character."""
        known = self.drawn.get(ch)
        if known is None:
            known = self.drawn[ch] = all(self._covers(role, ord(ch)) for role in ROLES)
        return known

    def _covers(self, role: str, code: int) -> bool:
        if covers(coverage_of(self.paths[role]), code):
            return True
        return (role in ROLES and self.chosen_path(role) is not None and chr(code) in PICTOGRAMS
                and covers(coverage_of(self.paths[role + BUNDLED]), code))


_IN_USE: ContextVar[InUse | None] = ContextVar("printkit_fonts", default=None)


@cache
def bundled() -> InUse:
    """The bundled family, for every role."""
    return InUse(())


def in_use() -> InUse:
    return _IN_USE.get() or bundled()


@contextmanager
def using(chosen: Chosen) -> Iterator[None]:
    """Lay out and render with these fonts (role -> file) inside the block. A chosen body
    font (regular) also sets italic text unless an italic is chosen too."""
    roles = dict(chosen)
    if "regular" in roles and "italic" not in roles:
        roles["italic"] = roles["regular"]
    token = _IN_USE.set(InUse(tuple(sorted(roles.items()))))
    try:
        yield
    finally:
        _IN_USE.reset(token)


def chosen() -> Chosen:
    return in_use().chosen


def chosen_path(role: str) -> Path | None:
    """The file chosen for a role (numbers: else the one chosen for bold), if any."""
    return in_use().chosen_path(role)


def font_path(role: str) -> Path:
    return in_use().paths[role]


def font_name(role: str) -> str:
    """The name render registers the role's font under: the bundled family's, or one
    made from the chosen file's content."""
    return in_use().names[role]


def font_label(role: str) -> str:
    """The font of a role as named in messages."""
    path = chosen_path(role)
    return f"the font {path.name}" if path else "the bundled font"


def file_digest(path: Path) -> str:
    """A short digest of a font file's content, worked out once per version of the file."""
    return _digest(path, *_stamp(path))


def _stamp(path: Path) -> tuple[int, int]:
    """What tells one version of a file from the next: its time of change and size (a
    font saved anew while `printkit serve` runs is read again)."""
    info = path.stat()
    return info.st_mtime_ns, info.st_size


@cache
def _digest(path: Path, _mtime: int, _size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def metrics(role: str) -> Metrics:
    return in_use().metrics(role)


def metrics_of(path: Path) -> Metrics:
    """The advance widths of a font file (once per version of the file)."""
    return _metrics(path, *_stamp(path))


@cache
def _metrics(path: Path, _mtime: int, _size: int) -> Metrics:
    data = path.read_bytes()
    units_per_em, advance = advances(data)
    scale = 1000.0 / units_per_em
    scaled = [round(units * scale) for units in advance]
    widths: dict[str, int] = {}
    for code, glyph, count in glyph_runs(data):  # a run at once (a font maps thousands)
        widths.update(zip(map(chr, range(code, code + count)), scaled[glyph:glyph + count],
                          strict=True))
    default = round(advance[0] * scale)  # glyph 0 is .notdef
    return Metrics(widths, default)


Spans = tuple[tuple[int, ...], tuple[int, ...]]  # first and last code point of each run


def coverage_of(path: Path) -> Spans:
    """The code points a font file maps to a glyph (once per version of the file)."""
    return _coverage(path, *_stamp(path))


@cache
def _coverage(path: Path, _mtime: int, _size: int) -> Spans:
    runs = spans(path.read_bytes())
    return tuple(first for first, _ in runs), tuple(last for _, last in runs)


def covers(coverage: Spans, code: int) -> bool:
    firsts, lasts = coverage
    i = bisect_right(firsts, code) - 1
    return i >= 0 and code <= lasts[i]


def borrowing(own: Metrics, bundled: Metrics) -> Metrics:
    """A chosen font's metrics with the pictograms it lacks taken from the bundled face."""
    borrowed = (PICTOGRAMS & bundled.widths.keys()) - own.widths.keys()
    if not borrowed:
        return own
    return Metrics(own.widths | {ch: bundled.widths[ch] for ch in borrowed}, own.default,
                   frozenset(borrowed))


def width(text: str, role: str, size: float) -> float:
    return metrics(role).width(text, size)


def draws(ch: str) -> bool:
    """Whether every role of the fonts in use can draw `ch`."""
    return in_use().draws(ch)


def lacking(ch: str) -> str:
    """The fonts in use that cannot draw `ch`, as named in messages, each with its roles:
    'the font DejaVuSerif.ttf (body, italic)'."""
    roles: dict[str, list[str]] = {}
    for role in ROLES:
        if ch not in metrics(role).widths:
            roles.setdefault(font_label(role), []).append(THEME_KEYS[role])
    return " and ".join(label if label == "the bundled font" else f"{label} ({', '.join(keys)})"
                        for label, keys in sorted(roles.items()))
