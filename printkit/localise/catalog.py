"""The tool's own labels (column heads, card captions) from gettext catalogs.

Each language has templates/languages/<code>/messages.po; it is compiled with Babel when
loaded. Message ids are English; plural forms follow the catalog's CLDR-derived header.
"""

from __future__ import annotations

import copy
import difflib
import io
from dataclasses import dataclass, field
from functools import lru_cache
from gettext import c2py
from pathlib import Path
from string import Formatter
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, PoFileParser
from babel.support import Translations

from printkit.errors import PrintkitError, Problems
from printkit.load.tables import file_problem

MAX_PLURALS = 6  # CLDR: no language has more plural forms (Arabic has six)


@dataclass(frozen=True)
class Labels:
    """Translated labels of one language; `mark` flags a missing translation visibly."""

    translations: Translations = field(compare=False)
    missing: frozenset[str] = frozenset()
    mark: bool = False
    used: set[str] = field(default_factory=set, compare=False)  # message ids looked up

    def __call__(self, message: str, **values: object) -> str:
        self.used.add(message)
        text = self.translations.gettext(message)
        if message in self.missing and self.mark:
            text = f"[{text}]"
        return text.format(**values) if values else text

    def plural(self, singular: str, plural: str, n: int, **values: object) -> str:
        self.used.add(singular)
        text = self.translations.ngettext(singular, plural, n)
        if singular in self.missing and self.mark:
            text = f"[{text}]"
        return text.format(n=n, **values)


def read_catalog(path: Path, locale: str, problems: Problems) -> Catalog | None:
    """Parse a .po file; a syntax error is a located problem."""
    if not path.exists():
        problems.add(problems.where(path), "missing label catalog; copy messages.pot here as"
                     " messages.po and translate it")
        return None
    why = file_problem(path)
    if why is not None:
        problems.add(problems.where(path), why)
        return None
    try:
        stat = path.stat()
        catalog = _parsed(str(path), locale, stat.st_mtime_ns, stat.st_size)
    except OSError as exc:  # unreadable, or gone since it was found
        problems.add(problems.where(path), f"cannot read the file ({exc.strerror or exc})")
        return None
    except PoFileError as exc:
        message = str(exc).removesuffix(f" on {exc.lineno}")
        problems.add(problems.where(path, exc.lineno + 1), f"malformed catalog: {message}")
        return None
    except (ValueError, LookupError) as exc:  # UnicodeDecodeError is a ValueError
        key = b"Plural-Forms" if type(exc) is ValueError else b"charset"
        problems.add(problems.where(path, _header_line(path, key)), "malformed catalog "
                     f"header: {exc}; copy the header of templates/languages/nl/messages.po")
        return None
    if not check_plural_forms(catalog, path, problems):
        return None
    for line, first, key in getattr(catalog, "duplicates", []):
        problems.add(problems.where(path, line, _shown_id(key)), f"this msgid is defined "
                     f"twice (first at line {first}); keep one translation")
    check_placeholders(catalog, path, problems)
    return catalog


def _shown_id(key: object) -> str:
    text = str(key[0] if isinstance(key, tuple) else key)
    return text if len(text) <= 60 else text[:59] + "…"


class _Catalog(Catalog):
    """A catalog that refuses more plural forms than any language has (Babel makes a list
    of that many strings for every plural message)."""

    def __init__(self, locale: str) -> None:
        super().__init__(locale=locale)
        self.duplicates: list[tuple[int, int, object]] = []  # (line, first line, msgid)

    def __setitem__(self, id: str | tuple[str, ...] | list[str],
                    message: Any) -> None:
        key = self._key_for(id, message.context)
        first = self._messages.get(key)
        if id and first is not None:
            self.duplicates.append((message.lineno or 0, first.lineno or 0, id))
        super().__setitem__(id, message)

    @property
    def num_plurals(self) -> int:
        n = super().num_plurals
        if not 1 <= n <= MAX_PLURALS:
            raise ValueError(f"Plural-Forms: nplurals={n}; a language has 1 to "
                             f"{MAX_PLURALS} plural forms")
        return n


@lru_cache(maxsize=32)
def _parsed(path: str, locale: str, mtime: int, size: int) -> Catalog:
    """A .po file parsed once per process (checking and building both read it)."""
    catalog = _Catalog(locale=locale)
    with open(path, "rb") as fh:
        PoFileParser(catalog, abort_invalid=True).parse(fh)
    return catalog


def _header_line(path: Path, key: bytes = b"Plural-Forms") -> int:
    """The line of the catalog header that holds `key` (1 if none does)."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError:
        return 1
    return next((i for i, line in enumerate(lines, 1) if key in line), 1)


def check_plural_forms(catalog: Catalog, path: Path, problems: Problems) -> bool:
    """The plural= expression must give a form that exists for every count (gettext would
    fail on a division by zero, and print the English text for a form that is missing)."""
    n, expr = catalog.num_plurals, catalog.plural_expr
    shown = expr if len(expr) <= 60 else expr[:59] + "…"
    where = problems.where(path, _header_line(path), "Plural-Forms")
    try:
        rule = c2py(expr)
        count = next((k for k in range(1000) if not 0 <= rule(k) < n), None)
    except (ValueError, ArithmeticError, RecursionError) as exc:
        problems.add(where, f"plural={shown} is not a plural rule ({exc}); copy it from "
                     "the CLDR rules of the language, e.g. plural=(n != 1)")
        return False
    if count is not None:
        problems.add(where, f"plural={shown} gives form {rule(count)} for {count}, but "
                     f"nplurals={n}: forms are numbered 0 to {n - 1}")
    return count is None


def fields(text: str) -> set[str]:
    """The {placeholders} of a format string (ValueError if its braces are unpaired).

    A placeholder with a format or conversion ({n:>9}, {n!r}) is returned as written, so
    that only plain ones match the English text's.
    """
    return {name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
            for _, name, spec, conv in Formatter().parse(text) if name is not None}


def check_placeholders(catalog: Catalog, path: Path, problems: Problems) -> None:
    """A translation may use only the placeholders of its English text, written plainly;
    the English text's own placeholders must be plain and paired, and no text may hold a
    NUL character (a compiled catalog separates texts with it)."""
    for message in catalog:
        ids = _forms(message.id)
        strings = _forms(message.string)
        if not ids[0]:
            continue
        where = problems.where(path, message.lineno or 0, _shown_id(ids[0]))
        if len(ids) > 2:
            problems.add(where, "more than one msgid_plural; a message has one msgid and "
                         "at most one msgid_plural")
            continue
        if any("\0" in text for text in (*ids, *strings) if text):
            problems.add(where, "a NUL character (\\0) in the text; remove it")
            continue
        try:
            allowed = set().union(*(fields(i) for i in ids))
        except ValueError:
            problems.add(where, "a { or } without its partner in the msgid; printkit's "
                         "msgids are those of templates/messages.pot")
            continue
        if any(":" in name or "!" in name for name in allowed):
            problems.add(where, "a placeholder with a format in the msgid; printkit's "
                         "msgids use plain placeholders such as {n}")
            continue
        allowed |= {"n"} if len(ids) > 1 else set()
        if not allowed:
            continue  # printed as written, braces and all
        for text in strings:
            try:
                used = fields(text or "")
            except ValueError:
                problems.add(where, "a { or } without its partner in the translation; write a "
                             "brace itself as {{ or }}")
                continue
            plain = ", ".join(f"{{{a}}}" for a in sorted(allowed))
            for name in sorted(used - allowed):
                problems.add(where, f"the translation uses {{{name}}}, which the English text "
                             f"does not have; use {plain}")


def untranslated(catalog: Catalog) -> list[tuple[str, int]]:
    """Message ids without a translation (or marked fuzzy), with their line numbers."""
    result = []
    for message in catalog:
        if not message.id:
            continue
        strings = _forms(message.string)
        if message.fuzzy or not all(strings):
            result.append((_forms(message.id)[0], message.lineno or 0))
    return result


def english_labels() -> Labels:
    """The tool's labels as written in the code (English): for a language without a catalog."""
    return Labels(Translations())


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string as its forms (one, or singular and plurals; none is "")."""
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


def read_catalogs(paths: tuple[Path, ...], locale: str, problems: Problems) -> Catalog | None:
    """The first catalog with the translations of the later ones (a game's messages.po
    that changes a few labels) put over it; a label the first does not have is a problem
    of the later one."""
    base = read_catalog(paths[0], locale, problems)
    overlays = [(path, read_catalog(path, locale, problems)) for path in paths[1:]]
    if base is None or any(c is None for _, c in overlays):
        return None
    reported = {(p.where.path, p.where.line) for p in problems.items}  # each problem once
    merged = _Catalog(locale=locale)
    merged.mime_headers = base.mime_headers
    for message in base:
        if message.id:
            merged[message.id] = copy.copy(message)
    for path, overlay in overlays:
        assert overlay is not None
        for message in overlay:
            if not message.id or message.fuzzy or not all(
                    message.string if isinstance(message.string, tuple) else (message.string,)):
                continue  # not translated here: the built-in label stays
            key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
            if (problems.where(path).path, message.lineno or 0) in reported:
                continue  # already named for what is wrong with it
            if base.get(message.id) is None:
                close = difflib.get_close_matches(key, [str(m.id) for m in base if m.id], 1)
                hint = f"did you mean '{close[0]}'?" if close else "copy the msgid from " \
                    "the language's built-in messages.po"
                problems.add(problems.where(path, message.lineno or 0, key), "the built-in labels "
                             f"have no such msgid; {hint}")
                continue
            del merged[message.id]  # setting an existing message would keep its string
            merged[message.id] = copy.copy(message)
    return merged


def load_labels(paths: Path | tuple[Path, ...], locale: str,
                mark_missing: bool = False) -> Labels:
    """Compile a catalog (and the game's changes to it) with Babel; return its labels."""
    paths = (paths,) if isinstance(paths, Path) else paths
    problems = Problems(paths[-1].parent.parent)
    catalog = read_catalogs(paths, locale, problems)
    if catalog is None or problems:
        raise PrintkitError(problems.items)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    missing = frozenset(key for key, _ in untranslated(catalog))
    return Labels(Translations(buffer), missing, mark_missing)
