"""The rendered rules text read as Markdown (CommonMark with GFM tables, by markdown-it-py)
into booklet blocks: headings to level 3, paragraphs with bold and italic runs, lists
(nested once), block quotes (boxed notes), tables, images of the game folder, links as
their text. Anything else the booklet cannot print is reported at its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.files import digest
from printkit.imaging import MAX_BYTES
from printkit.load.paths import MAX_PATH, inside
from printkit.load.pictures import picture_size
from printkit.localise.kit_booklet import (
    BookBlock,
    BookHeading,
    BookImage,
    BookPara,
    BookTable,
    Span,
)

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

MAX_DEPTH = 8  # quotes and lists within each other (markdown-it drops what is 20 deep)
TABLE = "\ue000table:"  # marks a generated table in the rendered text (a private-use character)
Rows = tuple[tuple[str, ...], ...]
Report = Callable[[int, str], None]  # (line of the rendered text, 1-based; message)
FOOTNOTE = re.compile(r"\[\^[^\]\s]+\]")
ROLES = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
         (True, True): "bolditalic"}
UNPRINTABLE = {
    "html_block": "raw HTML cannot be printed; write it in Markdown",
    "html_inline": "raw HTML cannot be printed; write it in Markdown",
    "code_block": "an indented code block cannot be printed; remove the indent of 4 spaces",
    "fence": "a code block cannot be printed; write the text as a paragraph",
    "hr": "a horizontal rule cannot be printed; start a new section with a heading",
}


def markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt  # only when a rule booklet is read

    return MarkdownIt("commonmark").enable("table")


@dataclass
class Reader:
    """Walks the block tokens once, collecting blocks and reporting what cannot print."""

    tables: dict[str, Rows]
    folder: Path
    report: Report
    blocks: list[BookBlock] = field(default_factory=list)
    lists: list[list[int]] = field(default_factory=list)  # [next number or -1 for bullets]
    quote: int = 0
    line: int = 0
    pending: str = ""  # the marker of the list item whose first paragraph comes next
    deep: bool = False  # within blocks nested too deep (reported once)

    def run(self, tokens: list[Token]) -> tuple[BookBlock, ...]:
        i = 0
        while i < len(tokens):
            i = self.token(tokens, i)
        return tuple(self.blocks)

    def token(self, tokens: list[Token], i: int) -> int:
        tok = tokens[i]
        if tok.map:
            self.line = tok.map[0] + 1
        if tok.level >= MAX_DEPTH and not self.deep:  # markdown-it drops what is deeper
            self.report(self.line, f"quotes and lists nested more than {MAX_DEPTH} deep "
                        "cannot be printed; keep to a list with sub-items, or one > note")
        self.deep = tok.level >= MAX_DEPTH
        kind = tok.type
        if kind in UNPRINTABLE:
            self.report(self.line, UNPRINTABLE[kind])
        elif kind == "heading_open":
            self.heading(int(tok.tag[1:]), tokens[i + 1])
            return i + 3
        elif kind in ("bullet_list_open", "ordered_list_open"):
            if len(self.lists) == 2:
                self.report(self.line, "a list nested more than once cannot be printed; "
                            "keep to a list and one level of sub-items")
            start = int(tok.attrGet("start") or 1) if kind == "ordered_list_open" else -1
            self.lists.append([start])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
        elif kind == "list_item_open":
            self.pending = self.marker()
        elif kind == "blockquote_open":
            self.quote += 1
        elif kind == "blockquote_close":
            self.quote -= 1
        elif kind == "table_open":
            return self.table(tokens, i)
        elif kind == "inline":
            self.paragraph(tok)
        return i + 1

    def heading(self, level: int, inline: Token) -> None:
        if level > 3:
            self.report(self.line, f"a heading of level {level} cannot be printed; use #, ## "
                        "or ###")
        spans = self.spans(inline, "a heading")
        self.blocks.append(BookHeading(min(level, 3), "".join(t for t, _ in spans).strip()))

    def paragraph(self, inline: Token) -> None:
        content = inline.content.strip()
        if content.startswith(TABLE) and self.lists == [] and self.quote == 0:
            name = content[len(TABLE):]
            if name in self.tables:  # a generated table (not a forged mark)
                self.blocks.append(BookTable(self.tables[name]))
                return
        kind, marker, depth = "note" if self.quote else "body", "", 0
        if self.lists:
            kind, depth = "item", len(self.lists) - 1
            marker, self.pending = self.pending, ""
        runs: list[Span] = []
        for piece in self.pieces(inline):
            if isinstance(piece, BookImage):
                self.flush(runs, kind, marker, depth)
                runs, marker = [], ""
                self.blocks.append(piece)
            else:
                runs.append(piece)
        self.flush(runs, kind, marker, depth)

    def marker(self) -> str:
        """The marker of a new item of the innermost list: a bullet (a dash when nested)
        or the next number."""
        level = self.lists[-1]
        if level[0] < 0:
            return "•" if len(self.lists) == 1 else "–"
        level[0] += 1
        return f"{level[0] - 1}."

    def flush(self, runs: list[Span], kind: str, marker: str, depth: int) -> None:
        merged: list[Span] = []
        for text, role in runs:
            if merged and merged[-1][1] == role:
                merged[-1] = (merged[-1][0] + text, role)
            elif text:
                merged.append((text, role))
        text = "".join(t for t, _ in merged).strip()
        if text:
            self.blocks.append(BookPara(text, kind, marker, tuple(merged), depth))

    def pieces(self, inline: Token, place: str = "") -> list[Span | BookImage]:
        """The inline content as runs of text in their faces, and images (a picture in a
        `place` other than a paragraph, a heading or a table cell, is reported)."""
        out: list[Span | BookImage] = []
        bold = italic = False
        for child in inline.children or []:
            kind = child.type
            if kind in ("text", "code_inline"):
                out.append((child.content, ROLES[bold, italic]))
            elif kind in ("softbreak", "hardbreak"):
                out.append((" ", ROLES[bold, italic]))
            elif kind in ("strong_open", "strong_close"):
                bold = kind == "strong_open"
            elif kind in ("em_open", "em_close"):
                italic = kind == "em_open"
            elif kind == "image" and place:
                self.report(self.line, f"a picture in {place} cannot be printed; put it in a "
                            "paragraph of its own")
            elif kind == "image":
                image = self.image(child)
                if image:
                    out.append(image)
            elif kind in UNPRINTABLE:
                self.report(self.line, UNPRINTABLE[kind])
        return out

    def spans(self, inline: Token, place: str) -> list[Span]:
        return [p for p in self.pieces(inline, place) if not isinstance(p, BookImage)]

    def image(self, tok: Token) -> BookImage | None:
        src = str(tok.attrGet("src") or "")
        if len(src) > MAX_PATH:
            self.report(self.line, f"image: the path is {len(src)} characters long; give one "
                        f"of at most {MAX_PATH}")
            return None
        path = self.folder / src
        if not src or "://" in src or Path(src).is_absolute() or not inside(path, self.folder):
            self.report(self.line, f"image '{src}': only pictures in the game folder can be "
                        "printed; give a path relative to the game folder")
            return None
        size = picture_size(path, src)  # the picture gate, as for the theme's pictures
        if isinstance(size, str):
            self.report(self.line, f"image {size}")
            return None
        return BookImage(str(path.resolve()), size, tok.content, digest(path, MAX_BYTES))

    def table(self, tokens: list[Token], i: int) -> int:
        rows: list[tuple[str, ...]] = []
        row: list[str] = []
        faces: list[tuple[tuple[Span, ...], ...]] = []  # each cell's runs, row by row
        face: list[tuple[Span, ...]] = []
        align: list[str] = []
        while tokens[i].type != "table_close":
            tok = tokens[i]
            if tok.map:  # a row's line, for what its cells cannot print
                self.line = tok.map[0] + 1
            if tok.type in ("th_open", "td_open"):
                style = str(tok.attrGet("style") or "")
                if tok.type == "th_open":
                    align.append({"text-align:right": "right", "text-align:center": "centre",
                                  "text-align:left": "left"}.get(style, ""))
            elif tok.type == "inline":
                runs = tuple(self.spans(tok, "a table cell"))
                row.append("".join(t for t, _ in runs).strip())
                face.append(runs)
            elif tok.type == "tr_close":
                rows.append(tuple(row))
                faces.append(tuple(face))
                row, face = [], []
            i += 1
        plain = all(role == "regular" for cells in faces for runs in cells for _, role in runs)
        self.blocks.append(BookTable(tuple(rows), tuple(align), () if plain else tuple(faces)))
        return i + 1


def parse(text: str, tables: dict[str, Rows], folder: Path,
          report: Report) -> tuple[BookBlock, ...]:
    """Blocks of the rendered rules text; what cannot print goes to `report`."""
    for line, content in enumerate(text.split("\n"), 1):
        if "\0" in content:  # markdown-it prints it as U+FFFD
            report(line, "a NUL character (\\0) in the text; remove it")
        if FOOTNOTE.search(content):  # a reference or a note (which CommonMark may read
            report(line, "a footnote cannot be printed; put the note in the text or in "
                   "a > note")  # as a link and its definition, and drop)
    return Reader(tables, folder, report).run(markdown().parse(text))
