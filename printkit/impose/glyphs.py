"""Glyph coverage of whole pages (printkit.layout.coverage): each page of a document, as it
is read (by render, or by `check`), draws the pictograms its fonts lack from the bundled
face, with a warning, and any other character a role's font lacks is an error naming the
character, the font file, the role, and the page and text where it is used."""

from __future__ import annotations

from dataclasses import replace

from printkit.errors import Problems, Where
from printkit.impose.page import Document, Page
from printkit.layout.coverage import Found, covered_ops, named
from printkit.layout.fonts import BUNDLED, THEME_KEYS, chosen_path, font_path
from printkit.lazy import Lazy


def covered(doc: Document, where: Where, problems: Problems) -> Document:
    """The document, its pages covered as they are read; each character a role's font lacks
    is reported once per document. `where` is the game file that chooses the fonts."""
    pages, told = doc.pages, set[tuple[str, str, bool]]()

    def page(i: int) -> Page:
        original = pages[i]
        found = Found()
        ops = covered_ops(original.ops, found)
        used = f"{doc.name}.pdf p{i + 1}"
        for borrowed, uses in ((True, found.borrowed), (False, found.missing)):
            for (role, ch), text in uses.items():
                if (role, ch, borrowed) not in told:
                    told.add((role, ch, borrowed))
                    report(role, ch, f"{used} in '{excerpt(text)}'", borrowed, where,
                           problems)
        return original if ops is original.ops else replace(original, ops=ops)

    return replace(doc, pages=Lazy(len(pages), page))


def excerpt(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"


def report(role: str, ch: str, used: str, borrowed: bool, where: Where,
           problems: Problems) -> None:
    """A borrowed pictogram (a warning) or a character no font of the role has (an error):
    what, in which font file and role, where it is used, and what to do."""
    key = THEME_KEYS.get(role, role)
    chosen = chosen_path(role)
    font = f"the font {font_path(role).name} ({key})" if chosen else \
        f"the bundled font {font_path(role).name} ({key})"
    said = f"{named(ch)} is not in {font}, used on {used}"
    if borrowed:
        problems.warn(where.at(f"theme.fonts.{key}"), f"{said}: it is drawn in the bundled "
                      f"{font_path(role + BUNDLED).name} instead")
    elif chosen:
        problems.add(where.at(f"theme.fonts.{key}"), f"{said}; choose a {key} font that has "
                     "it")
    else:
        problems.add(where.at(used.split(" in ")[0]), f"{said}; replace the character or "
                     f"choose a {key} font that has it under [theme.fonts]")
