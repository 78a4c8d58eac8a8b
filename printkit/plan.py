"""A request resolved once: `Request` (what the user asked) -> `Plan` (what will be built).

`resolve` finds the game folder, and either takes the game's localised texts from the
cache (printkit.cache) or reads the folder: its game.toml, its system, its language
definitions, the --lang values resolved to codes, the game loaded and validated. Either
way it settles the game's products and the print options (players, print settings,
theme). Each of these is worked out here and only here; the stages take the parts they
need from the plan.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import cache
from printkit.errors import PrintkitError, Problem, Problems, Where
from printkit.model import AnyGame, GameInfo
from printkit.model.theme import Theme
from printkit.options import Request, Resolved
from printkit.options import resolve as resolve_options
from printkit.resources import find_game

if TYPE_CHECKING:
    from printkit.load.tables import Toml
    from printkit.localise.kit import Kit
    from printkit.localise.languages import Asked, Language
    from printkit.systems.contract import System


@dataclass(frozen=True)
class Setup:
    """What a game folder says before its data is read: its game.toml, its system, the
    languages it can be put into (the built-in definitions and its own) and the --lang
    values resolved against them."""

    folder: Path
    manifest: Toml
    system: System[Any]
    languages: Mapping[str, Language]
    asked: Asked


@dataclass(frozen=True)
class Source:
    """A game read from its folder now: its setup and the game loaded and validated."""

    setup: Setup
    game: AnyGame


@dataclass(frozen=True)
class Kept:
    """A game as the cache kept it: localised, one kit per language asked for."""

    kits: tuple[Kit, ...]


@dataclass(frozen=True)
class Plan:
    """A request resolved: the game (what every game has), the languages to build, its
    products (those asked for, in build order) and the print options settled for it; and
    either the game read now (`Source`) or its kits as the cache kept them (`Kept`)."""

    request: Request
    game: GameInfo
    manifest: Toml  # its game.toml, as read (by `setup`, or kept in the cache with the kits)
    codes: tuple[str, ...]
    products: tuple[str, ...]  # every product of the game, in build order
    options: Resolved
    key: str | None  # the cache entry of the request
    found: Source | Kept

    @property
    def source(self) -> Source:
        """The game as read now; a plan made with `fresh` always has it."""
        if not isinstance(self.found, Source):
            raise TypeError("this plan's game came from the cache; resolve it with fresh")
        return self.found

    @property
    def built(self) -> tuple[str, ...]:
        """The products a build makes: those of --only, or every one."""
        return self.request.only or self.products


def resolve(request: Request, fresh: bool = False) -> Plan:
    """The plan of a request. Unless `fresh`, a game whose files are as a build of the
    same request left them is taken from the cache (its kits, not the game); `fresh`
    reads the folder in any case (`check` needs the game itself)."""
    return resolve_in(find_game(request.game, request.data), request, fresh)


def resolve_in(folder: Path, request: Request, fresh: bool = False) -> Plan:
    """The plan of a request whose game was found in `folder` (as `resolve`)."""
    key = cache.key(folder, (request.langs, request.only, request.options.allow_missing))
    kept = None if fresh else cache.read(key)
    if kept is not None:
        return planned(request, kept.game, kept.manifest, kept.codes, kept.products, key,
                       Kept(kept.kits))
    source = read(setup(folder, request.langs))
    return planned(request, GameInfo.of(source.game), source.setup.manifest, codes_of(source),
                   products_of(source), key, source)


def setup(folder: Path, langs: Iterable[str] = ()) -> Setup:
    """A game folder's setup: game.toml read, its system found, the languages defined and
    the --lang values `langs` resolved (an unknown one is refused here, before the game's
    data is read)."""
    from printkit.load import read_manifest  # the early stages: only when the cache has no
    from printkit.localise.languages import asked, load_languages  # entry (printkit.cache)
    from printkit.systems import SYSTEMS

    manifest, system_name = read_manifest(folder, SYSTEMS)
    languages = load_languages(folder)
    return Setup(folder, manifest, SYSTEMS[system_name], languages, asked(langs, languages))


def read(found: Setup) -> Source:
    """The game of a setup loaded and validated (raises with every problem); of its text
    files only those of the languages asked for and of the source language."""
    from printkit.load import load_game
    from printkit.validate import validate_game

    problems = Problems(found.folder.parent)
    game = load_game(found.folder, found.manifest, found.system.load, problems,
                     found.asked.codes)
    return Source(found, validate_game(game, found.system.check, problems))


def codes_of(source: Source) -> tuple[str, ...]:
    """The languages to build: those asked for (all: the game's), else its source
    language; each must be one the game offers and one with a definition."""
    from printkit.localise.languages import chosen

    game, setup_ = source.game, source.setup
    codes = chosen(setup_.asked, game.languages, game.source_language, setup_.languages,
                   game.id)
    undefined = [code for code in codes if code not in setup_.languages]
    if undefined:
        where = Where(game.where.path, game.where.line, "game.languages")
        raise PrintkitError([Problem(where, f"no language definition for '{code}'; use one of"
                                     f" {', '.join(sorted(setup_.languages))}, or add "
                                     f"languages/{code}/language.toml to the game folder")
                             for code in undefined])
    return codes


def products_of(source: Source) -> tuple[str, ...]:
    return tuple(source.setup.system.products(source.game))


def reread(plan: Plan) -> Plan:
    """The plan after the game's data files changed (not game.toml, not a language
    definition): the game read again with the plan's setup, its products and options
    settled again."""
    source = read(plan.source.setup)
    return planned(plan.request, GameInfo.of(source.game), plan.manifest, codes_of(source),
                   products_of(source), plan.key, source)


def planned(request: Request, game: GameInfo, manifest: Toml, codes: tuple[str, ...],
            products: tuple[str, ...], key: str | None, found: Source | Kept) -> Plan:
    """The plan once the products --only and --paper name are checked and the options are
    settled for the game."""
    request = named_in_any_case(request, products)
    check_products(game.id, products, request.only, "--only")
    check_products(game.id, products, (name for name, _ in request.options.papers),
                   "--paper")
    options = settled(game, manifest, request, products, key, isinstance(found, Kept))
    return Plan(request, game, manifest, codes, products, options, key, found)


def settled(game: GameInfo, manifest: Toml, request: Request, products: tuple[str, ...],
            key: str | None, reuse: bool) -> Resolved:
    """`settle`, kept in the cache beside the game's entry `key` (printkit.cache) and, if
    `reuse`, taken from it while the user's print settings files are as they were (the
    theme's fonts and pictures lie in the game folder, whose content the key holds): a
    build of a game the cache holds reads no settings file."""
    from printkit.config import usual_configs

    places = [request.config] if request.config is not None else usual_configs()
    name = cache.settled_key(key, (request.options, request.pictures_where_used, products,
                                   tuple(str(place) for place in places)))
    options = cache.read_settled(name) if reuse else None
    if options is None:
        options = settle(game, manifest, request, products)
        cache.store_settled(name, options, places)
    return options


def named_in_any_case(request: Request, products: tuple[str, ...]) -> Request:
    """The request with the products --only and --paper name as the game spells them
    (`--only BOARD` is board), each once."""
    spelt = {product.casefold(): product for product in products}

    def named(name: str) -> str:
        return spelt.get(name.casefold(), name)

    papers = tuple((named(name), paper) for name, paper in request.options.papers)
    return replace(request, only=tuple(dict.fromkeys(named(name) for name in request.only)),
                   options=replace(request.options, papers=papers))


def check_products(game: str, products: tuple[str, ...], names: Iterable[str],
                   option: str) -> None:
    """Every name must be one of the game's products (as in README's table of files)."""
    unknown = [name for name in names if name not in products]
    if unknown:
        raise PrintkitError([Problem(Where(""), f"{option} {name}: {game} has no product "
                                     f"'{name}'; its products are {', '.join(products)}")
                             for name in unknown])


def settle(game: GameInfo, manifest: Toml, request: Request,
           products: Iterable[str] = ()) -> Resolved:
    """The options for a game (of these products; `manifest`: its game.toml): its number
    of players, print settings and theme applied."""
    from printkit.load.printing import load_print_spec  # not when the options are kept

    players = players_for(game, request.options.players, products)
    resolved = resolve_options(replace(request.options, players=players),
                               load_print_spec(manifest, request.config))
    return replace(resolved, theme=theme_of(game, manifest, request.config,
                                            resolved.allow_low_resolution,
                                            request.pictures_where_used))


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


def theme_of(game: GameInfo, manifest: Toml, config: Path | None,
             allow_low_resolution: bool, where_used: bool = False) -> Theme:
    """The game's [theme] with the print settings' over it; raises with every problem
    (with `where_used`, a refused picture's is left to what uses it)."""
    from printkit.load.theme import load_theme

    problems = Problems(game.folder.parent)
    theme = load_theme(manifest, config, problems, allow_low_resolution, where_used)
    problems.raise_if_any()
    return theme
