"""Stage 7, write: put a build's files in place as one set, and only inside the output folder.

An output set is all old or all new:

1. every target is checked first (a target that is a folder stops the build before
   anything is written);
2. every file is written in full to a temporary name beside its target
   (`.<name>.<pid>.*.tmp`) and synced;
3. under a lock on the output folder (two builds into one folder take turns), each old
   file gets a second name (a hard link, `.<name>.<pid>.*.old.tmp`) and a journal
   (`.printkit-journal.<pid>.json`) lists what is about to change;
4. the temporary files are renamed over the targets, Ctrl-C held back until the last;
5. the journal and the second names are removed.

If a rename fails, the renames done are undone from the second names, so the previous set
is back. A build killed outright during step 4 leaves its journal; the next build into the
same folder puts the previous set back first. Temporary files belong to the build whose
process id they carry: another build removes them only once that process is gone.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError, Problem, Where

JOURNAL = re.compile(r"^\.printkit-journal\.(\d+)\.json$")
_TEMP = re.compile(r"^\..+\.(\d+)\.[a-z0-9_]{8}(\.old)?\.tmp$")  # .<name>.<pid>.*.tmp


@dataclass(frozen=True)
class Change:
    """One file of a set: its new content's temporary name, its target, and the second
    name of the old file (None if there was none)."""

    temp: Path
    target: Path
    old: Path | None


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


def _mode() -> int:
    """Permissions of a new file under the current umask (mkstemp's own are 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def remove_stale(folder: Path) -> None:
    """Remove temporary files that builds no longer running left in folder."""
    if not folder.is_dir():
        return
    for stale in folder.glob(".*.tmp"):
        match = _TEMP.match(stale.name)
        if match and not _alive(int(match.group(1))) and stale.is_file():
            stale.unlink(missing_ok=True)


def _temp(path: Path, suffix: str = ".tmp") -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=suffix,
                                dir=path.parent)
    os.close(fd)
    return Path(name)


def write_temp(path: Path, data: bytes, mode: int) -> Path:
    """data in a synced temporary file beside path; returns its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_atomic(path: Path, data: bytes) -> None:
    """Write one file atomically."""
    write_all([(path, data)], path.parent)


def _refuse(paths: list[Path], message: str) -> PrintkitError:
    return PrintkitError([Problem(Where(_shown(p)), message) for p in paths])


def write_all(files: list[tuple[Path, bytes]], root: Path) -> None:
    """Write every file as one set, refusing any path outside root (the output folder)."""
    outside = [path for path, _ in files if not inside(path, root)]
    if outside:
        raise _refuse(outside, f"refusing to write outside the output folder {_shown(root)}")
    taken = [path for path, _ in files if path.is_dir() or (path.exists()
                                                            and not path.is_file())]
    if taken:
        raise _refuse(taken, "a folder (or other non-file) is in the way of this file; "
                      "move it away")
    mode = _mode()
    temps: list[tuple[Path, Path]] = []
    path = root
    try:
        for folder in sorted({p.parent for p, _ in files}):
            path = folder
            folder.mkdir(parents=True, exist_ok=True)
        with _locked(root):
            recover(root)
        for folder in sorted({p.parent for p, _ in files}):
            remove_stale(folder)
        for path, data in files:
            temps.append((write_temp(path, data, mode), path))
        with _locked(root):
            _swap(temps, root)
        temps = []
    except OSError as exc:
        raise _refuse([path], f"cannot write the file ({exc.strerror or exc}); check "
                      "--out") from None
    finally:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)


@contextmanager
def _locked(root: Path) -> Iterator[None]:
    """The output folder's lock (on the folder itself: no file is left behind): builds
    into one folder change its files one at a time."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


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


def _swap(temps: list[tuple[Path, Path]], root: Path) -> None:
    """Rename the temporary files over their targets as one change (see the module)."""
    changes = [Change(tmp, target, _second_name(target)) for tmp, target in temps]
    journal = root / f".printkit-journal.{os.getpid()}.json"
    with _held_back():
        _write_journal(journal, changes)
        done: list[Change] = []
        try:
            for change in changes:
                os.replace(change.temp, change.target)
                done.append(change)
        except OSError as exc:
            why = f"cannot write the file ({exc.strerror or exc}); check --out"
            try:
                _undo(done)
            except OSError:  # the journal stays: the next build puts the old files back
                raise _refuse([change.target], why + "; the previous files are put back by "
                              "the next build into this folder") from None
            _forget(journal, changes)
            raise _refuse([change.target], why) from None
        for folder in {c.target.parent for c in changes}:
            _sync(folder)
        _forget(journal, changes)


def _forget(journal: Path, changes: list[Change]) -> None:
    """The change is whole (done or undone): remove its journal, then the old files."""
    journal.unlink(missing_ok=True)
    for change in changes:
        if change.old is not None:
            change.old.unlink(missing_ok=True)


def _second_name(target: Path) -> Path | None:
    """A hard link to the old file, so that it can be put back (None if there is none)."""
    if not target.is_file():
        return None
    old = _temp(target, ".old.tmp")
    old.unlink()
    os.link(target, old)
    return old


def _write_journal(journal: Path, changes: list[Change]) -> None:
    entries = [[str(c.temp.absolute()), str(c.target.absolute()),
                str(c.old.absolute()) if c.old else None] for c in changes]
    tmp = journal.with_name(journal.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(entries, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, journal)
    _sync(journal.parent)


def _undo(done: list[Change]) -> None:
    """Put the old files of the changes done back (a new file that had none is removed)."""
    for change in reversed(done):
        if change.old is not None:
            os.replace(change.old, change.target)
        else:
            change.target.unlink(missing_ok=True)


def recover(root: Path) -> int:
    """Put back the previous set of every build into root that was killed while renaming
    (its journal is there and its process gone); the number of builds undone."""
    undone = 0
    for journal in sorted(root.glob(".printkit-journal.*.json")):
        match = JOURNAL.match(journal.name)
        if not match or _alive(int(match.group(1))):
            continue
        try:
            entries = json.loads(journal.read_text("utf-8"))
            changes = [Change(Path(t), Path(p), Path(o) if o else None) for t, p, o in entries]
        except (ValueError, TypeError):
            journal.unlink()
            continue
        renamed = [c for c in changes if not c.temp.exists()]
        _undo([c for c in renamed if c.old is None or c.old.exists()])
        for change in changes:
            change.temp.unlink(missing_ok=True)
        _forget(journal, changes)
        undone += 1
    return undone


def _sync(folder: Path) -> None:
    """Make the renames in folder durable."""
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
