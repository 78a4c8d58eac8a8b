"""The board as every system with one reads it: the [board] table and the rows of board.csv."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import Problems
from printkit.load import fields as f
from printkit.load.declare import REQUIRED, Colour, CsvFile, Length, Table
from printkit.load.grid import read_table
from printkit.load.manifest import required_table
from printkit.load.tables import Row, Toml
from printkit.model import BoardSpec, Square

BOARD = Table("The board.", keys={
    "size": Length("the board is square; its trim size without bleed, with a unit "
                   "(\"500mm\")", REQUIRED, low_mm=200, high_mm=1500),
    "corner": Length("side of a corner square; the other squares share the rest", REQUIRED,
                     low_mm=20, high_mm=300),
    "background": Colour("board and centre colour, #RRGGBB", "#FFFFFF"),
    "ink": Colour("colour of text and lines", "#000000"),
})


def board(doc: Toml, problems: Problems, declared: Table = BOARD) -> BoardSpec:
    """[board] as `declared` (a system's own [board], with more keys, declares these as
    BOARD does)."""
    b = required_table(doc, "board", problems)
    if b is None:
        return BoardSpec(0.0, 0.0, declared.default_of("background"),
                         declared.default_of("ink"), where=doc.where("board"))

    def length(key: str) -> float:
        spec = declared.at(key)
        assert isinstance(spec, Length)
        return f.length(b.get(key), doc.where("board", key), problems, spec.low_mm,
                        spec.high_mm)

    def colour(key: str) -> str:
        return f.colour(b.get(key, declared.default_of(key)), doc.where("board", key),
                        problems)

    return BoardSpec(size=length("size"), corner=length("corner"),
                     background=colour("background"), ink=colour("ink"),
                     where=doc.where("board", "corner"))


def square(r: Row, problems: Problems) -> Square:
    c = f.Cells(r, problems)
    return Square(c.integer("position", 0, 399), c.ident("kind"), c.ident("ref"),
                  where=c.where)


def squares(folder: Path, problems: Problems, declared: CsvFile) -> tuple[Square, ...]:
    """The squares of board.csv (as a system `declared` it), in the order written."""
    return tuple(square(r, problems) for r in
        read_table(folder, "board", problems, *declared.columns))
