"""The board as every system with one words it: the game's title and tagline, the board's
size and colours, and its squares in board order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.localise.kit_board import BoardText, SquareText
from printkit.localise.wording import Wording
from printkit.model.common import BoardInfo, Square


def board_text(game: BoardInfo[Any, Any, Any, Any], w: Wording,
               square: Callable[[Square], SquareText],
               deck_labels: tuple[tuple[str, str], ...] = (),
               accent: str = BoardText.accent) -> BoardText:
    """The board of `game` in the language of `w`, each square as `square` words it; the
    card piles in its centre (`deck_labels`: name and colour) and its title banner's
    colour (`accent`)."""
    return BoardText(
        title=w.text("game", "title"), tagline=w.text("game", "tagline"),
        size=game.board.size, corner=game.board.corner, background=game.board.background,
        ink=game.board.ink,
        squares=tuple(square(s) for s in sorted(game.squares, key=lambda s: s.position)),
        deck_labels=deck_labels, accent=accent)
