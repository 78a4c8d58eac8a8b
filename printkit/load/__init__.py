"""Stage 1, load: a game folder -> a language-neutral `Game` (or located problems)."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import Problems
from printkit.load import spankopoly
from printkit.load.tables import read_toml
from printkit.model import Game

SYSTEMS = {"spankopoly": spankopoly.load}


def load_game(folder: Path) -> Game:
    """Read a game folder. Raises PrintkitError listing every problem found."""
    problems = Problems(folder.parent)
    manifest = read_toml(folder / "game.toml", problems)
    problems.raise_if_any()
    assert manifest is not None
    system = manifest.data.get("game", {}).get("system", "")
    if system not in SYSTEMS:
        problems.add(manifest.where("game", "system"),
                     f"unknown system '{system}'; use one of {', '.join(SYSTEMS)}")
        problems.raise_if_any()
    game = SYSTEMS[system](folder, manifest, problems)
    problems.raise_if_any()
    return game
