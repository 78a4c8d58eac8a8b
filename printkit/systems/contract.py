"""What a game system provides: the one contract between a system's package and the stages.

A system is a package holding its model, loading, validation and localisation, the
declaration of its files' keys and columns (`fields.py`: what each means, its kind, range
and default; see printkit.load.declare), which its loader reads with, `printkit new`
writes as comments and the shipped JSON Schemas are made of, and, if it prints labels
printkit's catalogs do not have, its own (`labels/<code>/messages.po`). It builds one
`System` from its functions; the registry (printkit.systems) finds it by name, among
printkit's own or those installed under the `printkit.systems` entry point. The stages
never import a system: the pipeline hands a `System` to them, and each stage asks only for
the part it uses.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from printkit.model import AnyGame

if TYPE_CHECKING:  # only named in signatures: a build imports them when it localises
    from printkit.errors import Problems
    from printkit.load.declare import Files
    from printkit.load.tables import Toml
    from printkit.localise.catalog import Labels
    from printkit.localise.kit import Kit
    from printkit.localise.languages import Language
    from printkit.localise.wording import Wording
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice
    from printkit.model.palette import Palette
    from printkit.model.simulation import Setting, Simulation

G = TypeVar("G", bound=AnyGame)
G_contra = TypeVar("G_contra", bound=AnyGame, contravariant=True)
G_co = TypeVar("G_co", bound=AnyGame, covariant=True)
TextKeys = tuple[set[tuple[str, ...]], set[tuple[str, ...]]]


class Loader(Protocol[G_co]):
    def __call__(self, folder: Path, manifest: Toml, problems: Problems,
                 langs: Collection[str] | None = None, /) -> G_co:
        """The game of `folder` from its parsed game.toml (`manifest`); of the text files,
        only those of `langs` (all when None). Problems are collected, not raised."""
        ...


class Checker(Protocol[G_contra]):
    def __call__(self, game: G_contra, problems: Problems, /) -> None:
        """Add every semantic problem of a loaded game to `problems`."""
        ...


class KeysOf(Protocol[G_contra]):
    def __call__(self, game: G_contra, /) -> TextKeys:
        """The keys a text file of the game must have, and those it may have."""
        ...


class Products(Protocol[G_contra]):
    def __call__(self, game: G_contra, /) -> tuple[str, ...]:
        """The names of the products `localise` makes of the game, in build order."""
        ...


class WordingOf(Protocol):
    def __call__(self, game: AnyGame, lang: Language, problems: Problems,
                 allow_missing: bool = False, /) -> Wording:
        """The wording of a game in one language: a printkit.localise.wording.Wording,
        with the system's own helpers."""
        ...


class Localiser(Protocol[G_contra]):
    def __call__(self, game: G_contra, wording: Wording, labels: Labels,
                 only: tuple[str, ...] = (), /) -> Kit:
        """The kit in the language of `wording` and `labels`: every product, or those named
        in `only`."""
        ...


class Simulator(Protocol[G_contra]):
    def __call__(self, game: G_contra, setting: Setting, /) -> Simulation:
        """Whole games of `game` played by simulated players, as `setting` asks."""
        ...


class PaletteOf(Protocol[G_contra]):
    def __call__(self, game: G_contra, /) -> Palette:
        """The game's colours that the colour-vision and contrast check weighs."""
        ...


class Analyser(Protocol[G_contra]):
    def __call__(self, game: G_contra, dice: Dice, jail: str, players: int, /) -> Analysis:
        """What `printkit analyse` finds of the game played with `dice` by `players`,
        leaving jail at once (`jail` short) or trying for doubles (long): the landing odds
        of its board and the balance of its groups, or what applies to a game without
        a board."""
        ...


@dataclass(frozen=True)
class Later:
    """A system's function that a build does not use (printkit analyse, its games),
    imported from `module` when first called: a build pays nothing for it. (A value, not
    a closure, so that a system is handed to worker processes whole.)"""

    module: str
    function: str

    def __call__(self, *args: Any) -> Any:
        return getattr(import_module(self.module), self.function)(*args)


def later(module: str, function: str) -> Any:
    """`Later(module, function)`, typed to stand where the contract asks for the function
    (the function itself is checked where it is written)."""
    return Later(module, function)


@dataclass(frozen=True)
class System(Generic[G]):
    """A game system: how its games are loaded, checked and put into words."""

    name: str
    load: Loader[G]
    check: Checker[G]
    text_keys: KeysOf[G]
    localise: Localiser[G]
    fields: Files  # its files' keys and columns declared (printkit.load.declare)
    products: Products[G]
    wording: WordingOf | None = None  # its own Wording (more helpers); None: the usual one
    simulate: Simulator[G] | None = None  # whole games by simulation; None: not simulated
    palette: PaletteOf[G] | None = None  # its colours for the colour check; None: not checked
    analyse: Analyser[G] | None = None  # printkit analyse (imported when it runs)
    labels: Path | None = None  # its own labels: <code>/messages.po for each language
