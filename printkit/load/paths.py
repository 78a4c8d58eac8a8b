"""Files read from a game folder stay inside it: no symbolic links out.

A game folder is shared between people and so is untrusted. Every file printkit reads from
it has one of the format's fixed names, or is a money game's deck (decks/<id>.toml, whose
name must be an id: no `..`, no absolute path); a link that leads out of the folder is
refused before anything is read, so a game cannot make printkit read (and print) other
files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TypeGuard

from printkit.errors import Problems, Where


def inside(path: Path, root: Path) -> bool:
    """True if path, with every link followed, lies in root (or is root)."""
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):  # outside, unreadable, or a link loop
        return False
    return True


MAX_PATH = 200  # characters of a path a game gives (Windows allows 260 in all)


def names_a_file_inside(value: object, folder: Path, what: str, example: str, where: Where,
                        problems: Problems) -> TypeGuard[str]:
    """Whether `value` names the `what` (a font, a picture) by a path inside `folder`, like
    `example`; if not, a problem says so (the file itself is not looked at)."""
    if not isinstance(value, str) or not value.strip():
        problems.add(where, f"write the {what} as a path inside the game folder in quotes, "
                     f'e.g. "{example}"')
        return False
    if len(value) > MAX_PATH:
        problems.add(where, f"the path is {len(value)} characters long; name the {what} by a "
                     f'path of at most {MAX_PATH}, e.g. "{example}"')
        return False
    if any(ord(ch) < 32 for ch in value):
        problems.add(where, f"'{value}' holds a control character; name the {what} by its "
                     f'path, e.g. "{example}"')
        return False
    if Path(value).is_absolute() or not inside(folder / value, folder):
        problems.add(where, f"'{value}' is outside the game folder; copy the {what} into it"
                     " and name it by its path there")
        return False
    return True


MAX_DEPTH = 8  # folders walked inside the game folder (files are read from two: languages/nl/)


def check_links(folder: Path, problems: Problems) -> None:
    """Report every symbolic link in the game folder that leads outside it (or nowhere),
    and every folder in it that cannot be read.

    Links inside the folder (one text file sharing another's content) are fine. Linked
    folders are not entered, so a link loop cannot hang the walk; nor are folders nested
    more than MAX_DEPTH deep (no file printkit reads lies there).
    """
    for path, entry in walk(folder, problems):
        if entry.is_symlink() and not inside(path, folder):
            problems.add(problems.where(path), "a link that leads out of the game folder;"
                         " copy the file into the folder instead")


def walk(folder: Path, problems: Problems | None = None) -> Iterator[tuple[Path, os.DirEntry[str]]]:
    """Everything in folder, folders before their contents, in name order, links not
    followed, at most MAX_DEPTH folders deep (a loop, not a recursion: 1000 nested folders
    are no harder than one). A folder that cannot be read is a problem, if `problems`."""
    stack = [(folder, 0)]
    while stack:
        top, depth = stack.pop()
        try:
            with os.scandir(top) as found:
                entries = sorted(found, key=lambda e: e.name)
        except OSError as exc:
            if problems is not None:
                problems.add(problems.where(top), f"cannot read the folder ({exc.strerror})")
            continue
        for entry in entries:
            yield Path(entry.path), entry
        stack += reversed([(Path(e.path), depth + 1) for e in entries
                           if e.is_dir(follow_symlinks=False) and depth + 1 < MAX_DEPTH])
