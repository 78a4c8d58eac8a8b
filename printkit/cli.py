"""The `printkit` command line. Commands are thin: they call the pipeline and report.

Bad input (a PrintkitError) prints every located problem and exits with code 2; nothing
is written in that case.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from printkit.errors import PrintkitError, display_path
from printkit.layout.ops import MM
from printkit.localise import check_texts
from printkit.localise.languages import load_languages
from printkit.pipeline import Options, build as run_build, calibration, languages_of, load
from printkit.resources import DEFAULT_GAME, list_games
from printkit.scaffold import new_game
from printkit.write import write_all

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="Print-ready PDFs for custom Monopoly-style games.")
err_console = Console(stderr=True)

GameArg = Annotated[str, typer.Argument(help="Game name under data/ (or a game folder).")]
LangOpt = Annotated[list[str], typer.Option(
    "--lang", "-l", help="nl, nb or da (aliases such as no, norsk, dansk work), or all; "
    "repeatable.")]
DataOpt = Annotated[Path | None, typer.Option(
    help="Folder with your own games (default: ./data if it exists).")]


def fail(error: PrintkitError) -> None:
    for problem in error.problems:
        typer.echo(f"error: {problem}", err=True)
    n = len(error.problems)
    typer.echo(f"{n} problem{'s' if n != 1 else ''}; nothing was written.", err=True)
    raise typer.Exit(2)


def interrupted() -> None:
    """Ctrl-C: the previous output is as it was (printkit.write), no traceback."""
    from printkit.__main__ import INTERRUPTED

    typer.echo(INTERRUPTED, err=True)
    raise typer.Exit(130)


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


def in_range(option: str, value: float, low: float, high: float) -> float:
    """A number of an option, refused unless finite and from low to high."""
    if not (math.isfinite(value) and low <= value <= high):
        raise PrintkitError(f"--{option} {value:g}: use a number from {low:g} to {high:g}")
    return value


PaperOpt = Annotated[str, typer.Option(
    help="Sheet size for cards, tiles and sheets: a4 (default), letter, a3 or a paper of "
    "your print settings.")]
DuplexOpt = Annotated[str, typer.Option(
    help="long (default: flip on the long edge), short, or none (backs on their own "
    "sheets, for one-sided printing).")]
OffsetOpt = Annotated[str | None, typer.Option(
    help="Shift of the backs in mm, X,Y (read it from `printkit calibrate`).")]
PrinterOpt = Annotated[str, typer.Option(
    help="A printer profile of your printkit.toml: its back offset (and duplex, paper).")]
ConfigOpt = Annotated[Path | None, typer.Option(
    help="Your print settings file (default: ~/.config/printkit/printkit.toml and "
    "./printkit.toml).")]
ColorOpt = Annotated[str, typer.Option(help="rgb (home printing) or cmyk (print shop).")]


def colour_choice(color: str) -> bool:
    if color not in ("rgb", "cmyk"):
        raise PrintkitError(f"--color {color}: choose rgb or cmyk")
    return color == "cmyk"


@app.command()
def build(
    game: GameArg = DEFAULT_GAME,
    lang: LangOpt = ["nl"],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
    players: Annotated[int | None, typer.Option(
        help="Players on the score pad and ledgers (default 4, within the game's range).")]
    = None,
    paper: PaperOpt = "",
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    target: Annotated[str, typer.Option(
        help="home (default: cards n-up with crop marks, tiled board) or shop (one item "
        "per page, trim + bleed, for a print shop).")] = "home",
    vendor: Annotated[str, typer.Option(
        help="Shop preset for --target shop: eu (default, 3 mm bleed), us (1/8 in, "
        "separate fronts and backs), drivethru (1/8 in, back before front).")] = "eu",
    board_size: Annotated[str, typer.Option(
        help="The one-sheet board: the game's size (default), a2, a1 (fits that paper) or "
        "a length such as 450mm.")] = "",
    color: ColorOpt = "rgb",
    allow_missing: Annotated[bool, typer.Option(
        help="Build a language with missing texts, marking the gaps in the PDFs.")] = False,
) -> None:
    """Build every printable part of GAME: board, tiles, cards, score pad, sheets."""
    try:
        options = Options(players, paper, duplex, parse_offset(back_offset),
                          colour_choice(color), allow_missing, target, vendor, board_size,
                          printer)
        with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                      console=err_console, transient=True,
                      disable=not err_console.is_terminal) as bar:
            task = bar.add_task("building", total=None)
            built = run_build(game, lang, data, out, options,
                              lambda step: bar.update(task, description=step, advance=1),
                              config)
    except PrintkitError as exc:
        fail(exc)
        return
    except KeyboardInterrupt:
        interrupted()
    for item in built:
        typer.echo(f"{item.path}  ({item.pages} page{'s' if item.pages != 1 else ''})")
    typer.echo(f"{len(built)} files written.")


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
) -> None:
    """Check PDFs for print: boxes, embedded fonts, small text, the safe zone, images.

    Prints every problem found; exits with 2 if a file cannot be read or judged (one line
    each), else 1 if there is any problem, 0 if all files are clean.
    """
    from printkit.preflight import Limits, check_pdf  # PDF readers: only this command

    total = unjudged = 0
    try:
        limits = Limits(in_range("safe", safe, 0, 50) * MM, in_range("min-size", min_size, 0, 72),
                        in_range("min-ppi", min_ppi, 0, 10_000))
        for path in files:
            try:
                found = check_pdf(path, limits)
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
def check(game: GameArg = DEFAULT_GAME, lang: LangOpt = ["all"],  # noqa: B006
          data: DataOpt = None) -> None:
    """Validate GAME and list every missing or unused text per language (exit 2 if missing)."""
    try:
        loaded = load(game, data)
        missing = 0
        for code in languages_of(loaded, lang):
            report = check_texts(loaded, code)
            for problem in report.missing:
                typer.echo(f"missing: {problem}")
            for problem in report.unused:
                typer.echo(f"unused: {problem}")
            missing += len(report.missing)
            typer.echo(f"{loaded.id} ({code}): {len(report.missing)} missing, "
                       f"{len(report.unused)} unused")
    except PrintkitError as exc:
        fail(exc)
        return
    if missing:
        raise typer.Exit(2)


@app.command()
def new(name: Annotated[str, typer.Argument(help="Name of the new game (its folder name).")],
        from_: Annotated[str, typer.Option("--from", help="The game to copy.")] = "klassiek",
        data: Annotated[Path | None, typer.Option(
            help="Folder to create the game in (default: ./data).")] = None) -> None:
    """Start a custom game: copy a game into data/NAME with every field explained."""
    try:
        folder = new_game(name, from_, data)
    except PrintkitError as exc:
        fail(exc)
        return
    where = f" --data {data}" if data is not None else ""
    typer.echo(f"{display_path(folder, None)}: a copy of {from_}, every field explained in its "
               f"files.\nEdit it, then run: printkit check {name}{where} && "
               f"printkit build {name}{where}")


@app.command(name="list")
def list_(data: DataOpt = None) -> None:
    """List the games and languages available."""
    try:
        for name in list_games(data):
            typer.echo(name)
        languages = load_languages()
        typer.echo("languages: " + ", ".join(f"{c} ({lang.name})"
                                            for c, lang in sorted(languages.items())))
    except PrintkitError as exc:
        fail(exc)


def main() -> None:
    app(prog_name="printkit")


if __name__ == "__main__":
    sys.exit(main())
