"""One whole money game played by simulated players (`Play`), by the rules of its `Table`.

The rules are those of the game's system as its booklet states them: salary at Start,
buying (or the auction, where the system has one), rent by the owner's side, taxes, cards
and commands with their money effects, doubles, jail, mortgages with interest, houses and
hotels from a limited bank, bankruptcy to a player or to the bank, and the short game's
end. What a player decides is the simple strategy of printkit.systems.money.tactics.

Money is whole units, as on the deeds. `bank` counts what the bank has taken in less what
it paid out, so that the players' money plus `bank` is always zero: no money appears or
disappears (the tests hold the engine to it after every turn).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from printkit.systems.money import tactics
from printkit.systems.money.table import (
    CARDS,
    COMMANDS,
    DEED,
    HOTEL,
    STATION,
    STREET,
    TAX,
    TO_JAIL,
    UTILITY,
    Act,
    Short,
    Side,
    Table,
)

FREE = -1  # `jailed` of a player who is not in jail


class Play:
    """The state of one game, and the rules that change it turn by turn."""

    def __init__(self, table: Table, sides: tuple[int, ...], rng: random.Random,
                 variant: str = "full", dice: tuple[int, int] = (2, 6)) -> None:
        t = self.t = table
        n = len(sides)
        self.rng = rng
        self.dice = dice
        self.short = t.short if variant == "short" else None
        if variant == "timed" and t.short:  # deeds dealt as in the short game, no other end
            self.short = Short(t.short.deeds, 0, 0)
        self.side: list[Side] = [t.sides[s] for s in sides]
        self.sides = sides
        self.cash = [t.start_capital] * n
        self.bank = -t.start_capital * n
        self.pos = [0] * n
        self.jailed = [FREE] * n     # failed tries to roll doubles in jail
        self.kept: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (deck, card)
        self.alive = [True] * n
        self.owner = [-1] * len(t.deeds)
        self.mortgaged = [False] * len(t.deeds)
        self.level = [0] * len(t.deeds)  # houses, or HOTEL
        self.deals = 0  # changes of owner or mortgage so far (what tactics remembers by)
        self.memo: dict[tuple[str, int], tuple[int, Any]] = {}
        self.houses, self.hotels = t.houses, t.hotels
        short_houses = self.short.houses_for_hotel if self.short else 0
        self.hotel_after = [short_houses or s.houses for s in self.side]
        self.decks = [deque(rng.sample(range(len(d)), len(d))) for d in t.decks]
        self.reserve = t.start_capital // 10
        self.of_kind = {k: [d for d, deed in enumerate(t.deeds) if deed.kind == k]
                        for k in (STREET, STATION, UTILITY)}
        self.kind_at = {k: [n for n, (what, d) in enumerate(t.squares)
                            if what == DEED and t.deeds[d].kind == k] for k in (STATION, UTILITY)}
        self.turns = self.current = self.bankruptcies = 0
        self.winner = -1
        self.held: list[list[int]] = []  # each player's complete groups at the first bankruptcy
        self.over = self.ended = False
        if self.short and self.short.deeds:
            self.deal(self.short.deeds)

    # -- the turn ---------------------------------------------------------------------

    def play(self, limit: int, timed: bool = False) -> None:
        """Turns until the game ends by its rules or `limit` turns have been played: then
        the richest player wins, as in the game with a time limit (`timed`: that is the
        game, which so ends by its rules)."""
        while not self.over and self.turns < limit:
            self.turn()
        if not self.over:
            self.finish(self.richest(), ended=timed)

    def turn(self) -> None:
        """The current player's turn, then the next player's is due."""
        p = self.current
        self.turns += 1
        if self.jailed[p] == FREE or self.leave_jail(p):
            self.rolls(p)
        if self.alive[p] and not self.over:
            tactics.manage(self, p)
        n = len(self.alive)
        nxt = (p + 1) % n
        while not self.alive[nxt] and nxt != p:
            nxt = (nxt + 1) % n
        self.current = nxt

    def roll(self) -> tuple[int, bool]:
        count, sides = self.dice
        rand = self.rng.random
        first = int(rand() * sides) + 1
        total, same = first, True
        for _ in range(count - 1):
            face = int(rand() * sides) + 1
            total += face
            same = same and face == first
        return total, same

    def rolls(self, p: int, first: int = 0) -> None:
        """Roll, move and land; again after doubles, as often as the rules allow
        (`first`: rolls this turn already made)."""
        t = self.t
        doubles = 0
        for _ in range(first, 1 + t.extra_rolls):
            total, double = self.roll()
            doubles += double
            if double and doubles == t.doubles_to_jail:
                self.to_jail(p)
                return
            self.advance(p, total)
            self.land(p, total)
            if not double or self.over or not self.alive[p] or self.jailed[p] != FREE:
                return

    def leave_jail(self, p: int) -> bool:
        """A turn in jail; whether the player goes on to roll as usual."""
        t = self.t
        if self.jailed[p] >= t.jail_turns:  # every try failed: pay, then play (anti)
            return self.free(p, pay=True)
        card = next((k for k in self.kept[p]
                     if self.t.decks[k[0]][k[1]].action == "get_out_of_jail"), None)
        if card is not None:
            self.kept[p].remove(card)
            self.decks[card[0]].append(card[1])
            return self.free(p)
        if tactics.leaves_jail_at_once(self, p):
            return self.free(p, pay=True)
        total, double = self.roll()
        if double:
            self.jailed[p] = FREE
            if not t.jail_double_moves:  # free, and the extra roll moves
                self.rolls(p, first=t.extra_rolls)
                return False
        else:
            self.jailed[p] += 1
            if self.jailed[p] < t.jail_turns or not t.jail_double_moves:
                return False
            self.free(p, pay=True)  # the last try failed: pay and move by it (classic)
            if not self.alive[p]:
                return False
        self.advance(p, total)
        self.land(p, total)
        return False

    def free(self, p: int, pay: bool = False) -> bool:
        if pay:
            self.pay(p, self.t.jail_fine, -1)
        self.jailed[p] = FREE
        return self.alive[p] and not self.over

    def to_jail(self, p: int) -> None:
        self.pos[p] = self.t.jail
        self.jailed[p] = 0

    # -- moving and landing ---------------------------------------------------------------

    def advance(self, p: int, steps: int) -> None:
        """Move forward; the salary when passing or landing on Start."""
        to = self.pos[p] + steps
        size = len(self.t.squares)
        if to >= size:
            self.collect(p, self.t.salary)
            to %= size
        self.pos[p] = to

    def land(self, p: int, roll: int) -> None:
        kind, i = self.t.squares[self.pos[p]]
        if kind == DEED:
            self.on_deed(p, i, roll)
        elif kind == TAX:
            self.pay(p, tactics.tax_due(self, p, i), -1)
        elif kind == CARDS:
            self.draw(p, i, roll)
        elif kind == COMMANDS:
            total = self.roll()[0]
            commands = self.side[p].commands
            command = commands[total] if total < len(commands) else None
            if command is not None:
                self.act(p, command, roll)
        elif kind == TO_JAIL:
            self.to_jail(p)

    def on_deed(self, p: int, d: int, roll: int, factor: int = 0) -> None:
        """A deed: bought or auctioned if the bank has it, else its rent paid to its owner
        (`factor`: a card's own rent, × a station's rent or × a new roll at a utility)."""
        o = self.owner[d]
        if o < 0:
            if tactics.buys(self, p, d):
                self.pay(p, self.t.deeds[d].price, -1)
                if self.alive[p]:
                    self.own(d, p)
            elif self.t.auction:
                tactics.auction(self, d)
        elif o != p and not self.mortgaged[d] and self.collects(o):
            if factor and self.t.deeds[d].kind == UTILITY:
                self.pay(p, factor * self.roll()[0], o)
            else:
                self.pay(p, self.rent(d, roll) * (factor or 1), o)

    def collects(self, o: int) -> bool:
        """Whether a player receives money now (anti: not a role's prisoner)."""
        return self.jailed[o] == FREE or self.side[o].collects_in_jail

    def rent(self, d: int, roll: int) -> int:
        deed = self.t.deeds[d]
        o = self.owner[d]
        side = self.side[o]
        if deed.kind == STREET:
            level = self.level[d]
            if level:
                return side.ladders[d][level]
            base = side.ladders[d][0]
            return base * side.monopoly_factor if self.complete(o, deed.group) else base
        owned = sum(1 for e in self.of_kind[deed.kind] if self.owner[e] == o)
        if deed.kind == STATION:
            scale = side.station_rents
            return scale[min(owned, len(scale)) - 1] if scale else 0
        scale = side.utility_factors
        return roll * scale[min(owned, len(scale)) - 1] if scale else 0

    def complete(self, p: int, g: int) -> bool:
        """Whether a player has a group complete (anti: enough unmortgaged streets)."""
        if self.t.mortgage_breaks:
            held = sum(1 for d in self.t.group_deeds[g]
                       if self.owner[d] == p and not self.mortgaged[d])
        else:
            held = sum(1 for d in self.t.group_deeds[g] if self.owner[d] == p)
        return held >= self.t.monopoly[g]

    # -- cards and commands -------------------------------------------------------------

    def draw(self, p: int, deck: int, roll: int) -> None:
        cards = self.decks[deck]
        if not cards:  # every card is kept by a player
            return
        card = cards.popleft()
        act = self.t.decks[deck][card]
        if act.keep:
            self.kept[p].append((deck, card))
        else:
            cards.append(card)
        self.act(p, act, roll)

    def act(self, p: int, a: Act, roll: int) -> None:
        """What a card or command does."""
        action = a.action
        size = len(self.t.squares)
        if action == "goto" and a.target >= 0:
            self.advance(p, (a.target - self.pos[p]) % size)
            self.land(p, roll)
        elif action == "move":
            if a.steps >= 0:
                self.advance(p, a.steps)
            else:
                self.pos[p] = (self.pos[p] + a.steps) % size
            self.land(p, roll)
        elif action == "nearest" and a.nearest >= 0:
            self.nearest(p, a, roll)
        elif action == "jail":
            self.to_jail(p)
        elif action == "pay":
            self.pay(p, a.amount, -1)
        elif action == "collect":
            self.collect(p, a.amount)
        elif action == "repairs":
            houses = sum(v for d, v in enumerate(self.level) if self.owner[d] == p and v < HOTEL)
            hotels = sum(1 for d, v in enumerate(self.level) if self.owner[d] == p and v == HOTEL)
            self.pay(p, houses * a.per_house + hotels * a.per_hotel, -1)
        else:
            self.between(p, a)

    def nearest(self, p: int, a: Act, roll: int) -> None:
        """Forward to the next station (or utility), with the card's own rent there."""
        size = len(self.t.squares)
        ahead = [(k - self.pos[p]) % size or size for k in self.kind_at[a.nearest]]
        if not ahead:
            return
        self.advance(p, min(ahead))
        self.on_deed(p, self.t.squares[self.pos[p]][1], roll, a.factor)

    def between(self, p: int, a: Act) -> None:
        """A card that moves money between the player and others (all, or one role's)."""
        others = [q for q in range(len(self.alive))
                  if q != p and self.alive[q] and a.party in (-1, self.sides[q])]
        if a.action in ("collect_from_players", "collect_from") and self.collects(p):
            for q in others:
                self.pay(q, a.amount, p)
        elif a.action in ("pay_players", "pay_to"):
            for q in others:
                if self.alive[p] and self.collects(q):
                    self.pay(p, a.amount, q)

    # -- money ----------------------------------------------------------------------------

    def collect(self, p: int, amount: int) -> None:
        """The bank pays a player."""
        self.cash[p] += amount
        self.bank -= amount

    def pay(self, p: int, amount: int, to: int) -> None:
        """A player pays the bank (`to` -1) or another player; raises the money first by
        the strategy's means, and goes bankrupt when even that is not enough."""
        if amount <= 0 or not self.alive[p] or self.over:  # nothing is paid after the end
            return
        if to >= 0 and not self.alive[to]:
            to = -1
        if self.cash[p] < amount:
            tactics.raise_cash(self, p, amount)
            if self.cash[p] < amount:
                self.bankrupt(p, to)
                return
        self.cash[p] -= amount
        if to < 0:
            self.bank += amount
        else:
            self.cash[to] += amount

    def bankrupt(self, p: int, to: int) -> None:
        """Everything of a player goes to the creditor; owed to the bank, its deeds return
        to the bank (and are auctioned, where the system auctions)."""
        if not self.bankruptcies:
            self.held = [self.complete_groups(q) for q in range(len(self.alive))]
        self.alive[p] = False
        self.bankruptcies += 1
        for deck, card in self.kept[p]:
            self.decks[deck].append(card)
        self.kept[p] = []
        for d, level in enumerate(self.level):
            if self.owner[d] == p and level:
                tactics.sell_building(self, d)  # (raise_cash has sold them already)
        left, self.cash[p] = self.cash[p], 0
        mine = [d for d, o in enumerate(self.owner) if o == p]
        if to >= 0 and self.alive[to]:
            self.cash[to] += left
            for d in mine:
                self.own(d, to)
            self.check_end()
            interest = sum(self.t.deeds[d].mortgage for d in mine if self.mortgaged[d])
            self.pay(to, interest * self.t.interest // 100, -1)
            return
        self.bank += left
        for d in mine:
            self.own(d, -1)
            self.pledge(d, False)
        self.check_end()
        if self.t.auction and not self.over:
            for d in mine:
                tactics.auction(self, d)

    def check_end(self) -> None:
        alive = [q for q, a in enumerate(self.alive) if a]
        if len(alive) == 1:
            self.finish(alive[0], ended=True)
        elif self.short and self.short.role_out:
            if len({self.sides[q] for q in alive}) < len(set(self.sides)):
                self.finish(self.richest(), ended=True)
        elif self.short and self.short.bankruptcies and \
                self.bankruptcies >= self.short.bankruptcies:
            self.finish(self.richest(), ended=True)

    def finish(self, winner: int, ended: bool = False) -> None:
        if not self.over:
            self.winner, self.over, self.ended = winner, True, ended

    def own(self, d: int, p: int) -> None:
        """A deed changes hands (-1: back to the bank)."""
        self.owner[d] = p
        self.deals += 1

    def pledge(self, d: int, mortgaged: bool) -> None:
        """A deed is mortgaged, or its mortgage lifted."""
        self.mortgaged[d] = mortgaged
        self.deals += 1

    # -- worth --------------------------------------------------------------------------

    def built(self, d: int) -> int:
        """What the buildings on a street cost (a hotel with the houses given for it)."""
        level = self.level[d]
        if not level:
            return 0
        deed = self.t.deeds[d]
        if level < HOTEL:
            return level * deed.house
        o = self.owner[d]
        hotel = deed.house if self.side[o].hotel_is_house else deed.hotel
        return hotel + self.hotel_after[o] * deed.house

    def worth(self, p: int) -> int:
        """Money, deeds at their price (mortgaged: the mortgage value) and what the
        buildings cost: how the short game and the time limit find the richest."""
        own = [d for d, o in enumerate(self.owner) if o == p]
        deeds = self.t.deeds
        return self.cash[p] + sum(deeds[d].mortgage if self.mortgaged[d] else deeds[d].price
                                  for d in own) + sum(self.built(d) for d in own)

    def richest(self) -> int:
        alive = [q for q, a in enumerate(self.alive) if a]
        return max(alive, key=lambda q: (self.worth(q), -q))

    def decisive_groups(self, p: int) -> list[int]:
        """The groups a player owned whole when the first player went bankrupt (before
        its deeds changed hands), or at the end of a game without bankruptcy: the groups
        that decided the game, not those the last bankruptcies handed over."""
        return self.held[p] if self.held else self.complete_groups(p)

    def complete_groups(self, p: int) -> list[int]:
        """The groups of which a player owns every street."""
        return [g for g, deeds in enumerate(self.t.group_deeds)
                if deeds and all(self.owner[d] == p for d in deeds)]

    def deal(self, count: int) -> None:
        """The short game's start: every player is dealt deeds and pays their price."""
        order = self.rng.sample(range(len(self.t.deeds)), len(self.t.deeds))
        for n in range(count * len(self.alive)):
            if n >= len(order):
                break
            p, d = n % len(self.alive), order[n]
            self.pay(p, self.t.deeds[d].price, -1)
            if self.alive[p]:
                self.own(d, p)
