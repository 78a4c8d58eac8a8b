"""What `printkit serve` shows, as the command line asked for it: a module of its own, so
that the server answers before the build stages are imported (printkit.commands.live)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.options import Request


@dataclass(frozen=True)
class Served:
    """What `printkit serve` shows: what the user asked for, pictured at `dpi`."""

    request: Request
    dpi: int = 60
