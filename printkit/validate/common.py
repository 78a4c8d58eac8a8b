"""Checks shared by every game system: unique ids, references, the board ring."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from printkit.errors import Problems, Where
from printkit.load.fields import is_ident
from printkit.model.common import AnyGame, Square


def unique(records: Iterable[Any], what: str, problems: Problems, key: str = "id") -> None:
    """Report a record whose key repeats an earlier one."""
    seen: dict[Any, Where] = {}
    for record in records:
        value = getattr(record, key)
        if problems.refused(record.where.at(key)):
            continue
        if value in seen:
            first = seen[value]
            problems.add(record.where.at(key),
                         f"duplicate {what} '{value}' (first at {first.spot()});"
                         " give each a different " + key)
        else:
            seen[value] = record.where


def refer(value: str, known: Iterable[str], what: str, where: Where,
          problems: Problems) -> None:
    """Report a reference to an id that does not exist."""
    every = list(known)
    known = [k for k in every if is_ident(str(k))]  # a refused id is not suggested
    if value and value not in every and not problems.refused(where):
        close = difflib.get_close_matches(value, known, 1)
        hint = ", ".join(sorted(known)[:12]) + (", …" if len(known) > 12 else "")
        advice = f"did you mean '{close[0]}'?" if close else f"known: {hint}" if known \
            else f"no {what} is defined"
        problems.add(where, f"unknown {what} '{value}'; {advice}")


MIN_SQUARE = 15 * 72 / 25.4  # the narrowest square that holds a name, in points


def board_geometry(board: Any, squares: int, problems: Problems) -> None:
    """The corners leave room for the squares between them (at least 15 mm each)."""
    per_side = squares // 4 - 1
    if squares < 8 or squares % 4 or not board.size or not board.corner:
        return
    width = (board.size - 2 * board.corner) / per_side
    if width < MIN_SQUARE:
        mm = 25.4 / 72
        problems.add(board.where.at("board.corner"),
                     f"a {board.size * mm:.0f} mm board with {board.corner * mm:.0f} mm corners "
                     f"leaves {max(width, 0) * mm:.0f} mm for each of its {per_side} squares per"
                     " side; they need 15 mm: make the board larger or the corners smaller")


def board_ring(squares: tuple[Square, ...], problems: Problems, where: Where) -> int:
    """Positions run 0..n-1 with n a multiple of 4 and a corner at each quarter."""
    positions = [s.position for s in squares]
    n = len(squares)
    unique(squares, "board position", problems, key="position")
    if n < 8 or n % 4:
        problems.add(where, f"the board has {n} squares; it needs a multiple of 4 (e.g. 40)")
        return n
    for s in squares:
        if s.position >= n:
            problems.add(s.where.at("position"),
                         f"position {s.position} is beyond the board's {n} squares (0–{n - 1})")
    missing = sorted(set(range(n)) - set(positions))
    if missing:
        problems.add(where, f"no square at position {', '.join(map(str, missing))}")
    for s in squares:
        is_corner = s.position % (n // 4) == 0
        if is_corner != (s.kind == "corner"):
            problems.add(s.where.at("kind"),
                         f"position {s.position} " + ("is a corner; put a corner here"
                                                      if is_corner else
                                                      f"is not a corner; corners stand at 0, "
                                                      f"{n // 4}, {n // 2} and {3 * n // 4}"))
    return n


def languages(game: AnyGame, problems: Problems) -> None:
    """The source language is one of the game's languages and has its text file."""
    where = Where(game.where.path, game.where.line, "game.languages")
    if not game.source_language or not game.languages:
        return  # reported where game.toml sets them
    if game.source_language not in game.languages:
        problems.add(where, f"the source language '{game.source_language}' must be one of the"
                     " game's languages")
    if game.source_language not in game.texts:
        problems.add(where.at("game.source_language"),
                     f"no text/{game.source_language}.toml with the game's wording")
