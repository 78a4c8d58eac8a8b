"""What the command line tells the user while and after it builds: a progress display for
builds that take more than a moment, and each file written with how to print it, all in
the terminal's language (printkit.commands.language)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from printkit.impose.howto import advice
from printkit.localise.catalog import Labels
from printkit.pipeline import Built, Step
from printkit.pipeline import Progress as Reporter

DELAY = 2.0  # seconds: a build that is done sooner shows no progress display


@contextmanager
def progress(console: Console, verbosity: int, _: Labels) -> Iterator[Reporter]:
    """A step reporter: -v prints every step; otherwise a spinner with the current step
    appears on a terminal once the build has taken DELAY seconds; -q shows nothing."""
    if verbosity > 0:
        yield lambda step: console.print(said(step, _), markup=False, highlight=False)
        return
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                   console=console, transient=True,
                   disable=verbosity < 0 or not console.is_terminal)
    task = bar.add_task(_("building"), total=None)
    timer = threading.Timer(DELAY, bar.start)
    timer.daemon = True
    without_interrupts(timer.start)
    try:
        yield lambda step: bar.update(task, description=said(step, _))
    finally:
        timer.cancel()
        bar.stop()


def without_interrupts(start: Callable[[], None]) -> None:
    """Start a thread that never takes a Ctrl-C (it inherits SIGINT blocked, as does any
    thread it starts: the display's refresh): the terminal's SIGINT then reaches the main
    thread alone, which holds it back while it forks workers (printkit.workers). Taken by
    another thread, it was raised in the main thread wherever it was, even in a fork's
    own clean-up, where Python prints it as ignored and goes on."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks, no fork
        start()
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        start()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def said(step: Step, _: Labels) -> str:
    """A step of a build in words."""
    langs = ", ".join(step.langs)
    if step.what == "localising":
        return _("{game}: preparing the texts in {langs}", game=step.game, langs=langs)
    if step.what == "kept":
        return _("{game}: the texts in {langs} as last built", game=step.game, langs=langs)
    return f"{step.game} ({langs}): {step.product}"


def list_files(built: list[Built], verbosity: int, _: Labels) -> None:
    """Each file written with its pages and how to print it; -q: nothing."""
    if verbosity < 0:
        return
    written = [item for item in built if not item.removed]
    for item in written:
        typer.echo(f"{item.path}  " + _.plural("({n} page)", "({n} pages)", item.pages))
        typer.echo(f"    {advice(item.hint, _)}")
    for item in built:
        if item.removed:
            typer.echo(f"{item.path}  " + _("removed: an earlier build's file of a product "
                                            "now on another paper"))
    typer.echo(_.plural("{n} file written.", "{n} files written.", len(written)))
