"""The language-neutral spankopoly game: frozen values produced by `load`, checked by
`validate`. Every record keeps `where` (file and line) so later stages can report problems
at the place a user has to edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.model.common import BoardInfo, ById, Entry, Located, Stake


@dataclass(frozen=True)
class Implement(Entry):
    """An implement (implements.csv): its number in the score notation and its unit."""

    number: int
    unit: str


@dataclass(frozen=True)
class Group(Entry):
    """A street group (groups.csv): the implement of its complete streets and its colour."""

    implement: str
    colour: str


@dataclass(frozen=True)
class Street(Entry):
    """A street (streets.csv): its group, its price in strokes with the hand, and the
    strokes with the group's implement once the group is complete."""

    group: str
    purchase: int
    complete: int


@dataclass(frozen=True)
class Station(Entry):
    """A station square: nothing but its id (what it asks is the same for every station)."""


@dataclass(frozen=True)
class PenaltyLine(Entry):
    """A penalty line (penalty_lines.csv) and what buying off one line costs."""

    buyoff: int
    implement: str


@dataclass(frozen=True)
class Tax(Entry):
    """A tax square (taxes.csv): so many strokes with an implement."""

    implement: str
    count: int


@dataclass(frozen=True)
class ChanceCard(Entry):
    """A chance card (chance.toml): whether it is kept, where it sends the player (a
    square, or the corner: `corner`) and the values its text shows."""

    keep: bool
    goto: str
    direct: bool
    start_note: bool
    params: tuple[tuple[str, Any], ...]
    corner: bool = False


@dataclass(frozen=True)
class State(Entry):
    """A clothing state: its score factor and the rounds it applies to."""

    factor: int
    first_round: int
    last_round: int


@dataclass(frozen=True)
class SpankerRoll(Located):
    """With `opponents` opponents, a die showing low..high makes player `spanker` spank
    (0: roll again)."""

    opponents: int
    low: int
    high: int
    spanker: int


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules in game.toml: start, stations, penalty lines, corner
    and scoring."""

    start_land: Stake
    warm_up: Stake
    station_purchase: Stake
    station_dice: int
    lines_dice: int
    lines_wrong_factor: int
    corner_max_turns: int
    corner_fine: Stake
    rounds: int
    final_multiplier: int
    final_multiplier_cane: int


@dataclass(frozen=True)
class CardSpec:
    """The card formats and card colours of game.toml [cards]."""

    deed: str
    chance: str
    deed_back: str
    chance_colour: str


@dataclass(frozen=True)
class Game(BoardInfo[Group, Street, Station, Tax]):
    """A whole game, language-neutral; `texts` holds the wording per language."""

    cards: CardSpec
    rules: Rules
    implements: tuple[Implement, ...]
    station_die: tuple[tuple[int, str], ...]
    penalty_lines: tuple[PenaltyLine, ...]
    chance: tuple[ChanceCard, ...]
    states: tuple[State, ...]
    spanker_die: tuple[SpankerRoll, ...]

    implement = ById[Implement]("implements")
    penalty_line = ById[PenaltyLine]("penalty_lines")

    def state_of_round(self, round_: int) -> State | None:
        return next((s for s in self.states if s.first_round <= round_ <= s.last_round), None)

