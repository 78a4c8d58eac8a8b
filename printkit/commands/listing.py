"""`printkit list`: every game with its title, system and languages, and whose it is."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.localise.catalog import Labels
from printkit.resources import builtin, find_game, list_games


@dataclass(frozen=True)
class Entry:
    """One game as `list` shows it; `problem` when it cannot be read."""

    name: str
    own: bool  # in the user's data folder (else built in)
    replaces: bool  # the user's game of the name of a built-in one
    title: str = ""
    system: str = ""
    languages: tuple[str, ...] = ()
    problem: str = ""  # why it cannot be found
    unreadable: bool = False  # its game.toml or text cannot be read: check says why

    def said(self, _: Labels) -> str:
        """The game's line, in the terminal's language."""
        whose = _("your own, in place of the built-in") if self.replaces else \
            _("your own") if self.own else _("built in")
        if self.problem or self.unreadable:
            why = self.problem or _("printkit check {game} says why", game=self.name)
            return f"{self.name}  ({whose}): " + _("cannot be read: {problem}", problem=why)
        return (f"{self.name}  {self.title} · {self.system} · {', '.join(self.languages)}"
                f"  ({whose})")


def entries(data: Path | None) -> list[Entry]:
    """Every game found, the user's and the built-in ones, by name."""
    builtin_names = {p.parent.name for p in builtin("data").glob("*/game.toml")}
    return [entry(name, data, name in builtin_names) for name in list_games(data)]


def entry(name: str, data: Path | None, is_builtin: bool) -> Entry:
    try:
        folder = find_game(name, data)
    except PrintkitError as exc:
        return Entry(name, True, is_builtin, problem=str(exc))
    own = folder.resolve().parent != builtin("data").resolve()
    try:
        game = tomllib.loads((folder / "game.toml").read_text("utf-8-sig")).get("game", {})
        source = str(game.get("source_language", ""))
        text = folder / "text" / f"{source}.toml"
        title = tomllib.loads(text.read_text("utf-8-sig")).get("game", {}).get("title", "")
        return Entry(name, own, own and is_builtin, str(title), str(game.get("system", "")),
                     tuple(str(c) for c in game.get("languages", [])))
    except (OSError, ValueError, AttributeError):  # tomllib's errors are ValueErrors
        return Entry(name, own, own and is_builtin, unreadable=True)
