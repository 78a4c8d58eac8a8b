"""Typed reading of single values, each failure a located problem with a fix."""

from __future__ import annotations

import re
from typing import Any

from printkit.errors import Problems, Where
from printkit.load.numbers import read_whole
from printkit.load.tables import MAX_DIGITS, Row
from printkit.units import MM, parse_length

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
MAX_COUNT = 10_000


def ident(value: Any, where: Where, problems: Problems) -> str:
    """An id: lower-case letters, digits and underscores, starting with a letter."""
    text = str(value).strip() if value is not None else ""
    if not _ID.match(text):
        shown = f"'{text}'" if text else "empty"
        problems.add(where, f"{shown} is not a valid id; use lower-case letters, digits and _"
                     " (e.g. dining_room)")
    return text


def is_ident(text: str) -> bool:
    """True if `text` is a valid id (and so a safe file name)."""
    return bool(_ID.fullmatch(text))


def integer(value: Any, where: Where, problems: Problems, low: int = 0,
            high: int = MAX_COUNT) -> int:
    """A whole number between low and high, as a file holds it (a TOML number) or as a
    person types it (`€ 1.500`, `60,-`: see printkit.load.numbers). A mistake made in
    several cells of a column is reported once, naming its lines."""
    number = whole(value, where, problems, low, high)
    if number is None:
        return low
    if not low <= number <= high:
        problems.add_grouped(where, f"range {low} {high}", f"{number} is out of range; use "
                             f"a number from {low} to {high}")
        return max(low, min(high, number))
    return number


def whole(value: Any, where: Where, problems: Problems, low: int, high: int) -> int | None:
    """The whole number `value` is, or None and a problem."""
    if isinstance(value, bool) or value is None:
        value = ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        value = str(value)
    if not isinstance(value, str):
        problems.add(where, f"'{value}' is not a whole number; write a number like 15")
        return None
    if len(re.sub(r"\D", "", value).lstrip("0")) > MAX_DIGITS:  # beyond Python's limit too
        digits = len(re.sub(r"\D", "", value).lstrip("0"))
        problems.add_grouped(where, "digits", f"a number of {digits} digits is out of range;"
                             f" use a number from {low} to {high}")
        return None
    reading = read_whole(value)
    if reading.value is None:
        problems.add_grouped(where, reading.cause, reading.message)
    return reading.value


def boolean(value: Any, where: Where, problems: Problems) -> bool:
    if isinstance(value, bool):
        return value
    problems.add(where, f"'{value}' is not true or false")
    return False


def colour(value: Any, where: Where, problems: Problems) -> str:
    """A colour written as #RRGGBB."""
    text = str(value).strip() if value is not None else ""
    if not _COLOUR.match(text):
        problems.add(where, f"'{text}' is not a colour; write it as #RRGGBB, e.g. #D93A96")
        return "#000000"
    return text.upper()


def length(value: Any, where: Where, problems: Problems, low_mm: float = 0.0,
           high_mm: float = 10_000.0) -> float:
    """A length with its unit ('500mm', '19.5in'), in points, from low_mm to high_mm."""
    if value is None:
        problems.add(where, 'missing; write a length with its unit, e.g. "500mm"')
        return 0.0
    points = parse_length(value) if isinstance(value, str) else None
    if points is None or points <= 0:
        problems.add(where, f"'{value}' is not a length; write a positive number with a unit,"
                     " e.g. \"500mm\"")
        return 0.0
    if not low_mm * MM <= points <= high_mm * MM:
        problems.add(where, f"'{value}' is out of range; use a length from {low_mm:g}mm to "
                     f"{high_mm:g}mm")
        return max(low_mm * MM, min(high_mm * MM, points))
    return points


def text(value: Any, where: Where, problems: Problems) -> str:
    if not isinstance(value, str) or not value.strip():
        problems.add(where, "must be a non-empty text in quotes")
        return ""
    return value


def table(value: Any, where: Where, problems: Problems) -> dict[str, Any]:
    if not isinstance(value, dict):
        problems.add(where, "missing table; see the example in the built-in games")
        return {}
    return value


class Cells:
    """The cells of one CSV row read as typed values, each problem at its own cell:
    `c = Cells(row, problems)`, then `c.ident("id")`, `c.integer("number", 1, 99)`."""

    def __init__(self, row: Row, problems: Problems) -> None:
        self.row = row
        self.problems = problems
        self.where = row.where

    def ident(self, column: str) -> str:
        return ident(self.row.get(column), self.row.at(column), self.problems)

    def integer(self, column: str, low: int = 0, high: int = MAX_COUNT,
                empty: int | None = None) -> int:
        """A whole number from low to high; `empty`, when given, is an empty cell's value
        (else an empty cell is a problem)."""
        if empty is not None and not self.row.get(column):
            return empty
        return integer(self.row.get(column), self.row.at(column), self.problems, low, high)

    def colour(self, column: str) -> str:
        return colour(self.row.get(column), self.row.at(column), self.problems)
