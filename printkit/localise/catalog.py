"""The tool's own labels (column heads, card captions) from gettext catalogs.

Each language has templates/languages/<code>/messages.po, read by printkit.localise.po
when it is loaded (no compiled .mo file). Message ids are English; plural forms follow the
catalog's CLDR-derived header.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from gettext import c2py
from pathlib import Path
from string import Formatter

from printkit.errors import PrintkitError, Problems
from printkit.files import file_problem
from printkit.localise.po import Catalog, Message, Plurals, PoError, read


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it, which pybabel finds)
    """A message marked for the catalogs (templates/messages.pot) but put into words only
    where it is shown: a help text declared before the user's language is known."""
    return message


def _english_form(n: int) -> int:
    return int(n != 1)


@dataclass(frozen=True)
class Labels:
    """Translated labels of one language (msgid -> its forms, none empty, chosen by the
    plural rule `form`); `mark` flags a missing translation visibly."""

    texts: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    form: Callable[[int], int] = field(default=_english_form, compare=False)
    missing: frozenset[str] = frozenset()
    mark: bool = False
    used: set[str] = field(default_factory=set, compare=False)  # message ids looked up

    def __call__(self, message: str, **values: object) -> str:
        self.used.add(message)
        forms = self.texts.get(message)
        text = forms[0] if forms else message
        if message in self.missing and self.mark:
            text = f"[{text}]"
        return text.format(**values) if values else text

    def plural(self, singular: str, plural: str, n: int, **values: object) -> str:
        self.used.add(singular)
        forms = self.texts.get(singular)
        index = self.form(n) if forms else _english_form(n)
        text = forms[index] if forms and index < len(forms) else (singular, plural)[min(index, 1)]
        if singular in self.missing and self.mark:
            text = f"[{text}]"
        return text.format(n=n, **values)


def read_catalog(path: Path, locale: str, problems: Problems,
                 plurals: Plurals | None = None) -> Catalog | None:
    """Parse a .po file; a syntax error is a located problem. A header without
    Plural-Forms takes `plurals` (a game's few changed labels: those of the catalog they
    change), or else the language's own."""
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
        catalog, findings, usable = _checked(str(path), stat.st_mtime_ns, stat.st_size,
                                             plurals or locale)
    except OSError as exc:  # unreadable, or gone since it was found
        problems.add(problems.where(path), f"cannot read the file ({exc.strerror or exc})")
        return None
    except PoError as exc:
        problems.add(problems.where(path, exc.line), f"malformed catalog: {exc}")
        return None
    except (ValueError, LookupError) as exc:
        key = b"Plural-Forms" if isinstance(exc, ValueError) else b"charset"
        problems.add(problems.where(path, _header_line(path, key)), "malformed catalog "
                     f"header: {exc}; copy the header of templates/languages/nl/messages.po")
        return None
    for line, name, message in findings:
        problems.add(problems.where(path, line, name), message)
    return catalog if usable else None


def _language_plurals(locale: str) -> Plurals:
    """The plural forms gettext uses for a language (from Babel's table of them)."""
    from babel.messages.plurals import get_plural

    rule = get_plural(locale)
    return rule.num_plurals, rule.plural_expr


def duplicates(catalog: Catalog) -> list[tuple[int, int, str]]:
    """(line, line of the first, msgid) of each message whose msgid and context an
    earlier one has."""
    first: dict[tuple[str | None, str], int] = {}
    result = []
    for message in catalog.messages:
        key = (message.context, message.id)
        if message.id and key in first:
            result.append((message.line, first[key], message.id))
        first.setdefault(key, message.line)
    return result


def _shown_id(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


Finding = tuple[int, str, str]  # line, field, what is wrong


@lru_cache(maxsize=32)
def _checked(path: str, mtime: int, size: int,
             plurals: Plurals | str) -> tuple[Catalog, tuple[Finding, ...], bool]:
    """A .po file parsed and checked once per version of the file (checking and building
    both read it, each language's labels more than once): the catalog, what is wrong in
    it, and whether it can be used (its plural rule works). A header without Plural-Forms
    takes `plurals`, or those of the language `plurals` names."""
    with open(path, "rb") as fh:
        data = fh.read()
    catalog = read(data, partial(_language_plurals, plurals) if isinstance(plurals, str)
                   else plurals)
    found, at = Problems(), Path(path)
    usable = check_plural_forms(catalog, at, found)
    if usable:
        for line, first, msgid in duplicates(catalog):
            found.add(found.where(at, line, _shown_id(msgid)), "this msgid is defined "
                      f"twice (first at line {first}); keep one translation")
        check_placeholders(catalog, at, found)
    return catalog, tuple((p.where.line, p.where.field, p.message) for p in found.items), \
        usable


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
    n, expr = catalog.plurals
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


def _named(text: str) -> set[str]:
    """The placeholders a text seems to use ({n}, {player}), whether or not its braces pair
    up elsewhere."""
    return set(re.findall(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})", text))


def check_placeholders(catalog: Catalog, path: Path, problems: Problems) -> None:
    """A translation may use only the placeholders of its English text, written plainly;
    the English text's own placeholders must be plain and paired, and no text may hold a
    NUL character."""
    for message in catalog.messages:
        ids, strings = message.ids, message.strings
        if not ids[0]:
            continue
        where = problems.where(path, message.line, _shown_id(ids[0]))
        if any("\0" in text for text in (*ids, *strings)):
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
        if not allowed:  # printed as written, braces and all: a {placeholder} would show
            for name in sorted(set().union(*(_named(text) for text in strings))):
                problems.add(where, f"the translation uses {{{name}}}, which the English text"
                             " does not have (it takes no values and is printed as written);"
                             " remove it")
            continue
        for text in strings:
            try:
                used = fields(text)
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
    return [(m.id, m.line) for m in catalog.messages if m.id and not m.translated]


def english_labels() -> Labels:
    """The tool's labels as written in the code (English): for a language without a catalog."""
    return Labels()


def read_catalogs(paths: tuple[Path, ...], locale: str, problems: Problems,
                  adding: int = 1) -> Catalog | None:
    """The first catalog with the translations of the later ones put over it. The first
    `adding` catalogs bring labels of their own (printkit's, then a game system's); the
    others (a game's messages.po that changes a few labels) only change labels: one the
    catalogs before them do not have is a problem of theirs."""
    base = read_catalog(paths[0], locale, problems)
    plurals = base.plurals if base is not None else None
    overlays = [(path, read_catalog(path, locale, problems, plurals)) for path in paths[1:]]
    if base is None or any(c is None for _, c in overlays):
        return None
    reported = {(p.where.path, p.where.line) for p in problems.items}  # each problem once
    merged = {(m.context, m.id): m for m in base.messages if m.id}
    for n, (path, overlay) in enumerate(overlays, 2):
        assert overlay is not None
        for message in overlay.messages:
            if not message.id or (n > adding and not message.translated):
                continue  # not translated here: the built-in label stays
            if (problems.where(path).path, message.line) in reported:
                continue  # already named for what is wrong with it
            if n <= adding:  # a label of its own, or its own words for one before it
                if message.translated or (message.context, message.id) not in merged:
                    merged[message.context, message.id] = message
                continue
            if (message.context, message.id) not in merged:
                import difflib  # only for a msgid that is not one

                close = difflib.get_close_matches(message.id, [m.id for m in base.messages
                                                               if m.id], 1)
                hint = f"did you mean '{close[0]}'?" if close else "copy the msgid from " \
                    "the language's built-in messages.po"
                problems.add(problems.where(path, message.line, message.id), "the built-in "
                             f"labels have no such msgid; {hint}")
                continue
            merged[message.context, message.id] = message
    return replace(base, messages=tuple(merged.values()))


def load_labels(paths: Path | tuple[Path, ...], locale: str,
                mark_missing: bool = False, adding: int = 1) -> Labels:
    """Read a catalog (and those that add to it and change it: see `read_catalogs`);
    return its labels."""
    paths = (paths,) if isinstance(paths, Path) else paths
    problems = Problems(paths[-1].parent.parent)
    catalog = read_catalogs(paths, locale, problems, adding)
    if catalog is None or problems:
        raise PrintkitError(problems.items)
    texts = {m.id: _shown_forms(m) for m in catalog.messages
             if m.context is None and not m.fuzzy and any(m.strings)}
    missing = frozenset(key for key, _ in untranslated(catalog))
    return Labels(texts, c2py(catalog.plurals[1]), missing, mark_missing)


def _shown_forms(message: Message) -> tuple[str, ...]:
    """A message's translated forms; a form left empty is the English one (singular for
    the first form, plural for the others)."""
    english = message.ids
    return tuple(text or english[min(i, len(english) - 1)]
                 for i, text in enumerate(message.strings))
