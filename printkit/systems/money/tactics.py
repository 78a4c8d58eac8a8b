"""The simple strategy every simulated player of a money game follows (README "Simulated
games" says the same in words):

- **Reserve**: a player keeps a tenth of the start capital in hand where it can.
- **Buying**: it buys a deed it lands on when its money after paying is at least the
  reserve. Otherwise, where the system auctions, every player bids up to the deed's price
  (one and a half times the price when the deed completes a group for it), keeping its
  reserve; the highest bidder pays one more than the second-highest limit (at least 1).
- **Jail**: it uses a card that frees it, or pays the fine at once while the bank still
  has deeds to sell and it keeps its reserve; otherwise it stays and rolls for doubles.
- **After its turn**: it lifts mortgages (streets of its complete groups first), then
  builds one house at a time on the least built street it may build on (cheapest houses
  first, so evenly), while it keeps its reserve and the bank has buildings.
- **Short of money**: it mortgages deeds with nothing built on their group (those outside
  its complete groups and the cheapest first), then sells buildings back to the bank (from
  the most built street), then mortgages the rest; if that is not enough, it is bankrupt.
- **Taxes**: it pays the cheaper of the fixed amount and the percentage the rules allow.
- **Trades**: when one street of another player would complete one of its groups, it
  swaps it for one of its own streets that completes a group of that player; or, when that
  player owns no other street of the group, it buys the street for twice its price if it
  keeps its reserve. It makes no other trade, and no player lends to another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from printkit.systems.money.table import HOTEL, STREET

if TYPE_CHECKING:
    from printkit.systems.money.play import Play

T = TypeVar("T")
TRADE_PRICE = 2  # what a player pays for a street that completes its group, × its price
GROUP_BONUS = 1.5  # what a deed that completes a group is worth to a bidder, × its price


def buys(play: Play, p: int, d: int) -> bool:
    return play.cash[p] - play.t.deeds[d].price >= play.reserve


def auction(play: Play, d: int) -> None:
    """The bank auctions a deed to the players (turn order from the current player breaks
    a tie)."""
    n = len(play.alive)
    order = [(play.current + k) % n for k in range(n)]
    bids = sorted(((limit, k, q) for k, q in enumerate(order) if play.alive[q]
                   for limit in (bid_limit(play, q, d),) if limit > 0),
                  key=lambda b: (-b[0], b[1]))
    if not bids:
        return
    limit, _, winner = bids[0]
    price = min(limit, bids[1][0] + 1) if len(bids) > 1 else 1
    play.pay(winner, price, -1)
    if play.alive[winner]:
        play.own(d, winner)


def bid_limit(play: Play, p: int, d: int) -> int:
    deed = play.t.deeds[d]
    value = deed.price
    if deed.kind == STREET:
        others = [e for e in play.t.group_deeds[deed.group] if e != d]
        if all(play.owner[e] == p for e in others):
            value = int(value * GROUP_BONUS)
    return min(value, play.cash[p] - play.reserve)


def leaves_jail_at_once(play: Play, p: int) -> bool:
    return -1 in play.owner and play.cash[p] - play.t.jail_fine >= play.reserve


def tax_due(play: Play, p: int, i: int) -> int:
    """The cheaper of a tax's amount and the percentage of worth (or the role's wealth
    tax) the rules let the player pay instead."""
    amount, percent, wealth = play.t.taxes[i]
    deeds = play.t.deeds
    mine = [d for d, o in enumerate(play.owner) if o == p]
    built = sum(play.built(d) for d in mine)
    due = amount
    if percent:
        worth = play.cash[p] + sum(deeds[d].price for d in mine) + built
        due = min(due, worth * percent // 100)
    if wealth:
        money, ground, buildings = play.side[p].wealth_tax
        free = sum(deeds[d].price for d in mine if not play.mortgaged[d])
        due = min(due, (play.cash[p] * money + free * ground + built * buildings) // 100)
    return due


def manage(play: Play, p: int) -> None:
    """What a player does at the end of its turn: lift mortgages, then build."""
    swap(play, p)
    lift(play, p)
    build(play, p)


def remembered(play: Play, p: int, make: Callable[[Play, int], T]) -> T:
    """What `make` says of a player, worked out again only after a deed has changed hands
    or been mortgaged (it depends on nothing else)."""
    key = (make.__name__, p)
    hit = play.memo.get(key)
    if hit is not None and hit[0] == play.deals:
        return cast(T, hit[1])
    made = make(play, p)
    play.memo[key] = (play.deals, made)
    return made


def missing(play: Play, p: int) -> dict[int, int]:
    """The streets that would each complete one of a player's groups, with their owners."""
    return remembered(play, p, find_missing)


def find_missing(play: Play, p: int) -> dict[int, int]:
    found = {}
    owner = play.owner
    for deeds in play.t.group_deeds:
        others = [d for d in deeds if owner[d] != p]
        if len(others) == 1 and len(deeds) > 1 and owner[others[0]] >= 0:
            found[others[0]] = owner[others[0]]
    return found


def swap(play: Play, p: int) -> None:
    """Trade for a street that completes one of the player's groups: a swap that
    completes a group for both players, or a purchase at TRADE_PRICE times its price from
    a player who owns no other street of that group."""
    wanted = missing(play, p)
    deeds = play.t.deeds
    for d, q in wanted.items():
        if play.owner[d] != q or play.level[d]:
            continue
        give = next((e for e, r in missing(play, q).items() if r == p and not play.level[e]
                     and deeds[e].group != deeds[d].group), None)
        if give is not None:
            take(play, p, d)
            take(play, q, give)
            continue
        group = play.t.group_deeds[deeds[d].group]
        price = deeds[d].price * TRADE_PRICE
        if sum(play.owner[e] == q for e in group) == 1 and \
                play.cash[p] - price >= play.reserve:
            play.pay(p, price, q)
            take(play, p, d)


def take(play: Play, p: int, d: int) -> None:
    """A street changes hands; a mortgage goes with it, and the new owner pays its
    interest at once (as the rules ask of a mortgaged deed bought from a player)."""
    play.own(d, p)
    if play.mortgaged[d]:
        play.pay(p, play.t.deeds[d].mortgage * play.t.interest // 100, -1)


def lift_cost(play: Play, d: int) -> int:
    mortgage = play.t.deeds[d].mortgage
    return mortgage + mortgage * play.t.interest // 100


def lift(play: Play, p: int) -> None:
    pledged = remembered(play, p, find_pledged)
    if not pledged:
        return
    complete = set(play.complete_groups(p))
    deeds = play.t.deeds
    for d in sorted(pledged, key=lambda d: (deeds[d].group not in complete, -deeds[d].price)):
        cost = lift_cost(play, d)
        if play.cash[p] - cost < play.reserve:
            return
        play.pay(p, cost, -1)
        play.pledge(d, False)


def find_pledged(play: Play, p: int) -> list[int]:
    """The mortgaged deeds of a player."""
    return [d for d, o in enumerate(play.owner) if o == p and play.mortgaged[d]]


def buildable(play: Play, p: int) -> list[int]:
    """The streets a player may build on now: in its complete groups with no mortgage
    (classic), in its monopolies, or every street it owns (a role that needs none)."""
    return remembered(play, p, find_buildable)


def find_buildable(play: Play, p: int) -> list[int]:
    side = play.side[p]
    found: list[int] = []
    for g, deeds in enumerate(play.t.group_deeds):
        mine = [d for d in deeds if play.owner[d] == p and not play.mortgaged[d]]
        if not mine:
            continue
        if side.needs_monopoly:
            if not play.complete(p, g):
                continue
            if side.evenly and any(play.mortgaged[d] for d in deeds):
                continue
        found += mine
    return sorted(found, key=lambda d: (play.t.deeds[d].house, d))


def build(play: Play, p: int) -> None:
    """One house (or hotel) at a time on the least built street, cheapest first."""
    streets = buildable(play, p)  # cheapest house first
    if not streets or play.cash[p] - play.t.deeds[streets[0]].house < play.reserve:
        return
    deeds, level = play.t.deeds, play.level
    hotel_after = play.hotel_after[p]
    while True:
        d = min(streets, key=lambda d: (level[d], deeds[d].house, d))
        if level[d] == HOTEL:
            return
        house = level[d] < hotel_after
        cost = deeds[d].house if house or play.side[p].hotel_is_house else deeds[d].hotel
        if (play.houses if house else play.hotels) <= 0 or \
                play.cash[p] - cost < play.reserve:
            return
        play.pay(p, cost, -1)
        if house:
            play.houses -= 1
            level[d] += 1
        else:
            play.hotels -= 1
            play.houses += hotel_after
            level[d] = HOTEL


def sell_building(play: Play, d: int) -> None:
    """Sell one house, or a hotel, of a street back to the bank. A hotel goes back to the
    houses it was built on when the bank has them, otherwise with them."""
    o = play.owner[d]
    deed = play.t.deeds[d]
    after = play.hotel_after[o]
    level = play.level[d]
    if level == HOTEL:
        hotel = deed.house if play.side[o].hotel_is_house else deed.hotel
        play.hotels += 1
        if play.houses >= after:
            play.houses -= after
            play.level[d], paid = after, hotel
        else:
            play.level[d], paid = 0, hotel + after * deed.house
    elif level:
        play.houses += 1
        play.level[d], paid = level - 1, deed.house
    else:
        return
    play.collect(o, paid * play.t.sell_back // 100)


def raise_cash(play: Play, p: int, amount: int) -> None:
    """Mortgage and sell until the player has `amount` in hand, or has nothing left."""
    deeds = play.t.deeds
    mine = [d for d, o in enumerate(play.owner) if o == p]
    complete = set(play.complete_groups(p))

    def bare(d: int) -> bool:  # nothing built where a mortgage must wait for it
        if deeds[d].kind != STREET:
            return True
        if not play.side[p].evenly:
            return not play.level[d]
        return not any(play.level[e] for e in play.t.group_deeds[deeds[d].group]
                       if play.owner[e] == p)

    first = sorted((d for d in mine if not play.mortgaged[d] and bare(d)),
                   key=lambda d: (deeds[d].group in complete, deeds[d].price))
    if mortgage_until(play, p, amount, first):
        return
    while play.cash[p] < amount:
        standing = [d for d in mine if play.level[d]]
        if not standing:
            break
        sell_building(play, max(standing, key=lambda d: (play.level[d], deeds[d].house, d)))
    rest = sorted((d for d in mine if not play.mortgaged[d]), key=lambda d: deeds[d].price)
    mortgage_until(play, p, amount, rest)


def mortgage_until(play: Play, p: int, amount: int, deeds: list[int]) -> bool:
    """Mortgage deeds in this order until the player has `amount`; whether it has."""
    for d in deeds:
        if play.cash[p] >= amount:
            return True
        if not play.mortgaged[d]:
            play.pledge(d, True)
            play.collect(p, play.t.deeds[d].mortgage)
    return play.cash[p] >= amount
