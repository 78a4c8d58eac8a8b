"""What the user sees of the command line itself, in the terminal's language: the help
screens (each with an example), the usage errors, and each command's option defaults
taken from printkit.toml's [defaults] (shown in its help as well).

Help texts are declared in English, marked with N_ (printkit.localise.catalog), and put
into words when a screen is shown; typer's and Click's own fixed words on a help screen
(Usage, Options, [default: …], the --help option's text) are replaced by printkit's, and so
are the frame and the commonest sentences of a usage error. A problem of [defaults] is
kept until the command runs, which reports it with every other (printkit.commands.shell).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from typer._click import Context
from typer.core import TyperCommand, TyperGroup

from printkit.commands.language import code_of, from_locale, words
from printkit.config import defaults_tables, given_ui_lang
from printkit.errors import Problem
from printkit.localise.catalog import N_, Labels

UI_LANG = "printkit.ui_lang"  # the context's meta: the language --ui-lang asked for
CONFIGURED = "printkit.configured"  # that of [defaults] ui_lang ("" for none)
PROBLEMS = "printkit.defaults"  # the problems of [defaults], reported when a command runs
# what typer and Click write on a help screen, in printkit's catalogs
FIXED = (N_("Show this message and exit."), N_("Install completion for the current shell."),
         N_("Show completion for the current shell, to copy it or customize the "
            "installation."))


def speaking(ctx: Context) -> Labels:
    """The terminal's words: --ui-lang, else [defaults] ui_lang, else the locale's, else
    English (printkit.commands.language)."""
    return words(terminal_code(ctx))


def chosen_ui_lang(ctx: typer.Context, value: str) -> str:
    """--ui-lang, checked and kept for every command (it comes before them)."""
    if value:
        code = code_of(value)
        if code is None:
            from printkit.commands.language import choices

            raise typer.BadParameter(f"{value!r}: choose {choices()}")
        ctx.meta[UI_LANG] = code
    return value


def terminal_code(ctx: Context) -> str:
    meta = ctx.meta
    if meta.get(UI_LANG):
        return str(meta[UI_LANG])
    if CONFIGURED not in meta:  # the main help screen: no command has read [defaults]
        meta[CONFIGURED] = code_of(given_ui_lang()) or ""
    return str(meta[CONFIGURED]) or from_locale(os.environ)


class Command(TyperCommand):
    """A printkit command: its help in the terminal's language and its defaults from
    printkit.toml."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.default_map = {**(ctx.default_map or {}), **self.configured(ctx, args)}
        return super().parse_args(ctx, args)

    def configured(self, ctx: Context, args: list[str]) -> dict[str, Any]:
        """This command's options as [defaults] sets them (read from --config FILE if the
        arguments give one); its problems and ui_lang kept for the command."""
        config = config_given(args)
        if not defaults_tables(config):
            return {}
        from printkit.load.printing import read_defaults  # only when there are defaults

        values, problems = read_defaults(config)
        if "ui_lang" in values:
            text, where = values.pop("ui_lang")
            ctx.meta[CONFIGURED] = code_of(text) or ""
            if not ctx.meta[CONFIGURED]:
                from printkit.commands.language import choices

                problems.append(Problem(where, f"'{text}' is not a language printkit "
                                        f"speaks; choose {choices()}"))
        ctx.meta.setdefault(PROBLEMS, []).extend(problems)
        # a key of [defaults] is the name of the options' parameter (an option of another
        # meaning has another: new's --lang is `keep`, translated's `languages`)
        return {p.name: shaped(values[p.name][0], p.multiple) for p in self.params
                if p.name in values}

    def format_usage(self, ctx: Context, formatter: Any) -> None:
        _ = speaking(ctx)
        formatter.write_usage(ctx.command_path, " ".join(usage(self, ctx, _)), _("Usage: "))

    def format_help(self, ctx: Context, formatter: Any) -> None:
        _ = speaking(ctx)
        with said(self.get_params(ctx), _):
            self.format_usage(ctx, formatter)
            if self.help:
                formatter.write_paragraph()
                with formatter.indentation():
                    formatter.write_text(_(self.help))
            write_options(self, ctx, formatter, _)
            write_example(self.epilog, formatter, _)


class Group(TyperGroup):
    """printkit itself: the commands in the terminal's language, and its usage errors."""

    def format_usage(self, ctx: Context, formatter: Any) -> None:
        Command.format_usage(self, ctx, formatter)  # type: ignore[arg-type]

    def format_help(self, ctx: Context, formatter: Any) -> None:
        Command.format_help(self, ctx, formatter)  # type: ignore[arg-type]

    def format_commands(self, ctx: Context, formatter: Any) -> None:
        from typer._click.utils import make_default_short_help

        _ = speaking(ctx)
        rows = [(name, make_default_short_help(_(command.help or ""), 60))
                for name, command in self.commands.items() if not command.hidden]
        with formatter.section(_("Available commands")):
            formatter.write_dl(rows)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """As typer's, but a usage error is said in the terminal's language."""
        from typer._click.exceptions import ClickException, NoArgsIsHelpError

        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except ClickException as exc:
            show_error(exc)
            sys.exit(exc.exit_code)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def config_given(args: list[str]) -> Path | None:
    """The value of --config among a command's arguments, if any."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--config" and i + 1 < len(args):
            return Path(args[i + 1])
        if arg.startswith("--config="):
            return Path(arg.removeprefix("--config="))
    return None


def shaped(value: Any, multiple: bool) -> Any:
    """A value of [defaults] as an option takes it: a list for a repeatable option, the
    first of a list for one that takes one value."""
    if multiple:
        return list(value) if isinstance(value, tuple) else [value]
    return value[0] if isinstance(value, tuple) else value


@contextmanager
def said(params: list[Any], _: Labels) -> Iterator[None]:
    """The parameters' help texts and names of values (metavars) in the terminal's
    language while a help screen is written."""
    kept = [(p, p.help, p.metavar) for p in params]
    for p in params:
        p.help = _(p.help) if p.help else p.help
        p.metavar = _(p.metavar) if p.metavar else p.metavar
    try:
        yield
    finally:
        for p, text, metavar in kept:
            p.help, p.metavar = text, metavar


def usage(command: Any, ctx: Context, _: Labels) -> list[str]:
    """The usage line's pieces: [OPTIONS], then each argument as NAME, [NAME] or NAME..."""
    pieces = [_("[OPTIONS]")]
    for p in command.params:
        if p.param_type_name != "argument":
            continue
        name = _(p.metavar) if p.metavar else p.name.upper()
        name += "..." if p.nargs != 1 else ""
        pieces.append(name if p.required else f"[{name}]")
    if isinstance(command, TyperGroup):
        pieces.append(_("COMMAND [ARGS]..."))
    return pieces


def write_options(command: Any, ctx: Context, formatter: Any, _: Labels) -> None:
    """The arguments and options, each with its help and default."""
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for p in command.get_params(ctx):
        record = p.get_help_record(ctx)
        if record is None:
            continue
        if p.param_type_name == "argument":
            name = p.metavar or p.name.upper()
            record = (name + ("..." if p.nargs != 1 else ""), record[1])
        record = (record[0], bracketed(record[1], _))
        (arguments if p.param_type_name == "argument" else options).append(record)
    for title, rows in ((_("Arguments"), arguments), (_("Options"), options)):
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)
    if isinstance(command, TyperGroup):
        command.format_commands(ctx, formatter)


def bracketed(text: str, _: Labels) -> str:
    """A help text's trailing [default: …; required] in the terminal's language."""
    found = re.search(r"\[([^\[\]]*)\]$", text)
    if found is None:
        return text
    parts = [(_("default: {value}", value=part.removeprefix("default: "))
              if part.startswith("default: ") else _("required") if part == "required"
              else part) for part in found[1].split("; ")]
    return text[:found.start()] + "[" + "; ".join(parts) + "]"


def write_example(example: str | None, formatter: Any, _: Labels) -> None:
    if example:
        with formatter.section(_("Example")):
            formatter.write(f"{' ' * formatter.current_indent}{example}\n")


def show_error(exc: Any) -> None:
    """A usage error as Click shows one, its frame and commonest sentences in the
    terminal's language (the value a type refused is said as the type says it)."""
    from typer._click.exceptions import UsageError

    ctx = getattr(exc, "ctx", None)
    _ = speaking(ctx) if ctx is not None else words(from_locale(os.environ))
    if isinstance(exc, UsageError) and ctx is not None:
        typer.echo(ctx.get_usage(), err=True)
        typer.echo(_("Try '{command}' for help.", command=f"{ctx.command_path} "
                     f"{ctx.help_option_names[0]}") + "\n", err=True)
    typer.echo(_("error: {problem}", problem=usage_problem(exc, _)), err=True)


def usage_problem(exc: Any, _: Labels) -> str:
    """What a usage error says, in words of the terminal's language where printkit knows
    the sentence."""
    from typer._click.exceptions import BadParameter, MissingParameter, NoSuchOption

    if isinstance(exc, NoSuchOption):
        said_ = _("no such option: {option}", option=exc.option_name)
        if exc.possibilities:
            said_ += " " + _("(did you mean {options}?)",
                             options=", ".join(sorted(exc.possibilities)))
        return said_
    if isinstance(exc, MissingParameter) and exc.param is not None:
        name = exc.param.metavar or exc.param.name.upper() if \
            exc.param.param_type_name == "argument" else exc.param.opts[0]
        return _("{name} is missing", name=_(name))
    if isinstance(exc, BadParameter) and exc.param is not None:
        return _("invalid value for {option}: {problem}", option="/".join(exc.param.opts),
                 problem=exc.message)
    found = re.fullmatch(r"No such command '(.*)'\.(?: Did you mean (.*)\?)?", exc.message)
    if found:
        return _("no such command: {command}", command=found[1]) + (
            " " + _("(did you mean {options}?)", options=found[2]) if found[2] else "")
    return str(exc.format_message())
