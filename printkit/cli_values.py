"""The values an option takes, as the shell completes them (bash, zsh, fish: printkit
--install-completion) and as help shows them.

Fixed choices are named here once for the command line (`choice` makes an option of one:
its values shown in help and completed); the values that depend on the print settings or
the game (papers, shop presets, printers, the game's languages and products) are read
when the shell asks, from the built-in print settings, the user's printkit.toml and the
game named on the command line. Nothing here imports a stage until the shell asks.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import typer

from printkit.resources import builtin

COLOURS = ("rgb", "cmyk")
TARGETS = ("home", "shop")  # printkit.options.TARGETS
EXPORTS = ("png", "tts", "pnp")  # printkit export --to
DUPLEX = ("long", "short", "none")  # printkit.options.DUPLEX
JAIL = ("short", "long")  # printkit.model.dice.STRATEGIES
VARIANTS = ("full", "short", "timed")  # printkit.model.simulation.VARIANTS
TABLES = ("csv", "xlsx")  # printkit.commands.scaffold.TABLES
BOARD_SIZES = ("a2", "a1")
PRINT_SETTINGS = Path(__file__).resolve().parent / "builtin" / "print.toml"

Completer = Callable[..., list[str]]


def metavar(values: Iterable[str]) -> str:
    """How help shows an option's values: <long|short|none>."""
    return "<" + "|".join(values) + ">"


def among(values: Iterable[str]) -> Completer:
    """A completer of fixed values."""
    fixed = tuple(values)

    def complete(incomplete: str) -> list[str]:
        return [v for v in fixed if v.startswith(incomplete.lower())]

    return complete


def built_in(section: str) -> tuple[str, ...]:
    """The names of a table of the built-in print settings (papers, vendors)."""
    return tuple(tomllib.loads(PRINT_SETTINGS.read_text("utf-8")).get(section, {}))


def settings(section: str) -> list[str]:
    """The names of a table of the print settings (papers, vendors, printers): built in
    and in the user's printkit.toml files, in that order, each once."""
    from printkit.config import usual_configs

    names: list[str] = []
    for path in [PRINT_SETTINGS, *usual_configs()]:
        try:
            table = tomllib.loads(path.read_text("utf-8-sig")).get(section, {})
        except (OSError, ValueError):  # a broken file: the command says what is wrong
            continue
        if isinstance(table, dict):
            names += [str(name) for name in table if str(name) not in names]
    return names


def complete_papers(ctx: typer.Context, incomplete: str) -> list[str]:
    """--paper: a paper, or PRODUCT=PAPER once a product is typed."""
    product, equals, paper = incomplete.rpartition("=")
    papers = [p for p in settings("papers") if p.startswith(paper.lower())]
    if equals:
        return [f"{product}={p}" for p in papers]
    return papers


def complete_vendors(incomplete: str) -> list[str]:
    return [v for v in settings("vendors") if v.startswith(incomplete)]


def complete_printers(incomplete: str) -> list[str]:
    return [p for p in settings("printers") if p.startswith(incomplete)]


def complete_games(ctx: typer.Context, incomplete: str) -> list[str]:
    """A game name: the user's and the built-in ones."""
    from printkit.resources import list_games

    try:
        names = list_games(data_of(ctx))
    except Exception:  # a missing --data folder: nothing to offer
        return []
    return [name for name in names if name.startswith(incomplete)]


def data_of(ctx: typer.Context) -> Path | None:
    data = ctx.params.get("data")
    return Path(data) if data else None


def game_folder(ctx: typer.Context) -> Path | None:
    """The folder of the game named on the command line (or of this folder), if found."""
    from printkit.resources import current_game, find_game

    # while an option's value is being completed, the game named before it may be left
    # among the context's unparsed arguments
    named = ctx.params.get("game") or next((a for a in ctx.args if not a.startswith("-")), "")
    try:
        return find_game(str(named or current_game(data_of(ctx))[0]), data_of(ctx))
    except Exception:  # not found: complete what every game has
        return None


def complete_langs(ctx: typer.Context, incomplete: str) -> list[str]:
    """--lang: the languages of the game named (its game.toml), or every built-in one;
    and all."""
    folder = game_folder(ctx)
    codes: list[str] = []
    if folder is not None:
        try:
            game = tomllib.loads((folder / "game.toml").read_text("utf-8-sig")).get("game", {})
            codes = [str(c) for c in game.get("languages", [])]
        except (OSError, ValueError, AttributeError):
            codes = []
    if not codes:
        codes = sorted(p.parent.name for p in
                       (builtin("templates") / "languages").glob("*/language.toml"))
    return [c for c in [*codes, "all"] if c.startswith(incomplete.lower())]


def complete_products(ctx: typer.Context, incomplete: str) -> list[str]:
    """--only: the products of the game named (from the cache of its last build, else
    read), after the names already typed before a comma."""
    done, comma, part = incomplete.rpartition(",")
    products = products_of(ctx)
    before = f"{done}{comma}"
    return [before + p for p in products if p.startswith(part) and p not in done.split(",")]


def products_of(ctx: typer.Context) -> tuple[str, ...]:
    folder = game_folder(ctx)
    if folder is None:
        return ()
    from printkit.options import Request
    from printkit.plan import resolve_in

    try:
        return resolve_in(folder, Request(str(folder), data=data_of(ctx))).products
    except Exception:  # a game with problems: check names them, completion offers nothing
        return ()


def choice(values: tuple[str, ...], *names: str, **option: Any) -> Any:
    """A typer option of fixed values: shown in help as <a|b>, completed in the shell."""
    return typer.Option(*names, metavar=metavar(values), autocompletion=among(values),
                        **option)
