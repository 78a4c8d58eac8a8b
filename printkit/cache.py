"""What a build keeps on disk between runs: a game loaded, validated and localised.

An entry is keyed by everything that goes into it: printkit itself (its version and the
size and time of each of its files, so that an edited checkout never reads an old entry),
the Python version, the game folder's path and the content of every file in it, and the
choices of the build that the texts depend on (languages, products, --allow-missing) and
the working folder (paths in texts and problems are shown from there). Only a build
that succeeded is stored, so a game with problems is loaded afresh each time and reports
them all.

Beside an entry, each request's options settled for its game (print settings and theme:
printkit.plan) are kept too, keyed by the entry, the request's options and the places the
user's print settings files may be; they are used only while each of those files has the
size and time of change it had (or is still absent), and kept only when none of them
changed in the last two seconds (a file saved again within the same tick of its clock
would look unchanged). The theme's fonts and pictures lie in the game folder.

The folder is $PRINTKIT_CACHE_DIR, else $XDG_CACHE_HOME/printkit, else ~/.cache/printkit;
PRINTKIT_CACHE=off turns the cache off. A cache that cannot be read or written is simply
not used; only regular files in it are read or removed (a pipe is never waited on, a
folder never stops pruning). The newest MAX_ENTRIES entries are kept, at most
MAX_CACHE_BYTES of them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printkit import __version__
from printkit.files import open_regular
from printkit.resources import builtin

if TYPE_CHECKING:
    from collections.abc import Iterable

    from printkit.load.tables import Toml
    from printkit.localise.kit import Kit
    from printkit.model import GameInfo
    from printkit.options import Resolved

PACKAGE = Path(__file__).resolve().parent
MAX_ENTRIES = 32
MAX_CACHE_BYTES = 256 * 2**20  # the entries together (a 10 000-card deck's is a few MB)
MAX_FILES = 2_000  # a game folder with more files, or more bytes, is not cached
MAX_BYTES = 256 * 2**20
SUFFIX = ".pickle"
SETTLED = ".settled"  # a request's options, settled (see `read_settled`)
RACY = 2 * 10**9  # ns: a file changed this recently may change again unseen (same time)


@dataclass(frozen=True)
class Prepared:
    """A game as the build stages before layout leave it: what every game has, its
    game.toml, the languages asked for, its products and one kit per language."""

    game: GameInfo
    manifest: Toml  # its game.toml as read (print settings and theme are read from it)
    codes: tuple[str, ...]
    products: tuple[str, ...]
    kits: tuple[Kit, ...]


def folder() -> Path | None:
    """Where entries are kept; None when the cache is turned off."""
    if os.environ.get("PRINTKIT_CACHE", "").strip().lower() in ("off", "0", "no"):
        return None
    given = os.environ.get("PRINTKIT_CACHE_DIR") or ""
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(base) if base else Path.home() / ".cache") / "printkit"


def key(game_folder: Path, choices: tuple[object, ...]) -> str | None:
    """The entry name for a game folder and the build's choices; None when the folder
    holds anything but plain files and folders, or more than the cache reads (the build
    then loads the game, and reports what is wrong with it)."""
    try:
        files = _files(game_folder)
    except OSError:
        return None
    if files is None:
        return None
    digest = hashlib.sha256()  # the folder as named and the working folder: the paths
    # that texts and problems show depend on both
    digest.update(repr((__version__, sys.version, str(game_folder), os.getcwd(),
                        choices)).encode())
    digest.update(_package_stamp())
    try:
        for path in files:
            digest.update(f"\0{path.relative_to(game_folder).as_posix()}\0".encode())
            with open(path, "rb") as file:
                while chunk := file.read(1 << 20):
                    digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _files(root: Path) -> list[Path] | None:
    """Every file under root, in a fixed order; None if an entry is neither a plain file
    nor a folder (a link, a pipe: reading one could wait for ever), or the files are more
    than MAX_FILES or MAX_BYTES."""
    found: list[Path] = []
    size = 0
    todo = [root]
    while todo:
        try:
            entries = sorted(os.scandir(todo.pop()), key=lambda e: e.name, reverse=True)
        except OSError:
            return None
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                todo.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                found.append(Path(entry.path))
                size += entry.stat(follow_symlinks=False).st_size
            else:
                return None
            if len(found) + len(todo) > MAX_FILES or size > MAX_BYTES:
                return None
    return sorted(found)


def _package_stamp() -> bytes:
    """printkit's own files (its code and built-in label catalogs and languages), by
    name, size and time of change."""
    stamp = []
    for root in (PACKAGE, builtin("templates")):
        for top, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                info = os.stat(os.path.join(top, name))
                stamp.append(f"{top}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(stamp).encode()


def read(name: str | None) -> Prepared | None:
    """The entry, if there is a good one (a regular file: a pipe is never waited on)."""
    found = _loaded(name, SUFFIX)
    return found if isinstance(found, Prepared) else None


def store(name: str | None, prepared: Prepared) -> None:
    """Keep an entry (atomically), dropping the oldest beyond what is kept."""
    _kept(name, SUFFIX, prepared)


Stamp = tuple[str, int, int]  # a file, its size and its time of change (-1, -1: absent)


def stamp(path: Path) -> Stamp:
    try:
        info = path.stat()
    except OSError:
        return str(path), -1, -1
    return str(path), info.st_size, info.st_mtime_ns


def settled_key(name: str | None, choices: tuple[object, ...]) -> str | None:
    """The name of the options a request settles for the game of entry `name`."""
    if name is None:
        return None
    return hashlib.sha256(repr((name, choices)).encode()).hexdigest()


def read_settled(name: str | None) -> Resolved | None:
    """The options kept under `name`, if every file they were read from (the user's print
    settings files) is as it was then."""
    found = _loaded(name, SETTLED)
    if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], tuple)):
        return None
    files, options = found
    return options if all(stamp(Path(file[0])) == file for file in files) else None


def store_settled(name: str | None, options: Resolved, files: Iterable[Path]) -> None:
    """Keep a request's options with the files they were read from, unless one of those
    changed so recently that it could change again without its time of change showing."""
    import time

    stamps = tuple(stamp(path) for path in files)
    if any(when > time.time_ns() - RACY for _, _, when in stamps):
        return
    _kept(name, SETTLED, (stamps, options))


def _loaded(name: str | None, suffix: str) -> object:
    where = folder()
    if where is None or name is None:
        return None
    path = where / f"{name}{suffix}"
    opened = open_regular(path, MAX_CACHE_BYTES)
    if isinstance(opened, str):  # missing, or not a file the cache wrote
        return None
    try:
        with opened:
            found = pickle.load(opened)
        os.utime(path)  # the newest entries are kept
    except Exception:  # an old or damaged entry is rebuilt
        return None
    return found


def _kept(name: str | None, suffix: str, value: object) -> None:
    where = folder()
    if where is None or name is None:
        return
    import tempfile  # only when an entry is written

    try:
        where.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=where, suffix=".tmp", delete=False) as file:
            try:
                pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException:
                os.unlink(file.name)
                raise
        os.replace(file.name, where / f"{name}{suffix}")
        _prune(where)
    except OSError:
        return


def _prune(where: Path) -> None:
    """Keep the newest entries: at most MAX_ENTRIES of games and as many of settled
    options, together at most MAX_CACHE_BYTES; and drop what a writer stopped mid-way left
    (a temporary file over an hour old). Only regular files are looked at: anything else
    (a folder, a pipe) is left alone, and one that cannot be removed does not stop the
    rest."""
    import stat
    import time

    entries: dict[str, list[tuple[os.stat_result, str]]] = {SUFFIX: [], SETTLED: []}
    with os.scandir(where) as found:
        for entry in found:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            if entry.name.endswith(".tmp") and info.st_mtime < time.time() - 3600:
                _remove(entry.path)
            elif entry.name.endswith((SUFFIX, SETTLED)):
                entries[SUFFIX if entry.name.endswith(SUFFIX) else SETTLED].append(
                    (info, entry.path))
    size = 0
    for kind in entries.values():
        kind.sort(key=lambda kept: kept[0].st_mtime_ns, reverse=True)
        for kept, (info, path) in enumerate(kind, 1):
            size += info.st_size
            if kept > MAX_ENTRIES or (kept > 1 and size > MAX_CACHE_BYTES):
                _remove(path)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
