"""`printkit new`, `printkit translated` and `printkit list`: a game of one's own started,
its translations recorded, the games listed, each said in the terminal's language."""

from __future__ import annotations

from pathlib import Path

import typer

from printkit.errors import display_path
from printkit.localise.catalog import Labels


def new_copy(name: str, source: str, data: Path | None, keep: list[str], tables: str,
             level: int, _: Labels) -> None:
    """Copy game `source` as `name` (printkit.commands.scaffold) and say what to do next."""
    from printkit.commands.scaffold import new_game

    folder, codes = new_game(name, source, data, keep, tables)
    if level < 0:
        return
    where = f" --data {data}" if data is not None else ""
    typer.echo(_("{folder}: a copy of {game} in {langs}, every field explained in its "
                 "files.", folder=display_path(folder, None), game=source,
                 langs=", ".join(codes)))
    typer.echo(_("Edit it, then run: {commands}", commands=f"printkit check {name}{where} && "
                 f"printkit build {name}{where}"))
    typer.echo(_("build writes {lang}, the game's source language.", lang=codes[0]) if not
               codes[1:] else _("build writes {lang}, the game's source language (--lang all "
                                "adds {others}).", lang=codes[0], others=", ".join(codes[1:])))


def record(game: str, langs: list[str], data: Path | None, level: int, _: Labels) -> None:
    """Record a game's translations as written for its source texts as they are now."""
    from printkit.cli_options import chosen_game
    from printkit.commands.shell import default_note
    from printkit.commands.translated import record_translations
    from printkit.plan import codes_of, read, setup
    from printkit.resources import find_game

    name, implied = chosen_game(game, data)
    if implied is not None and level >= 0:
        typer.echo(default_note(implied, name, _), err=True)
    source = read(setup(find_game(name, data), langs))
    codes = list(codes_of(source)) if langs else list(source.game.languages)
    path = record_translations(source.game, codes)
    if level >= 0:
        typer.echo(_("{file}: the texts of {langs} are recorded as written for {source} as "
                     "it is now.", file=display_path(path, None), langs=", ".join(codes),
                     source=f"text/{source.game.source_language}.toml"))


def list_games(data: Path | None, level: int, _: Labels) -> None:
    """Every game (-q: only their names) and, unless -q, the languages."""
    from printkit.commands.listing import entries
    from printkit.localise.languages import load_languages

    for entry in entries(data):
        typer.echo(entry.name if level < 0 else entry.said(_))
    if level >= 0:
        languages = load_languages()
        typer.echo(_("languages: {langs}", langs=", ".join(
            f"{c} ({lang.name})" for c, lang in sorted(languages.items()))))
