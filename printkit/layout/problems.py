"""Layout problems (text that will not fit, characters the font lacks), named by item."""

from __future__ import annotations

from collections.abc import Callable

from printkit.errors import Problems, Where
from printkit.layout.fonts import lacking
from printkit.layout.text import missing_glyphs
from printkit.localise.kit import Kit


def item_where(kit: Kit, item: str) -> Where:
    """Where to report a layout problem of `item` whose texts have no place of their own
    (a score pad, a ledger): the language's text file."""
    return Where(kit.text_file or f"{kit.game}/text/{kit.lang}.toml", 0, item)


def check_glyphs(texts: list[str], where: Where, problems: Problems,
                 where_of: Callable[[str], Where] | None = None) -> bool:
    """Report characters the fonts in use cannot draw (at where_of(character) if given);
    True if all are drawable."""
    missing = missing_glyphs(texts)
    for ch in missing:
        fonts = lacking(ch)
        message = f"character '{ch}' (U+{ord(ch):04X}) is not in {fonts}"
        if fonts == "the bundled font":
            message += "; replace it"
        else:
            message += f", in {excerpt(texts, ch)}; replace it or choose a font that has it"
        problems.add(where_of(ch) if where_of else where, message)
    return not missing


def excerpt(texts: list[str], ch: str) -> str:
    """The first text holding `ch`, quoted (cut to about 40 characters round it)."""
    text = next(t for t in texts if ch in t)
    at = text.index(ch)
    start, end = max(0, at - 20), min(len(text), at + 20)
    return "'" + ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "") + "'"


def too_long(where: Where, problems: Problems, minimum: float) -> None:
    problems.add(where, f"text does not fit even at {minimum:g} pt; shorten it")


HOUSE_SIZE = 8.0  # pt: running text that had to shrink below this prints, but is noted
HOUSE_TABLE_SIZE = 7.0  # pt: the same for a table's text (a deed's rents, a player aid)


def shrank(where: Where, problems: Problems, size: float, meant: float,
           house: float = HOUSE_SIZE) -> None:
    """Note text that had to shrink below the house size to fit (`meant`: its own size):
    it prints, smaller than a player reads at ease; check lists it (--strict refuses it)."""
    if size < min(house, meant) - 1e-9:
        problems.note(where, f"the text shrank to {size:g} pt to fit (its size is "
                      f"{meant:g} pt, the house minimum {house:g} pt); shorten it")
