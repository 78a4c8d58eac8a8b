"""The `printkit` command line: each command's options, help and example. Commands are
thin: their work is done in printkit/commands/, which says what came of it in the
terminal's language (printkit.commands.language).

Bad input (a PrintkitError) prints every located problem and exits with code 2; nothing
is written in that case (printkit.commands.shell `uses`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printkit import __version__
from printkit.cli_options import (
    ConfigOpt,
    DataOpt,
    GameArg,
    LangOpt,
    OutOpt,
    PaperOpt,
    PrinterOpt,
    chosen_level,
    chosen_request,
    colour_choice,
    parse_offset,
)
from printkit.cli_values import (
    COLOURS,
    EXPORTS,
    JAIL,
    TABLES,
    TARGETS,
    VARIANTS,
    choice,
    complete_games,
    complete_langs,
)
from printkit.commands.language import tongues
from printkit.commands.screen import Command, Group, chosen_ui_lang
from printkit.commands.shell import but, checked, served, uses
from printkit.localise.catalog import N_

if TYPE_CHECKING:
    from printkit.localise.catalog import Labels
    from printkit.options import Request

# The pipeline (and with it reportlab, jinja2, Babel, Pillow) is imported by the commands
# that use it, so that `printkit --help` and `--version` pay only for typer and one catalog.

app = typer.Typer(cls=Group, no_args_is_help=True, add_completion=True, rich_markup_mode=None,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help=N_("Print-ready PDFs for custom Monopoly-style games."),
                  epilog="printkit new mijnstad && printkit build mijnstad --lang all")


def command(**settings: Any) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A command of printkit (its help in the terminal's language, its defaults from
    printkit.toml: printkit.commands.screen)."""
    return app.command(cls=Command, **settings)


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit


@app.callback()
def main_options(
    ui_lang: Annotated[str, choice(
        tuple(tongues()), "--ui-lang", callback=chosen_ui_lang, is_eager=True,
        show_default=False, help=N_("The language printkit speaks on the terminal (default: "
                                    "ui_lang of printkit.toml's [defaults], else the "
                                    "locale's, else English)."))] = "",
    version: Annotated[bool, typer.Option(
        "--version", callback=show_version, is_eager=True,
        help=N_("Show the version and exit."))] = False,
) -> None:
    """Print-ready PDFs for custom Monopoly-style games."""


@command(help=N_("Build every printable part of GAME: board, tiles, cards, score pad, "
                 "sheets."),
         epilog="printkit build klassiek --lang nl,da --paper letter")
@uses(request=chosen_request, level=chosen_level)
def build(request: Request, level: int, words: Labels, out: OutOpt = Path("output")) -> None:
    from printkit.commands.making import build_files

    build_files(request, level, out, words)


@command(help=N_("Build GAME and write a PNG of every page and a contact sheet per "
                 "product beside the PDFs."),
         epilog="printkit preview klassiek --only deeds --dpi 80 --open")
@uses(request=chosen_request, level=chosen_level)
def preview(
    request: Request,
    level: int,
    words: Labels,
    dpi: Annotated[int, typer.Option(min=10, max=600, metavar="<dpi>", help=N_(
        "Resolution of the page pictures."))] = 100,
    open_: Annotated[bool, typer.Option("--open", help=N_("Open the contact sheets with the "
                                                          "system's picture viewer."))] = False,
    out: OutOpt = Path("output"),
) -> None:
    from printkit.commands.making import preview_files

    preview_files(request, level, out, dpi, open_, words)


@command(help=N_("Export GAME as pictures of its cards, board and tiles (png), as "
                 "Tabletop Simulator decks (tts) or as one print-and-play PDF (pnp), "
                 "under <out>/<game>/<lang>/export-<kind>/."),
         epilog="printkit export klassiek --to tts --lang all")
@uses(request=chosen_request, level=chosen_level)
def export(
    request: Request,
    level: int,
    words: Labels,
    to: Annotated[str, choice(EXPORTS, "--to", show_default=False, help=N_(
        "png: a picture of every card's front and back, the board and each tile; tts: "
        "Tabletop Simulator deck sheets, the board and a saved object; pnp: one PDF to "
        "print at home."))],
    dpi: Annotated[int, typer.Option(min=50, max=600, metavar="<dpi>", help=N_(
        "Resolution of the pictures (png, tts), 50 to 600."))] = 150,
    out: OutOpt = Path("output"),
) -> None:
    from printkit.commands.exporting import export_files

    export_files(request, level, out, to, dpi, words)


ServeLang = Annotated[list[str], typer.Option(
    "--lang", "-l", metavar="<nl|nb|da|all>", autocompletion=complete_langs,
    help=N_("Languages to show (default: every language of the game); repeatable."))]


@command(help=N_("Show GAME's pages in the browser, rebuilt and refreshed as you save "
                 "its files."),
         epilog="printkit serve mijnstad --lang nl")
@uses(served, request=but(chosen_request, lang=(ServeLang, ["all"])), level=chosen_level)
def serve(
    request: Request,
    level: int,
    words: Labels,
    host: Annotated[str, typer.Option(metavar=N_("<address>"), help=N_(
        "Address to listen on (default: this computer only)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="<port>", help=N_(
        "Port (0: any free one)."))] = 8765,
    dpi: Annotated[int, typer.Option(min=10, max=300, metavar="<dpi>", help=N_(
        "Resolution of the page pictures."))] = 60,
    open_: Annotated[bool, typer.Option("--open", help=N_(
        "Open the page in the browser once it answers."))] = False,
) -> None:
    from printkit.commands.serve import run_server  # the web page: only this command
    from printkit.commands.served import Served

    run_server(Served(request, dpi), host, port, level, open_, words)


@command(help=N_("Write a duplex calibration sheet: print it double-sided and read your "
                 "back offset."),
         epilog="printkit calibrate --paper letter --duplex short")
@uses(level=chosen_level)
def calibrate(
    level: int,
    words: Labels,
    ui_lang: str,
    paper: PaperOpt = "",
    duplex: Annotated[str, choice(("long", "short"), help=N_(
        "long: the sheet flipped on its long edge, short: on its short edge (default: your "
        "printer profile's, else long)."))] = "",
    back_offset: Annotated[str | None, typer.Option(metavar="<x,y>", help=N_(
        "Print the backs shifted by X,Y mm: the offset you use now, to see what is left "
        "(default: your printer profile's, else 0,0)."))] = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="<en|nl|nb|da>", help=N_(
        "Language of the instructions on the sheet (default: the terminal's)."),
        show_default=False)] = "",
    colour: Annotated[str, choice(COLOURS, "--colour", "--color", help=N_(
        "rgb (a home printer) or cmyk (as a print shop's files are)."))] = "rgb",
    out: OutOpt = Path("output"),
) -> None:
    from printkit.commands.language import code_of
    from printkit.commands.tools import calibration_sheet
    from printkit.options import Options

    options = Options(paper=paper, duplex=duplex, back_offset=parse_offset(back_offset),
                      cmyk=colour_choice(colour), printer=printer)
    code = (code_of(lang) or lang) if lang not in ("", "all") else ui_lang
    calibration_sheet(options, code, config, out, level, words)


@command(help=N_("Check PDFs for print: boxes, embedded fonts, small text, the safe "
                 "zone, images. Prints every problem found; exits with 2 if a file "
                 "cannot be read or judged (one line each), else 1 if there is any "
                 "problem, 0 if all files are clean."),
         epilog="printkit preflight output/klassiek/nl/*.pdf --target shop")
@uses(level=chosen_level)
def preflight(
    level: int,
    words: Labels,
    files: Annotated[list[Path], typer.Argument(metavar=N_("FILES"), help=N_(
        "PDF files to check."))],
    safe: Annotated[float, typer.Option(metavar="<mm>", help=N_(
        "Safe zone in mm: text stays this far inside the trim."))] = 3.0,
    min_size: Annotated[float, typer.Option(metavar="<pt>", help=N_(
        "Smallest text size in pt."))] = 6.0,
    min_ppi: Annotated[float, typer.Option(metavar="<ppi>", help=N_(
        "Lowest image resolution in ppi."))] = 300.0,
    target: Annotated[str, choice(TARGETS, help=N_(
        "shop: judge every file as one for a print shop (no RGB), whatever it says it is; "
        "home: as one for a home printer (default: as each file says it is)."))] = "",
) -> None:
    from printkit.commands.tools import preflight_files
    from printkit.errors import PrintkitError

    if target.lower() not in ("", "home", "shop"):
        raise PrintkitError(f"--target {target}: choose home or shop")
    preflight_files(files, (safe, min_size, min_ppi), target.lower(), level, words)


@command(help=N_("Check GAME as build with the same options would, writing nothing "
                 "(--lang all: in every language of the game); list the texts no part "
                 "of the game uses, stale translations and text shrunk small. Exit 2 if "
                 "build would fail."),
         epilog="printkit check mijnstad --lang all --strict")
@uses(checked, request=chosen_request, level=chosen_level)
def check(
    request: Request,
    level: int,
    words: Labels,
    strict: Annotated[bool, typer.Option(
        "--strict", help=N_("Count the notes (stale or unused texts, text shrunk below the "
                            "house size, colours, prices, warnings) as problems: exit 2 if "
                            "there is one."))] = False,
) -> None:
    from printkit.commands.checking import check_game

    check_game(request, level, strict, words)


@command(help=N_("Analyse GAME: how often each square is landed on (exact odds), what "
                 "each group earns and how soon it pays back, how its colours look to "
                 "colour-blind players, and (--games N) how long whole games last and "
                 "who wins them; write analysis.pdf (--json: print the figures)."),
         epilog="printkit analyse klassiek --players 3 --games 1000")
@uses(request=chosen_request, level=chosen_level)
def analyse(
    request: Request,
    level: int,
    words: Labels,
    jail: Annotated[str, choice(JAIL, help=N_(
        "short: leave jail at once; long: stay and try for doubles as long as the rules "
        "allow."))] = "short",
    dice: Annotated[str, typer.Option(metavar="<NdS>", help=N_(
        "The dice, e.g. 2d6 or 2d4 (default: the game's [analysis] dice, else 2d6)."))] = "",
    json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON instead "
                                                         "of writing the report."))] = False,
    games: Annotated[int, typer.Option(metavar="<n>", help=N_(
        "Also play this many whole games with simulated players: how long they last, who "
        "wins."))] = 0,
    seed: Annotated[int, typer.Option(metavar="<n>", help=N_(
        "The seed of those games: the same seed gives the same games."))] = 0,
    variant: Annotated[str, choice(VARIANTS, help=N_(
        "Those games' variant: full, short (the short game) or timed (a time limit)."))]
    = "full",
    minutes: Annotated[int, typer.Option(metavar="<minutes>", help=N_(
        "The time limit of --variant timed, in minutes."))] = 120,
    out: OutOpt = Path("output"),
) -> None:
    from printkit.commands.analysing import analyse_game

    analyse_game(request, level, out, json, {"dice": dice, "jail": jail},
                 (games, seed, variant, minutes), words)


@command(help=N_("Start a custom game: copy a game into data/NAME with every field "
                 "explained."),
         epilog="printkit new mijnstad --from klassiek --lang nl,da")
@uses(level=chosen_level)
def new(
    level: int,
    words: Labels,
    name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_(
        "Name of the new game (its folder name)."))],
    from_: Annotated[str, typer.Option("--from", metavar=N_("<game>"),
                                       autocompletion=complete_games,
                                       help=N_("The game to copy."))] = "klassiek",
    data: Annotated[Path | None, typer.Option(metavar=N_("<folder>"), help=N_(
        "Folder to create the game in (default: ./data)."))] = None,
    keep: Annotated[list[str], typer.Option(
        "--lang", "-l", metavar="<nl|nb|da>", help=N_(
            "Keep only these languages (repeatable); the first becomes the game's source "
            "language. Default: every language of the game copied."))]
    = [],  # noqa: B006 (typer reads the default)
    tables: Annotated[str, choice(TABLES, help=N_(
        "csv: the tables as files of their own (as the game copied has them); xlsx: one "
        "workbook, tables.xlsx, a sheet per table."))] = "csv",
) -> None:
    from printkit.commands.authoring import new_copy

    new_copy(name, from_, data, keep, tables, level, words)


@command(help=N_("Record that GAME's translations (--lang: of these languages) "
                 "translate the source language's texts as they are now, so check no "
                 "longer calls them stale."),
         epilog="printkit translated mijnstad --lang da")
@uses(level=chosen_level)
def translated(level: int, words: Labels, game: GameArg = "",
               languages: LangOpt = [],  # noqa: B006 (typer reads the default)
               data: DataOpt = None) -> None:
    from printkit.commands.authoring import record

    record(game, languages, data, level, words)


@command(name="list", help=N_("List the games (title, system, languages; built in or "
                              "your own) and the languages."),
         epilog="printkit list --data ~/games")
@uses(level=chosen_level)
def list_(level: int, words: Labels, data: DataOpt = None) -> None:
    from printkit.commands.authoring import list_games

    list_games(data, level, words)


def main() -> None:
    app(prog_name="printkit")


if __name__ == "__main__":
    main()
