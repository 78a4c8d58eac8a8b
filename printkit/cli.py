"""The `printkit` command line. Commands are thin: they call the pipeline and report.

Bad input (a PrintkitError) prints every located problem and exits with code 2; nothing
is written in that case.
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printkit import INTERRUPTED, __version__
from printkit.cli_options import (
    ColorOpt,
    ConfigOpt,
    DuplexOpt,
    OffsetOpt,
    PaperOpt,
    PrinterOpt,
    Printing,
    chosen_printing,
    colour_choice,
    parse_offset,
    split,
)
from printkit.errors import PrintkitError, display_path
from printkit.units import MM

if TYPE_CHECKING:
    from rich.console import Console

    from printkit.pipeline import Built

# The pipeline (and with it reportlab, jinja2, Babel, Pillow) is imported by the commands
# that use it, so that `printkit --help` and `--version` pay only for typer.

app = typer.Typer(no_args_is_help=True, add_completion=True,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Print-ready PDFs for custom Monopoly-style games.")


def err_console() -> Console:
    """Where progress goes (standard error)."""
    from rich.console import Console

    return Console(stderr=True)


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit


@app.callback()
def main_options(version: Annotated[bool, typer.Option(
        "--version", callback=show_version, is_eager=True,
        help="Show the version and exit.")] = False) -> None:
    """Print-ready PDFs for custom Monopoly-style games."""

GameArg = Annotated[str, typer.Argument(
    help="Game name under data/ (or a game folder). Default: the game of this folder (its "
    "game.toml), else the only game under ./data, else spankopoly.", show_default=False)]


def chosen_game(game: str, data: Path | None, quiet: bool = False) -> str:
    """The game asked for, or the one of this folder (printkit.resources.current_game);
    says so first when it is the built-in default (unless `quiet`)."""
    from printkit.resources import current_game

    if game:
        return game
    name, note = current_game(data)
    if note and not quiet:
        typer.echo(note, err=True)
    return name
LangOpt = Annotated[list[str], typer.Option(
    "--lang", "-l", help="nl, nb or da (aliases such as no, norsk, dansk work), or all (the "
    "game's languages); repeatable. Default: the game's source language.")]
DataOpt = Annotated[Path | None, typer.Option(
    help="Folder with your own games (default: ./data if it exists).")]


def fail(error: PrintkitError, outcome: str = "nothing was written") -> None:
    for problem in error.problems:
        typer.echo(f"error: {problem}", err=True)
    n = len(error.problems)
    typer.echo(f"{n} problem{'s' if n != 1 else ''}; {outcome}.", err=True)
    raise typer.Exit(2)


def interrupted() -> None:
    """Ctrl-C: the previous output is as it was (printkit.write), no traceback."""
    typer.echo(INTERRUPTED, err=True)
    raise typer.Exit(130)


def in_range(option: str, value: float, low: float, high: float) -> float:
    """A number of an option, refused unless finite and from low to high."""
    if not (math.isfinite(value) and low <= value <= high):
        raise PrintkitError(f"--{option} {value:g}: use a number from {low:g} to {high:g}")
    return value


OnlyOpt = Annotated[list[str], typer.Option(
    help="Only these products (board,deeds; the names of README's table). Repeatable.")]
OutOpt = Annotated[Path, typer.Option(help="Output folder.")]


Command = Callable[..., None]
REPORTING = ("quiet", "verbose")  # the print options of how much a command says


def print_options(report: bool = True, outcome: str = "nothing was written"
                  ) -> Callable[[Command], Command]:
    """Give a command the options of `chosen_printing` after its own (--quiet and --verbose
    only if it `report`s). The command takes `printing: Printing` and runs with them read;
    if they are wrong it reports the problems (`outcome`: what came of it) and never runs."""
    shared = [p for p in parameters(chosen_printing) if report or p.name not in REPORTING]

    def decorate(command: Command) -> Command:
        own = [p for p in parameters(command) if p.name != "printing"]

        @functools.wraps(command)
        def run(**values: Any) -> None:
            try:
                printing = chosen_printing(**{p.name: values.pop(p.name) for p in shared})
                if "game" in values:
                    values["game"] = chosen_game(values["game"], values.get("data"),
                                                 printing.level < 0)
            except PrintkitError as exc:
                fail(exc, outcome)
                return
            command(**values, printing=printing)

        # typer reads the command's options from its signature and annotations
        run.__signature__ = inspect.Signature([*own, *shared])  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in (*own, *shared)}
        return run

    return decorate


def parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """A function's parameters, their annotations read (typer needs them so)."""
    return list(inspect.signature(function, eval_str=True).parameters.values())


@app.command()
@print_options()
def build(
    printing: Printing,
    game: GameArg = "",
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    only: OnlyOpt = [],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    out: OutOpt = Path("output"),
) -> None:
    """Build every printable part of GAME: board, tiles, cards, score pad, sheets."""
    from printkit.commands.report import list_files, progress
    from printkit.pipeline import build as run_build

    try:
        with progress(err_console(), printing.level) as step:
            built = run_build(game, lang, data, out, printing.options, step, printing.config,
                              tuple(split(only)))
    except PrintkitError as exc:
        fail(exc)
        return
    except KeyboardInterrupt:
        interrupted()
    list_files(built, printing.level)
    warn(built)
    for note in sorted({n for item in built for n in item.notes}):
        typer.echo(f"note: {note}", err=True)


def warn(built: list[Built]) -> None:
    """The warnings of the files made (a picture under 300 ppi), each once."""
    for warning in sorted({w for item in built for w in item.warnings}):
        typer.echo(f"warning: {warning}", err=True)


@app.command()
@print_options()
def preview(
    printing: Printing,
    game: GameArg = "",
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    only: OnlyOpt = [],  # noqa: B006 (typer reads the default)
    dpi: Annotated[int, typer.Option(min=10, max=600, help="Resolution of the page "
                                     "pictures.")] = 100,
    open_: Annotated[bool, typer.Option("--open", help="Open the contact sheets with the "
                                        "system's picture viewer.")] = False,
    data: DataOpt = None,
    out: OutOpt = Path("output"),
) -> None:
    """Build GAME and write a PNG of every page and a contact sheet per product beside the
    PDFs."""
    from printkit.commands.preview import (
        preview_pictures,  # Pillow and pdfium: only this command
    )
    from printkit.commands.report import list_files, progress

    try:
        with progress(err_console(), printing.level) as step:
            built, sheets, count = preview_pictures(game, lang, data, out, printing.options,
                                                    dpi, step, printing.config,
                                                    tuple(split(only)))
    except PrintkitError as exc:
        fail(exc)
        return
    list_files(built, printing.level)
    warn(built)
    if printing.level >= 0:
        typer.echo(f"{count} page pictures at {dpi} dpi; contact sheets:")
        for sheet in sheets:
            typer.echo(f"{sheet}")
    if open_:
        for sheet in sheets:
            open_file(sheet)


def open_file(path: Path) -> None:
    """Open a file with the system's viewer; say so when there is none."""
    import os
    import shutil
    import subprocess

    if sys.platform == "win32":
        os.startfile(path)  # type: ignore[attr-defined]
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    if shutil.which(opener) is None:
        typer.echo(f"cannot open {path}: no {opener} on this system", err=True)
        return
    subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)


@app.command()
@print_options()
def serve(
    printing: Printing,
    game: GameArg = "",
    lang: Annotated[list[str], typer.Option(
        "--lang", "-l", help="Languages to show (default: every language of the game); "
        "repeatable.")] = ["all"],  # noqa: B006 (typer reads the default)
    only: OnlyOpt = [],  # noqa: B006 (typer reads the default)
    host: Annotated[str, typer.Option(help="Address to listen on (default: this computer "
                                      "only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")]
    = 8765,
    dpi: Annotated[int, typer.Option(min=10, max=300, help="Resolution of the page "
                                     "pictures.")] = 60,
    data: DataOpt = None,
) -> None:
    """Show GAME's pages in the browser, rebuilt and refreshed as you save its files."""
    from printkit.commands.live import Served
    from printkit.commands.serve import run_server  # the web page: only this command

    try:
        served = Served(game, tuple(lang), data, printing.options, printing.config,
                        tuple(split(only)), dpi)
        run_server(served, host, port, printing.level)
    except PrintkitError as exc:
        fail(exc)

@app.command()
def calibrate(
    paper: PaperOpt = "",
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the instructions.")]
    = "nl",
    color: ColorOpt = "rgb",
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
) -> None:
    """Write a duplex calibration sheet: print it double-sided and read your back offset."""
    from printkit.options import Options
    from printkit.pipeline import calibration
    from printkit.write import write_all

    try:
        options = Options(paper=paper, duplex=duplex, back_offset=parse_offset(back_offset),
                          cmyk=colour_choice(color), printer=printer)
        name, data = calibration(options, lang, config)
        path = out / f"{name}.pdf"
        write_all([(path, data)], out)
    except PrintkitError as exc:
        fail(exc)
        return
    typer.echo(f"{path}  (2 pages: print them on one sheet, double-sided)")


@app.command()
def preflight(
    files: Annotated[list[Path], typer.Argument(help="PDF files to check.")],
    safe: Annotated[float, typer.Option(help="Safe zone in mm: text stays this far inside "
                                        "the trim.")] = 3.0,
    min_size: Annotated[float, typer.Option(help="Smallest text size in pt.")] = 6.0,
    min_ppi: Annotated[float, typer.Option(help="Lowest image resolution in ppi.")] = 300.0,
    target: Annotated[str, typer.Option(help="'shop': judge every file as one for a print "
                                        "shop (no RGB), whatever it says it is.")] = "",
) -> None:
    """Check PDFs for print: boxes, embedded fonts, small text, the safe zone, images.

    Prints every problem found; exits with 2 if a file cannot be read or judged (one line
    each), else 1 if there is any problem, 0 if all files are clean.
    """
    from printkit.preflight import Limits, check_pdf  # PDF readers: only this command

    if target.lower() not in ("", "home", "shop"):
        fail(PrintkitError(f"--target {target}: choose home or shop"))
        return
    total = unjudged = 0
    try:
        limits = Limits(in_range("safe", safe, 0, 50) * MM,
                        in_range("min-size", min_size, 0, 72),
                        in_range("min-ppi", min_ppi, 0, 10_000))
        for path in files:
            try:
                found = check_pdf(path, limits, target.lower())
            except PrintkitError as exc:
                typer.echo(f"error: {exc.problems[0]}", err=True)
                unjudged += 1
                continue
            for line in found.notes:
                typer.echo(f"{path}: note: {line}")
            for line in found.problems:
                typer.echo(f"{path}: {line}")
            total += len(found.problems)
            if not found.problems:
                typer.echo(f"{path}: clean ({found.pages} page"
                           f"{'s' if found.pages != 1 else ''})")
    except PrintkitError as exc:
        fail(exc)
        return
    if total:
        typer.echo(f"{total} problem{'s' if total != 1 else ''} found.")
    if unjudged or total:
        raise typer.Exit(2 if unjudged else 1)


@app.command()
@print_options(report=False, outcome="build would stop here")
def check(
    printing: Printing,
    game: GameArg = "",
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Count the notes (stale or unused texts, text shrunk below the "
        "house size, colours, prices, warnings) as problems: exit 2 if there is one.")]
    = False,
) -> None:
    """Check GAME as build with the same options would, writing nothing (--lang all: in
    every language of the game); list the texts no part of the game uses, stale
    translations and text shrunk small. Exit 2 if build would fail."""
    from printkit.colour.vision import game_notes
    from printkit.commands.textreport import text_notes
    from printkit.pipeline import build as run_build
    from printkit.pipeline import languages_of, load

    try:
        loaded = load(game, data, lang)
        notes = [text_notes(loaded, code) for code in languages_of(loaded, lang)]
        for line in (line for note in notes for line in note.lines):
            typer.echo(line)
        built = run_build(game, lang, data, Path("output"), printing.options,
                          config=printing.config, write=False, loaded=loaded)
    except PrintkitError as exc:
        fail(exc, "build would stop here")
        return
    warn(built)
    colour_notes = game_notes(loaded, printing.config)
    for colour_note in colour_notes:
        typer.echo(f"note: {colour_note}")
    price_notes = analysis_notes(loaded, printing.options.players)
    for price_note in price_notes:
        typer.echo(f"note: {price_note}")
    remarks = sorted({r for item in built for r in item.remarks})
    for remark in remarks:
        typer.echo(f"note: {remark}")
    for note in notes:
        typer.echo(note.summary)
    counted = sum(n.counted for n in notes) + len(remarks) + len(colour_notes) + \
        len(price_notes) + len({w for item in built for w in item.warnings})
    if strict and counted:
        typer.echo(f"{counted} note{'s' if counted != 1 else ''}; --strict counts them as "
                   "problems.", err=True)
        raise typer.Exit(2)


def analysis_notes(game: Any, players: int | None) -> list[str]:
    """What printkit analyse notes of a game's prices (a group that pays back far sooner
    or later than those around it, a price ladder that falls): never an error."""
    from printkit.analyse.driver import analysis_of

    found = analysis_of(game, players=players)
    return [f"{n.where.path}:{n.where.line}: {n.message}" for n in found.notes]


@app.command()
@print_options()
def analyse(
    printing: Printing,
    game: GameArg = "",
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    jail: Annotated[str, typer.Option(help="short: leave jail at once; long: stay and try "
                                      "for doubles as long as the rules allow.")] = "short",
    dice: Annotated[str, typer.Option(help="The dice, e.g. 2d6 or 2d4 (default: the game's "
                                      "[analysis] dice, else 2d6).")] = "",
    json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON instead "
                                       "of writing the report.")] = False,
    games: Annotated[int, typer.Option(help="Also play this many whole games with simulated "
                                       "players: how long they last, who wins.")] = 0,
    seed: Annotated[int, typer.Option(help="The seed of those games: the same seed gives "
                                      "the same games.")] = 0,
    variant: Annotated[str, typer.Option(help="Those games' variant: full, short (the "
                                         "short game) or timed (a time limit).")] = "full",
    minutes: Annotated[int, typer.Option(help="The time limit of --variant timed, in "
                                         "minutes.")] = 120,
    data: DataOpt = None,
    out: OutOpt = Path("output"),
) -> None:
    """Analyse GAME: how often each square is landed on (exact odds), what each group
    earns and how soon it pays back, how its colours look to colour-blind players, and
    (--games N) how long whole games last and who wins them; write analysis.pdf (--json:
    print the figures)."""
    import json as json_module

    from printkit.analyse.driver import (
        analysis_of,
        dice_option,
        games_option,
        jail_option,
        report_files,
        summary,
    )
    from printkit.analyse.figures import figures
    from printkit.commands.report import list_files
    from printkit.pipeline import load
    from printkit.write import write_all

    try:
        loaded = load(game, data, lang)
        found = analysis_of(loaded, dice_option(dice), jail_option(jail),
                            printing.options.players, games_option(games, seed, variant,
                                                                   minutes))
        if json:
            typer.echo(json_module.dumps(figures(found), ensure_ascii=False, indent=2))
            return
        built = report_files(loaded, found, lang, out, printing.options, printing.config)
        write_all([(b.path, b.data) for b in built], out)
    except PrintkitError as exc:
        fail(exc)
        return
    except KeyboardInterrupt:
        interrupted()
    if printing.level >= 0:
        for line in summary(found):
            typer.echo(line)
        if games and found.games is None:
            typer.echo(f"  {found.game} has no board, so no whole games were played")
    for note in found.notes:
        typer.echo(f"note: {note.where.path}:{note.where.line}: {note.message}")
    list_files(built, printing.level)


@app.command()
def new(name: Annotated[str, typer.Argument(help="Name of the new game (its folder name).")],
        from_: Annotated[str, typer.Option("--from", help="The game to copy.")] = "klassiek",
        data: Annotated[Path | None, typer.Option(
            help="Folder to create the game in (default: ./data).")] = None,
        lang: Annotated[list[str], typer.Option(
            "--lang", "-l", help="Keep only these languages (repeatable); the first becomes "
            "the game's source language. Default: every language of the game copied.")]
        = [],  # noqa: B006 (typer reads the default)
        tables: Annotated[str, typer.Option(
            help="csv: the tables as files of their own (as the game copied has them); "
            "xlsx: one workbook, tables.xlsx, a sheet per table.")] = "csv",
        ) -> None:
    """Start a custom game: copy a game into data/NAME with every field explained."""
    from printkit.commands.scaffold import new_game

    try:
        folder, codes = new_game(name, from_, data, lang, tables)
    except PrintkitError as exc:
        fail(exc)
        return
    where = f" --data {data}" if data is not None else ""
    also = f" (--lang all adds {', '.join(codes[1:])})" if codes[1:] else ""
    typer.echo(f"{display_path(folder, None)}: a copy of {from_} in {', '.join(codes)}, every "
               f"field explained in its files.\nEdit it, then run: printkit check {name}{where}"
               f" && printkit build {name}{where}\n"
               f"build writes {codes[0]}, the game's source language{also}.")


@app.command()
def translated(game: GameArg = "",
               lang: LangOpt = [],  # noqa: B006 (typer reads the default)
               data: DataOpt = None) -> None:
    """Record that GAME's translations (--lang: of these languages) translate the source
    language's texts as they are now, so check no longer calls them stale."""
    from printkit.commands.translated import record_translations
    from printkit.pipeline import languages_of, load

    try:
        loaded = load(chosen_game(game, data), data)
        codes = languages_of(loaded, lang) if lang else list(loaded.languages)
        path = record_translations(loaded, codes)
    except PrintkitError as exc:
        fail(exc)
        return
    typer.echo(f"{display_path(path, None)}: the texts of {', '.join(codes)} are recorded as "
               f"written for text/{loaded.source_language}.toml as it is now.")


@app.command(name="list")
def list_(data: DataOpt = None) -> None:
    """List the games (title, system, languages; built in or your own) and the languages."""
    from printkit.commands.listing import entries
    from printkit.localise.languages import load_languages

    try:
        for entry in entries(data):
            typer.echo(str(entry))
        languages = load_languages()
        typer.echo("languages: " + ", ".join(f"{c} ({lang.name})"
                                            for c, lang in sorted(languages.items())))
    except PrintkitError as exc:
        fail(exc)


def main() -> None:
    app(prog_name="printkit")


if __name__ == "__main__":
    main()
