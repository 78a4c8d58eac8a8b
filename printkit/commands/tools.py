"""`printkit calibrate` and `printkit preflight`: a duplex calibration sheet, and finished
PDFs judged for print, said in the terminal's language."""

from __future__ import annotations

import math
from pathlib import Path

import typer

from printkit.errors import PrintkitError
from printkit.localise.catalog import Labels
from printkit.options import Options
from printkit.units import MM


def calibration_sheet(options: Options, lang: str, config: Path | None, out: Path,
                      level: int, _: Labels) -> None:
    """Write the calibration sheet (its instructions in `lang`) and say how to print it."""
    from printkit.pipeline import calibration
    from printkit.write import write_all

    name, data = calibration(options, lang, config)
    path = out / f"{name}.pdf"
    write_all([(path, data)], out)
    if level >= 0:
        typer.echo(f"{path}  " + _("(2 pages: print them on one sheet, double-sided)"))


def in_range(option: str, value: float, low: float, high: float) -> float:
    """A number of an option, refused unless finite and from low to high."""
    if not (math.isfinite(value) and low <= value <= high):
        raise PrintkitError(f"--{option} {value:g}: use a number from {low:g} to {high:g}")
    return value


def preflight_files(files: list[Path], limits: tuple[float, float, float], target: str,
                    level: int, _: Labels) -> None:
    """Judge each PDF (`limits`: safe zone in mm, smallest text in pt, lowest ppi); print
    its problems (and, unless -q, its notes or that it is clean). Exit 2 if a file cannot
    be judged, else 1 if there is a problem."""
    from printkit.preflight import Limits, check_pdf  # PDF readers: only this command

    safe, size, ppi = limits
    judged = Limits(in_range("safe", safe, 0, 50) * MM, in_range("min-size", size, 0, 72),
                    in_range("min-ppi", ppi, 0, 10_000))
    total = unjudged = 0
    for path in files:
        try:
            found = check_pdf(path, judged, target)
        except PrintkitError as exc:
            typer.echo(_("error: {problem}", problem=exc.problems[0]), err=True)
            unjudged += 1
            continue
        for line in found.notes if level >= 0 else ():
            typer.echo(f"{path}: " + _("note: {problem}", problem=line))
        for line in found.problems:
            typer.echo(f"{path}: {line}")
        total += len(found.problems)
        if not found.problems and level >= 0:
            typer.echo(f"{path}: " + _.plural("clean ({n} page)", "clean ({n} pages)",
                                              found.pages))
    if total:
        typer.echo(_.plural("{n} problem found.", "{n} problems found.", total))
    if unjudged or total:
        raise typer.Exit(2 if unjudged else 1)
