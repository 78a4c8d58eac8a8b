"""Stage 2, validate: semantic checks across the records of a loaded game."""

from __future__ import annotations

from collections.abc import Callable

from printkit.errors import Problems
from printkit.model import AnyGame
from printkit.validate.common import languages

Checker = Callable[[AnyGame, Problems], None]


def validate_game(game: AnyGame, check: Checker, problems: Problems | None = None) -> AnyGame:
    """Return the game unchanged, or raise PrintkitError listing every problem of it: those
    already found while loading (`problems`) and the semantic ones of its system's `check`.
    A value refused while loading is not checked again (see Problems.refused)."""
    problems = problems if problems is not None else Problems(game.folder.parent)
    languages(game, problems)
    check(game, problems)
    problems.raise_if_any()
    return game
