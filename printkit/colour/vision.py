"""Can every player tell the colours apart and read the text printed on them?

The group and deck colours are shown as people with each of the three strongest colour
vision deficiencies see them (protanopia, deuteranopia, tritanopia: Machado, Oliveira and
Fernandes 2009, severity 1, applied in linear sRGB), by coloraide. Two groups (or two
decks) whose colours, so seen, differ by less than CONFUSED in CIEDE2000 are hard to tell
apart: side by side they differ, but a square or a deed seen alone is easily taken for the
other group's. Text on a colour is checked against WCAG 2.1's contrast ratio: 4.5:1 for
normal text, 3:1 for large text (18 pt, or 14 pt bold). What falls short is a note for
`check` (never an error): the author decides.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from coloraide import Color

from printkit.colour.contrast import WHITE, ink_on
from printkit.errors import Problem, Where
from printkit.model import AnyGame
from printkit.model.palette import Palette, Swatch, Vision
from printkit.model.theme import COLOURS, Theme

# viewer -> coloraide's filter (None: normal colour vision)
VIEWERS: dict[str, str | None] = {"normal": None, "protanopia": "protan",
                                  "deuteranopia": "deutan", "tritanopia": "tritan"}
PEOPLE = {"normal": "anyone", "protanopia": "protanopes", "deuteranopia": "deuteranopes",
          "tritanopia": "tritanopes"}
CONFUSED = 10.0      # ΔE2000 under which two colours are easily taken for each other
NORMAL_TEXT = 4.5    # WCAG 2.1 contrast ratios (AA)
LARGE_TEXT = 3.0
# theme roles of text printed on white paper: cards, deeds, booklet and sheets
ON_PAPER = ("card_ink", "card_note", "booklet_ink", "booklet_heading", "sheet_ink")


@dataclass(frozen=True)
class ColourNote:
    """Something about a game's colours worth knowing (never an error): `kind` is
    `confused` (two groups or decks look alike to some players; `items` are their ids)
    or `contrast` (text on a colour is hard to read; `items` is what the colour is)."""

    kind: str
    where: Where
    message: str
    items: tuple[str, ...]

    def __str__(self) -> str:
        return str(Problem(self.where, self.message))


def seen(colour: str, viewer: str) -> str:
    """A colour (#RRGGBB) as seen with a colour vision deficiency (`viewer` of VIEWERS)."""
    kind = VIEWERS[viewer]
    if kind is None:
        return colour.upper()
    simulated = Color(colour).filter(kind, method="machado", in_place=False)
    return str(simulated.convert("srgb").clip().to_string(hex=True, upper=True))


def difference(a: str, b: str, viewer: str = "normal") -> float:
    """ΔE2000 between two colours as a viewer sees them."""
    return float(Color(seen(a, viewer)).delta_e(seen(b, viewer), method="2000"))


def contrast(text: str, ground: str) -> float:
    """WCAG 2.1's contrast ratio of text on a ground (1 to 21)."""
    return float(Color(text).contrast(ground, method="wcag21"))


def vision(palette: Palette) -> Vision:
    """A game's groups as each viewer sees them, and the pairs that look alike (the
    report's colour-vision panel)."""
    confused = tuple((a.id, b.id, tuple(v for v in VIEWERS
                                         if difference(a.colour, b.colour, v) < CONFUSED))
                     for a, b in itertools.combinations(palette.groups, 2))
    return Vision(tuple(VIEWERS), tuple((s.id, tuple(seen(s.colour, v) for v in VIEWERS))
                                        for s in palette.groups),
                  tuple(c for c in confused if c[2]))


def confusions(swatches: tuple[Swatch, ...], what: str, advice: str) -> list[ColourNote]:
    """A note for every pair of swatches that some viewer can hardly tell apart."""
    notes = []
    for a, b in itertools.combinations(swatches, 2):
        close = [(viewer, d) for viewer in VIEWERS
                 if (d := difference(a.colour, b.colour, viewer)) < CONFUSED]
        if not close:
            continue
        who = " and ".join(f"{PEOPLE[v]} (ΔE2000 {math.floor(d * 10) / 10:.1f})"
                           for v, d in close)  # rounded down: 9.96 is not "10.0, under 10"
        notes.append(ColourNote(
            "confused", a.where.at("colour") if not a.where.field else a.where,
            f"{what} '{a.id}' ({a.colour}) and '{b.id}' ({b.colour}) are hard to tell apart "
            f"for {who}, under {CONFUSED:g}; {advice}", (a.id, b.id)))
    return notes


def readable(swatch: Swatch, what: str, text: str | None = None) -> ColourNote | None:
    """A note when the text printed on a swatch (black or white as printkit chooses, or
    `text`) falls short of WCAG's contrast."""
    ink = text or ink_on(swatch.colour)
    ratio = contrast(ink, swatch.colour)
    need = LARGE_TEXT if swatch.large else NORMAL_TEXT
    if ratio >= need:
        return None
    name = {"#000000": "black", "#FFFFFF": "white"}.get(ink.upper(), ink)
    return ColourNote(
        "contrast", swatch.where if swatch.where.field else swatch.where.at("colour"),
        f"{what} ({name} on {swatch.colour}) has a contrast of {ratio:.2f}:1, under WCAG's "
        f"{need:g}:1 for {'large' if swatch.large else 'normal'} text; choose a lighter or "
        "darker colour", (swatch.id,))


def colour_notes(palette: Palette, theme: Theme, game_toml: Where) -> list[ColourNote]:
    """Every colour note of a game: groups and decks that look alike to some players,
    and text under WCAG's contrast. With the theme's group symbols on, groups are told
    apart by their symbols too, and their colours are not noted."""
    notes: list[ColourNote] = []
    if not theme.group_symbols:
        notes += confusions(palette.groups, "groups", "set group_symbols = true under "
                            "[theme] in game.toml to print a symbol beside each group's "
                            "colour, or move one colour further from the other")
    notes += confusions(palette.decks, "the decks", "move one colour further from the other")
    checks = [(s, f"text on the colour of group '{s.id}'") for s in palette.groups]
    checks += [(s, f"text on the colour of the deck '{s.id}'") for s in palette.decks]
    checks += [(replace(s, colour=theme.colour(s.id, s.colour)) if COLOURS.get(s.id, "")
                is None else s, f"text on {s.id}") for s in palette.bands]
    found = [readable(s, what) for s, what in checks]
    if palette.ground is not None and palette.ink is not None:
        ground = theme.colour("board_ground", palette.ground.colour)
        ink = theme.colour("board_ink", palette.ink.colour)
        found.append(readable(Swatch("board", ground, palette.ground.where), "the board's text",
                              ink))
    for role in ON_PAPER:
        colour = theme.colour(role)
        found.append(readable(Swatch(role, WHITE, game_toml.at(f"theme.{role}")),
                              f"text in the theme's {role}", colour))
    return notes + [n for n in found if n is not None]


def game_notes(palette_of: Callable[[Any], Palette] | None, game: AnyGame,
               theme: Theme) -> list[ColourNote]:
    """The colour notes of a game read, with the theme it is built with (`palette_of`: its
    system's, None for a system that names no colours: no notes)."""
    if palette_of is None:
        return []
    return colour_notes(palette_of(game), theme, Where(game.where.path, 0))
