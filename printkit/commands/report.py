"""What the command line tells the user while and after it builds: a progress display for
builds that take more than a moment, and each file written with how to print it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import typer
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from printkit.errors import PrintkitError
from printkit.impose.howto import advice
from printkit.localise.catalog import Labels, english_labels, load_labels
from printkit.localise.languages import load_languages
from printkit.pipeline import Built
from printkit.pipeline import Progress as Step

DELAY = 2.0  # seconds: a build that is done sooner shows no progress display


@contextmanager
def progress(console: Console, verbosity: int) -> Iterator[Step]:
    """A step reporter: -v prints every step; otherwise a spinner with the current step
    appears on a terminal once the build has taken DELAY seconds; -q shows nothing."""
    if verbosity > 0:
        yield lambda step: console.print(step, markup=False, highlight=False)
        return
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                   console=console, transient=True,
                   disable=verbosity < 0 or not console.is_terminal)
    task = bar.add_task("building", total=None)
    timer = threading.Timer(DELAY, bar.start)
    timer.daemon = True
    timer.start()
    try:
        yield lambda step: bar.update(task, description=step)
    finally:
        timer.cancel()
        bar.stop()


@lru_cache(maxsize=16)
def labels(code: str) -> Labels:
    """The tool's labels in a language (English when there is no catalog for it)."""
    try:
        languages = load_languages()
        if code in languages:
            return load_labels(languages[code].catalog, languages[code].locale)
    except PrintkitError:
        pass
    return english_labels()


def list_files(built: list[Built], verbosity: int) -> None:
    """Each file written with its pages and how to print it; -q: nothing."""
    if verbosity < 0:
        return
    written = [item for item in built if not item.removed]
    for item in written:
        typer.echo(f"{item.path}  ({item.pages} page{'s' if item.pages != 1 else ''})")
        typer.echo(f"    {advice(item.hint, labels(item.lang))}")
    for item in built:
        if item.removed:
            typer.echo(f"{item.path}  removed: an earlier build's file of a product now "
                       "on another paper")
    typer.echo(f"{len(written)} files written.")
