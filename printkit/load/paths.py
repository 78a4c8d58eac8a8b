"""Paths a game names stay inside its folder: no `..`, no absolute paths, no links out.

A game folder is shared between people and so is untrusted. Every file printkit reads from
it is either one of the format's fixed names or a path written in the data; both must
resolve inside the folder, so a game cannot make printkit read (and print) other files.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath, PureWindowsPath

from printkit.errors import Problems, Where


def inside(path: Path, root: Path) -> bool:
    """True if path, with every link followed, lies in root (or is root)."""
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):  # outside, unreadable, or a link loop
        return False
    return True


def game_path(folder: Path, name: str, where: Where, problems: Problems) -> Path | None:
    """folder/name for a path the game names, or None and a located problem.

    Refused: empty names, absolute paths (also Windows ones such as C:\\x), any `..`
    part, and names that reach outside the folder through a symbolic link.
    """
    text = str(name).strip()
    windows = PureWindowsPath(text)
    relative = PurePosixPath(text.replace("\\", "/"))
    if not text:
        problems.add(where, "empty path; name a file inside the game folder, e.g. "
                     "images/logo.png")
    elif relative.is_absolute() or windows.drive or windows.root:
        problems.add(where, f"'{text}' is an absolute path; name a file inside the game folder"
                     ", relative to it, e.g. images/logo.png")
    elif ".." in relative.parts:
        problems.add(where, f"'{text}' uses '..' to leave the game folder; name a file inside"
                     " it")
    elif not inside(folder / relative, folder):
        problems.add(where, f"'{text}' is a link that leads out of the game folder; copy the"
                     " file into the folder instead")
    else:
        return folder / relative
    return None


def check_links(folder: Path, problems: Problems) -> None:
    """Report every symbolic link in the game folder that leads outside it (or nowhere).

    Links inside the folder (one text file sharing another's content) are fine. Linked
    folders are not entered, so a link loop cannot hang the walk.
    """
    for top, dirs, files in os.walk(folder):
        for name in sorted(dirs + files):
            path = Path(top) / name
            if path.is_symlink() and not inside(path, folder):
                problems.add(problems.where(path), "a link that leads out of the game folder;"
                             " copy the file into the folder instead")
        dirs[:] = [d for d in dirs if not (Path(top) / d).is_symlink()]
