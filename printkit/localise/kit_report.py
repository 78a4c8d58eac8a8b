"""The analysis report (`printkit analyse`) as `localise` hands it to `layout`: sections of
blocks, every text and number final.

A section is what one part of the analysis contributes (the landing odds, the balance of
the groups, …): a title and blocks, which the layout flows down the pages. Besides the
kit's paragraphs a block is a table (`Grid`), a bar chart (`Bars`: horizontal bars, or
vertical ones for a histogram), the board with each square shaded by a share
(`HeatBoard`) or a table of colours (`Swatches`).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.localise.kit import Para
from printkit.localise.kit_board import BoardText


@dataclass(frozen=True)
class Cell:
    """A table cell: its text, optionally a colour chip before it, or in bold."""

    text: str
    swatch: str | None = None
    strong: bool = False


@dataclass(frozen=True)
class Grid:
    """A table: the column heads, the rows, the share of the width of each column and
    how each column's text is placed (left, right or centre)."""

    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    weights: tuple[float, ...] = ()
    align: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its length (any unit; the longest bar fills the chart), the
    value printed at its end and its colour."""

    label: str
    value: float
    shown: str
    colour: str
    strong: bool = False


@dataclass(frozen=True)
class Bars:
    """A bar chart: bars across the page, one under the other (`vertical`: side by side,
    upward, as a histogram), with an optional line at `mark` (in the bars' unit) and
    its label, and the axis' caption."""

    bars: tuple[Bar, ...]
    mark: float | None = None
    mark_label: str = ""
    vertical: bool = False
    axis: str = ""


@dataclass(frozen=True)
class HeatBoard:
    """The board as printed (its squares, names and colours), each square shaded by
    `shares[position]` (0: white, the largest share: the darkest) with `shown[position]`
    printed on it; `held` is what the jail corner (at `held_at`) prints in its cell for
    the token in jail, whose share `held_share` shades the cell; the legend's title and
    the shares at its two ends; `numbered` heads the list of the squares whose names do
    not fit them (they show their number)."""

    board: BoardText
    shares: tuple[float, ...]
    shown: tuple[str, ...]
    held: str
    held_share: float
    held_at: int
    legend: str
    low: str
    high: str
    numbered: str = ""


@dataclass(frozen=True)
class Swatches:
    """Colours shown large, in a table: a column per head (e.g. a kind of colour vision),
    a row per label (a group) with its colour in each column."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]


Block = Para | Grid | Bars | HeatBoard | Swatches


@dataclass(frozen=True)
class Section:
    """What one part of the analysis says: a title and its blocks; `page`: it begins on
    a page of its own; `keep`: it is kept on one page (begun on the next when the rest of
    this one is too short for it) whenever it fits on one."""

    title: str
    blocks: tuple[Block, ...]
    page: bool = False
    keep: bool = False


@dataclass(frozen=True)
class ReportText:
    """The whole report: its title, the line under it and its sections in order."""

    title: str
    subtitle: str
    sections: tuple[Section, ...]
    footer: str = ""
