"""`printkit analyse` of a game of two roles: each role's token moves by its own commands
(on a command square the player rolls again and does what the role's column says for the
sum), so each role has its own odds; a table with as many of each weighs them alike.

Doubles give one extra roll (no more, and never jail); in jail a token tries for doubles
for `jail_turns` turns (doubles free it without moving, then it rolls once more), after
which it pays and plays its next turn as usual. What a street earns is its owner role's
ladder, the monopolist's factor on an unbuilt city it has a monopoly in, weighed by the
odds of the opponents of either role.
"""

from __future__ import annotations

from printkit.analyse.balance import GroupPlan, Plan, StreetPlan, balance
from printkit.model.analysis import Analysis, Draw, Move, Odds, Track
from printkit.model.dice import Dice
from printkit.systems.anti.model import ROLES, Game
from printkit.systems.money.analysis import corner, move_of, owned, places, spots
from printkit.systems.money.model import LADDER


def role_track(game: Game, role: str, dice: Dice) -> Track:
    """The board as a token of `role` goes round it."""
    from printkit.analyse.markov import sums  # numpy: only when analysing

    at, chance = places(game), sums(dice)
    moves = [(chance.get(c.sum, 0.0), move_of(c.card, at)) for c in game.commands
             if c.role == role]
    rest = 1.0 - sum(c for c, _ in moves)  # sums the table has no command for
    draw = Draw("commands", (*moves, *(((rest, Move()),) if rest > 1e-12 else ())))
    return Track(spots(game), jail=min(corner(game, "jail"), default=0),
                 to_jail=corner(game, "go_to_jail"),
                 draws=tuple((s.position, draw) for s in game.squares
                             if s.kind == "command"),
                 doubles_to_jail=0, max_rolls=2, jail_turns=game.rules.jail_turns,
                 jail_doubles="roll_again", jail_last="wait")


def role_plan(game: Game, role: str, odds: Odds, dice: Dice) -> Plan:
    """What each city costs and asks when its owner plays `role`."""
    r, at = game.role[role], places(game)
    levels = ("group", *(str(k) for k in range(1, r.houses + 1)), "hotel")
    cities = []
    for city in game.groups:
        streets = [s for s in game.streets_of(city.id) if s.id in at]
        if not streets:
            continue
        plans = []
        for s in streets:
            ladder = [v or 0 for v in game.ladder(s.id, role)]
            plans.append(StreetPlan(s.id, at[s.id], s.price, (
                ladder[0], ladder[0] * r.monopoly_factor, *ladder[1:r.houses + 1],
                ladder[len(LADDER) - 1]), s.where.at("price")))
        price, n = sum(s.price for s in streets), len(streets)
        costs = (price, *(price + k * n * city.house for k in range(1, r.houses + 1)),
                 price + n * (r.houses + 1) * city.house)
        cities.append(GroupPlan(city.id, ("groups", city.id, "name"), city.colour,
                                tuple(sorted(plans, key=lambda p: p.position)), costs,
                                city.where))
    cities.sort(key=lambda p: p.streets[0].position)
    return Plan("money", game.money.currency, ("alone", *levels), levels, tuple(cities),
                owned(game, odds, dice, game.station_scale(role), game.utility_scale(role)),
                role)


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """Each role's odds, the table's (as many of each role), and what each city earns an
    owner of either role."""
    from printkit.analyse.markov import mixture, solve  # numpy: only when analysing

    tracks = {role: role_track(game, role, dice) for role in ROLES if role in game.role}
    roles = tuple((role, solve(track, dice, jail)) for role, track in tracks.items())
    odds = mixture([o for _, o in roles]) if roles else None
    squares = spots(game)
    if odds is None:
        return Analysis(game.id, game.system, dice, jail, players, squares=squares)
    jail_square = next(iter(tracks.values())).jail
    return Analysis(game.id, game.system, dice, jail, players, odds, squares, jail_square,
                    roles, tuple(balance(role_plan(game, role, odds, dice), odds, players - 1)
                                 for role, _ in roles))
