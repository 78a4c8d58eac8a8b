"""Whole games played by simulated players, summed up: what `printkit analyse --games N`
reports of any game system with a board (each system plays its own rules: its package's
`play` module). System-neutral, so the report and the JSON need no system.

A turn is one player's turn (with the rolls its doubles give). Minutes are estimated as
turns × `turn_seconds` (TURN_SECONDS unless the game says otherwise), an assumption for a
table that knows the game, stated wherever the estimate is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.errors import PrintkitError

TURN_SECONDS = 40        # assumed length of one player's turn at the table
TURN_LIMIT = 2000        # turns after which a simulated game is stopped
VARIANTS = ("full", "short", "timed")  # the full game, the short game, a time limit
MARKS = (60, 90, 120, 180)  # minutes the JSON gives the share of games ended within


@dataclass(frozen=True)
class Setting:
    """How to simulate: players, games, seed, the variant (of VARIANTS: the full game, the
    short game, or the game with a time limit of `minutes`), the dice and the turn limit."""

    players: int = 4
    games: int = 1000
    seed: int = 0
    variant: str = "full"
    dice: tuple[int, int] = (2, 6)  # count and sides
    limit: int = TURN_LIMIT
    minutes: int = 120  # the time limit of the "timed" variant
    turn_seconds: int = TURN_SECONDS

    def turns(self) -> int:
        """The turns a game is played at most: the time limit's (timed), else `limit`."""
        if self.variant == "timed":
            return max(1, self.minutes * 60 // self.turn_seconds)
        return self.limit

    def check(self, players: tuple[int, int], variants: tuple[str, ...]) -> None:
        """Refuse a number of players the game is not for (`players`: its fewest and
        most), or more than the simulation plays (2 to 6), and a variant it has not."""
        low, high = max(2, players[0]), min(6, players[1])
        if not low <= self.players <= high:
            raise PrintkitError(f"--players {self.players}: the simulation plays {low} to "
                                f"{high} players of this game")
        if self.variant not in variants:
            raise PrintkitError(f"--variant {self.variant}: this game has no such variant; "
                                "it can be simulated as " + " or ".join(variants))

    def game_seed(self, game: int) -> str:
        """The seed of one game: the same game whatever the number or order of the
        others, so that games can be shared among cores."""
        return f"{self.seed}/{self.players}/{self.variant}/{game}"


@dataclass(frozen=True)
class Outcome:
    """One simulated game: its length, whether it ended by its rules (not at the limit),
    the winning seat and the groups the winner owned whole when they decided the game (a
    money game: at the first bankruptcy; a game without bankruptcy: at the end)."""

    turns: int
    ended: bool
    winner: int
    groups: tuple[int, ...]


@dataclass(frozen=True)
class Simulation:
    """N simulated games of one game: lengths, winners by seat (and role), and the groups
    the winners owned. `score` says how a game is won: "money" (the last one standing, or
    the richest when the game ends otherwise) or "points" (the fewest penalty points)."""

    setting: Setting
    score: str                  # "money" or "points"
    roles: tuple[str, ...]      # the role of each seat; () when the game has none
    groups: tuple[str, ...]     # the game's groups, board order
    outcomes: tuple[Outcome, ...]
    unplayed: tuple[str, ...] = ()  # what of the game's rules is not simulated (codes)

    @property
    def variant(self) -> str:
        return self.setting.variant

    @property
    def turn_seconds(self) -> int:
        return self.setting.turn_seconds

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def minutes(self, turns: float) -> float:
        return turns * self.turn_seconds / 60

    def lengths(self) -> list[int]:
        return sorted(o.turns for o in self.outcomes)

    def percentile(self, share: float) -> int:
        """The length (turns) that this share of the games does not exceed."""
        lengths = self.lengths()
        if not lengths:
            return 0
        return lengths[min(len(lengths) - 1, max(0, round(share * len(lengths)) - 1))]

    def ended(self) -> float:
        """The share of games that ended by their rules before the turn limit."""
        return sum(o.ended for o in self.outcomes) / max(1, self.games)

    def within(self, minutes: float) -> float:
        """The share of games that ended by their rules within so many minutes."""
        turns = minutes * 60 / self.turn_seconds
        return sum(o.ended and o.turns <= turns for o in self.outcomes) / max(1, self.games)

    def win_rates(self) -> list[float]:
        """The share of games each seat won (seat 0 plays first)."""
        wins = [0] * self.setting.players
        for o in self.outcomes:
            wins[o.winner] += 1
        return [w / max(1, self.games) for w in wins]

    def role_rates(self) -> dict[str, float]:
        """The share of games won by a player of each role."""
        rates = dict.fromkeys(self.roles, 0.0)
        for seat, rate in enumerate(self.win_rates()):
            if seat < len(self.roles):
                rates[self.roles[seat]] += rate
        return rates

    def winner_groups(self) -> list[tuple[str, float]]:
        """Each group with the share of games whose winner owned it whole at the end."""
        counts = [0] * len(self.groups)
        for o in self.outcomes:
            for g in o.groups:
                counts[g] += 1
        return [(g, c / max(1, self.games)) for g, c in zip(self.groups, counts, strict=True)]

    def histogram(self, bins: int = 12) -> list[tuple[int, int, int]]:
        """Lengths of the games that ended by their rules (those stopped at the limit are
        not in it), in `bins` equal ranges of turns: (first, last, games). The ranges
        reach the 98th percentile; the last one also holds the few longer games."""
        lengths = sorted(o.turns for o in self.outcomes if o.ended)
        if not lengths:
            return []
        top = lengths[min(len(lengths) - 1, len(lengths) * 98 // 100)]
        width = max(1, -(-(top + 1) // bins))
        counts = [0] * -(-(top + 1) // width)
        for n in lengths:
            counts[min(n // width, len(counts) - 1)] += 1
        made = [(i * width, (i + 1) * width - 1, c) for i, c in enumerate(counts)]
        low, high, last = made[-1]
        made[-1] = (low, max(high, lengths[-1]), last)
        return made

    def as_json(self) -> dict[str, Any]:
        """The figures as plain values (fractions, not per cent)."""
        s = self.setting
        made: dict[str, Any] = {
            "players": s.players, "games": self.games, "seed": s.seed,
            "variant": self.variant, "score": self.score, "dice": f"{s.dice[0]}d{s.dice[1]}",
            "turn_limit": s.turns(), "turn_seconds": self.turn_seconds,
            "turns": {"median": self.percentile(0.5), "p10": self.percentile(0.1),
                      "p90": self.percentile(0.9),
                      "mean": round(sum(self.lengths()) / max(1, self.games), 1)},
            "minutes_median": round(self.minutes(self.percentile(0.5))),
            "ended": round(self.ended(), 4),
            "ended_within_minutes": {str(m): round(self.within(m), 4) for m in MARKS},
            "win_rate_by_seat": [round(r, 4) for r in self.win_rates()],
            "winner_groups": {g: round(share, 4) for g, share in self.winner_groups()},
            "histogram": [{"turns": [low, high], "games": n}
                          for low, high, n in self.histogram()],
        }
        if self.roles:
            made["roles"] = list(self.roles)
            made["win_rate_by_role"] = {r: round(v, 4) for r, v in self.role_rates().items()}
        if s.variant == "timed":
            made["minutes"] = s.minutes
        if self.unplayed:
            made["not_simulated"] = list(self.unplayed)
        return made
