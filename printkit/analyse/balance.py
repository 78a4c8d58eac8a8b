"""What owning a group earns, from its prices, its rents and the landing odds: the part of
the money (or penalty) balance every board game shares. A game system says what each of
its groups costs and asks at each build level (`GroupPlan`); this module weighs that by
how often opponents land on its streets, ranks the groups and notes the outliers.

Outliers (README "printkit analyse"): a group whose payback at its best level is more than
`FAR` times the median of the groups around it (up to two before and two after it on the
board), or less than that median divided by `FAR`; and a street that costs less than the
street before it on the board.
"""

from __future__ import annotations

import itertools
import math
import statistics
from dataclasses import dataclass

from printkit.errors import Where
from printkit.model.analysis import (
    Balance,
    GroupBalance,
    Level,
    Note,
    Odds,
    Owned,
    StreetBalance,
)

FAR = 1.5        # a payback this many times the neighbours' median (or its inverse) is noted
NEIGHBOURS = 2   # groups on each side that a group is compared with


@dataclass(frozen=True)
class StreetPlan:
    """A street as its system prices it: what it costs (written at `where`) and the rent
    (or penalty) one landing earns at each street level."""

    id: str
    position: int
    price: int
    rents: tuple[float, ...]
    where: Where


@dataclass(frozen=True)
class GroupPlan:
    """A group as its system prices it: its streets and, per group level, what the whole
    group costs built to that level (`costs`, in the order of the levels)."""

    id: str
    name: tuple[str, ...]
    colour: str
    streets: tuple[StreetPlan, ...]
    costs: tuple[float, ...]
    where: Where


@dataclass(frozen=True)
class Plan:
    """A system's whole price list: the street levels, the group levels (each one of the
    street levels), the groups in board order and what the owned kinds earn."""

    unit: str
    currency: str
    street_levels: tuple[str, ...]
    levels: tuple[str, ...]
    groups: tuple[GroupPlan, ...]
    owned: tuple[Owned, ...] = ()
    role: str = ""


def payback(cost: float, rent: float) -> float:
    """Opponent turns to earn `cost` back at `rent` per opponent turn."""
    return cost / rent if rent > 0 else math.inf


def balance(plan: Plan, odds: Odds, opponents: int) -> Balance:
    """The plan weighed by the odds: rents per opponent turn, paybacks, ranks, notes."""
    groups = [group_balance(g, plan, odds) for g in plan.groups]
    order = sorted(range(len(groups)), key=lambda i: (groups[i].payback, i))
    ranked = [groups[i] for i in range(len(groups))]
    for rank, i in enumerate(order, 1):
        g = ranked[i]
        ranked[i] = GroupBalance(g.id, g.name, g.colour, g.streets, g.price, g.landing,
                                 g.levels, g.best, rank, where=g.where)
    notes = (*payback_notes(ranked), *ladder_notes(plan.groups))
    return Balance(plan.unit, plan.currency, opponents, plan.street_levels, plan.levels,
                   tuple(ranked), plan.owned, notes, plan.role)


def group_balance(g: GroupPlan, plan: Plan, odds: Odds) -> GroupBalance:
    streets = tuple(StreetBalance(s.id, s.position, s.price, tuple(
        r * odds.visits_per_turn(s.position) for r in s.rents)) for s in g.streets)
    levels = []
    for level, cost in zip(plan.levels, g.costs, strict=True):
        column = plan.street_levels.index(level)
        rent = sum(s.rents[column] for s in streets)
        levels.append(Level(level, cost, rent, payback(cost, rent)))
    best = min(range(len(levels)), key=lambda i: (levels[i].payback, i))
    landing = sum(odds.landing[s.position] for s in g.streets)
    return GroupBalance(g.id, g.name, g.colour, streets, sum(s.price for s in g.streets),
                        landing, tuple(levels), best, 0, where=g.where)


def payback_notes(groups: list[GroupBalance]) -> list[Note]:
    """The groups whose payback is far from the median of the groups around them."""
    notes = []
    for i, g in enumerate(groups):
        around = [o.payback for o in groups[max(0, i - NEIGHBOURS):i + NEIGHBOURS + 1]
                  if o is not g and math.isfinite(o.payback)]
        if not around or not math.isfinite(g.payback):
            continue
        median = statistics.median(around)
        if g.payback > FAR * median or g.payback * FAR < median:
            notes.append(Note("payback", g.id, g.payback, median, g.where))
    return notes


def ladder_notes(groups: tuple[GroupPlan, ...]) -> list[Note]:
    """Streets that cost less than the street before them on the board."""
    streets = sorted(((s, g) for g in groups for s in g.streets), key=lambda p: p[0].position)
    return [Note("ladder", g.id, s.price, before.price, s.where, s.id, before.id)
            for (before, _), (s, g) in itertools.pairwise(streets)
            if s.price < before.price]
