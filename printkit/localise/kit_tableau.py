"""The playing-card tableau (a deck of playing cards laid out as the board) as `localise`
hands it to `layout`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableauCard:
    """One playing card in the ring laid out on the table: its rank ("A", "2", …) and suit
    symbol (♥, ♠), or a joker (with its word as rank and no suit)."""

    rank: str
    suit: str = ""
    red: bool = False
    joker: bool = False


@dataclass(frozen=True)
class TableauText:
    """How to lay a deck of playing cards out as the board: the ring clockwise from the
    start (the first card), what lies in its middle, and the steps of the set-up."""

    game: str
    tagline: str
    title: str
    ring: tuple[TableauCard, ...]
    start: str                           # the caption of the start
    piles: tuple[tuple[str, str], ...]   # (caption, suit symbols) of the piles inside
    steps: tuple[str, ...]
    colour: str                          # the table's colour
