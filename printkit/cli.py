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
    DataOpt,
    DuplexOpt,
    GameArg,
    LangOpt,
    OffsetOpt,
    PaperOpt,
    PrinterOpt,
    chosen_game,
    chosen_level,
    chosen_request,
    colour_choice,
    parse_offset,
)
from printkit.errors import PrintkitError, display_path
from printkit.units import MM

if TYPE_CHECKING:
    from rich.console import Console

    from printkit.options import Request
    from printkit.pipeline import Built
    from printkit.plan import Source

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


OutOpt = Annotated[Path, typer.Option(help="Output folder.")]

Command = Callable[..., None]


def uses(outcome: str = "nothing was written", **groups: Callable[..., Any]
         ) -> Callable[[Command], Command]:
    """Give a command the options of each group before its own, and report its problems.

    A group is a function whose parameters are options (printkit.cli_options); the command
    receives its result under the group's name (`request=chosen_request` gives it a
    `request: Request`). A PrintkitError, from reading the options or from the command,
    prints every problem and `outcome` (what came of it) and exits with 2; Ctrl-C exits
    with 130, the output as it was (printkit.write)."""
    def decorate(command: Command) -> Command:
        shared = {name: parameters(group) for name, group in groups.items()}
        own = parameters(command, skip=set(groups))

        @functools.wraps(command)
        def run(**values: Any) -> None:
            try:
                made = {name: groups[name](**{p.name: values.pop(p.name) for p in params})
                        for name, params in shared.items()}
                implied = getattr(made.get("request"), "implied", "")
                if implied and made.get("level", 0) >= 0:  # how the game was chosen
                    typer.echo(implied, err=True)
                command(**values, **made)
            except PrintkitError as exc:
                fail(exc, outcome)
            except KeyboardInterrupt:
                interrupted()

        every = [*(p for params in shared.values() for p in params), *own]
        # typer reads the command's options from its signature and annotations
        run.__signature__ = inspect.Signature(every)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in every}
        return run

    return decorate


def parameters(function: Callable[..., Any], skip: set[str] | None = None
               ) -> list[inspect.Parameter]:
    """A function's parameters but those named in `skip` (the values a command receives
    from its groups), their annotations read: typer needs them so."""
    names = getattr(function, "__globals__", {})
    return [p.replace(annotation=eval(p.annotation, names) if isinstance(p.annotation, str)
                      else p.annotation)
            for p in inspect.signature(function).parameters.values()
            if p.name not in (skip or set())]


def but(group: Callable[..., Any], **changed: tuple[Any, Any]) -> Callable[..., Any]:
    """A group with some of its options declared otherwise: name=(annotation, default)."""
    def changed_group(**values: Any) -> Any:
        return group(**values)

    params = [p.replace(annotation=changed[p.name][0], default=changed[p.name][1])
              if p.name in changed else p for p in parameters(group)]
    changed_group.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    return changed_group


@app.command()
@uses(request=chosen_request, level=chosen_level)
def build(request: Request, level: int, out: OutOpt = Path("output")) -> None:
    """Build every printable part of GAME: board, tiles, cards, score pad, sheets."""
    from printkit.commands.report import list_files, progress
    from printkit.pipeline import build as run_build

    with progress(err_console(), level) as step:
        built = run_build(request, out, step)
    list_files(built, level)
    warn(built)
    for note in sorted({n for item in built for n in item.notes}):
        typer.echo(f"note: {note}", err=True)


def warn(built: list[Built]) -> None:
    """The warnings of the files made (a picture under 300 ppi), each once."""
    for warning in sorted({w for item in built for w in item.warnings}):
        typer.echo(f"warning: {warning}", err=True)


@app.command()
@uses(request=chosen_request, level=chosen_level)
def preview(
    request: Request,
    level: int,
    dpi: Annotated[int, typer.Option(min=10, max=600, help="Resolution of the page "
                                     "pictures.")] = 100,
    open_: Annotated[bool, typer.Option("--open", help="Open the contact sheets with the "
                                        "system's picture viewer.")] = False,
    out: OutOpt = Path("output"),
) -> None:
    """Build GAME and write a PNG of every page and a contact sheet per product beside the
    PDFs."""
    from printkit.commands.preview import preview_pictures  # Pillow and pdfium: only here
    from printkit.commands.report import list_files, progress

    with progress(err_console(), level) as step:
        built, sheets, count = preview_pictures(request, out, dpi, step)
    list_files(built, level)
    warn(built)
    if level >= 0:
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


ServeLang = Annotated[list[str], typer.Option(
    "--lang", "-l", help="Languages to show (default: every language of the game); "
    "repeatable.")]


@app.command()
@uses(request=but(chosen_request, lang=(ServeLang, ["all"])), level=chosen_level)
def serve(
    request: Request,
    level: int,
    host: Annotated[str, typer.Option(help="Address to listen on (default: this computer "
                                      "only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")]
    = 8765,
    dpi: Annotated[int, typer.Option(min=10, max=300, help="Resolution of the page "
                                     "pictures.")] = 60,
) -> None:
    """Show GAME's pages in the browser, rebuilt and refreshed as you save its files."""
    from printkit.commands.live import Served
    from printkit.commands.serve import run_server  # the web page: only this command

    run_server(Served(request, dpi), host, port, level)


@app.command()
@uses()
def calibrate(
    paper: PaperOpt = "",
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the instructions.")]
    = "nl",
    color: ColorOpt = "rgb",
    out: OutOpt = Path("output"),
) -> None:
    """Write a duplex calibration sheet: print it double-sided and read your back offset."""
    from printkit.options import Options
    from printkit.pipeline import calibration
    from printkit.write import write_all

    options = Options(paper=paper, duplex=duplex, back_offset=parse_offset(back_offset),
                      cmyk=colour_choice(color), printer=printer)
    name, data = calibration(options, lang, config)
    path = out / f"{name}.pdf"
    write_all([(path, data)], out)
    typer.echo(f"{path}  (2 pages: print them on one sheet, double-sided)")


@app.command()
@uses()
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
        raise PrintkitError(f"--target {target}: choose home or shop")
    total = unjudged = 0
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
            typer.echo(f"{path}: clean ({found.pages} page{'s' if found.pages != 1 else ''})")
    if total:
        typer.echo(f"{total} problem{'s' if total != 1 else ''} found.")
    if unjudged or total:
        raise typer.Exit(2 if unjudged else 1)


@app.command()
@uses(outcome="build would stop here", request=chosen_request, level=chosen_level)
def check(
    request: Request,
    level: int,
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
    from printkit.plan import resolve

    plan = resolve(request, fresh=True)  # the game itself, for the report of its texts
    source = plan.source
    notes = [text_notes(source, code) for code in plan.codes]

    def say(line: str) -> None:
        if level >= 0:  # -q: only problems
            typer.echo(line)

    for line in (line for note in notes for line in note.lines):
        say(line)  # notes, said before the problems that stop a build
    built = run_build(plan, Path("output"), write=False)
    warn(built)
    colour_notes = game_notes(source.setup.system.palette, source.game, plan.options.theme)
    price_notes = analysis_notes(source, request.options.players)
    remarks = sorted({r for item in built for r in item.remarks})
    for note_line in [*colour_notes, *price_notes, *remarks]:
        say(f"note: {note_line}")
    for note in notes:
        say(note.summary)
    counted = sum(n.counted for n in notes) + len(remarks) + len(colour_notes) + \
        len(price_notes) + len({w for item in built for w in item.warnings})
    if strict and counted:
        typer.echo(f"{counted} note{'s' if counted != 1 else ''}; --strict counts them as "
                   "problems.", err=True)
        raise typer.Exit(2)


def analysis_notes(source: Source, players: int | None) -> list[str]:
    """What printkit analyse notes of a game's prices (a group that pays back far sooner
    or later than those around it, a price ladder that falls): never an error (none for a
    system without an analysis)."""
    from printkit.commands.analyse import analysis_of

    if source.setup.system.analyse is None:
        return []
    found = analysis_of(source, players=players)
    return [f"{n.where.path}:{n.where.line}: {n.message}" for n in found.notes]


@app.command()
@uses(request=chosen_request, level=chosen_level)
def analyse(
    request: Request,
    level: int,
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
    out: OutOpt = Path("output"),
) -> None:
    """Analyse GAME: how often each square is landed on (exact odds), what each group
    earns and how soon it pays back, how its colours look to colour-blind players, and
    (--games N) how long whole games last and who wins them; write analysis.pdf (--json:
    print the figures)."""
    import json as json_module

    from printkit.analyse.figures import figures
    from printkit.commands.analyse import (
        analysis_of,
        dice_option,
        games_option,
        jail_option,
        report_files,
        summary,
    )
    from printkit.commands.report import list_files
    from printkit.plan import resolve
    from printkit.write import write_all

    plan = resolve(request, fresh=True)  # the game itself, read as build reads it
    found = analysis_of(plan.source, dice_option(dice), jail_option(jail),
                        request.options.players, games_option(games, seed, variant, minutes))
    if json:
        typer.echo(json_module.dumps(figures(found), ensure_ascii=False, indent=2))
        return
    built = report_files(plan, found, out)
    write_all([(b.path, b.data) for b in built], out)
    if level >= 0:
        for line in summary(found):
            typer.echo(line)
        if games and found.games is None:
            typer.echo(f"  {found.game} has no board, so no whole games were played")
    for note in found.notes:
        typer.echo(f"note: {note.where.path}:{note.where.line}: {note.message}")
    list_files(built, level)


@app.command()
@uses()
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

    folder, codes = new_game(name, from_, data, lang, tables)
    where = f" --data {data}" if data is not None else ""
    also = f" (--lang all adds {', '.join(codes[1:])})" if codes[1:] else ""
    typer.echo(f"{display_path(folder, None)}: a copy of {from_} in {', '.join(codes)}, every "
               f"field explained in its files.\nEdit it, then run: printkit check {name}{where}"
               f" && printkit build {name}{where}\n"
               f"build writes {codes[0]}, the game's source language{also}.")


@app.command()
@uses()
def translated(game: GameArg = "",
               lang: LangOpt = [],  # noqa: B006 (typer reads the default)
               data: DataOpt = None) -> None:
    """Record that GAME's translations (--lang: of these languages) translate the source
    language's texts as they are now, so check no longer calls them stale."""
    from printkit.commands.translated import record_translations
    from printkit.plan import codes_of, read, setup
    from printkit.resources import find_game

    name, implied = chosen_game(game, data)
    if implied:
        typer.echo(implied, err=True)
    source = read(setup(find_game(name, data), lang))
    codes = list(codes_of(source)) if lang else list(source.game.languages)
    path = record_translations(source.game, codes)
    typer.echo(f"{display_path(path, None)}: the texts of {', '.join(codes)} are recorded as "
               f"written for text/{source.game.source_language}.toml as it is now.")


@app.command(name="list")
@uses()
def list_(data: DataOpt = None) -> None:
    """List the games (title, system, languages; built in or your own) and the languages."""
    from printkit.commands.listing import entries
    from printkit.localise.languages import load_languages

    for entry in entries(data):
        typer.echo(str(entry))
    languages = load_languages()
    typer.echo("languages: " + ", ".join(f"{c} ({lang.name})"
                                        for c, lang in sorted(languages.items())))


def main() -> None:
    app(prog_name="printkit")


if __name__ == "__main__":
    main()
