"""What `localise` hands to `layout`: every text final, plus the colours and sizes needed.

Nothing after this stage formats a number or looks up a translation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from printkit.errors import Problem, Where
from printkit.model.common import Located

if TYPE_CHECKING:
    from printkit.localise.kit_board import BoardText
    from printkit.localise.kit_booklet import BookletText
    from printkit.localise.kit_report import ReportText
    from printkit.localise.kit_sheets import LedgerText, LinesSet, ScorepadText
    from printkit.localise.kit_tableau import TableauText


@dataclass(frozen=True)
class Row:
    """A label with its value, e.g. ('Aankoop (hand)', '15 klappen')."""

    label: str
    value: str


@dataclass(frozen=True)
class Para:
    """A paragraph; style is body, small, strong or note."""

    text: str
    style: str = "body"


@dataclass(frozen=True)
class Heading:
    """A heading between a card's paragraphs."""

    text: str


@dataclass(frozen=True)
class Table:
    """A table on a card; the first row holds the column heads.

    `weights` share out the width (default: equal columns), `fills` colour each head cell
    (None: light grey), `align` places each column's text (left, right or centre) and
    `strong_first` sets the first column in bold (e.g. the dice sums).
    """

    rows: tuple[tuple[str, ...], ...]
    weights: tuple[float, ...] = ()
    fills: tuple[str | None, ...] = ()
    align: tuple[str, ...] = ()
    strong_first: bool = False


Block = Row | Para | Heading | Table


@dataclass(frozen=True)
class CardText(Located):
    """One face of a card: a title (with a coloured band when `colour` is set) and blocks;
    `where` its wording is written (its layout's problems are reported there)."""

    id: str
    title: str
    blocks: tuple[Block, ...] = ()
    band: str = ""
    colour: str | None = None
    footer: str = ""
    full_colour: bool = False  # a back: the colour fills the card and bleed
    framed: bool = False  # a title deed: a thin frame, the colour band inside it
    mark: int = -1  # a street's deed: its group's place among the board's groups (symbol)


@dataclass(frozen=True)
class Deck:
    """Cards printed together: their format, fronts and backs in the same order; a
    player aid (`per_player`) is printed once for every player."""

    name: str
    title: str
    card_format: str
    fronts: tuple[CardText, ...]
    backs: tuple[CardText, ...]
    per_player: bool = False


# what a product holds: a deck here, the other kinds in kit_board, kit_sheets, kit_booklet,
# kit_tableau and kit_report (imported only by the products that have them)
Content = Union[Deck, "BoardText", "ScorepadText", "LinesSet", "BookletText",
                "LedgerText", "TableauText", "ReportText"]


@dataclass(frozen=True)
class Product:
    """One printable part of a kit: its file name, document title and content."""

    name: str
    title: str
    content: Content


Making = Callable[[], tuple[str, Content]]  # makes a product's title and content


def chosen(makers: dict[str, Making], only: tuple[str, ...] = ()) -> tuple[Product, ...]:
    """The products named in `only` (all of them if it is empty), in the order of `makers`.
    Only those are made: a build of one deck need not localise the rest of the game."""
    return tuple(Product(name, *make()) for name, make in makers.items()
                 if not only or name in only)


@dataclass(frozen=True)
class PrintText:
    """The tool's own words on print aids: the assembly map of the tiled board."""

    assembly_title: str = ""
    assembly_steps: tuple[str, ...] = ()


@dataclass(frozen=True)
class CalibrationText:
    """The words on the duplex calibration sheet."""

    title: str
    steps: tuple[str, ...]
    horizontal: str
    vertical: str
    back: str


@dataclass(frozen=True)
class Kit:
    """A whole game in one language, ready to lay out."""

    game: str
    lang: str
    title: str
    creator: str
    products: tuple[Product, ...]
    print_text: PrintText = PrintText()
    text_file: str = ""  # the wording of this language, as shown in problems
    game_file: str = ""  # the game's game.toml, as shown in problems
    notes: tuple[Problem, ...] = ()  # what a build says of this language (stale texts)
    # the labels printed from catalogs of the game folder, each with where it is written
    labels_at: tuple[tuple[str, Where], ...] = ()

    def product(self, name: str) -> Product:
        return next(p for p in self.products if p.name == name)
