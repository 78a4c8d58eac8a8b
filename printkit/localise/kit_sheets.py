"""The score pad, penalty-line sheets and money ledgers as `localise` hands them to
`layout`, every text final."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.model.common import Located


@dataclass(frozen=True)
class RoundText:
    """One round of the score pad and the clothing state it is played in."""

    number: int
    state_code: str
    state_name: str


@dataclass(frozen=True)
class ScorepadText:
    """The score pad: its headings, one row per round, how a score is reckoned (with an
    example) and the ranking at the end."""

    title: str
    player: str
    date: str
    columns: tuple[str, ...]
    rounds: tuple[RoundText, ...]
    entries_per_round: int
    formula: str
    example: str
    legend: tuple[tuple[str, ...], ...]  # the codes, in groups (implements, states)
    total: str
    ranking_title: str
    ranking_columns: tuple[str, ...]
    place_labels: tuple[str, ...]
    # a player's rounds shared over sheets (short paper): the sum at the foot of each sheet
    # but the last, and at the top of the next the sum carried from sheet n (n - 1 by
    # index; as many sheets as there are of these, and one more, at most)
    subtotal: str
    carried: tuple[str, ...]


@dataclass(frozen=True)
class LinesText(Located):
    """One penalty-line sheet: the line to write and how to buy it off (`where`: where the
    line is written)."""

    id: str
    title: str
    line: str
    instruction: str
    buyoff: str
    name_label: str


@dataclass(frozen=True)
class LinesSet:
    """The penalty-line sheets of a game."""

    sheets: tuple[LinesText, ...]


@dataclass(frozen=True)
class RegisterRow:
    """One deed in the property register: its name, colour, price, and whether it can
    carry houses."""

    name: str
    colour: str | None
    price: str
    buildings: bool


@dataclass(frozen=True)
class LedgerText:
    """Money ledgers: a sheet per player, a bank sheet and the property register (no bank
    sheet when bank_title is empty, no register without rows)."""

    game: str                      # the game's title, printed in each sheet's heading
    title: str
    player: str
    date: str
    columns: tuple[str, ...]       # turn, description, in, out, balance
    start_label: str               # the first row's description
    start_amount: str              # the starting capital, formatted
    reminder: str                  # a line under the heading (salary, fine)
    bank_title: str
    bank_columns: tuple[str, ...]  # turn, player, description, to the bank, from the bank
    bank_note: str
    register_title: str
    register_columns: tuple[str, ...]  # deed, price, owner, houses, mortgaged
    register_rows: tuple[RegisterRow, ...]
