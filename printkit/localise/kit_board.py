"""The board as `localise` hands it to `layout`: its squares and centre, every text final."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.model.common import Located


@dataclass(frozen=True)
class SquareText(Located):
    """One board square as printed; `where` its name is written (its layout's problems
    are reported there)."""

    position: int
    kind: str
    name: str
    value: str = ""
    band: str = ""
    colour: str | None = None
    note: str = ""
    icon: str = ""  # a pictogram other than the kind's own: chest, ferry, bulb, parking, …
    colours: tuple[str, ...] = ()  # the pawns of the "pawns" pictogram, one per colour
    mark: int = -1  # a street's group: its place among the board's groups (its symbol)


@dataclass(frozen=True)
class BoardText:
    """The board in one language: its size and colours, every square's text and the
    labels of the card piles in the centre."""

    title: str
    tagline: str
    size: float
    corner: float
    background: str
    ink: str
    squares: tuple[SquareText, ...]
    deck_labels: tuple[tuple[str, str], ...]  # (name, colour) of card piles in the centre
    accent: str = "#7A1F2B"  # the colour of the title banner in the centre
