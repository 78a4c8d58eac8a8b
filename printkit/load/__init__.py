"""Stage 1, load: a game folder -> a language-neutral `Game` (or located problems)."""

from __future__ import annotations

from collections.abc import Collection
from importlib import import_module
from pathlib import Path
from types import ModuleType

from printkit.errors import Problems
from printkit.load.paths import check_links
from printkit.load.tables import read_toml
from printkit.model import AnyGame

# Each game system has a module of the same name in load, validate and localise.
SYSTEMS = ("spankopoly", "classic", "anti", "playing_cards")


def system_module(stage: str, system: str) -> ModuleType:
    """printkit.<stage>.<system>, imported when first asked for: a build needs only the
    system of its own game, not the model, loader and wording of every other one."""
    return import_module(f"printkit.{stage}.{system}")


def load_game(folder: Path, problems: Problems | None = None,
              langs: Collection[str] | None = None) -> AnyGame:
    """Read a game folder into a Game; of its text files, only those of `langs` and of the
    source language when `langs` is given (a build reads the languages it builds).

    Problems go to `problems` when given (the caller raises them after validating, so that
    every problem is reported at once); otherwise they are raised here. Unreadable files,
    and links that lead out of the folder, are always raised at once: nothing is read
    through such a link.
    """
    links = Problems(folder.parent)
    check_links(folder, links)
    links.raise_if_any()
    collect = problems is not None
    problems = problems if problems is not None else Problems(folder.parent)
    manifest = read_toml(folder / "game.toml", problems)
    problems.raise_if_any()
    assert manifest is not None
    game = manifest.data.get("game")
    system = game.get("system", "") if isinstance(game, dict) else ""
    if not isinstance(system, str) or system not in SYSTEMS:
        problems.add(manifest.where("game", "system"),
                     f"unknown system '{system}'; use one of {', '.join(SYSTEMS)}")
        problems.raise_if_any()
    if langs is not None:
        langs = {*langs, str(game.get("source_language", ""))}
    game = system_module("load", system).load(folder, manifest, problems, langs)
    if problems.unreadable or not collect:
        problems.raise_if_any()
    return game
