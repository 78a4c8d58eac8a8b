"""An Anti-Monopoly game as the simulator plays it: its `Table` for the money games' engine
(printkit.systems.money.play), with one side per role.

Its rules as the booklet states them: no auction (a deed nobody buys stays with the bank),
one extra roll after doubles and no jail for doubles, leaving prison or the price war with
doubles gives a roll to move by, monopolies of `monopoly_streets` unmortgaged streets,
rents, station rents and utility factors per role, a hotel for the price of a house after
the role's houses, the wealth tax per role, and the command table instead of card decks.
Players alternate roles by seat, competitors first, so the roles differ by at most one.
The short game is the second way to win: it ends when every player of one role is out.
"""

from __future__ import annotations

from printkit.model.simulation import Setting, Simulation
from printkit.systems.anti.model import ROLES, Game
from printkit.systems.money.simulate import simulate
from printkit.systems.money.table import (
    STREET,
    Act,
    Short,
    Side,
    Table,
    act,
    board_of,
    deeds_of,
    positions,
)


def sides_of(players: int) -> tuple[int, ...]:
    """The role of each seat: competitor, monopolist, competitor, …"""
    return tuple(seat % len(ROLES) for seat in range(players))


def side(game: Game, role: str, deeds: tuple[str, ...], kinds: tuple[int, ...],
         where: dict[str, int]) -> Side:
    r = game.role[role]
    ladders = tuple(tuple(-1 if v is None else v for v in game.ladder(d, role))
                    if kind == STREET else () for d, kind in zip(deeds, kinds, strict=True))
    commands: list[Act | None] = [None] * 13
    for c in game.commands:
        if c.role == role:
            commands[c.sum] = act(c.card, where, ROLES.index(c.party) if c.party else -1)
    w = r.wealth_tax
    return Side(role, ladders, r.houses, r.monopoly_factor, r.needs_monopoly, False, True,
                game.station_scale(role).values, game.utility_scale(role).values,
                r.collects_in_jail, (w.money, w.property, w.buildings), tuple(commands))


def anti_table(game: Game) -> Table:
    groups = tuple(c.id for c in game.groups)
    deeds = deeds_of(game, {c.id: (c.house, c.house) for c in game.groups})
    where = positions(game.squares)
    group_deeds = tuple(tuple(i for i, d in enumerate(deeds) if d.group == g)
                        for g in range(len(groups)))
    ids, kinds = tuple(d.id for d in deeds), tuple(d.kind for d in deeds)
    m, r = game.money, game.rules
    return Table(
        squares=board_of(game.squares, deeds, tuple(t.id for t in game.taxes), ()),
        deeds=deeds, groups=groups, group_deeds=group_deeds,
        monopoly=tuple(min(r.monopoly_streets, len(g)) for g in group_deeds),
        taxes=tuple((t.amount, 0, t.wealth) for t in game.taxes), decks=(),
        sides=tuple(side(game, role, ids, kinds, where) for role in ROLES),
        start_capital=m.start_capital, salary=m.salary, jail_fine=m.jail_fine,
        interest=m.mortgage_interest, houses=r.houses, hotels=r.hotels,
        sell_back=r.sell_back_percent, jail=where.get("jail", 0), jail_turns=r.jail_turns,
        doubles_to_jail=0, extra_rolls=1, jail_double_moves=False, mortgage_breaks=True,
        auction=False, short=Short(0, 0, 0, role_out=True))


def simulate_anti(game: Game, setting: Setting) -> Simulation:
    """Anti-Monopoly's games: the full game (the last one standing wins) or the short one
    (the second way to win: it ends when every player of one role is out)."""
    setting.check(game.players, ("full", "short"))
    return simulate(anti_table(game), sides_of(setting.players), setting)
