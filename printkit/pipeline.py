"""The whole build: load -> validate -> localise -> layout -> impose -> render -> write.

Everything is computed in memory first; files are written only when every language and
every product succeeded, so a failed build leaves output/ as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from printkit.errors import PrintkitError, Problems
from printkit.impose import PAPERS, Document
from printkit.load import load_game
from printkit.localise import localise
from printkit.localise.kit import Kit
from printkit.localise.languages import load_languages, resolve_many
from printkit.model import Game
from printkit.products import LAYOUTS, Options
from printkit.render import render
from printkit.resources import find_game
from printkit.validate import validate_game
from printkit.write import write_all

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int
    data: bytes


def load(name: str, data: Path | None) -> Game:
    """Load and validate a game by name or folder."""
    folder = find_game(name, data)
    problems = Problems(folder.parent)
    return validate_game(load_game(folder, problems), problems)


def languages_of(game: Game, langs: list[str]) -> list[str]:
    return resolve_many(langs, load_languages(game.folder), game.languages)


def documents(kit: Kit, options: Options) -> list[Document]:
    """Lay out and impose every product of a kit; raises with every layout problem."""
    problems = Problems()
    made = []
    for product in kit.products:
        for name, suffix, pages in LAYOUTS[type(product.content)](product, kit, options,
                                                                  problems):
            if not pages:  # e.g. a game without penalty lines has no lines.pdf
                continue
            made.append(Document(name, tuple(pages), f"{kit.title} – {product.title}{suffix}",
                                 product.title, kit.lang, kit.creator))
    problems.raise_if_any()
    return made


def players_for(game: Game, wanted: int | None) -> int:
    """The number of players to print for; an explicit number must suit the game."""
    low, high = game.players
    if wanted is None:
        return min(max(4, low), high)
    if not low <= wanted <= high:
        raise PrintkitError(f"--players {wanted}: {game.id} is for {low}–{high} players")
    return wanted


def build(name: str, langs: list[str], data: Path | None, out: Path, options: Options,
          progress: Progress = lambda _: None) -> list[Built]:
    """Build every product of a game in each language and write them under out/."""
    if options.paper not in PAPERS:
        raise PrintkitError(f"--paper {options.paper}: choose one of {', '.join(PAPERS)}")
    game = load(name, data)
    options = replace(options, players=players_for(game, options.players))
    codes = languages_of(game, langs)
    built: list[Built] = []
    for code in codes:
        progress(f"{game.id} ({code}): localising")
        kit = localise(game, code, options.allow_missing)
        progress(f"{game.id} ({code}): laying out")
        for doc in documents(kit, options):
            progress(f"{game.id} ({code}): {doc.name}.pdf")
            path = out / game.id / code / f"{doc.name}.pdf"
            built.append(Built(path, len(doc.pages), render(doc, options.cmyk)))
    write_all([(b.path, b.data) for b in built], out)
    return built
