"""Whole spankopoly games played by simulated players, summed up as a `Simulation`.

Spankopoly has no money: every square asks strokes with an implement, and a player's
score is the points of the strokes received (implement number × the clothing factor of
the player's round × strokes). The fewest points win; the game ends after the turn in
which the first player completes the last round ([scoring] rounds). What is simulated,
by the rules of the booklet and the numbers of the game's files:

- moving with the game's dice, doubles roll again, the third double goes to the corner;
  passing Start completes a round; landing exactly on Start rolls again (the strategy);
- a street or station nobody owns is bought by the player on it for its price in strokes
  with the hand (the strategy: always, so it is never offered round);
- on an opponent's street: its price with the hand, the group's `complete` strokes with
  the group's implement when the owner has the whole group, twice that when doubled; a
  player on its own street of a complete group doubles it, for its price again;
- on an opponent's station: the station die's implement, strokes = the roll of
  `stations.dice` dice × the owner's stations;
- taxes; the warm-up; the corner (a player in it rolls for doubles for up to `max_turns`
  turns, then takes the fine); the extra-roll corner moves forward;
- the chance cards' moves (`goto`, and `corner`: straight to the corner).

Not simulated (`unplayed`), because the data says them only in words: what the other
chance cards ask, and the penalty lines, which the strategy writes rather than buys off
(writing costs no points).
"""

from __future__ import annotations

import random
from collections import deque

from printkit.model.simulation import Outcome, Setting, Simulation
from printkit.systems.spankopoly.model import Game

START, STREET, STATION, CHANCE, TAX, CORNER, EXTRA, NOTHING = range(8)
UNPLAYED = ("chance_text", "penalty_lines")


class Round:
    """One game of spankopoly in progress."""

    def __init__(self, game: Game, players: int, rng: random.Random,
                 dice: tuple[int, int]) -> None:
        self.g, self.rng, self.dice = game, rng, dice
        self.number = {i.id: i.number for i in game.implements}
        self.streets = [s.id for s in game.streets]
        self.stations = [s.id for s in game.stations]
        self.board = [self.square(s.kind, s.ref) for s in game.squares]
        self.corner_at = next((s.position for s in game.squares if s.ref == "visiting"), 0)
        self.where = {s.ref: s.position for s in game.squares}
        self.points = [0] * players
        self.rounds = [0] * players   # rounds completed
        self.pos = [0] * players
        self.cornered = [-1] * players  # turns spent in the corner, -1: free
        self.owner = dict.fromkeys((*self.streets, *self.stations), -1)
        self.doubled: set[str] = set()
        self.deck = deque(rng.sample(range(len(game.chance)), len(game.chance)))
        self.turns = self.current = 0
        self.over = False
        warm = game.rules.warm_up
        for p in range(players):
            self.receive(p, warm.implement, warm.count)

    def square(self, kind: str, ref: str) -> tuple[int, str]:
        kinds = {"street": STREET, "station": STATION, "chance": CHANCE, "tax": TAX}
        if kind in kinds:
            return kinds[kind], ref
        return {"start": START, "go_to_corner": CORNER, "extra_roll": EXTRA}.get(
            ref, NOTHING), ref

    def receive(self, p: int, implement: str, count: int) -> None:
        """Strokes for a player: its points by the clothing of its round."""
        state = self.g.state_of_round(self.rounds[p] + 1) or self.g.states[-1]
        self.points[p] += self.number.get(implement, 1) * state.factor * count

    def roll(self, count: int = 0) -> tuple[int, bool]:
        count, sides = count or self.dice[0], self.dice[1]
        faces = [int(self.rng.random() * sides) + 1 for _ in range(count)]
        return sum(faces), len(set(faces)) == 1

    def play(self, limit: int) -> None:
        while not self.over and self.turns < limit:
            self.turn()

    def turn(self) -> None:
        p = self.current
        self.turns += 1
        if self.cornered[p] < 0 or self.leave_corner(p):
            self.rolls(p)
        if self.rounds[p] >= self.g.rules.rounds:
            self.over = True
        self.current = (p + 1) % len(self.points)

    def rolls(self, p: int) -> None:
        for n in range(3):
            total, double = self.roll()
            if double and n == 2:
                self.to_corner(p)
                return
            self.move(p, total)
            if not double or self.cornered[p] >= 0:
                return

    def leave_corner(self, p: int) -> bool:
        """A turn in the corner: doubles leave it (and move, and roll again); after the
        last turn the fine. Whether the player rolls on as usual."""
        total, double = self.roll()
        if double:
            self.cornered[p] = -1
            self.move(p, total)
            return self.cornered[p] < 0
        self.cornered[p] += 1
        if self.cornered[p] >= self.g.rules.corner_max_turns:
            fine = self.g.rules.corner_fine
            self.receive(p, fine.implement, fine.count)
            self.cornered[p] = -1
        return False

    def to_corner(self, p: int) -> None:
        self.pos[p] = self.corner_at
        self.cornered[p] = 0

    def move(self, p: int, steps: int) -> None:
        """Forward (Start passed: a round completed), then what the square asks."""
        to = self.pos[p] + steps
        if to >= len(self.board):
            self.rounds[p] += 1
            to %= len(self.board)
        self.pos[p] = to
        self.land(p, steps)

    def land(self, p: int, steps: int) -> None:
        kind, ref = self.board[self.pos[p]]
        if kind == STREET:
            self.on_street(p, ref)
        elif kind == STATION:
            self.on_station(p, ref)
        elif kind == TAX:
            tax = self.g.tax[ref]
            self.receive(p, tax.implement, tax.count)
        elif kind == CHANCE:
            self.draw(p)
        elif kind == CORNER:
            self.to_corner(p)
        elif kind in (START, EXTRA) and not self.over:
            if kind == START and self.rounds[p] >= self.g.rules.rounds:
                return
            self.move(p, self.roll()[0])  # roll again (at Start the strategy's choice)

    def on_street(self, p: int, ref: str) -> None:
        street = self.g.street[ref]
        owner = self.owner[ref]
        if owner < 0 or (owner == p and self.complete(p, street.group)
                         and ref not in self.doubled):
            self.receive(p, "hand", street.purchase)
            if owner == p:
                self.doubled.add(ref)
            self.owner[ref] = p
        elif owner != p:
            if not self.complete(owner, street.group):
                self.receive(p, "hand", street.purchase)
            else:
                factor = 2 if ref in self.doubled else 1
                self.receive(p, self.g.group[street.group].implement, street.complete * factor)

    def on_station(self, p: int, ref: str) -> None:
        owner = self.owner[ref]
        if owner < 0:
            stake = self.g.rules.station_purchase
            self.receive(p, stake.implement, stake.count)
            self.owner[ref] = p
        elif owner != p:
            face = self.roll(1)[0]
            implement = dict(self.g.station_die).get(face, "hand")
            owned = sum(1 for s in self.stations if self.owner[s] == owner)
            self.receive(p, implement, self.roll(self.g.rules.station_dice)[0] * owned)

    def complete(self, p: int, group: str) -> bool:
        return all(self.owner[s.id] == p for s in self.g.streets_of(group))

    def draw(self, p: int) -> None:
        if not self.deck:
            self.deck.extend(self.rng.sample(range(len(self.g.chance)), len(self.g.chance)))
        card = self.g.chance[self.deck.popleft()]
        if card.corner:
            self.to_corner(p)
        elif card.goto in self.where:
            self.move(p, (self.where[card.goto] - self.pos[p]) % len(self.board))

    def winner(self) -> int:
        return min(range(len(self.points)), key=lambda q: (self.points[q], q))

    def complete_groups(self, p: int) -> tuple[int, ...]:
        return tuple(i for i, g in enumerate(self.g.groups) if self.complete(p, g.id))


def outcome(game: Game, setting: Setting, n: int) -> Outcome:
    play = Round(game, setting.players, random.Random(setting.game_seed(n)), setting.dice)
    play.play(setting.turns())
    winner = play.winner()
    return Outcome(play.turns, play.over, winner, play.complete_groups(winner))


def simulate(game: Game, setting: Setting) -> Simulation:
    """Spankopoly's games (it has no short game or time limit: it ends after its last
    round)."""
    setting.check(game.players, ("full",))
    played = tuple(outcome(game, setting, n) for n in range(setting.games))
    return Simulation(setting, "points", (), tuple(g.id for g in game.groups), played,
                      unplayed=UNPLAYED)
