"""`printkit translated` (and `printkit new`): record which source text each translation,
and which name each article and in_text, was written for, in the game's
`translated.toml` (see printkit.localise.drift), so that `check` can name what a later
change of the source language left stale.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from printkit.localise.drift import RECORD, record_of
from printkit.model import AnyGame

HEADER = """\
# Which text each translation was made from, kept by printkit: for every language, each
# text's key and a fingerprint of the text of {source} it translates (or of the name an
# article or in_text was written for). `printkit check --lang all` names the translations
# whose source text changed since (stale) or is gone; after translating them again, run
#     printkit translated {game}
# (or with --lang CODE for one language) to record the texts as they are now. Do not edit
# this file by hand; deleting it only stops those checks.
"""


def record_translations(game: AnyGame, codes: list[str], called: str = "") -> Path:
    """Write the game's record with the languages `codes` as they are now (the record of
    its other languages is kept); returns the file written. `called`: the game's name,
    when its folder has another one yet (a copy being made)."""
    record = {code: table for code, table in game.translated.items()
              if code in game.languages}
    for code in codes:
        record[code] = record_of(game, code)
    lines = [HEADER.format(source=f"text/{game.source_language}.toml", game=called or game.id)]
    for code in [c for c in game.languages if record.get(c)]:
        lines.append(f"[{code}]")
        lines += [f"{json.dumps(key)} = {json.dumps(mark)}"
                  for key, mark in sorted(record[code].items())]
        lines.append("")
    path = game.folder / RECORD
    write_text(path, "\n".join(lines))
    return path


def write_text(path: Path, text: str) -> None:
    """Write a file in one step: a temporary file beside it, renamed over it."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
