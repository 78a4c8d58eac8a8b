"""What `localise` hands to `layout`: every text final, plus the colours and sizes needed.

Nothing after this stage formats a number or looks up a translation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from printkit.errors import Where


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
class CardText:
    """One face of a card: a title (with a coloured band when `colour` is set) and blocks."""

    id: str
    title: str
    blocks: tuple[Block, ...] = ()
    band: str = ""
    colour: str | None = None
    footer: str = ""
    full_colour: bool = False  # a back: the colour fills the card and bleed
    framed: bool = False  # a title deed: a thin frame, the colour band inside it


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


@dataclass(frozen=True)
class SquareText:
    """One board square as printed."""

    position: int
    kind: str
    name: str
    value: str = ""
    band: str = ""
    colour: str | None = None
    note: str = ""
    icon: str = ""  # a pictogram other than the kind's own: chest, ferry, bulb, parking, …
    colours: tuple[str, ...] = ()  # the pawns of the "pawns" pictogram, one per colour


@dataclass(frozen=True)
class BoardText:
    title: str
    tagline: str
    size: float
    corner: float
    background: str
    ink: str
    squares: tuple[SquareText, ...]
    deck_labels: tuple[tuple[str, str], ...]  # (name, colour) of card piles in the centre
    accent: str = "#7A1F2B"  # the colour of the title banner in the centre


@dataclass(frozen=True)
class RoundText:
    number: int
    state_code: str
    state_name: str


@dataclass(frozen=True)
class ScorepadText:
    title: str
    player: str
    date: str
    columns: tuple[str, ...]
    rounds: tuple[RoundText, ...]
    entries_per_round: int
    formula: str
    example: str
    legend: tuple[str, ...]
    total: str
    ranking_title: str
    ranking_columns: tuple[str, ...]
    place_labels: tuple[str, ...]


@dataclass(frozen=True)
class LinesText:
    id: str
    title: str
    line: str
    instruction: str
    buyoff: str
    name_label: str


@dataclass(frozen=True)
class LinesSet:
    """The penalty-line sheets of a game."""

    sheets: tuple[LinesText, ...]


@dataclass(frozen=True)
class BookHeading:
    """A chapter (level 1, listed in the contents), section (2) or subsection (3)."""

    level: int
    text: str


Span = tuple[str, str]  # a run of text and its font role: regular, bold, italic, bolditalic


@dataclass(frozen=True)
class BookPara:
    """A paragraph; kind is body, item (with its marker: •, – or 1.) or note (boxed).
    `spans` hold the text in its faces (empty: all regular); `depth` 1 is a nested item."""

    text: str
    kind: str = "body"
    marker: str = ""
    spans: tuple[Span, ...] = ()
    depth: int = 0


@dataclass(frozen=True)
class BookTable:
    """A table (generated from the game data, or written in the rules); the first row
    holds the column heads; `align` per column: left, right or centre."""

    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()


@dataclass(frozen=True)
class BookImage:
    """A picture of the game folder, its size in pixels, and its alternative text."""

    path: str
    pixels: tuple[int, int]
    alt: str = ""


BookBlock = BookHeading | BookPara | BookTable | BookImage


@dataclass(frozen=True)
class BookletText:
    """The rule booklet: cover title and subtitle, the contents heading and the blocks."""

    title: str
    subtitle: str
    contents: str
    blocks: tuple[BookBlock, ...]
    source: str = ""  # the rules file, as shown in problems
    source_text: str = field(default="", compare=False, repr=False)  # its template text

    def where(self, found: str, other: Where) -> Where:
        """The rules file at the first line holding `found` (text or a character); `other`
        (the wording file) when the rules file does not hold it: it came from the data."""
        lines = self.source_text.split("\n") if found.strip() else []
        line = next((n for n, text in enumerate(lines, 1) if found in text), 0)
        return Where(self.source, line, other.field) if line else other


@dataclass(frozen=True)
class RegisterRow:
    """One deed in the property register: its name, colour, price, and whether it can
    carry houses."""

    name: str
    colour: str | None
    price: str
    buildings: bool


@dataclass(frozen=True)
class LedgerText:
    """Money ledgers: a sheet per player, a bank sheet and the property register (no bank
    sheet when bank_title is empty, no register without rows)."""

    game: str                      # the game's title, printed in each sheet's heading
    title: str
    player: str
    date: str
    columns: tuple[str, ...]       # turn, description, in, out, balance
    start_label: str               # the first row's description
    start_amount: str              # the starting capital, formatted
    reminder: str                  # a line under the heading (salary, fine)
    bank_title: str
    bank_columns: tuple[str, ...]  # turn, player, description, to the bank, from the bank
    bank_note: str
    register_title: str
    register_columns: tuple[str, ...]  # deed, price, owner, houses, mortgaged
    register_rows: tuple[RegisterRow, ...]


@dataclass(frozen=True)
class TableauCard:
    """One playing card in the ring laid out on the table: its rank ("A", "2", …) and suit
    symbol (♥, ♠), or a joker (with its word as rank and no suit)."""

    rank: str
    suit: str = ""
    red: bool = False
    joker: bool = False


@dataclass(frozen=True)
class TableauText:
    """How to lay a deck of playing cards out as the board: the ring clockwise from the
    start (the first card), what lies in its middle, and the steps of the set-up."""

    game: str
    tagline: str
    title: str
    ring: tuple[TableauCard, ...]
    start: str                           # the caption of the start
    piles: tuple[tuple[str, str], ...]   # (caption, suit symbols) of the piles inside
    steps: tuple[str, ...]
    colour: str                          # the table's colour


Content = (BoardText | Deck | ScorepadText | LinesSet | BookletText | LedgerText
           | TableauText)


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
    text_lines: Mapping[tuple[str | int, ...], int] = field(default_factory=dict, compare=False,
                                            repr=False)  # key path -> line there

    def product(self, name: str) -> Product:
        return next(p for p in self.products if p.name == name)

    def line_of(self, *candidates: tuple[str, ...]) -> int:
        """The line of the first key path that the text file has (0 if none)."""
        lines = self.text_lines
        return next((lines[c] for c in candidates if c in lines), 0)
