"""The options of build, check, preview and serve (and calibrate's few), each declared
once: their help texts (in English, put into the terminal's language when help is shown:
printkit.commands.screen), the values they complete (printkit.cli_values), and how they
are read into one `Request` (what to build and how to print it). Like the command line,
this imports no stage.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printkit.cli_values import (
    BOARD_SIZES,
    COLOURS,
    DUPLEX,
    TARGETS,
    built_in,
    choice,
    complete_games,
    complete_langs,
    complete_papers,
    complete_printers,
    complete_products,
    complete_vendors,
    metavar,
)
from printkit.errors import PrintkitError
from printkit.localise.catalog import N_
from printkit.units import MM

if TYPE_CHECKING:
    from printkit.options import Request
    from printkit.resources import Default

GameArg = Annotated[str, typer.Argument(
    metavar=N_("GAME"), autocompletion=complete_games, show_default=False,
    help=N_("Game name under data/ (or a game folder). Default: the game of this folder (its "
            "game.toml), else the only game under ./data, else spankopoly."))]
LangOpt = Annotated[list[str], typer.Option(
    "--lang", "-l", metavar="<nl|nb|da|all>", autocompletion=complete_langs,
    help=N_("nl, nb or da (aliases such as no, norsk, dansk work), or all (the game's "
            "languages); repeatable. Default: the game's source language."))]
DataOpt = Annotated[Path | None, typer.Option(
    metavar=N_("<folder>"), help=N_("Folder with your own games (default: ./data if it "
                                    "exists)."))]
OnlyOpt = Annotated[list[str], typer.Option(
    metavar=N_("<product,...>"), autocompletion=complete_products,
    help=N_("Only these products, e.g. board,deeds: board (and its tiles), deeds, each deck "
            "by its name (chance, community), scorepad, lines, ledger, rules, and commands, "
            "aid, layout in the games that have them. Repeatable."))]

PaperOpt = Annotated[str, typer.Option(
    metavar=metavar(built_in("papers")), autocompletion=complete_papers,
    help=N_("Sheet size of the calibration sheet: a4 (default: your printer profile's "
            "paper, else a4), letter, a3, a5, a2, a1 or a paper of your print settings."))]
PapersOpt = Annotated[list[str], typer.Option(
    "--paper", metavar=metavar(built_in("papers")), autocompletion=complete_papers,
    help=N_("Sheet size for cards, tiles and sheets: a4 (default), letter, a3, a5, a2, a1 or "
            "a paper of your print settings; PRODUCT=PAPER for one product (board=a3). "
            "Repeatable."))]
PlayersOpt = Annotated[int | None, typer.Option(
    metavar="<n>", help=N_("Players on the score pad and ledgers (default 4, within the "
                           "game's range)."))]
TargetOpt = Annotated[str, choice(TARGETS, help=N_(
    "home: cards n-up with crop marks, a tiled board; shop: one item per page, trim + "
    "bleed, for a print shop."))]
VendorOpt = Annotated[str, typer.Option(
    metavar=metavar(built_in("vendors")), autocompletion=complete_vendors,
    help=N_("Shop preset for --target shop: eu (3 mm bleed), us (1/8 in, separate fronts "
            "and backs), drivethru (1/8 in, back before front), or one of your print "
            "settings."))]
BoardOpt = Annotated[str, choice(BOARD_SIZES, help=N_(
    "The one-sheet board: the game's size (default), a2, a1 (fits that paper) or a length "
    "such as 450mm."))]
MissingOpt = Annotated[bool, typer.Option(
    "--allow-missing", help=N_("Build a language with missing texts, marking the gaps in "
                               "the PDFs."))]
LowResolutionOpt = Annotated[bool, typer.Option(
    "--allow-low-resolution", help=N_("Build with pictures under 150 ppi at their printed "
                                      "size (a warning each)."))]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help=N_("Print only problems."))]
VerboseOpt = Annotated[bool, typer.Option("--verbose", "-v",
                                          help=N_("Print every step as it is done."))]
DuplexOpt = Annotated[str, choice(DUPLEX, help=N_(
    "long (default: flip on the long edge), short, or none (backs on their own sheets, for "
    "one-sided printing)."))]
OffsetOpt = Annotated[str | None, typer.Option(
    metavar="<x,y>", help=N_("Shift of the backs in mm, X,Y, as read from a calibration "
                             "sheet (printkit calibrate)."))]
PrinterOpt = Annotated[str, typer.Option(
    metavar=N_("<printer>"), autocompletion=complete_printers,
    help=N_("A printer profile of your printkit.toml: its back offset (and duplex, "
            "paper)."))]
ConfigOpt = Annotated[Path | None, typer.Option(
    metavar=N_("<file>"), help=N_("Your print settings file (default: "
                                  "~/.config/printkit/printkit.toml and ./printkit.toml)."))]
ColourOpt = Annotated[str, choice(COLOURS, "--colour", "--color", help=N_(
    "rgb (home printing) or cmyk (print shop); default: cmyk with --target shop, else "
    "rgb."))]
OutOpt = Annotated[Path, typer.Option("--out", "-o", metavar=N_("<folder>"),
                                      help=N_("Output folder."))]


def parse_offset(text: str | None) -> tuple[float, float] | None:
    """'1,-0.5' (mm) as a shift in points; None when not given."""
    if text is None:
        return None
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise PrintkitError(f"--back-offset {text}: write two numbers in mm, e.g. 1,-0.5") \
            from None
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in (x, y)):
        raise PrintkitError(f"--back-offset {text}: each shift is a number from "
                            f"-{MAX_OFFSET:g} to {MAX_OFFSET:g} mm")
    return x * MM, y * MM


MAX_OFFSET = 100.0  # mm: a printer shifts its backs by a few


def colour_choice(colour: str) -> bool | None:
    """True for cmyk, False for rgb, None when not given (the target decides)."""
    if not colour.strip():
        return None
    if colour.strip().lower() not in ("rgb", "cmyk"):
        raise PrintkitError(f"--colour {colour}: choose rgb or cmyk")
    return colour.strip().lower() == "cmyk"


def split(values: list[str]) -> list[str]:
    """Repeatable options that also take comma-separated lists."""
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def paper_choice(values: list[str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """--paper values: at most one paper for all, and PRODUCT=PAPER for single products."""
    papers = split(values)
    every = [p for p in papers if "=" not in p]
    if len(every) > 1:
        raise PrintkitError(f"--paper {' '.join(every)}: give one paper for all products, "
                            "and PRODUCT=PAPER for the others (e.g. --paper board=a3)")
    own = tuple(tuple(p.strip() for p in item.split("=", 1)) for item in papers if "=" in item)
    return (every[0] if every else ""), tuple((a, b) for a, b in own)


def chosen_game(game: str, data: Path | None) -> tuple[str, Default | None]:
    """The game asked for, or the one of this folder (printkit.resources.current_game),
    and why when it is the built-in default."""
    from printkit.resources import current_game

    return (game, None) if game else current_game(data)


def chosen_request(
    game: GameArg = "",
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    only: OnlyOpt = [],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    players: PlayersOpt = None,
    paper: PapersOpt = [],  # noqa: B006 (typer reads the default)
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    target: TargetOpt = "home",
    vendor: VendorOpt = "eu",
    board_size: BoardOpt = "",
    colour: ColourOpt = "",
    allow_missing: MissingOpt = False,
    allow_low_resolution: LowResolutionOpt = False,
) -> Request:
    """What to build and how to print it, as build, check, preview and serve take it: these
    parameters are the commands' options (printkit.cli `uses` adds them), read and
    checked into one `Request`."""
    from printkit.options import Options, Request

    if only and not split(only):  # --only '' built every product
        raise PrintkitError(f"--only '{','.join(only)}': names no product; name one or more "
                            "(--only board,deeds), or leave --only out to make them all")
    default, own = paper_choice(paper)
    options = Options(players=players, paper=default, duplex=duplex,
                      back_offset=parse_offset(back_offset), cmyk=colour_choice(colour),
                      allow_missing=allow_missing, target=target, vendor=vendor,
                      board_size=board_size, printer=printer, papers=own,
                      allow_low_resolution=allow_low_resolution)
    name, implied = chosen_game(game, data)
    return Request(name, tuple(lang), tuple(split(only)), data, options, config, implied)


def chosen_level(quiet: QuietOpt = False, verbose: VerboseOpt = False) -> int:
    """How much a command says: -1 only problems, 0 what it made, 1 every step."""
    return -1 if quiet else 1 if verbose else 0
