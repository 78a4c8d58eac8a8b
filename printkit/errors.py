"""Located problems in input, and the one exception that carries them to the CLI."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Where:
    """A place in an input file: path, line (1-based, 0 if unknown) and field."""

    path: str
    line: int = 0
    field: str = ""

    def at(self, field: str) -> Where:
        """The same place, naming another field."""
        return Where(self.path, self.line, field)


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
            place = w.path + (f":{w.line}" if w.line else "")
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
        self.unreadable = False  # a file could not be read as a whole
        self.shown: dict[Path | str, str] = {}  # display_path of each path seen
        self.places: set[Where] = set()  # where each problem of `items` is

    def where(self, path: Path | str, line: int = 0, field: str = "") -> Where:
        """A Where with the path shown relative to the game folder's parent when possible."""
        shown = self.shown.get(path)
        if shown is None:
            shown = self.shown[path] = display_path(path, self.root)
        return Where(shown, line, field)

    def add(self, where: Where, message: str) -> None:
        self.items.append(Problem(where, message))
        self.places.add(where)

    def refused(self, where: Where) -> bool:
        """Whether the value at `where` was already refused (when it was read): checks of
        what stands in for it would only report consequences."""
        return where in self.places

    def warn(self, where: Where, message: str) -> None:
        self.warnings.append(Problem(where, message))

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
            raise PrintkitError(sorted(set(self.items), key=_order))

    def __bool__(self) -> bool:
        return bool(self.items)


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
