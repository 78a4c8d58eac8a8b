"""How a command meets the user: its options gathered from option groups, the language it
speaks (printkit.commands.language), and its one catch-and-report of problems.

A command declares the option groups it takes with `uses` (printkit.cli_options declares
each option once), and gets the terminal's words as `words` when it asks for them.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import typer

from printkit.commands.screen import PROBLEMS, speaking, terminal_code
from printkit.errors import PrintkitError
from printkit.localise.catalog import Labels
from printkit.resources import Default

Command = Callable[..., None]
GIVEN = ("words", "ui_lang")  # what a command is told, if it asks: the terminal's language
Outcome = Callable[[int, Labels], str]  # what came of n problems, in words


def written(n: int, _: Labels) -> str:
    return _.plural("{n} problem; nothing was written.", "{n} problems; nothing was written.",
                    n)


def checked(n: int, _: Labels) -> str:
    return _.plural("{n} problem; build would stop here.",
                    "{n} problems; build would stop here.", n)


def served(n: int, _: Labels) -> str:
    return _.plural("{n} problem; the pages are not served.",
                    "{n} problems; the pages are not served.", n)


def fail(error: PrintkitError, outcome: Outcome, _: Labels) -> None:
    """Every problem, each on a line of its own, and what came of them; exit code 2."""
    for problem in error.problems:
        typer.echo(_("error: {problem}", problem=problem), err=True)
    typer.echo(outcome(len(error.problems), _), err=True)
    raise typer.Exit(2)


def interrupted(_: Labels) -> None:
    """Ctrl-C: the previous output is as it was (printkit.write), no traceback. (The
    entry point says printkit.INTERRUPTED, the same in English, when Ctrl-C comes before
    a command runs.)"""
    typer.echo(_("interrupted; the previous files are unchanged."), err=True)
    raise typer.Exit(130)


def default_note(default: Default, game: str, _: Labels) -> str:
    """The line that says a command acts on the built-in default game, and why."""
    if default.found:
        why = _("{n} games in {folder}/: {names}", n=len(default.found),
                folder=default.folder, names=", ".join(default.found))
    else:
        why = _("no game.toml here and no game in ./data/")
    return _("note: {game}, the built-in default game ({why}); to name another: printkit "
             "build GAME (printkit list shows them)", game=game, why=why)


def uses(outcome: Outcome = written, **groups: Callable[..., Any]
         ) -> Callable[[Command], Command]:
    """Give a command the options of each group before its own, and report its problems.

    A group is a function whose parameters are options (printkit.cli_options); the command
    receives its result under the group's name (`request=chosen_request` gives it a
    `request: Request`), and the terminal's words as `words` (and its code as `ui_lang`) if
    it has such a parameter.
    A PrintkitError, from reading the options or from the command, prints every problem
    and `outcome` (what came of it) and exits with 2; Ctrl-C exits with 130, the output as
    it was (printkit.write)."""
    def decorate(command: Command) -> Command:
        shared = {name: parameters(group) for name, group in groups.items()}
        own = parameters(command, skip={*groups, *GIVEN})
        given = [name for name in GIVEN if name in inspect.signature(command).parameters]

        @functools.wraps(command)
        def run(ctx: typer.Context, **values: Any) -> None:
            _ = speaking(ctx)
            try:
                if ctx.meta.get(PROBLEMS):  # of printkit.toml's [defaults]
                    raise PrintkitError(sorted(set(ctx.meta[PROBLEMS])))
                made = {name: groups[name](**{p.name: values.pop(p.name) for p in params})
                        for name, params in shared.items()}
                request = made.get("request")
                implied = getattr(request, "implied", None)
                if implied is not None and made.get("level", 0) >= 0:
                    typer.echo(default_note(implied, getattr(request, "game", ""), _),
                               err=True)
                told = {"words": _, "ui_lang": terminal_code(ctx)}
                command(**values, **made, **{name: told[name] for name in given})
            except PrintkitError as exc:
                fail(exc, outcome, _)
            except KeyboardInterrupt:
                interrupted(_)

        context = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY,
                                    annotation=typer.Context)
        first = [p for name, ps in shared.items() if name != "level" for p in ps]
        every = [context, *(p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
                            for p in (*first, *own, *shared.get("level", ())))]
        # typer reads the command's options from its signature and annotations
        run.__signature__ = inspect.Signature(every)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in every}
        return run

    return decorate


def parameters(function: Callable[..., Any], skip: set[str] | None = None
               ) -> list[inspect.Parameter]:
    """A function's parameters but those named in `skip` (the values a command receives
    from its groups), their annotations read: typer needs them so."""
    if skip is None:  # an option group: read once, though most commands use it
        return list(_read_parameters(function))
    names = getattr(function, "__globals__", {})
    return [p.replace(annotation=eval(p.annotation, names) if isinstance(p.annotation, str)
                      else p.annotation)
            for p in inspect.signature(function).parameters.values()
            if p.name not in skip]


@functools.cache
def _read_parameters(function: Callable[..., Any]) -> tuple[inspect.Parameter, ...]:
    return tuple(parameters(function, set()))


def but(group: Callable[..., Any], **changed: tuple[Any, Any]) -> Callable[..., Any]:
    """A group with some of its options declared otherwise: name=(annotation, default)."""
    def changed_group(**values: Any) -> Any:
        return group(**values)

    params = [p.replace(annotation=changed[p.name][0], default=changed[p.name][1])
              if p.name in changed else p for p in parameters(group)]
    changed_group.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    return changed_group
