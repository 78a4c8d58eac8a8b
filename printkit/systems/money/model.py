"""The language-neutral classic money game: streets with rent ladders, stations (or
ferries), utilities (or breweries), taxes, one or two card decks, and money in a currency.

Frozen values produced by `load`, checked by `validate`. Every record keeps `where` (file
and line) so later stages can report a problem at the place a user has to edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from printkit.errors import Where
from printkit.model.common import BoardInfo, ById, Entry, Located, Record

LADDER = ("rent", "rent_1", "rent_2", "rent_3", "rent_4", "rent_hotel")  # CSV columns
CORNERS = ("start", "jail", "parking", "go_to_jail")
ACTIONS = {  # card action -> the card keys it needs
    "goto": ("target",),
    "move": ("steps",),
    "nearest": ("kind",),
    "jail": (),
    "pay": ("amount",),
    "collect": ("amount",),
    "repairs": ("per_house", "per_hotel"),
    "collect_from_players": ("amount",),
    "pay_players": ("amount",),
    "get_out_of_jail": (),
}
DECK_ACTIONS = {**ACTIONS, "text": ()}  # a deck card may be only its own title and text
NEAREST = ("station", "utility")  # the kinds of square a `nearest` card moves to


@dataclass(frozen=True)
class Group(Entry):
    """A colour group: its colour and what a house and a hotel cost on its streets."""

    colour: str
    house: int
    hotel: int


@dataclass(frozen=True)
class Plot(Entry):
    """A street of any money game: its colour group, ground price and mortgage value."""

    group: str
    price: int
    mortgage: int


@dataclass(frozen=True)
class Street(Plot):
    """A classic street: a plot with its rent ladder (unbuilt, 1–4 houses, hotel)."""

    rents: tuple[int, ...]  # len(LADDER): unbuilt, 1, 2, 3, 4 houses, hotel


@dataclass(frozen=True)
class Station(Entry):
    """A station or ferry line; its rent depends on how many the owner has."""

    price: int
    mortgage: int


@dataclass(frozen=True)
class Utility(Entry):
    """A utility or brewery; its rent is the dice roll times a factor (by number owned)."""

    price: int
    mortgage: int
    icon: str


@dataclass(frozen=True)
class Tax(Entry):
    """A tax square: a fixed amount, or (when percent > 0) that percentage of one's worth."""

    amount: int
    percent: int


@dataclass(frozen=True)
class Card(Located):
    """One card of a deck. `action` is one of DECK_ACTIONS ('text': a card that is only
    its title and text, of text/<lang>.toml); unused fields are 0 or ''. A `nearest` card
    moves forward to the next square of `kind` (station or utility); its `factor`, when
    not 0, is its own rent there: that many times a station's rent, or the dice times it
    for a utility."""

    id: str
    action: str
    target: str = ""
    steps: int = 0
    kind: str = ""
    factor: int = 0
    amount: int = 0
    per_house: int = 0
    per_hotel: int = 0
    keep: bool = False
    places: tuple[tuple[str, Where], ...] = field(compare=False, default=())

    def at(self, key: str) -> Where:
        """Where the card's key is written (the card itself if the key is absent)."""
        return next((w for k, w in self.places if k == key), self.where.at(key))


@dataclass(frozen=True)
class Deck(Entry):
    """A card deck (decks/<id>.toml): the colour of its backs and squares, and its cards."""

    colour: str
    icon: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Scale(Located):
    """Values by number owned (rent with 1, 2, … stations; dice factor with 1, 2, …
    utilities), with the place they are written."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class Money(Located):
    """The game's currency (ISO 4217 code) and the amounts the rules name."""

    currency: str
    start_capital: int
    salary: int
    jail_fine: int
    mortgage_interest: int  # percent added when a mortgage is lifted; 0 for none


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules (game.toml [rules])."""

    houses: int                   # houses in the bank
    hotels: int                   # hotels in the bank
    houses_for_hotel: int         # houses on every street of a group before a hotel
    group_factor: int             # rent factor on unbuilt streets of a complete group
    doubles_to_jail: int          # this many doubles in a row send a player to jail
    jail_turns: int               # turns a player may try to roll doubles in jail
    sell_back_percent: int        # what the bank pays back for a building
    short_game_deeds: int         # deeds dealt to each player in the short game
    short_game_houses_for_hotel: int
    short_game_bankruptcies: int  # the short game ends at this bankruptcy


@dataclass(frozen=True)
class CardSpec(Located):
    """The card formats of game.toml [cards] (`where`: where the decks are named)."""

    deed: str          # card format of title deeds
    deck: str          # card format of the deck cards
    deed_back: str     # colour of the backs of station and utility deeds


class Coloured(Record, Protocol):
    """A colour group of any money game (classic's groups, anti's cities)."""

    @property
    def colour(self) -> str: ...


class MoneyTax(Record, Protocol):
    """A tax square of any money game: what it asks."""

    @property
    def amount(self) -> int: ...


class Deeds(Protocol):
    """The card formats of any money game: the backs of station and utility deeds."""

    @property
    def deed(self) -> str: ...
    @property
    def deed_back(self) -> str: ...


class Bank(Protocol):
    """The buildings in the bank of any money game."""

    @property
    def houses(self) -> int: ...
    @property
    def hotels(self) -> int: ...


Gr = TypeVar("Gr", bound=Coloured, covariant=True)
St = TypeVar("St", bound=Plot, covariant=True)
Tx = TypeVar("Tx", bound=MoneyTax, covariant=True)
C = TypeVar("C", bound=Deeds, covariant=True)
Ru = TypeVar("Ru", bound=Bank, covariant=True)


@dataclass(frozen=True, kw_only=True)
class MoneyInfo(BoardInfo[Gr, St, Station, Tx], Generic[Gr, St, Tx, C, Ru]):
    """What the money games (classic and anti) share, and the shared helpers of
    printkit.systems.money rely on: money, deeds, stations and utilities. Each game names
    its own kinds of groups, streets and taxes, its card formats (`cards`) and its rules."""

    board_squares: int
    accent: str                         # colour of the title banner in the board's centre
    cards: C
    money: Money
    rules: Ru
    station_icon: str                   # train or ferry
    utilities: tuple[Utility, ...]

    utility = ById[Utility]("utilities")

    def sections(self) -> tuple[tuple[str, Mapping[str, Record]], ...]:
        """The sections of text/<lang>.toml that name squares, with their records by id."""
        return (("streets", self.street), ("stations", self.station),
                ("utilities", self.utility), ("taxes", self.tax))

    def properties(self) -> tuple[St | Station | Utility, ...]:
        """Every deed in board order."""
        order = {s.ref: s.position for s in self.squares}
        deeds: tuple[St | Station | Utility, ...] = (*self.streets, *self.stations,
                                                     *self.utilities)
        return tuple(sorted(deeds, key=lambda p: order.get(p.id, 10_000)))


MoneyGame = MoneyInfo[Coloured, Plot, MoneyTax, Deeds, Bank]  # any money game


@dataclass(frozen=True)
class Game(MoneyInfo[Group, Street, Tax, CardSpec, Rules]):
    """A whole classic game, language-neutral; `texts` holds the wording per language."""

    station_rents: Scale                # rent with 1, 2, … stations owned
    utility_factors: Scale              # dice factor with 1, 2, … utilities owned
    decks: tuple[Deck, ...]

    deck = ById[Deck]("decks")
