"""The language-neutral values of `printkit analyse`: how a token moves round a board (the
`Track` a game system makes of its game), and the figures found (`Analysis`).

An `Analysis` is a list of parts, each optional: the landing odds (`Odds`), the money or
penalty balance of a board's groups (`Balance`), what a board-less game's deck does
(`DeckOdds`). A part is filled by whoever computes it; the report (printkit.localise.report)
and the JSON (printkit.analyse.figures) show every part that is there. Nothing here
formats a number or names a square in a language: the report does that.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.errors import Where
from printkit.model.dice import Dice
from printkit.model.palette import Vision
from printkit.model.simulation import Simulation

# what a game system makes of its board ---------------------------------------------------

@dataclass(frozen=True)
class Move:
    """What a card does to the token: `stay` (nothing), `goto` (to `target`), `move`
    (`steps`, negative goes back), `jail`, or `nearest` (forward to the next square of
    kind `kind`; `factor` is the card's own rent rule there, 0 for the usual rent). A card
    a player keeps until used is `kept`."""

    kind: str = "stay"
    target: int = 0
    steps: int = 0
    nearest: str = ""
    factor: int = 0
    kept: bool = False


@dataclass(frozen=True)
class Draw:
    """What happens on a card square: each move with its chance (cards drawn at random
    from the deck: every card of it equally; a command table: the chance of its dice
    sum)."""

    deck: str
    moves: tuple[tuple[float, Move], ...]


@dataclass(frozen=True)
class Spot:
    """A square as the token sees it: its position, id (`ref` of board.csv), kind, and
    the group of a street."""

    position: int
    id: str
    kind: str
    group: str = ""


@dataclass(frozen=True)
class Track:
    """A board and the rules that move a token round it.

    `jail` is the jail corner's position (landing there by the dice is just visiting);
    `to_jail` the squares that send the token to jail; `draws` the card squares and what
    their deck does; `extra_roll` the squares where the token rolls once more and moves
    that far forward or back, either with even chance. `doubles_to_jail`: that many doubles
    in a row send the token to jail (0: never); `max_rolls`: rolls a turn has at most (0:
    no limit but the doubles). In jail (the long strategy) a token tries for doubles for
    `jail_turns` turns; `jail_doubles` is what doubles do there (`move`: move by them,
    the turn ends; `move_again`: move and roll again, as after doubles; `roll_again`: leave
    without moving and roll once more) and `jail_last` what the last failed try does
    (`move`: pay and move by the roll; `visit`: pay and stand on the corner, the turn
    ends; `wait`: pay at the start of the next turn and play it as usual).
    """

    squares: tuple[Spot, ...]
    jail: int
    to_jail: frozenset[int] = frozenset()
    draws: tuple[tuple[int, Draw], ...] = ()
    extra_roll: frozenset[int] = frozenset()
    doubles_to_jail: int = 3
    max_rolls: int = 0
    jail_turns: int = 3
    jail_doubles: str = "move"
    jail_last: str = "move"


# what the analysis found -----------------------------------------------------------------

@dataclass(frozen=True)
class Odds:
    """Where one token ends its rolls and its turns, in the long run.

    `landing[i]`: the share of rolls whose move finishes on square i, after any card or
    go-to-jail square moved the token (Project Euler 84's measure); on the jail corner only
    just visiting. `in_jail`: the share of rolls that end with the token in jail (sent
    there, or a try for doubles in jail that failed); `landing` and `in_jail` add up to 1.
    `sent_to_jail`: the rolls that send it there. `turn_end[i]` and `in_jail_turn_end`:
    the same for the ends of turns. `own_rule[i]`: the share of rolls that reach square i
    by a card with its own rent rule there (a nearest card's factor), and `own_factor[i]`
    the same weighted by those factors. `kept_effect`: how
    much any square's landing share changes when the cards players keep are out of their
    decks (they are counted in them, as cards that do not move the token)."""

    dice: Dice
    jail: str
    landing: tuple[float, ...]
    turn_end: tuple[float, ...]
    in_jail: float
    sent_to_jail: float
    in_jail_turn_end: float
    rolls_per_turn: float
    own_rule: tuple[float, ...] = ()
    own_factor: tuple[float, ...] = ()
    kept_effect: float = 0.0
    kept_cards: int = 0

    def visits_per_turn(self, position: int) -> float:
        """How often a token lands on the square in one of its turns, on average."""
        return self.landing[position] * self.rolls_per_turn


@dataclass(frozen=True)
class Level:
    """A group at one build level: `cost` (the group's price and its buildings), the
    rent (or penalty) it earns per opponent turn, and the opponent turns it takes to earn
    its cost back (inf when it earns nothing)."""

    id: str  # alone, group, 1, 2, 3, 4, hotel, complete, doubled
    cost: float
    rent: float
    payback: float


@dataclass(frozen=True)
class StreetBalance:
    """One street: its square, price, and the rent (or penalty) it earns per opponent
    turn at each street level of its `Balance` (`street_levels`)."""

    id: str
    position: int
    price: int
    rents: tuple[float, ...]


@dataclass(frozen=True)
class GroupBalance:
    """One group: its streets, what they cost, each build level (`levels`, those of its
    `Balance`) and its rank among the groups (1: pays back soonest, at its best level
    `best`)."""

    id: str
    name: tuple[str, ...]  # the key of its name in text/<lang>.toml
    colour: str
    streets: tuple[StreetBalance, ...]
    price: int
    landing: float  # share of rolls ending on one of its streets
    levels: tuple[Level, ...]
    best: int
    rank: int
    where: Where = field(compare=False, default=Where(""))

    @property
    def payback(self) -> float:
        """The opponent turns its best level takes to pay back."""
        return self.levels[self.best].payback


@dataclass(frozen=True)
class Owned:
    """Stations or utilities: owning `count` of them costs `cost` and earns `rent` per
    opponent turn (the average over which ones are owned)."""

    kind: str  # station or utility
    count: int
    cost: float
    rent: float
    payback: float


@dataclass(frozen=True)
class Note:
    """Something the author may want to look at (never an error): `kind` is `payback`
    (a group pays back far sooner or later than the groups around it: `value` is its
    payback, `other` the median of theirs) or `ladder` (a street costs less than the one
    before it on the board: `value` its price, `other` that street's, `item` its id)."""

    kind: str
    group: str
    value: float
    other: float
    where: Where
    item: str = ""
    before: str = ""

    @property
    def message(self) -> str:
        """The note in English, as `check` prints it."""
        if self.kind == "payback":
            side = "later" if self.value > self.other else "sooner"
            return (f"group '{self.group}' pays back {side} than the groups around it: in "
                    f"{self.value:.0f} opponent turns, against a median of {self.other:.0f} "
                    "(see printkit analyse); check its prices and rents")
        return (f"'{self.item}' of group '{self.group}' costs {self.value:g}, less than "
                f"'{self.before}' before it ({self.other:g}); prices usually rise along the "
                "board")


@dataclass(frozen=True)
class Balance:
    """What owning each group and the stations and utilities earns, for one owner (`role`:
    the owner's role in a game of roles, else empty). `unit` is `money` (in `currency`)
    or `points` (penalty points: strokes × the implement's number); rents are per opponent
    turn, paybacks in opponent turns (divide by `opponents` for rounds)."""

    unit: str
    currency: str
    opponents: int
    street_levels: tuple[str, ...]
    levels: tuple[str, ...]
    groups: tuple[GroupBalance, ...]
    owned: tuple[Owned, ...] = ()
    notes: tuple[Note, ...] = ()
    role: str = ""


@dataclass(frozen=True)
class Outcome:
    """One outcome of a board-less game's dice table: the dice sum, the key of its name in
    text/<lang>.toml, what it does (`action`) and its chance."""

    sum: int
    name: tuple[str, ...]
    action: str
    chance: float


@dataclass(frozen=True)
class DeckOdds:
    """A game without a board: the chance of each outcome of its dice table."""

    dice: Dice
    outcomes: tuple[Outcome, ...]


@dataclass(frozen=True)
class Analysis:
    """Everything `printkit analyse` found for one game, part by part; a part that does
    not apply to the game (landing odds without a board) is None or empty."""

    game: str
    system: str
    dice: Dice
    jail: str
    players: int
    odds: Odds | None = None
    squares: tuple[Spot, ...] = ()
    jail_square: int = 0  # the jail corner's position
    roles: tuple[tuple[str, Odds], ...] = ()  # a game of roles: each role's own odds
    balances: tuple[Balance, ...] = ()
    deck: DeckOdds | None = None
    games: Simulation | None = None  # whole games played by simulated players (--games)
    vision: Vision | None = None     # the groups' colours as colour-blind players see them

    @property
    def notes(self) -> tuple[Note, ...]:
        """Every note of every part, each once."""
        return tuple(dict.fromkeys(n for b in self.balances for n in b.notes))
