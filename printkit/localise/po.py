"""Reading a gettext catalog (.po file): its header and its messages, each with its line.

The grammar is gettext's: entries of `msgctxt`, `msgid`, `msgid_plural` and `msgstr` /
`msgstr[N]` lines, each followed by any number of further "quoted" lines, and `#` comments
(`#, fuzzy` marks a translation as not yet done; `#~` lines are obsolete entries, skipped).
The file is read in the encoding its header names (`Content-Type: ...; charset=...`).
A line that breaks the grammar is a `PoError` naming the line.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass, field

Plurals = tuple[int, str]  # nplurals and the plural= rule of a catalog
DEFAULT_PLURALS: Plurals = (2, "(n != 1)")  # gettext's own default, when the header names none
MAX_PLURALS = 6  # CLDR: no language has more plural forms (Arabic has six)
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
ESCAPES = {"\\": "\\", '"': '"', "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r",
           "t": "\t", "v": "\v"}
ESCAPE = re.compile(r'\\([\\abfnrtv"])')
KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d{1,3})\])?)\s+")


class PoError(ValueError):
    """A line of a catalog that breaks the grammar."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Message:
    """One entry: its msgid (and msgid_plural), its msgstr forms, where it starts."""

    id: str
    line: int  # its first (msgctxt or msgid)
    plural: str | None = None
    strings: tuple[str, ...] = ("",)  # msgstr, or msgstr[0], msgstr[1], ...
    context: str | None = None
    fuzzy: bool = False

    @property
    def ids(self) -> tuple[str, ...]:
        """The msgid, and the msgid_plural if there is one."""
        return (self.id,) if self.plural is None else (self.id, self.plural)

    @property
    def translated(self) -> bool:
        """Every form of its msgstr filled in, and not marked fuzzy."""
        return not self.fuzzy and all(self.strings)


@dataclass(frozen=True)
class Catalog:
    """A parsed catalog: its header fields (lower-case names) and its messages in order."""

    headers: dict[str, str] = field(default_factory=dict)
    messages: tuple[Message, ...] = ()
    plurals: Plurals = DEFAULT_PLURALS


def params(value: str) -> dict[str, str]:
    """The `key=value` parameters of a header field (Content-Type, Plural-Forms)."""
    result = {}
    for part in value.split(";"):
        key, sep, text = part.partition("=")
        if sep:
            result[key.strip().lower()] = text.strip().strip('"')
    return result


def unescape(text: str) -> str:
    """A "quoted" string's text (the C escapes gettext knows replaced; others kept)."""
    body = text[1:-1]
    return ESCAPE.sub(lambda m: ESCAPES[m.group(1)], body) if "\\" in body else body


def header_fields(text: str) -> dict[str, str]:
    """The `Name: value` lines of a header entry's msgstr."""
    result = {}
    for line in text.split("\n"):
        name, sep, value = line.partition(":")
        if sep and name.strip():
            result[name.strip().lower()] = value.strip()
    return result


@dataclass
class _Entry:
    """The entry being read: the lines seen so far."""

    line: int = 0
    context: list[str] | None = None
    ids: list[list[str]] = field(default_factory=list)
    strings: dict[int, list[str]] = field(default_factory=dict)
    fuzzy: bool = False
    into: list[str] | None = None  # where the next "quoted" line goes

    def message(self, forms: int) -> Message:
        """The finished entry (a msgid without msgstr, or a form past `forms`, is a PoError)."""
        first = "".join(self.ids[0])
        if not self.strings:
            raise PoError(self.line, f"msgid \"{_short(first)}\" has no msgstr; add a line "
                          'msgstr "..." with its translation below it')
        plural = "".join(self.ids[1]) if len(self.ids) > 1 else None
        count = forms if plural is not None else 1
        extra = [k for k in self.strings if k >= count]
        if extra:
            raise PoError(self.line, f"msgstr[{max(extra)}] of msgid \"{_short(first)}\": "
                          f"the catalog has {forms} plural forms, numbered from 0 (its header's "
                          "Plural-Forms says how many)"
                          if plural is not None else f"msgid \"{_short(first)}\" has no "
                          f"msgid_plural, so it has one msgstr, not msgstr[{max(extra)}]")
        strings = tuple("".join(self.strings.get(k, [])) for k in range(count))
        context = "".join(self.context) if self.context is not None else None
        return Message(first, self.line, plural, strings, context, self.fuzzy)


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


class _Reader:
    """Reads a catalog's lines into messages, one entry at a time."""

    def __init__(self, plurals: Plurals | Callable[[], Plurals]) -> None:
        self.default = plurals  # unless the header names its own
        self.plurals: Plurals | None = None  # the header's, else the default once needed
        self.charset = "utf-8"  # until the header names its own
        self.headers: dict[str, str] = {}
        self.messages: list[Message] = []
        self.entry = _Entry()

    def finish(self) -> None:
        """Close the entry being read, if it has a msgid."""
        entry, self.entry = self.entry, _Entry()
        if not entry.ids:
            if entry.context is not None:
                raise PoError(entry.line, "msgctxt without a msgid; add the msgid below it")
            return
        if not self.messages and entry.context is None and not "".join(entry.ids[0]):
            message = entry.message(1)  # the header
            self.headers = header_fields(message.strings[0])
            self.charset = _charset(self.headers)
            self.plurals = _plurals(self.headers)
        else:
            message = entry.message(self.forms()[0])
        self.messages.append(message)

    def forms(self) -> Plurals:
        """The catalog's plural forms: its header's, or else the default."""
        if self.plurals is None:
            self.plurals = self.default() if callable(self.default) else self.default
        return self.plurals

    def comment(self, text: str) -> None:
        """A `#` line: a flag line may mark the next entry fuzzy."""
        if self.entry.ids:
            self.finish()
        if text.startswith("#,") and "fuzzy" in (f.strip() for f in text[2:].split(",")):
            self.entry.fuzzy = True

    def keyword(self, number: int, text: str) -> None:
        """A `msg...` line."""
        match = KEYWORD.match(text)
        if match is None:
            word = text.split(None, 1)[0] if text.split() else text
            raise PoError(number, f"'{_short(word)}' is not a line of a catalog: lines start "
                          'with msgid, msgid_plural, msgstr, msgstr[N], msgctxt, "text" or #')
        keyword, index = match.group(1), match.group(2)
        value = _quoted(number, text[match.end():])
        entry = self.entry
        if keyword in ("msgid", "msgctxt") and (entry.ids or
                                                (keyword == "msgctxt" and entry.context)):
            self.finish()
            entry = self.entry
        if keyword == "msgctxt":
            entry.line, entry.context = number, [value]
            entry.into = entry.context
        elif keyword == "msgid":
            if entry.context is None:
                entry.line = number
            entry.ids = [[value]]
            entry.into = entry.ids[0]
        elif keyword == "msgid_plural":
            if len(entry.ids) != 1 or entry.strings:
                raise PoError(number, "msgid_plural belongs right after its msgid")
            entry.ids.append([value])
            entry.into = entry.ids[1]
        else:
            self.translation(number, int(index) if index is not None else 0, value)

    def translation(self, number: int, index: int, value: str) -> None:
        """A msgstr or msgstr[N] line."""
        entry = self.entry
        if not entry.ids:
            raise PoError(number, "msgstr without a msgid; add the msgid above it")
        if index in entry.strings:
            raise PoError(number, f"a second msgstr{f'[{index}]' if index else ''} for "
                          f"msgid \"{_short(''.join(entry.ids[0]))}\"; keep one")
        entry.strings[index] = [value]
        entry.into = entry.strings[index]

    def line(self, number: int, text: str) -> None:
        """One line of the file, without its line break."""
        text = text.strip()
        if not text:
            return
        if text.startswith("#"):
            if text.startswith("#~"):
                return  # an obsolete entry: gettext keeps it only as a record
            self.comment(text)
        elif text.startswith('"'):
            if self.entry.into is None:
                raise PoError(number, 'a "quoted" line that follows no msgid, msgstr or '
                              "msgctxt; join it to the text it belongs to")
            self.entry.into.append(_quoted(number, text))
        else:
            self.keyword(number, text)


def _quoted(number: int, text: str) -> str:
    """The text of a "quoted" string that makes up the whole rest of a line."""
    text = text.strip()
    if QUOTED.fullmatch(text) is None:
        raise PoError(number, 'a text must be written in double quotes, with \\" for a quote '
                      'inside it: "..."')
    return unescape(text)


def _plurals(headers: dict[str, str]) -> Plurals | None:
    """The header's nplurals and plural rule (None if it has no Plural-Forms);
    ValueError if nplurals is no number from 1 to MAX_PLURALS."""
    if "plural-forms" not in headers:
        return None
    rule = params(headers["plural-forms"])
    value = rule.get("nplurals", str(DEFAULT_PLURALS[0]))
    try:
        count = int(value)
    except ValueError:
        count = 0
    if not 1 <= count <= MAX_PLURALS:
        raise ValueError(f"Plural-Forms: nplurals={value}; a language has 1 to "
                         f"{MAX_PLURALS} plural forms")
    return count, rule.get("plural", DEFAULT_PLURALS[1])


def _charset(headers: dict[str, str]) -> str:
    name = params(headers.get("content-type", "")).get("charset", "utf-8")
    return codecs.lookup(name).name


def read(data: bytes, plurals: Plurals | Callable[[], Plurals] = DEFAULT_PLURALS) -> Catalog:
    """Parse a catalog's bytes; `plurals` (or what it gives, asked only when needed) hold
    unless the header has Plural-Forms.
    PoError for a line that breaks the grammar or is not in the file's encoding;
    ValueError for a bad nplurals, LookupError for an unknown charset."""
    reader = _Reader(plurals)
    data = data.removeprefix(codecs.BOM_UTF8)  # as some editors save UTF-8
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise PoError(1, 'the file is saved as UTF-16 ("Unicode"); save it as UTF-8')
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            text = raw.decode(reader.charset)
        except UnicodeDecodeError as exc:
            raise PoError(number, f"this line is not {reader.charset} text (byte "
                          f"0x{raw[exc.start]:02x}); save the file as UTF-8") from None
        reader.line(number, text)
    reader.finish()
    return Catalog(reader.headers, tuple(reader.messages), reader.forms())
