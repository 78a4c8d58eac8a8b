"""Semantic rules of the card-deck system: the suits make properties and deeds without
overlap, every rank has exactly one price, every dice sum 2–12 one joker outcome with
the values its action needs, and the coins to win are more than the coins to start.

There is no board to check: the deck of playing cards is the board. Every problem names
the file and line a user has to edit.
"""

from __future__ import annotations

from collections import Counter

from printkit.errors import Problems, Where
from printkit.systems.playing_cards.model import JOKER_ACTIONS, SUMS, Game


def check(game: Game, problems: Problems) -> None:
    for part in (deck, prices, jokers, coins):
        part(game, problems)


def file_where(game: Game, name: str, line: int = 1) -> Where:
    return Where(game.where.path.replace("game.toml", name), line)


def deck(game: Game, problems: Problems) -> None:
    d = game.deck
    both = d.property_suits + d.deed_suits
    if len(d.property_suits) != len(d.deed_suits):
        problems.add(d.at("deed_suits"), f"{len(d.deed_suits)} deed suits for "
                     f"{len(d.property_suits)} property suits; every property suit needs "
                     "the suit of its deeds")
    repeated = sorted(s for s, n in Counter(both).items() if n > 1)
    if repeated:
        problems.add(d.at("deed_suits"), f"{', '.join(repeated)} named twice; a "
                     "suit is either properties or deeds")
    if d.jokers > d.ranks:
        problems.add(d.at("jokers"), f"{d.jokers} jokers for {d.ranks} ranks; "
                     "use fewer jokers")


def prices(game: Game, problems: Problems) -> None:
    """Every rank from the ace to [deck] ranks has exactly one price band."""
    covered: Counter[int] = Counter()
    for b in game.bands:
        if b.low > b.high:
            problems.add(b.where.at("to"), f"the band runs from {b.low} down to {b.high}; "
                         "write the lower rank under from")
        if b.price <= 0:
            problems.add(b.where.at("price"), "the price must be more than 0")
        if b.high > game.deck.ranks:
            problems.add(b.where.at("to"), f"rank {b.high} is not played (game.toml [deck] "
                         f"ranks is {game.deck.ranks})")
        for rank in range(b.low, b.high + 1):
            if covered[rank]:
                problems.add(b.where.at("from"), f"rank {rank} already has a price; every "
                             "rank belongs to one band")
            covered[rank] += 1
    missing = [str(r) for r in range(1, game.deck.ranks + 1) if not covered[r]]
    if missing:
        problems.add(file_where(game, "prices.csv"), f"no price for rank "
                     f"{', '.join(missing)}; the bands must cover 1–{game.deck.ranks}")


def jokers(game: Game, problems: Problems) -> None:
    """One outcome for every dice sum 2–12, each with the values its action needs."""
    first: dict[int, str] = {}
    for j in game.jokers:
        if j.sum in first:
            problems.add(j.where.at("sum"), f"a second outcome for {j.sum} (first at "
                         f"{first[j.sum]}); keep one per sum")
        first.setdefault(j.sum, j.where.spot())
        needed = JOKER_ACTIONS.get(j.action, ())
        if "amount" in needed and j.amount <= 0:
            problems.add(j.where.at("amount"), "the amount must be more than 0")
        if "per" in needed and j.per <= 0:
            problems.add(j.where.at("per"), f"a '{j.action}' outcome needs per: for every "
                         "how many houses the amount is paid")
        if "per" not in needed and j.per and j.action in JOKER_ACTIONS:
            problems.add(j.where.at("per"), f"a '{j.action}' outcome does not use per; "
                         "leave it empty")
    missing = [str(n) for n in SUMS if n not in first]
    if missing:
        problems.add(file_where(game, "jokers.csv"), f"no outcome for dice sum "
                     f"{', '.join(missing)}; the joker table needs one for every sum "
                     f"{SUMS[0]}–{SUMS[-1]}")


def coins(game: Game, problems: Problems) -> None:
    c = game.coins
    if c.goal <= c.start:
        problems.add(c.at("goal"), f"a fortune of {c.goal} to win is not more "
                     f"than the {c.start} coins every player starts with")
