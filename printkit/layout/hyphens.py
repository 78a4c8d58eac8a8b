"""Where a line may break inside a word, and the spaces that must not break (a number with
its unit or currency, a short parenthesised formula).

A word breaks, from the most to the least welcome place:

- AUTHOR: at its own hyphens and at the break points its author set (a soft hyphen,
  U+00AD; a name's `|` becomes one when it is read),
- COMPOUND: at the boundary of a compound, before a word-part the language lists in
  `templates/languages/<code>/hyphenation.toml` ("Rådhus-stræde", "Samfunds-kasse"),
- SYLLABLE: between syllables, by that file's `patterns` (LibreOffice's, shipped with
  pyphen).

Callers say how far a word may go: a name in a table cell or a title only at AUTHOR
points, a name on the board also at COMPOUND ones, running text anywhere. Names keep their
source language's form in every edition (a Dutch street on the Danish board), so the
word-parts of every built-in language count for each.

A word's break points are offsets into it, worked out in one pass: memory and time grow
with the word's length, never with its square. Patterns and word-parts are data, so the
same word always breaks at the same points: output stays reproducible.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING

from printkit.layout.fonts import SHY as SHY  # a soft hyphen: printed only at a line end
from printkit.resources import builtin

if TYPE_CHECKING:
    import pyphen

    from printkit.layout.fonts import Metrics

NBSP = "\u00a0"
AUTHOR, COMPOUND, SYLLABLE = 1, 2, 3
MIN_PART = 2  # letters kept on each side of a syllable break ("ge-" and "-ne" at least)
MIN_HEAD = 3  # letters before a compound boundary ("Ny-gade" stays whole)
WELCOME = 0.4  # a compound boundary is taken over a later syllable break if its head
# fills this share of the line
_CURRENCY = r"(?:€|\$|£|kr\.?|Kr\.?|DKK|NOK|EUR|SEK|USD)"
_SIGNS = ("€", "$", "£", "kr", "kr.", "Kr", "Kr.", "DKK", "NOK", "EUR", "SEK", "USD")
_UNIT = _CURRENCY + r"|%|‰|°|mm|cm|m|km|pt|x|×"
_GLUE = (
    re.compile(rf"(?<=\d) (?=(?:{_UNIT})(?:$|[\s.,;:!?)]))"),  # 2.000 kr., 10 %
    re.compile("(?:" + "|".join(rf"(?<={re.escape(sign)})" for sign in _SIGNS)
               + r") (?=[\d−-])"),  # € 1.500, kr 200
    re.compile(r"(?<=\d) (?=\d{3}(?!\d))"),  # 1 500 (grouping with a plain space)
    re.compile(r"(?<=\bpr\.) (?=\w)"),  # pr. hotel (da/nb: per)
    re.compile(r"(?:(?<=kr\.)|(?<=\bkr)|(?<=[€\d])) (?=pr\.)"),  # 2.000 kr. pr.
    re.compile(r"(?<=[×÷]) (?=[\d(])"),  # × 2
)
_PARENS = re.compile(r"\([^()\n]{1,32}\)")
_WORDY = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more: not a formula
_PARTS = re.compile(r"[^\W\d_]+")  # the runs of letters a word's patterns apply to

Point = tuple[int, int]  # (offset: the line ends before word[offset], kind: AUTHOR, …)


@lru_cache(maxsize=65536)
def glue(text: str) -> str:
    """text with the spaces that must not break turned into no-break spaces (remembered:
    the texts of a deck's cards recur)."""
    if " " not in text:
        return text
    for pattern in _GLUE:
        text = pattern.sub(NBSP, text)
    return _PARENS.sub(_formula, text)


def _formula(match: re.Match[str]) -> str:
    inside = match.group(0)
    return inside if _WORDY.search(inside) else inside.replace(" ", NBSP)


@cache
def _settings(lang: str) -> tuple[str, tuple[str, ...]]:
    """The language's pattern name and word-parts (from its hyphenation.toml)."""
    path = builtin("templates") / "languages" / lang / "hyphenation.toml"
    if not lang or not path.is_file():
        return "", ()
    import tomllib  # only when a word is broken

    data = tomllib.loads(path.read_text("utf-8"))
    return str(data.get("patterns", "")), tuple(str(p).lower() for p in data.get("parts", []))


@cache
def word_parts() -> tuple[str, ...]:
    """The word-parts of every built-in language, longest first."""
    folder = builtin("templates") / "languages"
    found = {part for path in folder.glob("*/hyphenation.toml")
             for part in _settings(path.parent.name)[1] if len(part) >= MIN_HEAD}
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


@cache
def _dictionary(lang: str) -> pyphen.HyphDict | None:
    """The language's patterns, read when a word of it first needs breaking between
    syllables."""
    name = _settings(lang)[0]
    if not name:
        return None
    import pyphen

    return pyphen.Pyphen(lang=name).hd


@lru_cache(maxsize=16384)
def points(word: str, lang: str, level: int = SYLLABLE) -> tuple[Point, ...]:
    """Where `word` may break at `level` or better, in order: (offset, kind). A line ends
    with word[:offset] and a hyphen (none after the word's own); the next starts at
    word[offset:]. Only runs of letters break at compounds and syllables: a number, or a
    word glued with a no-break space, breaks at its own hyphens alone."""
    found: dict[int, int] = {}
    # each piece holds a letter or digit: no line of a lone hyphen, no "-|50"
    first = next((at for at, ch in enumerate(word) if ch.isalnum()), len(word))
    last = next((at for at in range(len(word) - 1, -1, -1) if word[at].isalnum()), -1)
    for at, ch in enumerate(word[:-1], 1):
        if ch in ("-", SHY) and first < at <= last:
            found[at] = AUTHOR
    if level > AUTHOR and lang and NBSP not in word and not any(ch.isdigit() for ch in word):
        dic = _dictionary(lang) if level >= SYLLABLE else None
        for run in _PARTS.finditer(word):
            start, part = run.start(), run.group(0)
            if dic is not None:
                for at in syllables(part, dic):
                    found.setdefault(start + at, SYLLABLE)
            for at in compounds(part):
                found[start + at] = min(found.get(start + at, COMPOUND), COMPOUND)
    return tuple(sorted(found.items()))


def compounds(part: str) -> list[int]:
    """Compound boundaries of a run of letters: before each word-part it ends in, taken
    off from the right ("Frederiksberg|gade|kvarteret"), while MIN_HEAD letters stay."""
    low = _lower(part)
    parts = word_parts()
    out = []
    end = len(low)
    while end > MIN_HEAD:
        found = next((p for p in parts if low.endswith(p, 0, end)
                      and end - len(p) >= MIN_HEAD), None)
        if found is None:
            break
        end -= len(found)
        out.append(end)
    return out


def syllables(part: str, dic: pyphen.HyphDict) -> list[int]:
    """Syllable boundaries of a run of letters by the patterns (Liang's method, as pyphen
    does it, without pyphen's cache of every word it was asked about), MIN_PART letters
    kept on each side."""
    low = "." + _lower(part) + "."
    levels = bytearray(len(low) + 1)
    patterns, longest = dic.patterns, dic.maxlen
    for i in range(len(low) - 1):
        for j in range(i + 1, min(i + longest, len(low)) + 1):
            found = patterns.get(low[i:j])
            if found:
                offset, values = found
                for k, value in enumerate(values, i + offset):
                    levels[k] = max(levels[k], int(value))
    return [at - 1 for at in range(MIN_PART + 1, len(part) - MIN_PART + 2) if levels[at] % 2]


def _lower(text: str) -> str:
    """Lower case, letter for letter (offsets stay those of the text)."""
    low = text.lower()
    return low if len(low) == len(text) else "".join(
        ch.lower() if len(ch.lower()) == 1 else ch for ch in text)


def shown(word: str, start: int, end: int, broken: bool) -> str:
    """word[start:end] as printed: without its soft hyphens, and with a hyphen when a
    line ends there (none after the word's own)."""
    piece = word[start:end].replace(SHY, "")
    return piece + "-" if broken and not piece.endswith("-") else piece


def advances(word: str, m: Metrics) -> list[int]:
    """The width of word[:n] for every n (font units; a soft hyphen takes none)."""
    widths, default = m.widths, m.default
    return list(accumulate((0 if ch == SHY else widths.get(ch, default) for ch in word),
                           initial=0))


def split(word: str, m: Metrics, first: float, room: float, lang: str,
          level: int = SYLLABLE) -> list[tuple[str, int]] | None:
    """`word` in pieces as printed, each with its width in font units: the first at most
    `first` wide, the next ones at most `room`, all but the last ending at a break point
    that fills the line best (a compound boundary over a syllable break, unless it leaves
    the line mostly empty). None when the first piece cannot fit `first`, or a stretch
    between two break points is wider than `room`."""
    found = points(word, lang, level)
    if not found:
        return None
    prefix = advances(word, m)
    hyphen = m.units("-")
    out: list[tuple[str, int]] = []
    start, k, limit = 0, 0, first
    while prefix[-1] - prefix[start] > limit:
        best = welcome = -1
        for n in range(k, len(found)):
            at, kind = found[n]
            need = prefix[at] - prefix[start] + (0 if word[at - 1] == "-" else hyphen)
            if need > limit:
                break
            best = n
            if kind <= COMPOUND and need >= WELCOME * limit:
                welcome = n
        chosen = welcome if welcome >= 0 else best
        if chosen < 0:
            return None
        at = found[chosen][0]
        out.append((shown(word, start, at, True),
                    prefix[at] - prefix[start] + (0 if word[at - 1] == "-" else hyphen)))
        start, k, limit = at, chosen + 1, room
    out.append((shown(word, start, len(word), False), prefix[-1] - prefix[start]))
    return out


def narrowest(word: str, m: Metrics, lang: str, level: int) -> int:
    """The width (font units) of the widest piece of `word` broken at every point of
    `level`: the least a column must give the word."""
    prefix = advances(word, m)
    hyphen = m.units("-")
    ends = [0, *(at for at, _ in points(word, lang, level)), len(word)]
    return max(prefix[b] - prefix[a] + (hyphen if b < len(word) and word[b - 1] != "-" else 0)
               for a, b in pairwise(ends))
