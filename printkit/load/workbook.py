"""Read a game's table from a spreadsheet (`.xlsx` from Excel, `.ods` from LibreOffice)
with python-calamine, into the same records a CSV file gives (printkit.load.grid).

Rows and columns keep the numbers the spreadsheet shows, so that a problem names the
sheet, row and column letter to go to. A number cell becomes its digits (`60`, `60.5`),
a text cell its text. A file whose parts would unpack to more than any game needs is not
read (a small file can hold a huge sheet).
"""

from __future__ import annotations

import datetime
import zipfile
from functools import cache
from pathlib import Path

from printkit.errors import Problems
from printkit.files import file_problem
from printkit.load.tables import Grid

MAX_UNPACKED = 256 * 2**20  # bytes of a spreadsheet's parts; a game's tables use < 1 MB
MAX_ROWS = 100_000  # rows of one sheet read (a 10 000-card deck needs a tenth)
MAX_CELL = 131_072  # characters of one cell (as the CSV reader's limit)
KIND = {".xlsx": "Excel", ".ods": "LibreOffice"}


def describe(path: Path, name: str) -> str:
    """How a message names a table's file: 'streets.csv', 'sheet streets of tables.xlsx'."""
    return f"sheet {name} of {path.name}" if path.stem == "tables" else path.name


def has_sheet(path: Path, name: str) -> bool:
    """Whether the workbook at `path` has a sheet `name` (False if it cannot be read:
    reading the table then names the problem)."""
    return name in sheet_names(path)


def sheet_names(path: Path) -> tuple[str, ...]:
    try:
        stamp = path.stat()
    except OSError:
        return ()
    return _names(path, stamp.st_mtime_ns, stamp.st_size)


@cache
def _names(path: Path, _mtime: int, _size: int) -> tuple[str, ...]:
    """The sheets of a workbook (remembered while the file is unchanged)."""
    if unreadable(path) is not None:
        return ()
    from python_calamine import CalamineWorkbook

    try:
        return tuple(CalamineWorkbook.from_path(str(path)).sheet_names)
    except Exception:  # calamine raises its own errors, and others, for a broken file
        return ()


def unreadable(path: Path) -> str | None:
    """Why a spreadsheet file is not read, or None."""
    why = file_problem(path)
    if why is not None:
        return why
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return (f"not a readable {KIND.get(path.suffix, 'spreadsheet')} file; save it again "
                f"as {path.suffix} (or as CSV UTF-8)")
    if unpacked > MAX_UNPACKED:
        return (f"the spreadsheet unpacks to {unpacked // 2**20} MB; a game's tables need "
                "far less: keep only the game's sheets in it")
    return None


def sheet_grid(path: Path, name: str, problems: Problems) -> Grid | None:
    """The records of table `name`: the sheet of that name in the workbook `tables.*`, or
    the first sheet of `<name>.xlsx`/`.ods`."""
    where = problems.where(path)
    why = unreadable(path)
    if why is not None:
        problems.add_unreadable(where, why)
        return None
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
        sheet_name = name if path.stem == "tables" else book.sheet_names[0]
        rows = book.get_sheet_by_name(sheet_name).to_python(skip_empty_area=False,
                                                             nrows=MAX_ROWS + 1)
    except Exception as exc:  # a damaged file: calamine's own errors and others
        problems.add_unreadable(where, f"cannot read the spreadsheet ({exc}); save it again"
                                f" as {path.suffix} (or as CSV UTF-8)")
        return None
    if len(rows) > MAX_ROWS:
        problems.add_unreadable(where, f"the sheet {sheet_name} has more than {MAX_ROWS} "
                                "rows; a game's table needs far fewer")
        return None
    sheet = type(where)(where.path, 0, "", sheet_name)
    records = []
    for number, row in enumerate(rows, 1):
        cells = [cell_text(value) for value in row]
        if not any(cells) or next(c for c in cells if c).lstrip().startswith("#"):
            continue  # an empty row, or a comment
        if any(len(c) > MAX_CELL for c in cells):
            problems.add_unreadable(type(where)(where.path, number, "", sheet_name),
                                    f"a cell holds more than {MAX_CELL} characters; no "
                                    "printed item holds that much text")
            continue
        records.append((number, cells))
    return Grid(sheet, records)


def cell_text(value: object) -> str:
    """A cell's value as the text a CSV file would hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e18 else repr(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return str(value) if value is not None else ""
