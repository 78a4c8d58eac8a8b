"""The whole build: load -> validate -> localise -> layout -> impose -> render -> write.

Everything is computed in memory first; files are written only when every language and
every product succeeded, so a failed build leaves output/ as it was. Each language is
localised, then each product of each language laid out and rendered, as separate jobs on
all cores (printkit.workers).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from printkit import __version__, cache
from printkit.colour.gamut import design_colours, gamut_warnings
from printkit.errors import PrintkitError, Problem, Problems, Where
from printkit.impose import Document, Page
from printkit.impose.glyphs import covered
from printkit.impose.howto import Hint, hint_for
from printkit.impose.products import layout_for
from printkit.layout.fonts import drawable, using
from printkit.layout.ops import MM, Group, translate
from printkit.load.printing import load_print_spec
from printkit.load.theme import load_theme
from printkit.localise.kit import Deck, Kit
from printkit.model import AnyGame, GameInfo
from printkit.model.theme import Theme
from printkit.options import Options, Resolved, resolve
from printkit.render import render
from printkit.render.pdf import register_fonts
from printkit.resources import find_game
from printkit.workers import run_all
from printkit.write import write_all

if TYPE_CHECKING:
    from printkit.systems.contract import System

Progress = Callable[[str], None]
T = TypeVar("T")

SHEETS = Hint("sheets", "a4")  # how to print a file no product says otherwise of


@dataclass(frozen=True)
class Built:
    """One finished PDF, not yet written: its path, page count and bytes."""

    path: Path
    pages: int
    data: bytes
    hint: Hint = SHEETS
    product: str = ""  # the product it is a file of
    lang: str = ""
    warnings: tuple[Problem, ...] = ()  # of the product's files, on its first file
    notes: tuple[Problem, ...] = ()  # of the file's language (stale translations)
    remarks: tuple[Problem, ...] = ()  # what only check lists (text shrunk small)
    removed: bool = False  # a file of an earlier build the build removed (not written)


def load(name: str, data: Path | None, langs: list[str] | None = None) -> AnyGame:
    """Load and validate a game by name or folder; given --lang values (`langs`), read
    only the text files of those languages and of the source language."""
    from printkit.load import load_game, read_manifest  # the early stages: only when the
    from printkit.localise.languages import asked_codes, load_languages  # cache has no
    from printkit.systems import SYSTEMS  # entry (printkit.cache)
    from printkit.validate import validate_game

    folder = find_game(name, data)
    manifest, system_name = read_manifest(folder, SYSTEMS)
    system = SYSTEMS[system_name]
    problems = Problems(folder.parent)
    codes = None  # every language's text files
    if langs is not None:
        with suppress(PrintkitError):  # an unknown --lang is reported once the game is loaded
            codes = asked_codes(langs, load_languages(folder))
    game = load_game(folder, manifest, system.load, problems, codes)
    return validate_game(game, system.check, problems)


def system_of(game: AnyGame) -> System[Any]:
    """The game system a loaded game belongs to."""
    from printkit.systems import SYSTEMS

    return SYSTEMS[game.system]


def languages_of(game: AnyGame, langs: list[str]) -> list[str]:
    """The codes that --lang values ask for; none given: the game's source language."""
    from printkit.localise.languages import load_languages, resolve_many

    if not langs:
        return [game.source_language]
    return resolve_many(langs, load_languages(game.folder), game.languages, game.id)


def documents(kit: Kit, options: Resolved, problems: Problems) -> list[Document]:
    """Lay out and impose every product of a kit. Problems go to `problems`; those of a
    deck's cards only as its pages are read (see printkit.impose.products)."""
    return [doc for _, doc in product_documents(kit, options, problems)]


def product_documents(kit: Kit, options: Resolved,
                      problems: Problems) -> list[tuple[Hint, Document]]:
    """Every document of a kit's products with how to print it; each product on its own
    paper when it was given one (--paper board=a3)."""
    made = []
    for product in kit.products:
        own = options.for_product(product.name)
        for out in layout_for(product.content)(product, kit, own, problems):
            if not out.pages:  # e.g. a game without penalty lines has no lines.pdf
                continue
            keywords = " ".join(k for k in (out.keywords, shop_keyword(own)) if k)
            doc = Document(out.name, out.pages, f"{kit.title} – {product.title}{out.suffix}",
                           product.title, kit.lang, kit.creator, keywords)
            made.append((hint_for(product, doc, own.target, own.paper, own.duplex,
                                  cmyk=own.cmyk),
                         covered(doc, Where(kit.game_file or kit.game), problems)))
    return made


def shop_keyword(options: Resolved) -> str:
    """What a file for a print shop says it is, in its keywords (preflight reads it)."""
    if options.target != "shop":
        return ""
    colour = f"cmyk ink={options.ink_limit:g}%" if options.cmyk else "rgb"
    return f"printkit-shop vendor={options.vendor} colour={colour}"


def players_for(game: GameInfo, wanted: int | None, products: Iterable[str] = ()) -> int:
    """The number of players to print for; an explicit number must suit the game (of
    these products)."""
    low, high = game.players
    if wanted is None:
        return min(max(4, low), high)
    if not low <= wanted <= high:
        blanks = [f"{name}-blank.pdf" for name in ("ledger", "scorepad")
                  if name in products]
        copy = f" (for any number, copy the blank master {' or '.join(blanks)})" \
            if blanks else ""
        raise PrintkitError(f"--players {wanted}: {game.id} is for {low}–{high} players"
                            + copy)
    return wanted


def kit_for(game: AnyGame, code: str, options: Resolved, only: tuple[str, ...] = ()) -> Kit:
    """The game (its products in `only`, if any) localised in one language: a job for
    printkit.workers. A whole game's texts must agree with each other (localise/agree.py)."""
    from printkit.localise.agree import check_agreement
    from printkit.localise.stage import localise

    kit = localise(system_of(game), game, code, options.allow_missing, only)
    if not only:  # some products cannot tell what the others say
        check_agreement(kit)
    return kit


def product_files(kit: Kit, folder: Path, options: Resolved, draw: bool = True) -> list[Built]:
    """The files of a kit (usually of one product) for folder, rendered in memory: one job
    for printkit.workers. Raises with every problem of every page, once all are drawn.
    Without `draw` (printkit check) every page is laid out, and so checked, but not
    rendered: the files come back empty."""
    problems = Problems()
    pdfx = options.target == "shop" and options.cmyk
    with using(options.theme.fonts):  # text is measured and drawn in the theme's fonts
        docs = product_documents(kit, options, problems)
        if not draw:  # `check`: every page laid out (a deck's as it is read), none drawn
            colours: set[tuple[str, str]] = set()
            for _, doc in docs:
                for page in doc.pages:
                    colours |= design_colours(page.ops)
            if options.cmyk:
                problems.warnings += gamut_warnings(colours, options.ink_limit,
                                                    options.profile)
        built = [] if problems else [
            Built(folder / f"{doc.name}.pdf", len(doc.pages),
                  render(doc, options.cmyk, pdfx, options.ink_limit) if draw else b"",
                  hint, kit.products[0].name if kit.products else "", kit.lang)
            for hint, doc in docs]
    problems.raise_if_any()
    if built and (problems.warnings or problems.notes or kit.notes):
        built[0] = replace(built[0], warnings=tuple(sorted(set(problems.warnings))),
                           notes=kit.notes, remarks=tuple(sorted(set(problems.notes))))
    return built


def check_products(game: str, products: Iterable[str], names: Iterable[str],
                   option: str) -> None:
    """Every name must be one of the game's products (as in README's table of files)."""
    products = tuple(products)
    unknown = [name for name in names if name not in products]
    if unknown:
        raise PrintkitError([Problem(Where(""), f"{option} {name}: {game} has no product "
                                     f"'{name}'; its products are {', '.join(products)}")
                             for name in unknown])


def output_folder(out: Path, kit: Kit, options: Resolved) -> Path:
    """out/<game>/<lang>/, or out/<game>/<lang>/shop-<vendor>/ for a print shop."""
    folder = out / kit.game / kit.lang
    return folder / f"shop-{options.vendor}" if options.target == "shop" else folder


def warm_up() -> None:
    """Load fonts and metrics once, before workers are forked to share them."""
    register_fonts()
    drawable()


def build(name: str, langs: list[str], data: Path | None, out: Path, options: Options,
          progress: Progress = lambda _: None, config: Path | None = None,
          only: tuple[str, ...] = (), workers: int | None = None,
          write: bool = True, loaded: AnyGame | None = None) -> list[Built]:
    """Build every product of a game (or those named in `only`) in each language and write
    them under out/. Products are laid out and rendered in parallel on up to `workers`
    cores (default: all); the files are the same bytes either way. Without `write`
    (printkit check) everything is done up to rendering, which finds no problems: the
    same problems are raised and nothing is written; `loaded` is the game as `load` gave it
    already (check reads it for its own report), used unless the cache holds it.

    Print settings: the built-ins, the game's [print] table, then the user's printkit.toml
    (`config`, or the usual places); home output goes to out/<game>/<lang>/, shop output
    to out/<game>/<lang>/shop-<vendor>/.
    """
    _, resolved, kits = prepare(name, langs, data, options, progress, config, only,
                                workers, loaded)
    try:
        files = run_jobs(kits, out, resolved, partial(product_files, draw=write), progress,
                         workers)
    except PrintkitError as exc:
        raise blame_options(exc, kits, out, resolved, workers) from None
    built = [b for part in files for b in part]
    if write:
        gone = superseded(built, resolved)
        write_all([(b.path, b.data) for b in built], out, gone)
        built += [Built(path, 0, b"", removed=True) for path in gone]
    return built


def superseded(built: list[Built], options: Resolved) -> tuple[Path, ...]:
    """The files an earlier build wrote of the products built now, on a paper this build
    does not use (board-a4.pdf, when the board is tiled on A3 now): they would look
    current beside the new ones."""
    papers = tuple(options.settings.papers)
    written = {b.path for b in built}
    found: set[Path] = set()
    for b in built:
        for paper in papers:
            if b.path.stem.endswith(f"-{paper}"):
                base = b.path.stem[:-len(paper) - 1]
                found.update(b.path.with_name(f"{base}-{other}.pdf") for other in papers)
    return tuple(sorted(p for p in found - written if p.is_file()))


def make(name: str, langs: list[str], data: Path | None, out: Path, options: Options,
         job: Callable[[Kit, Path, Resolved], T], progress: Progress = lambda _: None,
         config: Path | None = None, only: tuple[str, ...] = (),
         workers: int | None = None) -> list[T]:
    """`job(kit, folder, options)` for every product of the game (or those in `only`) in
    each language, in parallel, nothing written: what `build` and `preview` share."""
    _, resolved, kits = prepare(name, langs, data, options, progress, config, only, workers)
    return run_jobs(kits, out, resolved, job, progress, workers)


def prepare(name: str, langs: list[str], data: Path | None, options: Options,
            progress: Progress = lambda _: None, config: Path | None = None,
            only: tuple[str, ...] = (), workers: int | None = None,
            loaded: AnyGame | None = None) -> tuple[GameInfo, Resolved, list[Kit]]:
    """The game loaded, its options resolved and its kits localised (of the products in
    `only`, if any), one per language asked for. The loaded and localised game is kept in
    printkit.cache, keyed by the content of the game's files, for the next build."""
    keep_modules()
    folder = find_game(name, data)
    entry = cache.key(folder, (tuple(langs), only, options.allow_missing))
    found = cache.read(entry)
    if found is not None:
        progress(f"{found.game.id}: texts of {', '.join(found.codes)} as last built")
        resolved = settled(found.game, found.products, only, options, config)
    else:
        game = loaded if loaded is not None else load(name, data, langs)
        info, products = GameInfo.of(game), tuple(system_of(game).products(game))
        resolved = settled(info, products, only, options, config)
        codes = languages_of(game, langs)
        progress(f"{game.id}: localising {', '.join(codes)}")
        kits = run_all([partial(kit_for, game, code, resolved, only) for code in codes],
                       workers, warm_up)
        found = cache.Prepared(info, tuple(codes), products, tuple(kits))
        cache.store(entry, found)
    if not only:  # a build of some products cannot tell what the others hold
        check_theme(resolved.theme, list(found.kits))
    return found.game, resolved, list(found.kits)


def keep_modules() -> None:
    """Once per process, before the first build: put every object alive now (the modules
    of printkit and its libraries, which live as long as the process) out of the cycle
    collector's sight, so that a full collection walks only what builds make. A small
    build spends about a tenth of its time in collections, half of it walking modules.
    Objects frozen stay until the process ends, so only the first build freezes: what a
    long `serve` drops later is collected as usual."""
    if gc.get_freeze_count() == 0:
        gc.freeze()


def settled(game: GameInfo, products: tuple[str, ...], only: tuple[str, ...],
            options: Options, config: Path | None) -> Resolved:
    """The options for a game, after the products they name are checked."""
    check_products(game.id, products, only, "--only")
    check_products(game.id, products, (product for product, _ in options.papers), "--paper")
    return settle(game, options, config, products)


def run_jobs(kits: list[Kit], out: Path, options: Resolved, job: Callable[[Kit, Path, Resolved], T],
             progress: Progress = lambda _: None, workers: int | None = None) -> list[T]:
    """`job(kit, folder, options)` for every product of the kits, in parallel."""
    parts = [replace(kit, products=(product,)) for kit in kits for product in kit.products]
    jobs = [partial(job, part, output_folder(out, part, options), options) for part in parts]
    return run_all(jobs, workers, warm_up, done=lambda i: progress(
        f"{parts[i].game} ({parts[i].lang}): {parts[i].products[0].name}"))


def blame_options(error: PrintkitError, kits: list[Kit], out: Path, options: Resolved,
                  workers: int | None) -> PrintkitError:
    """The layout problems of a build with --paper or --board-size: those that the same
    build on the usual paper (a4) and the game's board size does not have are caused by
    the option, and are reported as one problem of the option, naming the value to choose."""
    given = [f"--paper {options.paper}" if options.paper != "a4" else "",
             f"--board-size {options.board_size}" if options.board_size else ""]
    if not any(given):
        return error
    usual = replace(options, paper="a4", board_size="")
    try:
        run_jobs(kits, out, usual, partial(product_files, draw=False), workers=workers)
        remaining: set[Problem] = set()
    except PrintkitError as exc:
        remaining = set(exc.problems)
    caused = [p for p in error.problems if p not in remaining and p.where.path]
    if not caused:
        return error
    items = sorted({p.where.field or p.where.path for p in caused})
    shown = ", ".join(items[:3]) + (f" and {len(items) - 3} more" if len(items) > 3 else "")
    choose = " and ".join(filter(None, ["--paper a4" if given[0] else "",
                                        "the game's board size" if given[1] else ""]))
    problem = Problem(Where("", 0, " ".join(filter(None, given))),
                      f"{shown}: {'does' if len(items) == 1 else 'do'} not fit with this "
                      f"value, though {'it fits' if len(items) == 1 else 'they fit'} without "
                      f"it; choose {choose} (or shorten these texts)")
    return PrintkitError(sorted({*(p for p in error.problems if p not in caused), problem}))


def settle(game: GameInfo, options: Options, config: Path | None,
           products: Iterable[str] = ()) -> Resolved:
    """The options for a game (of these products): its number of players, print settings
    and theme applied."""
    players = players_for(game, options.players, products)
    resolved = resolve(replace(options, players=players),
                       load_print_spec(game.folder / "game.toml", config))
    return replace(resolved, theme=theme_of(game, config, resolved.allow_low_resolution))


def theme_of(game: GameInfo, config: Path | None, allow_low_resolution: bool) -> Theme:
    """The game's [theme] with the print settings' over it; raises with every problem."""
    problems = Problems(game.folder.parent)
    theme = load_theme(game.folder / "game.toml", config, problems, allow_low_resolution)
    problems.raise_if_any()
    return theme


def check_theme(theme: Theme, kits: list[Kit]) -> None:
    """Every deck, card and square a theme gives a picture must be one of the game's."""
    from printkit.localise.kit_board import BoardText  # a whole game's build: it has a board

    problems = Problems()
    decks = {p.name: p.content for kit in kits for p in kit.products
             if isinstance(p.content, Deck)}
    cards = {f"{name}.{c.id}" for name, deck in decks.items() for c in deck.fronts}
    boards = [p.content for kit in kits for p in kit.products
              if isinstance(p.content, BoardText)]
    squares = {s.position for b in boards[:1] for s in b.squares
               if s.position % (len(b.squares) // 4)}
    for table, known, what in (("backs", set(decks), "deck"), ("cards", cards, "card"),
                               ("squares", squares, "square")):
        for key, pic in getattr(theme, table):
            if key not in known:
                note = " (corners keep their own drawing)" if table == "squares" else ""
                problems.add(pic.where, f"no {what} '{key}' in this game{note}; known: "
                             f"{', '.join(str(k) for k in sorted(known)) or 'none'}")
    problems.raise_if_any()


def calibration(asked: Options, lang: str, config: Path | None = None) -> tuple[str, bytes]:
    """The duplex calibration sheet (front and back) and its file name.

    The back is printed with the offset of the options (--back-offset or the printer
    profile), so a sheet printed with a good offset reads 0 everywhere.
    """
    from printkit.layout import calibration as calibration_face  # only this command
    from printkit.localise.catalog import load_labels
    from printkit.localise.languages import load_languages
    from printkit.localise.languages import resolve as resolve_language
    from printkit.localise.printaids import calibration_text

    options = resolve(asked, load_print_spec(None, config))
    if options.duplex not in ("long", "short"):
        raise PrintkitError("--duplex none: calibration is for double-sided printing; "
                            "choose long or short")
    languages = load_languages()
    code = resolve_language(lang, languages)
    labels = load_labels(languages[code].catalog, languages[code].locale)
    dx, dy = options.back_offset
    shown = f"{dx / MM:g},{dy / MM:g}"
    text = calibration_text(labels, options.duplex, shown)
    paper = options.sheet_size
    problems = Problems()
    front = calibration_face.front(text, paper, options.duplex, Where("", 0, "calibration"),
                                   problems)
    problems.raise_if_any()
    back = calibration_face.back(text, paper, options.duplex)
    pages = (Page(*paper, front.ops, label="front"),
             Page(*paper, (Group(back.ops, translate(dx, dy)),), label="back"))
    name = f"calibration-{options.paper}-{options.duplex}"
    doc = Document(name, pages, f"printkit – {text.title} ({options.paper.upper()}, "
                   f"{options.duplex})", text.title, code, f"printkit {__version__}")
    return name, render(doc, options.cmyk)
