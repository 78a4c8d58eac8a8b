"""Where built-in games, templates and fonts are, and how a game name becomes a folder.

Built-ins travel in the wheel under printkit/_builtin/; in a source checkout they are the
top-level data/ and templates/ folders. A data/ folder in the working directory (or
--data DIR) adds games or overrides built-in ones of the same name.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError, display_path

PACKAGE = Path(__file__).resolve().parent
FONTS = PACKAGE / "fonts"
DEFAULT_GAME = "spankopoly"
GAME_NAME_MAX = 64
GAME_NAME = re.compile(rf"[a-z0-9][a-z0-9_-]{{0,{GAME_NAME_MAX - 1}}}")  # also a folder name


def builtin(name: str) -> Path:
    """The built-in `data` or `templates` folder."""
    installed = PACKAGE / "_builtin" / name
    return installed if installed.is_dir() else PACKAGE.parent / name


def data_dirs(data: Path | None) -> list[Path]:
    """Folders searched for games, the user's first."""
    user = data if data is not None else Path.cwd() / "data"
    dirs = [user] if user.is_dir() else []
    if data is not None and not data.is_dir():
        raise PrintkitError(f"--data {data}: no such folder")
    if builtin("data").resolve() not in [d.resolve() for d in dirs]:
        dirs.append(builtin("data"))
    return dirs


@dataclass(frozen=True)
class Default:
    """Why a command given no GAME acts on the built-in default game: the data folder (as
    shown) and the games found there (none, or more than one)."""

    folder: str
    found: tuple[str, ...] = ()


def current_game(data: Path | None) -> tuple[str, Default | None]:
    """The game a command given no GAME acts on, and why when it is the built-in default
    (the terminal says so): the game of the working folder (its game.toml), else the only
    game of the data folder (--data, or ./data), else DEFAULT_GAME."""
    if is_game(Path.cwd()):
        return ".", None
    user = data if data is not None else Path.cwd() / "data"
    own = user.is_dir() and user.resolve() != builtin("data").resolve()  # not a checkout's
    found = sorted(p.parent.name for p in user.glob("*/game.toml")) if own else []
    if len(found) == 1:
        return found[0], None
    return DEFAULT_GAME, Default(display_path(user, None), tuple(found))


def find_game(name: str, data: Path | None) -> Path:
    """The folder of game `name` (a name under a data folder, or a path to a folder)."""
    as_path = Path(name)
    if is_game(as_path) or "/" in name:
        if not is_game(as_path):
            raise PrintkitError(f"{name}: not a game folder (it has no game.toml)")
        # the folder's name is the game's id and names its output folder: never '..'
        return as_path if as_path.name not in ("", "..") else as_path.resolve()
    if not GAME_NAME.fullmatch(name):
        raise PrintkitError(f"'{name}' is not a game name; use lower-case letters, digits,"
                            f" - and _ (at most {GAME_NAME_MAX} characters)")
    for folder in data_dirs(data):
        if is_game(folder / name):
            return folder / name
        broken = broken_game(folder / name)
        if broken:  # a user's copy that cannot be read: never fall back to a built-in game
            raise PrintkitError(broken)
    raise PrintkitError(f"no game '{name}'; available games: {', '.join(list_games(data))}")


def broken_game(folder: Path) -> str:
    """Why `folder`, which is there, is not a game ('' if it is not there, or is a game)."""
    if not os.path.lexists(folder):
        return ""
    shown = display_path(folder, None)
    if not folder.is_dir():
        return f"{shown}: not a game folder (a file or a broken link); a game is a folder " \
               "with game.toml"
    toml = folder / "game.toml"
    try:
        os.listdir(folder)
    except OSError as exc:
        return f"{shown}: cannot read the folder ({exc.strerror})"
    if not os.path.lexists(toml):
        return f"{display_path(toml, None)}: missing; a game folder needs its game.toml " \
               "(printkit new makes a complete copy of a game)"
    from printkit.files import file_problem  # (only when a game is read)

    why = file_problem(toml)
    return f"{display_path(toml, None)}: {why}" if why else ""


def is_game(folder: Path) -> bool:
    """True if `folder` holds a game.toml (False, not an error, for a name the file system
    refuses, such as one too long)."""
    try:
        return (folder / "game.toml").is_file()
    except OSError:
        return False


def list_games(data: Path | None) -> list[str]:
    """Names of every game found, the user's and the built-in ones."""
    names: set[str] = set()
    for folder in data_dirs(data):
        names.update(p.parent.name for p in folder.glob("*/game.toml"))
    return sorted(names)
