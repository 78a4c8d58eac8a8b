"""Translations that no longer say what the source language says.

Each game may keep a record, `translated.toml`, of which source text every translation was
made from: for each language, each text's key and a fingerprint (the first 10 hex digits
of the SHA-256 of the source text then). `printkit new` writes it and `printkit
translated` renews it; printkit reads it, and nobody needs to edit it by hand. A text whose
source text changed since its fingerprint was taken is *stale*; a text the source
language no longer has (a card's sentence removed there) is an *unused translation*: it
still prints, in that language only. `check` lists both, and `build` notes them once per
language.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from printkit.errors import Problem, Problems
from printkit.model import AnyGame, TextSource

RECORD = "translated.toml"
GRAMMAR = ("article", "in_text")  # how a language says a name: its own, not translated


@dataclass(frozen=True)
class Drift:
    """The stale translations of one language, and those of texts the source lacks."""

    stale: tuple[Problem, ...] = ()
    unused: tuple[Problem, ...] = ()

    def note(self, game: str, code: str) -> str:
        """One line for a build: how many, and how to list them ('' if none)."""
        parts = [f"{len(found)} {what}{'s' if len(found) != 1 else ''}"
                 for found, what in ((self.stale, "stale text"),
                                     (self.unused, "unused translation")) if found]
        if not parts:
            return ""
        return (f"{' and '.join(parts)} (written for a source text or a name that has "
                f"changed or is gone); printkit check {game} --lang {code} lists them")


def fingerprint(text: str) -> str:
    """A short digest of a source text, as the record keeps it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def leaves(data: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every text of a text file with its key path (grammar keys left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*prefix, str(key)))
    elif isinstance(data, str) and prefix and prefix[-1] not in GRAMMAR \
            and prefix[0] != "units":
        yield prefix, data


def record_of(game: AnyGame, code: str) -> dict[str, str]:
    """The fingerprints of what language `code`'s texts were written for, as they are
    now: of the source text each translation translates, and of the name each article and
    in_text (how running text says a name) was written for."""
    source, text = game.texts.get(game.source_language), game.texts.get(code)
    if source is None or text is None:
        return {}
    given = dict(leaves(source.data)) if code != game.source_language else {}
    record = {".".join(key): fingerprint(given[key]) for key, _ in leaves(text.data)
              if key in given}
    for key, name in grammar(text, source):
        record[".".join(key)] = fingerprint(name)
    return dict(sorted(record.items()))


def grammar(text: TextSource, source: TextSource) -> Iterator[tuple[tuple[str, ...], str]]:
    """Each article and in_text of a text file, with the name it says: the language's own
    name, else the source language's."""
    for section, table in text.data.items():
        if not isinstance(table, dict):
            continue
        for ident, entry in table.items():
            if not isinstance(entry, dict):
                continue
            name = entry.get("name", value(source.data, (section, ident, "name")))
            for key in GRAMMAR:
                if key in entry and isinstance(name, str):
                    yield (section, ident, key), name


def value(data: Any, key: tuple[str, ...]) -> Any:
    for part in key:
        data = data.get(part) if isinstance(data, dict) else None
    return data


def drift(game: AnyGame, code: str, used: set[tuple[str, ...]] | None = None) -> Drift:
    """What of language `code` is stale or translates a text the source lacks; `used`,
    when given, are the keys the game reads (others are reported as unused elsewhere)."""
    source, text = game.texts.get(game.source_language), game.texts.get(code)
    if source is None or text is None:
        return Drift()
    kept, now = game.translated.get(code, {}), record_of(game, code)
    given = dict(leaves(source.data)) if code != game.source_language else {}
    problems = Problems(game.folder.parent)
    stale, unused = [], []
    again = f"then run: printkit translated {game.id} --lang {code}"
    for key, _ in leaves(text.data) if code != game.source_language else ():
        where = problems.where(text.path, line_of(text, key), ".".join(key))
        if key not in given and (used is None or key in used):
            unused.append(Problem(where, f"translates nothing: text/{game.source_language}."
                                  "toml has no such text (it decides what the game says); "
                                  "remove it here, or write it there too"))
        elif kept.get(".".join(key), now.get(".".join(key))) != now.get(".".join(key)):
            stale.append(Problem(where, f"the text in text/{game.source_language}."
                                 f"toml changed since this was translated (now "
                                 f"{shorten(given[key])}); translate it again, {again}"))
    for key, name in grammar(text, source):
        dotted = ".".join(key)
        if kept.get(dotted, now[dotted]) != now[dotted]:
            where = problems.where(text.path, line_of(text, key), dotted)
            stale.append(Problem(where, f"written for another name; check that it "
                                 f"fits the name {shorten(name)}, {again}"))
    return Drift(tuple(stale), tuple(unused))


_LOWERS_ANY = re.compile(r"this\s*\|\s*lcfirst\s*(?:}}|\|)")


def lowered_names(game: AnyGame, code: str) -> tuple[Problem, ...]:
    """The in_text forms of a language that lower the first letter of whatever name the
    square gets: after a rename to a proper name they would print it wrongly."""
    text = game.texts.get(code)
    if text is None:
        return ()
    problems = Problems(game.folder.parent)
    return tuple(
        Problem(problems.where(text.path, line_of(text, key), ".".join(key)),
                "lowers the first letter of any name the square gets, a proper name too "
                "(\"de stadhuisplein\"); name the word it lowers: {{ this|lcfirst('"
                + (str(value(text.data, (*key[:2], "name")) or "Keuken").split(" ")[0])
                + "') }}")
        for key, form in leaves_all(text.data) if key[-1] == "in_text"
        and _LOWERS_ANY.search(form))


def leaves_all(data: Any, prefix: tuple[str, ...] = ()
               ) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every text of a text file with its key path."""
    if isinstance(data, dict):
        for key, item in data.items():
            yield from leaves_all(item, (*prefix, str(key)))
    elif isinstance(data, str):
        yield prefix, data


def shorten(text: str, size: int = 60) -> str:
    """A source text quoted in a message, cut after `size` characters."""
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= size else flat[:size - 1] + "…")


def line_of(text: TextSource, key: tuple[str, ...]) -> int:
    for end in range(len(key), 0, -1):
        if key[:end] in text.lines:
            return text.lines[key[:end]]
    return 0
