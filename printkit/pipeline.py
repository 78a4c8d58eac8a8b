"""The whole build: load -> validate -> localise -> layout -> impose -> render -> write.

Everything is computed in memory first; files are written only when every language and
every product succeeded, so a failed build leaves output/ as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError, Problems
from printkit.impose import PAPERS, Document, Page, nup, plain, single, tile_pages
from printkit.layout.board import board_face
from printkit.layout.cards import card_face
from printkit.layout.ops import Face
from printkit.layout.problems import item_where
from printkit.layout.sheets import lines_page, scorepad_pages
from printkit.layout.style import CARD_FORMATS
from printkit.load import load_game
from printkit.localise import localise
from printkit.localise.kit import Deck, Kit
from printkit.localise.languages import load_languages, resolve_many
from printkit.model import Game
from printkit.render import render
from printkit.resources import find_game
from printkit.validate import validate_game
from printkit.write import write_all

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Options:
    """How to print: players on the score pad, paper, duplex, colour and gaps."""

    players: int = 4
    paper: str = "a4"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cmyk: bool = False
    allow_missing: bool = False


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int
    data: bytes


def load(name: str, data: Path | None) -> Game:
    """Load and validate a game by name or folder."""
    return validate_game(load_game(find_game(name, data)))


def languages_of(game: Game, langs: list[str]) -> list[str]:
    return resolve_many(langs, load_languages(game.folder), game.languages)


def deck_pages(deck: Deck, kit: Kit, options: Options, problems: Problems) -> list[Page]:
    width, height = CARD_FORMATS[deck.card_format]
    faces = []
    for side, cards in (("front", deck.fronts), ("back", deck.backs)):
        faces.append(tuple(card_face(c, width, height, item_where(
            kit.game, kit.lang, f"{deck.name}.{c.id} ({side})"), problems) for c in cards))
    if problems:
        return []
    return nup(faces[0], faces[1], PAPERS[options.paper], options.duplex, options.back_offset)


def documents(kit: Kit, options: Options) -> list[Document]:
    """Lay out and impose every product of a kit; raises with every layout problem."""
    problems = Problems()
    paper = PAPERS[options.paper]
    where = item_where(kit.game, kit.lang, "board")
    board = board_face(kit.board, where, problems)
    pages: dict[str, list[Page]] = {
        "board": [single(board)],
        f"board-{options.paper}": tile_pages(board, paper),
    }
    for deck in kit.decks:
        pages[deck.name] = deck_pages(deck, kit, options, problems)
    pad = scorepad_pages(kit.scorepad, options.players, paper,
                         item_where(kit.game, kit.lang, "scorepad"), problems)
    pages["scorepad"] = [plain(f) for f in pad]
    sheets: list[Face] = [f for f in (lines_page(t, paper, item_where(
        kit.game, kit.lang, f"penalty_lines.{t.id}"), problems) for t in kit.lines) if f]
    pages["lines"] = [plain(f) for f in sheets]
    problems.raise_if_any()
    docs = []
    for name, content in pages.items():
        meta = kit.meta_for("board-tiles" if name.startswith("board-") else name)
        docs.append(Document(name, tuple(content), meta.title, meta.subject, kit.lang,
                             kit.creator))
    return docs


def build(name: str, langs: list[str], data: Path | None, out: Path, options: Options,
          progress: Progress = lambda _: None) -> list[Built]:
    """Build every product of a game in each language and write them under out/."""
    if options.paper not in PAPERS:
        raise PrintkitError(f"--paper {options.paper}: choose one of {', '.join(PAPERS)}")
    game = load(name, data)
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
