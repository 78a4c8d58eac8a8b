"""The fast edit loop behind `printkit serve`: a game kept loaded and localised in memory,
and after each save only the products whose localised content changed drawn again.

The dependency rule is simple and errs on the safe side: a change to `text/<code>.toml` or
`rules/<code>.md` re-localises that language (every language when it is the game's source
language, which the others fall back on); any other change re-localises every language.
A product is drawn again only when its localised value (a frozen `Kit` of that product
alone) differs from the one drawn last, or the print options changed. So a card's text
redraws its deck, and a street's name everything that shows it (board, deeds, the cards
that send you there, the rules).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.localise.kit import Kit
from printkit.pipeline import check_products, kit_for, languages_of, load, product_files
from printkit.pipeline import settle, warm_up
from printkit.preview import Picture, pictures
from printkit.products import Options
from printkit.resources import find_game
from printkit.workers import default_workers


@dataclass(frozen=True)
class Served:
    """What `printkit serve` shows: a game, its languages and products, how to print."""

    game: str
    langs: tuple[str, ...]
    data: Path | None
    options: Options
    config: Path | None = None
    only: tuple[str, ...] = ()
    dpi: int = 60


@dataclass(frozen=True)
class Shown:
    """One product in one language as pictures, drawn at `generation`."""

    name: str
    title: str
    generation: int
    pictures: tuple[Picture, ...]


@dataclass(frozen=True)
class View:
    """What the page shows: per language its kit's title and products; the problems of the
    last build (empty when it succeeded: the pictures are then up to date)."""

    generation: int = 0
    titles: dict[str, str] = field(default_factory=dict)
    products: dict[str, tuple[Shown, ...]] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()  # "lang/product" drawn by the last build


def draw(part: Kit, options: Options, dpi: int) -> tuple[Picture, ...]:
    """Every page of a one-product kit as a picture: a job for the pool."""
    return tuple(picture for built in product_files(part, Path("."), options)
                 for picture, _ in pictures(built, dpi))


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
        self.folder = find_game(served.game, served.data)
        self.pool = pool
        self.options: Options | None = None
        self.drawn: dict[tuple[str, str], tuple[Kit, Shown]] = {}
        self.pending: set[str] | None = None  # None: localise every language next time
        self.view = View()

    def affected(self, changed: Iterable[Path] | None, codes: list[str],
                 source: str) -> set[str]:
        """The languages a set of changed files can change (see the module's rule)."""
        if changed is None or self.pending is None:
            return set(codes)
        found = set()
        for path in changed:
            parts = _relative(path, self.folder)
            stem = Path(parts[-1]).stem if parts else ""
            own = len(parts) == 2 and (parts[0], Path(parts[1]).suffix) in (
                ("text", ".toml"), ("rules", ".md"))
            if not own or stem == source:
                return set(codes)
            found |= {stem} & set(codes)
        return found

    def refresh(self, changed: Iterable[Path] | None = None) -> View:
        """Load, localise and draw what `changed` (None: everything) may have changed. On a
        problem the view keeps the last good pictures and lists the problems."""
        try:
            self.view = self._rebuild(changed)
        except PrintkitError as exc:
            self.pending = None  # what changed meanwhile is not known: localise everything
            self.view = replace(self.view, generation=self.view.generation + 1,
                                problems=tuple(str(p) for p in exc.problems), changed=())
        return self.view

    def _rebuild(self, changed: Iterable[Path] | None) -> View:
        served = self.served
        game = load(served.game, served.data, list(served.langs))
        check_products(game, served.only, "--only")
        check_products(game, (product for product, _ in served.options.papers), "--paper")
        options = settle(game, served.options, served.config)
        codes = languages_of(game, list(served.langs))
        redo = self.affected(changed, codes, game.source_language)
        if options != self.options:
            self.drawn, redo = {}, set(codes)
        kits = {code: kit_for(game, code, options, served.only) for code in codes
                if code in redo}
        dirty = [replace(kit, products=(product,)) for kit in kits.values()
                 for product in kit.products
                 if self._stale(replace(kit, products=(product,)))]
        drawn = self._draw(dirty, options)
        generation = self.view.generation + 1
        for part, shots in zip(dirty, drawn):
            product = part.products[0]
            shown = Shown(product.name, product.title, generation, shots)
            self.drawn[(part.lang, product.name)] = (part, shown)
        self.options, self.pending = options, set()
        titles = dict(self.view.titles) | {code: kit.title for code, kit in kits.items()}
        return View(generation, {c: titles[c] for c in codes if c in titles},
                    self._products(codes, kits), (),
                    tuple(f"{p.lang}/{p.products[0].name}" for p in dirty))

    def _stale(self, part: Kit) -> bool:
        old = self.drawn.get((part.lang, part.products[0].name))
        return old is None or old[0] != part

    def _draw(self, parts: list[Kit], options: Options) -> list[tuple[Picture, ...]]:
        """The pictures of each part: in the pool when there are several, with every
        problem of every part reported together."""
        dpi = self.served.dpi
        if self.pool is None or len(parts) < 2:
            return [draw(part, options, dpi) for part in parts]
        futures = [self.pool.submit(draw, part, options, dpi) for part in parts]
        problems, results = [], []
        for future in futures:
            try:
                results.append(future.result())
            except PrintkitError as exc:
                problems.extend(exc.problems)
        if problems:
            raise PrintkitError(sorted(set(problems)))
        return results

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
