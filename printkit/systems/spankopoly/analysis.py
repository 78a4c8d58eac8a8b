"""`printkit analyse` of a spankopoly game: how a token moves round the board, and what
owning a group deals out, in penalty points (strokes × the implement's number, the score
sheet's measure without the clothing factor).

The corner is the jail: the go-to-corner square, a card marked `corner` and a third double
send the token there; in it, doubles move the token and it rolls again as after doubles,
and after the last failed turn it pays and stands on the visiting corner. The extra-roll
corner rolls once more, forward or back with even chance (the player chooses; the analysis
takes either alike). Landing exactly on Start is taken as the strokes, not a roll again.
"""

from __future__ import annotations

from printkit.analyse.balance import GroupPlan, Plan, StreetPlan, balance
from printkit.model.analysis import Analysis, Draw, Move, Odds, Owned, Spot, Track
from printkit.model.dice import Dice
from printkit.systems.spankopoly.model import ChanceCard, Game

LEVELS = ("complete", "doubled")
STREET_LEVELS = ("alone", *LEVELS)


def spots(game: Game) -> tuple[Spot, ...]:
    return tuple(Spot(s.position, s.ref, s.kind,
                      game.street[s.ref].group if s.kind == "street" else "")
                 for s in sorted(game.squares, key=lambda s: s.position))


def at_corner(game: Game, ref: str) -> frozenset[int]:
    return frozenset(s.position for s in game.squares if s.kind == "corner" and s.ref == ref)


def move_of(card: ChanceCard, at: dict[str, int]) -> Move:
    if card.corner:
        return Move("jail", kept=card.keep)
    if card.goto and card.goto in at:
        return Move("goto", target=at[card.goto], kept=card.keep)
    return Move(kept=card.keep)


def track(game: Game) -> Track:
    at: dict[str, int] = {}
    for s in sorted(game.squares, key=lambda s: s.position):
        at.setdefault(s.ref, s.position)
    n = len(game.chance)
    draw = Draw("chance", tuple((1.0 / n, move_of(c, at)) for c in game.chance))
    return Track(spots(game), jail=min(at_corner(game, "visiting"), default=0),
                 to_jail=at_corner(game, "go_to_corner"),
                 draws=tuple((s.position, draw) for s in game.squares
                             if s.kind == "chance" and n),
                 extra_roll=at_corner(game, "extra_roll"), doubles_to_jail=3,
                 jail_turns=game.rules.corner_max_turns, jail_doubles="move_again",
                 jail_last="visit")


def number(game: Game, implement: str) -> int:
    found = game.implement.get(implement)
    return found.number if found else 1


def stations(game: Game, odds: Odds) -> tuple[Owned, ...]:
    """What k stations deal per opponent turn: k × the roll of the station dice, with the
    implement of the station die (its numbers averaged), at every one of them."""
    at = {s.ref: s.position for s in game.squares if s.kind == "station"}
    faces = [number(game, imp) for _, imp in game.station_die] or [1]
    per_stroke = sum(faces) / len(faces) * game.rules.station_dice * 3.5
    visits = [odds.visits_per_turn(at[s.id]) for s in game.stations if s.id in at]
    price = game.rules.station_purchase.count * number(game,
                                                       game.rules.station_purchase.implement)
    rows = []
    for k in range(1, len(visits) + 1):
        rent = k * k * per_stroke * sum(visits) / len(visits)
        rows.append(Owned("station", k, k * price, rent, k * price / rent if rent else 0.0))
    return tuple(rows)


def plan(game: Game, odds: Odds) -> Plan:
    hand = number(game, "hand")
    at = {s.ref: s.position for s in game.squares if s.kind == "street"}
    groups = []
    for g in game.groups:
        streets = [s for s in game.streets_of(g.id) if s.id in at]
        if not streets:
            continue
        points = number(game, g.implement)
        plans = tuple(StreetPlan(s.id, at[s.id], s.purchase * hand, (
            s.purchase * hand, s.complete * points, 2 * s.complete * points),
            s.where.at("purchase")) for s in streets)
        price = sum(s.purchase * hand for s in streets)
        groups.append(GroupPlan(g.id, ("implements", g.implement, "name"), g.colour,
                                tuple(sorted(plans, key=lambda p: p.position)),
                                (price, 2 * price), g.where))
    groups.sort(key=lambda p: p.streets[0].position)
    return Plan("points", "", STREET_LEVELS, LEVELS, tuple(groups), stations(game, odds))


def analyse(game: Game, dice: Dice, jail: str, players: int) -> Analysis:
    """The landing odds of the board and the penalty points each group deals."""
    from printkit.analyse.markov import board_analysis  # numpy: only when analysing

    return board_analysis(game, track(game), dice, jail, players,
                          lambda odds: (balance(plan(game, odds), odds, players - 1),))
