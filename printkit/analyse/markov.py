"""The exact landing odds of one token: a Markov chain of its rolls, solved with numpy.

A state is where the token stands before a roll, and how: on square p with d doubles rolled
so far this turn (d = 0: a turn begins), in jail after k failed tries for doubles, or on a
square that gives it an extra roll. Every roll is one step. A step's transitions carry
where the roll finished (a square, or in jail) and whether it ended the turn; the chain's
stationary distribution weighs them into the share of rolls, and of turns, that end on
each square. Cards are drawn at random: each move of a `Draw` with its chance.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import NamedTuple

# The chains are small (a few hundred states): one thread solves them in a fraction of a
# millisecond, while the BLAS library's threads, started for the first solve, took half a
# second on a busy machine. Set before numpy is first imported (else it has no effect).
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import numpy as np  # noqa: E402 (after the threads are set)
from numpy.typing import NDArray  # noqa: E402

from printkit.model import AnyGame  # noqa: E402
from printkit.model.analysis import (  # noqa: E402
    Analysis,
    Balance,
    Move,
    Odds,
    Track,
)
from printkit.model.dice import Dice  # noqa: E402

CHAIN_LIMIT = 8  # cards leading to cards: at most this many in a row (then the token stays)
Roll = tuple[int, bool, float]  # pips, a double, chance


def rolls(dice: Dice) -> tuple[Roll, ...]:
    """Every sum the dice can show, apart for doubles and not, with its chance."""
    faces = np.arange(1, dice.sides + 1)
    grids = [g.ravel() for g in np.meshgrid(*([faces] * dice.count), indexing="ij")]
    sums = np.sum(grids, axis=0)
    same = np.all([g == grids[0] for g in grids], axis=0) if dice.count > 1 \
        else np.zeros(sums.shape, dtype=bool)
    total = float(dice.sides ** dice.count)
    found: dict[tuple[int, bool], int] = {}
    for s, d in zip(sums.tolist(), same.tolist(), strict=True):
        found[(s, d)] = found.get((s, d), 0) + 1
    return tuple((s, d, n / total) for (s, d), n in sorted(found.items()))


@dataclass(frozen=True)
class End:
    """Where a move ends once the squares and cards have moved the token: on `square`, in
    jail (`jail`), or on an extra-roll square (`extra`); `factor` and `nearest` tell a
    card that moved it to the nearest square of a kind."""

    square: int = 0
    jail: bool = False
    extra: bool = False
    nearest: bool = False
    factor: int = 0


class Step(NamedTuple):
    """One transition: the next state, its chance, where the roll finished (a square, or
    n: in jail), whether it ended the turn, whether it sent the token to jail, and the
    end that a nearest-square card made (None if none did)."""

    target: int
    chance: float
    label: int
    over: bool
    sent: bool = False
    end: End | None = None


class Chain:
    """The chain of one track, dice and jail strategy: its states, built as they are
    reached, and per state the weights of its transitions."""

    def __init__(self, track: Track, dice: Dice, strategy: str) -> None:
        self.track, self.dice, self.long = track, dice, strategy == "long"
        self.n = len(track.squares)
        self.rolls = rolls(dice)
        self.draws = dict(track.draws)
        self.kinds = tuple(s.kind for s in track.squares)
        self.index: dict[tuple[str, int, int, bool], int] = {}
        self.keys: list[tuple[str, int, int, bool]] = []
        self.rows: list[list[Step]] = []
        self.resolve = cache(self._resolve)

    # where a move ends ------------------------------------------------------------------

    def _resolve(self, position: int, depth: int = 0) -> tuple[tuple[float, End], ...]:
        """The chances of where a token that arrives on `position` ends up."""
        p = position % self.n
        if p in self.track.to_jail:
            return ((1.0, End(jail=True)),)
        if p in self.track.extra_roll:
            return ((1.0, End(p, extra=True)),)
        draw = self.draws.get(p)
        if draw is None or depth >= CHAIN_LIMIT:
            return ((1.0, End(p)),)
        ends: list[tuple[float, End]] = []
        for chance, move in draw.moves:
            ends += [(chance * c, e) for c, e in self.moved(p, move, depth)]
        return tuple(ends)

    def moved(self, p: int, move: Move, depth: int) -> tuple[tuple[float, End], ...]:
        if move.kind == "jail":
            return ((1.0, End(jail=True)),)
        if move.kind == "goto":
            return self.resolve(move.target, depth + 1)
        if move.kind == "move":
            return self.resolve(p + move.steps, depth + 1)
        if move.kind == "nearest":
            ahead = next((q % self.n for q in range(p + 1, p + self.n + 1)
                          if self.kinds[q % self.n] == move.nearest), p)
            return tuple((c, replace(e, nearest=True, factor=move.factor) if e.square == ahead
                          and not e.jail else e) for c, e in self.resolve(ahead, depth + 1))
        return ((1.0, End(p)),)

    # states and their transitions ---------------------------------------------------------

    def state(self, kind: str, square: int = 0, doubles: int = 0, more: bool = False) -> int:
        """The number of a state: `free` (on a square, `doubles` rolled this turn), `jail`
        (`doubles`: failed tries), `extra` (on an extra-roll square; `more`: the turn goes
        on afterwards)."""
        key = (kind, square, doubles, more)
        if key not in self.index:
            self.index[key] = len(self.rows)
            self.keys.append(key)
            self.rows.append([])
        return self.index[key]

    def jailed(self) -> int:
        """The state of a token just sent to jail: short, it leaves at its next turn as
        from the corner; long, it tries for doubles."""
        return self.state("jail") if self.long else self.state("free", self.track.jail)

    def landed(self, end: End, chance: float, doubles: int, more: bool) -> Step:
        """The step to where an end leads."""
        if end.jail:
            return Step(self.jailed(), chance, self.n, True, True)
        near = end if end.nearest else None
        if end.extra:
            return Step(self.state("extra", end.square, doubles, more), chance, end.square,
                        False, end=near)
        if more:
            return Step(self.state("free", end.square, doubles), chance, end.square, False,
                        end=near)
        return Step(self.state("free", end.square), chance, end.square, True, end=near)

    def add(self, state: int, chance: float, ends: tuple[tuple[float, End], ...],
            doubles: int, more: bool) -> None:
        self.rows[state] += [self.landed(end, chance * c, doubles, more) for c, end in ends]

    def fill(self, key: tuple[str, int, int, bool], state: int) -> None:
        kind, square, doubles, more = key
        t = self.track
        if kind == "free":
            for pips, double, chance in self.rolls:
                if double and t.doubles_to_jail and doubles + 1 >= t.doubles_to_jail:
                    self.rows[state].append(Step(self.jailed(), chance, self.n, True, True))
                    continue
                again = double and (not t.max_rolls or doubles + 1 < t.max_rolls)
                self.add(state, chance, self.resolve(square + pips), doubles + 1 if again
                         else 0, again)
        elif kind == "extra":
            for pips, _, chance in self.rolls:
                for way in (pips, -pips):
                    ends = tuple((c, replace(e, extra=False)) for c, e in
                                 self.resolve(square + way))
                    self.add(state, chance / 2, ends, doubles, more)
        else:
            self.fill_jail(state, doubles)

    def fill_jail(self, state: int, tries: int) -> None:
        """A turn in jail (the long strategy): try for doubles."""
        t, jail = self.track, self.track.jail
        for pips, double, chance in self.rolls:
            if double and t.jail_doubles == "roll_again":  # out, not moved: roll again
                self.rows[state].append(Step(self.state("free", jail, 1), chance, self.n,
                                             False))
            elif double:
                again = t.jail_doubles == "move_again"
                self.add(state, chance, self.resolve(jail + pips), 1 if again else 0, again)
            elif tries + 1 < t.jail_turns:
                self.rows[state].append(Step(self.state("jail", 0, tries + 1), chance,
                                             self.n, True))
            elif t.jail_last == "move":
                self.add(state, chance, self.resolve(jail + pips), 0, False)
            else:  # visit: stand on the corner; wait: play from it next turn
                label = jail if t.jail_last == "visit" else self.n
                self.rows[state].append(Step(self.state("free", jail), chance, label, True))

    def build(self) -> None:
        """Every state reachable from a turn beginning on the first square."""
        self.state("free", 0)
        done = 0
        while done < len(self.rows):
            self.fill(self.keys[done], done)
            done += 1

    def matrices(self) -> Iterator[NDArray[np.float64]]:
        """The transition matrix, then per state the landing weights, the turn-end weights,
        the chance of being sent to jail, the weights of nearest cards with their own rent
        rule and those weighted by the cards' factor."""
        size, labels = len(self.rows), self.n + 1
        p, land, ends = (np.zeros((size, size)), np.zeros((size, labels)),
                         np.zeros((size, labels)))
        sent = np.zeros(size)
        near, factor = np.zeros((size, self.n)), np.zeros((size, self.n))
        for s, row in enumerate(self.rows):
            for step in row:
                p[s, step.target] += step.chance
                land[s, step.label] += step.chance
                ends[s, step.label] += step.chance if step.over else 0.0
                sent[s] += step.chance if step.sent else 0.0
                if step.end is not None and step.end.factor:
                    near[s, step.label] += step.chance
                    factor[s, step.label] += step.chance * step.end.factor
        yield from (p, land, ends, sent, near, factor)


def stationary(p: NDArray[np.float64]) -> NDArray[np.float64]:
    """The long-run share of each state: π P = π, Σ π = 1. A chain whose states do not
    all lead to one another (a board the dice cannot get round) is solved by least
    squares, so that it still has an answer."""
    size = p.shape[0]
    a = p.T - np.eye(size)
    a[-1, :] = 1.0
    b = np.zeros(size)
    b[-1] = 1.0
    try:
        pi = np.linalg.solve(a, b)
    except np.linalg.LinAlgError:
        a = np.vstack([p.T - np.eye(size), np.ones((1, size))])
        pi = np.linalg.lstsq(a, np.append(np.zeros(size), 1.0), rcond=None)[0]
    pi = np.clip(pi, 0.0, None)
    return np.asarray(pi / pi.sum(), dtype=np.float64)


def solve(track: Track, dice: Dice, strategy: str) -> Odds:
    """The landing odds of `track` with `dice`, leaving jail at once (`short`) or trying
    for doubles (`long`); cards a player keeps are counted as cards that do not move the
    token, and how much leaving them out would change is in `kept_effect`."""
    odds = _solve(track, dice, strategy)
    without = without_kept(track)
    if without is None:
        return odds
    other = _solve(without, dice, strategy)
    effect = max(abs(a - b) for a, b in zip(odds.landing, other.landing, strict=True))
    decks = {d.deck: d for _, d in track.draws}  # a deck lies on several squares
    kept = sum(1 for d in decks.values() for _, m in d.moves if m.kept)
    return replace(odds, kept_effect=effect, kept_cards=kept)


def without_kept(track: Track) -> Track | None:
    """The track with the kept cards out of their decks (None if there are none)."""
    draws = []
    for position, draw in track.draws:
        kept = [c for c, m in draw.moves if m.kept]
        if kept and len(kept) < len(draw.moves):
            rest = [(c, m) for c, m in draw.moves if not m.kept]
            total = sum(c for c, _ in rest)
            draw = replace(draw, moves=tuple((c / total, m) for c, m in rest))
        draws.append((position, draw))
    changed = tuple(draws) != track.draws
    return replace(track, draws=tuple(draws)) if changed else None


def _solve(track: Track, dice: Dice, strategy: str) -> Odds:
    chain = Chain(track, dice, strategy)
    chain.build()
    p, land, ends, sent, near, factor = chain.matrices()
    pi = stationary(p)
    landing, turn_end = pi @ land, pi @ ends
    turns = float(turn_end.sum())
    n = chain.n
    return Odds(dice=dice, jail=strategy, landing=tuple(float(x) for x in landing[:n]),
                turn_end=tuple(float(x) / turns for x in turn_end[:n]),
                in_jail=float(landing[n]), sent_to_jail=float(pi @ sent),
                in_jail_turn_end=float(turn_end[n]) / turns, rolls_per_turn=1.0 / turns,
                own_rule=tuple(float(x) for x in pi @ near),
                own_factor=tuple(float(x) for x in pi @ factor))


def board_analysis(game: AnyGame, track: Track, dice: Dice, jail: str, players: int,
                   balances: Callable[[Odds], tuple[Balance, ...]]) -> Analysis:
    """A board game's analysis: the odds of its track, and the balances `balances` finds
    with them."""
    odds = solve(track, dice, jail)
    return Analysis(game.id, game.system, dice, jail, players, odds, track.squares,
                    track.jail, balances=balances(odds))


def sums(dice: Dice) -> dict[int, float]:
    """The chance of each sum of the dice."""
    found: dict[int, float] = {}
    for pips, _, chance in rolls(dice):
        found[pips] = found.get(pips, 0.0) + chance
    return found


def mixture(odds: list[Odds]) -> Odds:
    """The odds of a table where each of `odds` is one kind of player (a role), as many
    of each: turns count alike, rolls as each kind makes them."""
    weights = [o.rolls_per_turn for o in odds]
    total = sum(weights)

    def per_roll(values: list[tuple[float, ...]]) -> tuple[float, ...]:
        return tuple(sum(w * v for w, v in zip(weights, column, strict=True)) / total
                     for column in zip(*values, strict=True))

    def per_turn(values: list[tuple[float, ...]]) -> tuple[float, ...]:
        return tuple(sum(column) / len(odds) for column in zip(*values, strict=True))

    first = odds[0]
    return replace(
        first, landing=per_roll([o.landing for o in odds]),
        turn_end=per_turn([o.turn_end for o in odds]),
        in_jail=per_roll([(o.in_jail,) for o in odds])[0],
        sent_to_jail=per_roll([(o.sent_to_jail,) for o in odds])[0],
        in_jail_turn_end=per_turn([(o.in_jail_turn_end,) for o in odds])[0],
        rolls_per_turn=total / len(odds), own_rule=per_roll([o.own_rule for o in odds]),
        own_factor=per_roll([o.own_factor for o in odds]),
        kept_effect=max(o.kept_effect for o in odds),
        kept_cards=max(o.kept_cards for o in odds))
