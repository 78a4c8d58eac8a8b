"""The one board check of every system with a board: the ring, its squares' kinds and
references, each property on it once, each corner once, room for the squares."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import Problems, Where
from printkit.model import BoardSpec, Square
from printkit.validate.common import board_geometry, board_ring, refer


@dataclass(frozen=True)
class Ring:
    """What a system's board may hold."""

    known: Mapping[str, Collection[str]]  # kind -> the ids a square of that kind may name
    placed: Mapping[str, Iterable[Any]]   # kind -> records that stand on the board once each
    corners: tuple[str, ...]              # corner ids, each on the board once
    words: Mapping[str, str] = field(default_factory=dict)  # kind -> its name in messages
    declared: int | None = None           # the number of squares game.toml says


def board_file(game_where: Where, squares: tuple[Square, ...] = ()) -> Where:
    """The board table: line 1 of the board.csv beside the game's game.toml, or the sheet
    its squares were read from."""
    first = squares[0].where if squares else None
    if first is not None and first.sheet:
        return Where(first.path, 0, "", first.sheet, first.columns)
    return Where(game_where.path.replace("game.toml", "board.csv"), 1)


def check_board(squares: tuple[Square, ...], board: BoardSpec, ring: Ring, where: Where,
                problems: Problems) -> Counter[tuple[str, str]]:
    """Report every problem of the board (`where`: its board.csv); returns how often each
    (kind, ref) stands on it."""
    n = board_ring(squares, problems, where)
    board_geometry(board, n, problems)
    if ring.declared is not None and n != ring.declared:
        problems.add(where, f"the board has {n} squares but game.toml [board] squares is "
                     f"{ring.declared}; add or remove squares, or change that number")
    for s in squares:
        if s.kind not in ring.known:
            problems.add(s.where.at("kind"), f"unknown kind '{s.kind}'; use one of "
                         + ", ".join(ring.known))
        else:
            refer(s.ref, ring.known[s.kind], _word(ring, s.kind), s.where.at("ref"), problems)
        if s.kind == "corner" and s.ref == "start" and s.position != 0:
            problems.add(s.where.at("position"), "start stands at position 0")
    used = Counter((s.kind, s.ref) for s in squares)
    for kind, records in ring.placed.items():
        for rec in records:
            if problems.refused(rec.where.at("id")):
                continue
            if used[(kind, rec.id)] == 0:
                problems.add(rec.where.at("id"), f"{_word(ring, kind)} '{rec.id}' is not on "
                             "the board; add it to board.csv or remove it")
            elif used[(kind, rec.id)] > 1:
                problems.add(rec.where.at("id"), f"{_word(ring, kind)} '{rec.id}' stands on "
                             "the board more than once")
    for corner in ring.corners:
        if used[("corner", corner)] != 1:
            problems.add(where.at("ref"), f"the board needs the corner '{corner}' exactly once")
    return used


def _word(ring: Ring, kind: str) -> str:
    return ring.words.get(kind, kind.replace("_", " "))
