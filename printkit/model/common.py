"""Values shared by every game system: board squares, text files, stakes.

Every system's game class has at least: id, folder, system, source_language, languages,
players, squares, texts and where; the pipeline relies on nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.errors import Where


@dataclass(frozen=True)
class Stake:
    """A number of strokes with an implement."""

    implement: str
    count: int
    where: Where = field(compare=False, default=Where(""))


@dataclass(frozen=True)
class Square:
    """One square of the board: its position, its kind and the id it refers to."""

    position: int
    kind: str
    ref: str
    where: Where = field(compare=False)


@dataclass(frozen=True)
class BoardSpec:
    size: float
    corner: float
    background: str
    ink: str
    where: Where = field(compare=False, default=Where(""))  # where the corner size is set


@dataclass(frozen=True)
class TextSource:
    """A parsed text/<lang>.toml (game wording in one language)."""

    lang: str
    path: Path
    data: dict[str, Any] = field(compare=False)
    lines: dict[tuple, int] = field(compare=False)
