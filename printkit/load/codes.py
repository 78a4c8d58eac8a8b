"""Language codes as game.toml may write them: a code (`nb`) or any alias the command line
accepts for it (`no`, `norsk`, `nb-NO`, `dk`…), from the languages' `language.toml` files
(the built-in ones and the game's own `languages/<code>/`). Only the codes and aliases are
read here; the languages themselves are read by the localise stage."""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path

from printkit.resources import builtin


def normal(text: str) -> str:
    """Lower-case, '-' for '_', without an encoding or @modifier suffix."""
    text = re.sub(r"[.@].*$", "", text.strip().lower())
    return text.replace("_", "-")


def known_codes(game_folder: Path) -> dict[str, str]:
    """Every code and alias (normalised) -> its language's code."""
    found: dict[str, str] = {}
    for base in (builtin("templates") / "languages", game_folder / "languages"):
        for path in sorted(base.glob("*/language.toml")) if base.is_dir() else ():
            code = path.parent.name
            try:
                aliases = tomllib.loads(path.read_text("utf-8-sig")).get("aliases", [])
            except (OSError, ValueError):
                aliases = []  # the localise stage reports a broken definition
            found[code] = code
            for alias in aliases if isinstance(aliases, list) else ():
                if isinstance(alias, str):
                    found.setdefault(normal(alias), code)
    return found


def code_for(written: str, known: dict[str, str]) -> str | None:
    """The code a game file's language means, or None."""
    return known.get(normal(written))


def unknown(written: str, known: dict[str, str]) -> str:
    """What to write instead of a language nobody defined: a near miss's code, or the
    codes to choose from; or a definition of one's own."""
    close = difflib.get_close_matches(normal(written), list(known), 1, 0.6)
    own = f"languages/{written}/language.toml to the game folder"
    if close:
        return (f"no language definition for '{written}'; did you mean {known[close[0]]}? "
                f"(for a language of your own, add {own})")
    return (f"no language definition for '{written}'; use one of "
            f"{', '.join(sorted(set(known.values())))}, or add {own}")
