"""`printkit new`: copy a game into a data folder as the start of a custom game, with a
comment explaining every field of its data files.

The explanations are those the system declares with its keys and columns
(printkit/systems/<system>/fields.py). TOML keys without a comment get one above them; CSV
files get "# column: meaning" lines above their header (the CSV reader skips lines starting
with #); text files and rule booklets get a header. Every TOML file a user edits starts with
a `#:schema` line naming its shipped JSON Schema (printkit.schemas), which editors read.
The copy is made in a temporary folder beside the target and renamed into place, so
a failure leaves nothing behind; an existing folder is never overwritten.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import tempfile
import textwrap
import tomllib
from pathlib import Path

from printkit.commands.spreadsheet import write_workbook
from printkit.commands.translated import record_translations
from printkit.errors import PrintkitError
from printkit.load.declare import Files
from printkit.load.paths import walk
from printkit.load.tables import key_lines, outside_strings
from printkit.localise.languages import load_languages
from printkit.plan import Source, codes_of, read, setup
from printkit.resources import GAME_NAME, GAME_NAME_MAX, find_game
from printkit.write import inside

COPIED = ("*.toml", "*.csv", "*.tsv", "*.xlsx", "*.ods", "*.md", "*.po", "*.txt", "*.png",
          "*.jpg", "*.jpeg", "*.ttf")


TABLES = ("csv", "xlsx")  # --tables: as the game copied has them, or one workbook


def new_game(name: str, source: str, data: Path | None,
             langs: list[str] | None = None, tables: str = "csv") -> tuple[Path, list[str]]:
    """Copy game `source` to <data>/<name> with explained fields; returns the new folder
    and its languages, the source language first.

    With `langs` (--lang values), the copy keeps only those languages and the first is its
    source language. With `tables` "xlsx", its CSV tables become the sheets of one
    workbook, tables.xlsx."""
    if not GAME_NAME.fullmatch(name):
        raise PrintkitError(f"'{name}' is not a game name; use lower-case letters, digits,"
                            f" - and _, at most {GAME_NAME_MAX} (it becomes a folder name)")
    if tables.lower() not in TABLES:
        raise PrintkitError(f"--tables {tables}: use csv (the tables as files of their own) "
                            "or xlsx (one workbook, a sheet per table)")
    found = read(setup(find_game(source, data if data is not None and data.is_dir()
                                 else None), langs or ()))
    game = found.game
    codes = list(codes_of(found)) if langs else \
        [game.source_language] + [c for c in game.languages if c != game.source_language]
    root = data if data is not None else Path.cwd() / "data"
    if root.exists() and not root.is_dir():
        raise PrintkitError(f"{root}: not a folder")
    try:
        return _copied(found, name, source, root, codes, tables)
    except OSError as exc:  # a read-only folder, a full disk
        shown = data if data is not None else Path("data")
        raise PrintkitError(f"{shown}: cannot write the new game there ({exc.strerror or exc})"
                            "; choose a folder you can write with --data") from None


def _copied(found: Source, name: str, source: str, root: Path, codes: list[str],
            tables: str) -> tuple[Path, list[str]]:
    """The copy of a game read (`found`) made in a temporary folder in root and renamed to
    root/name."""
    game = found.game
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
        keep_languages(staging, game.languages, codes)
        name_once(staging, codes[0])
        annotate(staging, game.system, found.setup.system.fields)
        if tables.lower() == "xlsx":
            write_workbook(staging)
        describe_copy(staging / "README.md", f"{name} --from {source}" + (
            " --tables xlsx" if tables.lower() == "xlsx" else ""), codes)
        name_copy(staging, name)
        copied = read(setup(staging)).game
        record_translations(copied, list(copied.languages), name)
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target, codes


def copy_game(source: Path, target: Path) -> None:
    """The game's data files (not hidden files, links or anything else)."""
    for path, _ in walk(source):
        rel = path.relative_to(source)
        if any(part.startswith(".") for part in rel.parts) or path.is_symlink():
            continue
        if path.is_file() and any(fnmatch.fnmatch(path.name, p) for p in COPIED):
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / rel)


def keep_languages(folder: Path, offered: tuple[str, ...], kept: list[str]) -> None:
    """Remove the files of the languages not kept; the first kept is the source language
    (and takes over the names the old one gave for every language)."""
    if kept[0] != offered[0]:
        adopt_names(folder / "text" / f"{offered[0]}.toml", folder / "text" / f"{kept[0]}.toml")
    for code in set(offered) - set(kept):
        for path in (folder / "text" / f"{code}.toml", folder / "rules" / f"{code}.md"):
            path.unlink(missing_ok=True)
        shutil.rmtree(folder / "languages" / code, ignore_errors=True)
    if list(offered) == kept or (set(offered) == set(kept) and offered[0] == kept[0]):
        return
    manifest = folder / "game.toml"
    text = manifest.read_text("utf-8-sig")
    places = key_lines(text)
    lines = text.splitlines()
    for key, value in (("source_language", f'"{kept[0]}"'),
                       ("languages", "[" + ", ".join(f'"{c}"' for c in kept) + "]")):
        number = places[("game", key)]
        lines[number - 1] = with_value(lines[number - 1], value)
    manifest.write_text("\n".join(lines) + "\n", "utf-8")


NAMED = ("streets", "stations", "utilities", "taxes", "corners")  # sections of names


def adopt_names(old: Path, new: Path) -> None:
    """Give the new source language's text file the names it took from the old one."""
    given = tomllib.loads(old.read_text("utf-8-sig"))
    text = new.read_text("utf-8-sig")
    places = key_lines(text)
    lines = text.splitlines()
    added: dict[int, str] = {}
    tail = []
    for section in NAMED:
        for ident, table in sorted(given.get(section, {}).items()):
            if (section, ident, "name") in places or not isinstance(table, dict) \
                    or not isinstance(table.get("name"), str):
                continue
            line = "name = " + json.dumps(table["name"], ensure_ascii=False)
            header = places.get((section, ident))
            if header:
                added[header] = line
            else:
                tail += ["", f"[{section}.{ident}]", line]
    out = [part for n, ln in enumerate(lines, 1) for part in ([ln, added[n]] if n in added
                                                              else [ln])]
    new.write_text("\n".join(out + tail) + "\n", "utf-8")


PROPER_NAMES = ("streets", "stations", "utilities")  # named once in a copy


def name_once(folder: Path, source: str) -> None:
    """Streets, stations and utilities named once, in the source language's text file: a
    name another language gives them becomes a comment there (uncomment it to give that
    language its own name), so that renaming one in the source file renames it in every
    language."""
    for path in sorted((folder / "text").glob("*.toml")):
        if path.stem == source:
            continue
        text = path.read_text("utf-8-sig")
        lines = text.splitlines()
        for keys, number in key_lines(text).items():
            if len(keys) == 3 and keys[0] in PROPER_NAMES and keys[2] == "name":
                lines[number - 1] = (f"# {lines[number - 1].strip()}  # own name in this "
                                     f"language; without it, the name in text/{source}.toml")
        path.write_text("\n".join(lines) + "\n", "utf-8")


def name_copy(folder: Path, name: str) -> None:
    """The copy is called by its own name: its title in every language (it was the
    game's it was copied from), and its README's commands name it (`printkit check
    <game>` becomes `printkit check ourtown`)."""
    title = json.dumps(name.replace("_", " ").replace("-", " ").title(), ensure_ascii=False)
    for path in sorted((folder / "text").glob("*.toml")):
        text = path.read_text("utf-8-sig")
        number = key_lines(text).get(("game", "title"))
        if number:
            lines = text.splitlines()
            lines[number - 1] = with_value(lines[number - 1], title)
            path.write_text("\n".join(lines) + "\n", "utf-8")
    readme = folder / "README.md"
    if readme.is_file():
        readme.write_text(readme.read_text("utf-8-sig").replace("<game>", name), "utf-8")


COPY_NOTE = "This copy was made with `printkit new "


def describe_copy(readme: Path, command: str, codes: list[str]) -> None:
    """Say in the copy's README, below its first paragraph, which languages the copy has:
    the rest of it describes the game copied, whose source language may be another. (A
    copy of a copy gets its own paragraph instead of the one it had.)"""
    if not readme.is_file():
        return
    names = {code: lang.name for code, lang in load_languages().items()}
    called = [f"{names.get(code, code)} (`{code}`)" for code in codes]
    rest = called[1:]
    others = " and ".join([", ".join(rest[:-1]), rest[-1]] if len(rest) > 1 else rest)
    note = textwrap.fill(
        f"{COPY_NOTE}{command}`. Its source language is "
        f"{called[0]}: its names and texts are in `text/{codes[0]}.toml`, its rules in "
        f"`rules/{codes[0]}.md`." + (f" It also offers {others}." if others else "")
        + (" Its tables are the sheets of `tables.xlsx`, each named as the file it stands"
           " for (the sheet `streets` is `streets.csv` below); the notes on each column are"
           " comments on its header cell." if (readme.parent / "tables.xlsx").is_file()
           else ""), 90)
    paragraphs = [p for p in readme.read_text("utf-8-sig").split("\n\n")
                  if not p.startswith(COPY_NOTE)]
    at = next((n for n, p in enumerate(paragraphs) if p.startswith("## ")), len(paragraphs))
    paragraphs.insert(at, note)
    readme.write_text("\n\n".join(p.strip("\n") for p in paragraphs) + "\n", "utf-8")


def with_value(line: str, value: str) -> str:
    """A TOML line `key = "…"` or `key = […]` with another value, its comment (if any)
    kept in its column."""
    match = re.match(r"^(\s*[\w\"']+\s*=\s*)(\[[^\]]*\]|\"[^\"]*\")( *)", line)
    if match is None:
        return line
    new = match.group(1) + value
    if match.group(3):  # a comment follows: keep it where it was
        new = new.ljust(match.end() - 1) + " "
    return new + line[match.end():]


def docs_for(rel: str, docs: dict[str, dict[str, str]]) -> dict[str, str] | None:
    return next((d for pattern, d in docs.items() if fnmatch.fnmatch(rel, pattern)), None)


def annotate(folder: Path, system: str, files: Files) -> None:
    """Explain every file of a system's copy, and name its schema in each TOML file."""
    docs = files.docs()
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
            text = with_schema(annotate_toml(text, doc), schema_of(rel, system, files))
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
        pattern = path if path in doc else next(
            (p for p in doc if "*" in p and fnmatch.fnmatchcase(path, p)), None)
        if pattern is None or pattern in explained:
            continue
        explained.add(pattern)  # a pattern ("streets.*.name") is explained once
        if not has_comment(line) and not above.startswith("#"):
            notes.setdefault(number, doc[pattern])
    out = []
    if doc.get("") and not (lines and lines[0].startswith("#")):
        out.append(f"# {doc['']}")
    for number, line in enumerate(lines, 1):
        if number in notes:
            indent = line[:len(line) - len(line.lstrip())]
            out.append(f"{indent}# {notes[number]}")
        out.append(line)
    return "\n".join(out) + "\n"


def schema_of(rel: str, system: str, files: Files) -> Path | None:
    """The shipped schema of a game's TOML file (`rel`: its path in the game folder)."""
    from printkit.load.declare import TomlFile
    from printkit.schemas import shipped

    found = [f for f in files.files if isinstance(f, TomlFile) and fnmatch.fnmatch(rel, f.pattern)]
    return shipped(f"{system}-{found[0].schema_name}.json") if found else None


SCHEMA = "#:schema "  # Taplo's directive: the first comment names the file's JSON Schema


def with_schema(text: str, schema: Path | None) -> str:
    """A TOML file whose first line names its schema (by a file URI: it holds on Windows
    too), in place of any it named before."""
    lines = [line for line in text.splitlines() if not line.startswith(SCHEMA)]
    head = [SCHEMA + schema.as_uri()] if schema is not None else []
    return "\n".join(head + lines) + "\n"


def has_comment(line: str) -> bool:
    """Whether a TOML line carries a comment (a # outside strings)."""
    return "#" in outside_strings(line)
