"""Write a game's CSV tables as one workbook, `tables.xlsx` (for `printkit new --tables
xlsx`): a sheet per table, named as the table, with its header in row 1 and every note
of the CSV file (what the table holds, what each column means) as a comment on the header
cell it explains. Whole numbers become number cells, everything else text; the workbook
is read back by printkit.load.grid as the CSV files were.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from printkit.load.grid import WORKBOOKS, separator

NUMBER = re.compile(r"-?\d{1,15}")
WIDTH = 14  # characters of a column in the sheet; ids and prices fit


def csv_tables(folder: Path) -> list[Path]:
    """The CSV tables of a game folder (its top level), in name order."""
    return sorted(p for p in folder.glob("*.csv") if p.is_file())


def write_workbook(folder: Path) -> None:
    """Replace the game's CSV tables by the sheets of `tables.xlsx` (a game whose tables
    are a workbook already keeps it)."""
    from openpyxl import Workbook
    from openpyxl.comments import Comment

    tables = csv_tables(folder)
    if not tables:
        return
    book = Workbook()
    book.remove(book.active)
    for path in tables:
        notes, rows = read_csv_table(path)
        sheet = book.create_sheet(path.stem)
        for row in rows:
            sheet.append([int(c) if NUMBER.fullmatch(c) else c for c in row])
        for index, column in enumerate(rows[0] if rows else []):
            cell = sheet.cell(1, index + 1)
            note = "\n".join(notes.get(column, []) + (notes.get("", []) if index == 0 else []))
            if note:
                cell.comment = Comment(note, "printkit", width=320, height=120)
            sheet.column_dimensions[cell.column_letter].width = WIDTH
        sheet.freeze_panes = "A2"
    book.save(folder / WORKBOOKS[0])
    for path in tables:
        path.unlink()


def read_csv_table(path: Path) -> tuple[dict[str, list[str]], list[list[str]]]:
    """A CSV table's notes (`# column: meaning` by column, the others under "") and its
    rows, the header first."""
    notes: dict[str, list[str]] = {}
    lines = path.read_text("utf-8-sig").splitlines()
    body = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    delimiter = separator(body[0]) if body else ","
    rows = list(csv.reader(body, delimiter=delimiter))
    header = [c.strip() for c in rows[0]] if rows else []
    column = ""
    for line in lines:
        if not line.lstrip().startswith("#"):
            continue
        text = line.lstrip()[1:].strip()
        named = text.split(":", 1)[0].strip()
        if ":" in text and named in header:
            column = named
        elif not line.lstrip()[1:].startswith("  "):  # an indented note goes on
            column = ""
        notes.setdefault(column, []).append(text)
    return notes, [[c.strip() for c in row] for row in rows]
