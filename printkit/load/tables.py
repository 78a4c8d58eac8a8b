"""Read CSV and TOML files into plain values that remember their file and line.

Nothing here interprets a game; it only turns bytes into rows and tables, and reports
unreadable input as located problems.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import Problems, Where


@dataclass(frozen=True)
class Row:
    """One CSV record: its cells by column name, and where it starts."""

    values: dict[str, str]
    where: Where

    def get(self, column: str) -> str:
        return self.values.get(column, "").strip()

    def at(self, column: str) -> Where:
        return self.where.at(column)


def read_text(path: Path, problems: Problems) -> str | None:
    """Read a UTF-8 file (a BOM is allowed); report a located problem if it is not UTF-8."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.add_unreadable(problems.where(path), f"cannot read the file ({exc.strerror})")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        problems.add_unreadable(
            problems.where(path, line),
            f"byte 0x{data[exc.start]:02x} is not UTF-8; save the file as UTF-8",
        )
        return None


def read_csv(
    path: Path, problems: Problems, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> list[Row]:
    """Read a CSV table with a header row; lines starting with # are comments.

    Missing required columns, unknown columns and rows with too many cells are reported.
    """
    text = read_text(path, problems)
    if text is None:
        return []
    lines = text.splitlines(keepends=True)
    numbered = [(n, ln) for n, ln in enumerate(lines, 1) if not ln.lstrip().startswith("#")]
    if not numbered or not numbered[0][1].strip():
        problems.add_unreadable(problems.where(path, 1), "the file is empty; it needs a header row: "
                     + ",".join(required))
        return []
    reader = csv.reader(io.StringIO("".join(ln for _, ln in numbered)))
    header_line = numbered[0][0]
    try:
        header = [h.strip() for h in next(reader)]
    except csv.Error as exc:
        problems.add_unreadable(problems.where(path, header_line), f"malformed CSV ({exc})")
        return []
    known = set(required) | set(optional)
    bad = False
    for col in required:
        if col not in header:
            problems.add_unreadable(problems.where(path, header_line, col),
                         f"missing column; the header must name {', '.join(required)}")
            bad = True
    for col in header:
        if col not in known:
            problems.add_unreadable(problems.where(path, header_line, col or "(empty)"),
                         f"unknown column; allowed columns are {', '.join(sorted(known))}")
            bad = True
    if len(set(header)) != len(header):
        problems.add_unreadable(problems.where(path, header_line), "a column is named twice in the header")
        bad = True
    if bad:
        return []
    rows = []
    try:
        for cells in reader:
            line = numbered[min(reader.line_num, len(numbered)) - 1][0]
            if not any(c.strip() for c in cells):
                continue
            where = problems.where(path, line)
            if len(cells) > len(header):
                problems.add_unreadable(where, f"{len(cells)} cells but the header has {len(header)} columns;"
                             " quote cells that contain commas")
                continue
            rows.append(Row(dict(zip(header, cells + [""] * (len(header) - len(cells)))), where))
    except csv.Error as exc:
        line = numbered[min(reader.line_num, len(numbered)) - 1][0]
        problems.add_unreadable(problems.where(path, line), f"malformed CSV ({exc})")
    return rows


@dataclass(frozen=True)
class Toml:
    """A parsed TOML document and the lines its keys are on."""

    path: Path
    data: dict[str, Any]
    lines: dict[tuple, int]
    problems: Problems

    def where(self, *keys: str | int) -> Where:
        """Where a key is defined (the nearest enclosing table if the key itself is absent)."""
        for end in range(len(keys), 0, -1):
            line = self.lines.get(tuple(keys[:end]))
            if line:
                return self.problems.where(self.path, line, ".".join(str(k) for k in keys))
        return self.problems.where(self.path, 0, ".".join(str(k) for k in keys))


_TOML_LINE = re.compile(r"at line (\d+)")


def read_toml(path: Path, problems: Problems) -> Toml | None:
    """Parse a TOML file; a syntax error becomes a problem at its line."""
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = _TOML_LINE.search(str(exc))
        line = int(match.group(1)) if match else 0
        message = _TOML_LINE.sub("", str(exc)).replace("(, column", "(column").strip()
        problems.add_unreadable(problems.where(path, line), f"malformed TOML: {message}")
        return None
    return Toml(path, data, key_lines(text), problems)


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*((?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*'))*)\s*=")
_PART = re.compile(r"\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_\-]+)")


def _split_key(key: str) -> tuple[str, ...]:
    return tuple(a or b or c for a, b, c in _PART.findall(key))


def key_lines(text: str) -> dict[tuple, int]:
    """Map every table header and key path to its line; array tables get their index."""
    lines: dict[tuple, int] = {}
    counts: dict[tuple, int] = {}
    table: tuple = ()
    depth = 0  # open brackets of a multi-line value
    for number, line in enumerate(text.splitlines(), 1):
        if depth == 0:
            header = _HEADER.match(line)
            if header:
                path = _split_key(header.group(2))
                if header.group(1) == "[[":
                    index = counts.get(path, 0)
                    counts[path] = index + 1
                    table = (*path, index)
                else:
                    table = path
                lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                lines.setdefault((*table, *_split_key(key.group(1))), number)
        depth = max(0, depth + _bracket_balance(line))
    return lines


def _bracket_balance(line: str) -> int:
    """Net open brackets on a line, ignoring strings and comments (enough for arrays)."""
    balance, quote = 0, ""
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch == "[":
            balance += 1
        elif ch == "]":
            balance -= 1
    return balance
