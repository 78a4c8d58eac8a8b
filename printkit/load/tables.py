"""Read CSV and TOML files into plain values that remember their file and line.

Nothing here interprets a game; it only turns bytes into text and tables, and reports
unreadable input as located problems (the game's tables are read by printkit.load.grid).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import Problems, Where
from printkit.files import file_problem


@dataclass(frozen=True)
class Row:
    """One CSV record: its cells by column name, and where it starts."""

    values: dict[str, str]
    where: Where

    def get(self, column: str) -> str:
        return self.values.get(column, "").strip()

    def at(self, column: str) -> Where:
        return self.where.at(column)


@dataclass(frozen=True)
class Grid:
    """A table's records as read: each with its number (the file's line or the sheet's
    row) and its cells, the first being the header; `where` names the file (and sheet)."""

    where: Where
    records: list[tuple[int, list[str]]]
    separator: str = ""  # of a CSV file: what stands between its cells


MAX_DIGITS = 30  # digits of a whole number in a file: any more is out of range
def read_text(path: Path, problems: Problems) -> str | None:
    """Read a UTF-8 file (a BOM is allowed); report a located problem if it is not UTF-8
    (and say so of UTF-16, what some editors call "Unicode")."""
    why = file_problem(path)
    try:
        data = path.read_bytes() if why is None else b""
    except OSError as exc:
        why = f"cannot read the file ({exc.strerror})"
    if why is not None:
        problems.add_unreadable(problems.where(path), why)
        return None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        problems.add_unreadable(problems.where(path, 1), "the file is saved as UTF-16 "
                                "(\"Unicode\"); save it as UTF-8")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        problems.add_unreadable(
            problems.where(path, line),
            f"byte 0x{data[exc.start]:02x} is not UTF-8; save the file as UTF-8",
        )
        return None
    return text


_LONE_CR = re.compile("\r(?!\n)")


def lone_cr(text: str, path: Path, problems: Problems) -> bool:
    """Report a carriage return without its line feed (old Mac line ends): CSV and TOML
    lines end at line feeds, so the whole file would be one line."""
    lone = _LONE_CR.search(text)
    if lone:
        problems.add_unreadable(problems.where(path, text.count("\n", 0, lone.start()) + 1),
                                "the line ends with a carriage return (CR) alone; save the "
                                "file with LF or CRLF line ends")
    return lone is not None


def text_lines(text: str) -> list[str]:
    """Lines as editors number them: split at line feeds only (CRLF too)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


@dataclass(frozen=True)
class Toml:
    """A parsed TOML document and the lines its keys are on."""

    path: Path
    data: dict[str, Any]
    lines: dict[tuple[str | int, ...], int]
    problems: Problems

    def where(self, *keys: str | int) -> Where:
        """Where a key is defined (the nearest enclosing table if the key itself is absent)."""
        for end in range(len(keys), 0, -1):
            line = self.lines.get(tuple(keys[:end]))
            if line:
                return self.problems.where(self.path, line, field_path(keys))
        return self.problems.where(self.path, 0, field_path(keys))


def field_path(keys: tuple[str | int, ...]) -> str:
    """A key path as a user counts: the first [[card]] of a file is card.1."""
    return ".".join(str(k + 1) if isinstance(k, int) else k for k in keys)


_TOML_LINE = re.compile(r"at line (\d+)")
_TOML_COLUMN = re.compile(r"\(?,? ?column (\d+)\)?")
_TOML_HINTS = (  # tomllib's message (start) -> what to do about it
    ("Illegal character '\\n'", "a text in quotes is not closed on this line"),
    ("Illegal character", "remove the control character, or write it as an escape such as"
                          " \\t"),
    ("Unterminated string", "a text in quotes is not closed; close it with its quote"),
    ("Invalid value", "write a number, true or false, a list [ … ] or a text in quotes"),
    ("Cannot overwrite a value", "the key is already set above; keep one"),
    ("Cannot declare", "the table is declared twice; keep one"),
    ("Unclosed array", "close the list with ]"),
    ("Unclosed inline table", "close the table with }"),
    ("Expected '=' after a key", "write key = value"),
    ("Invalid statement", "write key = value, or a table header such as [board]"),
    ("Unescaped '\\'", "write a backslash as \\\\, or use 'single quotes'"),
    ("Expected newline", "one key = value per line; put a text with spaces in quotes"),
)


def toml_message(error: str, last_line: int) -> tuple[int, str]:
    """The line of a tomllib error and a message that says how to fix it."""
    match = _TOML_LINE.search(error)
    line = int(match.group(1)) if match else last_line if "end of document" in error else 0
    column = _TOML_COLUMN.search(error)
    raw = _TOML_COLUMN.sub("", _TOML_LINE.sub("", error)).replace("(at end of document)", "")
    raw = raw.strip()
    hint = next((h for start, h in _TOML_HINTS if raw.startswith(start)), raw)
    where = f" (column {column.group(1)})" if column else ""
    return line, f"malformed TOML{where}: {hint}"


def read_toml(path: Path, problems: Problems) -> Toml | None:
    """Parse a TOML file; a syntax error becomes a problem at its line."""
    import tomllib  # not on a build whose game the cache holds (a Toml is unpickled)

    text = read_text(path, problems)
    if text is None or lone_cr(text, path, problems):
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, message = toml_message(str(exc), len(text_lines(text.rstrip("\n"))))
        lines = text_lines(text)
        if 0 < line <= len(lines) and inner_quote(lines[line - 1]):
            message = (message.split(": ", 1)[0] + ': a " inside a text ends it; write it as'
                       " \\\" or put the whole text in single quotes: 'Go to \"Start\"'")
        elif 0 < line <= len(lines) and _CURLY.search(lines[line - 1]):
            message = (message.split(": ", 1)[0] + ": the text is in curly quotes (“…”), "
                       "as a word processor writes them; write straight quotes: \"…\"")
        problems.add_unreadable(problems.where(path, line), message)
        return None
    except RecursionError:
        problems.add_unreadable(problems.where(path, _deep_line(text)), "lists or tables are "
                                "nested too deeply; a game needs a few levels at most")
        return None
    except ValueError:  # tomllib reads a number of more digits than Python allows
        problems.add_unreadable(problems.where(path, _long_number_line(text)), "a number "
                                f"of more than {MAX_DIGITS} digits; no game needs one")
        return None
    return Toml(path, data, key_lines(text), problems)


# a value opened with a typographic quote, as a word processor writes one
_CURLY = re.compile("=\\s*[\u201c\u201d\u201e\u2018\u2019\u201a\u00ab\u00bb]")
_INNER_QUOTE = re.compile(r'^\s*[^=#]+=\s*"(?:\\.|[^"\\])*"[^#]*"')


def inner_quote(line: str) -> bool:
    """Whether a TOML line's text in double quotes is followed by more quoted text: a `"`
    meant inside the text ended it."""
    return bool(_INNER_QUOTE.match(line))


_LONG_NUMBER = re.compile(rf"\d[\d_]{{{MAX_DIGITS},}}")


def _long_number_line(text: str) -> int:
    """The first line with a run of more than MAX_DIGITS digits (1 if none)."""
    match = _LONG_NUMBER.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else 1


NESTING = 50  # a game needs 3 or 4 levels; tomllib itself gives up at a few hundred
_STRING = re.compile(r"\"(?:\\.|[^\"\\])*\"|'[^']*'")


def _deep_line(text: str) -> int:
    """The first line where lists and inline tables are nested more than NESTING deep."""
    depth = 0
    for number, line in enumerate(text_lines(text), 1):
        for ch in _STRING.sub("", line).split("#", 1)[0]:
            depth += (ch in "[{") - (ch in "]}")
            if depth > NESTING:
                return number
    return 0


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*((?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')"
                  r"(?:\s*\.\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*'))*)\s*=")
_PART = re.compile(r"\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_\-]+)")


def _split_key(key: str) -> tuple[str, ...]:
    return tuple(a or b or c for a, b, c in _PART.findall(key))


def key_lines(text: str) -> dict[tuple[str | int, ...], int]:
    """Map every table header and key path to its line; array tables get their index."""
    lines: dict[tuple[str | int, ...], int] = {}
    counts: dict[tuple[str | int, ...], int] = {}
    table: tuple[str | int, ...] = ()
    depth = 0  # open brackets of a multi-line value
    for number, line in enumerate(text_lines(text), 1):
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
    if "[" not in line and "]" not in line:  # most lines: no need to read them char by char
        return 0
    return sum(1 if ch == "[" else -1 if ch == "]" else 0 for ch in outside_strings(line))


def outside_strings(line: str) -> Iterator[str]:
    """The characters of a TOML line outside its strings (and their quotes), up to the #
    that starts its comment (the last one given)."""
    quote = ""
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        else:
            yield ch
            if ch == "#":
                return
