"""`printkit check`: a game checked as build would check it, nothing written, with the
notes on its texts, colours and prices, in the terminal's language."""

from __future__ import annotations

from pathlib import Path

import typer

from printkit.commands.making import warn
from printkit.commands.textreport import TextNotes, text_notes
from printkit.localise.catalog import Labels
from printkit.options import Request
from printkit.plan import Source


def check_game(request: Request, level: int, strict: bool, _: Labels) -> None:
    """Check a game (raises what build would raise); print its notes and summaries. With
    `strict`, notes are problems: exit 2 if there is one."""
    from printkit.colour.vision import game_notes
    from printkit.pipeline import build as run_build
    from printkit.plan import resolve

    plan = resolve(request, fresh=True)  # the game itself, for the report of its texts
    source = plan.source
    notes = [text_notes(source, code) for code in plan.codes]

    def say(line: str) -> None:
        if level >= 0:  # -q: only problems
            typer.echo(line)

    for kind, problem in (note for found in notes for note in found.notes):
        say(noted(kind, str(problem), _))  # said before the problems that stop a build
    built = run_build(plan, Path("output"), write=False)
    warn(built, _)
    colour_notes = game_notes(source.setup.system.palette, source.game, plan.options.theme)
    price_notes = analysis_notes(source, request.options.players)
    remarks = sorted({r for item in built for r in item.remarks})
    for note_line in [*colour_notes, *price_notes, *remarks]:
        say(_("note: {problem}", problem=note_line))
    for found in notes:
        say(summary(found, _))
    counted = sum(n.counted for n in notes) + len(remarks) + len(colour_notes) + \
        len(price_notes) + len({w for item in built for w in item.warnings})
    if strict and counted:
        typer.echo(_.plural("{n} note; --strict counts them as problems.",
                            "{n} notes; --strict counts them as problems.", counted), err=True)
        raise typer.Exit(2)


def noted(kind: str, text: str, _: Labels) -> str:
    """A note on a text, its kind in words."""
    if kind == "unused":
        return _("unused: {problem}", problem=text)
    if kind == "stale":
        return _("stale: {problem}", problem=text)
    if kind == "own name":
        return _("own name: {problem}", problem=text)
    return _("note: {problem}", problem=text)


def summary(found: TextNotes, _: Labels) -> str:
    """A language's line: '<game> (<code>): 0 missing, 2 unused, 1 stale'."""
    counts = [_("0 missing"), _.plural("{n} unused", "{n} unused", found.unused)]
    if found.stale:
        counts.append(_.plural("{n} stale", "{n} stale", found.stale))
    return f"{found.game} ({found.code}): {', '.join(counts)}"


def analysis_notes(source: Source, players: int | None) -> list[str]:
    """What printkit analyse notes of a game's prices (a group that pays back far sooner
    or later than those around it, a price ladder that falls): never an error (none for a
    system without an analysis)."""
    from printkit.commands.analyse import analysis_of

    if source.setup.system.analyse is None:
        return []
    found = analysis_of(source, players=players)
    return [f"{n.where.path}:{n.where.line}: {n.message}" for n in found.notes]
