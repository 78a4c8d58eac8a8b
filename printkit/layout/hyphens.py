"""Where a line may break: hyphenation points of a word (LibreOffice's patterns, through
pyphen) and the spaces that must not break (a number with its unit or currency, a short
parenthesised formula).

Patterns are data shipped with pyphen, so the same word always breaks at the same points:
output stays reproducible.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyphen

NBSP = "\u00a0"
PATTERNS = {"nl": "nl_NL", "nb": "nb_NO", "da": "da_DK"}
MIN_PART = 2  # letters kept on each side of a break ("ge-" and "-ne" at least)
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
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    """The language's patterns, read when a word of it first needs breaking."""
    import pyphen

    name = PATTERNS.get(lang)
    return pyphen.Pyphen(lang=name, left=MIN_PART, right=MIN_PART) if name else None


@lru_cache(maxsize=65536)
def breaks(word: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Every way to break `word` in `lang`, shortest head first: (head as printed at the
    line's end, tail). After an existing hyphen the head keeps it and adds none; a word
    with digits or a no-break space is never hyphenated (only at its own hyphens)."""
    out: list[tuple[str, str]] = []
    dic = _dictionary(lang)
    start = 0
    for part in re.split(r"(?<=-)", word):
        end = start + len(part)
        if dic is not None and part.rstrip("-").isalpha():
            out += [(word[:start + at] + "-", word[start + at:])
                    for at in dic.positions(part.rstrip("-"))]
        if part.endswith("-") and end < len(word):
            out.append((word[:end], word[end:]))
        start = end
    return tuple(out)
