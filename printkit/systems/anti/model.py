"""The language-neutral Anti-Monopoly game (system `anti`): the classic money game played in
two roles, competitor and monopolist, chosen per player.

Built on the money games' shared package (printkit/systems/money): money, stations,
utilities, mortgages and the card actions are the classic ones. What the roles change lives
here: every street has a rent ladder per role, cities (colour groups of two or three
streets) make monopolies, station rents and utility factors differ per role, the income tax
has a formula per role, and instead of card decks a command table gives each role an
outcome for every dice sum 2–12.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Where
from printkit.model.common import ById, Entry, Located
from printkit.systems.money.model import ACTIONS, LADDER, Card, MoneyInfo, Plot, Scale

ROLES = ("competitor", "monopolist")
SUMS = tuple(range(2, 13))  # what two dice can show
CITY_SIZES = (2, 3)         # streets of a city
KINDS = ("corner", "street", "station", "utility", "tax", "command")
COMMANDS = "commands"       # the ref of a command square on the board
# A command does what a classic card does (but nobody keeps it), or takes money from, or
# pays it to, every player of the other role (`party`).
COMMAND_ACTIONS = {**{k: v for k, v in ACTIONS.items() if k != "get_out_of_jail"},
                   "collect_from": ("amount", "party"), "pay_to": ("amount", "party")}


@dataclass(frozen=True)
class WealthTax:
    """The percentages of the income tax a player may pay instead of the fixed amount: of
    their money, of the ground price of their unmortgaged properties, and of what their
    houses and hotels cost."""

    money: int
    property: int
    buildings: int


@dataclass(frozen=True)
class Role(Entry):
    """What a role may do (game.toml [roles.<id>])."""

    pawn: str               # pawn colour, #RRGGBB
    houses: int             # houses on a street; then a hotel for the price of one more
    monopoly_factor: int    # rent factor on unbuilt streets of a city the owner has a
    #                         monopoly in (1: this role never asks more)
    needs_monopoly: bool    # builds only in cities where the owner has a monopoly
    collects_in_jail: bool  # collects rent while in prison or the price war
    wealth_tax: WealthTax


@dataclass(frozen=True)
class City(Entry):
    """A city: its colour and what a house (and so a hotel) costs on its streets."""

    colour: str
    house: int


Street = Plot  # a street of a city (`group`); its rents are per role (`Rents`)


@dataclass(frozen=True)
class Rents(Located):
    """One role's rent ladder on one street: unbuilt, 1–4 houses, hotel (len(LADDER));
    None for more houses than the role may build."""

    street: str
    role: str
    ladder: tuple[int | None, ...]


@dataclass(frozen=True)
class Tax(Entry):
    """A tax square: a fixed amount, or (when `wealth`) the payer's role's wealth tax."""

    amount: int
    wealth: bool


@dataclass(frozen=True)
class Command:
    """What a role does on a command square for one dice sum; `card` carries the action
    and its values as a classic card does, `party` the other role for collect_from and
    pay_to."""

    role: str
    sum: int
    card: Card
    party: str = ""

    @property
    def where(self) -> Where:
        return self.card.where


@dataclass(frozen=True)
class CardSpec:
    """The card formats of game.toml [cards]."""

    deed: str          # card format of the title deeds
    reference: str     # card format of the command card
    deed_back: str     # colour of the station and utility deeds


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules (game.toml [rules])."""

    houses: int             # houses in the bank
    hotels: int             # hotels in the bank
    monopoly_streets: int   # streets of one city that make a monopoly
    jail_turns: int         # turns a player may roll for doubles before paying the fine
    sell_back_percent: int  # what the bank pays back for a house or hotel


@dataclass(frozen=True)
class Game(MoneyInfo[City, Street, Tax, CardSpec, Rules]):
    """A whole Anti-Monopoly game, language-neutral; `texts` holds the wording."""

    roles: tuple[Role, ...]
    rents: tuple[Rents, ...]
    station_rents: tuple[tuple[str, Scale], ...]    # (role, rent with 1, 2, … owned)
    utility_factors: tuple[tuple[str, Scale], ...]  # (role, dice factor with 1, 2, …)
    commands: tuple[Command, ...]

    role = ById[Role]("roles")

    def ladder(self, street: str, role: str) -> tuple[int | None, ...]:
        """A role's rents on a street (all None when the data has none)."""
        found = next((r for r in self.rents if r.street == street and r.role == role), None)
        return found.ladder if found else (None,) * len(LADDER)

    def station_scale(self, role: str) -> Scale:
        return dict(self.station_rents).get(role, Scale((), where=self.where))

    def utility_scale(self, role: str) -> Scale:
        return dict(self.utility_factors).get(role, Scale((), where=self.where))

    def command(self, role: str, dice: int) -> Command | None:
        return next((c for c in self.commands if c.role == role and c.sum == dice), None)
