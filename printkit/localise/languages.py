"""Languages as data: templates/languages/<code>/language.toml (or a game's languages/).

Resolves what users type (`no`, `nb-NO`, `dansk`, …) to a language code.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from string import Formatter

from babel import Locale, UnknownLocaleError

from printkit.errors import PrintkitError, Problems
from printkit.load.tables import read_toml
from printkit.resources import builtin

MAX_NUMBER_WORDS = 100  # a language writes at most the numbers 1 to 100 as words


@dataclass(frozen=True)
class Language:
    """One language: its CLDR locale, typography and where its label catalog is."""

    code: str
    name: str
    locale: str
    aliases: tuple[str, ...]
    quotes: tuple[str, str, str, str]
    ordinal: str
    folder: Path
    number_words: tuple[str, ...] = ()  # the words for 1, 2, 3, … (the `words` filter)
    overlay: Path | None = None  # a game's messages.po holding only the labels it changes

    @property
    def catalog(self) -> Path:
        """The whole label catalog: the built-in one of this language if there is one
        (a game's own messages.po then only changes labels), else the definition's."""
        builtin_catalog = builtin("templates") / "languages" / self.code / "messages.po"
        return builtin_catalog if builtin_catalog.is_file() else self.folder / "messages.po"

    @property
    def catalogs(self) -> tuple[Path, ...]:
        """The catalog, then the game's labels that change it (if any)."""
        return (self.catalog,) if self.overlay is None else (self.catalog, self.overlay)


def language_dirs(game_folder: Path | None) -> list[Path]:
    """Folders holding language definitions: the game's own first, then the built-in ones."""
    dirs = []
    if game_folder is not None and (game_folder / "languages").is_dir():
        dirs.append(game_folder / "languages")
    dirs.append(builtin("templates") / "languages")
    return dirs


def load_languages(game_folder: Path | None = None) -> dict[str, Language]:
    """Every language defined for a game (its own definitions win over built-in ones)."""
    problems = Problems(game_folder.parent if game_folder else None)
    found: dict[str, Language] = {}
    for folder in reversed(language_dirs(game_folder)):
        for path in sorted(folder.glob("*/language.toml")):
            lang = _language(path, problems)
            if lang is not None:
                found[lang.code] = lang
    if game_folder is not None:
        for path in sorted((game_folder / "languages").glob("*/messages.po")):
            code = path.parent.name
            if code not in found:
                problems.add(problems.where(path), f"no language '{code}' to change the labels"
                             f" of; add languages/{code}/language.toml (see templates/"
                             f"languages/nl/language.toml) or use one of "
                             f"{', '.join(sorted(found))}")
            elif path != found[code].catalog:
                found[code] = replace(found[code], overlay=path)
    problems.raise_if_any()
    return found


def _language(path: Path, problems: Problems) -> Language | None:
    doc = read_toml(path, problems)
    if doc is None:
        return None
    d = doc.data
    code = path.parent.name
    quotes = d.get("quotes", [])
    if not (isinstance(quotes, list) and len(quotes) == 4 and all(isinstance(q, str)
                                                                  for q in quotes)):
        problems.add(doc.where("quotes"), 'write four marks: ["open", "close", "nested open",'
                     ' "nested close"]')
        return None
    try:
        Locale.parse(str(d.get("locale", code)))
    except (ValueError, UnknownLocaleError):
        problems.add(doc.where("locale"), f"'{d.get('locale')}' is not a CLDR locale;"
                     " use e.g. nb_NO")
        return None
    aliases = d.get("aliases", [])
    if not (isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)):
        problems.add(doc.where("aliases"), 'write the aliases as a list of texts, e.g. '
                     '["nl-nl", "dutch"]')
        return None
    ordinal = d.get("ordinal", "{n}.")
    if not _ordinal_ok(ordinal):
        problems.add(doc.where("ordinal"), 'write the ordinal with {n} for the number, e.g. '
                     '"{n}." or "{n}e"')
        return None
    words = d.get("number_words", [])
    if not (isinstance(words, list) and len(words) <= MAX_NUMBER_WORDS
            and all(isinstance(w, str) and w.strip() for w in words)):
        problems.add(doc.where("number_words"), "write the words for one, two, three, … as a "
                     f'list of at most {MAX_NUMBER_WORDS} texts, e.g. ["one", "two", "three"]')
        return None
    return Language(code, str(d.get("name", code)), str(d.get("locale", code)),
                    tuple(_normal(a) for a in aliases), tuple(quotes), ordinal, path.parent,
                    tuple(words))


def _ordinal_ok(pattern: object) -> bool:
    """A pattern such as '{n}e': text with the field {n} and nothing else in braces."""
    if not isinstance(pattern, str):
        return False
    try:
        parts = list(Formatter().parse(pattern))
    except ValueError:
        return False
    return {(name, spec, conv) for _, name, spec, conv in parts if name is not None} == {
        ("n", "", None)}


def _normal(text: str) -> str:
    """Lower-case, '-' for '_', without an encoding or @modifier suffix."""
    text = re.sub(r"[.@].*$", "", text.strip().lower())
    return text.replace("_", "-")


def resolve(text: str, languages: Mapping[str, Language]) -> str:
    """The language code for what a user typed; raises a PrintkitError listing the choices."""
    wanted = _normal(text)
    for lang in languages.values():
        if wanted == lang.code or wanted in lang.aliases:
            return lang.code
    unsupported = builtin("templates") / "languages" / "unsupported.toml"
    refused = tomllib.loads(unsupported.read_text("utf-8")) if unsupported.is_file() else {}
    for code, entry in refused.items():
        if wanted == code or wanted in [_normal(a) for a in entry.get("aliases", [])]:
            raise PrintkitError(f"--lang {text}: {entry['message']}")
    raise PrintkitError(f"--lang {text}: unknown language; choose {_choices(languages)} or "
                        "all")


def _choices(languages: Mapping[str, Language]) -> str:
    return ", ".join(f"{c} ({lang.name})" for c, lang in sorted(languages.items()))


@dataclass(frozen=True)
class Asked:
    """--lang values resolved: each part as typed with its code ("all": every language of
    the game). No parts: none was given (the game's source language is built)."""

    parts: tuple[tuple[str, str], ...] = ()

    @property
    def codes(self) -> frozenset[str] | None:
        """The codes asked for; None when all of a game's are (or none was given: then
        every text file is read, as the game's languages are not known yet)."""
        codes = frozenset(code for _, code in self.parts)
        return None if not codes or "all" in codes else codes


def asked(texts: Iterable[str], languages: Mapping[str, Language]) -> Asked:
    """The --lang values (repeatable, each maybe a comma-separated list) resolved to codes;
    an unknown one is refused, and so are values that name no language at all."""
    texts = tuple(texts)
    parts = [part.strip() for text in texts for part in text.split(",") if part.strip()]
    if texts and not parts:  # --lang '' built nothing and said "0 files written"
        raise PrintkitError(f"--lang '{','.join(texts)}': names no language; choose "
                            f"{_choices(languages)} or all")
    return Asked(tuple((part, "all" if _normal(part) == "all" else resolve(part, languages))
                       for part in parts))


def chosen(wanted: Asked, game_languages: tuple[str, ...], source: str,
           languages: Mapping[str, Language], game: str = "the game") -> tuple[str, ...]:
    """The codes to build, in the order asked; `all` means every language of the game, none
    asked the source language. A language the game does not offer is refused, naming
    those it offers."""
    if not wanted.parts:
        return (source,)
    codes: list[str] = []
    for part, code in wanted.parts:
        new = list(game_languages) if code == "all" else [code]
        if code != "all" and code not in game_languages:
            offered = ", ".join(f"{c} ({languages[c].name})" if c in languages else c
                                for c in game_languages)
            raise PrintkitError(f"--lang {part}: {game} is not offered in "
                                f"{languages[code].name}; choose {offered} or all")
        codes.extend(c for c in new if c not in codes)
    return tuple(codes)
