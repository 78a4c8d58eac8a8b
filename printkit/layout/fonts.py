"""The fonts per role (regular, bold, italic, and numbers: bold unless chosen): the bundled
family, or the files a theme chooses; advance widths and glyph coverage.

Widths come straight from the fonts' hmtx tables (printkit.layout.truetype), in the same
1/1000 em units the PDF writer uses, so measured text is exactly as wide as printed text.

The fonts of a build are chosen for the job that lays out and renders it (`using`): the
layout measures with them and render embeds them, so both always agree.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printkit.layout.truetype import advances, character_map
from printkit.resources import FONTS

FILES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "bolditalic": "DejaVuSansCondensed-BoldOblique.ttf",
}
DRAWN_AS = {"numbers": "bold"}  # a role without a file of its own: drawn with another's
ROLES = (*FILES, *DRAWN_AS)
ASCENT = 0.76  # of the size: cap height and ascenders, for vertical placement
DESCENT = 0.24
Chosen = tuple[tuple[str, Path], ...]  # font role -> file, for the roles a theme sets
_CHOSEN: ContextVar[Chosen] = ContextVar("printkit_fonts", default=())


@dataclass(frozen=True)
class Metrics:
    widths: dict[str, int]  # character -> advance in 1/1000 em
    default: int
    measured: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def units(self, text: str) -> int:
        """The advance of text in 1/1000 em (remembered: words recur)."""
        units = self.measured.get(text)
        if units is None:
            w, d = self.widths, self.default
            units = sum([w.get(ch, d) for ch in text])
            if len(self.measured) > 100_000:
                self.measured.clear()
            self.measured[text] = units
        return units

    def width(self, text: str, size: float) -> float:
        return self.units(text) * size / 1000.0

    def missing(self, text: str) -> list[str]:
        """Characters the font has no glyph for (spaces and line breaks aside)."""
        return sorted({ch for ch in text if ch not in self.widths and ch not in "\n\r\t"})


@contextmanager
def using(chosen: Chosen) -> Iterator[None]:
    """Lay out and render with these fonts (role -> file) inside the block. A chosen body
    font (regular) also sets italic text unless an italic is chosen too."""
    roles = dict(chosen)
    if "regular" in roles and "italic" not in roles:
        roles["italic"] = roles["regular"]
    token = _CHOSEN.set(tuple(sorted(roles.items())))
    try:
        yield
    finally:
        _CHOSEN.reset(token)


def chosen() -> Chosen:
    return _CHOSEN.get()


def chosen_path(role: str) -> Path | None:
    """The file chosen for a role (numbers: else the one chosen for bold), if any."""
    chosen = dict(_CHOSEN.get())
    return chosen.get(role) or chosen.get(DRAWN_AS.get(role, ""))


def font_path(role: str) -> Path:
    return chosen_path(role) or FONTS / FILES[DRAWN_AS.get(role, role)]


def font_name(role: str) -> str:
    """The name render registers the role's font under: the bundled family's, or one
    made from the chosen file's content."""
    path = chosen_path(role)
    if path is None:
        return f"PrintkitSans-{DRAWN_AS.get(role, role).capitalize()}"
    return f"PrintkitTheme-{file_digest(path)}"


def font_label(role: str) -> str:
    """The font of a role as named in messages."""
    path = chosen_path(role)
    return f"the font {path.name}" if path else "the bundled font"


@cache
def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def metrics(role: str) -> Metrics:
    return metrics_of(font_path(role))


@cache
def metrics_of(path: Path) -> Metrics:
    data = path.read_bytes()
    units_per_em, advance = advances(data)
    scale = 1000.0 / units_per_em
    widths = {chr(cp): round(advance[glyph] * scale)
              for cp, glyph in character_map(data).items()}
    default = round(advance[0] * scale)  # glyph 0 is .notdef
    return Metrics(widths, default)


def width(text: str, role: str, size: float) -> float:
    return metrics(role).width(text, size)


def drawable() -> frozenset[str]:
    """Characters every role of the fonts in use can draw."""
    return _drawable(tuple(sorted({font_path(role) for role in ROLES})))


@cache
def _drawable(paths: tuple[Path, ...]) -> frozenset[str]:
    return frozenset.intersection(*(frozenset(metrics_of(p).widths) for p in paths))


def lacking(ch: str) -> str:
    """The fonts in use that cannot draw `ch`, as named in messages."""
    labels = {font_label(role) for role in ROLES if ch not in metrics(role).widths}
    return " and ".join(sorted(labels))
