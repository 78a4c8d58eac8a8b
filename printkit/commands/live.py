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

import multiprocessing
import signal
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.commands.preview import Picture, page_images, png
from printkit.errors import PrintkitError, Problems, gathered
from printkit.impose import Document, Page
from printkit.layout.fonts import Chosen, using
from printkit.localise.kit import Kit
from printkit.options import Request, Resolved
from printkit.pipeline import kit_for, kits, product_documents, warm_up
from printkit.plan import Plan, Source, reread, resolve_in
from printkit.render import render
from printkit.resources import find_game
from printkit.workers import default_workers


@dataclass(frozen=True)
class Served:
    """What `printkit serve` shows: what the user asked for, pictured at `dpi`."""

    request: Request
    dpi: int = 60


@dataclass(frozen=True)
class Shown:
    """One product in one language as pictures, drawn at `generation`."""

    name: str
    title: str
    generation: int
    pictures: tuple[Picture, ...]
    warnings: tuple[str, ...] = ()  # worth knowing, not stopping (a picture under 300 ppi)


@dataclass(frozen=True)
class View:
    """What the page shows: per language its kit's title and products; the problems of the
    last build (empty when it succeeded: the pictures are then up to date)."""

    generation: int = 0
    titles: dict[str, str] = field(default_factory=dict)
    products: dict[str, tuple[Shown, ...]] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()  # "lang/product" drawn by the last build


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


def draw(doc: Document, cmyk: bool, dpi: int, fonts: Chosen = ()) -> list[Shot]:
    """Every page of a document as a PNG, drawn in the theme's `fonts`: a job for the
    pool."""
    with using(fonts):
        return [(png(image), image.width, image.height)
                for image in page_images(render(doc, cmyk), dpi)]


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl-C to the server, which shuts the pool down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_pool() -> Executor | None:
    """Worker processes for drawing, forked now, while this process has one thread (fork
    and threads do not mix); None on one core or without fork."""
    workers = default_workers(64)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    warm_up()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_quiet_worker)
    for future in [pool.submit(int) for _ in range(workers)]:
        future.result()
    return pool


class Session:
    """The loaded game, its localised products and their pictures; `refresh` brings them up
    to date after files changed. Used by one thread at a time."""

    def __init__(self, served: Served, pool: Executor | None) -> None:
        self.served = served
        self.folder = find_game(served.request.game, served.request.data)
        self.pool = pool
        self.plan: Plan | None = None  # as last resolved without a problem
        self.options: Resolved | None = None  # those of the pictures drawn
        self.drawn: dict[tuple[str, str], tuple[Kit, Shown, tuple[PageKey, ...]]] = {}
        self.shots: dict[PageKey, Shot] = {}  # every page shown, drawn
        self.pending: set[str] | None = None  # None: localise every language next time
        self.view = View()

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
        yielding the view after each turn of languages (the language whose file was saved
        comes first). On a problem the view keeps the last good pictures and lists the
        problems."""
        try:
            if changed is None and not self.drawn:  # the first view: the texts as the
                # last build or serve of the same request left them (printkit.cache)
                self.plan = resolve_in(self.folder, self.served.request)
                made = kits(self.plan, workers=1)
                self.view = self._show(self.plan.options, list(self.plan.codes),
                                       {kit.lang: kit for kit in made})
                yield self.view
                self.pending = set()
                return
            plan = self.plan = self._replan(changed)
            codes = list(plan.codes)
            turns = self.affected(changed, codes, plan.source.game.source_language)
            if plan.options != self.options:
                self.drawn, self.shots, turns = {}, {}, [codes]
            for turn in turns:
                self.view = self._rebuild(plan, codes, turn)
                yield self.view
            self.pending = set()
        except PrintkitError as exc:
            self.pending = None  # what changed meanwhile is not known: localise everything
            self.view = replace(self.view, generation=self.view.generation + 1,
                                problems=tuple(str(p) for p in exc.problems), changed=())
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

    def _rebuild(self, plan: Plan, codes: list[str], redo: list[str]) -> View:
        """Localise the languages `redo` and draw what changed in them."""
        made = {code: kit_for(plan.source, code, plan.options, plan.request.only)
                for code in redo}
        return self._show(plan.options, codes, made)

    def _show(self, options: Resolved, codes: list[str], kits: dict[str, Kit]) -> View:
        """The view once the products of `kits` that changed are drawn."""
        dirty = [replace(kit, products=(product,)) for kit in kits.values()
                 for product in kit.products
                 if self._stale(replace(kit, products=(product,)))]
        drawn = self._draw(dirty, options)
        generation = self.view.generation + 1
        for part, (shots, pages, warnings) in zip(dirty, drawn, strict=True):
            product = part.products[0]
            shown = Shown(product.name, product.title, generation, shots, warnings)
            self.drawn[(part.lang, product.name)] = (part, shown, pages)
        keep = {page for _, _, pages in self.drawn.values() for page in pages}
        self.shots = {page: shot for page, shot in self.shots.items() if page in keep}
        self.options = options
        titles = dict(self.view.titles) | {code: kit.title for code, kit in kits.items()}
        return View(generation, {c: titles[c] for c in codes if c in titles},
                    self._products(codes, kits), (),
                    tuple(f"{p.lang}/{p.products[0].name}" for p in dirty))

    def _stale(self, part: Kit) -> bool:
        old = self.drawn.get((part.lang, part.products[0].name))
        return old is None or old[0] != part

    def _draw(self, parts: list[Kit], options: Resolved
              ) -> list[tuple[tuple[Picture, ...], tuple[PageKey, ...], tuple[str, ...]]]:
        """The pictures of each part, the pages they show and the part's warnings. Pages
        drawn before are taken as they are; the others are rendered, a document at a
        time, in the pool when there are several."""
        laid = [documents(part, options) for part in parts]
        made = [[(doc, [PageKey(page) for page in doc.pages]) for doc in docs]
                for docs, _ in laid]
        todo: list[tuple[Document, list[PageKey]]] = []
        new: set[PageKey] = set()
        for doc, keys in (item for docs in made for item in docs):
            fresh = [key for key in dict.fromkeys(keys) if key not in self.shots and key not in new]
            new.update(fresh)
            if fresh:
                todo.append((replace(doc, pages=[key.page for key in fresh]), fresh))
        rendered = self._render([doc for doc, _ in todo], options.cmyk, options.theme.fonts)
        for (_, keys), shots in zip(todo, rendered, strict=True):
            self.shots.update(zip(keys, shots, strict=True))
        return [(tuple(Picture(doc.name, n, *self.shots[key])
                       for doc, keys in docs for n, key in enumerate(keys, 1)),
                 tuple(key for _, keys in docs for key in keys), warnings)
                for docs, (_, warnings) in zip(made, laid, strict=True)]

    def _render(self, docs: list[Document], cmyk: bool, fonts: Chosen) -> list[list[Shot]]:
        """The pages of each document as PNGs, with every problem reported together."""
        dpi = self.served.dpi
        if self.pool is None or len(docs) < 2:
            return [draw(doc, cmyk, dpi, fonts) for doc in docs]
        futures = [self.pool.submit(draw, doc, cmyk, dpi, fonts) for doc in docs]
        return gathered(future.result for future in futures)

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


def _relative(path: Path, folder: Path) -> tuple[str, ...]:
    try:
        return Path(path).resolve().relative_to(folder.resolve()).parts
    except ValueError:
        return ()
