"""The rule booklet as `localise` hands it to `layout`: headings, paragraphs with their
faces, tables and pictures, every text final."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.errors import Where


@dataclass(frozen=True)
class BookHeading:
    """A chapter (level 1, listed in the contents), section (2) or subsection (3)."""

    level: int
    text: str


Span = tuple[str, str]  # a run of text and its font role: regular, bold, italic, bolditalic


@dataclass(frozen=True)
class BookPara:
    """A paragraph; kind is body, item (with its marker: •, – or 1.) or note (boxed).
    `spans` hold the text in its faces (empty: all regular); `depth` 1 is a nested item."""

    text: str
    kind: str = "body"
    marker: str = ""
    spans: tuple[Span, ...] = ()
    depth: int = 0


@dataclass(frozen=True)
class BookTable:
    """A table (generated from the game data, or written in the rules); the first row
    holds the column heads; `align` per column: left, right, centre or '' (the layout
    chooses: figures right, text left); `spans` each cell's text in its faces, row by row
    (empty: every cell regular, the heads bold)."""

    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()
    spans: tuple[tuple[tuple[Span, ...], ...], ...] = ()


@dataclass(frozen=True)
class BookImage:
    """A picture of the game folder, its size in pixels, and its alternative text."""

    path: str
    pixels: tuple[int, int]
    alt: str = ""
    digest: str = ""  # of the file's content: a picture replaced differs


BookBlock = BookHeading | BookPara | BookTable | BookImage


@dataclass(frozen=True)
class BookletText:
    """The rule booklet: cover title and subtitle, the contents heading and the blocks."""

    title: str
    subtitle: str
    contents: str
    blocks: tuple[BookBlock, ...]
    source: str = ""  # the rules file, as shown in problems
    source_text: str = field(default="", compare=False, repr=False)  # its template text
    notes: str = "Notes"  # the heading of a page left for notes at the end

    def where(self, found: str, other: Where) -> Where:
        """The rules file at the first line holding `found` (text or a character); `other`
        (the wording file) when the rules file does not hold it: it came from the data."""
        lines = self.source_text.split("\n") if found.strip() else []
        line = next((n for n, text in enumerate(lines, 1) if found in text), 0)
        return Where(self.source, line, other.field) if line else other
