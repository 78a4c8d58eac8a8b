"""A game's tables, from whichever file holds them: CSV (`,` `;` or tab between cells), TSV,
or a spreadsheet (`.xlsx`, `.ods`), each read into the same rows of cells by column name.

A table `streets` is `streets.csv`, `streets.tsv`, `streets.xlsx` or `streets.ods` (its
first sheet), or the sheet `streets` of the game's workbook `tables.xlsx` or `tables.ods`;
exactly one of these. Lines (rows) whose first cell starts with `#` are comments.
"""

from __future__ import annotations

import csv
import difflib
from pathlib import Path

from printkit.errors import Problems, Where
from printkit.load.tables import Grid, Row, lone_cr, read_text, text_lines

TABLE_FILES = (".csv", ".tsv", ".xlsx", ".ods")
WORKBOOKS = ("tables.xlsx", "tables.ods")  # one workbook, a sheet per table
SEPARATORS = {",": "commas", ";": "semicolons", "\t": "tabs"}


def read_table(folder: Path, name: str, problems: Problems, required: tuple[str, ...],
               optional: tuple[str, ...] = ()) -> list[Row]:
    """The rows of the game's table `name` (see the module's rule for where it is)."""
    from printkit.load import workbook  # the spreadsheet reader: only for a spreadsheet

    for book in WORKBOOKS:  # a workbook that cannot be read may hold this table
        why = workbook.unreadable(folder / book) if (folder / book).exists() else None
        if why is not None:
            problems.add_unreadable(problems.where(folder / book), why)
            return []
    sources = table_sources(folder, name)
    if len(sources) > 1:
        shown = " and ".join(workbook.describe(path, name) for path in sources)
        problems.add_unreadable(problems.where(sources[0]), f"the {name} table is given "
                                f"twice, as {shown}; keep one")
        return []
    path = sources[0] if sources else folder / f"{name}.csv"
    if path.suffix in (".xlsx", ".ods"):
        grid = workbook.sheet_grid(path, name, problems)
    else:
        grid = csv_grid(path, problems, required, optional)
    return rows_of(grid, required, optional, problems) if grid is not None else []


def table_sources(folder: Path, name: str) -> list[Path]:
    """The files that give table `name`: its own files and the workbooks with its sheet."""
    from printkit.load import workbook

    own = [folder / f"{name}{suffix}" for suffix in TABLE_FILES
           if (folder / f"{name}{suffix}").is_file()]
    return own + [folder / book for book in WORKBOOKS
                  if (folder / book).is_file() and workbook.has_sheet(folder / book, name)]


def csv_grid(path: Path, problems: Problems, required: tuple[str, ...],
             optional: tuple[str, ...]) -> Grid | None:
    """The records of a CSV (or TSV) file, its cell separator found from its header."""
    if not path.exists():
        problems.add_unreadable(problems.where(path), f"missing; the game needs its "
                                f"{path.stem} table: {path.name}, or a sheet {path.stem} in "
                                f"{WORKBOOKS[0]} (the header: {', '.join(required)})")
        return None
    text = read_text(path, problems)
    if text is None or lone_cr(text, path, problems):
        return None
    shown = problems.where(path)
    numbered = [(n, ln) for n, ln in enumerate(text_lines(text), 1)
                if ln.strip() and not ln.lstrip().startswith("#")]
    if not numbered:
        problems.add_unreadable(problems.where(path, 1), "the file is empty; it needs a header "
                                "row: " + ",".join(required))
        return None
    delimiter = "\t" if path.suffix == ".tsv" else \
        separator(numbered[0][1], (*required, *optional))
    records = []
    for line, raw in numbered:
        cells = csv_cells(raw, Where(shown.path, line), problems, delimiter)
        if cells is None and line == numbered[0][0]:
            return None
        if cells is not None:
            records.append((line, cells))
    return Grid(shown, records, delimiter)


def separator(header: str, known: tuple[str, ...] = ()) -> str:
    """The cell separator of a CSV file, from its header: the one of comma, semicolon (as
    spreadsheets save CSV in the languages that write a decimal comma: nl, da, nb) and tab
    that splits it into the most known column names (else into the most cells)."""
    def score(sep: str) -> tuple[int, int]:
        cells = [c.strip().lower() for c in header.split(sep)]
        return sum(c in known for c in cells), len(cells)

    return max(SEPARATORS, key=score)


def csv_cells(line: str, where: Where, problems: Problems,
              delimiter: str = ",") -> list[str] | None:
    """The cells of one CSV line, or None and a problem if it is malformed."""
    if "\0" in line:
        problems.add_unreadable(where, "malformed CSV: the line holds a NUL character; save the"
                                " file as plain UTF-8 text")
        return None
    try:
        return next(csv.reader([line], strict=True, delimiter=delimiter))
    except csv.Error as exc:
        if "field larger" in str(exc):
            hint = (f"a cell holds more than {csv.field_size_limit()} characters; no "
                    "printed item holds that much text")
        elif "end of data" in str(exc):
            hint = "a quoted cell is not closed; close it with \" on the same line"
        else:
            hint = (f'after a closing " comes a {SEPARATORS[delimiter][:-1]}; write a " '
                    'inside a quoted cell as ""')
        problems.add_unreadable(where, f"malformed CSV: {hint}")
        return None


def read_csv(path: Path, problems: Problems, required: tuple[str, ...],
             optional: tuple[str, ...] = ()) -> list[Row]:
    """The rows of one CSV (or TSV) file."""
    grid = csv_grid(path, problems, required, optional)
    return rows_of(grid, required, optional, problems) if grid is not None else []


def rows_of(grid: Grid, required: tuple[str, ...], optional: tuple[str, ...],
            problems: Problems) -> list[Row]:
    """The rows below the header, each cell by its column's name; a header that does not
    name the columns, and a row with more cells than the header, are problems."""
    if not grid.records:
        problems.add_unreadable(grid.where, "the sheet is empty; it needs a header row: "
                                + ", ".join(required))
        return []
    header_line, cells = grid.records[0]
    header = [h.strip() for h in cells]
    while len(header) > 1 and not header[-1]:
        header.pop()  # a spreadsheet pads the header with empty cells
    where = Where(grid.where.path, header_line, "", grid.where.sheet, tuple(header))
    if not header_ok(header, where, required, optional, grid.separator, problems):
        return []
    rows = []
    for line, cells in grid.records[1:]:
        at = Where(where.path, line, "", where.sheet, where.columns)
        if not any(c.strip() for c in cells):
            continue
        while len(cells) > len(header) and not cells[-1].strip():
            cells.pop()  # a spreadsheet pads rows with empty cells
        if len(cells) > len(header):
            problems.add_unreadable(at, too_many(len(cells), len(header), grid))
            continue
        padded = cells + [""] * (len(header) - len(cells))
        if any(c.strip() and not h for h, c in zip(header, padded, strict=True)):
            problems.add_unreadable(at, "a value in a column without a name in the header; "
                                    "name the column or remove the value")
            continue
        rows.append(Row({h: c for h, c in zip(header, padded, strict=True) if h}, at))
    return rows


def too_many(cells: int, columns: int, grid: Grid) -> str:
    if not grid.separator:
        return f"a value beyond the header's {columns} columns; give it a column name " \
               "in the header or remove it"
    return (f"{cells} cells but the header has {columns} columns; quote cells that contain "
            f"{SEPARATORS[grid.separator]}")


def header_ok(header: list[str], where: Where, required: tuple[str, ...],
              optional: tuple[str, ...], separator: str, problems: Problems) -> bool:
    """Whether the header names every required column, only known ones, each once; what
    is wrong is reported, with the cell separator found in a CSV file."""
    known = (*required, *optional)
    named = [h for h in header if h or separator]  # a sheet's empty header cell is no column
    missing = [col for col in required if col not in header]
    found = f" (cells separated by {SEPARATORS[separator]})" if separator in (";", "\t") else ""
    if len(named) == 1 and len(required) > 1:
        found = " (the header is one cell: separate its cells with commas, semicolons or tabs)"
    if len(missing) == 1:
        problems.add_unreadable(where.at(missing[0]), "missing column; the header must name "
                                f"{', '.join(required)}{found}")
    elif missing:
        problems.add_unreadable(where, f"missing columns {', '.join(missing)}; the header "
                                f"must name {', '.join(required)}{found}")
    for col in named:
        if col not in known:
            problems.add_unreadable(where.at(col or "(empty)"), "unknown column; "
                                    + suggest(col, known, missing))
    for col in sorted({c for c in named if named.count(c) > 1}):
        problems.add_unreadable(where.at(col), "the column is named twice in the header; keep"
                                " one")
    return not missing and all(c in known for c in named) and len(set(named)) == len(named)


def suggest(column: str, known: tuple[str, ...], missing: list[str]) -> str:
    """What an unknown column may have meant: a known name in other case or spacing, a
    close one among the missing, or the list of allowed names."""
    plain = column.strip().lower().replace(" ", "_")
    close = [k for k in known if k == plain] or difflib.get_close_matches(plain, missing, 1)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"allowed columns are {', '.join(sorted(known))}"
