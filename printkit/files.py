"""Opening a file a game names (a picture, a font) and telling why a game's own file
cannot be read (a folder, a pipe, a file too large): a regular file of bounded size, never
a pipe waited on. Load's gates, the label catalogs and render's decoding use it, so it
lives below the stages."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


def open_regular(path: Path, limit: int) -> BinaryIO | str:
    """The file at path opened for reading, if it is a regular file of at most `limit`
    bytes; else why not, as the end of a sentence that starts with its name. A pipe is
    never waited on: the file is opened without blocking and looked at before it is
    read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return "does not exist"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({getattr(exc, 'strerror', '') or exc})"
    info = os.fstat(fd)
    why = ("is a folder, not a file" if stat.S_ISDIR(info.st_mode) else
           "is not a regular file (a pipe or a device)" if not stat.S_ISREG(info.st_mode)
           else f"is larger than {limit // 2**20} MB" if info.st_size > limit else "")
    if why:
        os.close(fd)
        return why
    return os.fdopen(fd, "rb")


def digest(path: Path, limit: int) -> str:
    """What tells the content of a file (a picture, a font) from another's: a digest of
    its bytes ('' if it cannot be read as a regular file of at most `limit` bytes). A
    file replaced under the same name is known by it (printkit serve redraws what uses
    it)."""
    import hashlib

    opened = open_regular(path, limit)
    if isinstance(opened, str):
        return ""
    with opened:
        return hashlib.sha256(opened.read(limit + 1)).hexdigest()[:20]


MAX_FILE = 64 * 2**20  # bytes; a 10 000-card deck is a few MB


def file_problem(path: Path) -> str | None:
    """Why `path` cannot be read as a game file, or None. A folder, pipe or device is not
    read (reading a pipe waits for ever, a device may never end), nor a file larger than
    any game needs."""
    try:
        info = path.stat()
        if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_FILE:
            return None
    except OSError as exc:
        return f"cannot read the file ({exc.strerror})"
    if stat.S_ISDIR(info.st_mode):
        return "this is a folder; put the file itself here"
    if not stat.S_ISREG(info.st_mode):
        return "this is a pipe or device, not a file; put the file itself here"
    return (f"the file holds {info.st_size / 2**20:.0f} MB; no game file needs more than "
            f"{MAX_FILE // 2**20} MB")
