"""`printkit analyse` of a classic game: how a token moves round its board (the `Track`),
and what its groups, stations and utilities earn (`Plan`), for the shared engine
(printkit.analyse). The anti system builds on the same pieces.

Rents are per landing: a street's ladder, doubled (the group factor) on the unbuilt streets
of a whole group; a station's rent for the number owned; a utility's factor times the mean
of the dice. A nearest card with its own rent rule (`factor`) counts as that rule.
"""

from __future__ import annotations

from printkit.analyse.balance import GroupPlan, Plan, StreetPlan, balance
from printkit.model.analysis import Analysis, Draw, Move, Odds, Owned, Spot, Track
from printkit.model.dice import Dice
from printkit.systems.money.model import Card, Deck, Game, MoneyGame, Scale

LEVELS = ("group", "1", "2", "3", "4", "hotel")  # a classic group, built up
STREET_LEVELS = ("alone", *LEVELS)                # a street, owned alone first


def spots(game: MoneyGame) -> tuple[Spot, ...]:
    """The board's squares in order, each street with its group."""
    return tuple(Spot(s.position, s.ref, s.kind,
                      game.street[s.ref].group if s.kind == "street" else "")
                 for s in sorted(game.squares, key=lambda s: s.position))


def places(game: MoneyGame) -> dict[str, int]:
    """Each square's id and where it is (the first square of an id)."""
    found: dict[str, int] = {}
    for s in sorted(game.squares, key=lambda s: s.position):
        found.setdefault(s.ref, s.position)
    return found


def move_of(card: Card, at: dict[str, int]) -> Move:
    """What a card (or a command) does to the token."""
    kept = card.keep or card.action == "get_out_of_jail"
    if card.action == "goto":
        return Move("goto", target=at.get(card.target, 0), kept=kept)
    if card.action == "move":
        return Move("move", steps=card.steps, kept=kept)
    if card.action == "jail":
        return Move("jail", kept=kept)
    if card.action == "nearest":
        return Move("nearest", nearest=card.kind, factor=card.factor, kept=kept)
    return Move(kept=kept)


def deck_draw(deck: Deck, at: dict[str, int]) -> Draw:
    """A deck's cards, drawn at random: each card equally often."""
    n = len(deck.cards)
    return Draw(deck.id, tuple((1.0 / n, move_of(c, at)) for c in deck.cards))


def corner(game: MoneyGame, ref: str) -> frozenset[int]:
    return frozenset(s.position for s in game.squares if s.kind == "corner" and s.ref == ref)


def classic_track(game: Game) -> Track:
    """A classic board: card squares draw from their deck, the go-to-jail corner sends
    the token to jail, doubles roll again until too many in a row send it there; in jail
    doubles move the token and end the turn, the last failed try pays and moves."""
    at = places(game)
    draws = {d.id: deck_draw(d, at) for d in game.decks if d.cards}
    return Track(
        spots(game), jail=min(corner(game, "jail"), default=0),
        to_jail=corner(game, "go_to_jail"),
        draws=tuple((s.position, draws[s.ref]) for s in game.squares
                    if s.kind == "card" and s.ref in draws),
        doubles_to_jail=game.rules.doubles_to_jail, jail_turns=game.rules.jail_turns)


def mean_pips(dice: Dice) -> float:
    return dice.count * (dice.sides + 1) / 2


def weight(odds: Odds, position: int) -> float:
    """A square's visits per opponent turn, each counted as the rent it brings: those by
    a card with its own rule count that many times (a nearest station card: twice)."""
    plain = odds.landing[position] - odds.own_rule[position]
    return (plain + odds.own_factor[position]) * odds.rolls_per_turn


def owned(game: MoneyGame, odds: Odds, dice: Dice, stations: Scale,
          utilities: Scale) -> tuple[Owned, ...]:
    """Stations and utilities by the number owned: the average over which ones, at the
    rent (or the factor times the mean of the dice) for that number."""
    at = places(game)
    rows = []
    for kind, records, scale in (("station", game.stations, stations),
                                 ("utility", game.utilities, utilities)):
        if not records:
            continue
        price = sum(r.price for r in records) / len(records)
        for k, value in enumerate(scale.values[:len(records)], 1):
            per = []
            for r in records:
                p = at.get(r.id)
                if p is None:
                    continue
                if kind == "station":
                    per.append(weight(odds, p) * value)
                else:  # a card's own factor replaces the utility's
                    plain = (odds.landing[p] - odds.own_rule[p]) * value + odds.own_factor[p]
                    per.append(plain * odds.rolls_per_turn * mean_pips(dice))
            rent = k * sum(per) / len(per) if per else 0.0
            rows.append(Owned(kind, k, k * price, rent, k * price / rent if rent else 0.0))
    return tuple(rows)


def classic_plan(game: Game, odds: Odds, dice: Dice) -> Plan:
    """What each group costs and asks, level by level; stations and utilities owned."""
    at = places(game)
    groups = []
    for g in game.groups:
        streets = [s for s in game.streets_of(g.id) if s.id in at]
        if not streets:
            continue
        factor = game.rules.group_factor
        plans = tuple(StreetPlan(s.id, at[s.id], s.price, (
            s.rents[0], s.rents[0] * factor, *s.rents[1:]), s.where.at("price"))
            for s in streets)
        price, n = sum(s.price for s in streets), len(streets)
        hotel = price + n * (game.rules.houses_for_hotel * g.house + g.hotel)
        costs = (price, *(price + k * n * g.house for k in range(1, 5)), hotel)
        groups.append(GroupPlan(g.id, ("groups", g.id, "name"), g.colour,
                                tuple(sorted(plans, key=lambda p: p.position)), costs,
                                g.where))
    groups.sort(key=lambda p: p.streets[0].position)
    return Plan("money", game.money.currency, STREET_LEVELS, LEVELS, tuple(groups),
                owned(game, odds, dice, game.station_rents, game.utility_factors))


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """The landing odds of a classic board and the balance of its groups."""
    from printkit.analyse.markov import board_analysis  # numpy: only when analysing

    return board_analysis(game, classic_track(game), dice, jail, players,
                          lambda odds: (balance(classic_plan(game, odds, dice), odds,
                                                players - 1),))
