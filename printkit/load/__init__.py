"""Stage 1, load: a game folder -> a language-neutral game (or located problems).

`read_manifest` reads game.toml and names the game's system; the system's own loader
(handed in by the pipeline, never imported here) reads the rest of the folder.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from printkit.errors import Problems
from printkit.load.tables import Toml, read_toml
from printkit.model import AnyGame

Loader = Callable[[Path, Toml, Problems, Collection[str] | None], AnyGame]


def read_manifest(folder: Path, systems: Collection[str]) -> tuple[Toml, str]:
    """The parsed game.toml of a game folder and the name of its system (one of `systems`).

    Unreadable files, links that lead out of the folder and an unknown system are raised
    at once: nothing is read through such a link, and nothing else can be read without
    knowing the system.
    """
    from printkit.load.paths import check_links  # (a build whose game the cache holds
    # unpickles its game.toml, a Toml of this package, and reads no game folder)

    problems = Problems(folder.parent)
    check_links(folder, problems)
    problems.raise_if_any()
    manifest = read_toml(folder / "game.toml", problems)
    problems.raise_if_any()
    assert manifest is not None
    game = manifest.data.get("game")
    system = game.get("system", "") if isinstance(game, dict) else ""
    if not isinstance(system, str) or system not in systems:
        problems.add(manifest.where("game", "system"),
                     f"unknown system '{system}'; use one of {', '.join(systems)}")
        problems.raise_if_any()
    return manifest, system


def load_game(folder: Path, manifest: Toml, loader: Loader, problems: Problems | None = None,
              langs: Collection[str] | None = None) -> AnyGame:
    """Read a game folder into a game with its system's `loader`; of its text files, only
    those of `langs` and of the source language when `langs` is given (a build reads the
    languages it builds).

    Problems go to `problems` when given (the caller raises them after validating, so that
    every problem is reported at once); otherwise they are raised here. Unreadable files
    are always raised at once.
    """
    from printkit.load.codes import code_for, known_codes

    collect = problems is not None
    problems = problems if problems is not None else Problems(folder.parent)
    if langs is not None:
        game = manifest.data.get("game")
        source = str(game.get("source_language", "")) if isinstance(game, dict) else ""
        langs = {*langs, code_for(source, known_codes(folder)) or source}
    loaded = loader(folder, manifest, problems, langs)
    if problems.unreadable or not collect:
        problems.raise_if_any()
    return loaded
