"""Stage 7, write: put finished files in place atomically, and only inside the output folder.

Every file is first written in full to a temporary name beside its target (`.<name>.*.tmp`)
and synced; only when all of them are written are they renamed over the old files, one
`os.replace` each. A build that fails or is interrupted before that leaves the previous
files untouched and removes its temporary files; a build killed outright can leave only
temporary files, which the next build removes.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from printkit.errors import PrintkitError, Problem, Where


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


_TEMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")  # what mkstemp makes of our prefix/suffix


def _temp_name(path: Path) -> str:
    return f".{path.name}."


def remove_stale(folder: Path) -> None:
    """Remove temporary files a killed build left in folder."""
    if folder.is_dir():
        for stale in folder.glob(".*.tmp"):
            if _TEMP.match(stale.name) and stale.is_file():
                stale.unlink(missing_ok=True)


def write_temp(path: Path, data: bytes, mode: int) -> Path:
    """data in a synced temporary file beside path; returns its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_name(path), suffix=".tmp", dir=path.parent)
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


def write_all(files: list[tuple[Path, bytes]], root: Path) -> None:
    """Write every file, refusing any path outside root (the output folder)."""
    outside = [path for path, _ in files if not inside(path, root)]
    if outside:
        raise PrintkitError([Problem(Where(_shown(p)), "refusing to write outside the output"
                                     f" folder {_shown(root)}") for p in outside])
    mode = _mode()
    temps: list[tuple[Path, Path]] = []
    path = root
    try:
        for folder in sorted({p.parent for p, _ in files}):
            path = folder
            remove_stale(folder)
        for path, data in files:
            temps.append((write_temp(path, data, mode), path))
        while temps:
            tmp, path = temps[0]
            os.replace(tmp, path)
            temps.pop(0)
    except OSError as exc:
        raise PrintkitError(Problem(Where(_shown(path)), f"cannot write the file "
                                    f"({exc.strerror or exc}); check --out")) from None
    finally:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
