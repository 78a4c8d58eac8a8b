"""JSON Schemas of the TOML files a user edits, shipped with printkit for editors.

Each is made of the declarations the loaders read with (printkit.load.declare): a game's
game.toml, its decks or command table, its text files (one set per built-in game system,
`<system>-<file>.json`) and the user's printkit.toml (`printkit.json`). `printkit new`
names the schema of each TOML file it writes in a first line `#:schema <file URI>`, which
Taplo (Even Better TOML) reads: keys complete, their meaning shows on hover and a value
the loader would refuse is marked.

The files are written by `python -m printkit.schemas` and kept in the repository;
tests/test_schemas.py fails when one is not what the declarations make.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent


def made() -> dict[str, dict[str, Any]]:
    """Every shipped schema, by its file name, as the declarations make it now."""
    from printkit.load.declare import schema
    from printkit.load.theme import PRINTKIT_TOML
    from printkit.systems import BUILT_IN, SYSTEMS

    out = {f"{PRINTKIT_TOML.schema_name}.json": schema(
        PRINTKIT_TOML.root, PRINTKIT_TOML.doc, PRINTKIT_TOML.pattern)}
    for name in BUILT_IN:
        out.update(SYSTEMS[name].fields.schemas(name))
    return out


def text(schema: dict[str, Any]) -> str:
    """A schema as its file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def shipped(name: str) -> Path | None:
    """The shipped schema of that name, if there is one (a system installed beside
    printkit ships none here)."""
    path = FOLDER / name
    return path if path.is_file() else None


def write() -> list[Path]:
    """Write every schema anew (and remove those no declaration makes any more)."""
    schemas = made()
    for old in FOLDER.glob("*.json"):
        if old.name not in schemas:
            old.unlink()
    paths = []
    for name, schema in schemas.items():
        path = FOLDER / name
        path.write_text(text(schema), "utf-8")
        paths.append(path)
    return paths
