"""The output journal: what a build is about to change in its output folder, so that the next
build can put the previous files back if this one is killed while renaming.

A journal (`.printkit-journal.<id>.json`, `<id>` the build's random id) lists each file
the build replaces by its path inside the output folder, the SHA-256 of its new content and
whether an old file was there (kept under a second name beside it). Its own checksum covers
the id and the list. The temporary name (`.<name>.<id>.tmp`) and the second name
(`.<name>.<id>.old.tmp`) of each file are made from its name and the id, so a journal names
nothing but files in the output folder.

A journal is acted on only under the output folder's lock (see printkit.write), so its
build is gone. Recovery trusts nothing in it: each path must lie inside the output folder
(links followed) and be a file or nothing; a file is put back (or removed, if it was new)
only if it holds exactly the content the journal says the build wrote. A journal that
cannot be read, or names anything else, is a problem naming it, and nothing is touched.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError, Problem, Where

NAME = re.compile(r"^\.printkit-journal\.([0-9a-f]{12})\.json$")
TEMP = re.compile(r"^\..+\.[0-9a-f]{12}(\.old)?\.tmp$")  # temp_name, old_name
PATTERN = ".printkit-journal.*.json"
FORMAT = "printkit journal 1"
MAX_BYTES = 4 * 2**20  # a journal lists a build's files: a few KB
MAX_FILES = 100_000
HEX = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class Entry:
    """One file of a build's set: its path inside the output folder (`/`-separated), the
    SHA-256 of the new content, and whether an old file was there."""

    path: str
    digest: str
    had_old: bool


def temp_name(target: Path, token: str) -> Path:
    """Where a build writes a file's new content before the rename."""
    return target.with_name(f".{target.name}.{token}.tmp")


def old_name(target: Path, token: str) -> Path:
    """The second name that keeps the old file until the set is whole."""
    return target.with_name(f".{target.name}.{token}.old.tmp")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def journal_path(root: Path, token: str) -> Path:
    return root / f".printkit-journal.{token}.json"


def encode(token: str, entries: Sequence[Entry]) -> bytes:
    """The journal's bytes."""
    files = [[e.path, e.digest, e.had_old] for e in entries]
    return json.dumps({"format": FORMAT, "id": token, "files": files,
                       "checksum": _checksum(token, files)}).encode("utf-8")


def _checksum(token: str, files: list[list[object]]) -> str:
    return digest(json.dumps([token, files]).encode("utf-8"))


class UnusableError(Exception):
    """Why a journal cannot be acted on."""


def recover(root: Path) -> int:
    """Put back the previous set of every build into root that was stopped while renaming
    (call it holding root's lock); the number of journals acted on. A journal that cannot
    be trusted is a PrintkitError naming it (nothing is touched)."""
    plans: list[tuple[Path, str, list[Entry]]] = []
    problems: list[Problem] = []
    for path in sorted(root.glob(PATTERN)):
        try:
            token, entries = read(path, root)
        except UnusableError as exc:
            problems.append(Problem(Where(_shown(path)), f"{exc}; this is not a journal of a "
                                    "build printkit can finish: delete it, then build again"))
            continue
        plans.append((path, token, entries))
    if problems:
        raise PrintkitError(problems)
    for path, token, entries in plans:
        for entry in entries:
            _put_back(root / entry.path, token, entry)
        path.unlink()
    return len(plans)


def read(path: Path, root: Path) -> tuple[str, list[Entry]]:
    """The id and entries of a journal, checked (see the module); UnusableError if not."""
    match = NAME.match(path.name)
    if not match:
        raise UnusableError("its name is not one printkit gives a journal")
    data = _bytes(path)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # 100 000 '[' nest too deep
        raise UnusableError(f"it cannot be read ({type(exc).__name__})") from None
    if not isinstance(doc, dict) or set(doc) != {"format", "id", "files", "checksum"} \
            or doc["format"] != FORMAT or doc["id"] != match.group(1):
        raise UnusableError("it is not in printkit's journal format")
    files = doc["files"]
    if not isinstance(files, list) or len(files) > MAX_FILES or \
            doc["checksum"] != _checksum(doc["id"], files):
        raise UnusableError("its checksum does not match its content")
    entries = [_entry(item, root) for item in files]
    return doc["id"], entries


def _bytes(path: Path) -> bytes:
    """The journal's content: a regular file (not a link, folder or pipe) of bounded size."""
    try:
        info = os.lstat(path)
        if stat.S_ISDIR(info.st_mode):
            raise UnusableError("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UnusableError("it is not a regular file (a link, a pipe or a device)")
        if info.st_size > MAX_BYTES:
            raise UnusableError(f"it is larger than {MAX_BYTES // 2**20} MB")
        with open(path, "rb") as file:
            return file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise UnusableError(f"it cannot be read ({exc.strerror or exc})") from None


def _entry(item: object, root: Path) -> Entry:
    """One checked entry: a relative path that stays inside root and is a file or
    nothing, a SHA-256 and a flag."""
    if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
            and isinstance(item[1], str) and HEX.match(item[1]) and isinstance(item[2], bool)):
        raise UnusableError("an entry is not in printkit's journal format")
    name = item[0]
    parts = name.split("/")
    if not name or any(p in ("", ".", "..") or "\\" in p or ":" in p or "\0" in p
                       for p in parts):
        raise UnusableError(f"it names '{name}', which is not a path inside the output folder")
    target = root.joinpath(*parts)
    if not _inside(target, root):
        raise UnusableError(f"it names '{name}', which lies outside the output folder "
                       f"{_shown(root)}")
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return Entry(name, item[1], item[2])
    except OSError as exc:
        raise UnusableError(f"it names '{name}', which cannot be looked at "
                       f"({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a file"
        raise UnusableError(f"it names '{name}', which is {kind}")
    return Entry(name, item[1], item[2])


def _put_back(target: Path, token: str, entry: Entry) -> None:
    """Undo one file's change if it was made: its new content goes, its old one (if any)
    comes back. A file that holds anything but what the build wrote is left as it is."""
    temp, old = temp_name(target, token), old_name(target, token)
    if _regular(temp):
        temp.unlink()  # not renamed: the target is as it was
    elif entry.had_old and not os.path.lexists(target) and _regular(old):
        os.replace(old, target)  # a file the build removed (or that went): it comes back
    elif _holds(target, entry.digest):
        if not entry.had_old:
            target.unlink()
        elif _regular(old):
            os.replace(old, target)
    if _regular(old):
        old.unlink()


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _holds(path: Path, expected: str) -> bool:
    """Whether path is a regular file whose content has the SHA-256 `expected`."""
    if not _regular(path):
        return False
    found = hashlib.sha256()
    try:
        with open(path, "rb") as file:
            while chunk := file.read(1 << 20):
                found.update(chunk)
    except OSError:
        return False
    return found.hexdigest() == expected


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
