"""Stage 7, write: put finished files in place atomically.

Each file is written to a temporary name in its folder and renamed over the old one, so a
failed or interrupted build leaves the previous files intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printkit.errors import PrintkitError


def inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_all(files: list[tuple[Path, bytes]], root: Path) -> None:
    """Write every file, refusing any path outside root (the output folder)."""
    for path, _ in files:
        if not inside(path, root):
            raise PrintkitError(f"{path}: refusing to write outside the output folder {root}")
    for path, data in files:
        write_atomic(path, data)
