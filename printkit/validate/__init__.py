"""Stage 2, validate: semantic checks across the records of a loaded game."""

from __future__ import annotations

from printkit.errors import Problem, Problems
from printkit.load import system_module
from printkit.model import AnyGame


def check_game(game: AnyGame) -> list[Problem]:
    """Every semantic problem of the game (empty when it is consistent)."""
    problems = Problems(game.folder.parent)
    system_module("validate", game.system).check(game, problems)
    return sorted(set(problems.items))


def validate_game(game: AnyGame, problems: Problems | None = None) -> AnyGame:
    """Return the game unchanged, or raise PrintkitError listing every problem (those
    already found while loading included)."""
    problems = problems if problems is not None else Problems(game.folder.parent)
    problems.extend(check_game(game))
    problems.raise_if_any()
    return game
