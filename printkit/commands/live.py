"""The fast edit loop behind `printkit serve`: a game kept loaded and localised in memory,
and after each save only the products whose localised content changed drawn again.

The dependency rule is simple and errs on the safe side: a change to `text/<code>.toml` or
`rules/<code>.md` re-localises that language (every language when it is the game's source
language, which the others fall back on); any other change re-localises every language.
A product is laid out again only when its localised value (a frozen `Kit` of that product
alone) differs from the one drawn last, or the print options changed. So a card's text
redraws its deck, and a street's name everything that shows it (board, deeds, the cards
that send you there, the rules). Of a product laid out again, only the pages that differ
from a page already drawn (pages are frozen values too) are rendered and pictured.
"""

from __future__ import annotations

import io
import multiprocessing
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.commands.cells import Cell, card_page, cells
from printkit.commands.pictures import largest_dpi, opened, write_png
from printkit.commands.preview import Picture
from printkit.commands.served import Served
from printkit.errors import PrintkitError, Problems, gathered
from printkit.impose import Document, Page
from printkit.layout.fonts import Chosen, using
from printkit.localise.kit import Kit
from printkit.options import Resolved
from printkit.pipeline import kit_for, kits, product_documents, warm_up
from printkit.plan import Plan, Source, reread, resolve_in
from printkit.render import render
from printkit.resources import find_game
from printkit.workers import default_workers

CARD_DPI = 200  # a card shown large, alone


@dataclass(frozen=True)
class Shown:
    """One product in one language as pictures, drawn at `generation`; the cards on each
    picture; its problems (the pictures are then those of its last good drawing, if any)."""

    name: str
    title: str
    generation: int
    pictures: tuple[Picture, ...]
    warnings: tuple[str, ...] = ()  # worth knowing, not stopping (a picture under 300 ppi)
    cells: tuple[tuple[Cell, ...], ...] = ()  # per picture
    problems: tuple[str, ...] = ()
    pages: tuple[Page, ...] = field(default=(), repr=False)  # per picture (a card of one
    # is drawn large from it)


@dataclass(frozen=True)
class View:
    """What the page shows: per language its kit's title and products; the problems of the
    last build (empty when it succeeded: the pictures are then up to date); while a build
    runs, how far it is (`loading`: the game is being read and localised; `building`: per
    language the products done and their number)."""

    generation: int = 0
    titles: dict[str, str] = field(default_factory=dict)
    products: dict[str, tuple[Shown, ...]] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()  # "lang/product" drawn by the last build
    loading: bool = False
    building: tuple[tuple[str, int, int], ...] = ()
    cmyk: bool = False  # how the pictures are drawn
    fonts: Chosen = ()

    @property
    def done(self) -> bool:
        """Whether the build is over (the view is the last of its build)."""
        return not self.loading and not self.building


Shot = tuple[bytes, int, int]  # a page as a PNG, its width and height


@dataclass(frozen=True, eq=False)
class PageKey:
    """A page as a dictionary key: its (deep) hash computed once; equal when the pages
    are equal, so a hash collision never shows the wrong picture."""

    page: Page
    digest: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", hash(self.page))

    def __hash__(self) -> int:
        return self.digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PageKey) and (self is other or (
            self.digest == other.digest and self.page == other.page))


def documents(part: Kit, options: Resolved) -> tuple[list[Document], tuple[str, ...]]:
    """The documents of a one-product kit, every page made (and every problem found), and
    the warnings of laying them out, each once."""
    problems = Problems()
    with using(options.theme.fonts):  # text is measured in the theme's fonts
        docs = [replace(doc, pages=list(doc.pages))
                for _, doc in product_documents(part, options, problems)]
    problems.raise_if_any()
    return docs, tuple(sorted({str(w) for w in problems.warnings}))


def draw(doc: Document, cmyk: bool, dpi: int, fonts: Chosen = (),
         numbers: tuple[int, ...] = ()) -> list[Shot]:
    """Every page of a document as a PNG, drawn in the theme's `fonts` as `preview` draws
    it (printkit.commands.pictures): one page at a time, a band at a time, and a page over
    the pixel cap refused, naming the dpi it takes. `numbers`: the pages' numbers in their
    file (default 1, 2, …), as the refusal names them. A job for the pool."""
    with using(fonts):
        pdf = render(doc, cmyk)
    shots: list[Shot] = []
    with opened(pdf) as pages:
        for n, page in enumerate(pages):
            number = numbers[n] if n < len(numbers) else n + 1
            file = io.BytesIO()
            width, height = write_png(page, dpi, file, f"page {number} of {doc.name}.pdf")
            page.close()
            shots.append((file.getvalue(), width, height))
    return shots


def drawing(options: Resolved) -> tuple[object, ...]:
    """What renders a page besides the page: its colours and the fonts' files and
    contents."""
    return options.cmyk, options.theme.fonts, options.theme.font_digests


def _start_worker() -> None:
    """A pool worker leaves Ctrl-C to the server, which shuts the pool down, and loads
    the fonts before its first page."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up()


def start_pool() -> Executor | None:
    """Worker processes for drawing, starting now (the game loads meanwhile); None on one
    core or without a fork server. They are forked from a fork server (a process of its
    own that has imported this module), not from this process, whose threads already
    answer."""
    workers = default_workers(64)
    if workers < 2 or "forkserver" not in multiprocessing.get_all_start_methods():
        return None
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker)
    for _ in range(workers):
        pool.submit(int)  # each starts a worker
    return pool


class Session:
    """The loaded game, its localised products and their pictures; `refresh` brings them up
    to date after files changed. Used by one thread at a time."""

    def __init__(self, served: Served, pool: Executor | None,
                 folder: Path | None = None) -> None:
        self.served = replace(served, request=replace(served.request,
                                                      pictures_where_used=True))
        self.folder = folder or find_game(served.request.game, served.request.data)
        self.pool = pool
        self.plan: Plan | None = None  # as last resolved without a problem
        self.options: Resolved | None = None  # those of the pictures drawn
        # per language and product: the kit part drawn (None: it had problems), its view
        # and its pages
        self.drawn: dict[tuple[str, str], tuple[Kit | None, Shown, tuple[PageKey, ...]]] = {}
        self.shots: dict[PageKey, Shot] = {}  # every page shown, drawn
        self.pending: set[str] | None = None  # None: localise every language next time
        self.view = View(loading=True)
        self.lock = threading.Lock()  # drawing here (no pool): one thread at a time

    def present(self) -> bool:
        """Whether the game folder is there (a folder moved away, by a branch switch or a
        sync client, is never replaced by another game)."""
        return (self.folder / "game.toml").is_file()

    def gone(self) -> str:
        """The problem of a game folder that is not there."""
        return (f"the game folder {self.folder} is gone: it was moved, renamed or removed; "
                "the pages are built again when it is back")

    def affected(self, changed: Iterable[Path] | None, codes: list[str],
                 source: str) -> list[list[str]]:
        """The languages a set of changed files can change (see the module's rule), in
        turns: first those whose own files changed, then the others."""
        own: list[str] = []
        every = changed is None or self.pending is None
        for path in changed or ():
            parts = _relative(path, self.folder)
            stem = Path(parts[-1]).stem if parts else ""
            if len(parts) == 2 and (parts[0], Path(parts[1]).suffix) in (
                    ("text", ".toml"), ("rules", ".md")) and stem in codes:
                own += [stem] if stem not in own else []
                every = every or stem == source
            else:
                every = True
        rest = [code for code in codes if code not in own] if every else []
        return [group for group in (own, rest) if group]

    def refresh(self, changed: Iterable[Path] | None = None) -> Iterator[View]:
        """Load, localise and draw what `changed` (None: everything) may have changed,
        yielding a view as each product is drawn (the language whose file was saved comes
        first); the last view of a build is `done`. On a problem of the whole game the
        view keeps the last good pictures and lists the problems; a product's own
        problems are shown with it, the other products drawn all the same."""
        try:
            if not self.present():
                raise PrintkitError(self.gone())
            if changed is None and not self.drawn and self.plan is None:
                # the first view: the texts as the last build or serve of the same request
                # left them (printkit.cache)
                self.plan = resolve_in(self.folder, self.served.request)
                yield from self._show(self.plan.options, list(self.plan.codes),
                                      {kit.lang: kit for kit in kits(self.plan, workers=1)})
                self.pending = set()
                return
            plan = self.plan = self._replan(changed)
            codes = list(plan.codes)
            turns = self.affected(changed, codes, plan.source.game.source_language)
            if plan.options != self.options:  # laid out again; drawn again when the
                # drawing changed (a page whose picture was replaced differs: its digest)
                if self.options is None or drawing(plan.options) != drawing(self.options):
                    self.shots = {}
                self.drawn = {key: (None, shown, pages)  # every product laid out again
                              for key, (_, shown, pages) in self.drawn.items()}
                turns = [codes]
            self.view = replace(self.view, changed=())
            for turn in turns:
                yield from self._show(plan.options, codes, {
                    code: kit_for(plan.source, code, plan.options, plan.request.only)
                    for code in turn})
            self.pending = set()
        except (PrintkitError, OSError) as exc:
            if isinstance(exc, OSError):  # a file gone while it was read: the folder went
                if self.present():
                    raise
                exc = PrintkitError(self.gone())
            self.pending = None  # what changed meanwhile is not known: localise everything
            self.view = replace(self.view, generation=self.view.generation + 1,
                                problems=tuple(str(p) for p in exc.problems), changed=(),
                                loading=False, building=())
            yield self.view

    def _replan(self, changed: Iterable[Path] | None) -> Plan:
        """The plan after `changed` files: resolved again when game.toml or a language
        definition changed (or nothing is known), else the game read again with the
        plan's setup."""
        plan = self.plan
        if plan is None or not isinstance(plan.found, Source) or changed is None or any(
                _relative(path, self.folder)[:1] in (("game.toml",), ("languages",))
                for path in changed):
            return resolve_in(self.folder, self.served.request, fresh=True)
        return reread(plan)

    def _show(self, options: Resolved, codes: list[str], kits: dict[str, Kit]
              ) -> Iterator[View]:
        """The views as the products of `kits` that changed are drawn, one by one: each
        laid out while the pool draws the one before."""
        dirty = [replace(kit, products=(product,)) for kit in kits.values()
                 for product in kit.products
                 if self._stale(replace(kit, products=(product,)))]
        counts = {code: [len(kit.products) - sum(p.lang == code for p in dirty),
                         len(kit.products)] for code, kit in kits.items()}
        self.options = options
        changed = list(self.view.changed)
        jobs: deque[tuple[Kit, Job]] = deque()
        for part in [*dirty, None]:
            if part is not None:
                jobs.append((part, self._start(part, options)))
            while jobs and (part is None or len(jobs) > 1 or jobs[0][1].ready()):
                done, job = jobs.popleft()
                self._finish(done, job)
                counts[done.lang][0] += 1
                changed.append(f"{done.lang}/{done.products[0].name}")
                yield self._viewed(codes, kits, changed, counts, finished=False)
        keep = {page for _, _, pages in self.drawn.values() for page in pages}
        self.shots = {page: shot for page, shot in self.shots.items() if page in keep}
        yield self._viewed(codes, kits, changed, counts, finished=True)

    def _viewed(self, codes: list[str], kits: dict[str, Kit], changed: list[str],
                counts: dict[str, list[int]], finished: bool) -> View:
        titles = dict(self.view.titles) | {code: kit.title for code, kit in kits.items()}
        options = self.options
        self.view = View(self.view.generation + 1,
                         {c: titles[c] for c in codes if c in titles},
                         self._products(codes, kits), (), tuple(changed), False,
                         () if finished else tuple((code, counts[code][0], counts[code][1])
                                                   for code in codes if code in counts),
                         options is not None and options.cmyk,
                         options.theme.fonts if options is not None else ())
        return self.view

    def _stale(self, part: Kit) -> bool:
        old = self.drawn.get((part.lang, part.products[0].name))
        return old is None or old[0] is None or old[0] != part

    def _start(self, part: Kit, options: Resolved) -> Job:
        """A part laid out, and the drawing of its pages not drawn before started."""
        try:
            docs, warnings = documents(part, options)
        except PrintkitError as exc:
            return Job([], (), [], [], tuple(str(p) for p in exc.problems))
        made = [(doc, [PageKey(page) for page in doc.pages]) for doc in docs]
        todo: list[tuple[Document, list[PageKey], tuple[int, ...]]] = []
        new: set[PageKey] = set()
        for doc, keys in made:
            number = {key: n for n, key in reversed(list(enumerate(keys, 1)))}
            fresh = [key for key in number if key not in self.shots and key not in new]
            new.update(fresh)
            if fresh:
                todo.append((replace(doc, pages=[key.page for key in fresh]), fresh,
                             tuple(sorted(number[key] for key in fresh))))
        return Job(made, warnings, [keys for _, keys, _ in todo],
                   self._render([(doc, numbers) for doc, _, numbers in todo],
                                options.cmyk, options.theme.fonts))

    def _finish(self, part: Kit, job: Job) -> None:
        """A part's pictures, once drawn, kept with its view; or its problems with its
        last good pictures."""
        product = part.products[0]
        key = (part.lang, product.name)
        generation = self.view.generation + 1
        problems, drawn = job.problems, []
        if not problems:
            try:
                drawn = gathered(future.result for future in job.draws)
            except PrintkitError as exc:
                problems = tuple(str(p) for p in exc.problems)
        if problems:
            old = self.drawn.get(key)
            last = old[1] if old else Shown(product.name, product.title, generation, ())
            self.drawn[key] = (None, replace(last, title=product.title, problems=problems),
                               old[2] if old else ())
            return
        for keys, shots in zip(job.todo, drawn, strict=True):
            self.shots.update(zip(keys, shots, strict=True))
        pictures = tuple(Picture(doc.name, n, *self.shots[key])
                         for doc, keys in job.made for n, key in enumerate(keys, 1))
        pages = tuple(key for _, keys in job.made for key in keys)
        old = self.drawn.get(key)
        if old is not None and old[1].pictures == pictures and not old[1].problems:
            generation = old[1].generation  # the same pictures: the page keeps them
        shown = [k.page for k in pages]
        self.drawn[key] = (part, Shown(product.name, product.title, generation, pictures,
                                       job.warnings, cells(shown, part), (), tuple(shown)),
                           pages)

    def _render(self, docs: list[tuple[Document, tuple[int, ...]]], cmyk: bool,
                fonts: Chosen) -> list[Future[list[Shot]]]:
        """The drawing of each document's pages (with their numbers in their file): in
        the pool, or here and now."""
        dpi = self.served.dpi
        if self.pool is None:
            with self.lock:
                return [_done(draw, doc, cmyk, dpi, fonts, numbers)
                        for doc, numbers in docs]
        return [self.pool.submit(draw, doc, cmyk, dpi, fonts, numbers)
                for doc, numbers in docs]

    def card(self, view: View, lang: str, product: str, side: str, n: int) -> bytes | None:
        """Card n (from 0) of a product's `side`, drawn alone at CARD_DPI (or the largest
        dpi within the pixel cap, for a card larger than that allows), upright, as a
        PNG (None if the view has no such card). Safe from any thread: it reads only the
        view it is given, and draws in the pool (or here, one drawing at a time)."""
        shown = next((s for s in view.products.get(lang, ()) if s.name == product), None)
        if shown is None:
            return None
        found = next(((page, k) for page, cells in zip(shown.pages, shown.cells, strict=False)
                      for k, cell in enumerate(cells) if cell.side == side and cell.n == n),
                     None)
        page = card_page(*found) if found else None
        if page is None:
            return None
        doc = Document(f"{product}-{side}-{n}", [page], product, "", lang, "printkit")
        dpi = min(CARD_DPI, largest_dpi(page.width, page.height))  # a huge card: smaller
        if self.pool is None:
            with self.lock:
                return draw(doc, view.cmyk, dpi, view.fonts)[0][0]
        return self.pool.submit(draw, doc, view.cmyk, dpi, view.fonts).result()[0][0]

    def _products(self, codes: list[str], kits: dict[str, Kit]) -> dict[str, tuple[Shown, ...]]:
        """Every language's products in build order; those of a language not localised
        again this time as they were."""
        result = {}
        for code in codes:
            names = ([p.name for p in kits[code].products] if code in kits
                     else [s.name for s in self.view.products.get(code, ())])
            result[code] = tuple(self.drawn[(code, name)][1] for name in names
                                 if (code, name) in self.drawn)
        return result


@dataclass
class Job:
    """A part being drawn: its documents and their page keys, its warnings, the keys of
    the pages being drawn and their drawings (or the part's problems)."""

    made: list[tuple[Document, list[PageKey]]]
    warnings: tuple[str, ...]
    todo: list[list[PageKey]]
    draws: list[Future[list[Shot]]]
    problems: tuple[str, ...] = ()

    def ready(self) -> bool:
        return all(draw.done() for draw in self.draws)


def _done(job: Callable[..., list[Shot]], *args: Any) -> Future[list[Shot]]:
    """A job run here and now, as a finished future (its exception kept in it)."""
    future: Future[list[Shot]] = Future()
    try:
        future.set_result(job(*args))
    except Exception as exc:
        future.set_exception(exc)
    return future


def _relative(path: Path, folder: Path) -> tuple[str, ...]:
    try:
        return Path(path).resolve().relative_to(folder.resolve()).parts
    except ValueError:
        return ()
