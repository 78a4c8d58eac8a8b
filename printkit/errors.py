"""Located problems in input, and the one exception that carries them to the CLI."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar


@dataclass(frozen=True, order=True)
class Where:
    """A place in an input file: path, line (1-based, 0 if unknown) and field. In a
    spreadsheet, `sheet` names the sheet, `line` is the row and `columns` the header's
    cells (so that a field is shown as the column letter the spreadsheet shows)."""

    path: str
    line: int = 0
    field: str = ""
    sheet: str = ""
    columns: tuple[str, ...] = ()

    def at(self, field: str) -> Where:
        """The same place, naming another field."""
        return Where(self.path, self.line, field, self.sheet, self.columns)

    def spot(self) -> str:
        """The line as a user finds it: 'line 13', or in a spreadsheet 'row 13'."""
        return f"{'row' if self.sheet else 'line'} {self.line}"

    def place(self) -> str:
        """The file and line as messages start: 'streets.csv:13', or in a spreadsheet
        'tables.xlsx: sheet streets, cell C13' (row 13 for a problem of a whole row)."""
        if not self.sheet:
            return self.path + (f":{self.line}" if self.line else "")
        where = f"{self.path}: sheet {self.sheet}"
        if self.field in self.columns and self.line:
            return f"{where}, cell {column_letter(self.columns.index(self.field))}{self.line}"
        return where + (f", row {self.line}" if self.line else "")


def column_letter(index: int) -> str:
    """A spreadsheet's name of the column at 0-based `index`: A, …, Z, AA, AB, …"""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the input, and how to fix it."""

    where: Where
    message: str

    def __str__(self) -> str:
        w = self.where
        if not w.path:
            text = f"{w.field}: {self.message}" if w.field else self.message
        else:
            place = w.place()
            text = f"{place}: {w.field}: {self.message}" if w.field else \
                f"{place}: {self.message}"
        return visible(text)


# Control characters and bidirectional overrides from a game folder would act on the
# terminal (an escape sequence can retitle it or hide text) or reorder the message.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """`text` with control characters written as escapes (\\x1b, \\u202e)."""
    return _INVISIBLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class PrintkitError(Exception):
    """Bad input: every problem found, reported together. The CLI exits with code 2."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem(Where(""), problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[PrintkitError], tuple[list[Problem]]]:
        """Pickled with its problems (errors travel back from worker processes)."""
        return (PrintkitError, (list(self.problems),))


class Problems:
    """Collects problems so that all of them are reported at once."""

    def __init__(self, root: Path | None = None):
        self.root = root
        self.items: list[Problem] = []
        self.warnings: list[Problem] = []  # worth knowing, but the build goes on
        self.notes: list[Problem] = []  # what check lists (and --strict refuses)
        self.unreadable = False  # a file could not be read as a whole
        self.shown: dict[Path | str, str] = {}  # display_path of each path seen
        self.places: set[Where] = set()  # where each problem of `items` is
        # the same mistake in one column: (path, field, cause) -> its first problem and
        # the lines where it is made again (reported once, see add_grouped)
        self.groups: dict[tuple[str, str, str], tuple[Problem, list[int]]] = {}

    def where(self, path: Path | str, line: int = 0, field: str = "") -> Where:
        """A Where with the path shown relative to the game folder's parent when possible."""
        shown = self.shown.get(path)
        if shown is None:
            shown = self.shown[path] = display_path(path, self.root)
        return Where(shown, line, field)

    def add(self, where: Where, message: str) -> None:
        self.items.append(Problem(where, message))
        self.places.add(where)

    def add_grouped(self, where: Where, cause: str, message: str) -> None:
        """A problem reported once per file, field and `cause`: the same mistake in
        more lines (a column of decimal commas) names those lines in the first's
        message instead of repeating it."""
        key = (where.path, where.field, cause)
        self.places.add(where)
        if key in self.groups:
            first, lines = self.groups[key]
            if where.line != first.where.line and where.line not in lines:
                lines.append(where.line)
            return
        problem = Problem(where, message)
        self.groups[key] = (problem, [])
        self.items.append(problem)

    def refused(self, where: Where) -> bool:
        """Whether the value at `where` was already refused (when it was read): checks of
        what stands in for it would only report consequences."""
        return where in self.places

    def warn(self, where: Where, message: str) -> None:
        self.warnings.append(Problem(where, message))

    def note(self, where: Where, message: str) -> None:
        """Something `check` lists, that a build prints without saying (small text)."""
        self.notes.append(Problem(where, message))

    def add_unreadable(self, where: Where, message: str) -> None:
        """A problem that makes a file (or part of it) unusable: later checks would only
        report its consequences."""
        self.add(where, message)
        self.unreadable = True

    def extend(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.items.extend(problems)
        self.places.update(p.where for p in problems)

    def raise_if_any(self) -> None:
        if self.items:
            raise PrintkitError(sorted(set(self.collected()), key=_order))

    def collected(self) -> list[Problem]:
        """Every problem, the grouped ones naming the other lines of their mistake."""
        more = {first: lines for first, lines in self.groups.values() if lines}
        return [Problem(p.where, f"{p.message} (the same in {line_list(more[p])})")
                if p in more else p for p in self.items]

    def __bool__(self) -> bool:
        return bool(self.items)


def line_list(lines: list[int]) -> str:
    """'line 14', 'lines 14 and 20', 'lines 14–34, 40' (runs of lines joined)."""
    runs: list[list[int]] = []
    for n in sorted(lines):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(parts)


def _order(p: Problem) -> tuple[str, int, str, str]:
    return (p.where.path, p.where.line, p.where.field, p.message)


def display_path(path: Path | str, root: Path | None) -> str:
    """Show a path relative to root (or the working directory) when it lies inside it.

    The file itself is named, not what it links to: only its folder is resolved.
    """
    path = Path(path)
    real = path.parent.resolve() / path.name
    for base in (Path.cwd(), root):
        if base is None:
            continue
        try:
            return str(real.relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)


T = TypeVar("T")


def gathered(calls: Iterable[Callable[[], T]],
             done: Callable[[int], None] = lambda _: None) -> list[T]:
    """The result of each call, in order; `done(i)` once call i has run. A call that
    raises a PrintkitError does not stop the others: the problems of all of them are
    raised together (each once) after the last."""
    problems: list[Problem] = []
    results: list[T] = []
    for i, call in enumerate(calls):
        try:
            results.append(call())
        except PrintkitError as exc:
            problems.extend(exc.problems)
        done(i)
    if problems:
        raise PrintkitError(sorted(set(problems)))
    return results


def causes(exc: BaseException) -> list[BaseException]:
    """An exception and those it was raised from or during, at most 20 (a RuntimeError of
    class creation wraps the KeyboardInterrupt that stopped it; pdfminer wraps a
    MemoryError)."""
    found: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(found) < 20:
        found.append(current)
        current = current.__cause__ or current.__context__
    return found
