"""The language printkit speaks on the terminal: its summaries, progress, the fixed words
around problems, how to print each file, the messages of every command and the help.

It is, in this order: `--ui-lang`, `ui_lang` under [defaults] in printkit.toml, the locale
(the first of LC_ALL, LC_MESSAGES and LANG that is set: `da_DK.UTF-8` is Danish, `C` and
`POSIX` English), else English. A language is one of printkit's built-in ones (those
with a templates/languages/<code>/messages.po) or English; a locale of any other language
is English too.

The words come from the same catalogs as the printed labels (printkit.localise.catalog
reads one, its plural forms included); English is their msgids. This module reads only
the built-in languages' small language.toml files and one catalog, so that `printkit
--help` stays quick.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from printkit.localise.catalog import Labels, load_labels
from printkit.resources import builtin

ENGLISH = "en"
ENGLISH_NAMES = ("en", "eng", "english", "engels", "engelsk", "c", "posix")
# Nynorsk has no words of its own here: its readers get Bokmål rather than English.
NEAREST = {"nn": "nb", "nno": "nb", "nynorsk": "nb"}
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


@dataclass(frozen=True)
class Tongue:
    """A language the terminal can speak: its code, its own name and what else users
    call it (the aliases of its language.toml)."""

    code: str
    name: str
    aliases: tuple[str, ...] = ()
    locale: str = ""


def normal(text: str) -> str:
    """Lower-case, '-' for '_', without an encoding or @modifier suffix (da_DK.UTF-8 is
    da-dk)."""
    return re.sub(r"[.@].*$", "", text.strip().lower()).replace("_", "-")


@cache
def tongues() -> dict[str, Tongue]:
    """English and every built-in language that has a label catalog, by code."""
    found = {ENGLISH: Tongue(ENGLISH, "English", ENGLISH_NAMES[1:])}
    folder = builtin("templates") / "languages"
    for path in sorted(folder.glob("*/messages.po")):
        try:
            data = tomllib.loads((path.parent / "language.toml").read_text("utf-8"))
        except (OSError, ValueError):  # tests/test_languages.py keeps them readable
            continue
        code = path.parent.name
        aliases = tuple(normal(str(a)) for a in data.get("aliases", []))
        found[code] = Tongue(code, str(data.get("name", code)), aliases,
                             str(data.get("locale", code)))
    return found


def code_of(text: str) -> str | None:
    """The terminal language a user's value (--ui-lang, a locale) names, or None: a code,
    an alias (dansk, no, nb-NO), a locale (da_DK.UTF-8), or a language's nearest."""
    wanted = normal(text)
    known = tongues()
    for candidate in (wanted, wanted.split("-")[0]):
        candidate = NEAREST.get(candidate, candidate)
        for tongue in known.values():
            if candidate == tongue.code or candidate in tongue.aliases:
                return tongue.code
    return None


def from_locale(environ: Mapping[str, str]) -> str:
    """The terminal language of the locale: the first of LC_ALL, LC_MESSAGES and LANG that
    is set (as the C library reads them); English if none is, or it is C, POSIX or a
    language printkit does not speak."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return code_of(value) or ENGLISH
    return ENGLISH


def choices() -> str:
    """The languages to choose from, as a message lists them: 'en (English), da (Dansk)'."""
    return ", ".join(f"{t.code} ({t.name})" for t in tongues().values())


@cache
def words(code: str) -> Labels:
    """The terminal's words in a language (English: the msgids as written)."""
    tongue = tongues().get(code)
    if tongue is None or code == ENGLISH:
        return Labels()
    catalog = builtin("templates") / "languages" / code / "messages.po"
    return load_labels(catalog, tongue.locale)
