"""The board as every system with one reads it: the [board] table and the rows of board.csv."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import Problems
from printkit.load import fields as f
from printkit.load.grid import read_table
from printkit.load.manifest import required_table
from printkit.load.tables import Row, Toml
from printkit.model import BoardSpec, Square


def board(doc: Toml, problems: Problems) -> BoardSpec:
    b = required_table(doc, "board", problems)
    if b is None:
        return BoardSpec(0.0, 0.0, "#FFFFFF", "#000000", where=doc.where("board"))
    return BoardSpec(
        size=f.length(b.get("size"), doc.where("board", "size"), problems, 200, 1500),
        corner=f.length(b.get("corner"), doc.where("board", "corner"), problems, 20, 300),
        background=f.colour(b.get("background", "#FFFFFF"), doc.where("board", "background"),
                            problems),
        ink=f.colour(b.get("ink", "#000000"), doc.where("board", "ink"), problems),
        where=doc.where("board", "corner"),
    )


def square(r: Row, problems: Problems) -> Square:
    c = f.Cells(r, problems)
    return Square(c.integer("position", 0, 399), c.ident("kind"), c.ident("ref"),
                  where=c.where)


def squares(folder: Path, problems: Problems) -> tuple[Square, ...]:
    """The squares of board.csv, in the order written."""
    return tuple(square(r, problems) for r in
        read_table(folder, "board", problems, ("position", "kind", "ref")))
