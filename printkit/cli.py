"""The `printkit` command line. Commands are thin: they call the pipeline and report.

Bad input (a PrintkitError) prints every located problem and exits with code 2; nothing
is written in that case.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from printkit.errors import PrintkitError, display_path
from printkit.layout.ops import MM
from printkit.localise import own_names, unused_texts
from printkit.localise.languages import load_languages
from printkit.pipeline import Options, calibration, languages_of, load, system_of
from printkit.pipeline import build as run_build
from printkit.listing import entries
from printkit.resources import DEFAULT_GAME
from printkit.scaffold import new_game
from printkit.write import write_all

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="Print-ready PDFs for custom Monopoly-style games.")
err_console = Console(stderr=True)

GameArg = Annotated[str, typer.Argument(help="Game name under data/ (or a game folder).")]
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


def parse_offset(text: str | None) -> tuple[float, float] | None:
    """'1,-0.5' (mm) as a shift in points; None when not given."""
    if text is None:
        return None
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise PrintkitError(f"--back-offset {text}: write two numbers in mm, e.g. 1,-0.5") \
            from None
    return x * MM, y * MM


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
    if color.strip().lower() not in ("rgb", "cmyk"):
        raise PrintkitError(f"--color {color}: choose rgb or cmyk")
    return color.strip().lower() == "cmyk"


PlayersOpt = Annotated[int | None, typer.Option(
    help="Players on the score pad and ledgers (default 4, within the game's range).")]
TargetOpt = Annotated[str, typer.Option(
    help="home (default: cards n-up with crop marks, tiled board) or shop (one item per "
    "page, trim + bleed, for a print shop).")]
VendorOpt = Annotated[str, typer.Option(
    help="Shop preset for --target shop: eu (default, 3 mm bleed), us (1/8 in, separate "
    "fronts and backs), drivethru (1/8 in, back before front).")]
BoardSizeOpt = Annotated[str, typer.Option(
    help="The one-sheet board: the game's size (default), a2, a1 (fits that paper) or a "
    "length such as 450mm.")]
AllowMissingOpt = Annotated[bool, typer.Option(
    help="Build a language with missing texts, marking the gaps in the PDFs.")]


@app.command()
def build(
    game: GameArg = DEFAULT_GAME,
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
    players: PlayersOpt = None,
    paper: PaperOpt = "",
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    target: TargetOpt = "home",
    vendor: VendorOpt = "eu",
    board_size: BoardSizeOpt = "",
    color: ColorOpt = "rgb",
    allow_missing: AllowMissingOpt = False,
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

    Prints every problem found; exits with 1 if there is any, 0 if all files are clean.
    """
    from printkit.preflight import Limits, check_pdf  # PDF readers: only this command

    limits = Limits(safe * MM, min_size, min_ppi)
    total = 0
    try:
        for path in files:
            found = check_pdf(path, limits)
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
        raise typer.Exit(1)


@app.command()
def check(
    game: GameArg = DEFAULT_GAME,
    lang: LangOpt = [],  # noqa: B006 (typer reads the default)
    data: DataOpt = None,
    players: PlayersOpt = None,
    paper: PaperOpt = "",
    duplex: DuplexOpt = "",
    back_offset: OffsetOpt = None,
    printer: PrinterOpt = "",
    config: ConfigOpt = None,
    target: TargetOpt = "home",
    vendor: VendorOpt = "eu",
    board_size: BoardSizeOpt = "",
    color: ColorOpt = "rgb",
    allow_missing: AllowMissingOpt = False,
) -> None:
    """Check GAME as build with the same options would, writing nothing (--lang all: in
    every language of the game); list the texts no part of the game uses. Exit 2 if build
    would fail."""
    try:
        options = Options(players, paper, duplex, parse_offset(back_offset),
                          colour_choice(color), allow_missing, target, vendor, board_size,
                          printer)
        loaded = load(game, data, lang)
        codes = languages_of(loaded, lang)
        unused = {code: unused_texts(system_of(loaded), loaded, code) for code in codes}
        for problem in (p for found in unused.values() for p in found):
            typer.echo(f"unused: {problem}")
        for problem in (p for code in codes for p in own_names(loaded, code)):
            typer.echo(f"own name: {problem}")
        run_build(game, lang, data, Path("output"), options, config=config, write=False)
    except PrintkitError as exc:
        fail(exc, "build would stop here")
        return
    for code in codes:
        typer.echo(f"{loaded.id} ({code}): 0 missing, {len(unused[code])} unused")


@app.command()
def new(name: Annotated[str, typer.Argument(help="Name of the new game (its folder name).")],
        from_: Annotated[str, typer.Option("--from", help="The game to copy.")] = "klassiek",
        data: Annotated[Path | None, typer.Option(
            help="Folder to create the game in (default: ./data).")] = None,
        lang: Annotated[list[str], typer.Option(
            "--lang", "-l", help="Keep only these languages (repeatable); the first becomes "
            "the game's source language. Default: every language of the game copied.")]
        = [],  # noqa: B006 (typer reads the default)
        ) -> None:
    """Start a custom game: copy a game into data/NAME with every field explained."""
    try:
        folder, codes = new_game(name, from_, data, lang)
    except PrintkitError as exc:
        fail(exc)
        return
    where = f" --data {data}" if data is not None else ""
    also = f" (--lang all adds {', '.join(codes[1:])})" if codes[1:] else ""
    typer.echo(f"{display_path(folder, None)}: a copy of {from_} in {', '.join(codes)}, every "
               f"field explained in its files.\nEdit it, then run: printkit check {name}{where}"
               f" && printkit build {name}{where}\n"
               f"build writes {codes[0]}, the game's source language{also}.")


@app.command(name="list")
def list_(data: DataOpt = None) -> None:
    """List the games (title, system, languages; built in or your own) and the languages."""
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
    sys.exit(main())
