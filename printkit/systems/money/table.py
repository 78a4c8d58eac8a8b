"""A money game as the simulator plays it: the board, deeds, rules and cards of one game
reduced to plain numbers by index (`Table`), built from the game's data exactly as `build`
loaded it. The classic system's table is made here (`classic_table`); the anti system
makes its own from the same parts (printkit.systems.anti.play).

What differs between the systems' rules (how doubles, jail, auctions and the roles work)
is said here as numbers and flags, so one engine (printkit.systems.money.play) plays both.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.model.common import Square
from printkit.systems.money.model import Card, Game, MoneyGame, Station, Utility

STREET, STATION, UTILITY = 0, 1, 2        # kinds of deed
NOTHING, DEED, TAX, CARDS, TO_JAIL, COMMANDS = range(6)  # what a square does
HOTEL = 5                                  # the level of a street with a hotel (LADDER index)


@dataclass(frozen=True)
class Deed:
    """A street, station or utility: what it costs and, for a street, its group and what
    a house and a hotel cost there."""

    id: str
    kind: int
    group: int  # index in Table.groups; -1 for stations and utilities
    price: int
    mortgage: int
    house: int = 0
    hotel: int = 0


@dataclass(frozen=True)
class Act:
    """What a card or command does (printkit.systems.money.model.ACTIONS, anti's commands):
    `target` a board position, `party` the index of a side (anti's collect_from/pay_to),
    `nearest` and `factor` those of a card to the nearest station or utility."""

    action: str
    target: int = -1
    steps: int = 0
    amount: int = 0
    per_house: int = 0
    per_hotel: int = 0
    keep: bool = False
    party: int = -1
    nearest: int = -1  # a `nearest` card: the kind of deed it moves to (STATION, UTILITY)
    factor: int = 0    # … and its own rent there (× a station's rent, × a new roll)


@dataclass(frozen=True)
class Side:
    """What a role asks and may do; the classic game has one side, anti two.

    `ladders[d]` is the rent ladder of deed d (LADDER: unbuilt, 1–4 houses, hotel; -1 where
    the side may not build so many houses); empty for stations and utilities."""

    id: str
    ladders: tuple[tuple[int, ...], ...]
    houses: int            # houses on a street before the hotel
    monopoly_factor: int   # rent factor on an unbuilt street of a group it has complete
    needs_monopoly: bool   # builds only on groups it has complete
    evenly: bool           # must build evenly over the group (classic)
    hotel_is_house: bool   # a hotel costs the price of a house (anti), else the group's hotel
    station_rents: tuple[int, ...]
    utility_factors: tuple[int, ...]
    collects_in_jail: bool
    wealth_tax: tuple[int, int, int]  # percent of money, property, buildings (anti)
    commands: tuple[Act | None, ...] = ()  # by dice sum (anti's command squares)


@dataclass(frozen=True)
class Short:
    """A short game: deeds dealt at the start (paid at their price), houses before a hotel,
    and how many bankruptcies end it; or (anti) it ends when one role is out."""

    deeds: int
    houses_for_hotel: int
    bankruptcies: int
    role_out: bool = False


@dataclass(frozen=True)
class Table:
    """A whole money game in numbers, by index: squares, deeds, groups, money and rules."""

    squares: tuple[tuple[int, int], ...]  # (what the square does, deed/tax/deck index)
    deeds: tuple[Deed, ...]
    groups: tuple[str, ...]
    group_deeds: tuple[tuple[int, ...], ...]
    monopoly: tuple[int, ...]  # streets of each group that make it complete
    taxes: tuple[tuple[int, int, bool], ...]  # (amount, percent of worth, role's wealth tax)
    decks: tuple[tuple[Act, ...], ...]
    sides: tuple[Side, ...]
    start_capital: int
    salary: int
    jail_fine: int
    interest: int  # percent added to lift a mortgage
    houses: int
    hotels: int
    sell_back: int  # percent
    jail: int  # position of the jail corner
    jail_turns: int
    doubles_to_jail: int  # 0: doubles never send to jail
    extra_rolls: int  # rolls after the first that doubles give in one turn
    jail_double_moves: bool  # leaving jail with doubles moves by them (classic) or rolls again
    mortgage_breaks: bool  # a mortgaged street no longer counts towards a complete group
    auction: bool  # a deed the lander does not buy is auctioned
    short: Short | None


def positions(squares: tuple[Square, ...]) -> dict[str, int]:
    """The position of each square's ref (a deck's first square for a deck)."""
    found: dict[str, int] = {}
    for s in squares:
        found.setdefault(s.ref, s.position)
    return found


def act(card: Card, where: dict[str, int], party: int = -1) -> Act:
    return Act(card.action, where.get(card.target, -1), card.steps, card.amount,
               card.per_house, card.per_hotel, card.keep, party,
               {"station": STATION, "utility": UTILITY}.get(card.kind, -1), card.factor)


def deeds_of(game: MoneyGame, prices: dict[str, tuple[int, int]]) -> tuple[Deed, ...]:
    """Every deed in board order; a street with its group's house and hotel price
    (`prices`, by group id)."""
    groups = [g.id for g in game.groups]
    made = []
    for p in game.properties():
        if isinstance(p, Station):
            made.append(Deed(p.id, STATION, -1, p.price, p.mortgage))
        elif isinstance(p, Utility):
            made.append(Deed(p.id, UTILITY, -1, p.price, p.mortgage))
        else:
            made.append(Deed(p.id, STREET, groups.index(p.group), p.price, p.mortgage,
                             *prices[p.group]))
    return tuple(made)


def board_of(squares: tuple[Square, ...], deeds: tuple[Deed, ...], taxes: tuple[str, ...],
             decks: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """What each square does, by position."""
    deed = {d.id: i for i, d in enumerate(deeds)}
    made = [(NOTHING, 0)] * len(squares)
    for s in squares:
        if s.ref in deed:
            made[s.position] = (DEED, deed[s.ref])
        elif s.kind == "tax":
            made[s.position] = (TAX, taxes.index(s.ref))
        elif s.kind == "card":
            made[s.position] = (CARDS, decks.index(s.ref))
        elif s.kind == "command":
            made[s.position] = (COMMANDS, 0)
        elif s.ref == "go_to_jail":
            made[s.position] = (TO_JAIL, 0)
    return tuple(made)


def classic_table(game: Game) -> Table:
    """The classic game's table: one side, auctions, three doubles to jail, decks."""
    groups = tuple(g.id for g in game.groups)
    deeds = deeds_of(game, {g.id: (g.house, g.hotel) for g in game.groups})
    where = positions(game.squares)
    r = game.rules
    ladders = tuple(game.street[d.id].rents if d.kind == STREET else () for d in deeds)
    side = Side("player", ladders, r.houses_for_hotel, r.group_factor, True, True, False,
                game.station_rents.values, game.utility_factors.values, True, (0, 0, 0))
    group_deeds = tuple(tuple(i for i, d in enumerate(deeds) if d.group == g)
                        for g in range(len(groups)))
    m = game.money
    return Table(
        squares=board_of(game.squares, deeds, tuple(t.id for t in game.taxes),
                         tuple(d.id for d in game.decks)),
        deeds=deeds, groups=groups, group_deeds=group_deeds,
        monopoly=tuple(len(g) for g in group_deeds),
        taxes=tuple((t.amount, t.percent, False) for t in game.taxes),
        decks=tuple(tuple(act(c, where) for c in d.cards) for d in game.decks),
        sides=(side,), start_capital=m.start_capital, salary=m.salary,
        jail_fine=m.jail_fine, interest=m.mortgage_interest, houses=r.houses,
        hotels=r.hotels, sell_back=r.sell_back_percent, jail=where.get("jail", 0),
        jail_turns=r.jail_turns, doubles_to_jail=r.doubles_to_jail,
        extra_rolls=r.doubles_to_jail - 1, jail_double_moves=True, mortgage_breaks=False,
        auction=True,
        short=Short(r.short_game_deeds, r.short_game_houses_for_hotel,
                    r.short_game_bankruptcies))
