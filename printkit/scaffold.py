"""`printkit new`: copy a game into a data folder as the start of a custom game, with a
comment explaining every field of its data files.

The explanations are data: templates/fields/<system>.toml. TOML keys without a comment get
one above them; CSV files get "# column: meaning" lines above their header (the CSV reader
skips lines starting with #); text files and rule booklets get a header. The copy is made
in a temporary folder beside the target and renamed into place, so a failure leaves
nothing behind; an existing folder is never overwritten.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import tempfile
import tomllib
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.load.paths import walk
from printkit.load.tables import key_lines
from printkit.pipeline import load
from printkit.resources import GAME_NAME, GAME_NAME_MAX, builtin
from printkit.write import inside

COPIED = ("*.toml", "*.csv", "*.md", "*.po", "*.txt")


def field_docs(system: str) -> dict[str, dict[str, str]]:
    """file pattern -> {key path or column ("" for the file): explanation}."""
    path = builtin("templates") / "fields" / f"{system}.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        return tomllib.load(fh)


def new_game(name: str, source: str, data: Path | None) -> Path:
    """Copy game `source` to <data>/<name> with explained fields; returns the new folder."""
    if not GAME_NAME.fullmatch(name):
        raise PrintkitError(f"'{name}' is not a game name; use lower-case letters, digits,"
                            f" - and _, at most {GAME_NAME_MAX} (it becomes a folder name)")
    game = load(source, data if data is not None and data.is_dir() else None)
    root = data if data is not None else Path.cwd() / "data"
    if root.exists() and not root.is_dir():
        raise PrintkitError(f"{root}: not a folder")
    root.mkdir(parents=True, exist_ok=True)
    target = root / name
    if target.exists() or target.is_symlink():
        raise PrintkitError(f"{target}: already exists; choose another name or remove it "
                            "first (printkit never overwrites a game)")
    if not inside(target, root) or target.resolve().parent != root.resolve():
        raise PrintkitError(f"{target}: refusing to write outside the data folder {root}")
    staging = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=root))
    try:
        copy_game(game.folder, staging)
        annotate(staging, field_docs(game.system))
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def copy_game(source: Path, target: Path) -> None:
    """The game's data files (not hidden files, links or anything else)."""
    for path, _ in walk(source):
        rel = path.relative_to(source)
        if any(part.startswith(".") for part in rel.parts) or path.is_symlink():
            continue
        if path.is_file() and any(fnmatch.fnmatch(path.name, p) for p in COPIED):
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / rel)


def docs_for(rel: str, docs: dict[str, dict[str, str]]) -> dict[str, str] | None:
    return next((d for pattern, d in docs.items() if fnmatch.fnmatch(rel, pattern)), None)


def annotate(folder: Path, docs: dict[str, dict[str, str]]) -> None:
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(folder).as_posix()
        doc = docs_for(rel, docs)
        if doc is None:
            continue
        text = path.read_text("utf-8-sig")
        if path.suffix == ".csv":
            text = annotate_csv(text, doc)
        elif path.suffix == ".toml":
            text = annotate_toml(text, doc)
        elif path.suffix == ".md" and doc.get(""):
            text = "{# " + doc[""] + " #}\n" + text
        path.write_text(text, "utf-8")


def annotate_csv(text: str, doc: dict[str, str]) -> str:
    """Replace the leading comment lines by the file's description and one line per column."""
    lines = text.splitlines(keepends=True)
    start = 0
    while start < len(lines) and lines[start].lstrip().startswith("#"):
        start += 1
    body = lines[start:]
    header = next((ln for ln in body if ln.strip()), "")
    columns = [c.strip() for c in header.strip().split(",") if c.strip()]
    comments = [f"# {doc['']}\n"] if doc.get("") else []
    comments += [f"# {c}: {doc[c]}\n" for c in columns if c in doc]
    return "".join(comments + body)


def annotate_toml(text: str, doc: dict[str, str]) -> str:
    """A comment above every key and table that has none, and the file's description."""
    lines = text.splitlines()
    places = key_lines(text)
    notes: dict[int, str] = {}
    explained: set[str] = set()  # in arrays of tables, the first entry carries the notes
    for keys, number in sorted(places.items(), key=lambda item: item[1]):
        path = ".".join(str(k) for k in keys if not isinstance(k, int))
        line = lines[number - 1]
        above = lines[number - 2].lstrip() if number >= 2 else ""
        if path in explained or path not in doc:
            continue
        explained.add(path)
        if not has_comment(line) and not above.startswith("#"):
            notes.setdefault(number, doc[path])
    out = []
    if doc.get("") and not (lines and lines[0].startswith("#")):
        out.append(f"# {doc['']}")
    for number, line in enumerate(lines, 1):
        if number in notes:
            indent = line[:len(line) - len(line.lstrip())]
            out.append(f"{indent}# {notes[number]}")
        out.append(line)
    return "\n".join(out) + "\n"


def has_comment(line: str) -> bool:
    """Whether a TOML line carries a comment (a # outside strings)."""
    quote = ""
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return True
    return False
