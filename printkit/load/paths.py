"""Files read from a game folder stay inside it: no symbolic links out.

A game folder is shared between people and so is untrusted. Every file printkit reads from
it has one of the format's fixed names, or is a money game's deck (decks/<id>.toml, whose
name must be an id: no `..`, no absolute path); a link that leads out of the folder is
refused before anything is read, so a game cannot make printkit read (and print) other
files.
"""

from __future__ import annotations

import os
from pathlib import Path

from printkit.errors import Problems


def inside(path: Path, root: Path) -> bool:
    """True if path, with every link followed, lies in root (or is root)."""
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):  # outside, unreadable, or a link loop
        return False
    return True


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
