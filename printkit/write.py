"""Stage 7, write: put a build's files in place as one set, and only inside the output folder.

An output set is all old or all new:

1. every target is checked first (a target that is a folder stops the build before
   anything is written);
2. the build takes the output folder's lock (on `.printkit.lock`, removed again at the
   end; two builds into one folder take turns) and finishes what a build stopped mid-way
   left (printkit.journal);
3. every file is written in full to a temporary name beside its target
   (`.<name>.<id>.tmp`, `<id>` the build's random id) and synced;
4. a journal (`.printkit-journal.<id>.json`) lists what is about to change, and each old
   file gets a second name (a hard link, `.<name>.<id>.old.tmp`);
5. the temporary files are renamed over the targets, Ctrl-C held back until the last;
6. the journal and the second names are removed, and the lock is let go.

If a rename fails, the renames done are undone from the second names, so the previous set
is back. A build killed outright during step 5 leaves its journal; the next build into the
same folder puts the previous set back first. What is left in the folder while its lock is
free belongs to no running build: the system lets go of a lock when its process ends,
however it ends (a kill, a crash, a power cut), and no lock outlives a restart, so neither
a process id used again nor a process that has ended but not been waited for can make a
stopped build look alive.

The lock is the system's own (`lockf` on Linux and macOS, `msvcrt.locking` on Windows);
nothing here needs `fcntl` or `fork`.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import signal
import stat
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printkit import journal
from printkit.errors import PrintkitError, Problem, Where

LOCK = ".printkit.lock"
# A file's new content: its bytes, or a file already written in full on the output
# folder's file system (a preview's page picture), moved into place as it is.
Content = bytes | Path
_IN_PROCESS = threading.Lock()  # a lockf lock is the process's: its threads take turns here
_OWN: set[str] = set()  # this process's scratch folders (its own lockf locks never stop it)


@dataclass(frozen=True)
class Change:
    """One file of a set: its target, the temporary name of its new content, the SHA-256
    of that content, and the second name of the old file (None if there was none)."""

    target: Path
    temp: Path
    digest: str
    old: Path | None
    removed: bool = False  # the build removes the file (a product it no longer writes)


def inside(path: Path, root: Path) -> bool:
    """True if path (links followed) lies inside root."""
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


def _shown(path: Path) -> str:
    """The path as written (not resolved), relative to the working directory if inside."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def write_atomic(path: Path, data: Content) -> None:
    """Write one file atomically."""
    write_all([(path, data)], path.parent)


def _refuse(paths: list[Path], message: str) -> PrintkitError:
    return PrintkitError([Problem(Where(_shown(p)), message) for p in paths])


def write_all(files: Sequence[tuple[Path, Content]], root: Path,
              remove: tuple[Path, ...] = ()) -> None:
    """Write every file as one set, refusing any path outside root (the output folder);
    the files `remove` (of products the build no longer writes) go in the same set."""
    outside = [path for path, _ in files if not inside(path, root)] + \
        [path for path in remove if not inside(path, root)]
    if outside:
        raise _refuse(outside, f"refusing to write outside the output folder {_shown(root)}")
    taken = [path for path, _ in files if path.is_dir() or (path.exists()
                                                            and not path.is_file())]
    if taken:
        raise _refuse(taken, "a folder (or other non-file) is in the way of this file; "
                      "move it away")
    token = secrets.token_hex(6)
    changes: list[Change] = []
    path = root
    try:
        folders = sorted({p.parent for p, _ in files})
        for path in folders:
            path.mkdir(parents=True, exist_ok=True)
        with _locked(root):
            path = root
            journal.recover(root)
            for folder in {root, *folders}:
                remove_stale(folder)
            for path, data in files:
                changes.append(_write_temp(path, data, token))
            changes += [Change(path, journal.temp_name(path, token), journal.digest(b""),
                               None, removed=True) for path in remove if _regular(path)]
            _swap(changes, root, token)
            changes = []
    except OSError as exc:
        raise _refuse([path], f"cannot write the file ({exc.strerror or exc}); check "
                      "--out") from None
    finally:
        for change in changes:
            change.temp.unlink(missing_ok=True)


def remove_stale(folder: Path) -> None:
    """Remove what builds no longer running left in folder (call it holding the lock):
    temporary files and second names of files (a journal's are put back first)."""
    for left in folder.glob(".*.tmp"):
        if journal.TEMP.match(left.name) and _regular(left):
            left.unlink(missing_ok=True)


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _write_temp(path: Path, data: Content, token: str) -> Change:
    """data in a synced temporary file beside path (made with the permissions of a new
    file under the current umask; a file written beforehand is moved there)."""
    temp = journal.temp_name(path, token)
    if isinstance(data, Path):
        return Change(path, temp, _moved(data, temp), None)
    change = Change(path, temp, journal.digest(data), None)
    with open(temp, "xb") as file:
        try:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        except BaseException:
            file.close()
            temp.unlink(missing_ok=True)
            raise
    return change


def _moved(source: Path, temp: Path) -> str:
    """Sync a file written beforehand and move it to temp (copied where it lies on another
    file system); the SHA-256 of its content, read in blocks."""
    found = hashlib.sha256()
    with open(source, "rb+") as file:
        while block := file.read(1 << 20):
            found.update(block)
        os.fsync(file.fileno())
    try:
        os.link(source, temp)  # fails if temp exists, as "xb" does
    except OSError:
        shutil.copyfile(source, temp)
        with open(temp, "rb+") as file:
            os.fsync(file.fileno())
    source.unlink()
    return found.hexdigest()


@contextmanager
def scratch_folder(root: Path, kind: str) -> Iterator[Path]:
    """A hidden folder in root (`.printkit-<kind>.<id>`) for files made before their set
    is written, removed after. It is held by the lock on `.printkit-<kind>.<id>.lock`
    (taken before the folder is made, let go after it is removed), so one left by a
    process that ended without removing it (a kill) is removed by the next one made."""
    _remove_left(root, kind)
    while True:
        token = secrets.token_hex(6)
        lock = root / f".printkit-{kind}.{token}.lock"
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_EXCL
                     | getattr(os, "O_NOFOLLOW", 0), 0o666)
        _lock(fd)
        if _same_file(fd, lock):  # not removed as left over before it was locked
            break
        os.close(fd)
    folder = root / f".printkit-{kind}.{token}"
    _OWN.add(folder.name)
    try:
        folder.mkdir()
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        lock.unlink(missing_ok=True)
        os.close(fd)
        _OWN.discard(folder.name)


def _remove_left(root: Path, kind: str) -> None:
    """Remove the scratch folders of `kind` in root whose process has ended: their lock
    is free (or gone)."""
    for folder in root.glob(f".printkit-{kind}.*"):
        if folder.suffix == ".lock" or folder.name in _OWN or folder.is_symlink() \
                or not folder.is_dir():
            continue
        lock = folder.with_name(folder.name + ".lock")
        try:
            fd = os.open(lock, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
        except FileNotFoundError:
            shutil.rmtree(folder, ignore_errors=True)  # its lock is let go only after it
            continue
        except OSError:
            continue
        try:
            if _free(fd):
                shutil.rmtree(folder, ignore_errors=True)
                lock.unlink(missing_ok=True)
        finally:
            os.close(fd)


@contextmanager
def _locked(root: Path) -> Iterator[None]:
    """The output folder's lock, held until the block is done (see the module)."""
    path = root / LOCK
    with _IN_PROCESS:
        fd = _take(path)
        try:
            yield
        finally:
            _let_go(path, fd)


def _take(path: Path) -> int:
    """Wait for the lock on the file at path; its open descriptor. The file a build lets
    go of is removed (while still locked), so whoever waited on it tries again."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
        except OSError as exc:
            raise _refuse([path], f"cannot take the output folder's lock "
                          f"({exc.strerror or exc}); if it is a folder or a link, remove it"
                          ) from None
        try:
            _lock(fd)
            if _same_file(fd, path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        held, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


def _let_go(path: Path, fd: int) -> None:
    try:
        os.unlink(path)  # no file left behind (on Windows it stays while another waits)
    except OSError:
        pass
    finally:
        os.close(fd)  # lets go of the lock


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        """Wait for the lock on the file's first byte (LK_LOCK tries for 10 s)."""
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue

    def _free(fd: int) -> bool:
        """Whether no process holds the file's lock (it is taken if so)."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
else:
    def _lock(fd: int) -> None:
        """Wait for the whole file's POSIX lock (lockf; Ctrl-C ends the wait)."""
        os.lockf(fd, os.F_LOCK, 0)

    def _free(fd: int) -> bool:
        """Whether no process holds the file's lock (it is taken if so)."""
        try:
            os.lockf(fd, os.F_TLOCK, 0)
            return True
        except OSError:
            return False


@contextmanager
def _held_back() -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM wait until the block is done, then act."""
    caught: list[int] = []
    previous: dict[signal.Signals, Any] = {}

    def remember(signum: int, frame: Any) -> None:
        caught.append(signum)

    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, remember)
    except ValueError:  # not the main thread: signals go elsewhere anyway
        pass
    try:
        yield
    finally:
        for which, handler in previous.items():
            signal.signal(which, handler)
        for signum in caught[:1]:
            signal.raise_signal(signum)


def _swap(changes: list[Change], root: Path, token: str) -> None:
    """Rename the temporary files over their targets as one change (see the module)."""
    path = journal.journal_path(root, token)
    with _held_back():
        entries = [journal.Entry(c.target.relative_to(root).as_posix(), c.digest,
                                 c.target.is_file()) for c in changes]
        _write_journal(path, journal.encode(token, entries), token)
        changes = [replace(c, old=_second_name(c.target, token)) for c in changes]
        done: list[Change] = []
        try:
            for change in changes:
                if change.removed:
                    change.target.unlink()  # its second name keeps it until the set is whole
                else:
                    os.replace(change.temp, change.target)
                done.append(change)
        except OSError as exc:
            why = f"cannot write the file ({exc.strerror or exc}); check --out"
            try:
                _undo(done)
            except OSError:  # the journal stays: the next build puts the old files back
                raise _refuse([change.target], why + "; the previous files are put back by "
                              "the next build into this folder") from None
            _forget(path, changes)
            raise _refuse([change.target], why) from None
        for folder in {c.target.parent for c in changes}:
            _sync(folder)
        _forget(path, changes)


def _forget(path: Path, changes: list[Change]) -> None:
    """The change is whole (done or undone): remove its journal, then the old files."""
    path.unlink(missing_ok=True)
    for change in changes:
        if change.old is not None:
            change.old.unlink(missing_ok=True)


def _second_name(target: Path, token: str) -> Path | None:
    """A second name for the old file, so that it can be put back (None if there is
    none): a hard link, or a copy where the file system has no hard links (FAT)."""
    if not target.is_file():
        return None
    old = journal.old_name(target, token)
    try:
        os.link(target, old)
    except OSError:
        shutil.copyfile(target, old)
    return old


def _write_journal(path: Path, data: bytes, token: str) -> None:
    temp = _write_temp(path, data, token).temp
    os.replace(temp, path)
    _sync(path.parent)


def _undo(done: list[Change]) -> None:
    """Put the old files of the changes done back (a new file that had none is removed)."""
    for change in reversed(done):
        if change.old is not None:
            os.replace(change.old, change.target)
        else:
            change.target.unlink(missing_ok=True)


def recover(root: Path) -> int:
    """Put back the previous set of every build into root that was stopped while renaming;
    the number of builds undone (see printkit.journal)."""
    with _locked(root):
        return journal.recover(root)


def _sync(folder: Path) -> None:
    """Make the renames in folder durable (where the system can sync a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
