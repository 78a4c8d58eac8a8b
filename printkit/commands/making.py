"""`printkit build` and `printkit preview`: the files made, how to print each, and what is
worth knowing about them, in the terminal's language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import typer
from rich.console import Console

from printkit.commands.report import list_files, progress
from printkit.localise.catalog import Labels
from printkit.options import Request
from printkit.pipeline import Built


def err_console() -> Console:
    """Where progress goes (standard error)."""
    return Console(stderr=True)


def build_files(request: Request, level: int, out: Path, _: Labels) -> None:
    """Build and write every product asked for; list the files and their warnings."""
    from printkit.pipeline import build as run_build

    with progress(err_console(), level, _) as step:
        built = run_build(request, out, step)
    list_files(built, level, _)
    warn(built, _)
    for note in sorted({n for item in built for n in item.notes}):
        typer.echo(_("note: {problem}", problem=note), err=True)


def warn(built: list[Built], _: Labels) -> None:
    """The warnings of the files made (a picture under 300 ppi), each once."""
    for warning in sorted({w for item in built for w in item.warnings}):
        typer.echo(_("warning: {problem}", problem=warning), err=True)


def preview_files(request: Request, level: int, out: Path, dpi: int, open_: bool,
                  _: Labels) -> None:
    """Build, write a picture of every page and a contact sheet per product, and list them."""
    from printkit.commands.preview import preview_pictures  # Pillow and pdfium: only here

    with progress(err_console(), level, _) as step:
        built, sheets, count = preview_pictures(request, out, dpi, step)
    list_files(built, level, _)
    warn(built, _)
    if level >= 0:
        typer.echo(_.plural("{n} page picture at {dpi} dpi; contact sheets:",
                            "{n} page pictures at {dpi} dpi; contact sheets:", count, dpi=dpi))
        for sheet in sheets:
            typer.echo(f"{sheet}")
    if open_:
        for sheet in sheets:
            open_file(sheet, _)


def open_file(path: Path, _: Labels) -> None:
    """Open a file with the system's viewer; say so when there is none."""
    if sys.platform == "win32":
        os.startfile(path)  # type: ignore[attr-defined]
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    if shutil.which(opener) is None:
        typer.echo(_("cannot open {path}: no {opener} on this system", path=path,
                     opener=opener), err=True)
        return
    subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
