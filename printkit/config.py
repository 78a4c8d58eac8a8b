"""The user's settings files (printkit.toml): where they are, and their [defaults] table,
the values the commands' options take when the command line does not give them.

The print settings and the theme of those files are read by the load stage
(printkit.load.printing, printkit.load.theme); [defaults] is read here first, before any
command runs (its `ui_lang` even before `--help` is shown), with tomllib alone. Its keys
are declared and checked with the print settings (printkit.load.printing.DEFAULTS).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError

CONFIG_NAME = "printkit.toml"


def user_configs(config: Path | None) -> list[Path]:
    """The user's settings files: --config FILE, else ~/.config/printkit/ and ./ (both)."""
    if config is not None:
        if not config.is_file():
            raise PrintkitError(f"--config {config}: no such file")
        return [config]
    return [p for p in usual_configs() if p.is_file()]


def usual_configs() -> list[Path]:
    """Where the user's settings may be: their config folder, then the working folder."""
    home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [home / "printkit" / CONFIG_NAME, Path.cwd() / CONFIG_NAME]


def defaults_tables(config: Path | None) -> list[tuple[Path, Any]]:
    """The [defaults] table of each of the user's settings files that has one, in the
    order they are read (a later file's value wins). A file that cannot be read is left
    out: the command that reads its print settings says what is wrong with it."""
    try:
        paths = user_configs(config)
    except PrintkitError:
        return []
    import tomllib  # not on a build whose settled options the cache holds

    found = []
    for path in paths:
        try:
            data = tomllib.loads(path.read_text("utf-8-sig"))
        except (OSError, ValueError):  # also a file that is not UTF-8
            continue
        if "defaults" in data:
            found.append((path, data["defaults"]))
    return found


def given_ui_lang(config: Path | None = None) -> str:
    """ui_lang of [defaults] as written (the last file's that gives one as a text), or ''."""
    values = [table["ui_lang"] for _, table in defaults_tables(config)
              if isinstance(table, dict) and isinstance(table.get("ui_lang"), str)]
    return values[-1] if values else ""
