"""The whole build: load -> validate -> localise -> layout -> impose -> render -> write.

A request is resolved once (printkit.plan: the game found, read and validated, or taken
from the cache); its plan is localised here, then laid out, imposed and rendered.
Everything is computed in memory first; files are written only when every language and
every product succeeded, so a failed build leaves output/ as it was. Each language is
localised, then each product of each language laid out and rendered, as separate jobs on
all cores (printkit.workers).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from printkit import __version__, cache
from printkit import keywords as declared
from printkit.errors import PrintkitError, Problem, Problems, Where
from printkit.impose import Document, Page
from printkit.impose.glyphs import covered
from printkit.impose.howto import Hint, hint_for
from printkit.impose.products import layout_for
from printkit.layout.fonts import ROLES, draws, metrics, using
from printkit.layout.ops import MM, Group, translate
from printkit.layout.problems import check_glyphs
from printkit.localise.kit import Deck, Kit
from printkit.model.theme import Theme
from printkit.options import Options, Request, Resolved
from printkit.options import resolve as resolve_options
from printkit.plan import Kept, Plan, Source, resolve
from printkit.render import render
from printkit.render.pdf import register_fonts
from printkit.workers import run_all
from printkit.write import write_all

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """A step of a build, for the terminal to put into words (printkit.commands.report):
    `what` is "localising" (the texts of `langs` being made), "kept" (those texts taken
    as the last build made them) or "product" (`product` of `langs[0]` done)."""

    game: str
    what: str
    langs: tuple[str, ...] = ()
    product: str = ""


Progress = Callable[[Step], None]

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
        found = len(problems.items)
        laid = layout_for(product.content)(product, kit, own, problems)
        at_labels(kit, problems, found)
        for out in laid:
            if not out.pages:  # e.g. a game without penalty lines has no lines.pdf
                continue
            keywords = " ".join(k for k in (out.keywords, shop_keyword(own)) if k)
            doc = Document(out.name, out.pages, f"{kit.title} – {product.title}{out.suffix}",
                           product.title, kit.lang, kit.creator, keywords)
            made.append((hint_for(product, doc, own.target, own.paper, own.duplex,
                                  cmyk=own.cmyk),
                         covered(doc, Where(kit.game_file or kit.game), problems)))
    return made


def at_labels(kit: Kit, problems: Problems, start: int) -> None:
    """The problems found since `start` in a label of the game's own catalog, quoted in
    their field at the product they print on (`scorepad: 'Speler…'`), named at the
    label's line of messages.po instead."""
    for i in range(start, len(problems.items)):
        problem = problems.items[i]
        quoted = problem.where.field.partition("'")[2]
        at = label_at(kit, quoted) if quoted and not problem.where.line else None
        if at is not None:  # the label, and the product it prints on
            item = problem.where.field.partition(":")[0]
            problems.items[i] = replace(problem, where=at.at(f"{at.field} ({item})"))


def label_at(kit: Kit, quoted: str) -> Where | None:
    """Where the label a quoted text begins with is written (the label, then the end of
    the quote, a space or a colon: 'Speler 1:'), if it is one of the game's own."""
    for text, where in kit.labels_at:
        head = text[:40]
        if quoted.startswith(head) and quoted[len(head):len(head) + 1] in ("", " ", ":", "'"):
            return where
    return None


def shop_keyword(options: Resolved) -> str:
    """What a file for a print shop says it is, in its keywords (preflight reads it)."""
    if options.target != "shop":
        return ""
    return declared.shop(options.vendor, options.cmyk, options.ink_limit)


def kit_for(source: Source, code: str, options: Resolved, only: tuple[str, ...] = ()) -> Kit:
    """The game (its products in `only`, if any) localised in one language: a job for
    printkit.workers. A whole game's texts must agree with each other (localise/agree.py)."""
    from printkit.localise.stage import localise

    kit = localise(source.setup.system, source.game, source.setup.languages[code],
                   options.allow_missing, only)
    label_glyphs(kit, options.theme)
    if not only:  # some products cannot tell what the others say
        from printkit.localise.agree import check_agreement  # (so a deck's build skips it)

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
            from printkit.layout.gamut import design_colours, gamut_warnings

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


def label_glyphs(kit: Kit, theme: Theme) -> None:
    """A character the theme's fonts lack in a label the game's own catalog translates is
    a problem at that translation's line (layout knows only the product it prints on)."""
    problems = Problems()
    with using(theme.fonts):
        for text, where in kit.labels_at:
            check_glyphs([text], where, problems)
    problems.raise_if_any()


def output_folder(out: Path, kit: Kit, options: Resolved) -> Path:
    """out/<game>/<lang>/, or out/<game>/<lang>/shop-<vendor>/ for a print shop."""
    folder = out / kit.game / kit.lang
    return folder / f"shop-{options.vendor}" if options.target == "shop" else folder


def warm_up() -> None:
    """Load fonts and metrics once, before workers are forked to share them."""
    register_fonts()
    for role in ROLES:
        metrics(role)
    draws(" ")  # every role's coverage


def build(request: Request | Plan, out: Path, progress: Progress = lambda _: None,
          workers: int | None = None, write: bool = True) -> list[Built]:
    """Build every product of a game (or those of --only) in each language and write them
    under out/ (a request is resolved first: printkit.plan). Products are laid out and
    rendered in parallel on up to `workers` cores (default: all); the files are the same
    bytes either way. Without `write` (printkit check) everything is done up to
    rendering, which finds no problems: the same problems are raised and nothing is
    written.

    Print settings: the built-ins, the game's [print] table, then the user's printkit.toml
    (the request's `config`, or the usual places); home output goes to
    out/<game>/<lang>/, shop output to out/<game>/<lang>/shop-<vendor>/.
    """
    plan = request if isinstance(request, Plan) else resolve(request)
    keep_modules()
    made = kits(plan, progress, workers)
    try:
        files = run_jobs(made, out, plan.options, partial(product_files, draw=write),
                         progress, workers)
    except PrintkitError as exc:
        raise blame_options(exc, made, out, plan.options, workers) from None
    built = [b for part in files for b in part]
    if write:
        gone = superseded(built, plan.options)
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


def make(request: Request, out: Path, job: Callable[[Kit, Path, Resolved], T],
         progress: Progress = lambda _: None, workers: int | None = None) -> list[T]:
    """`job(kit, folder, options)` for every product of the game (or those of --only) in
    each language, in parallel, nothing written: what `build` and `preview` share."""
    plan = resolve(request)
    keep_modules()
    return run_jobs(kits(plan, progress, workers), out, plan.options, job, progress, workers)


def kits(plan: Plan, progress: Progress = lambda _: None,
         workers: int | None = None) -> list[Kit]:
    """The plan's game localised (of the products of --only, if any), one kit per
    language; kept in printkit.cache, keyed by the content of the game's files, for the
    next build of the same request."""
    only = plan.request.only
    if isinstance(plan.found, Kept):
        progress(Step(plan.game.id, "kept", plan.codes))
        made = list(plan.found.kits)
    else:
        progress(Step(plan.game.id, "localising", plan.codes))
        made = run_all([partial(kit_for, plan.found, code, plan.options, only)
                        for code in plan.codes], workers, warm_up)
        cache.store(plan.key, cache.Prepared(plan.game, plan.manifest, plan.codes,
                                             plan.products, tuple(made)))
    check_theme(plan.options.theme, made, plan.products if only else ())
    return made


def keep_modules() -> None:
    """Once per process, before the first build: put every object alive now (the modules
    of printkit and its libraries, which live as long as the process) out of the cycle
    collector's sight, so that a full collection walks only what builds make. A small
    build spends about a tenth of its time in collections, half of it walking modules.
    Objects frozen stay until the process ends, so only the first build freezes: what a
    long `serve` drops later is collected as usual."""
    if gc.get_freeze_count() == 0:
        gc.freeze()


def run_jobs(kits: list[Kit], out: Path, options: Resolved, job: Callable[[Kit, Path, Resolved], T],
             progress: Progress = lambda _: None, workers: int | None = None) -> list[T]:
    """`job(kit, folder, options)` for every product of the kits, in parallel."""
    parts = [replace(kit, products=(product,)) for kit in kits for product in kit.products]
    jobs = [partial(job, part, output_folder(out, part, options), options) for part in parts]
    return run_all(jobs, workers, warm_up, done=lambda i: progress(
        Step(parts[i].game, "product", (parts[i].lang,), parts[i].products[0].name)))


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


def check_theme(theme: Theme, kits: list[Kit], products: tuple[str, ...] = ()) -> None:
    """Every deck, card and square a theme gives a picture must be one of the game's. Kits
    of some products (--only; `products` are the game's) tell what they hold: a card of
    a deck built, a square of the board built, a back of a product of the game."""
    problems = Problems()
    decks = {p.name: p.content for kit in kits for p in kit.products
             if isinstance(p.content, Deck)}
    cards = {f"{name}.{c.id}" for name, deck in decks.items() for c in deck.fronts}
    boards = board_texts(kits)
    squares = {s.position for b in boards[:1] for s in b.squares
               if s.position % (len(b.squares) // 4)}
    for table, known, what in (("backs", set(decks), "deck"), ("cards", cards, "card"),
                               ("squares", squares, "square")):
        for key, pic in getattr(theme, table):
            unknown = key not in known and not (products and (
                (table == "backs" and key in products)
                or (table == "cards" and key.split(".")[0] not in decks)
                or (table == "squares" and not boards)))
            if unknown:
                note = " (corners keep their own drawing)" if table == "squares" else ""
                problems.add(pic.where, f"no {what} '{key}' in this game{note}; known: "
                             f"{', '.join(str(k) for k in sorted(known)) or 'none'}")
    problems.raise_if_any()


def board_texts(kits: list[Kit]) -> list[Any]:
    """The kits' boards (BoardText). A kit made without one never imported its module (a
    deck's build does not), so it is not imported here either."""
    module = sys.modules.get("printkit.localise.kit_board")
    if module is None:
        return []
    return [p.content for kit in kits for p in kit.products
            if isinstance(p.content, module.BoardText)]


def calibration(asked: Options, lang: str, config: Path | None = None) -> tuple[str, bytes]:
    """The duplex calibration sheet (front and back) and its file name.

    The back is printed with the offset of the options (--back-offset or the printer
    profile), so a sheet printed with a good offset reads 0 everywhere. `lang` is a
    language of printkit's, or "en": the labels as written (English).
    """
    from printkit.layout import calibration as calibration_face  # only this command
    from printkit.load.printing import load_print_spec
    from printkit.localise.catalog import english_labels, load_labels
    from printkit.localise.languages import load_languages
    from printkit.localise.languages import resolve as resolve_language
    from printkit.localise.printaids import calibration_text

    options = resolve_options(asked, load_print_spec(None, config))
    if options.duplex not in ("long", "short"):
        raise PrintkitError("--duplex none: calibration is for double-sided printing; "
                            "choose long or short")
    languages = load_languages()
    code = "en" if lang == "en" else resolve_language(lang, languages)
    labels = english_labels() if code == "en" else \
        load_labels(languages[code].catalog, languages[code].locale)
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
