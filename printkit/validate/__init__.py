"""Stage 2, validate: semantic checks across the records of a loaded game."""

from __future__ import annotations

from collections.abc import Callable

from printkit.errors import Problem, Problems
from printkit.model import AnyGame
from printkit.validate.common import languages

Checker = Callable[[AnyGame, Problems], None]


def check_game(game: AnyGame, check: Checker) -> list[Problem]:
    """Every semantic problem of the game by its system's `check` (empty when it is
    consistent)."""
    problems = Problems(game.folder.parent)
    languages(game, problems)
    check(game, problems)
    return sorted(set(problems.items))


def validate_game(game: AnyGame, check: Checker, problems: Problems | None = None) -> AnyGame:
    """Return the game unchanged, or raise PrintkitError listing every problem (those
    already found while loading included)."""
    problems = problems if problems is not None else Problems(game.folder.parent)
    problems.extend(check_game(game, check))
    problems.raise_if_any()
    return game
